"""Tabletop Simulator output, checked structurally: sheets of at most 10 x 7 with the last slot free, one object
per printed piece, every image an existing file of the size the deck says."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from urllib.parse import urlparse, unquote

import pytest

from conftest import job_folder
from PIL import Image

from generator.commands.build import BuildOptions, build_game
from generator.layout.plan import SheetOptions


@pytest.fixture(scope="module")
def nyakuza_tts(shared_builds) -> Path:
    return shared_builds("--formats", "tts") / "nyakuza"      # shared with test_tts_shapes.py


def objects(folder: Path) -> list[dict]:
    """Every piece on the table, the ones in Bags (a pile of many copies) included."""
    out = []
    for o in json.loads((folder / "tts" / f"{json.loads((folder / 'manifest.json').read_text())['game']}.json").read_text())["ObjectStates"]:
        out += o["ContainedObjects"] if o["Name"] == "Bag" else [o]
    return out


def local(url: str) -> Path:
    return Path(unquote(urlparse(url).path))


def test_every_piece_is_one_object_and_counts_are_kept(nyakuza_tts):
    names = Counter(o["Nickname"] for o in objects(nyakuza_tts))
    for colour in ("red", "purple", "blue", "green"):
        assert names[f"boat-{colour}"] == 40                  # 40 Boats a clan (rulebook), one image each colour
    assert names["koban"] == 48 and names["amulet"] == 1 and names["board"] == 1
    assert sum(v for k, v in names.items() if k.startswith("resource-tile")) == 60
    boats = [o for o in objects(nyakuza_tts) if o["Nickname"] == "boat-red"]
    assert len({o["CustomImage"]["ImageURL"] for o in boats}) == 1 and boats[0]["Name"] == "Custom_Token"
    tiles = [o for o in objects(nyakuza_tts) if o["Nickname"].startswith("resource-tile")]
    assert {o["CustomImage"]["CustomTile"]["Type"] for o in tiles} == {1}         # hexagons
    assert all(o["CustomImage"]["ImageSecondaryURL"] for o in tiles)              # with their backs


def test_images_exist_in_the_output_folder(nyakuza_tts):
    for o in objects(nyakuza_tts):
        for key in ("ImageURL", "ImageSecondaryURL"):
            url = o.get("CustomImage", {}).get(key)
            if url:
                assert local(url).parent == nyakuza_tts / "tts" and local(url).is_file()


def test_decks_use_sheets_of_at_most_10_by_7_with_the_last_slot_free(tmp_path):
    build_game("nusfjord", BuildOptions(SheetOptions(), tmp_path, formats=("tts",)))
    folder = job_folder(tmp_path, "nusfjord")
    decks = {o["Nickname"]: o for o in objects(folder) if o["Name"] == "DeckCustom"}
    herring = decks["Building (Herring deck)"]
    assert len(herring["ContainedObjects"]) == 44 == len(herring["DeckIDs"])
    for deck in decks.values():
        for key, sheet in deck["CustomDeck"].items():
            cols, rows = sheet["NumWidth"], sheet["NumHeight"]
            assert cols <= 10 and rows <= 7
            used = [c["CardID"] % 100 for c in deck["ContainedObjects"] if c["CardID"] // 100 == int(key)]
            assert max(used) < cols * rows - 1                  # the hidden card's slot stays free
            with Image.open(local(sheet["FaceURL"])) as im:
                assert im.width % cols == 0 and im.height % rows == 0 and im.width <= 4096
            assert local(sheet["BackURL"]).is_file()
    elders = decks["Elder"]
    assert len(elders["ContainedObjects"]) == 18 and elders["CustomDeck"]["1"]["UniqueBack"] is False
    shares = [o for o in objects(folder) if o["Nickname"].startswith("share-")]
    assert len(shares) == 25                                    # 5 Shares in each of 5 colours


TWENTY = """id: twenty
title: Twenty
players: {min: 2, max: 2}
palette: {paper: "#ffffff", ink: "#000000"}
fonts: {title: {family: Vollkorn, weight: 700}, body: Lato}
components:
  - {id: card, kind: card, size: [63.5mm, 88.9mm], front: twenty/card.svg.j2, back: twenty/card.svg.j2,
     rows: [{n: 1}, {n: 2}, {n: 3}, {n: 4}, {n: 5}, {n: 6}, {n: 7}, {n: 8}, {n: 9}, {n: 10},
            {n: 11}, {n: 12}, {n: 13}, {n: 14}, {n: 15}, {n: 16}, {n: 17}, {n: 18}, {n: 19}, {n: 20}]}
