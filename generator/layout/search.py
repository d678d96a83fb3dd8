"""Search over page compositions, for a plan that misses the paper goal when each page is filled greedily.

Filling every page as full as it goes (layout/pack.py `pack_pages`) is myopic: the last pages get what is
left, often small pieces of mixed sizes that pack poorly, and Izakaya with 2-4 players took one sheet
more than 1.1 x the area bound on A4 (its 80 mm site cards fill a page six at a time at 77 %, so every
other page must be nearly full; with the search 10 -> 9, 11 -> 10 and 12 -> 11 sheets). Here a beam of
partial plans grows a page at a time. Each next page is filled in many ways: every packing variant,
each also fitting blocks snugly (a block gives up columns so another group fills the strip beside it),
and with each group of pieces tried first in the variants that rank groups by area. The partial plans
holding the most are completed greedily; those whose completion takes the fewest pages, then that hold
the most so far, are kept. The search runs only when the greedy plan misses the goal, stops once a plan
meets it, and fills at most BUDGET pages, so planning stays quick; it is deterministic (ties go to the
first in a fixed order).
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

from generator.layout.pack import (EPS, VARIANTS, PackedPage, PieceInput, Rect, Variant, area_floor, fill_page,
                                   grouped, needs_back, pack_pages, rank, spacing, split_of)
from generator.layout.plan import SheetOptions

GOAL = 1.1           # sheets within 1.1 x the area bound (rounded up) are good enough (bench/bench_paper.py)
BEAM = 2             # partial plans kept after each page
PILOTS = 8           # partial plans (holding the most) completed greedily to choose the BEAM kept
BUDGET = 2000        # pages filled at most (about 0.3 ms each on Izakaya): planning stays quick
WIDE = (8, 8, 16000)  # BEAM, PILOTS, BUDGET of the second search, with mixed columns (layout/stack.py)
WAYS = VARIANTS + tuple(dataclasses.replace(v, snug=True) for v in VARIANTS)
PILOT = Variant("area", "max")    # how a partial plan is completed


@dataclass(frozen=True)
class _Partial:
    held: float                       # area of the pieces placed so far
    left: tuple[int, ...]             # pieces left of each group
    pages: tuple[PackedPage, ...]


class _Pages:
    """Pages filled from the counts of pieces left per group; each filling is computed once."""

    def __init__(self, groups: list[list[PieceInput]], options: SheetOptions, label: tuple[float, float],
                 strips: list[tuple[Rect, Rect]], stack: bool = False) -> None:
        self.groups, self.options, self.label, self.strips = groups, options, label, strips
        self.ways = tuple(dataclasses.replace(w, stack=stack) for w in WAYS)
        self.pilot = dataclasses.replace(PILOT, stack=stack)
        self.memo: dict = {}

    def order(self, left: tuple[int, ...], way: Variant, lead: int = 0) -> tuple[int, ...]:
        """The groups with pieces left in the way's rank order, the `lead`-th of them moved first."""
        ranked = sorted((i for i, n in enumerate(left) if n), key=lambda i: rank(self.groups[i][0], way))
        return tuple(ranked[lead:lead + 1] + ranked[:lead] + ranked[lead + 1:])

    def fill(self, left: tuple[int, ...], way: Variant, order: tuple[int, ...]):
        """(pieces left per group after the page, the page, the area it holds)."""
        key = (left, split_of(way, self.options), way.snug, way.stack, order)  # the rank order only decides `order`
        if key not in self.memo:
            ranked = [self.groups[i][len(self.groups[i]) - left[i]:] for i in order]
            trial, page, held = fill_page(ranked, self.options, self.label, self.strips, way)
            after = list(left)
            for i, g in zip(order, trial):
                after[i] = len(g)
            self.memo[key] = (tuple(after), page, held)
        return self.memo[key]

    def complete(self, left: tuple[int, ...]) -> tuple[PackedPage, ...]:
        """The pages the pieces left take, each filled the PILOT way."""
        pages = []
        while any(left):
            left, page, _ = self.fill(left, self.pilot, self.order(left, self.pilot))
            pages.append(page)
        return tuple(pages)


def search_pages(pieces: list[PieceInput], options: SheetOptions, label: tuple[float, float],
                 strips: list[tuple[Rect, Rect]], tiled: int = 0) -> list[PackedPage]:
    """`pack_pages`'s plan, or when it misses the goal, the search's if that takes fewer sheets (then fewer
    pages needing a back). `tiled`: sheets the job's boards take besides (the goal is for the whole job)."""
    greedy = pack_pages(pieces, options, label, strips)
    goal = math.ceil(GOAL * (area_floor(pieces, options) + tiled) - EPS) - tiled
    groups = [list(g) for g in grouped(pieces) if g]
    if len(greedy) <= goal or len(groups) == 1:    # one kind of piece: every page as full as it goes is the best
        return greedy
    best = _beam(_Pages(groups, options, label, strips), tuple(greedy), goal)
    # one sheet over: stack pieces in mixed columns, and search wider; not when every piece shares its bleed across
    # a gutter (print-then-cut, image decks): they make no mixed columns, and a wider search found no sheet for them
    if len(best) == goal + 1 and any(spacing(p, options)[1] == 0 for p in pieces):
        best = _beam(_Pages(groups, options, label, strips, stack=True), best, goal, *WIDE)
    return list(best)


def _key(pages: tuple[PackedPage, ...]) -> tuple[int, int]:
    return (len(pages), sum(1 for pg in pages if needs_back(pg.blocks)))


def _beam(fills: _Pages, best: tuple[PackedPage, ...], goal: int, width: int = BEAM, pilots: int = PILOTS,
          budget: int = BUDGET) -> tuple[PackedPage, ...]:
    """`best`, or a plan the beam (`width` partial plans kept, `pilots` completed, at most `budget` pages
    filled) finds with fewer pages (or as many and fewer needing a back)."""
    beam = [_Partial(0.0, tuple(len(g) for g in fills.groups), ())]
    while beam and len(fills.memo) < budget and len(best) > max(goal, len(beam[0].pages) + 1):
        children: dict = {}
        for part in beam:
            for left, page, held in _children(fills, part.left, budget):
                child = _Partial(part.held + held, left, part.pages + (page,))
                if not any(left):
                    best = min(best, child.pages, key=_key)
                elif left not in children or child.held > children[left].held + EPS:
                    children[left] = child
        chosen = sorted(children.values(), key=lambda c: (-c.held, c.left))[:pilots]
        done = [part.pages + fills.complete(part.left) for part in chosen]
        best = min([best] + done, key=_key)
        kept = sorted(range(len(chosen)), key=lambda k: (len(done[k]), -chosen[k].held, k))[:width]
        beam = [chosen[k] for k in kept]
    return best


def _children(fills: _Pages, left: tuple[int, ...], budget: int):
    """Every way of filling the next page (until the budget is spent): each way of packing; in the ways
    ranking groups by area, with each group tried first."""
    groups = sum(1 for n in left if n)
    for way in fills.ways:
        for lead in range(groups if way.order == "area" else 1):
            if len(fills.memo) >= budget:
                return
            yield fills.fill(left, way, fills.order(left, way, lead))
