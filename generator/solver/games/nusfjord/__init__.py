"""Nusfjord: setup for 2-5 players, the First Player rotation, the Fishing phase, scoring, the Building flow
and the token figures, and `pnp solve nusfjord setup|rounds|fish|score`.

spec (read and validate `rules:`) -> setup, fishing, scoring, flow (pure functions of the spec) -> checks
(spec checks for `pnp check`), aid (what the printed boards show) and questions (`pnp solve`, declared as
data). This module ties them to the Rules interface and registers the game on its last line.
"""

from __future__ import annotations

from typing import Any

from generator.errors import Problem, SpecError
from generator.solver.base import Example, Rules
from generator.solver.games.nusfjord import engine
from generator.solver.games.nusfjord.aid import nusfjord_aid
from generator.solver.games.nusfjord.checks import SPEC_CHECKS
from generator.solver.games.nusfjord.fishing import fish
from generator.solver.games.nusfjord.flow import building_flow
from generator.solver.games.nusfjord.scoring import harbor_installation, score
from generator.solver.games.nusfjord.setup import elder_stacks, first_players, setup
from generator.solver.games.nusfjord.questions import SCORE_ARGS, questions as solve_questions
from generator.solver.games.nusfjord.spec import NusfjordSpec, read_spec
from generator.solver.games.nusfjord.work import printed_pieces
from generator.solver.questions import Questions
from generator.solver.registry import register


class NusfjordRules(Rules):
    game_id = "nusfjord"
    SCENARIOS = {"setup": "scenario_setup", "rounds": "scenario_rounds", "fish": "scenario_fish",
                 "score": "scenario_score", "thin_out": "scenario_thin_out", "haul": "scenario_haul",
                 "harbor_installation": "scenario_harbor_installation", "elder_space": "scenario_elder_space",
                 "flow": "scenario_flow", "mix_decks": "scenario_mix_decks"}
    read_spec = staticmethod(read_spec)
    SPEC_CHECKS = SPEC_CHECKS

    @property
    def nspec(self) -> NusfjordSpec:
        return self.spec

    def _count(self, given: dict[str, Any], key: str, default: int | None = None) -> int:
        value = given.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise SpecError(Problem(f"expected a whole number of at least 0, got {value!r}", None, f"given.{key}"))
        return value

    def _players(self, given: dict[str, Any]) -> int:
        p = given.get("players")
        if p not in self.nspec.by_players:
            raise SpecError(Problem(f"expected a player count of rules.by_players "
                                    f"({', '.join(map(str, self.nspec.player_counts))}), got {p!r}", None,
                                    "given.players"))
        return p

    # -- examples -------------------------------------------------------------------------------
    def scenario_setup(self, example: Example) -> dict[str, Any]:
        return setup(self.nspec, self._players(self.given(example, ("players",))))

    def scenario_rounds(self, example: Example) -> dict[str, Any]:
        g = self.given(example, ("seats",), ("first",))
        seats = [str(s) for s in g["seats"]]
        first = str(g.get("first", seats[0]))
        if first not in seats:
            raise SpecError(Problem(f'expected one of the seats, got "{first}"', None, "given.first"))
        order = first_players(seats, first, self.nspec.rounds)
        turns = [[seats[(seats.index(p) + k) % len(seats)] for k in range(len(seats))] * self.nspec.workers
                 for p in order]
        return {"first_players": order, "turns": turns}

    def scenario_fish(self, example: Example) -> dict[str, Any]:
        keys = ("haul",)
        g = self.given(example, keys, ("elders", "action_board_shares", "foreign_shares", "own_shares", "reserve"))
        elders = [self._count({"e": e}, "e") for e in g.get("elders", [])]
        foreign = {str(k): self._count(g["foreign_shares"], k) for k in g.get("foreign_shares", {})}
        catch = fish(self.nspec, self._count(g, "haul"), elders, self._count(g, "action_board_shares", 0), foreign,
                     self._count(g, "own_shares", self.nspec.issued), self._count(g, "reserve", 0))
        return {**catch.as_json(), "accounted": catch.placed, "elder_payouts": catch.elder_payouts}

    def scenario_score(self, example: Example) -> dict[str, Any]:
        g = self.given(example, (), SCORE_ARGS)
        return score(self.nspec, *(self._count(g, k, 0) for k in SCORE_ARGS))

    def scenario_thin_out(self, example: Example) -> dict[str, Any]:
        """Thin Out: 1 wood per Forest, kept up to the wood cap; barred with no Forest or a full supply."""
        g = self.given(example, ("forests", "wood"))
        forests, wood = self._count(g, "forests"), self._count(g, "wood")
        allowed = forests > 0 and wood < self.nspec.wood_cap
        keep = min(self.nspec.wood_cap, wood + forests) if allowed else wood
        gain = forests if allowed else 0
        return {"allowed": allowed, "gain": gain, "wood": keep, "returned": wood + gain - keep}

    def scenario_haul(self, example: Example) -> dict[str, Any]:
        """The haul with no Ship built: the catboat's printed number."""
        g = self.given(example, ("ships",))
        if self._count(g, "ships"):
            raise SpecError(Problem("the Fishing track's numbers under Ships are not in the rulebook (NUS-GAP-03); "
                                    "only a haul with 0 Ships can be computed", None, "given.ships"))
        return {"haul": self.nspec.start_haul}

    def scenario_harbor_installation(self, example: Example) -> dict[str, Any]:
        return {"vp": harbor_installation(self._count(self.given(example, ("ships",)), "ships"))}

    def scenario_elder_space(self, example: Example) -> dict[str, Any]:
        g = self.given(example, ("players", "space"))
        stacks = elder_stacks(self.nspec, self._players(g))
        space = self._count(g, "space")
        if not 1 <= space <= len(stacks):
            raise SpecError(Problem(f"expected a space from 1 to {len(stacks)}, got {space}", None, "given.space"))
        st = stacks[space - 1]
        names = {int(r.fields["number"]): str(r.fields.get("name") or "") for r in self.game.component("elder").rows}
        return {"face_up": st["face_up"], "face_down": st["face_down"], "top": st["face_up"][-1],
                "names": [names.get(e, "") for e in st["face_up"]]}

    def scenario_flow(self, example: Example) -> dict[str, Any]:
        g = self.given(example, ("players",), ("games",))
        p = self._players(g)
        f = building_flow(self.nspec, self.game, p)
        games = self._count(g, "games", 1)
        return {**f, "face_up_used": {k: n * games for k, n in self.nspec.face_up.items()}}

    def scenario_mix_decks(self, example: Example) -> dict[str, Any]:
        g = self.given(example, ("A_each", "B_each"))
        n = len(self.nspec.decks)
        got = {"A": n * self._count(g, "A_each"), "B": n * self._count(g, "B_each")}
        return {**got, "decks": n, "matches_face_up": got == dict(self.nspec.face_up)}

    # -- random legal games (generator/solver/play.py) ------------------------------------------
    def new_state(self, players: int, seed: str) -> engine.NusfjordState:
        return engine.new_state(self.nspec, players, seed, printed_pieces(self.nspec, self.game))

    # -- pnp solve and aids ---------------------------------------------------------------------
    def aid(self) -> dict[str, Any]:
        return nusfjord_aid(self.nspec, self.game)

    def questions(self) -> Questions:
        return solve_questions(self.nspec, (self.game.players_min, self.game.players_max))


register(NusfjordRules)
