"""Fold-over printing (`--duplex fold`): each double-sided piece printed with its back beside it, for a
printer that prints one side. Cut the pair out, fold on the dashed line (art outside), glue, done.

A pair is packed as one piece twice as long: front and back share the fold edge (no bleed across it;
bleed continues the art on the outer edges), side by side or one above the other, whichever puts more
pairs on a page (a hex folds along a flat edge, circles touch at the fold, which is their tangent: cut
the pair's rectangle, fold, glue, then cut the round through both layers). The back is placed where the
front's trim lands when the paper is folded along the line, turned so that it reads upright when the
folded piece is turned over like a card: beside the front, as a long-edge flip does to a sheet (the back
keeps the front's turn); below it, as a short-edge flip does (half a turn more). Pieces whose pair does
not fit the paper print front and back on their own, single-sided, to be cut out and glued together.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from generator.common.units import rounded
from generator.layout.pack import Rect, fits_paper, pack
from generator.geometry.outline import line_d
from generator.layout.paper import paper_words
from generator.layout.plan import (MARK_MIN_MM, MARK_OFFSET_MM, PAPERS_MM, FoldPair, Outline, PieceInput,
                                   Placement, SheetOptions)
from generator.layout.turn import frame_matrix

SAMPLE_PAIRS = 200       # how many pairs a page is asked to hold when comparing the two ways of pairing


@dataclass(frozen=True)
class Pair:
    piece: PieceInput    # the front as the spec gives it
    stack: bool          # back below the front (fold line horizontal in the piece's frame), else beside it

    @property
    def back(self) -> str:
        """The back's design: only a piece with a back is paired (fold_inputs)."""
        if self.piece.back is None:
            raise ValueError(f"{self.piece.design} is paired without a back")
        return self.piece.back


def pair_piece(p: PieceInput, stack: bool) -> PieceInput:
    """The pair as one piece to pack: twice as long, keeping its back so it is grouped apart from
    single-sided pieces of the same size."""
    w, h = (p.w, 2 * p.h) if stack else (2 * p.w, p.h)
    return PieceInput(p.design, p.back, w, h, p.shape, p.count, rotatable=p.rotatable)


def _fits(piece: PieceInput, options: SheetOptions, areas: list) -> bool:
    return all(fits_paper(piece, options, a) for a in areas)


def _capacity(piece: PieceInput, options: SheetOptions, area) -> int:
    many = dataclasses.replace(piece, count=SAMPLE_PAIRS)
    return sum(len(b.items) for b in pack([many], options, area)[0])


def pairing(p: PieceInput, options: SheetOptions, areas: list) -> bool | None:
    """Stack (True) or side by side (False), whichever holds more pairs on a page; None when neither fits."""
    ways = [p.w > p.h] if p.shape == "hex" else [False, True]    # a hex folds along one of its flat edges
    best, best_n = None, 0
    for stack in ways:
        pair = pair_piece(p, stack)
        if _fits(pair, options, areas):
            n = _capacity(pair, options, areas[0])
            if n > best_n:
                best, best_n = stack, n
    return best


def fold_inputs(pieces: list[PieceInput], options: SheetOptions,
                areas: list) -> tuple[list[PieceInput], dict[str, Pair], tuple[str, ...]]:
    """Pieces to pack (pairs, single-sided pieces, and fronts and backs of pieces too large to fold), the
    pairs by front design, and the summary's note naming the pieces too large to fold."""
    out, pairs, apart = [], {}, []
    for p in pieces:
        if p.back is None:
            out.append(p)
            continue
        stack = None if p.tileable and not fits_paper(p, options) else pairing(p, options, areas)
        if stack is None:
            apart.append(p)
            out += [dataclasses.replace(p, back=None), _back_piece(p, p.back)]
            continue
        pairs[p.design] = Pair(p, stack)
        out.append(pair_piece(p, stack))
    return out, pairs, _apart_note(apart, options, areas)


def _back_piece(p: PieceInput, back: str) -> PieceInput:
    """A back printed on its own: upright, with the front's fold lines where they are behind it."""
    folds = tuple((rounded(p.w - x1, 4), y1, rounded(p.w - x2, 4), y2) for x1, y1, x2, y2 in p.folds)
    return dataclasses.replace(p, design=back, back=None, folds=folds)


def _apart_note(apart: list[PieceInput], options: SheetOptions, areas: list) -> tuple[str, ...]:
    if not apart:
        return ()
    names = ", ".join(dict.fromkeys(p.design for p in apart))
    larger = [name for name, size in PAPERS_MM.items()
              if size[0] * size[1] > options.page_mm[0] * options.page_mm[1]
              and all(p.tileable and not fits_paper(p, options) or
                      pairing(p, dataclasses.replace(options, paper=name), [None]) is not None for p in apart)]
    hint = f"; on {' or '.join(larger)} they fold" if larger else ""
    return (f"too large to fold on {paper_words(options.paper)}: {names}: front and back print on pages of their own, "
            f"single-sided: cut both out and glue each back to its front{hint}",)


