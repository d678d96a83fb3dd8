"""The worked-example scenarios of components/nusfjord/examples.yaml: setup, rounds, fish, score, thin_out,
haul, harbor_installation, elder_space, flow and mix_decks.

Each function takes the game's Rules and an Example and returns the outcome as JSON-like data, compared key by
key with the example's `expected`; NusfjordRules (game.py) binds them as its `scenario_*` methods. A mistake in a
`given` is a SpecError naming its key.
"""

from __future__ import annotations

from typing import Any

from generator.solver.api import Example, Problem, Rules, SpecError
from generator.solver.games.nusfjord.fishing import fish
from generator.solver.games.nusfjord.flow import building_flow
from generator.solver.games.nusfjord.questions import SCORE_ARGS
from generator.solver.games.nusfjord.scoring import harbor_installation, score
from generator.solver.games.nusfjord.setup import elder_stacks, first_players, setup
from generator.solver.games.nusfjord.spec import NusfjordSpec


def scenario_setup(rules: Rules[NusfjordSpec], example: Example) -> dict[str, Any]:
    return setup(rules.spec, _players(rules, rules.given(example, ("players",))))


def scenario_rounds(rules: Rules[NusfjordSpec], example: Example) -> dict[str, Any]:
    g = rules.given(example, ("seats",), ("first",))
    seats = [str(s) for s in g["seats"]]
    first = str(g.get("first", seats[0]))
    if first not in seats:
        raise SpecError(Problem(f'expected one of the seats, got "{first}"', None, "given.first"))
    order = first_players(seats, first, rules.spec.rounds)
    turns = [[seats[(seats.index(p) + k) % len(seats)] for k in range(len(seats))] * rules.spec.workers
             for p in order]
    return {"first_players": order, "turns": turns}


def scenario_fish(rules: Rules[NusfjordSpec], example: Example) -> dict[str, Any]:
    keys = ("haul",)
    g = rules.given(example, keys, ("elders", "action_board_shares", "foreign_shares", "own_shares", "reserve"))
    elders = [_count({"e": e}, "e") for e in g.get("elders", [])]
    foreign = {str(k): _count(g["foreign_shares"], k) for k in g.get("foreign_shares", {})}
    catch = fish(rules.spec, _count(g, "haul"), elders, _count(g, "action_board_shares", 0), foreign,
                 _count(g, "own_shares", rules.spec.issued), _count(g, "reserve", 0))
    return {**catch.as_json(), "accounted": catch.placed, "elder_payouts": catch.elder_payouts}


def scenario_score(rules: Rules[NusfjordSpec], example: Example) -> dict[str, Any]:
    g = rules.given(example, (), SCORE_ARGS)
    return score(rules.spec, *(_count(g, k, 0) for k in SCORE_ARGS))


def scenario_thin_out(rules: Rules[NusfjordSpec], example: Example) -> dict[str, Any]:
    """Thin Out: 1 wood per Forest, kept up to the wood cap; barred with no Forest or a full supply."""
    g = rules.given(example, ("forests", "wood"))
    forests, wood = _count(g, "forests"), _count(g, "wood")
    allowed = forests > 0 and wood < rules.spec.wood_cap
    keep = min(rules.spec.wood_cap, wood + forests) if allowed else wood
    gain = forests if allowed else 0
    return {"allowed": allowed, "gain": gain, "wood": keep, "returned": wood + gain - keep}


def scenario_haul(rules: Rules[NusfjordSpec], example: Example) -> dict[str, Any]:
    """The haul with no Ship built: the catboat's printed number."""
    g = rules.given(example, ("ships",))
    if _count(g, "ships"):
        raise SpecError(Problem("the Fishing track's numbers under Ships are not in the rulebook (NUS-GAP-03); "
                                "only a haul with 0 Ships can be computed", None, "given.ships"))
    return {"haul": rules.spec.start_haul}


def scenario_harbor_installation(rules: Rules[NusfjordSpec], example: Example) -> dict[str, Any]:
    return {"vp": harbor_installation(_count(rules.given(example, ("ships",)), "ships"))}


def scenario_elder_space(rules: Rules[NusfjordSpec], example: Example) -> dict[str, Any]:
    g = rules.given(example, ("players", "space"))
    stacks = elder_stacks(rules.spec, _players(rules, g))
    space = _count(g, "space")
    if not 1 <= space <= len(stacks):
        raise SpecError(Problem(f"expected a space from 1 to {len(stacks)}, got {space}", None, "given.space"))
    st = stacks[space - 1]
    names = {int(r.fields["number"]): str(r.fields.get("name") or "") for r in rules.game.component("elder").rows}
    return {"face_up": st["face_up"], "face_down": st["face_down"], "top": st["face_up"][-1],
            "names": [names.get(e, "") for e in st["face_up"]]}


def scenario_flow(rules: Rules[NusfjordSpec], example: Example) -> dict[str, Any]:
    g = rules.given(example, ("players",), ("games",))
    p = _players(rules, g)
    f = building_flow(rules.spec, rules.game, p)
    games = _count(g, "games", 1)
    return {**f, "face_up_used": {k: n * games for k, n in rules.spec.face_up.items()}}


def scenario_mix_decks(rules: Rules[NusfjordSpec], example: Example) -> dict[str, Any]:
    g = rules.given(example, ("A_each", "B_each"))
    n = len(rules.spec.decks)
    got = {"A": n * _count(g, "A_each"), "B": n * _count(g, "B_each")}
    return {**got, "decks": n, "matches_face_up": got == dict(rules.spec.face_up)}


def _count(given: dict[str, Any], key: str, default: int | None = None) -> int:
    value = given.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise SpecError(Problem(f"expected a whole number of at least 0, got {value!r}", None, f"given.{key}"))
    return value


def _players(rules: Rules[NusfjordSpec], given: dict[str, Any]) -> int:
    p: Any = given.get("players")          # as the example writes it
    if p not in rules.spec.by_players:
        raise SpecError(Problem(f"expected a player count of rules.by_players "
                                f"({', '.join(map(str, rules.spec.player_counts))}), got {p!r}", None,
                                "given.players"))
    return p
