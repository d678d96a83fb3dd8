"""Paper, not ink, beyond a shaped piece's bleed.

A template paints its background over the whole design rectangle; for a piece cut along an
outline (a fold-up net, say) everything farther than the bleed outside that outline is waste
that a person then cuts away. The design is masked to its outline grown by the bleed (the
outline filled and stroked at twice the bleed, with round joins), so the rest stays paper.
"""

from __future__ import annotations

import re

from generator.units import fmt_number

_ROOT = re.compile(r"<svg\b[^>]*>")
MASKED_SHAPES = ("outline",)


def keep_paper_outside(svg: str, uid: str, cut: str, full_w: float, full_h: float, bleed: float) -> str:
    """`svg` with its content masked to the trim outline `cut` (trim coordinates) plus `bleed`."""
    root = _ROOT.search(svg)
    end = svg.rfind("</svg>")
    if root is None or end < root.end():
        return svg
    n = fmt_number
    mask = (f'<defs><mask id="{uid}-paper" maskUnits="userSpaceOnUse" x="0" y="0" width="{n(full_w)}" '
            f'height="{n(full_h)}"><path d="{cut}" transform="translate({n(bleed)} {n(bleed)})" fill="#ffffff" '
            f'stroke="#ffffff" stroke-width="{n(2 * bleed)}" stroke-linejoin="round"/></mask></defs>'
            f'<g mask="url(#{uid}-paper)">')
    return svg[:root.end()] + mask + svg[root.end():end] + "</g>" + svg[end:]
