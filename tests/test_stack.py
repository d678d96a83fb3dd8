"""Mixed columns (layout/stack.py): under a block, its columns go on with rows of pieces as wide."""

from __future__ import annotations

from generator.layout.marks import block_lines
from generator.layout.pack import Rect, Variant, fill_page, grouped, printable
from generator.layout.plan import PieceInput, SheetOptions

OPTS = SheetOptions(paper="letter")


def _page(stack: bool):
    tall = PieceInput("tall", None, 14.0, 44.0, "rect", 10)
    small = PieceInput("small", None, 14.0, 14.0, "rect", 7)
    area = printable(OPTS)
    strip = Rect(area.x, area.y, 80.0, area.h)
    groups = [list(g) for g in grouped([tall, small])]
    left, page, _ = fill_page(groups, OPTS, (1.0, 1.0), [(strip, strip)], Variant(stack=stack))
    return left, page


def test_the_small_pieces_carry_the_tall_ones_columns_on():
    left, page = _page(True)
    assert not any(left)
    top, below = page.blocks[0], page.blocks[1]
    assert below.items[0].design == "small" and (below.x, below.cols, below.cell_w) == (top.x, top.cols, top.cell_w)
    assert abs(below.y - top.bleed_rect.bottom) < 1e-9                    # bleeds abut: no band between
    marks = block_lines(below, [top], OPTS)
    assert marks and all(m.y1 >= below.y and m.y2 >= below.y for m in marks)  # none over the block above
    assert {round(m.y1, 3) for m in marks if m.y1 == m.y2} >= {round(below.trim_origin(0, r)[1], 3) for r in range(below.rows)}


def test_without_stacking_the_small_pieces_keep_a_band_of_their_own():
    _, page = _page(False)
    top, below = page.blocks[0], page.blocks[1]
    assert below.y - top.bleed_rect.bottom > 1.0
