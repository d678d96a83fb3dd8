"""SVG art treated as untrusted: parsed by a real XML parser that refuses DTDs and entities, then
checked against an allow-list of elements, attributes and URL forms.

What is kept: the drawing elements of SVG 1.1 (shapes, text, gradients, patterns, clips, masks,
markers, filters with their primitives, <use> of an id, <image> of an embedded PNG, JPEG, GIF or
WebP), their presentation and geometry attributes, CSS in `style` attributes and <style>
elements without @-rules or outside references, and references of two forms only: `#id` inside the
file and `data:image/...;base64,` whose bytes are really that image type, within the size limits
of raster art (read from the image's header). Editors' own metadata
(Inkscape, Sodipodi, RDF) is dropped. Everything else (scripts, event attributes such as onload,
foreign objects, external or javascript: URLs, @import however it is spelled or escaped, numbers
that are NaN or infinite, nesting deeper than MAX_DEPTH) is refused, naming the file and what was
found. Nothing is ever fetched or expanded.
"""

from __future__ import annotations

import base64
import binascii
import math
import re
import xml.etree.ElementTree as ET

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring as defused_fromstring

from generator.common.errors import ArtError, Problem
from generator.render.raster import open_image

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
XML_NS = "http://www.w3.org/XML/1998/namespace"
EDITOR_NS = ("http://www.inkscape.org/namespaces/inkscape",
             "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd",
             "http://www.w3.org/1999/02/22-rdf-syntax-ns#", "http://creativecommons.org/ns#",
             "http://purl.org/dc/elements/1.1/")
MAX_DEPTH = 64

FILTER_PRIMITIVES = {"feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feFlood",
                     "feGaussianBlur", "feMerge", "feMergeNode", "feMorphology", "feOffset", "feFuncR",
                     "feFuncG", "feFuncB", "feFuncA", "feDropShadow", "feTurbulence", "feDisplacementMap",
                     "feTile", "feConvolveMatrix", "feDiffuseLighting", "feSpecularLighting",
                     "feDistantLight", "fePointLight", "feSpotLight"}
ELEMENTS = {"svg", "g", "defs", "title", "desc", "metadata", "symbol", "use", "switch", "path", "rect", "circle",
            "ellipse", "line", "polyline", "polygon", "text", "tspan", "textPath", "linearGradient",
            "radialGradient", "stop", "pattern", "clipPath", "mask", "marker", "filter", "image", "style",
            *FILTER_PRIMITIVES}
PRESENTATION = {"fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity", "stroke-linecap",
                "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "opacity",
                "clip-path", "clip-rule", "mask", "filter", "display", "visibility", "color", "font-family",
                "font-size", "font-weight", "font-style", "font-variant", "font-stretch", "text-anchor",
                "dominant-baseline", "alignment-baseline", "baseline-shift", "letter-spacing", "word-spacing",
                "text-decoration", "writing-mode", "direction", "stop-color", "stop-opacity", "marker-start",
                "marker-mid", "marker-end", "paint-order", "vector-effect", "shape-rendering", "text-rendering",
                "image-rendering", "color-interpolation", "color-interpolation-filters", "overflow",
                "mix-blend-mode", "isolation", "flood-color", "flood-opacity", "lighting-color"}
GEOMETRY = {"x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "fx", "fy", "fr", "x1", "y1", "x2", "y2",
            "dx", "dy", "rotate", "textLength", "offset", "refX", "refY", "markerWidth", "markerHeight",
            "stdDeviation", "k1", "k2", "k3", "k4", "scale", "radius", "baseFrequency", "numOctaves", "seed",
            "surfaceScale", "diffuseConstant", "specularConstant", "specularExponent", "azimuth", "elevation",
            "kernelMatrix", "order", "divisor", "bias", "targetX", "targetY", "limitingConeAngle",
            "pointsAtX", "pointsAtY", "pointsAtZ", "z", "amplitude", "exponent", "intercept", "slope",
            "tableValues", "startOffset", "pathLength"}
