"""A piece's outline path (the M/L/H/V/A/Z subset the specs' cut paths use) as segments and polygons.

The cut files, the Tabletop Simulator and Cricut masks and the paper mask of shaped pieces all read
outlines through here, so one parser decides what an outline is.
"""

from __future__ import annotations

import math
import re

from generator.common.units import fmt_number
from generator.geometry.hexagon import hex_points

ARC_STEP_DEG = 5.0

TOKEN = re.compile(r"[\s,]*(?:([MLHVAZmlhvaz])|([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?))[\s,]*")
ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "A": 7, "Z": 0}
MAX_COORDINATE_MM = 2000.0      # the spec's longest length (docs/reference/limits.md): no outline point lies further


class OutlineError(ValueError):
    """An outline path the parser refuses; its message says what and where in the path."""


def _tokens(path: str) -> list[str]:
    """The path's commands and numbers; anything else (a word, `nan`, a stray sign) is refused by position."""
    out, pos = [], 0
    while pos < len(path):
        m = TOKEN.match(path, pos)
        if m is None or m.end() == pos:
            raise OutlineError(f'unexpected "{path[pos:pos + 12].rstrip()}" at character {pos + 1}')
        if m.group(1) or m.group(2):
            out.append(m.group(1) or m.group(2))
        pos = m.end()
    return out


def _numbers(tokens: list[str], i: int, n: int, cmd: str) -> list[float]:
    vals = tokens[i:i + n]
    if len(vals) < n or any(v.isalpha() for v in vals):
        raise OutlineError(f'"{cmd}" expects {n} numbers, got {sum(1 for v in vals if not v.isalpha())}')
    out = [float(v) for v in vals]
    if not all(math.isfinite(v) and abs(v) <= MAX_COORDINATE_MM for v in out):
        raise OutlineError(f'"{cmd}" has a number beyond {MAX_COORDINATE_MM:g} mm: {" ".join(vals)}')
    return out


def segments(path: str) -> list[tuple]:
    """Absolute segments of a path of M, L, H, V, A and Z: ("M", x, y), ("L", x, y), ("A", rx, ry, rot,
    large, sweep, x, y), ("Z",). A path that is not one of these (OutlineError) never reaches a page."""
    tokens = _tokens(path)
    if tokens and tokens[0] not in ("M", "m"):
        raise OutlineError(f'expected the path to start with "M", got "{tokens[0]}"')
    out: list[tuple] = []
    x, y, start, i, cmd = 0.0, 0.0, (0.0, 0.0), 0, ""        # a path starts with "M": cmd is set before it is read
    while i < len(tokens):
        if tokens[i].isalpha():
            cmd = tokens[i]
            i += 1
            if cmd.upper() == "Z":
                out.append(("Z",))
                x, y = start
                continue
        elif cmd.upper() == "Z":
            raise OutlineError(f'"Z" takes no numbers, got "{tokens[i]}"')
        n = ARGS[cmd.upper()]
        vals = _numbers(tokens, i, n, cmd)
        i += n
        rel = cmd.islower()
        c = cmd.upper()
        if c in ("M", "L"):
            x, y = (x + vals[0], y + vals[1]) if rel else (vals[0], vals[1])
            out.append((c, x, y))
            if c == "M":
                start, cmd = (x, y), ("l" if rel else "L")
        elif c == "H":
            x = x + vals[0] if rel else vals[0]
            out.append(("L", x, y))
        elif c == "V":
            y = y + vals[0] if rel else vals[0]
            out.append(("L", x, y))
        else:
            x, y = (x + vals[5], y + vals[6]) if rel else (vals[5], vals[6])
            out.append(("A", vals[0], vals[1], vals[2], vals[3], vals[4], x, y))
    return out


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


def _oriented(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """`points` in the direction of positive shoelace area, so every subpath of a union winds alike."""
    area = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]))
    return points if area >= 0 else points[::-1]


def _polygon_d(points: list[tuple[float, float]], n) -> str:
    return "M" + " L".join(f"{n(x)} {n(y)}" for x, y in _oriented(points)) + " Z"


def grown_outline(path: str, grow: float, n) -> str:
    """An SVG path whose nonzero fill is the outline `path` grown by `grow` with round corners.

    The Minkowski sum of a shape and a disc is the shape, a rectangle along every edge and a disc on every
    corner; drawn as subpaths that all wind the same way, nonzero filling unites them exactly, with no
    polygon offsetting. As a clip path it keeps art within the bleed of a shaped piece without a soft mask
    (transparency, which PDF/X-1a forbids). `n` writes numbers.
    """
    parts = []
    for poly in polygons(path):
        parts.append(_polygon_d(poly, n))
        for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]):
            length = math.dist((x0, y0), (x1, y1))
            if length == 0:
                continue
            nx, ny = (y0 - y1) / length * grow, (x1 - x0) / length * grow
            parts.append(_polygon_d([(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny),
                                     (x0 - nx, y0 - ny)], n))
        for x, y in poly:      # positive angle in SVG is sweep-flag 1, the same turn as positive area
            parts.append(f"M{n(x + grow)} {n(y)} A{n(grow)} {n(grow)} 0 1 1 {n(x - grow)} {n(y)} "
                         f"A{n(grow)} {n(grow)} 0 1 1 {n(x + grow)} {n(y)} Z")
    return " ".join(parts)


def line_d(x1: float, y1: float, x2: float, y2: float) -> str:
    """The path data of one straight line (a fold), its numbers at six significant digits."""
    a, b, c, d = (fmt_number(v, significant=6) for v in (x1, y1, x2, y2))
    return f"M {a} {b} L {c} {d}"


def piece_outline_d(shape: str, w: float, h: float, orientation: str = "pointy", corner: float = 0.0,
                    outline: str | None = None) -> str:
    """Trim outline of a piece as SVG path data in its trim coordinates (consumers translate it)."""
    f = fmt_number

    if shape == "circle":   # four quarter arcs: a radius rounded for print stays on the circle
        r = w / 2
        return (f"M 0 {f(r)} A {f(r)} {f(r)} 0 0 1 {f(r)} 0 A {f(r)} {f(r)} 0 0 1 {f(w)} {f(r)} "
                f"A {f(r)} {f(r)} 0 0 1 {f(r)} {f(w)} A {f(r)} {f(r)} 0 0 1 0 {f(r)} Z")
    if shape == "hex":
        pts = hex_points(w, h, orientation)
        return "M " + " L ".join(f"{f(x)} {f(y)}" for x, y in pts) + " Z"
    if shape == "rounded":
        r = corner
        return (f"M {f(r)} 0 H {f(w - r)} A {f(r)} {f(r)} 0 0 1 {f(w)} {f(r)} V {f(h - r)} "
                f"A {f(r)} {f(r)} 0 0 1 {f(w - r)} {f(h)} H {f(r)} A {f(r)} {f(r)} 0 0 1 0 {f(h - r)} "
                f"V {f(r)} A {f(r)} {f(r)} 0 0 1 {f(r)} 0 Z")
    if shape == "outline" and outline:
        return outline
    return f"M 0 0 H {f(w)} V {f(h)} H 0 Z"
