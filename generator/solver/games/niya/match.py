"""Match arithmetic: who starts the next game, and the standings of a single game, first to N wins or first
to N points. Pure functions of game results; no garden involved.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from generator.solver.games.niya.spec import PLAYERS

MATCH_FORMATS = ("single", "wins", "points")


class GameResult(NamedTuple):
    winner: int | None          # None: a draw
    tiles_left: int


class Standing(NamedTuple):
    """The match after one game; `starter` None means chosen at random (and not yet known)."""

    starter: int | None
    points: tuple[int, int]
    wins: tuple[int, int]


def next_starter(starter: int | None, result: GameResult, rule: str = "loser") -> int | None:
    """"loser" (the rulebook): the loser starts the next game; after a draw, the player who did not
    start this one. "alternate": the players take turns whatever the result."""
    if rule == "loser" and result.winner is not None:
        return 3 - result.winner
    return None if starter is None else 3 - starter


def play_match(results: Sequence[GameResult], fmt: str, target: int, first_starter: int | None = None,
               starter_rule: str = "loser") -> tuple[list[Standing], int | None]:
    """Standings after each game until the match is decided, and the match winner (None: not decided or drawn).

    fmt "single": one game; "wins": first to `target` games; "points": first to `target` points, a game
    being worth the tiles left in the garden to its winner. Results after the decision are not played.
    """
    standings, starter, points, wins = [], first_starter, (0, 0), (0, 0)
    for result in results:
        if result.winner is not None:
            gained = tuple(result.tiles_left * (p == result.winner) for p in PLAYERS)
            points = (points[0] + gained[0], points[1] + gained[1])
            first, second = (w + (p == result.winner) for p, w in zip(PLAYERS, wins))
            wins = (first, second)
        standings.append(Standing(starter, points, wins))
        starter = next_starter(starter, result, starter_rule)
        score = {"single": wins, "wins": wins, "points": points}[fmt]
        leader = next((p for p, s in zip(PLAYERS, score) if s >= target), None)
        if fmt == "single" or leader is not None:
            return standings, leader
    return standings, None
