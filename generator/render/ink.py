"""The ink-saver style: one pass over every design's finished SVG, so that it serves every game
(shipped, themed or made by `pnp new`) without a template knowing about it.

What each paint becomes depends on what it does, read from the tree, not from the game:
- a fill (a background, a band, a panel, a player's ground) becomes a light tint of its own colour,
  mixed with paper so it keeps its hue (player colours stay apart), and a filled shape without an
  outline gets a thin one in a dark shade of its colour, so art keeps its lines;
- text is printed in a dark shade of its colour (light text on a dark band becomes dark text on a
  light band); a light stroke under text (a halo) becomes paper;
- an outline stays dark (a thin stroke is darkened if it was light); a stroke as wide as a band is
  tinted like a fill;
- a pattern (the players' second cue) keeps its marks at a middle tone over a light ground;
- gradients and filter colours are tinted like fills; pictures are lightened with their edges
  drawn dark;
- clip paths and masks are left alone (their colours are geometry, not ink).
"""

from __future__ import annotations

import base64
import colorsys
import io
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, replace
from functools import lru_cache

from defusedxml.ElementTree import fromstring as defused_fromstring

from generator.common.errors import Problem, RenderError
from generator.render.svg_safety import SVG_NS, XLINK_NS
from generator.common.units import fmt_number, rounded

ET.register_namespace("", SVG_NS)
ET.register_namespace("xlink", XLINK_NS)

FILL_KEEP = 0.18        # share of a fill's ink that is printed
MARK_KEEP = 0.55        # share of a pattern mark's ink that is printed ...
MARK_MAX = 0.40         # ... and at most this much ink
TEXT_LUMA = 0.22        # text at most this light (0 black, 1 white)
LINE_LUMA = 0.35        # outlines at most this light
WIDE_STROKE_MM = 1.2    # a stroke at least this wide is a band: tinted, not darkened
OUTLINE_MM = 0.2        # the outline given to a filled shape that has none
PICTURE_KEEP = 0.30     # share of a picture's ink that is printed, besides its edges
TEXT_INK = "#1a1a1a"    # text painted with a gradient or pattern

SHAPES = {"path", "rect", "circle", "ellipse", "polygon", "polyline", "line", "use"}
TEXTS = {"text", "tspan", "textPath"}
UNTOUCHED = {"clipPath", "mask", "title", "desc", "metadata"}
REFERENCED = {"defs", "symbol"}      # drawn where a <use> or url() puts them
_DECL = re.compile(r"\s*([a-zA-Z-]+)\s*:\s*([^;]+)")
_CSS_PAINT = re.compile(r"(?<![\w-])(fill|stroke|stop-color|flood-color|lighting-color|color)(\s*:\s*)([^;}!]+)")
_TRANSFORM = re.compile(r"(matrix|scale)\s*\(([^)]*)\)")
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_PAINT_KEYS = ("fill", "stroke", "stop-color", "flood-color", "lighting-color", "color", "stroke-width",
               "fill-opacity", "opacity")
_KEEP = {"none", "transparent", "inherit", "currentcolor", "context-fill", "context-stroke"}


def ink_saver(svg: str, shown: str = "design") -> str:
    """`svg` (a design as rendered) printed with little ink: see the module's docstring."""
    root = _parsed(svg, shown)
    _Pass(root).walk(root, _Paint(scale=_root_scale(root)))
    head = svg[:svg.find("<svg")] if svg.lstrip().startswith("<?") else ""
    return head + ET.tostring(root, encoding="unicode")


def _parsed(svg: str, shown: str) -> ET.Element:
    """The design's tree. Its template's output and each art file in it were checked already; the art
    nested inside may make it deeper than one file may be, which is no reason to refuse it here."""
    try:
        return defused_fromstring(svg.encode("utf-8"), forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except Exception as exc:      # never expected after the checks; one line all the same
        raise RenderError(Problem(f"ink-saver: the design is not well-formed SVG ({exc})", None,
                                  f"design {shown}")) from None


# -- colours ---------------------------------------------------------------------------------

RGB = tuple[float, float, float]


@lru_cache(maxsize=4096)
def parse_colour(value: str) -> RGB | None:
    """sRGB 0-1 of a CSS colour, or None for anything that is not one (none, url(#...), ...)."""
    from PIL import ImageColor

    v = value.strip()
    if not v or v.lower() in _KEEP or v.startswith("url(") or v.startswith("var("):
        return None
    try:
        c = ImageColor.getrgb(v)
    except ValueError:
        return None
    return (c[0] / 255, c[1] / 255, c[2] / 255)


def hex_colour(c: RGB) -> str:
    return "#" + "".join(f"{max(0, min(255, round(v * 255))):02x}" for v in c)


def luma(c: RGB) -> float:
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]


