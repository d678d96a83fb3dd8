"""NiyaRules: ties the Niya modules to `pnp check` (spec invariants, worked examples, random play) and
`pnp solve niya` (exact value of every first move)."""

from __future__ import annotations

from typing import Any

from generator.solver.api import Questions, Rules
from generator.solver.games.niya import engine, scenarios
from generator.solver.games.niya.aid import niya_aid
from generator.solver.games.niya.checks import SPEC_CHECKS
from generator.solver.games.niya.questions import questions as solve_questions
from generator.solver.games.niya.spec import TOKEN_COMPONENT, NiyaSpec, read_spec


class NiyaRules(Rules[NiyaSpec]):
    """Niya for `pnp check` (spec invariants, worked examples) and `pnp solve niya` (exact first moves)."""

    SCENARIO_MODULE = scenarios

    read_spec = staticmethod(read_spec)
    SPEC_CHECKS = SPEC_CHECKS

    def aid(self) -> dict[str, Any]:
        return niya_aid(self.game, self.spec)

    def new_state(self, players: int, seed: str) -> engine.NiyaGame:
        return engine.new_state(self.spec, players, seed, self.game.component(TOKEN_COMPONENT).total_count(1))

    # -- pnp solve niya: its question, declared as data
    def questions(self) -> Questions:
        return solve_questions(self.spec)
