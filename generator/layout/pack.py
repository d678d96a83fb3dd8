"""Pack pieces of mixed sizes onto pages as blocks: grids of same-size pieces a paper cutter can follow.

A block keeps every piece's full bleed (bleeds of neighbours abut) and a band for crop marks before
it (left and top), so each block can be cut out and then cut along the marks on its edges. After it
(right and bottom) only TRAIL_MM is kept: the next block's marks take the gap, and the block's own
marks there are drawn where paper is left (layout/marks.py). This lets a strip beside a block hold a
row of small pieces, as beside six 80 mm tiles on A4. With
`--marks lines` rectangular pieces share their cuts instead (no gutter), which saves paper;
only the block's outer edges keep bleed; print-then-cut pieces and image-deck pictures share their
bleed across a narrow gutter (layout/room.py). Blocks are placed greedily into the free rectangles of
a guillotine split (or, in some variants and on print-then-cut sheets, whose marks' corners are kept
free, every maximal empty rectangle), largest pieces first, trying both orientations: on A4 this puts
8 poker cards with 3 mm bleed on a page (landscape) where a fixed portrait grid holds 4.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from generator.common.units import rounded
from generator.common.errors import OptionError, option_problem
from generator.layout.rects import EPS as EPS, Rect as Rect, carve, split
from generator.layout.room import (Block as Block, band_mm as band_mm, centred, keep_outs as keep_outs, open_room,
                                   overhead, pitch, printable as printable, spacing)
from generator.layout.plan import MARK_MAX_MM, MARK_MIN_MM, MARK_OFFSET_MM, PieceInput, SheetOptions
from generator.layout.turn import turned_size
from generator.layout.stack import extend

TRAIL_MM = 0.5    # after a block (right, bottom): the clearance left when its marks there give way to pieces


@dataclass(frozen=True)
class Variant:
    """One way of filling pages: how groups are ranked and how a free rectangle is split around a block.
    `pack_pages` tries several and keeps the one that takes the fewest sheets (packing is NP-hard; no one
    greedy order wins for every mix of sizes)."""

    order: str = "area"         # "area", "side" (longest side) or "short" (shortest side), largest first
    split: str = "below"        # "below": the strip beside a block is as high as it; "beside": as wide;
                                # "max": free room kept as every maximal empty rectangle (they overlap), so
                                # strips beside and below blocks join up; blocks then need not line up
    sides_first: bool = True    # double-sided groups before single-sided ones
    snug: bool = False          # a block may take fewer columns so that another group fills the strip beside it
    stack: bool = False         # a block's columns go on below it with pieces as wide (layout/stack.py)


VARIANTS = tuple(Variant(o, s, d) for d in (True, False) for o in ("area", "side", "short") for s in ("below", "beside")) \
    + tuple(Variant("area", "max", d) for d in (True, False))


def grouped(pieces: list[PieceInput], variant: Variant = Variant()) -> list[list[PieceInput]]:
    """Instances grouped by sides, trim size and shape family: double-sided pieces first (so the pages
    that need a back come first and single-sided pieces only fill their gaps), largest first."""
    groups: dict[tuple, list[PieceInput]] = {}
    for p in pieces:
        key = (p.back is not None, rounded(p.w, 3), rounded(p.h, 3), p.shape == "rect", p.rotatable, p.shares_bleed)
        groups.setdefault(key, []).extend([p] * p.count)

    return sorted(groups.values(), key=lambda g: rank(g[0], variant))


def rank(p: PieceInput, variant: Variant) -> tuple:
    """A group's place in the variant's order (sorting is stable: equal ranks keep the spec's order)."""
    w, h = rounded(p.w, 3), rounded(p.h, 3)
    size = {"area": (-(w * h),), "side": (-max(w, h), -(w * h)), "short": (-min(w, h), -(w * h))}[variant.order]
    return (p.back is None if variant.sides_first else False, *size)


def _fit(rect: Rect, w: float, h: float, b: float, band: float, shared: bool, left: int,
         trail: float | None = None, gutter: float = 0.0) -> tuple[int, int, float, float] | None:
    """Columns, rows and footprint of the largest block of `left` pieces that fits `rect`, keeping `band`
    before the block (left and top) and `trail` (default `band`) after it (right and bottom)."""
    px, py = pitch(w, h, b, shared, gutter)
    extra = overhead(b, band, shared, band if trail is None else trail, gutter)
    cols = int((rect.w - extra + EPS) // px)
    rows = int((rect.h - extra + EPS) // py)
    if cols < 1 or rows < 1:
        return None
    cols = min(cols, left)
    rows = min(rows, math.ceil(left / cols))
    return cols, rows, cols * px + extra, rows * py + extra


def fits_paper(p: PieceInput, options: SheetOptions, area: Rect | None = None) -> bool:
    """Whether one piece, with its bleed and marks, fits the printable area (clear of any marks' zones) in some
    orientation."""
    b, band = options.bleed_mm, band_mm(options)
    return any(_fit(r, w, h, b, band, False, 1) for r in open_room(area or printable(options), options)
               for w, h in ((p.w, p.h), (p.h, p.w))[:2 if p.rotatable else 1])


def _unfit(pieces: list[PieceInput], options: SheetOptions, areas: list[Rect]) -> None:
    """An OptionError naming the first piece that fits none of `areas` with its bleed and marks."""
    b = options.bleed_mm
    for p in pieces:
        if not any(fits_paper(p, options, a) for a in areas):
            a = areas[0]
            raise OptionError(option_problem('{paper} {name}: "{design}" ({w} x {h} mm with {b} mm bleed and marks) '
                                             "does not fit the printable area of {aw} x {ah} mm (less the footer); "
                                             "choose a larger paper", name=options.paper, design=p.design, w=f"{p.w:g}",
                                             h=f"{p.h:g}", b=f"{b:g}", aw=f"{a.w:g}", ah=f"{a.h:g}"))


def pack(pieces: list[PieceInput], options: SheetOptions, area: Rect | None = None) -> list[list[Block]]:
    """Pages of blocks inside `area` (the printable area less the footer's strip), one greedy pass.

    Every piece is placed or an OptionError says which one cannot fit.
    """
    area = area or printable(options)
    _unfit(pieces, options, [area])
    groups = [list(g) for g in grouped(pieces) if g]
    pages: list[list[Block]] = []
    while any(groups):
        pages.append(_fill(groups, open_room(area, options), options, Variant()))
    return pages


@dataclass(frozen=True)
class PackedPage:
    """A page's blocks, the area their marks may reach, and the rectangle kept free for the page's label."""

    blocks: list[Block]
    area: Rect
    label: Rect


def pack_pages(pieces: list[PieceInput], options: SheetOptions, label: tuple[float, float],
               strips: list[tuple[Rect, Rect]]) -> list[PackedPage]:
    """Pages of blocks, each keeping room for a label (the footer) of `label` = (length, depth) mm.

    A page is filled using the whole printable area, and the label goes where the page has room left;
    only when it has none is the page filled again clear of one of `strips` ((area, strip) pairs: a
    strip along an edge and the area it leaves), keeping the one that places the most. Every variant
    is tried and the fewest pages kept (then the fewest pages needing a back, then the first variant).
    """
    _unfit(pieces, options, [a for a, _ in strips])
    floor = area_floor(pieces, options)
    best, best_key, tried = None, None, set()
    for i, variant in enumerate((None,) + VARIANTS):
        same = variant and _same_as(grouped(pieces, variant), variant, options)
        if same in tried:              # packs exactly as a variant tried before (one size of piece, say)
            continue
        tried.add(same)
        pages = _pack_variant(pieces, options, label, strips, variant)
        key = (len(pages), sum(1 for pg in pages if needs_back(pg.blocks)), i)
        if best_key is None or key < best_key:
            best, best_key = pages, key
        assert best is not None             # the first variant is always tried and kept
        if len(best) <= floor:
            break
    assert best is not None
    return best


def _same_as(groups: list[list[PieceInput]], variant: Variant, options: SheetOptions) -> tuple:
    """What decides a variant's packing: the order its groups come in and how it splits and fills free room."""
    return (tuple(id(g[0]) for g in groups), split_of(variant, options), variant.snug, variant.stack)


def split_of(variant: Variant, options: SheetOptions) -> str:
    """How a variant keeps free room: as it says, but on print-then-cut sheets always as maximal rectangles (the
    marks' zones leave room that no guillotine split describes)."""
    return "max" if options.registration else variant.split


def area_floor(pieces: list[PieceInput], options: SheetOptions) -> int:
    """Pages the pieces' trim + bleed areas fill at the least: no plan takes fewer."""
    full = printable(options)
    return math.ceil(sum(footprint(p, options) * p.count for p in pieces) / (full.w * full.h) - EPS)


def footprint(p: PieceInput, options: SheetOptions) -> float:
    """A piece's share of the page: trim and full bleed, or trim and a gutter where neighbours share bleed."""
    _, gutter = spacing(p, options)
    pad = gutter or 2 * options.bleed_mm
    return (p.w + pad) * (p.h + pad)


def needs_back(blocks: list[Block]) -> bool:
    return any(bl.items[0].back is not None for bl in blocks)


def _pack_variant(pieces: list[PieceInput], options: SheetOptions, label: tuple[float, float],
                  strips: list[tuple[Rect, Rect]], variant: Variant | None) -> list[PackedPage]:
    """Pages filled one after another with `variant`, or (None) each with whichever variant fills it most."""
    groups = [list(g) for g in grouped(pieces, variant or Variant()) if g]
    pages: list[PackedPage] = []
    while any(groups):
        best, seen = None, set()
        for v in ([variant] if variant else VARIANTS):
            ranked = groups if variant else _ranked(groups, v)
            if _same_as(ranked, v, options) in seen:    # fills this page exactly as a variant before it
                continue
            seen.add(_same_as(ranked, v, options))
            trial, page, size = fill_page(ranked, options, label, strips, v)
            if best is None or size > best[2] + EPS:
                best = (trial, page, size)
        assert best is not None             # the first variant tried is kept
        groups = [g for g in best[0] if g]
        pages.append(best[1])
    return pages


def _ranked(groups: list[list[PieceInput]], variant: Variant) -> list[list[PieceInput]]:
    """The groups left, in the variant's rank order."""
    return sorted(groups, key=lambda g: rank(g[0], variant))


def fill_page(groups: list[list[PieceInput]], options: SheetOptions, label: tuple[float, float],
          strips: list[tuple[Rect, Rect]], variant: Variant) -> tuple[list[list[PieceInput]], PackedPage, float]:
    """One page filled with `variant`: the groups left after it, the page, and the area it holds."""
    full = printable(options)
    trial = [list(g) for g in groups]
    blocks, free = _fill_area(trial, full, options, variant)
    spot = label_spot(free, full, *label)
    if spot:
        return trial, PackedPage(blocks, full, spot), _held(blocks, options)
    best = None
    for area, strip in strips:
        tried = [list(g) for g in groups]
        got, _ = _fill_area(tried, area, options, variant)
        size = _held(got, options)
        if best is None or size > best[2] + EPS:
            best = (tried, PackedPage(got, area, strip), size)
    assert best is not None, "a page with no room for its label has strips to try"
    return best


def _fill_area(groups: list[list[PieceInput]], area: Rect, options: SheetOptions,
               variant: Variant) -> tuple[list[Block], list[Rect]]:
    """`area` filled (see _fill): its blocks and the free rectangles left; on print-then-cut sheets the blocks are
    then centred where the marks allow (layout/room.py)."""
    free = open_room(area, options)
    blocks = _fill(groups, free, options, variant)
    if options.registration and blocks:
        return centred(blocks, area, options) or (blocks, free)
    return blocks, free


def _held(blocks: list[Block], options: SheetOptions) -> float:
    return sum(footprint(i, options) for bl in blocks for i in bl.items)


# marks before a block grow this far into free space, and a fold line's tick after one (layout/fold.py); plus a gap
LABEL_CLEAR_MM = max(MARK_MAX_MM - MARK_MIN_MM, MARK_OFFSET_MM + MARK_MIN_MM - TRAIL_MM) + 0.5


def label_spot(free: list[Rect], area: Rect, length: float, depth: float) -> Rect | None:
    """Where a label of `length` x `depth` fits in the free rectangles, clear of every mark: lengthwise
    along the page (lowest first), else up the page (rightmost first), or None."""
    spots = []
    for r in free:
        left = r.x + (LABEL_CLEAR_MM if r.x > area.x + EPS else 0.0)
        top = r.y + (LABEL_CLEAR_MM if r.y > area.y + EPS else 0.0)
        right = r.right - (LABEL_CLEAR_MM if r.right < area.right - EPS else 0.0)
        bottom = r.bottom - (LABEL_CLEAR_MM if r.bottom < area.bottom - EPS else 0.0)
        if right - left >= length - EPS and bottom - top >= depth - EPS:
            spots.append((0, -bottom, left, Rect(rounded(left, 4), rounded(bottom - depth, 4), length, depth)))
        if right - left >= depth - EPS and bottom - top >= length - EPS:
            spots.append((1, -right, -bottom, Rect(rounded(right - depth, 4), rounded(bottom - length, 4), depth, length)))
    return min(spots, key=lambda s: s[:3])[3] if spots else None


def _fill(groups: list[list[PieceInput]], free: list[Rect], options: SheetOptions, variant: Variant) -> list[Block]:
    """Fill one page: place the first group (in rank order) that fits anywhere, as the largest block its
    best spot holds, until nothing fits. Takes the placed pieces out of `groups`; `free` is left holding
    the page's free rectangles. Free room only shrinks, so a group that fits nowhere is not tried again."""
    b, band = options.bleed_mm, band_mm(options)
    blocks: list[Block] = []
    live = [g for g in groups if g]
    widths = {id(g): _widths(g, options, band) for g in live} if variant.snug else {}
    while live:
        for k, g in enumerate(live):
            others: Sequence[tuple[float, float]] = \
                sorted({w for q in live if q is not g for w in widths[id(q)]}) if widths else ()
            best = _best_spot(free, g, options, band, others)
            if best is not None:
                break
        else:
            break
        rect_i, cols, rows, rotated, (shared, gutter), fw, fh = best
        n = min(len(g), cols * rows)
        items, g[:] = tuple(g[:n]), g[n:]
        rect = free[rect_i]
        cw, ch = turned_size(90 if rotated else 0, items[0].w, items[0].h)
        blocks.append(Block(items, cols, math.ceil(n / cols), rotated, shared, rect.x + band, rect.y + band, cw, ch, b,
                            gutter))
        if variant.stack and not shared:
            blocks += extend(blocks[-1], g, live, rect.bottom, min(band, TRAIL_MM), options, Block)
            fh = blocks[-1].bleed_rect.bottom + min(band, TRAIL_MM) - rect.y
        if split_of(variant, options) == "max":
            free[:] = carve(free, Rect(rect.x, rect.y, fw, fh))
        else:
            free.extend(split(free.pop(rect_i), fw, fh, variant.split))
        free.sort(key=lambda r: (r.y, r.x))
        live = [q for q in live[k:] if q]
    return blocks


def _best_spot(free: list[Rect], group: list[PieceInput], options: SheetOptions, band: float,
               others: Sequence[tuple[float, float]] = ()):
    """The free rectangle and orientation that place the most pieces (then waste the least); with `others`
    (a snug fill: the (pitch, overhead) across the page of the other groups' blocks), see _snug."""
    p = group[0]
    shared, gutter = spacing(p, options)
    trail = min(band, TRAIL_MM)
    best, best_key = None, None
    sizes = [(rotated, *turned_size(90 if rotated else 0, p.w, p.h)) for rotated in _turns(p)]
    for i, rect in enumerate(free):
        for rotated, w, h in sizes:
            fit = _fit(rect, w, h, options.bleed_mm, band, shared, len(group), trail, gutter)
            if fit is None:
                continue
            if others:
                fit = _snug(rect, fit, pitch(w, h, options.bleed_mm, shared, gutter), len(group), others)
            cols, rows, fw, fh = fit
            n = min(len(group), cols * rows)
            key = (n, -(fw * fh), -rect.y, -rect.x, not rotated)
            if best_key is None or key > best_key:
                best, best_key = (i, cols, rows, rotated, (shared, gutter), fw, fh), key
    return best


def _widths(group: list[PieceInput], options: SheetOptions, band: float) -> set[tuple[float, float]]:
    """(pitch, overhead) across the page of a block of the group, in each orientation it may take."""
    p = group[0]
    shared, gutter = spacing(p, options)
    extra = overhead(options.bleed_mm, band, shared, min(band, TRAIL_MM), gutter)
    return {(pitch(*turned_size(90 if r else 0, p.w, p.h), options.bleed_mm, shared, gutter)[0], extra)
            for r in _turns(p)}


def _snug(rect: Rect, fit: tuple[int, int, float, float], step: tuple[float, float], left: int,
          others: Sequence[tuple[float, float]]) -> tuple[int, int, float, float]:
    """A block of up to three columns fewer when that leaves a strip beside it that another group fills
    more fully (the least paper left over across the rectangle); rows grow to hold as many as they can."""
    cols, rows, fw, fh = fit
    extra, py = fw - cols * step[0], step[1]
    best = None
    for c in range(cols, max(cols - 3, 0), -1):
        room = rect.w - (c * step[0] + extra)
        waste = min([room - x - ((room - x + EPS) // w) * w for w, x in others if room >= w + x - EPS] + [room])
        if best is None or waste < best[0] - EPS:
            best = (waste, c)
    assert best is not None                 # cols >= 1: one width at least is tried
    c = best[1]
    if c == cols:
        return fit
    r = min(int((rect.h - (fh - rows * py) + EPS) // py), math.ceil(left / c))
    return c, r, c * step[0] + extra, r * py + (fh - rows * py)


def _turns(p: PieceInput) -> tuple[bool, ...]:
    return (False, True) if p.rotatable and abs(p.w - p.h) > EPS else (False,)
