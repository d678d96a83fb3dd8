"""Issue 29: what `pnp new --images` and `rows: {images: ...}` refuse, and how they say it. Copy counts in file
names (`_x3`, `_X3`, `_x0`, past the limit), the build's checks run by `pnp new` on the files it copied, card
sizes and their bounds, and options that name something other than a file or folder."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from PIL import Image

from conftest import run_cli
from test_image_decks import _hand_written

POKER_MM = (63.5, 88.9)         # 2.5 x 3.5 in, The Game Crafter's poker card
BRIDGE_MM = (57.15, 88.9)       # 2.25 x 3.5 in
COPY_LIMIT = 10_000             # README, Limits: copies of one row
PIECE_LIMIT = 20_000            # README, Limits: pieces in one build


@pytest.fixture(autouse=True)
def _here(tmp_path, monkeypatch):
    """Messages name files relative to the working folder, as a user in it reads them."""
    monkeypatch.chdir(tmp_path)


def picture(path: Path, colour: tuple = (200, 30, 30), size: tuple = (75, 105)) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", size, colour).save(path)
    return path


hand_written = _hand_written        # a game whose spec names a folder of images, as a user writes it


def lines(err: str) -> list[str]:
    return err.strip().splitlines()


# -- copy counts in file names ---------------------------------------------------------------------------


def test_copy_counts_are_read_in_either_case_and_laid_out(tmp_path):
    art = tmp_path / "art"
    picture(art / "lower_x3.png")
    picture(art / "upper_X2.png")
    picture(art / "plain.png")
    code, _, err = run_cli("new", "deck", "--images", str(art), "--dir", str(tmp_path))
    assert code == 0, err
    code, _, err = run_cli("build", str(tmp_path / "deck"), "--out", str(tmp_path / "out"), "--formats", "svg")
    assert code == 0, err
    manifest = json.loads((tmp_path / "out" / "deck-svg" / "manifest.json").read_text())
    fronts = {d["id"]: d["count"] for d in manifest["designs"] if d["face"] == "front"}
    assert fronts == {"card-lower": 3, "card-upper": 2, "card-plain": 1}


BAD_COUNTS = {"zero_x0.png": "got 0", "over_x10001.png": "got 10001", "long_x" + "9" * 30 + ".png": "30 digits"}


def test_a_build_names_each_image_whose_copy_count_it_cannot_print(tmp_path):
    """0 copies left the card out without a word; 10,001 named rows[3].count of a table nobody wrote."""
    game = hand_written(tmp_path, "{images: cards/}")
    picture(game / "cards" / f"most_x{COPY_LIMIT}.png")              # the limit itself is printed
    for name in BAD_COUNTS:
        picture(game / "cards" / name)
    code, _, err = run_cli("build", str(game), "--out", str(tmp_path / "out"), "--formats", "svg")
    assert code == 2 and len(lines(err)) == len(BAD_COUNTS), err
    for (name, got), line in zip(sorted(BAD_COUNTS.items()), sorted(lines(err), key=lambda ln: ln.split(":")[1])):
        assert line.startswith(f"error: hand/cards/{name}: ") and got in line and "rows[" not in line, line
        assert f"from 1 to {COPY_LIMIT:,}" in line
    assert not (tmp_path / "out" / "hand").exists()


def test_pnp_new_names_the_users_own_image_with_a_bad_copy_count_and_writes_nothing(tmp_path):
    art = tmp_path / "art"
    picture(art / "fine.png")
    for name in BAD_COUNTS:
        picture(art / name)
    code, _, err = run_cli("new", "deck", "--images", str(art), "--dir", str(tmp_path))
    assert code == 2 and len(lines(err)) == len(BAD_COUNTS), err
    for name, got in BAD_COUNTS.items():
        line = next(ln for ln in lines(err) if f"art/{name}:" in ln)
        assert got in line and "partial" not in line and "game.yaml" not in line, line
    assert sorted(os.listdir(tmp_path)) == ["art"]                  # no game, no hidden half-made folder


# -- pnp new checks what its build will check -------------------------------------------------------------


def test_pnp_new_refuses_a_folder_of_backs_missing_one_and_names_the_card(tmp_path):
    art, backs = tmp_path / "art", tmp_path / "my-backs"
    for name in ("alpha.png", "beta_x2.png"):
        picture(art / name)
    picture(backs / "alpha.png", (0, 0, 200))
    code, _, err = run_cli("new", "deck", "--images", str(art), "--back", str(backs), "--dir", str(tmp_path))
    assert code == 2 and len(lines(err)) == 1, err
    assert lines(err)[0].startswith("error: my-backs: pnp new: no back") and "beta_x2.png" in err, err
    assert "--placeholders" not in err                                # no game is written to build with it
    assert sorted(os.listdir(tmp_path)) == ["art", "my-backs"]


def test_pnp_new_refuses_more_pieces_than_a_build_prints(tmp_path):
    art = tmp_path / "art"
    for k in range(3):                                                 # 3 x 7,000 = 21,000 > 20,000
        picture(art / f"card{k}_x7000.png")
    code, _, err = run_cli("new", "deck", "--images", str(art), "--dir", str(tmp_path))
    assert code == 2 and len(lines(err)) == 1 and lines(err)[0].startswith("error: art: pnp new: "), err
    assert f"limit of {PIECE_LIMIT}" in err and "21000" in err
    assert sorted(os.listdir(tmp_path)) == ["art"]


def _cut_short(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def test_pnp_new_decodes_every_picture_so_one_cut_short_is_refused(tmp_path):
    """The header of a PNG cut in half reads fine; only decoding it shows what the build would refuse."""
    art = tmp_path / "art"
    picture(art / "whole.png")
    _cut_short(picture(art / "half.png", size=(750, 1050)))
    code, _, err = run_cli("new", "deck", "--images", str(art), "--dir", str(tmp_path))
    assert code == 2 and len(lines(err)) == 1, err
    assert lines(err)[0].startswith("error: art/half.png: ") and "cut short" in err, err
    assert sorted(os.listdir(tmp_path)) == ["art"]


def test_pnp_new_judges_the_bytes_it_copied_not_the_source(tmp_path, monkeypatch):
    """A picture that changes while it is copied is copied cut short: the copy is what the build reads."""
    from generator.commands import bounded_copy

    copy_file = bounded_copy.BoundedCopy.file

    def copied_short(self, src: Path, dst: Path) -> None:
        copy_file(self, src, dst)
        if src.name == "moving.png":
            _cut_short(dst)

    monkeypatch.setattr(bounded_copy.BoundedCopy, "file", copied_short)
    art = tmp_path / "art"
    picture(art / "still.png")
    picture(art / "moving.png", size=(750, 1050))
    code, _, err = run_cli("new", "deck", "--images", str(art), "--dir", str(tmp_path))
    assert code == 2 and len(lines(err)) == 1, err
    assert lines(err)[0].startswith("error: art/moving.png: ") and "cut short" in err, err
    assert sorted(os.listdir(tmp_path)) == ["art"]


# -- card sizes -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("size, mm", [
    ("poker", POKER_MM), ("bridge", BRIDGE_MM),
    ("2.5x3.5in", POKER_MM),                 # the unit written once holds for both sides
    ("2.5inx3.5in", POKER_MM),
    ("63x88mm", (63.0, 88.0)),
    ("63x88", (63.0, 88.0)),                 # millimetres when no unit is written
    ("6.3cm x 8.8cm", (63.0, 88.0)),
    ("10x420", (10.0, 420.0)),               # the bounds themselves: a small token, A3's long side
])
def test_card_sizes_are_read_in_millimetres(tmp_path, size, mm):
    from generator.load import load_game

    art = tmp_path / "art"
    picture(art / "a.png")
    code, _, err = run_cli("new", "deck", "--images", str(art), "--size", size, "--dir", str(tmp_path))
    assert code == 0, err
    card = load_game(tmp_path / "deck").components[0]
    assert (card.width_mm, card.height_mm) == pytest.approx(mm, abs=1e-6)


@pytest.mark.parametrize("size", ["0.0001x0.0001", "9.9x50", "50x9.9mm", "421x100", "0.39x3.5in", "100x17in",
                                  "0x0", "-63x88"])
def test_card_sizes_outside_the_bounds_are_one_line(tmp_path, size):
    art = tmp_path / "art"
    picture(art / "a.png")
    code, _, err = run_cli("new", "deck", "--images", str(art), f"--size={size}", "--dir", str(tmp_path))
    assert code == 2 and len(lines(err)) == 1 and lines(err)[0].startswith("error: pnp new: --size: expected"), err
    assert not (tmp_path / "deck").exists()


# -- options that name something else ----------------------------------------------------------------------


def test_a_back_or_images_option_that_is_no_file_or_folder_says_what_it_is(tmp_path):
    art = tmp_path / "art"
    picture(art / "a.png")
    os.mkfifo(tmp_path / "pipe.png")
    os.symlink(tmp_path / "gone.png", tmp_path / "dangling.png")
    cases = [("--back", tmp_path / "pipe.png", "(a named pipe (FIFO))"),
             ("--back", Path(os.devnull), "(a device)"),
             ("--back", tmp_path / "dangling.png", "(a broken link)"),
             ("--back", tmp_path / "nowhere.png", "(not found)"),
             ("--images", tmp_path / "pipe.png", "(a named pipe (FIFO))"),
             ("--images", art / "a.png", "(a file)")]
    for option, path, said in cases:
        argv = ["--images", str(path)] if option == "--images" else ["--images", str(art), "--back", str(path)]
        code, _, err = run_cli("new", "deck", *argv, "--dir", str(tmp_path))
        assert code == 2 and len(lines(err)) == 1 and f"pnp new: {option}: expected" in err, (option, err)
        assert err.strip().endswith(said), (option, path, err)
    assert not (tmp_path / "deck").exists()
