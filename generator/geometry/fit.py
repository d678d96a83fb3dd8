"""Does a piece fit the printed space it sits on? Plain geometry of footprints, in millimetres.

A footprint is a rectangle, a circle or a regular hexagon (pointy: flat sides left and right;
flat: flat sides top and bottom), centred on its space. The clearance is the smallest gap between
the piece's edge and the space's edge, for the better of the piece's two orientations when it may
be turned a quarter; a negative clearance means the piece overhangs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Footprint:
    shape: str        # "rect", "circle" or "hex"
    w: float
    h: float
    orientation: str = "pointy"   # of a hex

    @property
    def apothem(self) -> float:
        """Half the flat-to-flat width of a hexagon."""
        return (self.w if self.orientation == "pointy" else self.h) / 2


def _normals(orientation: str) -> list[float]:
    """Directions (radians) of a regular hexagon's side normals."""
    start = 0.0 if orientation == "pointy" else math.pi / 6
    return [start + k * math.pi / 3 for k in range(3)]


def _reach(piece: Footprint, angle: float) -> float:
    """How far the centred piece reaches along a direction (its support function)."""
    c, s = abs(math.cos(angle)), abs(math.sin(angle))
    if piece.shape == "circle":
        return piece.w / 2
    if piece.shape == "hex":
        corners = [(piece.apothem / math.cos(math.pi / 6) * math.cos(a), piece.apothem / math.cos(math.pi / 6) * math.sin(a))
                   for a in (math.pi / 2 + k * math.pi / 3 if piece.orientation == "pointy" else k * math.pi / 3
                             for k in range(6))]
        return max(x * math.cos(angle) + y * math.sin(angle) for x, y in corners)
    return piece.w / 2 * c + piece.h / 2 * s


def clearance(piece: Footprint, space: Footprint, turnable: bool = True) -> float:
    """The smallest gap (mm) between a centred piece and its space's edge; negative if it overhangs."""
    turns = [piece] + ([Footprint(piece.shape, piece.h, piece.w, _turned(piece.orientation))]
                       if turnable and piece.shape != "circle" else [])
    return max(_gap(p, space) for p in turns)


def _turned(orientation: str) -> str:
    return "flat" if orientation == "pointy" else "pointy"


def _gap(piece: Footprint, space: Footprint) -> float:
    if space.shape == "hex":
        return min(space.apothem - _reach(piece, a) for a in _normals(space.orientation))
    if space.shape == "circle":
        r = space.w / 2
        return min(r - _reach(piece, a / 36 * math.pi) for a in range(72))   # sampled: pieces are convex
    return min(space.w / 2 - _reach(piece, 0.0), space.h / 2 - _reach(piece, math.pi / 2))
