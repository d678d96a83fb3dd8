"""Tabletop Simulator pieces keep their shapes and nothing spills: token images are transparent outside the
piece's outline (TTS cuts a Custom_Token from its image's alpha), copies of a design are stacked or bagged,
piles do not overlap on the table, decks lie face down."""

from __future__ import annotations

import json
import math
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from conftest import job_folder
from PIL import Image

from generator.commands.build import BuildOptions, build_game
from generator.layout.plan import SheetOptions
from generator.load.game import load_game

MM_PER_TTS_UNIT = 25.4     # TTS knowledge base: an in-game unit is "about an inch"


@pytest.fixture(scope="module")
def nyakuza(shared_builds) -> Path:
    return shared_builds("--formats", "tts") / "nyakuza"      # shared with test_tts.py


def table(folder: Path) -> list[dict]:
    return json.loads((folder / "tts" / f"{json.loads((folder / 'manifest.json').read_text())['game']}.json").read_text())["ObjectStates"]


def image_of(objs: list[dict], nickname: str) -> Image.Image:
    (o,) = {json.dumps(o["CustomImage"]): o for o in objs if o["Nickname"] == nickname}.values()
    return Image.open(unquote(urlparse(o["CustomImage"]["ImageURL"]).path))


def pieces(folder: Path) -> list[dict]:
    out = []
    for o in table(folder):
        out += o["ContainedObjects"] if o["Name"] == "Bag" else [o]
    return out


def opaque_share(im: Image.Image) -> float:
    """Opaque pixels over the area of the opaque region's bounding box (a disc: pi/4; a hexagon: 3/4)."""
    alpha = im.getchannel("A")
    box = alpha.point(lambda a: 255 if a >= 128 else 0).getbbox()
    crop = alpha.crop(box)
    return crop.point(lambda a: 1 if a >= 128 else 0).histogram()[1] / (crop.width * crop.height)


def test_a_round_token_is_transparent_outside_its_circle(nyakuza):
    im = image_of(pieces(nyakuza), "boat-red")
    assert im.mode == "RGBA"
    w, h = im.size
    alpha = im.getchannel("A")
    for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (w // 7, h // 7)):
        assert alpha.getpixel(corner) == 0                   # the bleed in the corners is cut away
    assert alpha.getpixel((w // 2, h // 2)) == 255
    assert opaque_share(im) == pytest.approx(math.pi / 4, abs=0.02)


HEXES = """id: hexes
title: Hexes
players: {min: 2, max: 2}
palette: {paper: "#ffffff", ink: "#000000"}
fonts: {title: {family: Vollkorn, weight: 700}, body: Lato}
components:
  - {id: chip, kind: token, shape: hex, size: 24mm, front: hexes/chip.svg.j2, count: 3}
  - {id: card, kind: card, size: [63.5mm, 88.9mm], front: hexes/chip.svg.j2, back: hexes/chip.svg.j2, count: 4}
"""
CHIP = """{% import "shared/macros.svg.j2" as m with context %}
{% call m.svg() %}{{ m.background(colours.ink) }}{% endcall %}
"""


def test_a_hex_token_is_transparent_outside_its_hexagon_and_stacks(tmp_path):
    from conftest import tiny_game

    game = tiny_game(tmp_path, "hexes", HEXES, {"chip.svg.j2": CHIP})
    build_game(game, BuildOptions(SheetOptions(), tmp_path / "out", formats=("tts",)))
    objs = table(job_folder(tmp_path / "out", "hexes"))
    im = image_of(objs, "chip")
    w, h = im.size
    for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
        assert im.getpixel(corner)[3] == 0
    assert im.getpixel((w // 2, h // 2))[3] == 255
    assert opaque_share(im) == pytest.approx(0.75, abs=0.02)
    stack = [o["Transform"] for o in objs if o["Nickname"] == "chip"]
    assert len(stack) == 3 and len({(t["posX"], t["posZ"]) for t in stack}) == 1
    heights = [t["posY"] for t in stack]
    assert all(b > a for a, b in zip(heights, heights[1:]))     # each copy above the last: they settle, not burst
    (deck,) = [o for o in objs if o["Name"] == "DeckCustom"]
    assert deck["Transform"]["rotZ"] == 180                     # face down


def test_large_piles_are_bagged_small_ones_stacked(nyakuza):
    objs = table(nyakuza)
    bags = {o["Nickname"]: o for o in objs if o["Name"] == "Bag"}
    assert len(bags["boat-red"]["ContainedObjects"]) == 40 and len(bags["koban"]["ContainedObjects"]) == 48
    assert [o["Nickname"] for o in objs].count("boat-red") == 1     # one bag, not 40 loose Boats


def test_piles_do_not_overlap_and_decks_lie_face_down(nyakuza):
    comps = load_game("nyakuza").components
    size = {}
    for c in comps:
        size[c.name] = size[c.id] = (c.width_mm / MM_PER_TTS_UNIT, c.height_mm / MM_PER_TTS_UNIT)

    def extent(o: dict) -> tuple[float, float]:
        nick = (o["ContainedObjects"][0] if o["Name"] == "Bag" else o)["Nickname"]
        key = nick if nick in size else max((k for k in size if nick.startswith(k)), key=len)
        return size[key]

    spots = {}
    for o in table(nyakuza):
        t = o["Transform"]
        spots.setdefault((t["posX"], t["posZ"]), extent(o))
        if o["Name"] in ("DeckCustom", "Card"):
            assert t["rotZ"] == 180
    boxes = [(x - w / 2, z - d / 2, x + w / 2, z + d / 2) for (x, z), (w, d) in spots.items()]
    assert len(boxes) > 5
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


def test_token_images_are_deterministic(tmp_path):
    from conftest import tiny_game

    game = tiny_game(tmp_path, "hexes", HEXES, {"chip.svg.j2": CHIP})
    runs = []
    for k in (1, 2):
        build_game(game, BuildOptions(SheetOptions(), tmp_path / f"o{k}", formats=("tts",)))
        runs.append((job_folder(tmp_path / f"o{k}", "hexes") / "tts" / "chip.png").read_bytes())
    assert runs[0] == runs[1]
