"""Crop marks and cut lines for the blocks of a page, as line segments.

Crop marks extend every trim line of a block outward, starting `MARK_OFFSET_MM` beyond the bleed
edge (so never on art) and growing into free paper up to `MARK_MAX_MM`, never closer than the
printer margin to the paper edge and never into a neighbouring block's half of the gap. Packing keeps
the marks' band before a block (left and top) but only a hair after it (layout/pack.py TRAIL_MM), so
the next block's marks may take the gap: a block's right and bottom marks are drawn only where the
paper left there holds them; each trim line is marked at least at its left or top end.
"""

from __future__ import annotations

from generator.common.units import rounded
from generator.layout.pack import Block, Rect, printable
from generator.layout.plan import MARK_MAX_MM, MARK_MIN_MM, MARK_OFFSET_MM, Line, SheetOptions

STRAIGHT_EDGED = ("rect", "rounded")   # cut straight on a paper cutter (then a corner rounder)


def _reach(block: Block, others: list[Block], area: Rect, side: str, keep_out: tuple[Rect, ...] = ()) -> float:
    """Free distance from the block's bleed edge on `side` to the printable edge, half-way to a neighbour,
    or (less half a millimetre) to a place kept out (the footer)."""
    r = block.bleed_rect
    limit = {"left": r.x - area.x, "right": area.right - r.right,
             "top": r.y - area.y, "bottom": area.bottom - r.bottom}[side]
    for q, share in [(o.bleed_rect, 2.0) for o in others] + [(k, 1.0) for k in keep_out]:
        if side in ("left", "right") and q.y < r.bottom and r.y < q.bottom:
            gap = r.x - q.right if side == "left" else q.x - r.right
        elif side in ("top", "bottom") and q.x < r.right and r.x < q.right:
            gap = r.y - q.bottom if side == "top" else q.y - r.bottom
        else:
            continue
        if gap >= 0:
            limit = min(limit, gap / share - (MARK_OFFSET_MM if share == 1.0 else 0.0))
    return limit


def mark_length(block: Block, others: list[Block], area: Rect, side: str, keep_out: tuple[Rect, ...] = (),
                optional: bool = False) -> float:
    """How long the marks on `side` are; 0 on a right or bottom side whose paper went to a neighbour's marks,
    and on a side the block shares with one it carries on (a mixed column, layout/stack.py: marked there).
    `optional`: every side is marked only where its paper holds the marks (print-then-cut sheets keep no band
    for them: the machine cuts)."""
    reach = _reach(block, others, area, side, keep_out)
    room = min(MARK_MAX_MM, reach - MARK_OFFSET_MM)
    if ((optional or side in ("right", "bottom")) and room < MARK_MIN_MM - 1e-6) or reach < MARK_OFFSET_MM:
        return 0.0
    return max(MARK_MIN_MM, room)


def trim_lines(block: Block) -> tuple[list[float], list[float]]:
    """Distinct x of vertical and y of horizontal trim lines of the block's pieces."""
    xs: set[float] = set()
    ys: set[float] = set()
    for i in range(len(block.items)):
        tx, ty = block.trim_origin(i % block.cols, i // block.cols)
        xs.update((rounded(tx, 4), rounded(tx + block.cell_w, 4)))
        ys.update((rounded(ty, 4), rounded(ty + block.cell_h, 4)))
    return sorted(xs), sorted(ys)


def block_lines(block: Block, others: list[Block], options: SheetOptions, area: Rect | None = None,
                keep_out: tuple[Rect, ...] = ()) -> list[Line]:
    """Crop marks and/or cut lines of a block; `area` is where marks may reach (clear of a footer strip),
    `keep_out` places they must stay clear of (a footer in the page's free room)."""
    if options.marks == "none":
        return []
    area = area or printable(options)
    r = block.bleed_rect
    xs, ys = trim_lines(block)
    length = {s: mark_length(block, others, area, s, keep_out, options.registration)
              for s in ("left", "right", "top", "bottom")}
    start = MARK_OFFSET_MM
    lines: list[Line] = []
    if options.marks in ("crop", "both"):
        for x in xs:
            if length["top"]:
                lines.append(Line(x, r.y - start - length["top"], x, r.y - start, "crop"))
            if length["bottom"]:
                lines.append(Line(x, r.bottom + start, x, r.bottom + start + length["bottom"], "crop"))
        for y in ys:
            if length["left"]:
                lines.append(Line(r.x - start - length["left"], y, r.x - start, y, "crop"))
            if length["right"]:
                lines.append(Line(r.right + start, y, r.right + start + length["right"], y, "crop"))
    if options.marks in ("lines", "both") and block.items[0].shape in STRAIGHT_EDGED:
        end = {s: start + length[s] if length[s] else 0.0 for s in length}
        top, bottom = r.y - end["top"], r.bottom + end["bottom"]
        left, right = r.x - end["left"], r.right + end["right"]
        lines.extend(Line(x, top, x, bottom, "cut") for x in xs)
        lines.extend(Line(left, y, right, y, "cut") for y in ys)
    return [l.snapped() for l in lines]
