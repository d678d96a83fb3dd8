"""Niya: the rules, the worked-example scenarios and `pnp solve niya` (exact value of every first move).

Shaped like OpenSpiel's tic_tac_toe.py: constants, then a state with legal_actions / apply_action /
is_terminal / returns, then the search and the match arithmetic, then the Rules class; registration is
the last line. Everything the rulebook leaves open (tile set, full board, match targets) is read from
`rules:` and the garden-tile rows of components/niya/game.yaml, never hard-coded here.

Cells are (row, col), 0-based, row 0 at the top; internally a cell is the bit `row * grid + col` of a
mask, so a position is two masks (each player's cells) plus the cell of the last removed tile.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from itertools import product
from typing import Any, Callable, Iterator, NamedTuple, Sequence

from generator.errors import OptionError, Problem, ProblemCollector, SpecError
from generator.model import Game
from generator.solver.base import CheckResult, Example, Rules
from generator.solver.registry import register
from generator.spec.reader import Reader
from generator.spec.yamlio import join
from generator.units import describe

TILE_COMPONENT = "garden-tile"          # rows carry the fields `vegetation` and `symbol`
TOKEN_COMPONENT = "character-token"     # per player
RULE_KEYS = ("grid", "vegetation", "symbols", "full_board", "points_targets", "wins_needed", "next_starter")
FULL_BOARD = ("draw", "block")          # a full garden with no line: a draw, or the 16th mover wins
NEXT_STARTER = ("loser",)               # seed L34: "the first player is always the one who has lost"
MATCH_FORMATS = ("single", "wins", "points")
RULEBOOK_MIDDLE_TILES = 4               # seed L36: "not allowed to choose one of the 4 middle tiles"
PLAYERS = (1, 2)                        # Player 1 makes the odd-numbered moves
WIN, DRAW, LOSS = 1, 0, -1              # values for the player a search speaks for
RESULT_WORDS = {WIN: "win", DRAW: "draw", LOSS: "loss"}
RESULT_MARKS = {WIN: "W", DRAW: "D", LOSS: "L"}
EXAMPLE_LAYOUT = "PS MS MP IB / CR IS CP PB / IP CB MR CS / PP PR MB IR"   # NIY-DX-01, for --help
SOLVE_OUTCOMES = {WIN: "first-player-wins", DRAW: "draw", LOSS: "second-player-wins"}


class IllegalMove(ValueError):
    """A move the rules forbid; the message says which rule."""


# -- the spec ---------------------------------------------------------------------------------
class Tile(NamedTuple):
    vegetation: str
    symbol: str

    @property
    def name(self) -> str:
        return f"{self.vegetation.capitalize()}/{self.symbol.capitalize()}"

    @property
    def code(self) -> str:
        """Two letters, vegetation then symbol ("PS" is Pine/Sun); unique because the spec reader checks initials."""
        return (self.vegetation[0] + self.symbol[0]).upper()

    def shares(self, other: Tile) -> bool:
        return self.vegetation == other.vegetation or self.symbol == other.symbol


@dataclass(frozen=True)
class NiyaSpec:
    grid: int
    vegetation: tuple[str, ...]
    symbols: tuple[str, ...]
    tiles: tuple[Tile, ...]            # the garden-tile rows, each repeated by its count, in spec order
    full_board: str
    points_targets: tuple[int, ...]
    wins_needed: int
    next_starter: str

    @cached_property
    def lookup(self) -> dict[str, Tile]:
        """A tile by code ("PS") or by name, in any case ("pine/sun")."""
        return {**{t.code: t for t in self.tiles}, **{t.name.upper(): t for t in self.tiles}}


def read_spec(game: Game) -> NiyaSpec:
    """Validate `rules:` and the tile rows; every mistake is one Problem of a single SpecError."""
    problems = game.problems()
    r = Reader(problems)
    rules = r.mapping(dict(game.rules), "rules", RULE_KEYS) or {}

    def get(key: str, read: Callable[..., Any], *args: Any, **kw: Any) -> Any:
        return read(rules[key], join("rules", key), *args, **kw) if key in rules else None

    grid = get("grid", r.integer, minimum=2)
    vegetation = get("vegetation", _read_names, r)
    symbols = get("symbols", _read_names, r)
    full_board = get("full_board", r.choice, FULL_BOARD)
    targets = get("points_targets", _read_targets, r)
    wins_needed = get("wins_needed", r.integer, minimum=1)
    next_starter = get("next_starter", r.choice, NEXT_STARTER)
    tiles = _read_tiles(r, game, vegetation or (), symbols or ())
    problems.raise_if_any()
    return NiyaSpec(grid, vegetation, symbols, tiles, full_board, targets, wins_needed, next_starter)


def _read_names(value: Any, where: str, r: Reader) -> tuple[str, ...] | None:
    """Vegetations or symbols: distinct ids with distinct initials, since a layout code is made of initials."""
    items = r.sequence(value, where, min_items=1)
    names = [r.slug(v, join(where, i)) for i, v in enumerate(items or ())]
    if items is None or None in names:
        return None
    if len(set(names)) != len(names):
        r.add(where, f"expected distinct names, got {', '.join(names)}")
        return None
    clashes = [initial for initial, k in Counter(name[0] for name in names).items() if k > 1]
    if clashes:
        r.add(where, f'expected distinct initials (layout codes use them), got two starting with "{clashes[0]}"')
        return None
    return tuple(names)


def _read_targets(value: Any, where: str, r: Reader) -> tuple[int, ...] | None:
    items = r.sequence(value, where, min_items=1)
    targets = [r.integer(v, join(where, i), minimum=1) for i, v in enumerate(items or ())]
    return None if items is None or None in targets else tuple(targets)


def _read_tiles(r: Reader, game: Game, vegetation: Sequence[str], symbols: Sequence[str]) -> tuple[Tile, ...]:
    index = next((i for i, c in enumerate(game.components) if c.id == TILE_COMPONENT), None)
    if index is None:
        r.add("components", f'expected a "{TILE_COMPONENT}" component (the garden tiles)')
        return ()
    tiles = []
    for j, row in enumerate(game.components[index].rows):
        where = f"components[{index}].rows[{j}]"
        veg = r.choice(row.fields.get("vegetation"), join(where, "vegetation"), vegetation)
        sym = r.choice(row.fields.get("symbol"), join(where, "symbol"), symbols)
        if veg and sym:
            tiles.extend([Tile(veg, sym)] * row.count)
    return tuple(tiles)


# -- the garden --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Geometry:
    """Everything that depends on the grid size only: the lines that win and the border."""

    n: int
    lines: tuple[tuple[str, int], ...]          # rows, columns, diagonals, then 2x2 squares; (name, mask)
    through: tuple[tuple[tuple[str, int], ...], ...]  # per cell: the lines through it, so a move checks only those
    border: int
    full: int


@lru_cache(maxsize=None)
def geometry(n: int) -> Geometry:
    def mask(cells: Iterator[tuple[int, int]]) -> int:
        return sum(1 << (r * n + c) for r, c in cells)

    lines = [(f"row {r}", mask((r, c) for c in range(n))) for r in range(n)]
    lines += [(f"column {c}", mask((r, c) for r in range(n))) for c in range(n)]
    lines += [("main diagonal", mask((i, i) for i in range(n))),
              ("anti-diagonal", mask((i, n - 1 - i) for i in range(n)))]
    lines += [(f"square rows {r}-{r + 1} cols {c}-{c + 1}", mask((r + i, c + j) for i in (0, 1) for j in (0, 1)))
              for r in range(n - 1) for c in range(n - 1)]
    through = tuple(tuple(line for line in lines if line[1] >> cell & 1) for cell in range(n * n))
    border = mask((r, c) for r in range(n) for c in range(n) if r in (0, n - 1) or c in (0, n - 1))
    return Geometry(n, tuple(lines), through, border, (1 << n * n) - 1)


@dataclass(frozen=True)
class Garden:
    """A dealt garden: the tile in each cell (row-major) and, per cell, the cells whose tiles match it."""

    tiles: tuple[Tile, ...]

    @cached_property
    def geometry(self) -> Geometry:
        return geometry(round(len(self.tiles) ** 0.5))

    @cached_property
    def compat(self) -> tuple[int, ...]:
        return tuple(sum(1 << j for j, u in enumerate(self.tiles) if j != i and u.shares(t))
                     for i, t in enumerate(self.tiles))

    def rows(self) -> list[str]:
        n = self.geometry.n
        return [" ".join(t.code for t in self.tiles[r * n:(r + 1) * n]) for r in range(n)]


def read_layout(rows: Sequence[str], spec: NiyaSpec, rows_hint: str = "") -> tuple[Garden | None, list[str]]:
    """Rows of tile codes or names (top row first) into a Garden holding every spec tile once, or the problems."""
    n, problems = spec.grid, []
    tokens = [row.split() for row in rows]
    if len(rows) != n:
        problems.append(f"expected {n} rows of {n} tiles{rows_hint}, got {len(rows)} row{'s' * (len(rows) != 1)}")
    else:
        problems += [f"row {i + 1}: expected {n} tiles, got {len(row)}"
                     for i, row in enumerate(tokens) if len(row) != n]
    flat = [tok for row in tokens for tok in row]
    example = spec.tiles[0] if spec.tiles else Tile(spec.vegetation[0], spec.symbols[0])
    veg, sym = (", ".join(name[0].upper() for name in names) for names in (spec.vegetation, spec.symbols))
    for tok in dict.fromkeys(t for t in flat if t.upper() not in spec.lookup):
        problems.append(f'unknown tile "{tok}"; expected a vegetation code ({veg}) then a symbol code ({sym}), '
                        f'like "{example.code}" for {example.name}')
    tiles = [spec.lookup[t.upper()] for t in flat if t.upper() in spec.lookup]
    for tile, k in Counter(tiles).items():
        if k > spec.tiles.count(tile):
            problems.append(f'tile "{tile.code}" ({tile.name}) appears {k} times; '
                            f'expected each of the {len(spec.tiles)} tiles once')
    if not problems and len(spec.tiles) != n * n:
        problems.append(f"the spec has {len(spec.tiles)} garden tiles for {n * n} cells (see NIY-INV-01)")
    return (None, problems) if problems else (Garden(tuple(tiles)), [])


def random_garden(spec: NiyaSpec, seed: int) -> Garden:
    """The spec's tiles shuffled by random.Random(seed): the same seed always deals the same garden."""
    if len(spec.tiles) != spec.grid ** 2:
        raise SpecError(f"the spec has {len(spec.tiles)} garden tiles for {spec.grid ** 2} cells (see NIY-INV-01)")
    tiles = list(spec.tiles)
    random.Random(seed).shuffle(tiles)
    return Garden(tuple(tiles))


