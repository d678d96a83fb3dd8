"""IzakayaRules: ties the Izakaya modules to `pnp check` (spec checks, worked examples, random games with
IZA-INV-08/09) and `pnp solve izakaya`."""

from __future__ import annotations

from typing import Any

from generator.solver.api import CheckResult, Questions, Rules, simulate
from generator.solver.games.izakaya import engine, scenarios
from generator.solver.games.izakaya.aid import izakaya_aid
from generator.solver.games.izakaya.checks import SPEC_CHECKS
from generator.solver.games.izakaya.questions import questions as solve_questions
from generator.solver.games.izakaya.spec import IzakayaSpec, read_spec

INVARIANT_GAMES = 20      # random games a player count that check IZA-INV-08/09 without --simulate


class IzakayaRules(Rules[IzakayaSpec]):
    SCENARIO_MODULE = scenarios
    read_spec = staticmethod(read_spec)
    SPEC_CHECKS = SPEC_CHECKS

    @property
    def supply(self) -> dict[str, int]:
        """Floor chits printed, by shape."""
        return {shape: self.game.component(c).total_count(1) for shape, c in self.spec.floors.items()}

    def new_state(self, players: int, seed: str) -> engine.IzakayaGame:
        return engine.new_state(self.spec, players, seed, self.supply)

    def extra_checks(self, **options: Any) -> list[CheckResult]:
        """IZA-INV-08/09 over random games always (20 a player count, or --simulate N), and with --simulate
        the generic line with the supply, yen and game-length figures."""
        games, seed = options.get("simulate") or 0, options.get("seed", 1)
        out: list[CheckResult] = []
        for p in self.spec.player_counts:
            n = games or INVARIANT_GAMES
            tally = simulate(self.new_state, p, n, seed, keep=n)
            out += engine.invariant_checks(tally)
            if games:
                out += self.simulation_report(tally, seed)
        return out

    def simulation_report(self, tally: Any, seed: int) -> list[CheckResult]:
        coins = self.game.component("coin-100").total_count(1)
        drinks = self.game.component("drink").total_count(1)
        return [engine.simulation_report(tally, seed, self.supply, coins, drinks)]

    def aid(self) -> dict[str, Any]:
        return izakaya_aid(self.spec, self.game)

    def questions(self) -> Questions:
        return solve_questions(self.spec)
