"""CMYK press files: every colour of a PDF made DeviceCMYK, within a total ink limit, with an OutputIntent.

Colours are converted from sRGB through the shipped press profile (profiles/, built by
tools/make_press_profile.py) with LittleCMS (Pillow's ImageCms), unless the palette gives a colour its own
`cmyk:` values, which are then used exactly. Neutral colours (greys, black text, marks) print with black
ink only. Content streams, form XObjects, tiling patterns, shadings and images are all rewritten; any sum
of inks above the limit has its cyan, magenta and yellow scaled down (black kept), so no point exceeds it.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Mapping

from generator import paths

PROFILE = "punchboard-press-cmyk.icc"
NEUTRAL = 12          # an RGB colour whose channels differ by at most this is printed with black only

CMYK = tuple[float, float, float, float]


class Converter:
    """sRGB (0-1 floats) -> CMYK (0-1), cached; explicit palette values first; the ink limit applied."""

    def __init__(self, limit_percent: int = 300, explicit: Mapping[tuple[int, int, int], CMYK] | None = None):
        self.limit = limit_percent / 100
        self.explicit = dict(explicit or {})

    def __call__(self, r: float, g: float, b: float) -> CMYK:
        key = tuple(max(0, min(255, round(v * 255))) for v in (r, g, b))
        return self._convert(key)

    @lru_cache(maxsize=None)
    def _convert(self, rgb: tuple[int, int, int]) -> CMYK:
        if rgb in self.explicit:
            return self.limit_ink(self.explicit[rgb])
        if max(rgb) - min(rgb) <= NEUTRAL:
            return (0.0, 0.0, 0.0, round(1 - sum(rgb) / 765, 4))
        c, m, y, k = _transform_pixel(rgb)
        return self.limit_ink((c / 255, m / 255, y / 255, k / 255))

    def limit_ink(self, cmyk: CMYK) -> CMYK:
        """C, M and Y scaled down (black kept) until the inks add up to the limit."""
        c, m, y, k = (max(0.0, min(1.0, v)) for v in cmyk)
        if c + m + y + k > self.limit:
            s = max(0.0, self.limit - k) / max(c + m + y, 1e-9)
            c, m, y = c * s, m * s, y * s
        return tuple(round(v, 4) for v in (c, m, y, k))

    def image(self, pil_image):
        """An image as CMYK, pixel by pixel through the same conversion as vector colours (cached by colour)."""
        from PIL import Image

        rgb = pil_image.convert("RGB")
        out = Image.new("CMYK", rgb.size)
        pixels = rgb.get_flattened_data() if hasattr(rgb, "get_flattened_data") else rgb.getdata()
        out.putdata([tuple(round(v * 255) for v in self._convert(px)) for px in pixels])
        return out


def profile_bytes() -> bytes:
    return _profile_path().read_bytes()


def _profile_path() -> Path:
    return paths.ROOT / "profiles" / PROFILE


@lru_cache(maxsize=1)
def _transform():
    from PIL import ImageCms

    press = ImageCms.ImageCmsProfile(str(_profile_path()))
    return ImageCms.buildTransform(ImageCms.createProfile("sRGB"), press, "RGB", "CMYK",
                                   renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)


def _transform_pixel(rgb: tuple[int, int, int]) -> tuple[int, int, int, int]:
    from PIL import Image, ImageCms

    return ImageCms.applyTransform(Image.new("RGB", (1, 1), rgb), _transform()).getpixel((0, 0))


