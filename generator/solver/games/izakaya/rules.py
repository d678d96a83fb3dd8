"""Izakaya's rulings on a position: bidding for turn order, drink and claim legality, and scoring.

Pure functions of the IzakayaSpec and a Position; `pnp solve izakaya`, the examples and the simulation all
call these, so the table, the report and the random games apply one rulebook.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from generator.solver.games.izakaya.grid import Card, Corner, Edge, Grid
from generator.solver.games.izakaya.spec import IzakayaSpec


@dataclass
class Building:
    card: Card
    owner: str
    floors: int
    footprint: int = 0          # which footprint of the card (a card may hold two buildings)


@dataclass
class Position:
    players: list[str]
    grid: Grid
    prices: dict[str, int]
    drinks: dict[Corner, str] = field(default_factory=dict)
    claims: dict[Edge, str] = field(default_factory=dict)
    pyramids: dict[Card, str] = field(default_factory=dict)
    buildings: list[Building] = field(default_factory=list)
    yen: dict[str, int] = field(default_factory=dict)


def bid(spec: IzakayaSpec, order: list[str], yen: dict[str, int], bids: dict[str, int], pile: int) -> dict[str, Any]:
    """All bids are paid into the pile; highest first; tied players swap: their previous relative order is
    reversed (or kept, with rules.ties keep-previous). The end is triggered when the pile reaches the threshold."""
    before = {p: i for i, p in enumerate(order)}
    sign = -1 if spec.ties == "reverse-previous" else 1
    new = sorted(order, key=lambda p: (-bids[p], sign * before[p]))
    after = pile + sum(bids.values())
    return {"order": new, "yen": {p: yen[p] - bids[p] for p in order}, "pile": after,
            "last_round": after >= spec.thresholds[len(order)]}


def drink_ruling(pos: Position, corner: Corner, colour: str | None = None, spec: IzakayaSpec | None = None
                 ) -> tuple[bool, str]:
    g = pos.grid
    kind = g.spot_kind(corner)
    if kind == 0:
        inside = 0 <= corner[0] <= g.n and 0 <= corner[1] <= g.n
        return False, ("an outer corner touches one card and never takes a drink" if inside and len(g.cards_at(corner)) == 1
                       else "the corners of the flipped card take no drink (rules.disabled_corners)" if inside
                       else f"the corner is off the {g.n} x {g.n} grid (corners go from 0 to {g.n})")
    if corner in pos.drinks:
        return False, f"a {pos.drinks[corner]} drink is already there"
    if kind == 2:
        empty = [c for c, k in g.spots.items() if k == 4 and c not in pos.drinks]
        if empty:
            return False, f"every 4-card spot must have a drink before a 2-card spot; {len(empty)} are empty, e.g. " \
                          f"{list(empty[0])}"
    if colour is not None and spec is not None:
        placed = sum(1 for c in pos.drinks.values() if c == colour)
        if placed >= spec.drinks_per_colour:
            return False, f"the {colour} crate is empty ({placed} of {spec.drinks_per_colour} placed)"
    return True, f"a {kind}-card spot, empty" + (", and every 4-card spot is filled" if kind == 2 else "")


def claim_ruling(spec: IzakayaSpec, pos: Position, player: str, e: Edge) -> tuple[bool, str, bool]:
    g = pos.grid
    a, b = e
    if not (g.on_grid(a) and g.on_grid(b)) or abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        return False, "the two cards must be side by side on the grid", False
    if a in g.disabled or b in g.disabled:
        return False, "an edge of the flipped card cannot be claimed", False
    if e in pos.claims:
        return False, f"{pos.claims[e]} has already claimed this edge", False
    mine = {x for x, p in pos.claims.items() if p == player}
    if len(mine) >= spec.claim_discs:
        return False, f"{player} has placed all {spec.claim_discs} claim discs", False
    if sum(1 for p in pos.pyramids.values() if p == player) >= spec.pyramids:
        return False, f"{player} has no pyramid left", False
    free = [c for c in e if c not in pos.pyramids]
    if not free:
        return False, "both cards beside the edge already hold a pyramid", False
    line = g.forms_line(mine, e)
    return True, f"a pyramid goes on {' or '.join(str(list(c)) for c in free)}" + \
        ("; a straight line of three: build one piece at once, free" if line else ""), line


def score(pos: Position) -> dict[str, Any]:
    """Payout of each building = floors x the current prices of the drinks on its card's corners; a score is
    the payouts plus the yen held; a tie goes to the player who kept the most starting yen (the yen held)."""
    payouts: list[dict[str, Any]] = []
    for b in pos.buildings:
        drinks = sum(pos.prices[pos.drinks[c]] for c in pos.grid.corners_of(b.card) if c in pos.drinks)
        payouts.append({"card": list(b.card), "owner": b.owner, "drinks": drinks, "floors": b.floors,
                        "payout": drinks * b.floors})
    scores = {p: pos.yen.get(p, 0) + sum(x["payout"] for x in payouts if x["owner"] == p) for p in pos.players}
    best = max(scores.values(), default=0)
    tied = [p for p in pos.players if scores[p] == best]
    kept = max(pos.yen.get(p, 0) for p in tied) if tied else 0
    return {"payouts": payouts, "scores": scores, "winners": [p for p in tied if pos.yen.get(p, 0) == kept],
            "tie_broken": len(tied) > 1}
