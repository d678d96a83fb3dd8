"""Mixed columns: below a block, its columns go on with rows of other pieces of the same width.

Each size of piece packed as its own block leaves its own short last row and needs its own band for
marks; pieces of one width but other heights (or turned to that width) stacked under the block's
columns need neither. Each added row holds one size, so every horizontal trim line runs across the
whole block and is marked on its left edge, and the vertical ones are the block's (marked at its top):
the block is still cut by guillotine, a row at a time, and no cut runs through a piece. Bleeds abut as
inside a block. Only double-sided pieces join double-sided ones, so backs still line up.
"""

from __future__ import annotations

import math
from typing import Callable

from generator.layout.plan import PieceInput, SheetOptions
from generator.layout.turn import turned_size

EPS = 1e-6


def extend(block, group: list[PieceInput], live: list[list[PieceInput]], bottom: float, trail: float,
           options: SheetOptions, make: Callable) -> list:
    """Blocks that carry `block`'s columns on down to `bottom` (less `trail`), taking their pieces out of
    the groups in `live` (in order; `group` is the block's own); each is made by `make` as a Block."""
    b, first = options.bleed_mm, block.items[0]
    y = block.y + block.rows * (block.cell_h + 2 * b)
    out = []
    for q in live:
        if q is group or not q or not _joins(first, q[0]):
            continue
        turn = _turn(q[0], block.cell_w)
        if turn is None:
            continue
        w, h = turned_size(90 if turn else 0, q[0].w, q[0].h)
        n = min(len(q), int((bottom - trail - y + EPS) // (h + 2 * b)) * block.cols)
        if n < 1:
            continue
        items, q[:] = tuple(q[:n]), q[n:]
        out.append(make(items, block.cols, math.ceil(n / block.cols), turn, False, block.x, y, w, h, b))
        y += out[-1].rows * (h + 2 * b)
    return out


def _joins(a: PieceInput, b: PieceInput) -> bool:
    """Pieces that may share a column: both single- or both double-sided, of one shape family."""
    return (a.back is None) == (b.back is None) and a.shape == b.shape


def _turn(p: PieceInput, width: float) -> bool | None:
    """Whether the piece is turned to be `width` wide (False: as it is), or None when it cannot be."""
    if abs(p.w - width) < EPS:
        return False
    if p.rotatable and abs(p.h - width) < EPS:
        return True
    return None
