"""What `pnp serve` rebuilds on and how its watch holds up: an edit saved the moment "serving" is said, a
game folder renamed away and back or replaced by a copy, a theme kept outside the game and an edited
examples.yaml (issue 34), and a spreadsheet caught mid-save (one line, printed once). A served test
waits with conftest.Serving's bounded poll of /__status, never a timed assertion."""

from __future__ import annotations

import io
import os
import re
import shutil
from pathlib import Path

import pytest
from conftest import DEMO, Serving

from generator.commands.build import BuildOptions
from generator.commands.serve import Status, _rebuild
from generator.layout.plan import SheetOptions

BACK = Path("templates") / "demo" / "card-back.svg.j2"     # the demo's card backs: "Back of <title>"


def replace(path: Path, old: str, new: str) -> None:
    """Save `path` with `old` replaced by `new` (which must be there: an edit that changes nothing proves nothing)."""
    text = path.read_text()
    assert old in text, (path, old)
    path.write_text(text.replace(old, new))


@pytest.fixture()
def demo(tmp_path: Path) -> Path:
    shutil.copytree(DEMO, tmp_path / "demo")
    return tmp_path / "demo"


@pytest.fixture()
def served(demo: Path):
    s = Serving(demo.parent, "demo")
    try:
        yield s
    finally:
        s.stop()


# "serving" is printed by this stand-in for stdout, and the edit saved in the same instant: before the line
# reaches the test. A watch armed after the line would never see it.
SAVE_ON_SERVING = """
import sys
from pathlib import Path
from generator.cli import main

class SaveOnServing:
    def write(self, text):
        if text.startswith("serving"):
            back = Path(sys.argv[1])
            back.write_text(back.read_text().replace("Back of ", "Saved at once, back of "))
        return sys.stdout.write(text)

    def flush(self):
        sys.stdout.flush()

sys.exit(main(sys.argv[2:], stdout=SaveOnServing()))
"""


def test_an_edit_saved_the_moment_serving_is_said_is_rebuilt(demo):
    s = Serving(demo.parent, "demo", python=("-c", SAVE_ON_SERVING, str(demo / BACK)))
    try:
        assert "Saved at once" in (demo / BACK).read_text()
        assert s.wait(lambda now: now["version"] >= 2)["errors"] == []
        assert "Saved at once" in (demo.parent / "out" / "demo-sheets-svg" / "svg" / "card-back-alpha.svg").read_text()
    finally:
        s.stop()


def test_a_game_folder_renamed_away_says_it_is_gone_and_is_built_and_watched_again_when_back(served, demo):
    away = demo.with_name("demo.bak")
    demo.rename(away)
    gone = served.wait(lambda now: bool(now["errors"]))
    assert gone["version"] == 1 and len(gone["errors"]) == 1, gone
    assert gone["errors"][0].startswith("error: demo: the game folder is gone") and "when it is back" in gone["errors"][0]
    assert served.rebuilt(lambda: away.rename(demo))["errors"] == []
    assert served.rebuilt(lambda: replace(demo / BACK, "Back of ", "Back again of "))["errors"] == []
    assert "Back again of" in (demo.parent / "out" / "demo-sheets-svg" / "svg" / "card-back-alpha.svg").read_text()
    assert served.proc.poll() is None


def test_a_templates_folder_replaced_by_a_copy_is_watched_in_its_new_place(served, demo):
    templates, elsewhere = demo / "templates", demo.parent     # the copy is made outside the watched game folder
    shutil.copytree(templates, elsewhere / "templates.new")
    version = served.rebuilt(lambda: (os.rename(templates, elsewhere / "templates.old"),   # as a checkout swaps it in
                                      os.rename(elsewhere / "templates.new", templates)))["version"]
    assert served.rebuilt(lambda: replace(demo / BACK, "Back of ", "Copied back of "))["version"] > version
    assert "Copied back of" in (demo.parent / "out" / "demo-sheets-svg" / "svg" / "card-back-alpha.svg").read_text()


def test_a_theme_kept_outside_the_game_folder_rebuilds_when_edited(demo):
    theme = demo.parent / "elsewhere" / "theme.yaml"
    theme.parent.mkdir()
    theme.write_text("palette: {accent: '#e0a93a'}\n")
    s = Serving(demo.parent, "demo", "--theme", str(theme))
    try:
        back = demo.parent / "out" / "demo-theme-sheets-svg" / "svg" / "card-back-alpha.svg"
        assert 'fill="#e0a93a"' in back.read_text()
        assert s.rebuilt(lambda: replace(theme, "#e0a93a", "#123456"))["errors"] == []
        assert 'fill="#123456"' in back.read_text() and 'fill="#e0a93a"' not in back.read_text()
    finally:
        s.stop()


def test_an_examples_edit_runs_the_checks_again(tmp_path):
    shutil.copytree(Path(__file__).parent.parent / "components" / "niya", tmp_path / "niya")
    s = Serving(tmp_path, "./niya")
    try:
        gallery = tmp_path / "out" / "niya-sheets-svg" / "index.html"
        assert "Checks: all passed" in gallery.read_text()
        examples = tmp_path / "niya" / "examples.yaml"
        assert s.rebuilt(lambda: replace(examples, "expected: {opponent_legal_moves: 0,",
                                         "expected: {opponent_legal_moves: 1,"))["errors"] == []
        page = gallery.read_text()
        assert re.search(r"Checks: \d+ failed", page) and "NIY-EX-01" in page, page[:2000]
    finally:
        s.stop()


def test_a_spreadsheet_caught_mid_save_is_one_line_printed_once(demo, tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    book.active.append(["title", "colour"])
    book.active.append(["Stand", "#95a5a6"])
    book.save(tmp_path / "saved.xlsx")
    (demo / "cards.xlsx").write_bytes((tmp_path / "saved.xlsx").read_bytes()[:1000])   # a save half written
    replace(demo / "game.yaml", '    rows:\n      - {title: Stand, colour: "#95a5a6"}', "    rows: cards.xlsx")
    replace(demo / "game.yaml", '    rows:\n      - {title: One, colour: "#f1c40f"}\n      - {title: Two, colour: "#e67e22"}',
            "    rows: cards.xlsx")                      # two components read the one table
    status, out = Status(), io.StringIO()
    options = BuildOptions(SheetOptions(), tmp_path / "out", formats=("sheets", "svg"))
    for _ in range(3):                                   # a rebuild at each write of the save
        _rebuild(str(demo), options, status, out)
    assert status.version == 0 and len(status.errors) == 1, status.errors
    assert status.errors[0].endswith("demo/cards.xlsx: unreadable XLSX workbook; expected a zip archive, as "
                                     "spreadsheet programs save .xlsx")
    assert out.getvalue().splitlines() == status.errors
    (demo / "cards.xlsx").write_bytes((tmp_path / "saved.xlsx").read_bytes())
    _rebuild(str(demo), options, status, out)
    assert (status.version, status.errors) == (1, [])

