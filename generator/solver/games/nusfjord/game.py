"""NusfjordRules: ties the Nusfjord modules to `pnp check` (spec checks, worked examples, random play) and
`pnp solve nusfjord setup|rounds|fish|score`."""

from __future__ import annotations

from typing import Any

from generator.solver.api import Questions, Rules
from generator.solver.games.nusfjord import engine, scenarios
from generator.solver.games.nusfjord.aid import nusfjord_aid
from generator.solver.games.nusfjord.checks import SPEC_CHECKS
from generator.solver.games.nusfjord.questions import questions as solve_questions
from generator.solver.games.nusfjord.spec import NusfjordSpec, read_spec
from generator.solver.games.nusfjord.work import printed_pieces


class NusfjordRules(Rules[NusfjordSpec]):
    SCENARIO_MODULE = scenarios
    read_spec = staticmethod(read_spec)
    SPEC_CHECKS = SPEC_CHECKS

    # -- random legal games (generator/solver/play.py) ------------------------------------------
    def new_state(self, players: int, seed: str) -> engine.NusfjordState:
        return engine.new_state(self.spec, players, seed, printed_pieces(self.spec, self.game))

    # -- pnp solve and aids ---------------------------------------------------------------------
    def aid(self) -> dict[str, Any]:
        return nusfjord_aid(self.spec, self.game)

    def questions(self) -> Questions:
        return solve_questions(self.spec, (self.game.players_min, self.game.players_max))
