"""All four bleed corners of every card of an image deck (README: "the bleed is made from the image's edges").

Each picture drawn here has four quadrants of four colours, so every corner of the bleed, and the bleed strips
beside it, must carry its own corner's colour: a corner strip drawn at the wrong corner, left out or taken from
the wrong pixel shows as another colour or paper. Judged on the 300 dpi PNGs and on the rasterised sheets, each
point located from the manifest's trim (mm) and the bleed, for a picture at the trim's aspect, one of another
aspect (placed whole, extended) and a shop template carrying its own bleed, at 3 mm and at 5 mm of bleed.
"""

from __future__ import annotations

import json

import pytest
from PIL import Image, ImageDraw

from conftest import job_folder, run_cli
from pdfcheck import render

CORNERS = {"top-left": (230, 30, 30), "top-right": (30, 170, 40), "bottom-left": (30, 40, 220),
           "bottom-right": (240, 210, 0)}
PAPER = (255, 255, 255)
SHEET_DPI = 150


def quadrants(w: int, h: int) -> Image.Image:
    im = Image.new("RGB", (w, h))
    d = ImageDraw.Draw(im)
    for name, (x0, y0) in {"top-left": (0, 0), "top-right": (w // 2, 0), "bottom-left": (0, h // 2),
                           "bottom-right": (w // 2, h // 2)}.items():
        d.rectangle([x0, y0, x0 + w // 2 - 1 + w % 2, y0 + h // 2 - 1 + h % 2], fill=CORNERS[name])
    return im


def close(px, colour, tol=45) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(px[:3], colour))


def corner_points(w: float, h: float, b: float) -> dict[str, list[tuple[float, float]]]:
    """Points of the bleed near each corner, in trim mm of the upright design (negative: outside the trim):
    the corner square's middle and outer corner, and the strips beside it along both edges."""
    near = [(-b / 2, -b / 2), (-b + 0.3, -b + 0.3), (-b / 2, 2.0), (2.0, -b / 2), (-0.3, -0.3)]
    return {"top-left": [(u, v) for u, v in near], "top-right": [(w - u, v) for u, v in near],
            "bottom-left": [(u, h - v) for u, v in near], "bottom-right": [(w - u, h - v) for u, v in near]}


def placed(u: float, v: float, piece, w: float, h: float) -> tuple[float, float]:
    """A point of the upright design (trim mm) on the sheet, the piece turned clockwise by its rotation."""
    x, y = piece["trim_mm"][:2]
    return {0: (x + u, y + v), 90: (x + h - v, y + u), 180: (x + w - u, y + h - v),
            270: (x + v, y + w - u)}[piece["rotation"]]


@pytest.fixture(scope="module")
def deck(tmp_path_factory):
    root = tmp_path_factory.mktemp("corners")
    art = root / "art"
    art.mkdir()
    quadrants(150, 210).save(art / "card 1.png")        # the poker trim's aspect
    quadrants(160, 160).save(art / "card 2.png")        # another aspect: placed whole, centred
    quadrants(165, 225).save(art / "card 3.png")        # The Game Crafter's template: poker + 1/8 in of its own
    quadrants(150, 210).save(art / "back.png")
    code, _, err = run_cli("new", "corners", "--images", str(art), "--back", str(art / "back.png"), "--dir", str(root))
    assert code == 0, err
    return root / "corners"


@pytest.mark.parametrize("bleed", [3.0, 5.0])
def test_every_card_carries_each_corners_colour_in_its_bleed(deck, tmp_path, bleed):
    code, _, err = run_cli("build", str(deck), "--out", str(tmp_path), "--formats", "sheets,png",
                           "--bleed", f"{bleed:g}mm")
    assert code == 0, err
    built = job_folder(tmp_path, "corners")
    doc = json.loads((built / "manifest.json").read_text())
    sizes = {d["id"]: d["trim_mm"] for d in doc["designs"]}
    k = 300 / 25.4
    for design, (w, h) in sizes.items():                 # the PNGs: the design's origin is the bleed corner
        im = Image.open(built / "png" / f"{design}.png").convert("RGB")
        assert im.size == (round((w + 2 * bleed) * k), round((h + 2 * bleed) * k))
        for corner, points in corner_points(w, h, bleed).items():
            for u, v in points:
                px = im.getpixel((int((u + bleed) * k), int((v + bleed) * k)))
                assert close(px, CORNERS[corner]), f"{design} png, {corner} at ({u:g}, {v:g}) mm: {px}"
    judged = 0
    for page in doc["sheets"]["pages"]:
        image = render(built / doc["sheets"]["file"], page["index"], SHEET_DPI)
        s = SHEET_DPI / 25.4
        for piece in page["pieces"]:
            w, h = sizes[piece["design"]]
            x0, y0, tw, th = piece["trim_mm"]
            left, top, right, bottom = piece["bleed_mm"]      # the bleed printed round it, as placed on the sheet
            # image-deck cards share a 1.25 mm gutter: half of it each, or the whole bleed where no neighbour is
            assert all(k in (pytest.approx(0.625), pytest.approx(bleed)) for k in piece["bleed_mm"]), piece
            area = (x0 - left, y0 - top, x0 + tw + right, y0 + th + bottom)
            for corner, points in corner_points(w, h, bleed).items():
                for u, v in points:
                    x, y = placed(u, v, piece, w, h)
                    if not (area[0] <= x <= area[2] and area[1] <= y <= area[3]):
                        continue                # in the gutter a neighbour shares: its bleed, not this card's
                    px = image.getpixel((int(x * s), int(y * s)))
                    assert close(px, CORNERS[corner]), \
                        f"sheet page {page['index']}, {piece['design']} turned {piece['rotation']}: {corner} {px}"
            judged += 1
    assert judged == 2 * 3, "three cards and their backs"
