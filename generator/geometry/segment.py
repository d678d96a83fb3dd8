"""A straight line in a piece's trim coordinates: folds, and the edges of nets."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Segment:
    """A straight line in a piece's trim coordinates (mm, top-left origin, y down)."""

    x1: float
    y1: float
    x2: float
    y2: float
