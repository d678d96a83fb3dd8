"""The worked-example scenarios of components/niya/examples.yaml (`game`, `blocked`, `match`) and what they
share: reading an example's `given` (layouts, tiles, moves, game results) and replaying moves into the data the
examples state.

Each `scenario_*` function takes the game's Rules and an Example and returns the outcome as JSON-like data,
compared key by key with the example's `expected`; NiyaRules (game.py) binds them as its methods. Every mistake
in a `given` is one Problem of one SpecError.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from generator.solver.api import Example, ProblemCollector, Reader, Rules, describe, join, known
from generator.solver.games.niya.garden import Garden, read_layout
from generator.solver.games.niya.match import MATCH_FORMATS, GameResult, play_match
from generator.solver.games.niya.spec import FULL_BOARD, PLAYERS, NiyaSpec, Tile
from generator.solver.games.niya.state import NiyaState


def read_given(ex: Example, required: tuple[str, ...], optional: tuple[str, ...]) -> tuple[Reader, dict]:
    """A Reader collecting problems, and the example's `given` checked for its keys."""
    r = Reader(ProblemCollector())
    return r, r.mapping(dict(ex.given), "given", required, optional) or {}


def replay(state: NiyaState, moves: Sequence[tuple[int, int]]) -> dict[str, Any]:
    """Play moves until the first illegal one; report the game as the worked examples state it."""
    removed, illegal, reason = [], None, None
    for number, move in enumerate(moves, 1):
        if (reason := state.why_illegal(move)) is not None:
            illegal = number
            break
        removed.append(state.garden.tiles[move[0] * state.garden.geometry.n + move[1]].name)
        state = state.apply_action(move)
    return {"winner": state.winner, "how": state.how or None, "outcome": state.outcome,
            "after_move": state.moves_made if state.is_terminal() else None, "moves_played": state.moves_made,
            "tiles_left": state.tiles_left, "points": state.points, "illegal_move": illegal, "illegal_reason": reason,
            "legal_replies": [list(a) for a in state.legal_actions()], "removed_tiles": removed,
            "remaining_tiles": [t.name for c, t in enumerate(state.garden.tiles) if state.remaining >> c & 1],
            "final_owner_grid": state.owner_grid()}


def read_moves(r: Reader, value: Any, where: str) -> list[tuple[int, int]]:
    moves = []
    for i, move in enumerate(r.sequence(value, where) or ()):
        if not (isinstance(move, list) and len(move) == 2 and all(type(x) is int for x in move)):
            r.add(join(where, i), f"expected [row, col], got {describe(move)}")
        else:
            moves.append((move[0], move[1]))
    return moves


def read_results(r: Reader, value: Any, where: str, cells: int) -> list[GameResult]:
    results = []
    for i, item in enumerate(r.sequence(value, where) or ()):
        here = join(where, i)
        m = r.mapping(item, here, ("winner", "tiles_left"))
        if m is None or "winner" not in m or "tiles_left" not in m:
            continue
        if m["winner"] not in (None, *PLAYERS):
            r.add(join(here, "winner"), f"expected 1, 2 or null (a draw), got {describe(m['winner'])}")
        left = r.integer(m["tiles_left"], join(here, "tiles_left"), minimum=0, maximum=cells - 1)
        results.append(GameResult(m["winner"], left or 0))
    return results


# -- the scenarios: each returns JSON-like data compared key by key with the example's `expected` ----------
def scenario_game(rules: Rules[NiyaSpec], ex: Example) -> dict[str, Any]:
    """given: layout (row strings of codes or names, or one "/"-separated string), moves, full_board?"""
    r, g = read_given(ex, ("layout", "moves"), ("full_board",))
    garden = _layout(rules, r, g["layout"], "given.layout") if "layout" in g else None
    moves = read_moves(r, g["moves"], "given.moves") if "moves" in g else []
    full_board = r.choice(g["full_board"], "given.full_board", FULL_BOARD) if "full_board" in g \
        else rules.spec.full_board
    r.problems.raise_if_any()
    return replay(NiyaState(known(garden), known(full_board)), moves)


