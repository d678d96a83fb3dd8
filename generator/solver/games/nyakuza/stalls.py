"""Groups of Boats and the Stalls they must build: planning in recipe order, scripted choices, building."""

from __future__ import annotations

from collections import Counter
from typing import Mapping, Sequence

from generator.solver.games.nyakuza.moves import OVER, Build, IllegalMove


class StallPlanning:
    """Stall planning and building (mixed into NyakuzaState)."""

    def _group(self, p: int, start: int) -> set[int]:
        """The spaces of p's Boats connected to `start` (counted as p's even before the Boat lands)."""
        owner, neighbours = self.owner, self.board.neighbours
        seen, stack = {start}, [start]
        while stack:
            for t in neighbours[stack.pop()]:
                if owner[t] == p and t not in seen:
                    seen.add(t)
                    stack.append(t)
        return seen

    def _plan(self, p: int, group: set[int], choices: Sequence = ()) -> list[Build]:
        """Every Stall the group must build now, in order: while it holds unused recipe tiles and an empty Shore."""
        if len(group) < 2:
            return []
        kinds, numbers, spec = self.board.kinds, self.board.numbers, self.spec
        pool = {numbers[s]: spec.tile_type[numbers[s]] for s in group if kinds[s] == "resource" and not self.used[s]}
        shores = sorted(s for s in group if kinds[s] == "shore" and self.stall[s] < 0 and s != self.market)
        out: list[Build] = []
        stalls = self.stalls_left[p]
        while shores:
            step = self._choose(pool, shores, choices[len(out)] if len(out) < len(choices) else None)
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

    def _choose(self, pool: dict[int, str], shores: list[int], pick: tuple | None) -> tuple[int, tuple] | None:
        """The first choice (first recipe in spec order, lowest tiles, first Shore: NYA-GAP-06), or a scripted pick."""
        if pick is None:
            for recipe in self.spec.recipes:
                tiles = _take(pool, recipe)
                if tiles:
                    return shores[0], tiles
            return None
        shore, tiles = pick
        if shore not in shores:
            raise IllegalMove(f"{self.board.ids[shore]} is not an empty Shore of the group")
        if any(n not in pool for n in tiles):
            raise IllegalMove(f"tiles {list(tiles)} are not all unused tiles of the group")
        if Counter(pool[n] for n in tiles) not in [Counter(dict(r)) for r in self.spec.recipes]:
            raise IllegalMove(f"tiles {list(tiles)} are not a recipe")
        return shore, tuple(sorted(tiles))

    def _build(self, p: int, b: Build) -> None:
        self.kobans[p] -= len(b.tiles)
        for n in b.tiles:
            self.used[self.board.resource[n]] = True
            self.used_count += 1
        if b.market:
            self.market, self.winners, self.how, self.phase = b.shore, (p,), "grand-market", OVER
        else:
            self.stall[b.shore] = p
            self.stalls_left[p] -= 1


def _take(pool: Mapping[int, str], recipe: Sequence[tuple[str, int]]) -> tuple[int, ...] | None:
    chosen: list[int] = []
    for kind, k in recipe:
        have = sorted(n for n, t in pool.items() if t == kind)
        if len(have) < k:
            return None
        chosen += have[:k]
    return tuple(sorted(chosen))
