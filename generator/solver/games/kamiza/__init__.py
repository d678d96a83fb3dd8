"""Kamiza: the referee of a round (judging steps 1-4), the chickens tiebreak (step 5) and `pnp solve kamiza`.

The rules are split by concern, each module importing only the ones before it:
spec (read and validate the spec) -> referee (the table of one round, judging steps 1-4) -> tiebreak (step 5) ->
parse (the --play and --match texts) -> checks (spec checks, KAM-INV-03 included) and questions (`pnp solve
kamiza` declared as data: --play for a round, --match for step 5). This module holds the Rules class that ties
them to `pnp check` and `pnp solve`, re-exports the public names, and registers the game on its last line.
"""

from __future__ import annotations

from typing import Any, Callable

from generator.errors import Problem, ProblemCollector, SpecError
from generator.solver.base import Example, Rules
from generator.solver.games.kamiza import engine
from generator.solver.games.kamiza.aid import kamiza_aid
from generator.solver.games.kamiza.checks import INV_03_MOST_PLAYERS, RULEBOOK_NUMBERS, RULEBOOK_SEATS, SPEC_CHECKS
from generator.solver.games.kamiza.parse import (ITEM, MATCH_HINT, MIN_PLAYS, PLAY_HINT, SEPARATORS, BadInput,
                                                 check_players, make_play, parse_match, parse_plays, split_items)
from generator.solver.games.kamiza.questions import questions as solve_questions
from generator.solver.games.kamiza.referee import (JUDGING_ORDER, STRIKE_SIDE, Play, Ruling, Table, hit_man, judge,
                                                   men_in_battle_1, men_in_battle_2, squealing)
from generator.solver.games.kamiza.spec import (BOSS, CARD_COMPONENT, HIT_MAN_READINGS, HITMAN, KAMIZA, RAID, ROLES,
                                                RULE_KEYS, SHIMOZA, SIDES, TWO_RAIDS_APART, UNDERBOSS, Card,
                                                KamizaSpec, name_key, read_spec)
from generator.solver.games.kamiza.tiebreak import MatchResult, chickens
from generator.solver.questions import Questions
from generator.solver.registry import register
from generator.spec.reader import Reader
from generator.spec.yamlio import join

__all__ = ["BOSS", "CARD_COMPONENT", "HITMAN", "HIT_MAN_READINGS", "INV_03_MOST_PLAYERS", "ITEM", "JUDGING_ORDER",
           "KAMIZA", "MATCH_HINT", "MIN_PLAYS", "PLAY_HINT", "RAID", "ROLES", "RULEBOOK_NUMBERS", "RULEBOOK_SEATS",
           "RULE_KEYS", "SEPARATORS", "SHIMOZA", "SIDES", "SPEC_CHECKS", "STRIKE_SIDE", "TWO_RAIDS_APART", "UNDERBOSS",
           "BadInput", "Card", "KamizaRules", "KamizaSpec", "MatchResult", "Play", "Ruling", "Table", "check_players",
           "chickens", "hit_man", "judge", "make_play", "men_in_battle_1", "men_in_battle_2", "name_key",
           "parse_match", "parse_plays", "read_spec", "split_items", "squealing"]


class KamizaRules(Rules):
    """Kamiza's referee, tiebreak, spec checks and `pnp solve kamiza` (--play for a round, --match for step 5)."""

    game_id = "kamiza"
    SCENARIOS = {"round": "scenario_round", "match": "scenario_match"}

    read_spec = staticmethod(read_spec)
    SPEC_CHECKS = SPEC_CHECKS

    # -- examples -------------------------------------------------------------------------------
    def scenario_round(self, example: Example) -> dict[str, Any]:
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
                plays.append(self._example_input(make_play, where, *texts, self.spec))
        r.problems.raise_if_any()
        self._example_input(check_players, "given.plays", [p.player for p in plays], self.game.players_max, "play")
        ruling = judge(plays, self.spec, raids, strike)
        out = ruling.as_json()
        return {**out, "scores": {p: v["points"] for p, v in out["players"].items()},
                "won": [p.player for p in plays if ruling.won(p)],
                "lost": [p.player for p in plays if not ruling.won(p)]}

    def scenario_match(self, example: Example) -> dict[str, Any]:
        """given: totals {player: points} and cards_left {player: card} after the last game."""
        r = Reader(ProblemCollector())
        given = r.mapping(dict(example.given), "given", ("totals", "cards_left")) or {}
        totals = r.mapping(given.get("totals"), "given.totals", free=True) or {}
        names = r.mapping(given.get("cards_left"), "given.cards_left", free=True) or {}
        points = {str(p): r.integer(n, join("given.totals", p), minimum=0) for p, n in totals.items()}
        left = {str(p): self.spec.card(str(names.get(p, ""))) for p in totals}
        for p in [p for p, card in left.items() if card is None]:
            r.add(join("given.cards_left", p), f"expected the card {p} has left: {self.spec.card_list()}")
        r.problems.raise_if_any()
        self._example_input(check_players, "given.totals", list(points), self.game.players_max, "total")
        return chickens(points, left).as_json()

    @staticmethod
    def _example_input(parse: Callable[..., Any], where: str, *args: Any) -> Any:
        try:
            return parse(*args)
        except BadInput as exc:
            raise SpecError(Problem(str(exc), where=where)) from None

    # -- random play ----------------------------------------------------------------------------
    def new_state(self, players: int, seed: str) -> engine.KamizaState:
        """A match's start for generator/solver/play.py: every hand full, the first start player from seed."""
        return engine.new_state(self.spec, players, seed)

    # -- pnp solve ------------------------------------------------------------------------------
    def aid(self) -> dict[str, Any]:
        return kamiza_aid(self.spec, self.spec.games_per_match)

    def questions(self) -> Questions:
        return solve_questions(self.spec, self.game.id, self.game.players_max)


register(KamizaRules)
