"""Which art carries transparency: what a PDF/X-1a press file (`--pdfx 1a`, a shop such as dtc) cannot hold, so
every page that draws it is flattened into an image.

Read from the files themselves, before anything is rendered, so `pnp check` can warn and a build's summary can
name the file to change: SVG (and template) text that sets an opacity below 1, an rgba() or #rrggbbaa colour
that is not opaque, a mask, a filter or a blend mode; a PNG or WebP whose alpha channel has a pixel that is not
fully opaque (an opaque alpha channel is dropped by the PDF writer and costs nothing). A file is read within its
art limit (common/confine.py) and a picture is decoded only when its header says it has an alpha channel and
its pixels are within the raster limit; a file that cannot be read is left to the checks that report it.
"""

from __future__ import annotations

import io
import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Iterable

from generator.common.confine import read_bytes
from generator.common.errors import PunchboardError
from generator.common.limits import MAX_RASTER_PIXELS
from generator.model.game import ArtSource

_OPACITY = re.compile(r"(?<![\w-])((?:fill-|stroke-|stop-|flood-)?opacity)\s*(?:=\s*[\"']\s*|:\s*)([^\"';}\s>]*)",
                      re.I)
_FUNCTION = re.compile(r"(?<![\w-])(rgba?|hsla?)\(([^)]*)\)", re.I)
_HEX = re.compile(r"(?<![\w-])(?:fill|stroke|stop-color|flood-color|color)\s*(?:=\s*[\"']\s*|:\s*)#((?:[0-9a-f]{4}){1,2})"
                  r"(?![0-9a-f])", re.I)
_ELEMENTS = {"mask": re.compile(r"<(?:\w+:)?mask\b"), "filter": re.compile(r"<(?:\w+:)?filter\b"),
             "blend mode": re.compile(r"mix-blend-mode\s*:\s*(?!normal)[a-z]", re.I)}
ALPHA_MODES = ("RGBA", "LA", "PA", "RGBa", "La")


def svg_transparency(text: str) -> list[str]:
    """What in an SVG (or a template that writes one) is transparent: `fill-opacity 0.5`, `a mask`..., each once."""
    found: list[str] = []
    for name, value in _OPACITY.findall(text):
        if value.startswith("{"):
            found.append(f"{name.lower()} set by an expression")
        elif (alpha := _number(value)) is not None and alpha < 1:
            found.append(f"{name.lower()} {alpha:g}")
    for function, args in _FUNCTION.findall(text):
        parts = [p for p in re.split(r"[\s,/]+", args.strip()) if p]
        if len(parts) == 4 and (alpha := _number(parts[3])) is not None and alpha < 1:
            found.append(f"an {function.lower()}() colour at alpha {alpha:g}")
    for digits in _HEX.findall(text):
        if digits[len(digits) // 4 * 3:].lower() not in ("f", "ff"):
            found.append(f"a #{digits.lower()} colour (its last digits are an alpha)")
    found += [f"a {what}" for what, pattern in _ELEMENTS.items() if pattern.search(text)]
    return list(dict.fromkeys(found))


def _number(text: str) -> float | None:
    try:
        return float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        return None


def raster_transparency(data: bytes) -> list[str]:
    """`transparent pixels` for a picture whose alpha channel is not fully opaque, else nothing."""
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as pic:
            alpha = pic.mode in ALPHA_MODES or "transparency" in pic.info
            if not alpha or pic.width * pic.height > MAX_RASTER_PIXELS:
                return []
            low = pic.convert("RGBA").getchannel("A").getextrema()[0]    # one band: (lowest, highest)
    except (OSError, ValueError, Image.DecompressionBombError):
        return []
    return ["transparent pixels (an alpha channel)"] if isinstance(low, (int, float)) and low < 255 else []


def art_transparency(src: ArtSource) -> list[str]:
    """What in one art file is transparent (nothing for a file that is missing, refused or not art)."""
    try:
        st = os.stat(src.path)
    except OSError:
        return []
    return list(_scanned(src.path, src.base, (st.st_mtime_ns, st.st_size)))


@lru_cache(maxsize=512)
def _scanned(path: Path, base: Path, stamp: tuple[int, int]) -> tuple[str, ...]:
    """One file's scan, kept while it is unchanged (`stamp`): the gallery's checks run on every rebuild."""
    suffix = path.suffix.lower()
    try:
        if suffix == ".svg":
            return tuple(svg_transparency(read_bytes(path, [base], "SVG art").decode("utf-8", "replace")))
        if suffix in (".png", ".webp"):
            return tuple(raster_transparency(read_bytes(path, [base], "image")))
    except PunchboardError:
        pass
    return ()


def transparent_art(sources: Iterable[ArtSource]) -> list[tuple[ArtSource, list[str]]]:
    """Each art file among `sources` (each once, in order) that carries transparency, with what it carries."""
    out, seen = [], set()
    for src in sources:
        if src.path in seen:
            continue
        seen.add(src.path)
        if reasons := art_transparency(src):
            out.append((src, reasons))
    return out


def shown(src: ArtSource) -> str:
    """An art file as a designer names it: its path inside its game (or theme) folder."""
    try:
        return src.path.relative_to(src.base).as_posix()
    except ValueError:
        return src.path.as_posix()