def scenario_blocked(rules: Rules[NiyaSpec], ex: Example) -> dict[str, Any]:
    """given: last_removed, tiles_left (names or codes): can the opponent move at all?"""
    r, g = read_given(ex, ("last_removed", "tiles_left"), ())
    last = _tile(rules, r, g["last_removed"], "given.last_removed") if "last_removed" in g else None
    listed = r.sequence(g["tiles_left"], "given.tiles_left") if "tiles_left" in g else []
    left = [_tile(rules, r, t, join("given.tiles_left", i)) for i, t in enumerate(listed or ())]
    for tile, n in Counter(t for t in left if t).items():
        if n > 1 or tile == last:
            r.add("given.tiles_left", f"{tile.name} is listed {n} time{'s' * (n > 1)}"
                  f"{' and as the last removed tile' * (tile == last)}; expected each tile once, in one place")
    r.problems.raise_if_any()
    replies = [t.name for t in map(known, left) if t.shares(known(last))]
    return {"opponent_legal_moves": len(replies), "opponent_replies": replies, "opponent_loses": not replies,
            "winner": None if replies else "mover"}


def scenario_match(rules: Rules[NiyaSpec], ex: Example) -> dict[str, Any]:
    """given: format (single, wins, points), target (points only), first_starter (1, 2, random), results."""
    r, g = read_given(ex, ("format", "results"), ("target", "first_starter"))
    fmt = r.choice(g.get("format"), "given.format", MATCH_FORMATS)
    target = _target(rules, r, fmt, g)
    starter = g.get("first_starter", "random")
    if starter not in ("random", *PLAYERS):
        r.add("given.first_starter", f'expected 1, 2 or "random", got {describe(starter)}')
    results = read_results(r, g.get("results"), "given.results", rules.spec.grid ** 2)
    r.problems.raise_if_any()
    standings, winner = play_match(results, known(fmt), target, None if starter == "random" else starter,
                                   rules.spec.next_starter)
    if len(standings) < len(results):
        r.add(join("given.results", len(standings)),
              f"the match was decided after game {len(standings)}; expected no more results")
        r.problems.raise_if_any()
    return {"format": fmt, "target": target, "games_played": len(standings), "match_winner": winner,
            "points_after_each_game": [list(s.points) for s in standings],
            "wins_after_each_game": [list(s.wins) for s in standings],
            "starting_player_each_game": [s.starter or "random" for s in standings]}


def _target(rules: Rules[NiyaSpec], r: Reader, fmt: str | None, g: dict) -> int:
    if fmt != "points":
        if "target" in g:
            r.add("given.target", f"only the points format takes a target; {fmt} plays to rules.wins_needed")
        return 1 if fmt == "single" else rules.spec.wins_needed
    target = g.get("target")
    if target not in rules.spec.points_targets:
        targets = ", ".join(map(str, rules.spec.points_targets))
        r.add("given.target", f"expected one of {targets} (rules.points_targets), got {describe(target)}")
    return target or 0


def _layout(rules: Rules[NiyaSpec], r: Reader, value: Any, where: str) -> Garden | None:
    value = r.unwrap(value, where)
    rows = value.split("/") if isinstance(value, str) else value
    if not (isinstance(rows, list) and all(isinstance(row, str) for row in rows)):
        r.add(where, f'expected {rules.spec.grid} row strings of tile codes or names, got {describe(value)}')
        return None
    garden, problems = read_layout(rows, rules.spec)
    for problem in problems:
        r.add(where, problem)
    return garden


def _tile(rules: Rules[NiyaSpec], r: Reader, value: Any, where: str) -> Tile | None:
    tile = rules.spec.lookup.get(value.upper()) if isinstance(value, str) else None
    if tile is None:
        r.add(where, f'expected a tile name like "Pine/Sun" or a code like "PS", got {describe(value)}')
    return tile
