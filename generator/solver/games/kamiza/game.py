"""KamizaRules: ties the Kamiza modules to `pnp check` (spec checks, worked examples, random play) and
`pnp solve kamiza` (its questions)."""

from __future__ import annotations

from typing import Any

from generator.solver.api import Questions, Rules
from generator.solver.games.kamiza import engine, scenarios
from generator.solver.games.kamiza.aid import kamiza_aid
from generator.solver.games.kamiza.checks import SPEC_CHECKS
from generator.solver.games.kamiza.questions import questions as solve_questions
from generator.solver.games.kamiza.spec import KamizaSpec, read_spec


class KamizaRules(Rules[KamizaSpec]):
    """Kamiza's referee, tiebreak, spec checks and `pnp solve kamiza` (--play for a round, --match for step 5)."""

    SCENARIO_MODULE = scenarios

    read_spec = staticmethod(read_spec)
    SPEC_CHECKS = SPEC_CHECKS

    # -- random play ----------------------------------------------------------------------------
    def new_state(self, players: int, seed: str) -> engine.KamizaState:
        """A match's start for generator/solver/play.py: every hand full, the first start player from seed."""
        return engine.new_state(self.spec, players, seed)

    # -- pnp solve ------------------------------------------------------------------------------
    def aid(self) -> dict[str, Any]:
        return kamiza_aid(self.spec, self.spec.games_per_match)

    def questions(self) -> Questions:
        return solve_questions(self.spec, self.game.id, self.game.players_max)
