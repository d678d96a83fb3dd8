"""Groups of Boats and the Stalls they must build: planning in recipe order, scripted choices, building."""

from __future__ import annotations

from collections import Counter
from typing import Mapping, Sequence

from generator.solver.games.nyakuza.moves import OVER, Build, Choice, IllegalMove
from generator.solver.games.nyakuza.table import Table


def group(t: Table, p: int, start: int) -> set[int]:
    """The spaces of p's Boats connected to `start` (counted as p's even before the Boat lands)."""
    owner, neighbours = t.owner, t.board.neighbours
    seen, stack = {start}, [start]
    while stack:
        for s in neighbours[stack.pop()]:
            if owner[s] == p and s not in seen:
                seen.add(s)
                stack.append(s)
    return seen


def plan(t: Table, p: int, spaces: set[int], choices: Sequence[Choice] = ()) -> list[Build]:
    """Every Stall the group must build now, in order: while it holds unused recipe tiles and an empty Shore."""
    if len(spaces) < 2:
        return []
    kinds, numbers, spec = t.board.kinds, t.board.numbers, t.spec
    pool = {n: spec.tile_type[n] for s in spaces if kinds[s] == "resource" and not t.used[s]
            and (n := numbers[s]) is not None}
    shores = sorted(s for s in spaces if kinds[s] == "shore" and t.stall[s] < 0 and s != t.market)
    out: list[Build] = []
    stalls = t.stalls_left[p]
    while shores:
        step = _choose(t, pool, shores, choices[len(out)] if len(out) < len(choices) else None)
        if step is None:
            break
        out.append(Build(step[0], step[1], stalls == 0))
        if stalls == 0:
            break                   # the Grand Market ends the game
        shores.remove(step[0])
        for n in step[1]:
            del pool[n]
        stalls -= 1
    return out


def _choose(t: Table, pool: dict[int, str], shores: list[int], pick: Choice | None) -> Choice | None:
    """The first choice (first recipe in spec order, lowest tiles, first Shore: NYA-GAP-06), or a scripted pick."""
    if pick is None:
        for recipe in t.spec.recipes:
            tiles = _take(pool, recipe)
            if tiles:
                return shores[0], tiles
        return None
    shore, tiles = pick
    if shore not in shores:
        raise IllegalMove(f"{t.board.ids[shore]} is not an empty Shore of the group")
    if any(n not in pool for n in tiles):
        raise IllegalMove(f"tiles {list(tiles)} are not all unused tiles of the group")
    if Counter(pool[n] for n in tiles) not in [Counter(dict(r)) for r in t.spec.recipes]:
        raise IllegalMove(f"tiles {list(tiles)} are not a recipe")
    return shore, tuple(sorted(tiles))


def build(t: Table, p: int, b: Build) -> None:
    t.kobans[p] -= len(b.tiles)
    for n in b.tiles:
        t.used[t.board.resource[n]] = True
        t.used_count += 1
    if b.market:
        t.market, t.winners, t.how, t.phase = b.shore, (p,), "grand-market", OVER
    else:
        t.stall[b.shore] = p
        t.stalls_left[p] -= 1


def _take(pool: Mapping[int, str], recipe: Sequence[tuple[str, int]]) -> tuple[int, ...] | None:
    chosen: list[int] = []
    for kind, k in recipe:
        have = sorted(n for n, t in pool.items() if t == kind)
        if len(have) < k:
            return None
        chosen += have[:k]
    return tuple(sorted(chosen))
