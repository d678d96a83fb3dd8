"""The simultaneous bid of a round, applied to the table: Kōbans, the Wharf, the Amulet, Boats earned
(the arithmetic itself is bidding.resolve_bids)."""

from __future__ import annotations

from typing import Sequence

from generator.solver.games.nyakuza.bidding import BidOutcome, resolve_bids
from generator.solver.games.nyakuza.moves import BID, PLACE, IllegalMove
from generator.solver.games.nyakuza.rounds import next_turn, secret_turns
from generator.solver.games.nyakuza.table import Table


def legal_bids(t: Table, seat: int) -> range:
    return range(t.kobans[seat] + 1)


def apply_bids(t: Table, bids: Sequence[int]) -> BidOutcome:
    """All bids at once, in seat order (they are revealed simultaneously)."""
    if t.phase != BID:
        raise IllegalMove("no bid is open now")
    out = resolve_bids(t.seats, t.seats[t.amulet], t.wharf, dict(zip(t.seats, t.kobans)),
                       dict(zip(t.seats, bids)), t.spec.boats_by_rank, t.spec.wharf_order)
    t.kobans = [out.kobans[s] for s in t.seats]
    t.wharf, t.amulet = out.wharf, t.seats.index(out.amulet)
    t.awarded = [out.boats[s] for s in t.seats]
    t.queue = [t.seats.index(s) for s in out.order] + secret_turns(t)
    t.phase = PLACE
    next_turn(t)
    return out
