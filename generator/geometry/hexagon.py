"""One regular hexagon in millimetres: its corners in a box and its box from the flat-to-flat size (the hex map, a
hex tile's outline and the templates' `geo.hex` all use these)."""

from __future__ import annotations

import math

from generator.common.units import rounded


def hex_points(width_mm: float, height_mm: float, orientation: str, inset_mm: float = 0.0) -> list[tuple[float, float]]:
    """Corners of a regular hexagon filling a width x height box (pointy: vertices top and bottom)."""
    cx, cy = width_mm / 2, height_mm / 2
    if orientation == "pointy":
        r = height_mm / 2 - inset_mm / math.cos(math.pi / 6)
        angles = [90 + 60 * k for k in range(6)]
    else:
        r = width_mm / 2 - inset_mm / math.cos(math.pi / 6)
        angles = [60 * k for k in range(6)]
    return [(rounded(cx + r * math.cos(math.radians(a)), 4), rounded(cy - r * math.sin(math.radians(a)), 4)) for a in angles]


def hex_box_mm(flat_to_flat_mm: float, orientation: str) -> tuple[float, float]:
    """Width and height of a hexagon given its flat-to-flat distance."""
    corner = flat_to_flat_mm * 2 / math.sqrt(3)
    return (flat_to_flat_mm, corner) if orientation == "pointy" else (corner, flat_to_flat_mm)


def corner_radius(flat_to_flat_mm: float) -> float:
    """Centre to corner of a regular hexagon: half its corner-to-corner size."""
    return flat_to_flat_mm / math.sqrt(3)
