"""A built wheel carries the games, templates and fonts, and builds a game from an empty folder."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from conftest import SHIPPED_GAMES

ROOT = Path(__file__).parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q",
                    "-w", str(out)], check=True, capture_output=True)
    (whl,) = out.glob("punchboard-*.whl")
    return whl


def test_the_wheel_carries_every_shipped_file(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for folder in ("components", "templates", "fonts", "shops", "profiles"):
        shipped = [p.relative_to(ROOT).as_posix() for p in (ROOT / folder).rglob("*")
                   if p.is_file() and "__pycache__" not in p.parts]
        missing = [f for f in shipped if f"generator/_shipped/{f}" not in names]
        assert shipped and missing == [], missing[:5]
    assert "generator/layout/sheets.py" in names and "generator/output/writer.py" in names
    assert any(n.endswith("licenses/LICENSE") for n in names)


def test_the_wheel_builds_every_game_from_an_empty_folder(wheel, tmp_path):
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    work = tmp_path / "empty"
    work.mkdir()
    env = {**os.environ, "PYTHONPATH": str(site), "PUNCHBOARD_CACHE": str(tmp_path / "cache")}
    run = subprocess.run([sys.executable, "-c", "import generator.common.paths as p; print(p.ROOT)"], cwd=work, env=env,
                         capture_output=True, text=True, check=True)
    assert run.stdout.strip() == str(site / "generator" / "_shipped")   # not the checkout
    listing = subprocess.run([sys.executable, "-m", "generator", "list"], cwd=work, env=env, capture_output=True,
                             text=True, check=True).stdout
    assert all(game in listing for game in SHIPPED_GAMES)
    subprocess.run([sys.executable, "-m", "generator", "build", "--formats", "sheets"], cwd=work, env=env,
                   check=True, capture_output=True)
    for game in SHIPPED_GAMES:
        assert (work / "output" / f"{game}-sheets" / f"{game}-a4.pdf").stat().st_size > 10_000
