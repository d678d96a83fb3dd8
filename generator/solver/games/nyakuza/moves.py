"""What a Nyakuza turn produces: the phases, an illegal move, a Stall (or the Grand Market) built."""

from __future__ import annotations

from typing import NamedTuple

BID, PLACE, OVER = "bid", "place", "over"
SIMULTANEOUS, TERMINAL = -2, -4                       # current_player() outside a placement turn, as in OpenSpiel


class IllegalMove(ValueError):
    """A placement the rules forbid; the message says which rule."""


Choice = tuple[int, tuple[int, ...]]                  # a Stall a worked example chooses: (its Shore, its tile numbers)


class Build(NamedTuple):
    shore: int
    tiles: tuple[int, ...]          # tile numbers, each covered by one Kōban
    market: bool = False            # the Grand Market instead of a Stall: the game ends
