"""Where blocks go on a page: the block (a grid of same-size pieces) and the spacing of its pieces, the rectangle
pieces stay in, and on print-then-cut sheets the registration marks' keep-outs and the free room they leave.

Shared bleed: print-then-cut pieces and image-deck pictures are packed GUTTER_MM apart, each keeping half the
gutter as bleed where it faces a neighbour and the whole bleed on the block's outer edges: a cutting machine cuts
within a few tenths of a millimetre, and a picture's bleed is only its edges drawn on, so more between neighbours
would buy nothing, while the paper saved makes 8 poker cards a sheet with the marks. Rectangles with --marks lines
share their cut (no gutter). Every other piece keeps its full bleed all round, so that a hand cut that strays shows
the piece's own colour, never a neighbour's.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from generator.common.units import rounded
from generator.layout.plan import GUTTER_MM, MARGIN_MM, MARK_MIN_MM, MARK_OFFSET_MM, PieceInput, SheetOptions
from generator.layout.rects import Rect, carve, inside, overlaps
from generator.layout.registration import ink_area, zones


@dataclass(frozen=True)
class Block:
    """A grid of same-size pieces; `items` fill it row by row."""

    items: tuple[PieceInput, ...]
    cols: int
    rows: int
    rotated: bool
    shared: bool          # neighbours share their bleed across `gutter` (0: they share their cut, lines mode)
    x: float              # top-left of the block's bleed area on the page
    y: float
    cell_w: float         # trim size on the page (after rotation)
    cell_h: float
    bleed: float
    gutter: float = 0.0   # between neighbours' trims, when they share their bleed

    @property
    def pitch(self) -> tuple[float, float]:
        return pitch(self.cell_w, self.cell_h, self.bleed, self.shared, self.gutter)

    @property
    def bleed_rect(self) -> Rect:
        px, py = self.pitch
        extra = 2 * self.bleed - self.gutter if self.shared else 0.0
        return Rect(self.x, self.y, self.cols * px + extra, self.rows * py + extra)

    @property
    def inner_keep(self) -> float:
        """The bleed a piece keeps on a side that faces a neighbour: half the gutter (at most the bleed)."""
        return min(self.bleed, self.gutter / 2) if self.shared else self.bleed

    def trim_origin(self, col: int, row: int) -> tuple[float, float]:
        px, py = self.pitch
        return (self.x + self.bleed + col * px, self.y + self.bleed + row * py)


def spacing(p: PieceInput, options: SheetOptions) -> tuple[bool, float]:
    """(shared, gutter) of a block of `p`: see the module's docstring."""
    if options.registration:
        return True, GUTTER_MM
    if options.marks == "lines" and p.shape == "rect":
        return True, 0.0
    return (True, GUTTER_MM) if p.shares_bleed else (False, 0.0)


def pitch(w: float, h: float, b: float, shared: bool, gutter: float = 0.0) -> tuple[float, float]:
    """From one piece's trim to the next one's in a block."""
    return (w + gutter, h + gutter) if shared else (w + 2 * b, h + 2 * b)


def overhead(b: float, band: float, shared: bool, trail: float, gutter: float = 0.0) -> float:
    """A block's length beyond its pieces' pitches: the marks band before it, the trail after it, and for pieces
    that share their bleed, the outer bleeds less the one gutter a row of n pieces does not have."""
    return (2 * b - gutter if shared else 0.0) + band + trail


def band_mm(options: SheetOptions) -> float:
    """Room kept around a block, beyond its bleed, for marks or cut lines; none on print-then-cut sheets (the
    machine cuts: their marks are drawn only where paper is left)."""
    return 0.0 if options.marks == "none" or options.registration else MARK_OFFSET_MM + MARK_MIN_MM


def printable(options: SheetOptions) -> Rect:
    """The rectangle pieces and their marks stay in: the paper less the printer's margin, or on print-then-cut
    sheets, where trims stay inside the registration marks' frame (layout/registration.py)."""
    w, h = options.page_mm
    if options.registration:
        return Rect(*ink_area(w, h, options.bleed_mm, options.reg_inset))
    return Rect(MARGIN_MM, MARGIN_MM, w - 2 * MARGIN_MM, h - 2 * MARGIN_MM)


def keep_outs(options: SheetOptions) -> tuple[Rect, ...]:
    """Where nothing may print: the registration marks' zones on print-then-cut sheets, else nowhere."""
    if not options.registration:
        return ()
    return tuple(Rect(*z) for z in zones(*options.page_mm, options.reg_inset, options.corners))


def open_room(area: Rect, options: SheetOptions) -> list[Rect]:
    """The free rectangles of `area`: the area itself, or the maximal rectangles clear of the marks' zones."""
    free = [area]
    for zone in keep_outs(options):
        free = carve(free, zone)
    return sorted(free, key=lambda r: (r.y, r.x))


def centred(blocks: list[Block], area: Rect, options: SheetOptions) -> tuple[list[Block], list[Rect]] | None:
    """The blocks moved to the middle of `area` (across and down, else either way) where they stay inside it and
    clear of the marks' zones, so that they keep as much paper from the marks as the page allows, with the free
    rectangles they leave; None when no such move keeps them clear."""
    rects = [b.bleed_rect for b in blocks]
    left, top = min(r.x for r in rects), min(r.y for r in rects)
    dx = rounded((area.x + area.right - left - max(r.right for r in rects)) / 2, 4)
    dy = rounded((area.y + area.bottom - top - max(r.bottom for r in rects)) / 2, 4)
    marks = keep_outs(options)
    for mx, my in ((dx, dy), (dx, 0.0), (0.0, dy)):
        moved = [Rect(r.x + mx, r.y + my, r.w, r.h) for r in rects]
        if all(inside(r, area) and not any(overlaps(r, z) for z in marks) for r in moved):
            free = open_room(area, options)
            for r in moved:
                free = carve(free, r)
            return [dataclasses.replace(b, x=rounded(b.x + mx, 4), y=rounded(b.y + my, 4)) for b in blocks], free
    return None