OTHER = {"id", "class", "style", "transform", "d", "points", "viewBox", "preserveAspectRatio", "version",
         "baseProfile", "gradientUnits", "gradientTransform", "spreadMethod", "patternUnits",
         "patternContentUnits", "patternTransform", "clipPathUnits", "maskUnits", "maskContentUnits",
         "markerUnits", "orient", "filterUnits", "primitiveUnits", "in", "in2", "result", "mode", "operator",
         "type", "values", "edgeMode", "xChannelSelector", "yChannelSelector", "stitchTiles",
         "lengthAdjust", "method", "spacing", "side", "href", "media", "space", "lang", "requiredFeatures",
         "systemLanguage", "enable-background"}
ATTRIBUTES = PRESENTATION | GEOMETRY | OTHER
NUMERIC = GEOMETRY | {"viewBox", "points", "d", "transform", "gradientTransform", "patternTransform",
                      "stroke-width", "opacity", "fill-opacity", "stroke-opacity", "stop-opacity", "font-size",
                      "stroke-miterlimit", "stroke-dashoffset", "stroke-dasharray", "flood-opacity"}
IMAGE_MAGIC = {"png": (b"\x89PNG\r\n\x1a\n",), "jpeg": (b"\xff\xd8\xff",), "jpg": (b"\xff\xd8\xff",),
               "gif": (b"GIF87a", b"GIF89a"), "webp": (b"RIFF",)}
EMBEDDED_FORMATS = ("PNG", "JPEG", "GIF", "WEBP")
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_NOT_FINITE = re.compile(r"nan|inf", re.IGNORECASE)
_CSS_ESCAPE = re.compile(r"\\([0-9a-fA-F]{1,6})\s?|\\(.)", re.DOTALL)
_CSS_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
_CSS_URL = re.compile(r"url\(\s*(['\"]?)(.*?)\1\s*\)", re.IGNORECASE | re.DOTALL)
_CSS_FORBIDDEN = re.compile(r"@[a-z-]+|expression\s*\(|javascript:|behavior\s*:|-moz-binding|image-set\s*\(",
                            re.IGNORECASE)


def _local(name: str) -> tuple[str, str]:
    ns, _, local = name.rpartition("}")
    return ns.lstrip("{"), local


def parse_svg(data: bytes, shown: str) -> ET.Element:
    """The art's tree, or an ArtError: DTDs and entities are refused by the parser itself."""
    try:
        root = defused_fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException:
        raise ArtError(Problem("SVG art with a DOCTYPE or ENTITY declaration is refused (entities are never "
                               "expanded); remove the declaration", shown)) from None
    except ET.ParseError as exc:
        raise ArtError(Problem(f"malformed SVG: {exc}", shown)) from None
    except (ValueError, LookupError) as exc:   # an unknown or lying encoding declaration
        raise ArtError(Problem(f"malformed SVG: {exc}", shown)) from None
    if root.tag != f"{{{SVG_NS}}}svg":
        raise ArtError(Problem("expected an <svg> root element in the SVG namespace", shown))
    _check_depth(root, shown)
    return root


def _check_depth(root: ET.Element, shown: str) -> None:
    stack = [(root, 1)]
    while stack:
        el, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise ArtError(Problem(f"SVG art nested more than {MAX_DEPTH} elements deep is refused", shown))
        stack.extend((child, depth + 1) for child in el)


def sanitise(root: ET.Element, shown: str) -> None:
    """Drop editors' metadata, then refuse anything outside the allow-list (every problem at once)."""
    _drop_editor_metadata(root)
    problems: list[Problem] = []
    for el in root.iter():
        ns, tag = _local(el.tag)
        if ns != SVG_NS or tag not in ELEMENTS:
            problems.append(Problem(f"<{tag}> is refused in SVG art (not an allowed drawing element)", shown))
            continue
        for name, value in el.attrib.items():
            problems.extend(Problem(m, shown) for m in _attribute(tag, name, value))
        if tag == "style":
            problems.extend(Problem(m, shown) for m in _css(el.text or ""))
    if problems:
        raise ArtError(problems)


