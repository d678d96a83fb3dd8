"""Pack pieces of mixed sizes onto pages as blocks: grids of same-size pieces a paper cutter can follow.

A block keeps every piece's full bleed (bleeds of neighbours abut) and a band around it for crop
marks, so each block can be cut out and then cut along the marks on its edges. With
`--marks lines` rectangular pieces share their cuts instead (no gutter), which saves paper;
only the block's outer edges keep bleed. Blocks are placed greedily into the free rectangles of
a guillotine split, largest pieces first, trying both orientations: on A4 this puts 8 poker
cards with 3 mm bleed on a page (landscape) where a fixed portrait grid holds 4.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.errors import OptionError
from generator.layout.registration import MARGIN_MM as REGISTRATION_MARGIN_MM
from generator.layout.plan import MARGIN_MM, MARK_MIN_MM, MARK_OFFSET_MM, PieceInput, SheetOptions

EPS = 1e-6


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h


@dataclass(frozen=True)
class Block:
    """A grid of same-size pieces; `items` fill it row by row."""

    items: tuple[PieceInput, ...]
    cols: int
    rows: int
    rotated: bool
    shared: bool          # neighbours share their cut (lines mode, rectangles only)
    x: float              # top-left of the block's bleed area on the page
    y: float
    cell_w: float         # trim size on the page (after rotation)
    cell_h: float
    bleed: float

    @property
    def pitch(self) -> tuple[float, float]:
        if self.shared:
            return (self.cell_w, self.cell_h)
        return (self.cell_w + 2 * self.bleed, self.cell_h + 2 * self.bleed)

    @property
    def bleed_rect(self) -> Rect:
        px, py = self.pitch
        extra = 2 * self.bleed if self.shared else 0.0
        return Rect(self.x, self.y, self.cols * px + extra, self.rows * py + extra)

    def trim_origin(self, col: int, row: int) -> tuple[float, float]:
        px, py = self.pitch
        return (self.x + self.bleed + col * px, self.y + self.bleed + row * py)


def band_mm(options: SheetOptions) -> float:
    """Room kept around a block, beyond its bleed, for marks or cut lines."""
    return 0.0 if options.marks == "none" else MARK_OFFSET_MM + MARK_MIN_MM


def printable(options: SheetOptions) -> Rect:
    w, h = options.page_mm
    m = REGISTRATION_MARGIN_MM if options.registration else MARGIN_MM
    return Rect(m, m, w - 2 * m, h - 2 * m)


def _groups(pieces: list[PieceInput]) -> list[list[PieceInput]]:
    """Instances grouped by sides, trim size and shape family: double-sided pieces first (so the pages
    that need a back come first and single-sided pieces only fill their gaps), largest area first."""
    groups: dict[tuple, list[PieceInput]] = {}
    for p in pieces:
        key = (p.back is not None, round(p.w, 3), round(p.h, 3), p.shape == "rect", p.rotatable)
        groups.setdefault(key, []).extend([p] * p.count)
    return [g for _, g in sorted(groups.items(), key=lambda kv: (not kv[0][0], -(kv[1][0].w * kv[1][0].h)))]


def _fit(rect: Rect, w: float, h: float, b: float, band: float, shared: bool, left: int) -> tuple[int, int, float, float] | None:
    """Columns, rows and footprint of the largest block of `left` pieces that fits `rect`."""
    px, py = (w, h) if shared else (w + 2 * b, h + 2 * b)
    extra = (2 * b if shared else 0.0) + 2 * band
    cols = int((rect.w - extra + EPS) // px)
    rows = int((rect.h - extra + EPS) // py)
    if cols < 1 or rows < 1:
        return None
    cols = min(cols, left)
    rows = min(rows, math.ceil(left / cols))
    return cols, rows, cols * px + extra, rows * py + extra


def fits_paper(p: PieceInput, options: SheetOptions, area: Rect | None = None) -> bool:
    """Whether one piece, with its bleed and marks, fits the printable area in some orientation."""
    b, band, area = options.bleed_mm, band_mm(options), area or printable(options)
    return bool(_fit(area, p.w, p.h, b, band, False, 1) or (p.rotatable and _fit(area, p.h, p.w, b, band, False, 1)))


def pack(pieces: list[PieceInput], options: SheetOptions, area: Rect | None = None) -> list[list[Block]]:
    """Pages of blocks inside `area` (the printable area less the footer's strip).

    Every piece is placed or an OptionError says which one cannot fit.
    """
    b, band = options.bleed_mm, band_mm(options)
    area = area or printable(options)
    groups = [list(g) for g in _groups(pieces) if g]
    for g in groups:
        p = g[0]
        if not fits_paper(p, options, area):
            raise OptionError(f'--paper {options.paper}: "{p.design}" ({p.w:g} x {p.h:g} mm with {b:g} mm bleed '
                              f"and marks) does not fit the printable area of {area.w:g} x {area.h:g} mm (less the footer); "
                              "choose a larger paper")
    pages: list[list[Block]] = []
    while any(groups):
        free = [area]
        blocks: list[Block] = []
        placed = True
        while placed:
            placed = False
            for g in groups:
                if not g:
                    continue
                best = _best_spot(free, g, options, band)
                if best is None:
                    continue
                rect_i, cols, rows, rotated, shared, fw, fh = best
                n = min(len(g), cols * rows)
                items, g[:] = tuple(g[:n]), g[n:]
                rect = free.pop(rect_i)
                cw, ch = (items[0].h, items[0].w) if rotated else (items[0].w, items[0].h)
                blocks.append(Block(items, cols, math.ceil(n / cols), rotated, shared, rect.x + band, rect.y + band,
                                    cw, ch, b))
                free.extend(_split(rect, fw, fh))
                free.sort(key=lambda r: (r.y, r.x))
                placed = True
                break
        pages.append(blocks)
    return pages


def _best_spot(free: list[Rect], group: list[PieceInput], options: SheetOptions, band: float):
    """The free rectangle and orientation that place the most pieces (then waste the least)."""
    p = group[0]
    shared = options.marks == "lines" and p.shape == "rect"
    best, best_key = None, None
    for i, rect in enumerate(free):
        for rotated in ((False, True) if p.rotatable and abs(p.w - p.h) > EPS else (False,)):
            w, h = (p.h, p.w) if rotated else (p.w, p.h)
            fit = _fit(rect, w, h, options.bleed_mm, band, shared, len(group))
            if fit is None:
                continue
            cols, rows, fw, fh = fit
            n = min(len(group), cols * rows)
            key = (n, -(fw * fh), -rect.y, -rect.x, not rotated)
            if best_key is None or key > best_key:
                best, best_key = (i, cols, rows, rotated, shared, fw, fh), key
    return best


def _split(rect: Rect, fw: float, fh: float) -> list[Rect]:
    """Guillotine split: the strip to the right of the block, and everything below it."""
    out = []
    if rect.w - fw > EPS:
        out.append(Rect(rect.x + fw, rect.y, rect.w - fw, fh))
    if rect.h - fh > EPS:
        out.append(Rect(rect.x, rect.y + fh, rect.w, rect.h - fh))
    return out
