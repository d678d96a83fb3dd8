"""The labelled placeholder `--placeholders` prints where an art file is missing: a light box with a
diagonal cross, the missing file's name and the size the art is printed at, so an early prototype
builds, and the artist sees which file to make and at what size."""

from __future__ import annotations

from typing import Callable

from markupsafe import escape

from generator.common.units import fmt_number as _num

FILL, INK = "#eeeeee", "#555555"
MAX_LABEL_MM = 4.0          # the label's size on a large box (about 11 pt)
LINE_MM = 0.25


def placeholder_markup(name: str, x: float, y: float, w: float, h: float, size_text: str, family: str,
                       width_em: Callable[[str], float]) -> str:
    """The box, its cross, and two lines of label (file name, size) scaled to fit the box's width."""
    stroke = min(LINE_MM, w / 40, h / 40)
    label = name.rsplit("/", 1)[-1]
    parts = [f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}" fill="{FILL}" '
             f'stroke="{INK}" stroke-width="{_num(stroke)}"/>',
             f'<path d="M {_num(x)} {_num(y)} L {_num(x + w)} {_num(y + h)} M {_num(x + w)} {_num(y)} '
             f'L {_num(x)} {_num(y + h)}" fill="none" stroke="{INK}" stroke-width="{_num(stroke)}"/>']
    lines = [label, size_text]
    size = min(MAX_LABEL_MM, h / 5, *(0.9 * w / max(width_em(t), 0.1) for t in lines))
    cx, cy = x + w / 2, y + h / 2
    for k, text in enumerate(lines):
        baseline = cy + (k - 0.5) * size * 1.25 + 0.35 * size
        parts.append(f'<rect x="{_num(cx - width_em(text) * size / 2 - size * 0.2)}" '
                     f'y="{_num(baseline - size * 0.95)}" width="{_num(width_em(text) * size + size * 0.4)}" '
                     f'height="{_num(size * 1.25)}" fill="{FILL}"/>')
        parts.append(f'<text x="{_num(cx)}" y="{_num(baseline)}" font-family="{escape(family)}" font-size="{_num(size)}" '
                     f'text-anchor="middle" fill="{INK}">{escape(text)}</text>')
    return f'<g>{"".join(parts)}</g>'
