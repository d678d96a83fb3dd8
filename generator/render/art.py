"""Art files (SVG, PNG, JPEG) made safe and self-contained for nesting inside a design's SVG.

SVG art is parsed without ever expanding entities or fetching references: a DOCTYPE, an entity,
a script or any reference that is not inside the file itself is refused. Ids are prefixed per
design so that two pieces of art on one sheet never share a gradient. Raster art is embedded at
its own resolution, as its original bytes, unless its EXIF orientation turns it: then it is
embedded turned, as it displays. A CMYK JPEG is converted to sRGB through its embedded colour
profile (or, without one, the shipped press profile, the CMYK this project prints to), since PDF
renderers and printers disagree on untagged CMYK pictures; a WebP is embedded as a lossless PNG of
its pixels, a format every renderer reads. A file that is refused is read and reported once, not
once per design that uses it. With --placeholders a missing file is no error: it loads as a
placeholder the design draws labelled (render/placeholder.py).
"""

from __future__ import annotations

import base64
import io
import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Mapping

from generator.common import paths
from generator.common.confine import confined, inside, read_bytes
from generator.common.errors import ArtError, Problem, PunchboardError, display_path
from generator.render.raster import eight_bit, open_image, orientation, upright
from generator.render.svg_safety import SVG_NS, XLINK_NS, parse_svg, sanitise
from generator.model.game import ArtSource
from generator.common.units import MM_PER_IN, fmt_number

ET.register_namespace("", SVG_NS)
ET.register_namespace("xlink", XLINK_NS)

RASTER_FORMATS = ("PNG", "JPEG", "WEBP")
CMYK_PROFILE = "punchboard-press-cmyk.icc"       # profiles/: assumed for a CMYK JPEG without its own
PREFIX = "art-prefix-"                  # replaced by the design's own prefix when placed
_URL = re.compile(r"url\(\s*['\"]?([^'\")]*)['\"]?\s*\)")
_DECL = re.compile(r"\s*([a-zA-Z-]+)\s*:\s*([^;]+)")
LINE_INK = "#1a1a1a"


@dataclass(frozen=True)
class Art:
    kind: str                                   # "svg", "raster" or "placeholder" (a missing file)
    body: str                                   # svg: inner markup; raster: a data URI
    view_box: tuple[float, float, float, float]
    pixels: tuple[int, int] | None
    shown: str                                  # the file as the user names it
    edges: Mapping[str, str] | None = None      # raster: its outer pixels (render/bleed.py), as data URIs

    def markup(self, prefix: str, x: float, y: float, w: float, h: float, fit: str = "meet") -> str:
        """The art nested at a box of the design, keeping its aspect ratio."""
        vb = " ".join(_num(v) for v in self.view_box)
        box = f'x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}"'
        if self.kind == "raster":
            return (f'<image {box} preserveAspectRatio="xMidYMid {fit}" href="{self.body}"/>')
        return (f'<svg {box} viewBox="{vb}" preserveAspectRatio="xMidYMid {fit}" overflow="hidden">'
                f'{self.body.replace(PREFIX, prefix + "-")}</svg>')

    def dpi_at(self, w_mm: float, h_mm: float) -> float | None:
        if not self.pixels:
            return None
        return min(self.pixels[0] / (w_mm / MM_PER_IN), self.pixels[1] / (h_mm / MM_PER_IN))


_num = fmt_number


def load_art(src: ArtSource, line_art: bool = False, placeholders: bool = False) -> Art:
    """Resolve, confine and load an art file; ArtError names the file and the problem. With `placeholders`
    a file that does not exist is a placeholder to draw instead."""
    if placeholders and missing(src):
        return Art("placeholder", "", (0.0, 0.0, 1.0, 1.0), None, display_path(src.path))
    found = _loaded(src.path, src.base, src.named_in, line_art, _stamp(src.path))
    if isinstance(found, PunchboardError):
        raise type(found)(found.problems)
    return found


@lru_cache(maxsize=64)        # an Art holds its picture as a data URI: 64 card photographs are about 40 MB
def _loaded(path: Path, base: Path, named_in: str, line_art: bool, stamp: tuple[int, int] | None
            ) -> Art | PunchboardError:
    """The art, or why it is refused: a broken file is read (and reported) once, not once per design;
    `stamp` makes an edited file (`pnp serve`) load again."""
    try:
        return _load(path, base, named_in, line_art)
    except PunchboardError as exc:
        return exc.with_traceback(None)     # keeps no frame (nor the file's bytes) alive in the cache


def missing(src: ArtSource) -> bool:
    """Nothing at all is at the path (a broken link or a folder there is a mistake, not missing art)."""
    return not src.path.is_symlink() and not src.path.exists() and inside(src.path.parent, [src.base])


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


