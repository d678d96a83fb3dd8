"""pnp serve's incremental rebuilds: a change renders, rasterises and writes again only what it touched,
and what is served after it is byte for byte what a cold build of the same inputs writes."""

from __future__ import annotations

import io
import json
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from conftest import DEMO, pnp

from generator.commands.build import BuildOptions, build_game
from generator.output.incremental import Memo
from generator.layout.plan import SheetOptions
from generator.commands.serve import Status, _rebuild

ROOT = Path(__file__).parent.parent
SERVED = ("sheets", "svg")          # what pnp serve builds (cli.cmd_serve), into output/<game>-sheets-svg/


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def changed(a: dict[str, bytes], b: dict[str, bytes], under: str) -> set[str]:
    return {k for k in set(a) | set(b) if k.startswith(under) and a.get(k) != b.get(k)}


class Served:
    """A game built as pnp serve builds it: one Memo for every rebuild, a version per rebuild."""

    def __init__(self, game: Path, out: Path):
        self.game, self.out, self.memo, self.version = game, out, Memo(out), 0
        self.folder = out / f"{game.name}-sheets-svg"        # the job's folder: the default job's stays untouched

    def build(self) -> dict[str, bytes]:
        self.version += 1
        build_game(self.game, BuildOptions(SheetOptions(), self.out, formats=SERVED, version=self.version,
                                           memo=self.memo))
        return files(self.folder)

    def cold(self, out: Path) -> dict[str, bytes]:
        """A fresh build of the same inputs, in a new process's state as far as caches go (no memo)."""
        build_game(self.game, BuildOptions(SheetOptions(), out, formats=SERVED, version=self.version))
        return files(out / self.folder.name)


@pytest.fixture()
def served(tmp_path):
    game = tmp_path / "demo"
    shutil.copytree(DEMO, game)
    s = Served(game, tmp_path / "out")
    yield s
    s.memo.close()


def pages_with(served: Served, design: str) -> set[str]:
    manifest = json.loads((served.folder / "manifest.json").read_text())
    return {f"pages/page-{i + 1}.png" for i, p in enumerate(manifest["sheets"]["pages"])
            if any(pl["design"] == design for pl in p["pieces"])}


def test_a_template_edit_renders_only_its_design_and_equals_a_cold_build(served, tmp_path):
    first = served.build()
    assert served.memo.designs.misses == 16                 # the demo's 16 designs, all new
    template = served.game / "templates" / "demo" / "plain-back.svg.j2"   # the hex tiles' back only
    template.write_text(template.read_text().replace("#5d6d7e", "#123456"))
    second = served.build()
    assert (served.memo.designs.hits, served.memo.designs.misses) == (15, 1)
    assert changed(first, second, "svg/") == {"svg/hex-back.svg"}
    assert b"#123456" in second["svg/hex-back.svg"]
    assert changed(first, second, "preview/") == {"preview/hex-back.png"}
    assert changed(first, second, "pages/") == pages_with(served, "hex-back") != set()
    assert second == served.cold(tmp_path / "cold")         # every file, byte for byte (index.html too)


def test_an_unchanged_rebuild_renders_nothing_and_a_tampered_file_is_written_again(served, tmp_path):
    served.build()
    (served.folder / "svg" / "coin-red.svg").write_text("not what the build wrote")
    again = served.build()
    assert (served.memo.designs.hits, served.memo.designs.misses) == (16, 0)
    assert again == served.cold(tmp_path / "cold")


def test_a_data_edit_on_a_nusfjord_copy_renders_one_card_and_equals_a_cold_build(tmp_path):
    assert pnp("new", "mynus", "--from", "nusfjord", cwd=tmp_path)[0] == 0
    s = Served(tmp_path / "mynus", tmp_path / "out")
    try:
        first = s.build()
        table = s.game / "herring.csv"
        text = table.read_text()
        assert "A,1,,,,,," in text
        table.write_text(text.replace("A,1,,,,,,", "A,1,,,,,,Edited in serve", 1))
        second = s.build()
        assert (s.memo.designs.hits, s.memo.designs.misses) == (220, 1)      # 221 designs, one card edited
        edited = changed(first, second, "svg/")
        assert len(edited) == 1 and b"Edited" in second[edited.pop()]
        assert len(changed(first, second, "preview/")) == 1
        assert second == s.cold(tmp_path / "cold")
        elders = s.game / "elders.csv"                       # elder 1's name is on its card and the board's aid
        elders.write_text(elders.read_text().replace("1,Contractor,", "1,Master Builder,", 1))
        third = s.build()
        assert (s.memo.designs.hits, s.memo.designs.misses) == (219, 2)
        assert changed(second, third, "svg/") == {"svg/elder-1.svg", "svg/ships-elders-board.svg"}
        assert all(b"Master Builder" in third[f] for f in changed(second, third, "svg/"))
        assert third == s.cold(tmp_path / "cold2")
    finally:
        s.memo.close()


