"""What Izakaya's printed pieces show, from the rules package (templates get it as `aid`): each site card's
footprints as cells, the market left to right, the end thresholds and the player aid's text, in the order
and with the numbers the referee uses."""

from __future__ import annotations

from typing import Any

from generator.solver.api import Game
from generator.solver.games.izakaya.rules import Building, Position, score
from generator.solver.games.izakaya.spec import IzakayaSpec


def worked_example(spec: IzakayaSpec) -> dict[str, Any]:
    """The rulebook's example (L57-59), scored by the engine: 3 floors, two white and one blue drink."""
    pos = Position(["A", "B"], spec.grid(4), dict(spec.prices), yen={"A": 0, "B": 0})
    pos.drinks = {(1, 1): "white", (1, 2): "white", (2, 1): "blue"}
    pos.buildings = [Building((1, 1), "A", 3)]
    paid = score(pos)["payouts"][0]
    return {"white": spec.prices["white"], "blue": spec.prices["blue"], "drinks": paid["drinks"],
            "floors": paid["floors"], "payout": paid["payout"]}


def izakaya_aid(spec: IzakayaSpec, game: Game) -> dict[str, Any]:
    footprints = {n: {side: [{"x": f.x, "y": f.y, "w": f.w, "h": f.h, "floors": f.floors, "shape": f.shape}
                             for f in fps] for side, fps in sides.items()} for n, sides in spec.footprints.items()}
    ex = worked_example(spec)
    market = [{"colour": c, "symbol": spec.symbols[c], "price": spec.prices[c]} for c in spec.colours]
    thresholds = [{"players": p, "yen": spec.thresholds[p]} for p in spec.player_counts]
    last = ("the action phase right after that bid is the last" if spec.last_round == "this-round"
            else "one more full round is played")
    return {
        "footprints": footprints, "market": market, "thresholds": thresholds,
        "steps": [
            {"title": "Bid", "text": f"Hide any number of {spec.coin}-yen coins in your fist; reveal together. All bids "
                                     "go to the pile. Highest bid goes first; tied players swap their places "
                                     "of the last round."},
            {"title": "Act", "text": f"In turn order, place one of your {spec.action_discs} action discs at a time:"},
            {"title": "Drink", "text": "on a colour card (one disc per colour each round): put one of its drinks "
                                       "on an empty corner where 4 cards meet; only when all are full, where 2 meet. "
                                       "Never on an outer corner."},
            {"title": "Price", "text": f"on the face-down card (one disc each round): move one {spec.coin}-yen coin "
                                       "from one colour card to another."},
            {"title": "Claim", "text": "on the blue site card (any number): put a claim disc across an edge between "
                                       "two site cards, and a pyramid on one of them that has none. Three of your "
                                       "claim discs in a straight line: build one floor at once, free."},
            {"title": "Build", "text": "on the architect (any number): choose one floor chit, then stack it on a "
                                       "footprint of its shape on a card with your pyramid, up to the floors printed."},
            {"title": "End", "text": "When the pile reaches " + ", ".join(f"{t['yen']:,} ({t['players']}p)"
                                                                          for t in thresholds) + f": {last}."},
            {"title": "Score", "text": f"Each building: floors x the prices of the drinks on its card's corners, "
                                       f"plus your yen. {ex['floors']} floors with 2 white ({ex['white']}) and a blue "
                                       f"({ex['blue']}) drink: {ex['floors']} x {ex['drinks']} = {ex['payout']:,}. "
                                       "Tie: the most yen kept wins."},
        ],
    }