def check_art(src: ArtSource, placeholders: bool = False) -> None:
    """What load_art refuses before reading a byte (a path outside its folder, no file there, a kind it cannot
    read), for art a design names but loads only when its template asks for it (render/context.py)."""
    if not (placeholders and missing(src)):
        _checked(src.path, src.base, src.named_in)


def _checked(path: Path, base: Path, named_in: str) -> str:
    """The art file's suffix, once it is inside its folder, there, and of a kind art may be."""
    confined(path, [base], "art", Problem("", *_origin(named_in)))
    if not path.is_file():
        raise ArtError(Problem(f'art file not found: "{display_path(path)}"', *_origin(named_in)))
    suffix = path.suffix.lower()
    if suffix not in (".svg", ".png", ".jpg", ".jpeg", ".webp"):
        raise ArtError(Problem(f'expected SVG, PNG, JPEG or WebP art, got "{path.name}"', *_origin(named_in)))
    return suffix


def _load(path: Path, base: Path, named_in: str, line_art: bool) -> Art:
    shown = display_path(path)
    if _checked(path, base, named_in) == ".svg":
        return _load_svg(read_bytes(path, [base], "SVG art"), shown, line_art)
    return _load_raster(read_bytes(path, [base], "image"), shown, line_art)


def _origin(named_in: str) -> tuple[str | None, str | None]:
    file, _, where = named_in.partition(": ")
    return (file or None, where or None)


# -- SVG -------------------------------------------------------------------------------------

def _load_svg(data: bytes, shown: str, line_art: bool) -> Art:
    root = parse_svg(data, shown)
    sanitise(root, shown)
    view_box = _view_box(root, shown)
    _prefix_ids(root)
    if line_art:
        _to_line_art(root, max(view_box[2], view_box[3]) / 120)
    body = "".join(ET.tostring(child, encoding="unicode") for child in root)
    return Art("svg", body, view_box, None, shown)


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]


def _view_box(root: ET.Element, shown: str) -> tuple[float, float, float, float]:
    vb = root.get("viewBox")
    try:
        if vb:
            x, y, w, h = (float(v) for v in vb.replace(",", " ").split())
        else:
            x, y = 0.0, 0.0
            w = float(re.sub(r"(px)?$", "", root.get("width", "")))
            h = float(re.sub(r"(px)?$", "", root.get("height", "")))
        if not all(math.isfinite(v) for v in (x, y, w, h)) or w <= 0 or h <= 0:
            raise ValueError
        return (x, y, w, h)
    except ValueError:
        raise ArtError(Problem('expected a viewBox="x y width height" (or width and height in px) on the <svg>',
                               shown)) from None


def _prefix_ids(root: ET.Element) -> None:
    ids = {el.get("id") for el in root.iter() if el.get("id")}
    if not ids:
        return

    def fix(value: str) -> str:
        value = _URL.sub(lambda m: f"url(#{PREFIX}{m.group(1)[1:]})" if m.group(1)[1:] in ids else m.group(0), value)
        return value

    for el in root.iter():
        for name, value in list(el.attrib.items()):
            local = _local(name)
            if local == "id":
                el.set(name, PREFIX + value)
            elif local == "href" and value.startswith("#") and value[1:] in ids:
                el.set(name, "#" + PREFIX + value[1:])
            elif "url(" in value:
                el.set(name, fix(value))
        if _local(el.tag) == "style" and el.text:
            el.text = fix(el.text)


def _to_line_art(root: ET.Element, stroke_width: float) -> None:
    """Every painted area becomes white with a dark outline, so the art can be coloured by hand."""
    shapes = {"path", "rect", "circle", "ellipse", "polygon", "polyline", "line", "text", "tspan"}
    for el in root.iter():
        style = dict(_DECL.findall(el.get("style", "")))
        for key in ("fill", "stroke", "stop-color"):
            if key in style:
                el.set(key, style.pop(key).strip())
        if "style" in el.attrib:
            el.set("style", ";".join(f"{k}:{v}" for k, v in style.items()))
        if _local(el.tag) == "stop":
            el.set("stop-color", "#ffffff")
            continue
        fill = el.get("fill")
        if fill is not None and fill != "none":
            el.set("fill", "#ffffff")
        stroke = el.get("stroke")
        if stroke is not None and stroke != "none":
            el.set("stroke", LINE_INK)
        elif _local(el.tag) in shapes and fill != "none":
            el.set("stroke", LINE_INK)
            el.set("stroke-width", _num(stroke_width))
        el.attrib.pop("fill-opacity", None)  # a see-through white fill would let hidden lines show


# -- raster ----------------------------------------------------------------------------------

