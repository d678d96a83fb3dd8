"""The labelled placeholder `--placeholders` prints where an art file is missing: a light box with a
diagonal cross, the missing file's name and the size the art is printed at, so an early prototype
builds, and the artist sees which file to make and at what size."""

from __future__ import annotations

from typing import Callable

from markupsafe import escape

from generator.common.units import fmt_number
from generator.render.bleed import box_attributes

FILL, INK = "#eeeeee", "#555555"
MAX_LABEL_MM = 4.0          # the label's size on a large box (about 11 pt)
LINE_MM = 0.25


def placeholder_markup(name: str, x: float, y: float, w: float, h: float, size_text: str, family: str,
                       width_em: Callable[[str], float]) -> str:
    """The box, its cross, and two lines of label (file name, size) scaled to fit the box's width."""
    stroke = min(LINE_MM, w / 40, h / 40)
    label = name.rsplit("/", 1)[-1]
    x0, y0, x1, y1 = (fmt_number(v) for v in (x, y, x + w, y + h))
    parts = [f'<rect {box_attributes(x, y, w, h)} fill="{FILL}" stroke="{INK}" stroke-width="{fmt_number(stroke)}"/>',
             f'<path d="M {x0} {y0} L {x1} {y1} M {x1} {y0} L {x0} {y1}" fill="none" stroke="{INK}" '
             f'stroke-width="{fmt_number(stroke)}"/>']
    lines = [label, size_text]
    size = min(MAX_LABEL_MM, h / 5, *(0.9 * w / max(width_em(t), 0.1) for t in lines))
    cx, cy = x + w / 2, y + h / 2
    for k, text in enumerate(lines):
        baseline = cy + (k - 0.5) * size * 1.25 + 0.35 * size
        parts.append(f'<rect x="{fmt_number(cx - width_em(text) * size / 2 - size * 0.2)}" '
                     f'y="{fmt_number(baseline - size * 0.95)}" width="{fmt_number(width_em(text) * size + size * 0.4)}" '
                     f'height="{fmt_number(size * 1.25)}" fill="{FILL}"/>')
        parts.append(f'<text x="{fmt_number(cx)}" y="{fmt_number(baseline)}" font-family="{escape(family)}" '
                     f'font-size="{fmt_number(size)}" text-anchor="middle" fill="{INK}">{escape(text)}</text>')
    return f'<g>{"".join(parts)}</g>'
