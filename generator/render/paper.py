"""Paper, not ink, beyond a shaped piece's bleed.

A template paints its background over the whole design rectangle; for a piece cut along an
outline (a fold-up net, say) everything farther than the bleed outside that outline is waste
that a person then cuts away. The design is clipped to its outline grown by the bleed with round
corners (geometry.outline.grown_outline), so the rest stays paper. A clip, not a mask: a mask is a soft
mask in PDF, transparency that PDF/X-1a files may not hold.
"""

from __future__ import annotations

import re

from generator.geometry.outline import grown_outline
from generator.common.units import fmt_number

_ROOT = re.compile(r"<svg\b[^>]*>")
MASKED_SHAPES = ("outline",)


def keep_paper_outside(svg: str, uid: str, cut: str, bleed: float) -> str:
    """`svg` with its content clipped to the trim outline `cut` (trim coordinates) plus `bleed`."""
    root = _ROOT.search(svg)
    end = svg.rfind("</svg>")
    if root is None or end < root.end():
        return svg
    n = fmt_number
    clip = (f'<defs><clipPath id="{uid}-paper" clipPathUnits="userSpaceOnUse"><path d="{grown_outline(cut, bleed, n)}" '
            f'transform="translate({n(bleed)} {n(bleed)})" clip-rule="nonzero"/></clipPath></defs>'
            f'<g clip-path="url(#{uid}-paper)">')
    return svg[:root.end()] + clip + svg[root.end():end] + "</g>" + svg[end:]