# -- the state ---------------------------------------------------------------------------------
def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


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
        return [divmod(cell, self.garden.geometry.n) for cell in _bits(self.legal_mask())]

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
        owned = tuple(mask | (1 << cell) * (p == mover) for p, mask in zip(PLAYERS, self.owned))
        return _settle(replace(self, owned=owned, last=cell), cell, mover)

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


# -- the search --------------------------------------------------------------------------------
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
            cells = self.cells[mask] = tuple(_bits(mask))
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


# -- matches -----------------------------------------------------------------------------------
class GameResult(NamedTuple):
    winner: int | None          # None: a draw
    tiles_left: int


class Standing(NamedTuple):
    """The match after one game; `starter` None means chosen at random (and not yet known)."""

    starter: int | None
    points: tuple[int, int]
    wins: tuple[int, int]


def next_starter(starter: int | None, result: GameResult) -> int | None:
    """The loser starts the next game; after a draw, the player who did not start this one."""
    if result.winner is not None:
        return 3 - result.winner
    return None if starter is None else 3 - starter


def play_match(results: Sequence[GameResult], fmt: str, target: int, first_starter: int | None = None
               ) -> tuple[list[Standing], int | None]:
    """Standings after each game until the match is decided, and the match winner (None: not decided or drawn).

    fmt "single": one game; "wins": first to `target` games; "points": first to `target` points, a game
    being worth the tiles left in the garden to its winner. Results after the decision are not played.
    """
    standings, starter, points, wins = [], first_starter, (0, 0), (0, 0)
    for result in results:
        if result.winner is not None:
            gained = tuple(result.tiles_left * (p == result.winner) for p in PLAYERS)
            points = (points[0] + gained[0], points[1] + gained[1])
            wins = tuple(w + (p == result.winner) for p, w in zip(PLAYERS, wins))
        standings.append(Standing(starter, points, wins))
        starter = next_starter(starter, result)
        score = {"single": wins, "wins": wins, "points": points}[fmt]
        leader = next((p for p, s in zip(PLAYERS, score) if s >= target), None)
        if fmt == "single" or leader is not None:
            return standings, leader
    return standings, None


