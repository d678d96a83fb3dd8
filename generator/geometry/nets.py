"""Fold-up nets: the cut outline, fold lines and named panels of a piece built from a few sizes.

A designer writes `net: {box: {width: 22mm, depth: 22mm, height: 18mm, tab: 5mm}}` instead of an
outline path and fold coordinates that would have to agree with the template's panels by hand.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from generator.geometry.segment import Segment
from generator.common.units import fmt_number, rounded

TAB_INSET_MM = 1.5  # tabs are trapezoids, so they fold in without catching


@dataclass(frozen=True)
class Net:
    width_mm: float
    height_mm: float
    outline: str
    folds: tuple[Segment, ...]
    panels: dict[str, tuple[float, float, float, float]]   # name -> (x, y, w, h), trim coordinates
    stands_on: tuple[float, float] = (0.0, 0.0)             # footprint once folded up


_f = fmt_number


def box(width: float, depth: float, height: float, tab: float) -> Net:
    """An open-bottomed box: four walls in a row (side, front, side, back), a glue tab closing them,
    and a flat roof hinged on the front wall, held by tabs on the other three walls.

         [ roof ]
    [side][front][side][back][tab
    """
    w, d, h, t, i = width, depth, height, tab, TAB_INSET_MM
    top = d                     # walls start below the roof
    xs = [0.0, d, d + w, 2 * d + w, 2 * d + 2 * w]
    pts = [(d, 0.0), (d + w, 0.0), (d + w, top),
           (d + w + i, top - t), (2 * d + w - i, top - t), (2 * d + w, top),            # side tab
           (2 * d + w + i, top - t), (2 * d + 2 * w - i, top - t), (xs[4], top),        # back tab
           (xs[4], top + i), (xs[4] + t, top + 2 * i), (xs[4] + t, top + h - 2 * i),   # glue tab
           (xs[4], top + h - i), (xs[4], top + h), (0.0, top + h), (0.0, top),
           (i, top - t), (d - i, top - t), (d, top)]                                   # side tab
    outline = "M " + " L ".join(f"{_f(x)} {_f(y)}" for x, y in pts) + " Z"
    folds = tuple(Segment(x, top, x, top + h) for x in xs[1:]) + (Segment(0.0, top, xs[4], top),)
    panels = {"roof": (d, 0.0, w, d), "left": (0.0, top, d, h), "front": (d, top, w, h),
              "right": (d + w, top, d, h), "back": (2 * d + w, top, w, h), "tab": (xs[4], top, t, h)}
    return Net(rounded(xs[4] + t, 4), rounded(top + h, 4), outline, folds, panels, (w, d))


def tetrahedron(edge: float, tab: float) -> Net:
    """A triangular pyramid: four equilateral triangles forming one triangle of twice the edge; the middle
    one (pointing down) is the base it stands on, the three corners fold up to meet at the top, and one
    glue tab on each outer side closes a seam.

            /\\
           /__\\
          /\\  /\\
         /__\\/__\\
    """
    e, t = edge, tab
    h = e * 3 ** 0.5 / 2                       # a small triangle's height
    a, b, c = (0.0, 2 * h), (2 * e, 2 * h), (e, 0.0)
    m1, m2, m3 = (e, 2 * h), (1.5 * e, h), (0.5 * e, h)
    pts: list[tuple[float, float]] = []
    for start, mid, end in ((a, m1, b), (b, m2, c), (c, m3, a)):     # each outer side: a tab on its first half
        pts += [start, *_tab(start, mid, t), mid]
    xs, ys = [x for x, _ in pts], [y for _, y in pts]
    dx, dy = -min(xs), -min(ys)
    moved = [(rounded(x + dx, 4), rounded(y + dy, 4)) for x, y in pts]
    outline = "M " + " L ".join(f"{_f(x)} {_f(y)}" for x, y in moved) + " Z"
    sh = lambda p: (p[0] + dx, p[1] + dy)  # noqa: E731
    folds = tuple(Segment(*sh(p), *sh(q)) for p, q in ((m1, m2), (m2, m3), (m3, m1)))
    panels = {"top": (c[0] - e / 2 + dx, dy, e, h), "left": (dx, h + dy, e, h), "right": (e + dx, h + dy, e, h),
              "base": (e / 2 + dx, h + dy, e, h)}
    return Net(rounded(max(xs) + dx, 4), rounded(max(ys) + dy, 4), outline, folds, panels, (e, rounded(h, 4)))


def _tab(p: tuple[float, float], q: tuple[float, float], t: float) -> list[tuple[float, float]]:
    """A trapezoid tab of depth t outward of the side p -> q."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = (dx * dx + dy * dy) ** 0.5
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux                       # outward: the outline runs counter-clockwise on the page (y down)
    inset = min(t * 0.9, length / 3)
    return [(p[0] + nx * t + ux * inset, p[1] + ny * t + uy * inset),
            (q[0] + nx * t - ux * inset, q[1] + ny * t - uy * inset)]


# kind -> the function drawing it; the loader reads its sizes by the keys of section net_<kind>, in this argument order
NETS: dict[str, Callable[..., Net]] = {"box": box, "tetrahedron": tetrahedron}
