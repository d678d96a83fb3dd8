"""A game of Niya in play: legal_actions / apply_action / is_terminal / returns, as in OpenSpiel's tic_tac_toe.py.

A position is two masks (each player's cells) plus the cell of the last removed tile. The state is immutable
and is the readable statement of the rules: the worked examples replay it move by move, and the search
starts from it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from generator.solver.games.niya.garden import Garden, bits
from generator.solver.games.niya.spec import PLAYERS

WIN, DRAW, LOSS = 1, 0, -1              # values for the player a search speaks for


class IllegalMove(ValueError):
    """A move the rules forbid; the message says which rule."""


@dataclass(frozen=True)
class NiyaState:
    """A position: who owns which cells and which tile was removed last. Immutable; apply_action copies."""

    garden: Garden
    full_board: str = "draw"
    owned: tuple[int, int] = (0, 0)     # cell masks of Player 1 and Player 2
    last: int | None = None             # cell of the last removed tile, None before the first move
    winner: int | None = None
    how: str = ""                       # how the game ended; "" while it goes on

    @property
    def moves_made(self) -> int:
        return (self.owned[0] | self.owned[1]).bit_count()

    def current_player(self) -> int:
        return PLAYERS[self.moves_made % 2]

    @property
    def remaining(self) -> int:
        return self.garden.geometry.full & ~(self.owned[0] | self.owned[1])

    def legal_mask(self) -> int:
        if self.is_terminal():
            return 0
        allowed = self.garden.geometry.border if self.last is None else self.garden.compat[self.last]
        return self.remaining & allowed

    def legal_actions(self) -> list[tuple[int, int]]:
        """First move: a border tile; later: a tile sharing vegetation or symbol with the last one. Row-major."""
        return [divmod(cell, self.garden.geometry.n) for cell in bits(self.legal_mask())]

    def why_illegal(self, action: tuple[int, int]) -> str | None:
        n, (row, col) = self.garden.geometry.n, action
        cell = row * n + col
        if self.is_terminal():
            return f"the game is over ({self.how})"
        if not (0 <= row < n and 0 <= col < n):
            return f"({row}, {col}) is not in the {n} x {n} garden"
        if not self.remaining >> cell & 1:
            return f"({row}, {col}) holds no tile"
        if self.last is None and not self.garden.geometry.border >> cell & 1:
            return f"({row}, {col}) is a middle tile; the first tile must come from the border"
        if self.last is not None and not self.garden.compat[self.last] >> cell & 1:
            return f"{self.garden.tiles[cell].name} shares nothing with {self.garden.tiles[self.last].name}"
        return None

    def apply_action(self, action: tuple[int, int]) -> NiyaState:
        if (reason := self.why_illegal(action)) is not None:
            raise IllegalMove(reason)
        cell = action[0] * self.garden.geometry.n + action[1]
        mover = self.current_player()
        first, second = (mask | (1 << cell) * (p == mover) for p, mask in zip(PLAYERS, self.owned))
        return _settle(replace(self, owned=(first, second), last=cell), cell, mover)

    def is_terminal(self) -> bool:
        return bool(self.how)

    def returns(self) -> tuple[int, int]:
        """+1 / -1 for Player 1 and Player 2; (0, 0) for a draw or a game still going."""
        return (0, 0) if self.winner is None else ((WIN, LOSS) if self.winner == 1 else (LOSS, WIN))

    @property
    def outcome(self) -> str:
        if not self.how:
            return "unfinished"
        return "draw" if self.winner is None else f"player-{self.winner}-wins"

    @property
    def tiles_left(self) -> int:
        return self.remaining.bit_count()

    @property
    def points(self) -> int:
        """Victory points of this game: the tiles left in the garden, to the winner."""
        return self.tiles_left if self.winner else 0

    def owner_grid(self) -> list[str]:
        n = self.garden.geometry.n
        mark = ["1" if self.owned[0] >> c & 1 else "2" if self.owned[1] >> c & 1 else "." for c in range(n * n)]
        return [" ".join(mark[r * n:(r + 1) * n]) for r in range(n)]


def _settle(state: NiyaState, cell: int, mover: int) -> NiyaState:
    """The win check after a move: a line or square through the moved cell, a full board, or a blocked opponent."""
    mine = state.owned[mover - 1]
    for name, line in state.garden.geometry.through[cell]:
        if line & mine == line:
            return replace(state, winner=mover, how=name)
    if not state.remaining:
        return replace(state, winner=mover if state.full_board == "block" else None, how="full board")
    if not state.remaining & state.garden.compat[cell]:
        return replace(state, winner=mover, how="blocked")
    return state
