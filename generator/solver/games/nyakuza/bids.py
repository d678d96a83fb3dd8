"""The simultaneous bid of a round, applied to the state: Kōbans, the Wharf, the Amulet, Boats earned."""

from __future__ import annotations

from typing import Sequence

from generator.solver.games.nyakuza.bidding import BidOutcome, resolve_bids
from generator.solver.games.nyakuza.moves import BID, PLACE, IllegalMove


class Bids:
    """Bidding (mixed into NyakuzaState); the arithmetic itself is bidding.resolve_bids."""

    def legal_bids(self, seat: int) -> range:
        return range(self.kobans[seat] + 1)

    def apply_bids(self, bids: Sequence[int]) -> BidOutcome:
        """All bids at once, in seat order (they are revealed simultaneously)."""
        if self.phase != BID:
            raise IllegalMove("no bid is open now")
        out = resolve_bids(self.seats, self.seats[self.amulet], self.wharf, dict(zip(self.seats, self.kobans)),
                           dict(zip(self.seats, bids)), self.spec.boats_by_rank, self.spec.wharf_order)
        self.kobans = [out.kobans[s] for s in self.seats]
        self.wharf, self.amulet = out.wharf, self.seats.index(out.amulet)
        self.awarded = [out.boats[s] for s in self.seats]
        self.queue = [self.seats.index(s) for s in out.order] + self._secret_turns()
        self.phase = PLACE
        self._next_turn()
        return out
