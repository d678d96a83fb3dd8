"""Nyakuza's pure rulings over seat labels: one round of bids, the clockwise order and the final ranking.

Kept apart from the state because `pnp solve nyakuza bid` and the bid examples need them without a board:
they take plain labels and Kōban counts and return a new outcome, changing nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence


class IllegalBid(ValueError):
    """A bid the rules forbid: below zero, or more Kōbans than the bidder holds."""


def kobans(n: int) -> str:
    return f"{n} Kōban" + ("" if n == 1 else "s")


@dataclass(frozen=True)
class BidOutcome:
    boats: dict[str, int]
    kobans: dict[str, int]
    wharf: int
    amulet: str
    order: tuple[str, ...]          # who places Boats, in turn order

    def as_json(self) -> dict[str, Any]:
        return {"boats": dict(self.boats), "kobans": dict(self.kobans), "wharf": self.wharf, "amulet": self.amulet,
                "order": list(self.order)}


def clockwise_from(seats: Sequence[Any], start: Any) -> list[Any]:
    i = list(seats).index(start)
    return list(seats[i:]) + list(seats[:i])


def resolve_bids(seats: Sequence[str], amulet: str, wharf: int, held: Mapping[str, int], bids: Mapping[str, int],
                 boats_by_rank: Sequence[int] = (3, 2, 1), wharf_order: str = "pay-then-split") -> BidOutcome:
    """The reference's pseudo-code (rules.md 1.4) over seat labels: ties go to the Amulet holder, then clockwise."""
    for p in seats:
        if bids[p] < 0:
            raise IllegalBid(f"{p} bids {bids[p]}; a bid is 0 Kōbans or more")
        if bids[p] > held[p]:
            raise IllegalBid(f"{p} bids {bids[p]} but has only {kobans(held[p])}")
    priority = clockwise_from(seats, amulet)
    positive = sorted((p for p in priority if bids[p] > 0), key=lambda p: -bids[p])   # stable: ties keep priority
    zero = [p for p in priority if bids[p] == 0]
    after = {p: held[p] for p in seats}
    if wharf_order == "split-then-pay":
        wharf = _split_wharf(wharf, zero, after)
    if positive:
        after[positive[0]] -= bids[positive[0]]
        wharf += bids[positive[0]]
    if wharf_order == "pay-then-split":
        wharf = _split_wharf(wharf, zero, after)
    boats = {p: 0 for p in seats}
    for rank, p in enumerate(positive):
        boats[p] = boats_by_rank[min(rank, len(boats_by_rank) - 1)]
    holder = positive[0] if positive else amulet        # all_bids_zero "no-boats": the Amulet stays
    order = sorted((p for p in clockwise_from(seats, holder) if boats[p]), key=lambda p: -boats[p])
    return BidOutcome(boats, after, wharf, holder, tuple(order))


def _split_wharf(wharf: int, zero: Sequence[str], held: dict[str, int]) -> int:
    """Zero-bidders share the Wharf equally; the remainder stays (L107-113)."""
    if not zero:
        return wharf
    share = wharf // len(zero)
    for p in zero:
        held[p] += share
    return wharf - share * len(zero)


def final_winners(seats: Sequence[str], stalls_built: Mapping[str, int], held: Mapping[str, int]) -> tuple[str, ...]:
    """Most Stalls, then most Kōbans behind the screen; clans still tied all win ("merge", L343-350)."""
    best = max((stalls_built[p], held[p]) for p in seats)
    return tuple(p for p in seats if (stalls_built[p], held[p]) == best)
