"""Niya as a `play.State`: a garden dealt from the seed, then the immutable NiyaState (state.py) move by move,
with what must hold at every step for `pnp check niya --simulate N`.

The invariants restate the rulebook on the pieces, independently of how state.py computes them: the garden
keeps its tiles (each cell holds a tile or one token, never both), a player has no more tokens out than
printed, the players alternate, each tile taken shares a plant or a symbol with the one before, and a game
that goes on has no line or square of one player's tokens.
"""

from __future__ import annotations

from typing import Any

from generator.solver.games.niya.garden import random_garden
from generator.solver.games.niya.spec import NiyaSpec
from generator.solver.games.niya.state import NiyaState


class NiyaGame:
    """A game the runner plays: the current NiyaState and the one before it (to check the last move)."""

    def __init__(self, state: NiyaState, tokens: int, before: NiyaState | None = None):
        self.state, self.tokens, self.before = state, tokens, before

    def legal_actions(self) -> list[tuple[int, int]]:
        return self.state.legal_actions()

    def apply(self, action: tuple[int, int]) -> NiyaGame:
        return NiyaGame(self.state.apply_action(action), self.tokens, self.state)

    def is_over(self) -> bool:
        return self.state.is_terminal()

    def result(self) -> dict[str, Any]:
        how = self.state.how
        kind = "diagonal" if "diagonal" in how else how.split()[0] if how.startswith(("row", "column", "square")) \
            else how.replace(" ", "-")
        return {"how": kind, "winner": self.state.winner or 0, "tiles_taken": self.state.moves_made,
                "points": self.state.points}

    def invariants(self) -> list[str]:
        s, geo = self.state, self.state.garden.geometry
        one, two = s.owned
        out = []
        if len(s.garden.tiles) != geo.n * geo.n or one & two or (one | two | s.remaining) != geo.full:
            out.append(f"the garden lost a tile: {s.tiles_left} left and {(one | two).bit_count()} tokens out "
                       f"on {geo.n * geo.n} cells")
        if max(one.bit_count(), two.bit_count()) > self.tokens:
            out.append(f"a player has more than the {self.tokens} tokens printed on the garden")
        if one.bit_count() - two.bit_count() not in (0, 1):
            out.append(f"the players did not alternate: {one.bit_count()} and {two.bit_count()} tokens out")
        out += self._last_move()
        if not s.is_terminal() and any(line & mask == line for _, line in geo.lines for mask in s.owned):
            out.append("a player owns a line or square and the game goes on")
        return out

    def _last_move(self) -> list[str]:
        """The tile just taken: from the border on the first move, else sharing with the one taken before."""
        b, s = self.before, self.state
        if b is None or s.last is None:
            return []
        first, taken = b.last is None, s.garden.tiles[s.last]
        if first and not s.garden.geometry.border >> s.last & 1:
            return [f"the first tile taken, {taken.name}, is not on the border"]
        if b.last is not None and not taken.shares(s.garden.tiles[b.last]):     # not the first move
            return [f"{taken.name} shares nothing with {s.garden.tiles[b.last].name}, the tile taken before"]
        return []


def new_state(spec: NiyaSpec, players: int, seed: str, tokens: int = 8) -> NiyaGame:
    """A garden dealt by the seed; Niya is for two (`players` is the setup's count). `tokens`: printed a player."""
    return NiyaGame(NiyaState(random_garden(spec, f"garden:{seed}"), spec.full_board), tokens)