def _corner(m, u: float, v: float, ox: float, oy: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return (rounded(a * u + c * v + e + ox, 4), rounded(b * u + d * v + f + oy, 4))


def _rect(m, u: float, v: float, w: float, h: float, ox: float, oy: float) -> tuple[float, float, float, float]:
    (x1, y1), (x2, y2) = _corner(m, u, v, ox, oy), _corner(m, u + w, v + h, ox, oy)
    return min(x1, x2), min(y1, y2), rounded(abs(x2 - x1), 4), rounded(abs(y2 - y1), 4)


def _keep(rect, line, keep) -> tuple[float, float, float, float]:
    """The pair's bleed on a half's three outer sides, none on the side at the fold."""
    x, y, w, h = rect
    l, t, r, b = keep
    if line[0] == line[2]:                       # vertical fold
        return (0.0 if abs(x - line[0]) < 1e-6 else l, t, 0.0 if abs(x + w - line[0]) < 1e-6 else r, b)
    return (l, 0.0 if abs(y - line[1]) < 1e-6 else t, r, 0.0 if abs(y + h - line[1]) < 1e-6 else b)


def unfold(pl: Placement, pair: Pair, options: SheetOptions, first: int, block: Rect):
    """A packed pair's front and back placements, the front's outline and fold lines (cut and folded through
    both layers once glued, so the back carries none that could show), the pair's fold line and the
    FoldPair record. `block`: the bleed rectangle of the pair's block, whose edges the fold's ticks cross."""
    p, stack = pair.piece, pair.stack
    pw, ph = (p.w, 2 * p.h) if stack else (2 * p.w, p.h)
    m = frame_matrix(pl.rotation, pw, ph)
    front_rect = _rect(m, 0, 0, p.w, p.h, pl.x, pl.y)
    back_rect = _rect(m, 0, p.h, p.w, p.h, pl.x, pl.y) if stack else _rect(m, p.w, 0, p.w, p.h, pl.x, pl.y)
    ends = ((0, p.h), (p.w, p.h)) if stack else ((p.w, 0), (p.w, p.h))
    (x1, y1), (x2, y2) = sorted(_corner(m, u, v, pl.x, pl.y) for u, v in ends)
    line = (x1, y1, x2, y2)
    back_turn = (pl.rotation + (180 if stack else 0)) % 360
    front = Placement(p.design, *front_rect, pl.rotation, _keep(front_rect, line, pl.keep), p.shape, p.cut, p.w, p.h)
    back = Placement(pair.back, *back_rect, back_turn, _keep(back_rect, line, pl.keep), p.shape, p.cut, p.w, p.h)
    outlines = []
    if p.shape != "rect" and options.marks != "none":
        outlines += [Outline(p.cut, front.x, front.y, front.rotation, p.w, p.h, k) for k in ("cut-halo", "cut")]
    for a, b, c, d in p.folds:
        outlines += [Outline(line_d(a, b, c, d), front.x, front.y, front.rotation, p.w, p.h, k)
                     for k in ("fold-halo", "fold")]
    outlines.append(_fold_line(line, pl.keep, options, block))
    return [front, back], outlines, FoldPair(first, first + 1, line)


def _fold_line(line, keep, options: SheetOptions, block: Rect) -> Outline:
    """The fold dashed across the pair's trim and bleed, and on into the marks' band where the pair is at the
    edge of its block, so it can be scored with a ruler before the pair is cut out."""
    x1, y1, x2, y2 = line
    l, t, r, b = keep
    tick = 0.0 if options.marks == "none" else MARK_OFFSET_MM + MARK_MIN_MM
    if x1 == x2:
        top, bottom = y1 - t, y2 + b
        top -= tick if abs(top - block.y) < 1e-6 else 0.0
        bottom += tick if abs(bottom - block.bottom) < 1e-6 else 0.0
        return _dashed(x1, top, x2, bottom)
    left, right = x1 - l, x2 + r
    left -= tick if abs(left - block.x) < 1e-6 else 0.0
    right += tick if abs(right - block.right) < 1e-6 else 0.0
    return _dashed(left, y1, right, y2)


def _dashed(x1: float, y1: float, x2: float, y2: float) -> Outline:
    """A fold line in page coordinates, drawn over the pieces' cut outlines."""
    return Outline(line_d(*(rounded(v, 4) for v in (x1, y1, x2, y2))), 0.0, 0.0, 0, 0.0, 0.0, "fold")


def fold_words(pairs_on_page: bool) -> str:
    """The footer's instructions on a page printed for folding."""
    if pairs_on_page:
        return "every page single-sided · cut out each pair, fold on its dashed line (art outside), glue"
    return "every page single-sided"