# -- spec checks -------------------------------------------------------------------------------
def _check_tiles_fill_grid(game: Game, spec: NiyaSpec) -> CheckResult:
    cells, pairs = spec.grid ** 2, set(product(spec.vegetation, spec.symbols))
    missing = sorted(Tile(*p).name for p in pairs - set(spec.tiles))
    ok = len(spec.tiles) == cells == len(pairs) and not missing
    detail = (f"{len(spec.tiles)} garden tiles for {spec.grid} x {spec.grid} = {cells} cells; {len(spec.vegetation)} "
              f"vegetations x {len(spec.symbols)} symbols = {len(pairs)} pairs")
    detail += f"; missing {', '.join(missing)}" if missing else ""
    return CheckResult("spec", "NIY-INV-01 16 tiles fill the 4 x 4 garden", ok, detail)


def _check_tokens_fill_grid(game: Game, spec: NiyaSpec) -> CheckResult:
    name, cells = "NIY-INV-02 8 + 8 tokens = 16 cells", spec.grid ** 2
    try:
        tokens = game.component(TOKEN_COMPONENT)
    except KeyError:
        return CheckResult("spec", name, False, f'no "{TOKEN_COMPONENT}" component')
    each = tokens.total_count(1)
    ok = tokens.per_player and game.seats == len(PLAYERS) and each * game.seats == cells
    detail = f"{game.seats} seats x {each} character tokens = {each * game.seats}, for {cells} cells" + \
        ("" if tokens.per_player else f"; {TOKEN_COMPONENT} is not per_player")
    return CheckResult("spec", name, ok, detail)


