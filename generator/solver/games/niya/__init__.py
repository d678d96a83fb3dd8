"""Niya: the rules, the worked-example scenarios and `pnp solve niya` (exact value of every first move).

The rules are split by concern, each module importing only the ones before it:
spec (read and validate the spec) -> garden (grid geometry, layouts, dealing) -> state (a game in play) ->
search (perfect play) -> questions (`pnp solve niya`, declared as data); match (match arithmetic), checks
(spec checks) and scenarios (shared by the worked examples) sit beside them. This module holds the Rules class
that ties them to `pnp check` and `pnp solve`, re-exports the public names, and registers the game on its
last line.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from generator.solver.base import Example, Rules
from generator.solver.games.niya import engine
from generator.solver.games.niya.checks import RULEBOOK_MIDDLE_TILES, SPEC_CHECKS
from generator.solver.games.niya.garden import Garden, Geometry, geometry, random_garden, read_layout
from generator.solver.games.niya.aid import niya_aid
from generator.solver.games.niya.questions import EXAMPLE_LAYOUT, questions as solve_questions
from generator.solver.games.niya.match import MATCH_FORMATS, GameResult, Standing, next_starter, play_match
from generator.solver.games.niya.scenarios import read_given, read_moves, read_results, replay
from generator.solver.games.niya.search import (RESULT_MARKS, RESULT_WORDS, SOLVE_OUTCOMES, Search, Solution,
                                                solution_text, solve_garden)
from generator.solver.games.niya.spec import (FULL_BOARD, NEXT_STARTER, PLAYERS, RULE_KEYS, TILE_COMPONENT,
                                              TOKEN_COMPONENT, NiyaSpec, Tile, read_spec)
from generator.solver.games.niya.state import DRAW, LOSS, WIN, IllegalMove, NiyaState
from generator.solver.questions import Questions
from generator.solver.registry import register
from generator.spec.reader import Reader
from generator.spec.yamlio import join
from generator.units import describe

__all__ = ["DRAW", "EXAMPLE_LAYOUT", "FULL_BOARD", "LOSS", "MATCH_FORMATS", "NEXT_STARTER", "PLAYERS", "RESULT_MARKS",
           "RESULT_WORDS", "RULEBOOK_MIDDLE_TILES", "RULE_KEYS", "SOLVE_OUTCOMES", "SPEC_CHECKS", "TILE_COMPONENT",
           "TOKEN_COMPONENT", "WIN", "GameResult", "Garden", "Geometry", "IllegalMove", "NiyaRules", "NiyaSpec",
           "NiyaState", "Search", "Solution", "Standing", "Tile", "geometry", "next_starter", "play_match",
           "random_garden", "read_layout", "read_spec", "replay", "solution_text", "solve_garden"]


class NiyaRules(Rules):
    """Niya for `pnp check` (spec invariants, worked examples) and `pnp solve niya` (exact first moves)."""

    game_id = "niya"
    SCENARIOS = {"game": "scenario_game", "blocked": "scenario_blocked", "match": "scenario_match"}

    read_spec = staticmethod(read_spec)
    SPEC_CHECKS = SPEC_CHECKS

    def aid(self) -> dict[str, Any]:
        return niya_aid(self.game, self.spec)

    def new_state(self, players: int, seed: str) -> engine.NiyaGame:
        return engine.new_state(self.spec, players, seed, self.game.component(TOKEN_COMPONENT).total_count(1))

    # -- scenarios: each returns JSON-like data compared key by key with the example's `expected`
    def scenario_game(self, ex: Example) -> dict[str, Any]:
        """given: layout (row strings of codes or names, or one "/"-separated string), moves, full_board?"""
        r, g = read_given(ex, ("layout", "moves"), ("full_board",))
        garden = self._layout(r, g["layout"], "given.layout") if "layout" in g else None
        moves = read_moves(r, g["moves"], "given.moves") if "moves" in g else []
        full_board = self.spec.full_board
        if "full_board" in g:
            full_board = r.choice(g["full_board"], "given.full_board", FULL_BOARD)
        r.problems.raise_if_any()
        return replay(NiyaState(garden, full_board), moves)

    def scenario_blocked(self, ex: Example) -> dict[str, Any]:
        """given: last_removed, tiles_left (names or codes): can the opponent move at all?"""
        r, g = read_given(ex, ("last_removed", "tiles_left"), ())
        last = self._tile(r, g["last_removed"], "given.last_removed") if "last_removed" in g else None
        listed = r.sequence(g["tiles_left"], "given.tiles_left") if "tiles_left" in g else []
        left = [self._tile(r, t, join("given.tiles_left", i)) for i, t in enumerate(listed or ())]
        for tile, n in Counter(t for t in left if t).items():
            if n > 1 or tile == last:
                r.add("given.tiles_left", f"{tile.name} is listed {n} time{'s' * (n > 1)}"
                      f"{' and as the last removed tile' * (tile == last)}; expected each tile once, in one place")
        r.problems.raise_if_any()
        replies = [t.name for t in left if t.shares(last)]
        return {"opponent_legal_moves": len(replies), "opponent_replies": replies, "opponent_loses": not replies,
                "winner": None if replies else "mover"}

    def scenario_match(self, ex: Example) -> dict[str, Any]:
        """given: format (single, wins, points), target (points only), first_starter (1, 2, random), results."""
        r, g = read_given(ex, ("format", "results"), ("target", "first_starter"))
        fmt = r.choice(g.get("format"), "given.format", MATCH_FORMATS)
        target = self._target(r, fmt, g)
        starter = g.get("first_starter", "random")
        if starter not in ("random", *PLAYERS):
            r.add("given.first_starter", f'expected 1, 2 or "random", got {describe(starter)}')
        results = read_results(r, g.get("results"), "given.results", self.spec.grid ** 2)
        r.problems.raise_if_any()
        standings, winner = play_match(results, fmt, target, None if starter == "random" else starter,
                                       self.spec.next_starter)
        if len(standings) < len(results):
            r.add(join("given.results", len(standings)),
                  f"the match was decided after game {len(standings)}; expected no more results")
            r.problems.raise_if_any()
        return {"format": fmt, "target": target, "games_played": len(standings), "match_winner": winner,
                "points_after_each_game": [list(s.points) for s in standings],
                "wins_after_each_game": [list(s.wins) for s in standings],
                "starting_player_each_game": [s.starter or "random" for s in standings]}

    def _target(self, r: Reader, fmt: str | None, g: dict) -> int:
        if fmt != "points":
            if "target" in g:
                r.add("given.target", f"only the points format takes a target; {fmt} plays to rules.wins_needed")
            return 1 if fmt == "single" else self.spec.wins_needed
        target = g.get("target")
        if target not in self.spec.points_targets:
            targets = ", ".join(map(str, self.spec.points_targets))
            r.add("given.target", f"expected one of {targets} (rules.points_targets), got {describe(target)}")
        return target or 0

    def _layout(self, r: Reader, value: Any, where: str) -> Garden | None:
        value = r.unwrap(value, where)
        rows = value.split("/") if isinstance(value, str) else value
        if not (isinstance(rows, list) and all(isinstance(row, str) for row in rows)):
            r.add(where, f'expected {self.spec.grid} row strings of tile codes or names, got {describe(value)}')
            return None
        garden, problems = read_layout(rows, self.spec)
        for problem in problems:
            r.add(where, problem)
        return garden

    def _tile(self, r: Reader, value: Any, where: str) -> Tile | None:
        tile = self.spec.lookup.get(value.upper()) if isinstance(value, str) else None
        if tile is None:
            r.add(where, f'expected a tile name like "Pine/Sun" or a code like "PS", got {describe(value)}')
        return tile

    # -- pnp solve niya: its question, declared as data
    def questions(self) -> Questions:
        return solve_questions(self.spec)


register(NiyaRules)