def _drop_editor_metadata(root: ET.Element) -> None:
    for el in list(root.iter()):
        for child in list(el):
            ns, tag = _local(child.tag)
            if ns in EDITOR_NS or (ns == SVG_NS and tag == "metadata"):
                el.remove(child)
        for name in list(el.attrib):
            if _local(name)[0] in EDITOR_NS:
                del el.attrib[name]


def _attribute(tag: str, name: str, value: str) -> list[str]:
    ns, local = _local(name)
    if local.lower().startswith("on"):
        return [f'event attribute {local}="..." on <{tag}> is refused (art never runs scripts)']
    if ns == "" and local.startswith("data-") and local[5:]:
        return []          # data-* attributes carry notes for tools; nothing reads them as a reference
    if ns not in ("", XLINK_NS, XML_NS) or local not in ATTRIBUTES:
        return [f'attribute "{local}" on <{tag}> is refused (not an allowed SVG attribute)']
    if local == "href":
        return _href(tag, value)
    if local == "style":
        return _css(value)
    out = []
    if "url(" in value.lower() or "\\" in value:
        out += _css(value)
    if local in NUMERIC and (_NOT_FINITE.search(value) or
                             any(not math.isfinite(float(n)) for n in _NUMBER.findall(value))):
        out.append(f'{local}="{value[:40]}" on <{tag}> is not a finite number')
    return out


def _href(tag: str, value: str) -> list[str]:
    v = value.strip()
    if v.startswith("#") and v[1:] and " " not in v:
        return []
    m = re.fullmatch(r"data:image/(png|jpeg|jpg|gif|webp);base64,([A-Za-z0-9+/=\s]+)", v, re.IGNORECASE)
    if m and tag == "image":
        try:
            raw = base64.b64decode("".join(m.group(2).split()), validate=True)
        except (binascii.Error, ValueError):
            return [f"an embedded image on <{tag}> is not valid base64"]
        kind = m.group(1).lower()
        if not (raw.startswith(IMAGE_MAGIC[kind]) and (kind != "webp" or raw[8:12] == b"WEBP")):
            return [f"an embedded image on <{tag}> says image/{kind} but its bytes are not"]
        return _embedded_size(raw, tag)
    return [f'reference "{v[:60]}" on <{tag}> is refused (never fetched): only #id inside the file and embedded '
            "data:image/png, jpeg, gif or webp are allowed"]


def _embedded_size(raw: bytes, tag: str) -> list[str]:
    """An embedded picture is held to the limits of a raster art file, read from its header."""
    try:
        open_image(raw, "", EMBEDDED_FORMATS).close()
    except ArtError as exc:
        return [f"an embedded image on <{tag}>: {p.message}" for p in exc.problems]
    return []


def decode_css(text: str) -> str:
    """CSS as a browser reads it: comments removed and escapes (\\69, \\i) decoded, lower-cased."""
    def unescape(m: re.Match) -> str:
        if m.group(1):
            code = int(m.group(1), 16)
            return chr(code) if 0 < code < 0x110000 else "\ufffd"
        return m.group(2)
    return _CSS_ESCAPE.sub(unescape, _CSS_COMMENT.sub("", text)).lower()


def _css(text: str) -> list[str]:
    css = decode_css(text)
    out = []
    found = _CSS_FORBIDDEN.search(css)
    if found:
        out.append(f'CSS "{found.group(0)}" is refused in SVG art (no @-rules, scripts or bindings)')
    for _, target in _CSS_URL.findall(css):
        if not target.strip().startswith("#"):
            out.append(f'reference "url({target.strip()[:60]})" is refused (never fetched): only url(#id)')
    return out
