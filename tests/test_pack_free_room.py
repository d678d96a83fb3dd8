"""Packing into the free room left between blocks: with `--duplex fold` Nyakuza's 160 boat tokens and
hex tiles on A4 take 19 sheets when free room is only the pieces of a guillotine split; keeping every
maximal empty rectangle joins the strips beside and below blocks, so they fit the allowance (18 of a
bound of 16). The pages this makes must still be cuttable: no bleeds overlap, every mark clear of them.

The bound is computed here as bench/bench_paper.py defines it: each double-sided piece a fold pair
(front and back sharing the fold edge, no bleed across it) in its smaller orientation that fits.
"""

from __future__ import annotations

import math

import pytest

from generator.commands.build import pieces_of
from generator.model.designs import expand
from generator.layout.pack import Rect, Variant, fill_page, grouped, printable
from generator.layout.plan import PieceInput, SheetOptions
from generator.layout.sheets import plan_sheets
from generator.model.selection import Selection, select
from generator.load import load_game

PRINTABLE = {"a4": (200.0, 287.0), "letter": (205.9, 269.4)}    # the page less 5 mm each side
BLEED = 3.0


def _plan(game: str, paper: str, duplex: str, players: int | None = None):
    spec = load_game(game)
    specs = expand(spec)
    if players is not None:
        specs = select(spec, specs, Selection(players=players))
    pieces = pieces_of(specs)
    return pieces, plan_sheets(pieces, SheetOptions(paper=paper, duplex=duplex), spec.title)


def _fold_bound(pieces, paper: str) -> int:
    pw, ph = PRINTABLE[paper]
    fits = lambda w, h: (w <= pw and h <= ph) or (h <= pw and w <= ph)  # noqa: E731
    area = 0.0
    for p in pieces:
        one = (p.w + 2 * BLEED) * (p.h + 2 * BLEED)
        if p.tileable and not fits(p.w + 2 * BLEED, p.h + 2 * BLEED):
            continue                                    # a board: its tile sheets are counted from the plan
        if p.back:
            ways = [(2 * p.w + 2 * BLEED, p.h + 2 * BLEED), (p.w + 2 * BLEED, 2 * p.h + 2 * BLEED)]
            pairs = [w * h for w, h in ways if fits(w, h)]
            one = min(pairs) if pairs else 2 * one
        area += one * p.count
    return math.ceil(area / (pw * ph) - 1e-9)


@pytest.fixture(scope="module")
def nyakuza_fold():
    return _plan("nyakuza", "a4", "fold")


def test_nyakuza_fold_on_a4_within_the_allowance(nyakuza_fold):
    pieces, plan = nyakuza_fold
    packed = [pg for pg in plan.pages if pg.side == "front" and not any(pl.tile for pl in pg.placements)]
    tiled = sum(1 for pg in plan.pages if pg.side == "front" and any(pl.tile for pl in pg.placements))
    bound = _fold_bound(pieces, "a4") + tiled
    assert bound == 16
    assert len(packed) + tiled <= math.ceil(1.1 * bound - 1e-9) == 18


@pytest.mark.parametrize("case", [("nyakuza", "a4", "fold", None), ("nusfjord", "a4", "long", 2)])
def test_pages_stay_cuttable(case, nyakuza_fold):
    """No two bleeds overlap and no crop mark comes within 0.5 mm of a bleed, on every packed page."""
    _, plan = nyakuza_fold if case[0] == "nyakuza" else _plan(*case)
    for page in plan.pages:
        if page.side != "front" or any(pl.tile for pl in page.placements):
            continue
        boxes = [(pl.x - pl.keep[0], pl.y - pl.keep[1], pl.x + pl.w + pl.keep[2], pl.y + pl.h + pl.keep[3])
                 for pl in page.placements]
        for i, a in enumerate(boxes):
            for b in boxes[:i]:
                assert not (a[0] < b[2] - 1e-6 and b[0] < a[2] - 1e-6 and a[1] < b[3] - 1e-6 and b[1] < a[3] - 1e-6)
        for ln in (ln for ln in page.lines if ln.kind == "crop"):
            seg = (min(ln.x1, ln.x2), min(ln.y1, ln.y2), max(ln.x1, ln.x2), max(ln.y1, ln.y2))
            for b in boxes:
                grown = (b[0] - 0.5 + 1e-6, b[1] - 0.5 + 1e-6, b[2] + 0.5 - 1e-6, b[3] + 0.5 - 1e-6)
                assert not (seg[0] <= grown[2] and grown[0] <= seg[2] and seg[1] <= grown[3] and grown[1] <= seg[3]), \
                    (page.index, ln)


@pytest.mark.parametrize("split", ["below", "max"])
def test_a_snug_block_leaves_a_strip_another_size_fills(split):
    """19.05 mm counters fill A4 seven across, leaving 20.7 mm that a 15.875 mm counter (25.9 mm with its bleed and
    marks) cannot use; a snug fill (the page search's) sets five across and three of the smaller beside them."""
    options = SheetOptions(paper="a4")
    pieces = [PieceInput("big", None, 19.05, 19.05, "circle", 60), PieceInput("small", None, 15.875, 15.875, "circle", 60)]
    full = printable(options)
    strips = [(Rect(full.x, full.y, full.w, full.h - 2.6), Rect(full.x, full.bottom - 2.6, full.w, 2.6))]
    held = {}
    for snug in (False, True):
        _, page, held[snug] = fill_page([list(g) for g in grouped(pieces)], options, (100.0, 2.6), strips,
                                        Variant("area", split, True, snug))
        if snug:
            assert page.blocks[0].cols == 5 and any(b.items[0].design == "small" and b.cols == 3 for b in page.blocks)
    assert held[True] > held[False] * 1.07


def test_the_page_search_meets_the_goal_the_same_way_every_time():
    """Izakaya with 2 players on A4: filling each page greedily takes 10 sheets (bound 8, allowed 9); the page search
    (layout/search.py) finds 9, and plans it identically twice."""
    spec = load_game("izakaya")
    specs = select(spec, expand(spec), Selection(players=2))
    plans = [plan_sheets(pieces_of(specs), SheetOptions(paper="a4"), spec.title) for _ in range(2)]
    assert plans[0].pages == plans[1].pages
    assert sum(1 for pg in plans[0].pages if pg.side == "front") == 9