"""
TWENTY_CARD = """{% import "shared/macros.svg.j2" as m with context %}
{% call m.svg() %}{{ m.background(colours.paper) }}{% endcall %}
"""


def test_a_full_row_of_cards_leaves_the_hidden_slot_on_a_new_row(tmp_path):
    from conftest import tiny_game

    game = tiny_game(tmp_path, "twenty", TWENTY, {"card.svg.j2": TWENTY_CARD})
    build_game(game, BuildOptions(SheetOptions(), tmp_path / "out", formats=("tts",)))
    (deck,) = [o for o in objects(job_folder(tmp_path / "out", "twenty")) if o["Name"] == "DeckCustom"]
    sheet = deck["CustomDeck"]["1"]
    assert (sheet["NumWidth"], sheet["NumHeight"]) == (10, 3)     # 20 cards and the hidden one: 21 slots
    assert sorted(c["CardID"] for c in deck["ContainedObjects"]) == list(range(100, 120))


LONG = """id: long
title: Long
players: {min: 2, max: 2}
palette: {paper: "#ffffff", ink: "#000000"}
fonts: {title: {family: Vollkorn, weight: 700}, body: Lato}
components:
  - {id: card, kind: card, size: [63.5mm, 88.9mm], front: long/card.svg.j2, back: long/back.svg.j2, rows: cards.csv}
"""
LONG_CARD = """{% import "shared/macros.svg.j2" as m with context %}
{% call m.svg() %}{{ m.background(colours.paper) }}{{ m.text(fit(row.n, "title", geo.safe.x, geo.safe.y, geo.safe.w, 20, 30), colours.ink) }}{% endcall %}
"""
LONG_BACK = """{% import "shared/macros.svg.j2" as m with context %}
{% call m.svg() %}{{ m.background(colours.ink) }}{% endcall %}
"""


def test_a_deck_over_69_cards_takes_a_second_sheet_and_one_back_image(tmp_path):
    """TTS shows at most 10 x 7 slots a sheet and keeps the last for the hidden card: 75 cards are 69 on a
    full sheet and 6 (+ the hidden one) on a second; the shared back is one image both sheets name."""
    from conftest import tiny_game

    game = tiny_game(tmp_path, "long", LONG, {"card.svg.j2": LONG_CARD, "back.svg.j2": LONG_BACK})
    (game / "cards.csv").write_text("n\n" + "".join(f"{i}\n" for i in range(1, 76)))
    build_game(game, BuildOptions(SheetOptions(), tmp_path / "out", formats=("tts",)))
    (deck,) = [o for o in objects(job_folder(tmp_path / "out", "long")) if o["Name"] == "DeckCustom"]
    sheets = deck["CustomDeck"]
    assert [(s["NumWidth"], s["NumHeight"]) for s in sheets.values()] == [(10, 7), (7, 1)]
    ids = sorted(c["CardID"] for c in deck["ContainedObjects"])
    assert ids == list(range(100, 169)) + list(range(200, 206)) and len(deck["DeckIDs"]) == 75
    assert sheets["1"]["BackURL"] == sheets["2"]["BackURL"] and not sheets["1"]["UniqueBack"]
    backs = sorted(p.name for p in (job_folder(tmp_path / "out", "long") / "tts").glob("*back*.png"))
    assert backs == ["card-back.png"]
    with Image.open(local(sheets["2"]["FaceURL"])) as im:
        assert im.size == (7 * 400, round(400 * 88.9 / 63.5))
        hidden = im.crop((6 * 400, 0, 7 * 400, im.height)).convert("L")
        assert hidden.getextrema()[1] < 60            # the last slot shows the dark back
