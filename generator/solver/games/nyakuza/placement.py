"""Where a Boat may go: free tiles, Shores and Seas next to the clan, and only if its owner can pay
for every Stall the Boat would force (the rulebook's ATTENTION, L295-303)."""

from __future__ import annotations

from typing import Sequence

from generator.solver.games.nyakuza.bidding import kobans
from generator.solver.games.nyakuza.moves import OVER, PLACE


class Placement:
    """Placement legality (mixed into NyakuzaState)."""

    def why_illegal(self, action: int, choices: Sequence[tuple[int, tuple[int, ...]]] = ()) -> str | None:
        """None if the current player may take `action`, else the rule that forbids it."""
        if self.phase != PLACE:
            return "the game is over" if self.phase == OVER else "Boats are placed after the bids"
        p, clan = self.current, self.seats[self.current]
        if action == self.PASS:
            return None if not self.pending or not self._any_space(p) else f"{clan} must place their Boats first"
        if action == self.SECRET:
            if self.secret[p] is None:
                return f"{clan} holds no Secret Resource tile"
            if not self.supply[p]:
                return f"{clan} has no Boat left for the Secret Resource tile"
            return self._cannot_pay(p, self.target(action), choices)
        if not self.pending:
            return f"{clan} has no Boat left to place this turn"
        return self._where_illegal(p, action) or self._cannot_pay(p, action, choices)

    def _where_illegal(self, p: int, s: int) -> str | None:
        name, kind = self.board.ids[s], self.board.kinds[s]
        if self.stall[s] >= 0 or s == self.market:
            return f"{name} holds a Stall"
        if self.owner[s] >= 0:
            return f"{name} is taken by a {self.seats[self.owner[s]]} Boat"
        if kind == "resource" and not self.tile[s]:
            return f"{name} has no tile yet"
        if kind != "resource" and not any(self.owner[t] == p for t in self.board.neighbours[s]):
            return f"{name} is a {kind.capitalize()} space not next to a {self.seats[p]} Boat"
        return None

    def _cannot_pay(self, p: int, s: int, choices: Sequence = ()) -> str | None:
        """The rulebook's ATTENTION (L295-303): a Boat may not complete Stalls its owner cannot pay for."""
        builds = self._plan(p, self._group(p, s), choices)
        cost = sum(len(b.tiles) for b in builds)
        if cost <= self.kobans[p]:
            return None
        what = "; ".join(f"{'the Grand Market' if b.market else 'a Stall'} on {self.board.ids[b.shore]} with tiles "
                         f"{', '.join(map(str, b.tiles))}" for b in builds)
        return f"a Boat on {self.board.ids[s]} would build {what}, costing {kobans(cost)}, but {self.seats[p]} " \
               f"has only {kobans(self.kobans[p])}"

    def _candidates(self, p: int) -> list[int]:
        """Spaces that may take a Boat before the Kōban test: free tiles, and free Shores and Seas next to p."""
        return sorted(self.free_tiles | self.frontier[p])

    def _any_space(self, p: int) -> bool:
        return any(self._cannot_pay(p, s) is None for s in self._candidates(p))
