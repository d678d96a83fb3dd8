"""Rounds and turns: who places next, the final round once the bag is empty, and the ranking."""

from __future__ import annotations

from generator.solver.games.nyakuza.bidding import clockwise_from, final_winners
from generator.solver.games.nyakuza.moves import OVER, Build
from generator.solver.games.nyakuza.spec import BOAT


class Rounds:
    """Turn order and the end of the game (mixed into NyakuzaState)."""

    def _secret_turns(self) -> list[int]:
        """Variant: clans without Boats but with a Secret tile play after the others, clockwise from the Amulet."""
        if not self.variant:
            return []
        return [i for i in clockwise_from(range(len(self.seats)), self.amulet)
                if not self.awarded[i] and self.secret[i] is not None]

    def _next_turn(self) -> None:
        while self.queue:
            p = self.queue.pop(0)
            got = self.awarded[p] if self.spec.out_of_boats == "unlimited" else min(self.awarded[p], self.supply[p])
            self.missing[p] += max(self.awarded[p] - self.supply[p], 0)
            if self.awarded[p] > self.supply[p]:
                self.short.add(BOAT)
            self.supply[p] -= got
            self.current, self.pending = p, got
            if got or self.secret[p] is not None:
                return
        self.current = -1
        if self.final:
            self._rank()
        else:
            self._start_round()

    def _after_turn_step(self, p: int, builds: list[Build], force_end: bool = False) -> list[Build]:
        if self.phase != OVER and (force_end or (not self.pending and self.secret[p] is None)):
            self._next_turn()
        return builds

    def _rank(self) -> None:
        built = {s: self.setup.stalls - self.stalls_left[i] for i, s in enumerate(self.seats)}
        won = final_winners(self.seats, built, dict(zip(self.seats, self.kobans)))
        self.winners, self.how, self.phase = tuple(self.seats.index(s) for s in won), "ranking", OVER
