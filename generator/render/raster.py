"""Raster images held to one set of limits, whether they are art files or embedded in SVG art (pnp
calibrate's photos pass the same checks with limits of their own).

Only the header is read to learn the size, so a 30000 x 30000 picture is refused before a pixel
of it is decoded. Every way Pillow can fail on a hostile file (a text or colour-profile chunk
that inflates past its limit, a truncated stream) becomes one line naming the file.
"""

from __future__ import annotations

import io
from typing import Callable

from generator.common.errors import ArtError, Problem
from generator.common.limits import MAX_RASTER_PIXELS, MAX_RASTER_SIDE

_ORIENTATION = 0x0112                   # EXIF: how the stored pixels are turned when shown


def open_image(data: bytes, shown: str, formats: tuple[str, ...], pixels: int = MAX_RASTER_PIXELS,
               side: int = MAX_RASTER_SIDE, what: str = "a piece of art",
               shape: Callable[[int, int], str | None] | None = None):
    """The image with only its header read, after checking its format (Pillow's names, "PNG",
    "JPEG", ...) and its size as displayed against the limits (art's, unless a reader of other
    pictures gives its own, and `shape`: why a width and height cannot be such a picture, or None);
    ArtError otherwise."""
    from PIL import Image  # vector-only games never load Pillow

    limit = Image.MAX_IMAGE_PIXELS
    try:
        Image.MAX_IMAGE_PIXELS = None  # our own, stricter limit below names the size; nothing is decoded yet
        im = Image.open(io.BytesIO(data))
        w, h = im.size
    except Exception as exc:   # Pillow raises many kinds on hostile headers; each is one line here
        raise unreadable(exc, shown, formats) from None
    finally:
        Image.MAX_IMAGE_PIXELS = limit
    why = shape(w, h) if shape is not None else None
    if why:
        im.close()
        raise ArtError(Problem(why, shown))
    if w * h > pixels or max(w, h) > side:
        im.close()
        raise ArtError(Problem(f"image of {w} x {h} pixels is too large to be {what} "
                               f"(limit {pixels // 1_000_000} megapixels, {side} pixels a side)", shown))
    if im.format not in formats:
        im.close()
        raise ArtError(Problem(f"expected {_names(formats)} image, got {im.format}", shown))
    return im


def eight_bit(im):
    """A 16-bit grey picture (Pillow's "I;16" modes) as 8-bit grey, scaled: Pillow's own conversion clips
    every value above 255 to white. Other modes are returned as they are (Pillow reads 16-bit colour as 8)."""
    if im.mode not in ("I", "I;16", "I;16L", "I;16B", "I;16N"):
        return im
    return im.convert("I").point(lambda v: v / 257).convert("L")


def orientation(im) -> int:
    """The EXIF orientation (1 to 8; 1 is as stored), read from the header without decoding."""
    try:
        value = im.getexif().get(_ORIENTATION, 1)
    except Exception:   # a broken EXIF block is no orientation, not a broken picture
        return 1
    return value if isinstance(value, int) and 1 <= value <= 8 else 1


def upright(im, shown: str, formats: tuple[str, ...]):
    """The decoded picture turned as its EXIF orientation says; ArtError if it cannot be decoded."""
    from PIL import ImageOps

    try:
        im.load()
        return ImageOps.exif_transpose(im) if orientation(im) != 1 else im
    except Exception as exc:
        raise unreadable(exc, shown, formats) from None


def check_decodes(data: bytes, shown: str, formats: tuple[str, ...]) -> None:
    """The build's whole check of a picture without placing it: the header and limits (open_image), then
    every pixel decoded (upright), so a file cut short is refused where only its header would pass."""
    with open_image(data, shown, formats) as im:
        upright(im, shown, formats)


def unreadable(exc: BaseException, shown: str, formats: tuple[str, ...]) -> ArtError:
    """One line in words: never Pillow's own message, which quotes Python objects."""
    why = ""
    if "too large" in str(exc).lower():
        why = " (its text or colour-profile data inflates past the limit of 1 MB)"
    elif "truncated" in str(exc).lower():
        why = " (the file is cut short)"
    return ArtError(Problem(f"not a readable {_names(formats, article=False)} image{why}", shown))


_NAMES = {"PNG": "PNG", "JPEG": "JPEG", "MPO": "JPEG", "GIF": "GIF", "WEBP": "WebP", "TIFF": "TIFF"}


def _names(formats: tuple[str, ...], article: bool = True) -> str:
    names = list(dict.fromkeys(_NAMES.get(f, f) for f in formats))   # a phone's JPEG may open as MPO
    text = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
    return ("a " if article else "") + text
