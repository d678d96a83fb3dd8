"""The worked-example scenarios of components/kamiza/examples.yaml: `round` (one round judged, steps 1-4) and
`match` (the chickens tiebreak, step 5).

Each function takes the game's Rules and an Example and returns the outcome as JSON-like data, compared key by
key with the example's `expected`; KamizaRules (game.py) binds them as its `scenario_*` methods. Every mistake
in a `given` is one Problem of one SpecError.
"""

from __future__ import annotations

from typing import Any, Callable

from generator.solver.api import Example, Problem, ProblemCollector, Reader, Rules, SpecError, join, known
from generator.solver.games.kamiza.parse import BadInput, check_players, make_play
from generator.solver.games.kamiza.referee import judge
from generator.solver.games.kamiza.spec import HIT_MAN_READINGS, TWO_RAIDS_APART, KamizaSpec
from generator.solver.games.kamiza.tiebreak import chickens


def scenario_round(rules: Rules[KamizaSpec], example: Example) -> dict[str, Any]:
    """given: plays [{player, card, side}] and optionally two_raids_apart / hit_man."""
    r = Reader(ProblemCollector())
    given = r.mapping(dict(example.given), "given", ("plays",), ("two_raids_apart", "hit_man")) or {}
    raids, strike = (r.choice(given[key], join("given", key), choices) if key in given else None
                     for key, choices in (("two_raids_apart", TWO_RAIDS_APART), ("hit_man", HIT_MAN_READINGS)))
    plays = []
    for i, item in enumerate(r.sequence(given.get("plays"), "given.plays") or []):
        where = join("given.plays", i)
        m = r.mapping(item, where, ("player", "card", "side")) or {}
        texts = [r.text(m.get(k), join(where, k)) for k in ("player", "card", "side")]
        if None not in texts:
            plays.append(_example_input(make_play, where, *texts, rules.spec))
    r.problems.raise_if_any()
    _example_input(check_players, "given.plays", [p.player for p in plays], rules.game.players_max, "play")
    ruling = judge(plays, rules.spec, raids, strike)
    out = ruling.as_json()
    return {**out, "scores": {p: v["points"] for p, v in out["players"].items()},
            "won": [p.player for p in plays if ruling.won(p)],
            "lost": [p.player for p in plays if not ruling.won(p)]}


def scenario_match(rules: Rules[KamizaSpec], example: Example) -> dict[str, Any]:
    """given: totals {player: points} and cards_left {player: card} after the last game."""
    r = Reader(ProblemCollector())
    given = r.mapping(dict(example.given), "given", ("totals", "cards_left")) or {}
    totals = r.mapping(given.get("totals"), "given.totals", free=True) or {}
    names = r.mapping(given.get("cards_left"), "given.cards_left", free=True) or {}
    points = {str(p): r.integer(n, join("given.totals", p), minimum=0) for p, n in totals.items()}
    left = {str(p): rules.spec.card(str(names.get(p, ""))) for p in totals}
    for p in [p for p, card in left.items() if card is None]:
        r.add(join("given.cards_left", p), f"expected the card {p} has left: {rules.spec.card_list()}")
    r.problems.raise_if_any()
    _example_input(check_players, "given.totals", list(points), rules.game.players_max, "total")
    return chickens({p: known(n) for p, n in points.items()}, {p: known(c) for p, c in left.items()}).as_json()


def _example_input(parse: Callable[..., Any], where: str, *args: Any) -> Any:
    """A parse.py reader's BadInput as a SpecError at `where` in the example."""
    try:
        return parse(*args)
    except BadInput as exc:
        raise SpecError(Problem(str(exc), where=where)) from None
