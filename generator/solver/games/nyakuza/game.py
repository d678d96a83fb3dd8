"""NyakuzaRules: ties the Nyakuza modules to `pnp check` (spec checks, worked examples, `--simulate N`) and
`pnp solve nyakuza bid`."""

from __future__ import annotations

from typing import Any

from generator.solver.api import CheckResult, Questions, Rules
from generator.solver.games.nyakuza import engine, scenarios
from generator.solver.games.nyakuza.aid import nyakuza_aid
from generator.solver.games.nyakuza.checks import spec_checks
from generator.solver.games.nyakuza.engine import NyakuzaGame
from generator.solver.games.nyakuza.questions import questions as solve_questions
from generator.solver.games.nyakuza.spec import NyakuzaSpec, read_spec


class NyakuzaRules(Rules[NyakuzaSpec]):
    """Nyakuza over its spec: spec checks, worked examples, `pnp solve nyakuza bid`, random-play simulation."""

    SCENARIO_MODULE = scenarios

    read_spec = staticmethod(read_spec)
    SPEC_CHECKS = (spec_checks,)

    def aid(self) -> dict[str, Any]:
        return nyakuza_aid(self.spec)

    def new_state(self, players: int, seed: str) -> NyakuzaGame:
        return engine.new_state(self.spec, players, seed)

    def simulation_checks(self, games: int, seed: int) -> list[CheckResult]:
        if not all(c.ok for c in self.spec_checks() if c.name.startswith(("NYA-INV-09", "board"))):
            return [CheckResult("simulation", "random legal games", False, "not run: the board fails its spec checks")]
        return super().simulation_checks(games, seed)

    def simulation_report(self, tally: Any, seed: int) -> list[CheckResult]:
        return [engine.simulation_report(self.spec, tally, seed)]

    # -- pnp solve nyakuza bid: its question, declared as data ------------------------------------
    def questions(self) -> Questions:
        return solve_questions(self.spec)

