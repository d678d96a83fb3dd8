"""pnp serve in a real browser: headless Chromium loads the gallery, every image loads, the check
results are there, an edited template shows within seconds, a broken one shows its error."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from conftest import DEMO

ROOT = Path(__file__).parent.parent
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="browser tests need Chromium: install it with "
                                "`apt-get install chromium` (.ci/run does this when it can)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def status(port: int) -> dict:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/__status", timeout=5) as r:
        return json.load(r)


def wait_for(port: int, ok, seconds: float = 20) -> dict:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            s = status(port)
            if ok(s):
                return s
        except OSError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"the server did not reach the expected state in {seconds} s")


def dom(port: int, profile: Path) -> str:
    """The page after its scripts ran (images loaded, status polled), as Chromium renders it."""
    run = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                          "--disable-background-networking", "--disable-component-update", "--disable-sync",
                          f"--user-data-dir={profile}", "--virtual-time-budget=4000", "--dump-dom",
                          f"http://127.0.0.1:{port}/"], capture_output=True, text=True, timeout=60)
    return run.stdout


@pytest.fixture()
def server(tmp_path):
    game = tmp_path / "demo"
    shutil.copytree(DEMO, game)
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PUNCHBOARD_CACHE": str(tmp_path / "cache")}
    proc = subprocess.Popen([sys.executable, "-m", "generator", "serve", str(game), "--port", str(port),
                             "--out", str(tmp_path / "out")], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        wait_for(port, lambda s: s["version"] >= 1)
        yield game, port, tmp_path
    finally:
        proc.terminate()
        proc.communicate(timeout=20)


def test_the_gallery_loads_with_every_image_and_the_checks(server):
    game, port, tmp = server
    page = dom(port, tmp / "profile")
    images = page.count("<img ")
    assert images >= 16 + 4                                    # 16 designs of the demo, 4 sheet pages
    assert f'data-images="{images}/{images} done"' in page     # every one loaded (naturalWidth > 0)
    assert "Checks: all passed" in page and "card-back-alpha" in page


def test_an_edited_template_shows_within_seconds_and_a_broken_one_shows_its_error(server):
    game, port, tmp = server
    template = game / "templates" / "demo" / "card-back.svg.j2"
    template.write_text(template.read_text().replace("Back of ", "Edited back of "))
    started = time.monotonic()
    wait_for(port, lambda s: s["version"] >= 2)
    page = dom(port, tmp / "profile")
    assert 'data-version="2"' in page and time.monotonic() - started < 15
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/svg/card-back-alpha.svg", timeout=5) as r:
        assert "Edited" in r.read().decode()
    template.write_text(template.read_text() + "{% if %}\n")
    wait_for(port, lambda s: bool(s["errors"]))
    page = dom(port, tmp / "profile")
    assert "The last change broke the build" in page and "broken template" in page
    assert 'data-version="2"' in page                        # the last good build is still shown