def _check_border(game: Game, spec: NiyaSpec) -> CheckResult:
    border = geometry(spec.grid).border.bit_count()
    middle = spec.grid ** 2 - border
    ok = middle == RULEBOOK_MIDDLE_TILES and border + middle == len(spec.tiles)
    detail = f"{border} border + {middle} middle = {border + middle} cells for {len(spec.tiles)} tiles; " \
             f"the rulebook names {RULEBOOK_MIDDLE_TILES} middle tiles"
    return CheckResult("spec", "NIY-INV-03 12 border + 4 middle cells", ok, detail)


def _check_balanced(game: Game, spec: NiyaSpec) -> CheckResult:
    per_vegetation, per_symbol = len(spec.symbols), len(spec.vegetation)
    wrong = [f"{v} on {n} tiles (expected {per_vegetation})" for v, n in _tally(spec, 0).items() if n != per_vegetation]
    wrong += [f"{s} on {n} tiles (expected {per_symbol})" for s, n in _tally(spec, 1).items() if n != per_symbol]
    wrong += [f"{t.name} {n} times" for t, n in Counter(spec.tiles).items() if n > 1]
    detail = "; ".join(wrong) or \
        f"each vegetation on {per_vegetation} tiles, each symbol on {per_symbol}, no duplicates"
    return CheckResult("spec", "NIY-INV-04 each vegetation and symbol on exactly 4 tiles", not wrong, detail)


def _tally(spec: NiyaSpec, field: int) -> dict[str, int]:
    """Tiles per vegetation (field 0) or per symbol (field 1), listing names that appear on no tile too."""
    counts = Counter(t[field] for t in spec.tiles)
    return {name: counts[name] for name in (spec.vegetation if field == 0 else spec.symbols)}


SPEC_CHECKS = (_check_tiles_fill_grid, _check_tokens_fill_grid, _check_border, _check_balanced)


# -- worked examples ---------------------------------------------------------------------------
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


def _read_moves(r: Reader, value: Any, where: str) -> list[tuple[int, int]]:
    moves = []
    for i, move in enumerate(r.sequence(value, where) or ()):
        if not (isinstance(move, list) and len(move) == 2 and all(type(x) is int for x in move)):
            r.add(join(where, i), f"expected [row, col], got {describe(move)}")
        else:
            moves.append((move[0], move[1]))
    return moves


def _read_results(r: Reader, value: Any, where: str, cells: int) -> list[GameResult]:
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


