"""Boards larger than the paper: tiles that cover the board, overlap, and line up."""

from __future__ import annotations

import json

import pytest

from conftest import FIXTURES, job_folder
from generator.commands.build import BuildOptions, build_game
from generator.common.errors import OptionError
from generator.layout.board import OVERLAP_MM
from generator.layout.plan import PieceInput, SheetOptions
from generator.layout.sheets import plan_sheets
from pdfcheck import render

BOARD = PieceInput("board", None, 420, 330, "rect", 1, tileable=True)


def tiles(piece=BOARD, **options):
    plan = plan_sheets([piece], SheetOptions(**options), "Board")
    return [p.placements[0] for p in plan.pages]


def test_a4_takes_four_tiles_turned_and_letter_likewise():
    a4 = tiles()
    assert [t.tile for t in a4] == ["A1", "A2", "B1", "B2"] and {t.rotation for t in a4} == {90}
    assert len(tiles(paper="letter")) == 4
    assert [t.tile for t in tiles(paper="a3")] == ["A1", "A2"]


@pytest.mark.parametrize("paper", ["a4", "letter", "a3", "tabloid"])
def test_tiles_cover_the_whole_board_with_bleed_and_overlap(paper):
    ts = tiles(paper=paper)
    b = 3.0
    turned = ts[0].rotation == 90
    full_w, full_h = (BOARD.h + 2 * b, BOARD.w + 2 * b) if turned else (BOARD.w + 2 * b, BOARD.h + 2 * b)
    cols = sorted({(t.ox, t.w) for t in ts})
    rows = sorted({(t.oy, t.h) for t in ts})
    assert cols[0][0] == -b and rows[0][0] == -b
    assert cols[-1][0] + cols[-1][1] == pytest.approx(full_w - b) and rows[-1][0] + rows[-1][1] == pytest.approx(full_h - b)
    for (x1, w1), (x2, _) in zip(cols, cols[1:]):
        assert x1 + w1 - x2 == pytest.approx(OVERLAP_MM)
    for (y1, h1), (y2, _) in zip(rows, rows[1:]):
        assert y1 + h1 - y2 == pytest.approx(OVERLAP_MM)
    for t in ts:  # every window inside the printable area
        assert 5 <= t.x and t.x + t.w <= {"a4": 210, "letter": 215.9, "a3": 297, "tabloid": 279.4}[paper] - 5


def test_registration_crosses_sit_at_the_same_board_point_on_both_neighbours():
    plan = plan_sheets([BOARD], SheetOptions(), "Board")

    def crosses(page):
        pl = page.placements[0]
        centres = {((l.x1 + l.x2) / 2, (l.y1 + l.y2) / 2) for l in page.lines if l.kind == "reg"}
        return {(round(x - pl.x + pl.ox, 3), round(y - pl.y + pl.oy, 3)) for x, y in centres}

    a1, a2, b1 = plan.pages[0], plan.pages[1], plan.pages[2]
    assert len(crosses(a1) & crosses(a2)) == 2 and len(crosses(a1) & crosses(b1)) == 2


def test_a_tiled_board_cannot_be_double_sided():
    with pytest.raises(OptionError):
        plan_sheets([PieceInput("board", "board-back", 420, 330, "rect", 1, tileable=True)], SheetOptions(), "B")


def test_tiles_print_the_same_art_in_their_overlap(tmp_path):
    build_game(FIXTURES / "bigboard", BuildOptions(SheetOptions(), tmp_path, formats=("sheets",)))
    m = json.loads((job_folder(tmp_path, "bigboard") / "manifest.json").read_text())
    pages = [p for p in m["sheets"]["pages"] if p["pieces"] and "tile" in p["pieces"][0]]
    a1, a2 = pages[0], pages[1]
    w1 = a1["pieces"][0]["board_window_mm"]
    w2 = a2["pieces"][0]["board_window_mm"]
    left = render(job_folder(tmp_path, "bigboard") / m["sheets"]["file"], a1["index"], dpi=150)
    right = render(job_folder(tmp_path, "bigboard") / m["sheets"]["file"], a2["index"], dpi=150)
    x1, x2 = a1["pieces"][0]["page_window_mm"][0], a2["pieces"][0]["page_window_mm"][0]
    top = a1["pieces"][0]["page_window_mm"][1]
    dpi = 150

    def light_columns(image, page_x, y):
        """Pixels from the overlap start where a light grid line crosses the strip at page height y."""
        row = [sum(image.getpixel((int((page_x + 1) * dpi / 25.4) + k, int(y * dpi / 25.4))))
               for k in range(int((OVERLAP_MM - 2) * dpi / 25.4))]
        return [k for k, v in enumerate(row) if v > 450 and v >= max(row[max(k - 2, 0):k + 3])]  # brightest of its spot

    usable = 0
    for y in range(int(top) + 30, int(top) + 50, 2):  # clear of the crosses at a quarter of the height
        first = light_columns(left, x1 + w2[0] - w1[0], y)
        second = light_columns(right, x2, y)
        if not first or len(first) > 20:
            continue  # no vertical line here, or on a horizontal one
        usable += 1
        assert len(first) == len(second) and all(abs(a - b) <= 1 for a, b in zip(first, second)), (y, first, second)
    assert usable >= 3