def _load_raster(data: bytes, shown: str, line_art: bool) -> Art:
    """A PNG or JPEG as it displays: a picture whose EXIF orientation turns it is embedded turned,
    since renderers disagree on whether they honour the tag."""
    im = open_image(data, shown, RASTER_FORMATS)
    with im:
        fmt, turned = im.format, orientation(im) != 1
        pic = eight_bit(upright(im, shown, RASTER_FORMATS))   # decoded here, so a broken stream is refused now
        info = dict(im.info)
        if pic.mode == "CMYK":
            pic, turned = _cmyk_to_srgb(pic, info.pop("icc_profile", None)), True
        if line_art:
            data, fmt = _raster_line_art(pic), "PNG"
        elif fmt == "WEBP":
            data, fmt = _encode(pic, "PNG", info), "PNG"
        elif turned:
            data = _encode(pic, fmt, info)
        if line_art:
            from PIL import Image
            pic = Image.open(io.BytesIO(data))
        w, h = pic.size
        edges = edge_strips(pic)
    mime = "image/png" if fmt == "PNG" else "image/jpeg"
    uri = f"data:{mime};base64," + base64.b64encode(data).decode("ascii")
    return Art("raster", uri, (0.0, 0.0, float(w), float(h)), (w, h), shown, edges)


def _cmyk_to_srgb(pic, icc: bytes | None):
    """A CMYK picture as sRGB: through its own profile if it has one, else the shipped press profile;
    Pillow's plain formula (no profile at all) only if LittleCMS refuses both."""
    from PIL import ImageCms

    sources = [ImageCms.ImageCmsProfile(io.BytesIO(icc))] if icc is not None and _valid_icc(icc) else []
    sources.append(ImageCms.ImageCmsProfile(str(paths.ROOT / "profiles" / CMYK_PROFILE)))
    for source in sources:
        try:
            out = ImageCms.profileToProfile(pic, source, ImageCms.createProfile("sRGB"), outputMode="RGB",
                                            renderingIntent=ImageCms.Intent.PERCEPTUAL)
        except (ImageCms.PyCMSError, OSError, ValueError):
            continue
        if out is None:                     # profileToProfile gives no image only when it works in place
            continue
        out.info.pop("icc_profile", None)   # LittleCMS's sRGB, dated now: untagged means sRGB, and same bytes
        return out
    return pic.convert("RGB")


def _valid_icc(icc: bytes | None) -> bool:
    from PIL import ImageCms

    if not icc:
        return False
    try:
        ImageCms.ImageCmsProfile(io.BytesIO(icc))
        return True
    except (ImageCms.PyCMSError, OSError, ValueError):
        return False


EDGE_NAMES = ("left", "right", "top", "bottom", "top-left", "top-right", "bottom-left", "bottom-right")


def edge_strips(pic) -> dict[str, str]:
    """The outermost column, row and corner pixels of a picture, each a tiny PNG (render/bleed.py stretches them)."""
    w, h = pic.size
    if pic.mode not in ("RGB", "RGBA", "L", "LA"):
        pic = pic.convert("RGBA" if "A" in pic.getbands() or "transparency" in pic.info else "RGB")
    boxes = {"left": (0, 0, 1, h), "right": (w - 1, 0, w, h), "top": (0, 0, w, 1), "bottom": (0, h - 1, w, h),
             "top-left": (0, 0, 1, 1), "top-right": (w - 1, 0, w, 1), "bottom-left": (0, h - 1, 1, h),
             "bottom-right": (w - 1, h - 1, w, h)}
    out = {}
    for name in EDGE_NAMES:
        buf = io.BytesIO()
        pic.crop(boxes[name]).save(buf, format="PNG", optimize=False)
        out[name] = "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")
    return out


def _encode(pic, fmt: str, info: dict) -> bytes:
    """A turned picture in its own format, keeping its colour profile and dropping the orientation."""
    buf = io.BytesIO()
    extra = {"quality": 95, "subsampling": 0} if fmt == "JPEG" else {}
    if pic.mode not in ("RGB", "RGBA", "L", "LA", "P") and fmt == "PNG":
        pic = pic.convert("RGBA")
    if pic.mode not in ("RGB", "L", "CMYK") and fmt == "JPEG":
        pic = pic.convert("RGB")
    pic.save(buf, format=fmt, icc_profile=info.get("icc_profile"), **extra)
    return buf.getvalue()


def _raster_line_art(im) -> bytes:
    """Edges of the picture as dark lines on white: a colour-in version of a photo or painting."""
    from PIL import ImageFilter, ImageOps

    grey = ImageOps.grayscale(im.convert("RGB"))
    edges = grey.filter(ImageFilter.FIND_EDGES).point(lambda v: 0 if v > 40 else 255)
    buf = io.BytesIO()
    edges.convert("L").save(buf, format="PNG", optimize=False)
    return buf.getvalue()
