"""The worked-example scenarios of components/izakaya/examples.yaml: setup, bid, score, drink, claim and
adjust_and_score.

Each function takes the game's Rules and an Example and returns the outcome as JSON-like data, compared key by
key with the example's `expected`; IzakayaRules (game.py) binds them as its `scenario_*` methods. A position in
a `given` is read by the same reader as a position file (position.py), its mistakes placed under `given`.
"""

from __future__ import annotations

from typing import Any

from generator.solver.api import Example, Problem, ProblemCollector, Rules, SpecError, join
from generator.solver.games.izakaya.grid import edge
from generator.solver.games.izakaya.position import KEYS as POSITION_KEYS, OPTIONAL as POSITION_OPTIONAL, parse_position
from generator.solver.games.izakaya.questions import setup as setup_table
from generator.solver.games.izakaya.rules import Position, bid, claim_ruling, drink_ruling, score
from generator.solver.games.izakaya.spec import IzakayaSpec


def scenario_setup(rules: Rules[IzakayaSpec], example: Example) -> dict[str, Any]:
    players = rules.given(example, ("players",))["players"]
    if players not in rules.spec.grids:
        raise SpecError(Problem(f"expected a player count of rules.grids, got {players!r}", None, "given.players"))
    return setup_table(rules.spec, players)


def scenario_bid(rules: Rules[IzakayaSpec], example: Example) -> dict[str, Any]:
    g = rules.given(example, ("order", "yen", "bids"), ("pile",))
    order = [str(p) for p in g["order"]]
    for key in ("yen", "bids"):
        if not isinstance(g[key], dict) or sorted(map(str, g[key])) != sorted(order):
            raise SpecError(Problem(f"expected an amount for each of {', '.join(order)}", None, join("given", key)))
    return bid(rules.spec, order, dict(g["yen"]), dict(g["bids"]), g.get("pile", 0))


def scenario_score(rules: Rules[IzakayaSpec], example: Example) -> dict[str, Any]:
    return score(_position(rules, rules.given(example, POSITION_KEYS, POSITION_OPTIONAL)))


def scenario_drink(rules: Rules[IzakayaSpec], example: Example) -> dict[str, Any]:
    g = rules.given(example, (*POSITION_KEYS, "corner"), (*POSITION_OPTIONAL, "colour"))
    ok, why = drink_ruling(_position(rules, g), _pair(g["corner"], "given.corner"), g.get("colour"), rules.spec)
    return {"legal": ok, "reason": why}


def scenario_claim(rules: Rules[IzakayaSpec], example: Example) -> dict[str, Any]:
    g = rules.given(example, (*POSITION_KEYS, "player", "edge"), POSITION_OPTIONAL)
    cards = g["edge"] if isinstance(g["edge"], list) and len(g["edge"]) == 2 else [None, None]
    e = edge(*(_pair(c, "given.edge") for c in cards))
    ok, why, line = claim_ruling(rules.spec, _position(rules, g), g["player"], e)
    return {"legal": ok, "reason": why, "line_of_three": line}


def scenario_adjust_and_score(rules: Rules[IzakayaSpec], example: Example) -> dict[str, Any]:
    """A Price adjustment (one coin from one colour to another), then the score."""
    g = rules.given(example, (*POSITION_KEYS, "move"), POSITION_OPTIONAL)
    pos = _position(rules, g)
    move = g["move"]
    if not (isinstance(move, list) and len(move) == 2 and all(c in pos.prices for c in move)):
        raise SpecError(Problem(f"expected [from, to] colours of {', '.join(rules.spec.colours)}", None, "given.move"))
    src, dst = move
    pos.prices[src] -= rules.spec.coin
    pos.prices[dst] += rules.spec.coin
    return {"prices": {src: pos.prices[src], dst: pos.prices[dst]}, **score(pos)}


def _position(rules: Rules[IzakayaSpec], given: dict) -> Position:
    """The position an example gives, read by the same reader as a position file."""
    data = {k: given[k] for k in (*POSITION_KEYS, *POSITION_OPTIONAL) if k in given}
    try:
        return parse_position(data, rules.spec, ProblemCollector())
    except SpecError as exc:
        raise SpecError([Problem(p.message, None, join("given", p.where or "")) for p in exc.problems]) from None


def _pair(value: Any, where: str) -> tuple[int, int]:
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value)):
        raise SpecError(Problem(f"expected [row, col], got {value!r}", None, where))
    return value[0], value[1]
