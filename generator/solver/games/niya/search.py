"""`pnp solve niya`: the exact value of every first move under perfect play, and the text that shows it.

Kept apart from the state because the search works on raw masks, not NiyaState, for speed; the tests hold it
to a plain memoised reference (tests/test_niya_rules.py), and bench/bench_niya_solve.py times it against that.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.solver.games.niya.garden import Garden, bits
from generator.solver.games.niya.state import DRAW, LOSS, WIN, NiyaState

RESULT_WORDS = {WIN: "win", DRAW: "draw", LOSS: "loss"}
RESULT_MARKS: dict[int | None, str] = {WIN: "W", DRAW: "D", LOSS: "L"}     # None: a move not valued
SOLVE_OUTCOMES = {WIN: "first-player-wins", DRAW: "draw", LOSS: "second-player-wins"}


class Search:
    """Exact negamax over win / draw / loss with alpha-beta and a transposition table of bounds.

    A position is (mover's cells, opponent's cells, last cell). The table keeps a lower and an upper
    bound per position, so a result found under a narrow window is reused, not recomputed. Each node
    looks two plies ahead before recursing: a move that wins at once (line, square, blocking the
    opponent, a winning full board) ends the node; a move after which the opponent completes a line
    or blocks is a loss, and one that leaves the opponent only the last tile is a full garden, both
    without a child node. The rest are searched threat-first: moves that
    open a line the opponent cannot close at once, then any new threats, then the fewest replies.
    Everything that depends only on one owner's cells or on the free cells is cached by that mask.
    """

    def __init__(self, garden: Garden, full_board: str):
        geo = garden.geometry
        self.compat = garden.compat
        self.lines = tuple(mask for _, mask in geo.lines)
        self.full = geo.full
        self.shift = geo.n * geo.n
        self.fill_value = WIN if full_board == "block" else DRAW   # for the mover who fills the last cell
        self.table: dict[int, tuple[int, int]] = {}
        self.gaps: dict[int, int] = {}
        self.poison: dict[int, int] = {}
        self.cells: dict[int, tuple[int, ...]] = {}
        self.nodes = 0

    def action_values(self, state: NiyaState) -> dict[tuple[int, int], int]:
        """Every legal action's exact value for the player to move at `state`.

        Each action is first asked "win or not?" and only then "draw or loss?": two null windows
        share more of the table than one full window.
        """
        p = state.current_player() - 1
        mine, theirs = state.owned[p], state.owned[1 - p]
        out = {}
        for cell in self._cells(state.legal_mask()):
            v = self.move_value(mine, theirs, cell, DRAW, WIN)
            if v <= DRAW:
                v = self.move_value(mine, theirs, cell, LOSS, DRAW)
            out[divmod(cell, state.garden.geometry.n)] = v
        return out

    def move_value(self, mine: int, theirs: int, cell: int, alpha: int, beta: int) -> int:
        """Value, for its mover, of taking `cell`; exact if strictly inside (alpha, beta), else a bound."""
        rest = self.full & ~(mine | theirs | 1 << cell)
        if self._gaps(mine) >> cell & 1:
            return WIN
        if not rest:
            return self.fill_value
        if not rest & self.compat[cell]:
            return WIN
        return -self.value(theirs, mine | 1 << cell, cell, -beta, -alpha)

    def value(self, mine: int, theirs: int, last: int, alpha: int, beta: int) -> int:
        """Value for the player to move (owner of `mine`), exact when it lies strictly inside (alpha, beta)."""
        self.nodes += 1
        key = mine | theirs << self.shift | last << 2 * self.shift
        lo, hi = self.table.get(key, (LOSS, WIN))
        if lo == hi or lo >= beta or hi <= alpha:
            return lo if lo >= beta or lo == hi else hi
        alpha, beta = max(alpha, lo), min(beta, hi)
        best, later = self._expand(mine, theirs, last)
        for cell in later:
            if best >= beta:
                break
            best = max(best, -self.value(theirs, mine | 1 << cell, cell, -beta, -max(alpha, best)))
        if best <= alpha:
            hi = min(hi, best)
        elif best >= beta:
            lo = max(lo, best)
        else:
            lo = hi = best
        self.table[key] = (lo, hi)
        return best

    def _expand(self, mine: int, theirs: int, last: int) -> tuple[int, list[int]]:
        """The best value settled without recursion, and the moves left to search, best-looking first."""
        compat, rest = self.compat, self.full & ~(mine | theirs)
        moves = compat[last] & rest
        if moves & self._gaps(mine):
            return WIN, []
        threats, poisoned = self._gaps(theirs), self._blockers(rest)
        best, later = LOSS, []
        for cell in self._cells(moves):
            after = rest & ~(1 << cell)
            replies = compat[cell] & after
            if not after:
                best = max(best, self.fill_value)
            elif not replies:
                return WIN, []
            elif replies & threats or poisoned >> cell & 1:
                continue                # the opponent completes a line or blocks: a loss
            elif after & (after - 1) == 0:
                best = max(best, -self.fill_value)     # the opponent must take the last tile: a full garden
            else:
                mine_gaps = self._gaps(mine | 1 << cell) & after
                later.append((-(mine_gaps & ~replies).bit_count(), -mine_gaps.bit_count(), replies.bit_count(), cell))
        later.sort()
        return best, [item[-1] for item in later]

    def _gaps(self, owned: int) -> int:
        """Cells that would complete a line or square for the owner of `owned`."""
        gaps = self.gaps.get(owned)
        if gaps is None:
            gaps = 0
            for line in self.lines:
                gap = line & ~owned
                if gap & (gap - 1) == 0:
                    gaps |= gap
            self.gaps[owned] = gaps
        return gaps

    def _blockers(self, rest: int) -> int:
        """Cells whose taking lets the opponent block: a tile that, among the tiles left, matches only that cell."""
        out = self.poison.get(rest)
        if out is None:
            out = 0
            if rest.bit_count() > 2:    # else the reply fills the garden: a full board, not a block
                for r in self._cells(rest):
                    only = self.compat[r] & rest
                    if only & (only - 1) == 0:
                        out |= only
            self.poison[rest] = out
        return out

    def _cells(self, mask: int) -> tuple[int, ...]:
        cells = self.cells.get(mask)
        if cells is None:
            cells = self.cells[mask] = tuple(bits(mask))
        return cells


@dataclass(frozen=True)
class Solution:
    """Every legal first move's result for the first player under perfect play by both sides."""

    garden: Garden
    full_board: str
    values: dict[tuple[int, int], int]
    nodes: int

    @property
    def best_move(self) -> tuple[int, int]:
        """Tie rule: among the moves of the best result, the one leaving the fewest replies, then row-major."""
        start = NiyaState(self.garden, self.full_board)
        return min(self.values, key=lambda a: (-self.values[a], len(start.apply_action(a).legal_actions()), a))

    @property
    def outcome(self) -> str:
        return SOLVE_OUTCOMES[max(self.values.values())]


def solve_garden(garden: Garden, full_board: str) -> Solution:
    search = Search(garden, full_board)
    return Solution(garden, full_board, search.action_values(NiyaState(garden, full_board)), search.nodes)


def solution_text(solution: Solution) -> str:
    """The garden beside a grid of W / D / L (the first player's result for each first move)."""
    garden, n = solution.garden, solution.garden.geometry.n
    marks = [RESULT_MARKS.get(solution.values.get(divmod(c, n)), ".") for c in range(n * n)]
    best = solution.best_move
    lines = [f"Niya garden (full board: {solution.full_board}); Player 1 moves first.", "",
             f"  {'garden':<{3 * n - 1}}    first moves"]
    lines += [f"  {row}    {' '.join(marks[r * n:(r + 1) * n])}" for r, row in enumerate(garden.rows())]
    lines += ["", "W win, D draw, L loss for the first player under perfect play; . not a legal first move.",
              f"Outcome: {SOLVE_OUTCOMES[max(solution.values.values())].replace('-', ' ')}.",
              f"Best first move: {best} {garden.tiles[best[0] * n + best[1]].name} "
              f"(ties: fewest replies for the opponent, then row-major).",
              f"{solution.nodes} positions searched."]
    return "\n".join(lines)
