"""Art that covers a whole piece, trim and bleed: `place(art, fit="bleed")`.

A card image comes in one of two shapes. At the trim's aspect (an artist's export, 750 x 1050 px
for a poker card) it has no bleed: it is placed on the trim exactly, never cropped nor scaled
past it, and the bleed is made from its own outermost pixels, extended outward. At the aspect
of trim + bleed (a shop's template: The Game Crafter's 825 x 1125 px is poker + 1/8 in) it
carries its own bleed: its trim is placed on the trim and its bleed runs outward, clipped to
the design's bleed, or extended from its edges where the design's bleed is wider than its own.
Any other aspect is placed whole, centred in the trim, and extended from its edges to the bleed
edge (said once per file in the build summary).

Why extended and not mirrored: a cut that drifts into the bleed shows exactly the colour of the
card's edge (a frame stays a frame), while a mirror shows a reflected copy of whatever lies just
inside the edge (a thin border line reappears doubled outside the trim, corners turn into
kaleidoscopes). The extension is drawn as 1-pixel strips of the image's own edge pixels,
stretched, under the untouched image: the image's bytes are embedded as they are (a JPEG stays
the JPEG it was), and the strips reach a little under the image so no seam can show between them.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.render.art import Art
from generator.render.corners import FilledCorners
from generator.common.units import fmt_number

SHOP_BLEEDS_MM = (3.0, 3.175)     # the bleeds shop templates carry: Europe's 3 mm, the US 1/8 in
ASPECT_TOLERANCE = 0.01           # trim and trim + bleed differ by 2.6 % on a poker card
UNDERLAP_MM = 0.5                 # how far a strip reaches under the image


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Fitted:
    """Where the image lies, and what its own bleed was taken to be (None: an aspect of neither)."""

    image: Box
    own_bleed_mm: float | None


def fit_to_trim(pixels: tuple[int, int] | tuple[float, float], trim: Box, bleed_mm: float) -> Fitted:
    """The image's box: its trim on `trim` when its aspect is the trim's or trim + a bleed, else whole inside it."""
    pw, ph = pixels
    aspect = pw / ph
    best, err = None, None
    for c in dict.fromkeys((0.0, bleed_mm, *SHOP_BLEEDS_MM)):
        e = abs(aspect / ((trim.w + 2 * c) / (trim.h + 2 * c)) - 1)
        if err is None or e < err - 1e-12:
            best, err = c, e
    own = best if err is not None and err <= ASPECT_TOLERANCE else None
    c = own or 0.0
    return Fitted(_meet(aspect, Box(trim.x - c, trim.y - c, trim.w + 2 * c, trim.h + 2 * c)), own)


def _meet(aspect: float, box: Box) -> Box:
    """The largest box of `aspect` inside `box`, centred (an off-by-a-pixel export leaves a sliver the
    strips fill, rather than being stretched)."""
    w, h = box.w, box.w / aspect
    if h > box.h:
        w, h = box.h * aspect, box.h
    return Box(box.x + (box.w - w) / 2, box.y + (box.h - h) / 2, w, h)


def bleed_markup(art: Art, trim: Box, bleed_mm: float, fitted: Fitted, filled: FilledCorners | None = None) -> str:
    """The image and its extended edges, clipped to trim + bleed (coordinates of the design); with `filled`, its
    round corners filled (render/corners.py): the corner squares over the image, the bleed from the filled edges."""
    outer = Box(trim.x - bleed_mm, trim.y - bleed_mm, trim.w + 2 * bleed_mm, trim.h + 2 * bleed_mm)
    im = fitted.image
    x0, y0, x1, y1 = im.x - outer.x, im.y - outer.y, im.x + im.w - outer.x, im.y + im.h - outer.y
    left, top, right, bottom = x0 > 1e-9, y0 > 1e-9, x1 < outer.w - 1e-9, y1 < outer.h - 1e-9
    u = min(UNDERLAP_MM, im.w / 4, im.h / 4)
    parts = []
    edges = (filled.edges if filled else art.edges) or {}
    if edges:
        # edge strips: the image's outer pixel rows and columns, stretched from the image to the bleed edge
        if left:
            parts.append(_image(edges["left"], 0, y0, x0 + u, y1 - y0))
        if right:
            parts.append(_image(edges["right"], x1 - u, y0, outer.w - x1 + u, y1 - y0))
        if top:
            parts.append(_image(edges["top"], x0, 0, x1 - x0, y0 + u))
        if bottom:
            parts.append(_image(edges["bottom"], x0, y1 - u, x1 - x0, outer.h - y1 + u))
        for name, on, x, y, w, h in (("top-left", left and top, 0, 0, x0 + u, y0 + u),
                                     ("top-right", right and top, x1 - u, 0, outer.w - x1 + u, y0 + u),
                                     ("bottom-left", left and bottom, 0, y1 - u, x0 + u, outer.h - y1 + u),
                                     ("bottom-right", right and bottom, x1 - u, y1 - u, outer.w - x1 + u,
                                      outer.h - y1 + u)):
            if on:
                parts.append(_image(edges[name], x, y, w, h))
    parts.append(_image(art.body, x0, y0, x1 - x0, y1 - y0))
    if filled and art.pixels:
        parts += _patches(filled, x0, y0, x1, y1, art.pixels)
    return (f'<svg {box_attributes(outer.x, outer.y, outer.w, outer.h)} '
            f'viewBox="0 0 {fmt_number(outer.w)} {fmt_number(outer.h)}" overflow="hidden">{"".join(parts)}</svg>')


def _patches(filled: FilledCorners, x0: float, y0: float, x1: float, y1: float, pixels: tuple[int, int]) -> list[str]:
    """Each filled corner square over the image (x0, y0)-(x1, y1), at the image's own pixels."""
    out = []
    for p in filled.patches:
        w, h = p.size_px * (x1 - x0) / pixels[0], p.size_px * (y1 - y0) / pixels[1]
        x = x1 - w if p.corner.endswith("right") else x0
        y = y1 - h if p.corner.startswith("bottom") else y0
        out.append(_image(p.uri, x, y, w, h))
    return out


def _image(uri: str, x: float, y: float, w: float, h: float) -> str:
    return f'<image {box_attributes(x, y, w, h)} preserveAspectRatio="none" href="{uri}"/>'


def box_attributes(x: float, y: float, w: float, h: float) -> str:
    """`x=".." y=".." width=".." height=".."` of an SVG element."""
    return f'x="{fmt_number(x)}" y="{fmt_number(y)}" width="{fmt_number(w)}" height="{fmt_number(h)}"'