def tint(c: RGB, keep: float, most: float = 1.0) -> RGB:
    """Mixed with paper: `keep` of its ink (and at most `most`), hue kept."""
    ink = 1 - sum(c) / 3
    k = min(keep, most / ink) if ink > 0 else keep
    r, g, b = (1 - (1 - v) * k for v in c)
    return r, g, b


def shade(c: RGB, lightest: float) -> RGB:
    """Darkened to at most `lightest` luma, hue kept (a light colour becomes a dark grey of its hue)."""
    y = luma(c)
    if y <= lightest:
        return c
    h, l, s = colorsys.rgb_to_hls(*c)
    dark = colorsys.hls_to_rgb(h, l * lightest / y, min(s, 0.6))
    if luma(dark) <= lightest + 0.02:
        return dark
    r, g, b = (v * lightest / y for v in c)
    return r, g, b


def _recolour(value: str, how) -> str:
    c = parse_colour(value)
    return value if c is None else hex_colour(how(c))


def fill_tint(value: str) -> str:
    return _recolour(value, lambda c: tint(c, FILL_KEEP))


def mark_tint(value: str) -> str:
    return _recolour(value, lambda c: tint(c, MARK_KEEP, MARK_MAX))


def text_ink(value: str) -> str:
    return _recolour(value, lambda c: shade(c, TEXT_LUMA))


def line_ink(value: str) -> str:
    return _recolour(value, lambda c: shade(c, LINE_LUMA))


# -- the tree --------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Paint:
    """What an element inherits: the original colours (so text can be darkened from its own colour),
    the stroke width, the scale from user units to mm, and where it stands."""

    fill: str | None = None
    stroke: str | None = None
    color: str | None = None
    width: float = 1.0
    scale: float = 1.0
    referenced: bool = False       # inside <defs>/<symbol>: a <use> may give it its colours
    pattern: str | None = None     # inside a pattern: its ground colour ("" when it has none)
    text: bool = False
    see_through: bool = False