# -- the rules module --------------------------------------------------------------------------
class NiyaRules(Rules):
    """Niya for `pnp check` (spec invariants, worked examples) and `pnp solve niya` (exact first moves)."""

    game_id = "niya"
    SCENARIOS = {"game": "scenario_game", "blocked": "scenario_blocked", "match": "scenario_match"}

    @cached_property
    def spec(self) -> NiyaSpec:
        return read_spec(self.game)

    def spec_checks(self) -> list[CheckResult]:
        return [check(self.game, self.spec) for check in SPEC_CHECKS]

    # -- scenarios: each returns JSON-like data compared key by key with the example's `expected`
    def scenario_game(self, ex: Example) -> dict[str, Any]:
        """given: layout (row strings of codes or names, or one "/"-separated string), moves, full_board?"""
        r, g = _given(ex, ("layout", "moves"), ("full_board",))
        garden = self._layout(r, g["layout"], "given.layout") if "layout" in g else None
        moves = _read_moves(r, g["moves"], "given.moves") if "moves" in g else []
        full_board = self.spec.full_board
        if "full_board" in g:
            full_board = r.choice(g["full_board"], "given.full_board", FULL_BOARD)
        r.problems.raise_if_any()
        return replay(NiyaState(garden, full_board), moves)

    def scenario_blocked(self, ex: Example) -> dict[str, Any]:
        """given: last_removed, tiles_left (names or codes): can the opponent move at all?"""
        r, g = _given(ex, ("last_removed", "tiles_left"), ())
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
        r, g = _given(ex, ("format", "results"), ("target", "first_starter"))
        fmt = r.choice(g.get("format"), "given.format", MATCH_FORMATS)
        target = self._target(r, fmt, g)
        starter = g.get("first_starter", "random")
        if starter not in ("random", *PLAYERS):
            r.add("given.first_starter", f'expected 1, 2 or "random", got {describe(starter)}')
        results = _read_results(r, g.get("results"), "given.results", self.spec.grid ** 2)
        r.problems.raise_if_any()
        standings, winner = play_match(results, fmt, target, None if starter == "random" else starter)
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

    # -- pnp solve niya
    def add_solve_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.description = ("Solve a Niya garden exactly: for every legal first move, whether the first player "
                              "wins, draws or loses under perfect play by both sides.")
        deal = parser.add_mutually_exclusive_group(required=True)
        codes = " ".join(v[0].upper() for v in self.spec.vegetation), " ".join(x[0].upper() for x in self.spec.symbols)
        deal.add_argument("--layout", metavar="ROWS",
                          help=f'the garden, rows top to bottom separated by "/", each tile a vegetation code '
                          f'({codes[0]}) then a symbol code ({codes[1]}), e.g. "{EXAMPLE_LAYOUT}"')
        deal.add_argument("--random-layout", action="store_true", help="deal the spec's tiles at random (see --seed)")
        parser.add_argument("--seed", type=int, metavar="N", help="seed of --random-layout (default 1)")
        parser.add_argument("--full-board", choices=FULL_BOARD, default=self.spec.full_board,
                            help=f"a full garden with no line: a draw, or a win for the 16th mover "
                            f"(default {self.spec.full_board}, from the spec)")
        parser.add_argument("--json", action="store_true", help="print the result as JSON")

    def solve(self, args: argparse.Namespace) -> tuple[dict[str, Any], str]:
        if args.layout is not None and args.seed is not None:
            raise OptionError(Problem("only used with --random-layout", where="--seed"))
        seed = 1 if args.seed is None else args.seed
        garden = random_garden(self.spec, seed) if args.random_layout else self._cli_layout(args.layout)
        solution = solve_garden(garden, args.full_board)
        result = {"layout": garden.rows(), "full_board": args.full_board,
                  **({"seed": seed} if args.random_layout else {}),
                  "outcome": solution.outcome, "best_first_move": list(solution.best_move),
                  "first_moves": {f"{r},{c}": RESULT_WORDS[v] for (r, c), v in solution.values.items()},
                  "nodes": solution.nodes}
        return result, solution_text(solution)

    def _cli_layout(self, text: str) -> Garden:
        garden, problems = read_layout(text.split("/"), self.spec, ' separated by "/"')
        if problems:
            raise OptionError([Problem(p, where="--layout") for p in problems])
        return garden


def _given(ex: Example, required: tuple[str, ...], optional: tuple[str, ...]) -> tuple[Reader, dict]:
    r = Reader(ProblemCollector())
    return r, r.mapping(dict(ex.given), "given", required, optional) or {}


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


register(NiyaRules)
