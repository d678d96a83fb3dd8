"""A piece's cut outline as an alpha mask: opaque inside `cut_path()`, transparent outside, edges
anti-aliased by drawing at 4x and averaging (Pillow's box filter: the same bytes on every run).

Tabletop Simulator cuts a Custom_Token's shape from its image's transparency, so token images need it.
"""

from __future__ import annotations

import math

from generator.output.cut import segments

SUPERSAMPLE = 4
ARC_STEP_DEG = 5.0


def _arc_points(p0: tuple[float, float], s: tuple) -> list[tuple[float, float]]:
    """Points along an SVG arc (endpoint form, no rotation: the outlines' arcs are circular)."""
    rx, large, sweep, x1, y1 = s[1], s[4], s[5], s[6], s[7]
    x0, y0 = p0
    chord = math.dist(p0, (x1, y1))
    if chord == 0 or rx == 0:
        return [(x1, y1)]
    r = max(rx, chord / 2)
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    h = math.sqrt(max(0.0, r * r - (chord / 2) ** 2))
    ux, uy = (y0 - y1) / chord, (x1 - x0) / chord          # unit normal to the chord
    sign = 1 if large != sweep else -1
    cx, cy = mx + sign * h * ux, my + sign * h * uy
    a0, a1 = math.atan2(y0 - cy, x0 - cx), math.atan2(y1 - cy, x1 - cx)
    d = a1 - a0
    if sweep and d < 0:
        d += 2 * math.pi
    elif not sweep and d > 0:
        d -= 2 * math.pi
    n = max(2, math.ceil(abs(math.degrees(d)) / ARC_STEP_DEG))
    return [(cx + r * math.cos(a0 + d * k / n), cy + r * math.sin(a0 + d * k / n)) for k in range(1, n + 1)]


def polygons(path: str) -> list[list[tuple[float, float]]]:
    """The closed subpaths of an M/L/H/V/A/Z path as point lists (arcs flattened every 5 degrees)."""
    out: list[list[tuple[float, float]]] = []
    for s in segments(path):
        if s[0] == "M":
            out.append([(s[1], s[2])])
        elif s[0] == "L":
            out[-1].append((s[1], s[2]))
        elif s[0] == "A":
            out[-1].extend(_arc_points(out[-1][-1], s))
    return [p for p in out if len(p) >= 3]


def outline_mask(path: str, px_per_mm: float, size: tuple[int, int], margin_px: int = 0):
    """An "L" image of `size`: 255 inside the outline (trim mm, placed `margin_px` in), 0 outside."""
    from PIL import Image, ImageDraw

    k = SUPERSAMPLE
    big = Image.new("L", (size[0] * k, size[1] * k), 0)
    draw = ImageDraw.Draw(big)
    for poly in polygons(path):      # even-odd is not needed: the outlines are single closed shapes
        draw.polygon([((x * px_per_mm + margin_px) * k, (y * px_per_mm + margin_px) * k) for x, y in poly], fill=255)
    return big.reduce(k)
