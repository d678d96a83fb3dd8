"""Issue 29: what `rows: {images: ...}` refuses, and how it says it: copy counts in file names (`_x3`, `_X3`,
`_x0`, past the limit)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from conftest import run_cli

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


def hand_written(root: Path, rows: str) -> Path:
    """A game whose spec names a folder of images, as a user writes it."""
    game = root / "hand"
    game.mkdir()
    (game / "game.yaml").write_text(f"""id: hand
title: Hand
players: 1
components:
  - id: card
    kind: card
    size: [63.5mm, 88.9mm]
    front: shared/image-front.svg.j2
    rows: {rows}
""")
    return game


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
    manifest = json.loads((tmp_path / "out" / "deck" / "manifest.json").read_text())
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
