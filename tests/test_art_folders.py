"""Art by folder: every value of a data field gets the file of that name in the folder."""

from __future__ import annotations

import shutil

import pytest

from conftest import run_cli
from generator.load import load_game
from generator.load.game import resolve_game


@pytest.fixture()
def niya(tmp_path):
    game = tmp_path / "niya"
    shutil.copytree(resolve_game("niya"), game)
    (game / "art" / "plants").mkdir()
    for plant in ("maple", "cherry", "pine", "iris"):
        shutil.move(game / "art" / f"{plant}.svg", game / "art" / "plants" / f"{plant}.svg")
    spec = (game / "game.yaml").read_text().replace(
        "  vegetation: {maple: art/maple.svg, cherry: art/cherry.svg, pine: art/pine.svg, iris: art/iris.svg}",
        "  vegetation: art/plants/")
    (game / "game.yaml").write_text(spec)
    return game


def test_each_value_takes_the_file_of_its_name(niya, tmp_path):
    assert dict(load_game(niya).art["vegetation"]) == {
        "cherry": "art/plants/cherry.svg", "iris": "art/plants/iris.svg", "maple": "art/plants/maple.svg",
        "pine": "art/plants/pine.svg"}
    code, _, err = run_cli("build", str(niya), "--out", str(tmp_path / "out"), "--formats", "svg")
    assert code == 0, err


def test_values_without_a_file_and_files_without_a_value_are_one_line(niya):
    (niya / "art" / "plants" / "pine.svg").rename(niya / "art" / "plants" / "pines.svg")
    (niya / "art" / "plants" / "oak.png").write_bytes(b"")
    code, _, err = run_cli("check", str(niya))
    lines = err.replace(str(niya.parent) + "/", "").splitlines()
    assert code == 2 and lines == [
        'error: niya/game.yaml:62: art.vegetation: no file in art/plants/ for 1 value(s) of "vegetation": pine; '
        "files no value uses: oak.png, pines.svg"]


def test_a_folder_outside_the_game_is_refused(niya, tmp_path):
    spec = (niya / "game.yaml").read_text().replace("  vegetation: art/plants/", "  vegetation: ../../")
    (niya / "game.yaml").write_text(spec)
    code, _, err = run_cli("check", str(niya))
    assert code == 2 and 'art.vegetation: expected a folder inside the game folder, got "../../"' in err
