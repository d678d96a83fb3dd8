"""What the worked-example scenarios of components/niya/examples.yaml share: reading an example's `given`
(moves, game results) and replaying moves into the data the examples state.

The scenario methods themselves are on NiyaRules (the Rules base dispatches to them by name); every mistake
in a `given` is one Problem of one SpecError.
"""

from __future__ import annotations

from typing import Any, Sequence

from generator.errors import ProblemCollector
from generator.solver.base import Example
from generator.solver.games.niya.match import GameResult
from generator.solver.games.niya.spec import PLAYERS
from generator.solver.games.niya.state import NiyaState
from generator.spec.reader import Reader
from generator.spec.yamlio import join
from generator.units import describe

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
