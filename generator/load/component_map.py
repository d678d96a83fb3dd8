"""A board's `hexmap`: its map as text (see generator.geometry.hexmap), the size of one space and its legend
(the tiles that cover its numbered spaces are matched once every component is read: component_rules.py)."""

from __future__ import annotations

from typing import Any

from generator.geometry.hexmap import HexMap, Legend, extent_mm, parse_map
from generator.load.piece import Piece
from generator.load.reader import Reader
from generator.load.schema import keys
from generator.load.yamlio import join


def read_hexmap(p: Piece) -> tuple[HexMap | None, float]:
    """`hexmap`: (the map, the size of one space), which must fit the board's size; (None, 0.0) when not written."""
    return hexmap(p.r, p.m["hexmap"], p.at("hexmap"), p.got["size"]) if "hexmap" in p.m else (None, 0.0)


def hexmap(r: Reader, value: Any, where: str, size: tuple[float, float] | None) -> tuple[HexMap | None, float]:
    """A board's map as text (see generator.geometry.hexmap), and the size of one space; it must fit the board."""
    m = r.mapping(value, where, *keys("hexmap"))
    if m is None or any(k not in m for k in ("map", "space", "legend", "numbered")):
        return None, 0.0
    r.field(m, "hexmap", "tiles", where)
    space, text = r.field(m, "hexmap", "space", where), r.field(m, "hexmap", "map", where)
    found = legend(r, m["legend"], m["numbered"], where)
    if text is None or space is None or found is None:
        return None, 0.0
    board, problems = parse_map(text, found)
    for message in problems:
        r.add(join(where, "map"), message)
    if board is not None and size is not None:
        w, h = extent_mm(board, space)
        if w > size[0] or h > size[1]:
            r.add(where, f"the map is {w:.1f} x {h:.1f} mm with {space:g} mm spaces; expected it to fit the "
                         f"board's {size[0]:g} x {size[1]:g} mm")
    return board, space


def legend(r: Reader, value: Any, numbered: Any, where: str) -> Legend | None:
    """The map's vocabulary, e.g. `legend: {f: forest, C: {marker: castle}, ".": null}`, `numbered: field`."""
    kind = r.field({"numbered": numbered}, "hexmap", "numbered", where)
    m = r.mapping(value, join(where, "legend"), free=True)
    if m is None or kind is None:
        return None
    spaces: dict[str, str] = {}
    markers: dict[str, str] = {}
    blank: list[str] = []
    for letter, meaning in m.items():
        here = join(join(where, "legend"), str(letter))
        if not isinstance(letter, str) or len(letter.split()) != 1 or letter.isdigit():
            r.add(here, "expected a token without spaces that is not a number")
        elif meaning is None:
            blank.append(letter)
        elif isinstance(meaning, str):
            spaces[letter] = r.slug(meaning, here) or meaning   # not an id: said, and the map still knows the letter
        else:
            mk = r.mapping(meaning, here, *keys("hexmap_marker"))
            if mk is not None and "marker" in mk:
                markers[letter] = r.field(mk, "hexmap_marker", "marker", here)
    return Legend(spaces, markers, tuple(blank), kind)
