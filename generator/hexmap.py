"""A hex map written as text, read into spaces with positions and neighbours.

One copy of a board serves both the drawing and the rules: the template draws the spaces this
module places, and the solver walks the neighbours this module computes. The text is one line
per row of pointy-topped hexes, odd rows shifted half a hex to the right, one token per hex:

    .   nothing (land or outside the board)       s   a shore space
    ~   a sea space                               12  resource space number 12
    W   where the wharf is drawn (not a space)    M   where the Grand Market waits (not a space)

Tokens are separated by spaces; a row's leading indentation is ignored.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SPACE_KINDS = {"s": "shore", "~": "sea"}
MARKERS = {"W": "wharf", "M": "market", ".": None}


@dataclass(frozen=True)
class Space:
    id: str          # "R12" for resource 12, "S3-4" for the shore at row 3, column 4
    kind: str        # resource, shore, sea
    row: int
    col: int
    number: int | None = None


@dataclass(frozen=True)
class HexMap:
    rows: int
    cols: int
    spaces: tuple[Space, ...]
    markers: tuple[tuple[str, int, int], ...]   # (kind, row, col) of wharf / market spots

    def space(self, space_id: str) -> Space:
        return self._by_id()[space_id]

    def _by_id(self) -> dict[str, Space]:
        return {s.id: s for s in self.spaces}

    def neighbours(self) -> dict[str, tuple[str, ...]]:
        """Adjacent spaces of every space (odd rows shifted right)."""
        at = {(s.row, s.col): s.id for s in self.spaces}
        out = {}
        for s in self.spaces:
            out[s.id] = tuple(at[rc] for rc in neighbour_cells(s.row, s.col) if rc in at)
        return out

    def resource(self, number: int) -> Space:
        return self._by_id()[f"R{number}"]


def neighbour_cells(row: int, col: int) -> list[tuple[int, int]]:
    shift = row & 1
    return [(row, col - 1), (row, col + 1),
            (row - 1, col - 1 + shift), (row - 1, col + shift),
            (row + 1, col - 1 + shift), (row + 1, col + shift)]


def parse_map(text: str) -> tuple[HexMap | None, list[str]]:
    """The map, or None and one message per bad token ("row 3, column 4: ...")."""
    problems: list[str] = []
    spaces: list[Space] = []
    markers: list[tuple[str, int, int]] = []
    seen_numbers: dict[int, tuple[int, int]] = {}
    lines = [line.split() for line in text.strip("\n").splitlines()]
    for r, tokens in enumerate(lines):
        for c, token in enumerate(tokens):
            where = f"row {r + 1}, column {c + 1}"
            if token in SPACE_KINDS:
                spaces.append(Space(f"{token.upper()}{r}-{c}", SPACE_KINDS[token], r, c))
            elif token in MARKERS:
                if MARKERS[token]:
                    markers.append((MARKERS[token], r, c))
            elif token.isdigit():
                n = int(token)
                if n in seen_numbers:
                    problems.append(f"{where}: resource space {n} is already at row {seen_numbers[n][0] + 1}, "
                                    f"column {seen_numbers[n][1] + 1}")
                seen_numbers[n] = (r, c)
                spaces.append(Space(f"R{n}", "resource", r, c, n))
            else:
                problems.append(f'{where}: expected ".", "s", "~", "W", "M" or a resource number, got "{token}"')
    if problems:
        return None, problems
    cols = max((len(t) for t in lines), default=0)
    return HexMap(len(lines), cols, tuple(spaces), tuple(markers)), []


def centre_mm(row: int, col: int, flat_mm: float) -> tuple[float, float]:
    """Centre of a pointy-topped hex (flat-to-flat `flat_mm`) relative to the map's top-left hex box."""
    radius = flat_mm / math.sqrt(3)
    return (flat_mm * (col + 0.5 + 0.5 * (row & 1)), radius + row * 1.5 * radius)


def extent_mm(hexmap: HexMap, flat_mm: float) -> tuple[float, float]:
    """Width and height of the map's hexes."""
    radius = flat_mm / math.sqrt(3)
    return (flat_mm * (hexmap.cols + 0.5), 2 * radius + (hexmap.rows - 1) * 1.5 * radius)
