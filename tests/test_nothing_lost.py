"""Nothing lost: a build replaces only a folder a Punchboard build of the same game made, never a game's
own folder, never through a link; anything else is refused in one line and left as it was."""

from __future__ import annotations

import json
import os

import pytest

from conftest import pnp


def tree(folder) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def refused(code: int, err: list[str], *words: str) -> bool:
    return code == 2 and len(err) == 1 and err[0].startswith("error: ") and all(w in err[0] for w in words)


def test_out_set_to_the_game_folders_parent_keeps_the_game(game):
    before = tree(game)
    code, err = pnp("build", "demo", "--out", ".", cwd=game.parent)
    assert refused(code, err, "holds the game's own files"), err
    assert tree(game) == before


def test_out_above_the_game_folder_keeps_it(game, tmp_path):
    """out/<id> holding the game folder further down is refused too."""
    nested = tmp_path / "work" / "demo" / "src"
    nested.parent.mkdir(parents=True)
    game.rename(nested)
    before = tree(nested)
    code, err = pnp("build", str(nested), "--out", "work", cwd=tmp_path)
    assert refused(code, err, "holds the game's own files"), err
    assert tree(nested) == before


def test_a_folder_punchboard_never_made_is_kept(game, tmp_path):
    mine = tmp_path / "out" / "demo"
    mine.mkdir(parents=True)
    (mine / "notes.txt").write_text("my notes")
    code, err = pnp("build", str(game), "--out", "out", cwd=tmp_path)
    assert refused(code, err, "out/demo", "not made by a Punchboard build"), err
    assert (mine / "notes.txt").read_text() == "my notes"
    assert sorted(p.name for p in (tmp_path / "out").iterdir() if not p.name.endswith(".lock")) == ["demo"]


def test_another_games_output_is_kept(game, tmp_path):
    other = tmp_path / "out" / "demo"
    other.mkdir(parents=True)
    (other / "manifest.json").write_text(json.dumps({"game": "niya", "designs": []}))
    code, err = pnp("build", str(game), "--out", "out", cwd=tmp_path)
    assert refused(code, err, "not made by a Punchboard build of demo"), err
    assert json.loads((other / "manifest.json").read_text())["game"] == "niya"


@pytest.mark.parametrize("exists", [True, False])
def test_an_output_link_in_the_game_folder_is_not_written_through(game, tmp_path, exists):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    if exists:
        (elsewhere / "demo").mkdir()
        (elsewhere / "demo" / "keep.txt").write_text("keep")
    (game / "output").symlink_to("../elsewhere")
    before = tree(elsewhere)
    code, err = pnp("build", ".", cwd=game)
    assert refused(code, err, "output is a link", "never writes through a link"), err
    assert tree(elsewhere) == before and sorted(os.listdir(elsewhere)) == (["demo"] if exists else [])


def test_a_link_in_place_of_the_output_folder_is_refused(game, tmp_path):
    assert pnp("build", str(game), "--out", "out", cwd=tmp_path)[0] == 0
    (tmp_path / "out" / "demo").rename(tmp_path / "real")
    (tmp_path / "out" / "demo").symlink_to(tmp_path / "real")
    before = tree(tmp_path / "real")
    code, err = pnp("build", str(game), "--out", str(tmp_path / "out"), cwd=tmp_path)
    assert refused(code, err, "is a link"), err
    assert tree(tmp_path / "real") == before and (tmp_path / "out" / "demo").is_symlink()


def test_a_link_in_place_of_the_lock_file_is_not_followed(game, tmp_path):
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / ".demo.lock").symlink_to(tmp_path / "created-through-the-link")
    code, err = pnp("build", str(game), "--out", "out", cwd=tmp_path)
    assert refused(code, err, ".demo.lock", "link"), err
    assert not os.path.lexists(tmp_path / "created-through-the-link")


def test_a_previous_build_and_an_empty_folder_are_replaced(game, tmp_path):
    (tmp_path / "out" / "demo").mkdir(parents=True)                      # made by hand, empty
    assert pnp("build", str(game), "--out", "out", cwd=tmp_path)[0] == 0
    assert (tmp_path / "out" / "demo" / "manifest.json").is_file()
    assert pnp("build", str(game), "--out", "out", cwd=tmp_path)[0] == 0


def test_an_output_from_before_the_marker_is_replaced(game, tmp_path):
    """Outputs written before builds left a marker are recognised by their manifest."""
    assert pnp("build", str(game), "--out", "out", cwd=tmp_path)[0] == 0
    folder = tmp_path / "out" / "demo"
    for marker in [p for p in folder.iterdir() if p.name.startswith(".punchboard")]:
        marker.unlink()
    (folder / "stale.txt").write_text("from the old build")
    code, err = pnp("build", str(game), "--out", "out", cwd=tmp_path)
    assert code == 0, err
    assert not (folder / "stale.txt").exists() and (folder / "manifest.json").is_file()


def test_a_spec_id_too_long_for_a_folder_name_is_one_line(game, tmp_path):
    spec = game / "game.yaml"
    spec.write_text(spec.read_text().replace("id: demo", "id: " + "d" * 300, 1))
    code, err = pnp("build", str(game), "--out", "out", cwd=tmp_path)
    assert refused(code, err, "game.yaml:3", "at most 64 characters"), err
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


@pytest.mark.parametrize("spelled", ["relative", "absolute", "relative-dot"])
@pytest.mark.parametrize("link_at", ["out", "out/demo"])
def test_an_out_that_is_a_link_is_refused_however_it_is_spelled(game, tmp_path, spelled, link_at):
    """`--out outlink` and `--out /abs/outlink` (and out/demo a link under either) are the same link: refused in
    one line naming it, nothing written through it."""
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "demo").mkdir(parents=True)
    (elsewhere / "demo" / "keep.txt").write_text("keep")
    work = tmp_path / "work"
    work.mkdir()
    if link_at == "out":
        (work / "out").symlink_to(elsewhere)
    else:
        (work / "out").mkdir()
        (work / "out" / "demo").symlink_to(elsewhere / "demo")
    out = {"relative": "out", "absolute": str(work / "out"), "relative-dot": "./out"}[spelled]
    before = tree(elsewhere)
    code, err = pnp("build", str(game), "--out", out, cwd=work)
    assert refused(code, err, "is a link to", "never writes through a link"), err
    assert link_at.split("/")[-1] in err[0].split(" is a link")[0], err
    assert tree(elsewhere) == before and sorted(os.listdir(elsewhere)) == ["demo"]
