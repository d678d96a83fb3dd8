"""From a side's paper edges to the printer's error, and from both sides to the back offset to add.

A printer places a side's drawing on the paper by a similarity: p = s R q + t (q: where the sheet drew a
point, mm; p: where it lands on the paper). The edges found in the drawing's own millimetres give it:
a point on the left edge lands at paper x = 0, on the right at the paper's width, and so on, which is
linear in (s cos r, s sin r, tx, ty). The back lines up when each of its points lands behind the front's
point it belongs to, seen through the paper (mirrored for the flip): the offset to add is what moves the
back's centre there, in the sheet's own convention (mm as seen on the back, +X right, +Y down).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from generator.calibrate.edges import Edge
from generator.layout.turn import Flip

KEEP_MM = 0.25            # an edge point further than this (and 3 MADs) from the fitted paper is dropped


@dataclass(frozen=True)
class Placement:
    """How a printer placed one side's drawing on the paper: p = [[a, -b], [b, a]] q + t."""

    a: float
    b: float
    tx: float
    ty: float

    @property
    def scale(self) -> float:
        return math.hypot(self.a, self.b)

    @property
    def rotation_deg(self) -> float:
        """Clockwise as the side is seen (y points down the page)."""
        return math.degrees(math.atan2(self.b, self.a))

    def apply(self, q: np.ndarray) -> np.ndarray:
        return np.array([self.a * q[0] - self.b * q[1] + self.tx, self.b * q[0] + self.a * q[1] + self.ty])

    def offset_at(self, q: np.ndarray) -> np.ndarray:
        """Where the drawing's point q lands, less where it was drawn: the printer's shift there (mm)."""
        return self.apply(q) - q


def _rows(edge: Edge, w: float, h: float) -> tuple[np.ndarray, np.ndarray]:
    """Equations a*.. + b*.. + tx*.. + ty*.. = target, one per edge point."""
    x, y = edge.points[:, 0], edge.points[:, 1]
    one, zero = np.ones_like(x), np.zeros_like(x)
    if edge.name in ("left", "right"):
        return np.stack([x, -y, one, zero], 1), np.full_like(x, 0.0 if edge.name == "left" else w)
    return np.stack([y, x, zero, one], 1), np.full_like(x, 0.0 if edge.name == "top" else h)


def fit_placement(edges: list[Edge], page_mm: tuple[float, float]) -> tuple[Placement, float]:
    """The similarity that puts the edges found where the paper's edges are, outliers dropped (a speck on the
    table, a shadow) until every point left agrees within KEEP_MM or three median deviations; and the RMS
    distance of the points kept from the fitted edges (a curled sheet's edges are not straight)."""
    parts = [_rows(e, *page_mm) for e in edges]
    rows, target = np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])
    keep = np.ones(len(target), bool)
    for _ in range(5):
        solution, *_ = np.linalg.lstsq(rows[keep], target[keep], rcond=None)
        misses = np.abs(rows @ solution - target)
        limit = max(KEEP_MM, 3 * 1.4826 * float(np.median(misses[keep])))
        if (misses < limit).sum() < 8 or np.array_equal(misses < limit, keep):
            break
        keep = misses < limit
    misses = np.abs(rows[keep] @ solution - target[keep])
    return Placement(*map(float, solution)), float(np.sqrt(np.mean(misses ** 2)))


def mirror(point: np.ndarray, page_mm: tuple[float, float], duplex: str) -> np.ndarray:
    """A point of one side seen from the other side, once the paper turns over on the flip."""
    flip, (w, h) = Flip(duplex), page_mm          # a calibration sheet is long- or short-edge, never apart
    return np.array([flip.x(point[0], 0, w), flip.y(point[1], 0, h)])


@dataclass(frozen=True)
class Result:
    add_mm: tuple[float, float]          # to add to the sheet's --back-offset
    rotation_deg: float                  # the back turned relative to the front (clockwise as seen on the back)
    scale: float                         # the back's size relative to the front's
    front_shift_mm: tuple[float, float]  # each side's own shift on the paper at its centre, as that side is seen
    back_shift_mm: tuple[float, float]
    front_rotation_deg: float
    back_rotation_deg: float
    spread_mm: float                     # the most any point of the page stays off once the offset is added


def compare(front: Placement, back: Placement, page_mm: tuple[float, float], duplex: str,
            built_mm: tuple[float, float]) -> Result:
    """The back's error relative to the front's, seen through the paper, and the offset that cancels it."""
    w, h = page_mm
    centre = np.array([w / 2, h / 2])
    drawn = centre + np.array(built_mm)               # the back's centre, where the sheet drew it
    def behind(q: np.ndarray) -> np.ndarray:          # where the front's point behind q lands, in back mm
        return mirror(front.apply(mirror(q - np.array(built_mm), page_mm, duplex)), page_mm, duplex)
    linear = np.array([[back.a, -back.b], [back.b, back.a]])
    add = np.linalg.solve(linear, behind(drawn) - back.apply(drawn))
    corners = [np.array(c) for c in ((0, 0), (w, 0), (0, h), (w, h))]
    spread = max(float(np.linalg.norm(back.apply(c + np.array(built_mm) + add) - behind(c + np.array(built_mm))))
                 for c in corners)
    fx, fy = map(float, front.offset_at(centre))
    bx, by = map(float, back.offset_at(drawn))
    return Result((float(add[0]), float(add[1])), back.rotation_deg + front.rotation_deg, back.scale / front.scale,
                  (fx, fy), (bx, by), front.rotation_deg, back.rotation_deg, spread)
