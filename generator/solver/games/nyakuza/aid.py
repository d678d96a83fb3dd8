"""Nyakuza's player aid (inside each screen) as data, from the spec the engine reads: tiles drawn per
round, Kōbans and Stalls per player count, Boats by bid rank and the Wharf order."""

from __future__ import annotations

from typing import Any

from generator.solver.games.nyakuza.bidding import kobans
from generator.solver.games.nyakuza.spec import NyakuzaSpec


def _boats(n: int) -> str:
    return f"{n} Boat" + ("s" if n != 1 else "")


def nyakuza_aid(s: NyakuzaSpec) -> dict[str, Any]:
    draws = [f"{n} players: {u.first} tiles in round 1, then {u.later}" for n, u in sorted(s.setups.items())]
    supplies = [f"{n} players: {kobans(u.kobans)}, {u.stalls} Stalls each"
                + (f" ({u.to_box} Stalls back to the box)" if u.to_box else "") for n, u in sorted(s.setups.items())]
    first, second, other = (list(s.boats_by_rank) + [0, 0, 0])[:3]
    after = ", after the winner has paid" if s.wharf_order == "pay-then-split" else ""
    return {"draws": draws, "supplies": supplies,
            "bids": [{"title": "Highest bid", "text": f"Pays the bid into the Wharf, takes {_boats(first)} and the "
                                                      "Amulet, and places first."},
                     {"title": "Second highest", "text": f"Keeps the Kōbans and takes {_boats(second)}."},
                     {"title": "Any other bid", "text": f"Keeps the Kōbans and takes {_boats(other)}."},
                     {"title": "Bid of 0", "text": f"No Boats; the zero bidders share the Wharf equally{after}; "
                                                   "what does not divide stays."}]}