class _Pass:
    def __init__(self, root: ET.Element):
        self.root = root
        vb = _view_box(root)
        self.area = vb[2] * vb[3] if vb else float("inf")

    def walk(self, el: ET.Element, up: _Paint) -> None:
        tag = _local(el.tag)
        if tag in UNTOUCHED:
            return
        if tag == "style" and el.text:
            el.text = _css(el.text)
            return
        _expand_style(el)
        own = self._inherit(el, tag, up)
        if tag == "stop":
            el.set("stop-color", fill_tint(el.get("stop-color", "#000000")))
        elif tag in ("feFlood", "feDropShadow", "feDiffuseLighting", "feSpecularLighting"):
            for key in ("flood-color", "lighting-color"):
                if value := el.get(key):
                    el.set(key, fill_tint(value))
        elif tag == "image":
            _lighten_image(el)
        elif tag in TEXTS:
            self._text(el, own, up)
        elif tag in SHAPES:
            self._shape(el, tag, own)
        else:
            self._container(el, own)
        if colour := el.get("color"):
            el.set("color", fill_tint(colour) if not own.text else text_ink(colour))
        for child in el:
            self.walk(child, own)

    def _inherit(self, el: ET.Element, tag: str, up: _Paint) -> _Paint:
        own = replace(up, fill=el.get("fill", up.fill), stroke=el.get("stroke", up.stroke),
                      color=el.get("color", up.color), width=_length(el.get("stroke-width"), up.width),
                      scale=up.scale * _transform_scale(el.get("transform", "")))
        if tag == "svg" and el is not self.root:
            own = replace(own, scale=own.scale * _nested_scale(el))
        if tag in REFERENCED:
            own = replace(own, referenced=True)
        if tag == "pattern":
            own = replace(own, pattern=_ground(el), referenced=False)
        if tag in TEXTS:
            own = replace(own, text=True)
        if _below_one(el.get("opacity")) or _below_one(el.get("fill-opacity")):
            own = replace(own, see_through=True)
        return own

    def _resolved(self, value: str | None, own: _Paint) -> str | None:
        if value is not None and value.strip().lower() == "currentcolor":
            return own.color
        return value

    def _text(self, el: ET.Element, own: _Paint, up: _Paint) -> None:
        fill = self._resolved(own.fill, own)
        if fill is None and not up.text:
            fill = "#000000"
        if fill is not None and ("fill" in el.attrib or not up.text):
            paint = fill.strip().lower()
            el.set("fill", text_ink(fill) if parse_colour(fill) or paint in _KEEP else TEXT_INK)  # a gradient: ink
        stroke = self._resolved(el.get("stroke"), own)
        if stroke is not None and (c := parse_colour(stroke)) is not None:
            base = parse_colour(fill or "#000000") or (0.0, 0.0, 0.0)
            el.set("stroke", "#ffffff" if luma(c) > luma(base) else text_ink(stroke))

    def _shape(self, el: ET.Element, tag: str, own: _Paint) -> None:
        fill = self._resolved(own.fill, own)
        explicit = "fill" in el.attrib
        if fill is None and tag != "line" and not own.referenced:
            fill, explicit = "#000000", True           # SVG's default fill is black
        in_pattern = own.pattern is not None
        if fill is not None and explicit:
            ground = in_pattern and parse_colour(fill) == parse_colour(own.pattern or "")
            el.set("fill", mark_tint(fill) if in_pattern and not ground else fill_tint(fill))
        stroke = self._resolved(el.get("stroke"), own)
        if stroke is not None and "stroke" in el.attrib:
            el.set("stroke", self._stroke(stroke, own))
        elif (own.stroke is None and not in_pattern and not own.see_through and tag != "line"
              and fill is not None and parse_colour(fill) is not None and not self._background(el)):
            el.set("stroke", line_ink(fill))
            el.set("stroke-width", fmt_number(rounded(OUTLINE_MM / own.scale, 4)))

    def _container(self, el: ET.Element, own: _Paint) -> None:
        if fill := el.get("fill"):
            el.set("fill", mark_tint(fill) if own.pattern is not None else fill_tint(fill))
        if stroke := el.get("stroke"):
            el.set("stroke", self._stroke(stroke, own))

    def _stroke(self, value: str, own: _Paint) -> str:
        if own.pattern is not None:
            return mark_tint(value)
        if own.width * own.scale >= WIDE_STROKE_MM:
            return fill_tint(value)
        return line_ink(value)

    def _background(self, el: ET.Element) -> bool:
        """A rectangle over the whole design (its outline would only trace the bleed edge)."""
        if _local(el.tag) != "rect":
            return False
        w, h = _length(el.get("width"), 0.0), _length(el.get("height"), 0.0)
        return w * h >= 0.9 * self.area


UNIT_MM = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72, "pc": 25.4 / 6, "px": 25.4 / 96, "": 25.4 / 96}


def _root_scale(root: ET.Element) -> float:
    """mm per user unit of the design (templates draw in mm, with width="...mm")."""
    vb = _view_box(root)
    m = re.fullmatch(r"\s*([0-9.eE+-]+)\s*([a-z]*)\s*", root.get("width", ""))
    if not vb or not m or m.group(2) not in UNIT_MM:
        return 1.0
    try:
        return float(m.group(1)) * UNIT_MM[m.group(2)] / vb[2] or 1.0
    except ValueError:
        return 1.0


def _view_box(el: ET.Element) -> list[float] | None:
    vb = [float(x) for x in _NUMBER.findall(el.get("viewBox", ""))]
    return vb if len(vb) == 4 and vb[2] > 0 and vb[3] > 0 else None


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]


def _expand_style(el: ET.Element) -> None:
    """Paint declarations of a style attribute as attributes (which the attribute would win over)."""
    style = el.get("style")
    if not style:
        return
    decls = dict(_DECL.findall(style))
    for key in _PAINT_KEYS:
        if key in decls:
            el.set(key, decls.pop(key).strip())
    el.set("style", ";".join(f"{k}:{v.strip()}" for k, v in decls.items()))


