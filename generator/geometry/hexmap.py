"""A hex map written as text, read into spaces with positions and neighbours.

One copy of a board serves both the drawing and the rules: the template draws the spaces this
module places, and the solver walks the neighbours this module computes. The text is one line
per row of pointy-topped hexes, odd rows shifted half a hex to the right, one token per hex;
tokens are separated by spaces and a row's leading indentation is ignored. What the tokens mean
is the game's vocabulary, given by its spec (a `Legend`): each letter is a space of some kind, a
marker (a place drawn on the board that is not a space), or nothing; a number N is space N of
the legend's numbered kind. This module knows no game's words.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.geometry.hexagon import corner_radius


@dataclass(frozen=True)
class Legend:
    """A map's vocabulary: letter -> space kind, letter -> marker kind, letters meaning nothing, and the
    kind (and id prefix) of numbered spaces."""

    spaces: dict[str, str]
    markers: dict[str, str]
    blank: tuple[str, ...]
    numbered: str

    def expected(self) -> str:
        letters = [f'"{t}"' for t in (*self.blank, *self.spaces, *self.markers)]
        return f"{', '.join(letters)} or a {self.numbered} number"


@dataclass(frozen=True)
class Space:
    id: str          # numbered: the kind's initial and the number ("R12"); else letter, row-column ("S3-4")
    kind: str        # a kind the spec's legend names
    row: int
    col: int
    number: int | None = None


@dataclass(frozen=True)
class HexMap:
    """A board's hex map as parsed from its text: the spaces (each with its cell and kind) and the markers."""

    rows: int
    cols: int
    spaces: tuple[Space, ...]
    markers: tuple[tuple[str, int, int], ...]   # (kind, row, col) of places drawn that are not spaces

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


def neighbour_cells(row: int, col: int) -> list[tuple[int, int]]:
    shift = row & 1
    return [(row, col - 1), (row, col + 1),
            (row - 1, col - 1 + shift), (row - 1, col + shift),
            (row + 1, col - 1 + shift), (row + 1, col + shift)]


def parse_map(text: str, legend: Legend) -> tuple[HexMap | None, list[str]]:
    """The map, or None and one message per bad token ("row 3, column 4: ...")."""
    problems: list[str] = []
    spaces: list[Space] = []
    markers: list[tuple[str, int, int]] = []
    seen_numbers: dict[int, tuple[int, int]] = {}
    lines = [line.split() for line in text.strip("\n").splitlines()]
    for r, tokens in enumerate(lines):
        for c, token in enumerate(tokens):
            where = f"row {r + 1}, column {c + 1}"
            if token in legend.spaces:
                spaces.append(Space(f"{token.upper()}{r}-{c}", legend.spaces[token], r, c))
            elif token in legend.markers:
                markers.append((legend.markers[token], r, c))
            elif token in legend.blank:
                continue
            elif token.isdigit():
                n = int(token)
                if n in seen_numbers:
                    problems.append(f"{where}: {legend.numbered} space {n} is already at row {seen_numbers[n][0] + 1}, "
                                    f"column {seen_numbers[n][1] + 1}")
                seen_numbers[n] = (r, c)
                spaces.append(Space(f"{legend.numbered[:1].upper()}{n}", legend.numbered, r, c, n))
            else:
                problems.append(f'{where}: expected {legend.expected()}, got "{token}"')
    if problems:
        return None, problems
    cols = max((len(t) for t in lines), default=0)
    return HexMap(len(lines), cols, tuple(spaces), tuple(markers)), []


def centre_mm(row: int, col: int, flat_mm: float) -> tuple[float, float]:
    """Centre of a pointy-topped hex (flat-to-flat `flat_mm`) relative to the map's top-left hex box."""
    radius = corner_radius(flat_mm)
    return (flat_mm * (col + 0.5 + 0.5 * (row & 1)), radius + row * 1.5 * radius)


def extent_mm(hexmap: HexMap, flat_mm: float) -> tuple[float, float]:
    """Width and height of the map's hexes."""
    radius = corner_radius(flat_mm)
    return (flat_mm * (hexmap.cols + 0.5), 2 * radius + (hexmap.rows - 1) * 1.5 * radius)
