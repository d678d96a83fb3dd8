"""Marks and cut lines against the numbers the README promises, and backs in --marks lines."""

from __future__ import annotations

import json
import math

import pytest

from generator.layout.plan import PieceInput, SheetOptions
from generator.layout.sheets import plan_sheets
from pdfcheck import dark, mm, render

OFFSET, LENGTHS, EDGE = 0.5, (3.0, 5.0), 5.0   # README: marks start 0.5 mm beyond the bleed, 3-5 mm long, 5 mm clear


@pytest.mark.parametrize("bleed", [3.0, 3.175])
def test_crop_marks_start_half_a_millimetre_beyond_the_bleed(bleed):
    plan = plan_sheets([PieceInput("tile", None, 50, 50, "rect", 1)], SheetOptions(bleed_mm=bleed), "T")
    page = plan.pages[0]
    (p,) = page.placements
    marks = [l for l in page.lines if l.kind == "crop"]
    above = [l for l in marks if l.x1 == l.x2 and max(l.y1, l.y2) < p.y]
    left = [l for l in marks if l.y1 == l.y2 and max(l.x1, l.x2) < p.x]
    assert sorted(l.x1 for l in above) == pytest.approx([p.x, p.x + 50])
    assert sorted(l.y1 for l in left) == pytest.approx([p.y, p.y + 50])
    for l in above:
        assert max(l.y1, l.y2) == pytest.approx(p.y - bleed - OFFSET)
        assert LENGTHS[0] - 1e-6 <= abs(l.y2 - l.y1) <= LENGTHS[1] + 1e-6
    for l in left:
        assert max(l.x1, l.x2) == pytest.approx(p.x - bleed - OFFSET)
        assert min(l.x1, l.x2) >= EDGE - 1e-6


@pytest.mark.parametrize("marks, kinds", [("crop", {"crop"}), ("lines", {"cut"}), ("both", {"crop", "cut"}),
                                          ("none", set())])
def test_each_marks_option_draws_what_it_says(marks, kinds):
    plan = plan_sheets([PieceInput("tile", None, 50, 50, "rect", 4)], SheetOptions(marks=marks), "T")
    assert {l.kind for l in plan.pages[0].lines} == kinds


@pytest.mark.parametrize("marks", ["lines", "both"])
def test_rounded_pieces_get_straight_cut_lines_on_their_trim(marks):
    plan = plan_sheets([PieceInput("card", None, 63.5, 88.9, "rounded", 4, "M 3 0 H 60.5 Z")],
                       SheetOptions(marks=marks), "T")
    page = plan.pages[0]
    cuts = [l for l in page.lines if l.kind == "cut"]
    xs = {round(l.x1, 3) for l in cuts if l.x1 == l.x2}
    ys = {round(l.y1, 3) for l in cuts if l.y1 == l.y2}
    for p in page.placements:
        assert {round(p.x, 3), round(p.x + p.w, 3)} <= xs and {round(p.y, 3), round(p.y + p.h, 3)} <= ys


@pytest.mark.parametrize("duplex, expect", [("long", (0.0, 3.0, 3.0, 0.0)), ("short", (3.0, 0.0, 0.0, 3.0)),
                                            ("none", (3.0, 3.0, 0.0, 0.0))])
def test_backs_keep_bleed_on_the_sides_behind_the_fronts_outer_edges(duplex, expect):
    """In --marks lines the first tile of a shared block keeps bleed left and top only. Behind it,
    after a long-edge flip that is the back's right and top; after a short-edge flip, left and bottom."""
    pieces = [PieceInput("tile", "tile-back", 50, 50, "rect", 4)]
    plan = plan_sheets(pieces, SheetOptions(marks="lines", duplex=duplex), "T")
    front, back = plan.pages[0], plan.pages[1]
    assert front.placements[0].keep == (3.0, 3.0, 0.0, 0.0)
    assert back.placements[0].keep == expect


def test_back_pages_printed_apart_carry_their_own_marks():
    pieces = [PieceInput("card", "card-back", 63.5, 88.9, "rect", 3), PieceInput("tile", None, 40, 40, "rect", 2)]
    plan = plan_sheets(pieces, SheetOptions(duplex="none"), "T")
    back = plan.pages[1]
    crop = [l for l in back.lines if l.kind == "crop"]
    assert crop, "a back cut on its own needs crop marks"
    verticals = {round(l.x1, 3) for l in crop if l.x1 == l.x2}
    for p in back.placements:
        assert {round(p.x, 3), round(p.x + p.w, 3)} <= verticals
    duplexed = plan_sheets(pieces, SheetOptions(duplex="long"), "T")
    assert duplexed.pages[1].lines == ()   # printed duplex, the back relies on its front's marks


def test_hex_cut_outline_lies_on_the_trim_outline(demo_build):
    """Pixels of the printed cut line at the hexagon's corners and flat sides, from the manifest's trim."""
    doc = json.loads((demo_build / "manifest.json").read_text())
    hexes = [(i, p) for i, page in enumerate(doc["sheets"]["pages"]) if page["side"] == "front"
             for p in page["pieces"] if p["design"].startswith("hex-")]
    assert hexes
    index, piece = hexes[0]
    image = render(demo_build / doc["sheets"]["file"], index)
    x, y, w, h = piece["trim_mm"]
    assert w == pytest.approx(30) and h == pytest.approx(30 * 2 / math.sqrt(3), abs=0.01)  # pointy, 30 mm flat to flat
    for px, py in ((x + w / 2, y), (x + w / 2, y + h), (x, y + h / 2), (x + w, y + h / 2)):
        near = [(mm(px) + dx, mm(py) + dy) for dx in range(-2, 3) for dy in range(-2, 3)]  # within 0.17 mm
        assert any(dark(image.getpixel(q), 120) for q in near), (px, py)