def _css(text: str) -> str:
    """Colours in a <style> sheet: fills and the like tinted, strokes darkened (classes cannot tell more)."""
    def one(m: re.Match) -> str:
        key, sep, value = m.groups()
        how = line_ink if key == "stroke" else fill_tint
        return f"{key}{sep}{how(value)}"
    return _CSS_PAINT.sub(one, text)


def _length(value: str | None, default: float) -> float:
    if not value:
        return default
    m = _NUMBER.match(value.strip())
    return float(m.group(0)) if m else default


def _below_one(value: str | None) -> bool:
    return value is not None and _length(value, 1.0) < 0.999


def _transform_scale(value: str) -> float:
    scale = 1.0
    for kind, args in _TRANSFORM.findall(value):
        n = [float(x) for x in _NUMBER.findall(args)]
        if kind == "scale" and n:
            scale *= abs(n[0] * (n[1] if len(n) > 1 else n[0])) ** 0.5
        elif kind == "matrix" and len(n) == 6:
            scale *= abs(n[0] * n[3] - n[1] * n[2]) ** 0.5
    return scale or 1.0


def _nested_scale(el: ET.Element) -> float:
    vb = _view_box(el)
    w, h = _length(el.get("width"), 0.0), _length(el.get("height"), 0.0)
    if not vb or w <= 0 or h <= 0:
        return 1.0
    sx, sy = w / vb[2], h / vb[3]
    ratio = el.get("preserveAspectRatio", "")
    if "none" in ratio:
        return (sx * sy) ** 0.5          # stretched: a stroke's mean width
    return max(sx, sy) if "slice" in ratio else min(sx, sy)     # slice fills the box, meet fits in it


def _ground(pattern: ET.Element) -> str:
    """A pattern's ground colour: the fill of its first shape (a rectangle over the tile, or the
    first of the scales of a seigaiha)."""
    for el in pattern.iter():
        if _local(el.tag) in SHAPES and (fill := el.get("fill")):
            return fill
    return ""


# -- pictures --------------------------------------------------------------------------------

_DATA = re.compile(r"data:image/([a-zA-Z]+);base64,(.*)", re.DOTALL)


def _lighten_image(el: ET.Element) -> None:
    for key in ("href", f"{{{XLINK_NS}}}href"):
        value = el.get(key)
        if value and (m := _DATA.match(value)):
            el.set(key, lightened_picture(m.group(2)))


@lru_cache(maxsize=16)
def lightened_picture(b64: str) -> str:
    """A picture (base64) lightened to PICTURE_KEEP of its ink with its edges kept dark, as a data URI
    (a JPEG stays a JPEG, anything else becomes a PNG)."""
    from PIL import Image, ImageChops, ImageOps

    with Image.open(io.BytesIO(base64.b64decode(b64))) as im:
        im.load()
        fmt = "JPEG" if im.format == "JPEG" else "PNG"
        alpha = im.convert("RGBA").getchannel("A") if im.mode in ("RGBA", "LA", "PA") or "transparency" in im.info \
            else None
        rgb = im.convert("RGB")
    light = rgb.point(lambda v: round(255 - (255 - v) * PICTURE_KEEP))
    edges = _edges(ImageOps.grayscale(rgb), max(1.0, min(rgb.size) / 600))
    out = ImageChops.multiply(light, Image.merge("RGB", (edges, edges, edges)))
    if alpha is not None:
        out.putalpha(alpha)
    buf = io.BytesIO()
    if fmt == "JPEG" and alpha is None:
        out.save(buf, format="JPEG", quality=92, subsampling=0)
    else:
        fmt = "PNG"
        out.save(buf, format="PNG", optimize=False)
    return f"data:image/{fmt.lower()};base64," + base64.b64encode(buf.getvalue()).decode("ascii")


def _edges(grey, blur: float):
    """Where the picture changes sharply, dark on white; the picture's own border is no edge."""
    import numpy as np
    from PIL import Image, ImageFilter

    pad = int(blur * 3) + 2
    a = np.pad(np.asarray(grey), pad, mode="edge")
    found = Image.fromarray(a).filter(ImageFilter.GaussianBlur(blur)).filter(ImageFilter.FIND_EDGES)
    w, h = grey.size
    return found.crop((pad, pad, pad + w, pad + h)).point(lambda v: 255 - min(255, max(0, (v - 12) * 6)))
