"""Everything on the table in a game of Nyakuza: the bay, each clan's pieces and the turn, as typed fields.

The concern modules (chance, bids, placement, stalls, rounds) are functions over a Table, and NyakuzaState
(state.py) is a Table with the game's interface, so every field each of them reads or writes is declared here,
once. A seat is an index into the clockwise seat order; a space is an index into the board's spaces.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from generator.solver.games.nyakuza.moves import BID
from generator.solver.games.nyakuza.spec import NyakuzaSpec


class Table:
    """A game's pieces and turn at the start, before any tile is drawn (dealing is chance.py's)."""

    def __init__(self, spec: NyakuzaSpec, players: int, seed: Any = 0, *, seats: Sequence[str] | None = None,
                 variant: bool = False):
        setup = spec.setups[players]
        self.spec, self.board, self.setup, self.variant = spec, spec.board, setup, variant
        self.seats: tuple[str, ...] = tuple(seats or (c.id for c in spec.clans[:players]))
        n, spaces = len(self.seats), len(spec.board.ids)
        self.SECRET, self.PASS = spaces, spaces + 1          # the two actions that are not a space
        self.rng = random.Random(seed)
        # each clan's pieces, by seat
        self.kobans, self.stalls_left, self.supply = [setup.kobans] * n, [setup.stalls] * n, [setup.boats] * n
        self.on_board, self.missing, self.awarded = [0] * n, [0] * n, [0] * n
        self.secret: list[int | None] = [None] * n          # the variant's Secret Resource tile behind each screen
        # the bay, by space: the seat of its Boat or Stall (-1: none), a tile on it, the tile used by a Stall
        self.owner, self.stall = [-1] * spaces, [-1] * spaces
        self.tile, self.used = [False] * spaces, [False] * spaces
        self.free_tiles: set[int] = set()
        self.frontier: list[set[int]] = [set() for _ in range(n)]     # free Shores and Seas next to each clan
        self.bag = [number for number, _ in spec.tiles]
        # the round and the turn
        self.wharf = self.amulet = self.round = self.used_count = 0
        self.final = False
        self.phase = BID
        self.queue: list[int] = []              # the seats still to place this round, in order
        self.current, self.pending = -1, 0      # who is placing, and the Boats they still place this turn
        self.winners: tuple[int, ...] = ()
        self.how, self.market = "", -1          # how the game ended; the Grand Market's Shore
        self.short: set[str] = set()            # the supplies a clan ran short of
