"""Izakaya: the grid engine, bids, drinks, claims, scoring, random games, and `pnp solve izakaya`.

spec (read `rules:` and the site cards' footprints) -> grid (cards, corners, edges, lines of three) -> rules
(bid, drink and claim rulings, scoring) -> position (a position file) and engine (a game the random-play runner plays)
-> checks (for `pnp check`), aid (what the printed pieces say) and questions (`pnp solve`, declared as data).
"""

from __future__ import annotations

from typing import Any

from generator.errors import Problem, ProblemCollector, SpecError
from generator.solver.base import CheckResult, Example, Rules
from generator.solver.games.izakaya.aid import izakaya_aid
from generator.solver.games.izakaya.checks import SPEC_CHECKS
from generator.solver.games.izakaya.grid import Grid, edge
from generator.solver.games.izakaya.position import KEYS as POSITION_KEYS, OPTIONAL as POSITION_OPTIONAL, parse_position
from generator.solver.games.izakaya.rules import Position, bid, claim_ruling, drink_ruling, score
from generator.solver import play
from generator.solver.games.izakaya import engine
from generator.solver.games.izakaya.questions import questions as solve_questions, setup as setup_table
from generator.solver.games.izakaya.spec import IzakayaSpec, read_spec
from generator.solver.questions import Questions
from generator.solver.registry import register
from generator.spec.yamlio import join

INVARIANT_GAMES = 20      # random games a player count that check IZA-INV-08/09 without --simulate


class IzakayaRules(Rules):
    game_id = "izakaya"
    SCENARIOS = {"setup": "scenario_setup", "bid": "scenario_bid", "score": "scenario_score",
                 "drink": "scenario_drink", "claim": "scenario_claim", "adjust_and_score": "scenario_adjust"}
    read_spec = staticmethod(read_spec)
    SPEC_CHECKS = SPEC_CHECKS

    @property
    def ispec(self) -> IzakayaSpec:
        return self.spec

    def _position(self, given: dict) -> Position:
        """The position an example gives, read by the same reader as a position file."""
        data = {k: given[k] for k in (*POSITION_KEYS, *POSITION_OPTIONAL) if k in given}
        try:
            return parse_position(data, self.ispec, ProblemCollector())
        except SpecError as exc:
            raise SpecError([Problem(p.message, None, join("given", p.where or "")) for p in exc.problems]) from None

    def _pair(self, value: Any, where: str) -> tuple[int, int]:
        if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value)):
            raise SpecError(Problem(f"expected [row, col], got {value!r}", None, where))
        return value[0], value[1]

    def scenario_setup(self, example: Example) -> dict[str, Any]:
        players = self.given(example, ("players",))["players"]
        if players not in self.ispec.grids:
            raise SpecError(Problem(f"expected a player count of rules.grids, got {players!r}", None, "given.players"))
        return setup_table(self.ispec, players)

    def scenario_bid(self, example: Example) -> dict[str, Any]:
        g = self.given(example, ("order", "yen", "bids"), ("pile",))
        order = [str(p) for p in g["order"]]
        for key in ("yen", "bids"):
            if not isinstance(g[key], dict) or sorted(map(str, g[key])) != sorted(order):
                raise SpecError(Problem(f"expected an amount for each of {', '.join(order)}", None, join("given", key)))
        return bid(self.ispec, order, dict(g["yen"]), dict(g["bids"]), g.get("pile", 0))

    def scenario_score(self, example: Example) -> dict[str, Any]:
        return score(self._position(self.given(example, POSITION_KEYS, POSITION_OPTIONAL)))

    def scenario_drink(self, example: Example) -> dict[str, Any]:
        g = self.given(example, (*POSITION_KEYS, "corner"), (*POSITION_OPTIONAL, "colour"))
        ok, why = drink_ruling(self._position(g), self._pair(g["corner"], "given.corner"), g.get("colour"), self.ispec)
        return {"legal": ok, "reason": why}

    def scenario_claim(self, example: Example) -> dict[str, Any]:
        g = self.given(example, (*POSITION_KEYS, "player", "edge"), POSITION_OPTIONAL)
        cards = g["edge"] if isinstance(g["edge"], list) and len(g["edge"]) == 2 else [None, None]
        e = edge(*(self._pair(c, "given.edge") for c in cards))
        ok, why, line = claim_ruling(self.ispec, self._position(g), g["player"], e)
        return {"legal": ok, "reason": why, "line_of_three": line}

    def scenario_adjust(self, example: Example) -> dict[str, Any]:
        """A Price adjustment (one coin from one colour to another), then the score."""
        g = self.given(example, (*POSITION_KEYS, "move"), POSITION_OPTIONAL)
        pos = self._position(g)
        move = g["move"]
        if not (isinstance(move, list) and len(move) == 2 and all(c in pos.prices for c in move)):
            raise SpecError(Problem(f"expected [from, to] colours of {', '.join(self.ispec.colours)}", None, "given.move"))
        src, dst = move
        pos.prices[src] -= self.ispec.coin
        pos.prices[dst] += self.ispec.coin
        return {"prices": {src: pos.prices[src], dst: pos.prices[dst]}, **score(pos)}

    @property
    def supply(self) -> dict[str, int]:
        """Floor chits printed, by shape."""
        return {shape: self.game.component(c).total_count(1) for shape, c in self.ispec.floors.items()}

    def new_state(self, players: int, seed: str) -> engine.IzakayaGame:
        return engine.new_state(self.ispec, players, seed, self.supply)

    def extra_checks(self, **options: Any) -> list[CheckResult]:
        """IZA-INV-08/09 over random games always (20 a player count, or --simulate N), and with --simulate
        the generic line with the supply, yen and game-length figures."""
        games, seed = options.get("simulate") or 0, options.get("seed", 1)
        out: list[CheckResult] = []
        for p in self.ispec.player_counts:
            n = games or INVARIANT_GAMES
            tally = play.simulate(self.new_state, p, n, seed, keep=n)
            out += engine.invariant_checks(tally)
            if games:
                out += self.simulation_report(tally, seed)
        return out

    def simulation_report(self, tally: Any, seed: int) -> list[CheckResult]:
        coins = self.game.component("coin-100").total_count(1)
        drinks = self.game.component("drink").total_count(1)
        return [engine.simulation_report(tally, seed, self.supply, coins, drinks)]

    def aid(self) -> dict[str, Any]:
        return izakaya_aid(self.ispec, self.game)

    def questions(self) -> Questions:
        return solve_questions(self.ispec)


__all__ = ["Grid", "IzakayaRules", "IzakayaSpec"]
register(IzakayaRules)