def test_a_spec_edit_runs_the_checks_again_and_a_template_edit_does_not(served, tmp_path, monkeypatch):
    from generator.solver import check

    calls = []
    real = check.check_game
    monkeypatch.setattr(check, "check_game", lambda *a, **k: calls.append(1) or real(*a, **k))
    served.build()
    assert len(calls) == 1 and "Checks: all passed" in (served.folder / "index.html").read_text()
    template = served.game / "templates" / "demo" / "plain-back.svg.j2"
    template.write_text(template.read_text().replace("#5d6d7e", "#123456"))
    served.build()
    assert len(calls) == 1                                   # a template is no input of the checks
    spec = served.game / "game.yaml"
    spec.write_text(spec.read_text().replace("2: {card: 6,", "2: {card: 7,"))   # the demo has 6 cards
    served.build()
    assert len(calls) == 2
    page = (served.folder / "index.html").read_text()
    assert "Checks: 1 failed" in page
    assert files(served.folder) == served.cold(tmp_path / "cold")


def test_a_bad_edit_shows_its_error_and_the_next_good_edit_recovers(served, tmp_path):
    status, out = Status(), io.StringIO()
    options = BuildOptions(SheetOptions(), served.out, formats=SERVED, memo=served.memo)
    _rebuild(str(served.game), options, status, out)
    assert (status.version, status.errors) == (1, [])
    good = files(served.folder)
    template = served.game / "templates" / "demo" / "plain-back.svg.j2"
    source = template.read_text()
    template.write_text(source + "{% if %}\n")
    _rebuild(str(served.game), options, status, out)
    assert status.version == 1 and len(status.errors) == 1
    assert "broken template" in status.errors[0] and "plain-back.svg.j2" in status.errors[0]
    assert files(served.folder) == good                # the last good build stays
    template.write_text(source.replace("#5d6d7e", "#654321"))
    _rebuild(str(served.game), options, status, out)
    assert (status.version, status.errors) == (2, [])
    served.version = 2
    assert files(served.folder) == served.cold(tmp_path / "cold")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(port: int, path: str, host: str | None = None) -> tuple[int, bytes]:
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def test_a_waiting_status_request_answers_as_soon_as_a_change_is_built(tmp_path):
    game = tmp_path / "demo"
    shutil.copytree(DEMO, game)
    port = free_port()
    env = {"PYTHONPATH": str(ROOT), "PUNCHBOARD_CACHE": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin"}
    proc = subprocess.Popen([sys.executable, "-m", "generator", "serve", str(game), "--port", str(port),
                             "--out", str(tmp_path / "out")], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                now = json.loads(get(port, "/__status")[1])
                if now["version"] >= 1:
                    break
            except OSError:
                pass
            time.sleep(0.1)
        assert now["version"] == 1
        started = time.monotonic()
        assert get(port, f"/__status?after={now['seq']}", host="evil.example")[0] == 403   # Host check first
        assert time.monotonic() - started < 2
        answer: dict = {}
        waiter = threading.Thread(target=lambda: answer.update(json.loads(get(port, f"/__status?after={now['seq']}")[1])))
        waiter.start()
        time.sleep(1.0)
        assert waiter.is_alive()                             # nothing changed: it waits
        template = game / "templates" / "demo" / "plain-back.svg.j2"
        template.write_text(template.read_text().replace("#5d6d7e", "#123456"))
        edited = time.monotonic()
        waiter.join(timeout=20)
        assert answer["version"] == 2 and answer["errors"] == [] and time.monotonic() - edited < 10
        page = get(port, "/")[1].decode()
        poll = re.search(r"setTimeout\(poll,(\d+)\)", page)
        assert poll and int(poll.group(1)) <= 200           # the page asks often enough not to be the wait
    finally:
        proc.terminate()
        proc.communicate(timeout=20)


def test_a_design_is_keyed_on_the_keys_it_reads_of_a_name_only_when_it_reads_nothing_else_of_it():
    import jinja2

    from generator.render.memo import _part, _reads

    tree = jinja2.Environment().parse('{{ aid.a }}{% for k in aid %}{{ k }}{% endfor %}{{ rules.x }}{{ rules["y"] }}'
                                      '{{ labels.items() }}{% set local = 1 %}{{ local }}{{ geo.W }}')
    assert _reads(tree) == {"aid": None, "rules": frozenset({"x", "y"}), "labels": frozenset({"items"}),
                            "geo": frozenset({"W"})}
    rules = {"x": 1, "y": [2], "z": 3}
    assert _part(rules, frozenset({"x", "y"})) == {"x": [1], "y": [[2]]}                # z is not read
    assert _part(rules, frozenset({"x", "w"})) == {"w": "(missing)", "x": [1]}          # missing is not None
    assert _part({"items": 1, "b": 2}, frozenset({"items"})) == {"items": 1, "b": 2}    # a method of the mapping
    assert _part(rules, None) is rules


def test_an_art_edit_renders_the_designs_that_place_it_and_equals_a_cold_build(served, tmp_path):
    first = served.build()
    star = served.game / "art" / "star.svg"                  # the emblem the three card fronts place
    star.write_text(star.read_text().replace("#ffd166", "#00ff00"))
    second = served.build()
    edited = changed(first, second, "svg/")
    assert edited == {"svg/card-alpha-d35400.svg", "svg/card-beta-8e44ad.svg", "svg/card-gamma-16a085.svg"}
    assert all(b"#00ff00" in second[f] for f in edited)
    assert second == served.cold(tmp_path / "cold")
