"""A dealt garden and the geometry of its grid: where each tile lies, which lines win, which tiles match.

Cells are (row, col), 0-based, row 0 at the top; internally a cell is the bit `row * grid + col` of a mask.
What depends on the grid size only (lines, border) is computed once per size. A garden is dealt from layout
rows (`--layout`, an example's `given.layout`) or shuffled from a seed (`--random-layout`).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Iterator, Sequence

from generator.solver.api import SpecError
from generator.solver.games.niya.spec import NiyaSpec, Tile


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


def random_garden(spec: NiyaSpec, seed: int | str) -> Garden:
    """The spec's tiles shuffled by random.Random(seed): the same seed always deals the same garden."""
    if len(spec.tiles) != spec.grid ** 2:
        raise SpecError(f"the spec has {len(spec.tiles)} garden tiles for {spec.grid ** 2} cells (see NIY-INV-01)")
    tiles = list(spec.tiles)
    random.Random(seed).shuffle(tiles)
    return Garden(tuple(tiles))


def bits(mask: int) -> Iterator[int]:
    """The cells of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
