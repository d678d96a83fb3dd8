"""CMYK press files: every colour of a PDF made DeviceCMYK, within a total ink limit, with an OutputIntent.

Colours are converted from sRGB through the shipped press profile (profiles/, built by
tools/make_press_profile.py) with LittleCMS (Pillow's ImageCms), unless the palette gives a colour its own
`cmyk:` values, which are then used exactly. Neutral colours (greys, black text, marks) print with black
ink only. Content streams, form XObjects, tiling patterns, shadings and images are all rewritten; any sum
of inks above the limit has its cyan, magenta and yellow scaled down (black kept), so no point exceeds it.

Text is separated by its own rule (`Converter.text`), because small type in four inks blurs under
misregistration and tinted black is screened. A text colour is *near-neutral* when its CIELAB chroma C*ab
(sRGB -> Lab D50 through LittleCMS) is at most TEXT_CHROMA = 8: the shipped grey inks are C* 1.4-6.3 (Kamiza
#6b645c 6.3, Izakaya faint #9a958c 5.1, Nusfjord #8b949c 5.4), while the lightest coloured text ink, a
brown such as #8a5a48, is C* 27. Near-neutral text prints with black ink alone, at the tint whose printed
L* (the shipped profile's black ramp, relative colorimetric) matches the colour's L*; near-neutral text
darker than TEXT_BLACK_L = L* 20 (the palettes' "ink" colours, L* 9-18; solid black prints L* 17 relative)
prints solid K 100 % and overprints. Coloured text, and every non-text fill, keeps the general rule above.
"""

from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping

from generator.common.units import rounded
from generator.common import paths

if TYPE_CHECKING:                       # numpy and Pillow load when a picture is converted, not with the module
    import numpy as np
    from PIL import Image

PROFILE = "punchboard-press-cmyk.icc"
NEUTRAL = 12          # an RGB colour whose channels differ by at most this is printed with black only
TEXT_CHROMA = 8.0     # text with CIELAB chroma at most this is near-neutral: black ink only
TEXT_BLACK_L = 20.0   # near-neutral text darker than this L* is solid black, overprinting
SOLID_BLACK = (0.0, 0.0, 0.0, 1.0)
STRIP_PIXELS = 1 << 20  # pixels of a picture converted at once: a few tens of MB of working arrays, whatever its size

CMYK = tuple[float, float, float, float]


class Converter:
    """sRGB (0-1 floats) -> CMYK (0-1), cached; explicit palette values first; the ink limit applied."""

    def __init__(self, limit_percent: int = 300, explicit: Mapping[tuple[int, int, int], CMYK] | None = None,
                 profile: bytes | None = None):
        self.limit = limit_percent / 100
        self.explicit = dict(explicit or {})
        self.profile = profile or shipped_profile()   # ICC bytes: the press condition colours are separated for
        self._table: np.ndarray | None = None       # image(): CMYK bytes of every colour met, by packed RGB
        self._known: np.ndarray | None = None       # and whether each colour's bytes are in the table yet

    def __call__(self, r: float, g: float, b: float) -> CMYK:
        key = tuple(max(0, min(255, round(v * 255))) for v in (r, g, b))
        return self._convert(key)

    @lru_cache(maxsize=None)
    def _convert(self, rgb: tuple[int, int, int]) -> CMYK:
        return self._separated(rgb, None)

    def _separated(self, rgb: tuple[int, int, int], measured: tuple[int, int, int, int] | None) -> CMYK:
        """The CMYK of `rgb`; `measured`: its press-profile CMYK when a batch transform already gave it."""
        if rgb in self.explicit:
            return self.limit_ink(self.explicit[rgb])
        if max(rgb) - min(rgb) <= NEUTRAL:
            return (0.0, 0.0, 0.0, rounded(1 - sum(rgb) / 765, 4))
        c, m, y, k = measured if measured is not None else _transform_pixel(self.profile, rgb)
        return self.limit_ink((c / 255, m / 255, y / 255, k / 255))

    def text(self, r: float, g: float, b: float) -> tuple[CMYK, bool]:
        """The CMYK of a text fill and whether it overprints: near-neutral text in black ink only."""
        key = tuple(max(0, min(255, round(v * 255))) for v in (r, g, b))
        return self._text(key)

    @lru_cache(maxsize=None)
    def _text(self, rgb: tuple[int, int, int]) -> tuple[CMYK, bool]:
        if rgb in self.explicit:
            cmyk = self.limit_ink(self.explicit[rgb])
            return cmyk, cmyk == SOLID_BLACK
        lightness, chroma = _lab_of(rgb)
        if chroma > TEXT_CHROMA:
            return self._convert(rgb), False
        if lightness < TEXT_BLACK_L:
            return SOLID_BLACK, True
        return (0.0, 0.0, 0.0, _black_for(self.profile, lightness)), False

    def limit_ink(self, cmyk: CMYK) -> CMYK:
        """C, M and Y scaled down (black kept) until the inks add up to the limit."""
        c, m, y, k = (max(0.0, min(1.0, v)) for v in cmyk)
        if c + m + y + k > self.limit:
            s = max(0.0, self.limit - k) / max(c + m + y, 1e-9)
            c, m, y = c * s, m * s, y * s
        return rounded(c, 4), rounded(m, 4), rounded(y, 4), rounded(k, 4)

    def image(self, pil_image):
        """An image as CMYK through the same conversion as vector colours, in bounded memory: a strip of rows at
        a time, each colour converted once (its bytes kept in a table over all 2^24 colours, 80 MB at most,
        filled as colours are met), so a picture the raster limits admit (60 megapixels) converts whole."""
        import numpy as np
        from PIL import Image

        rgb = pil_image.convert("RGB")
        out = Image.new("CMYK", rgb.size)
        width, height = rgb.size
        rows = max(1, STRIP_PIXELS // max(width, 1))
        for top in range(0, height, rows):
            strip = rgb.crop((0, top, width, min(height, top + rows)))
            px = np.frombuffer(strip.tobytes(), dtype=np.uint8).reshape(-1, 3).astype(np.uint32)
            packed = (px[:, 0] << 16) | (px[:, 1] << 8) | px[:, 2]
            table = self._learn(np.unique(packed))
            out.paste(Image.frombytes("CMYK", strip.size, table[packed].tobytes()), (0, top))
        return out

    def _learn(self, colours: np.ndarray) -> np.ndarray:
        """The table's bytes for the colours not met before: the profile's transform run once for all of them,
        and the arithmetic of _separated done on whole arrays where it gives the very same bytes (greys, and
        colours within the ink limit, through tables of Python's own rounding); the few colours the ink limit
        scales, and the palette's exact ones, one by one through _separated itself. Returns the table."""
        import numpy as np

        if self._table is None or self._known is None:
            self._table = np.zeros((1 << 24, 4), dtype=np.uint8)     # untouched pages cost no memory
            self._known = np.zeros(1 << 24, dtype=bool)
        new = colours[~self._known[colours]]
        if not len(new):
            return self._table
        rgb = np.stack([(new >> 16) & 255, (new >> 8) & 255, new & 255], axis=1).astype(np.int64)
        out = np.zeros((len(new), 4), dtype=np.uint8)
        grey = rgb.max(axis=1) - rgb.min(axis=1) <= NEUTRAL
        out[grey, 3] = _grey_bytes()[rgb[grey].sum(axis=1)]
        rest = np.flatnonzero(~grey)
        measured = self._measured(rgb[rest])
        f = measured / 255
        within = ((f[:, 0] + f[:, 1]) + f[:, 2]) + f[:, 3] <= self.limit         # limit_ink's own sum, in order
        out[rest[within]] = _channel_bytes()[measured[within]]
        row = np.full(len(new), -1)                                              # each colour's row of measured
        row[rest] = np.arange(len(rest))
        one_by_one = np.isin(new, _packed(self.explicit))
        one_by_one[rest[~within]] = True
        for i in np.flatnonzero(one_by_one).tolist():
            seen = tuple(measured[row[i]].tolist()) if row[i] >= 0 else None
            out[i] = [round(v * 255) for v in self._separated(tuple(rgb[i].tolist()), seen)]
        self._table[new] = out
        self._known[new] = True
        return self._table

    def _measured(self, rgb):
        """The press profile's CMYK bytes of each row of `rgb` (n x 3), LittleCMS run once for all of them."""
        import numpy as np
        from PIL import Image

        if not len(rgb):
            return np.zeros((0, 4), dtype=np.uint8)
        probe = Image.frombytes("RGB", (len(rgb), 1), rgb.astype(np.uint8).tobytes())
        return np.frombuffer(_applied(probe, _transform(self.profile)).tobytes(),
                             dtype=np.uint8).reshape(-1, 4)


@lru_cache(maxsize=1)
def _grey_bytes():
    """Black's byte for a grey whose channels add up to 0..765, as _separated and image() round it."""
    import numpy as np
    return np.array([round(rounded(1 - s / 765, 4) * 255) for s in range(766)], dtype=np.uint8)


@lru_cache(maxsize=1)
def _channel_bytes():
    """An ink's byte for the profile's 0..255 within the ink limit, as limit_ink and image() round it."""
    import numpy as np
    return np.array([round(rounded(v / 255, 4) * 255) for v in range(256)], dtype=np.uint8)


def _packed(colours: Mapping[tuple[int, int, int], CMYK]):
    import numpy as np
    return np.array([(r << 16) | (g << 8) | b for r, g, b in colours], dtype=np.int64)


def default_profile() -> Path:
    """The shipped press profile (profiles/, made by tools/make_press_profile.py)."""
    return paths.ROOT / "profiles" / PROFILE


@lru_cache(maxsize=1)
def shipped_profile() -> bytes:
    return default_profile().read_bytes()


def check_profile(profile: bytes) -> None:
    """Build both transforms a press build uses from `profile` (ICC bytes), so that a profile LittleCMS cannot
    use fails here, before anything is written; they are cached by the bytes and reused by the build."""
    _transform(profile)
    _black_ramp(profile)


def _open(profile: bytes):
    from PIL import ImageCms

    return ImageCms.ImageCmsProfile(io.BytesIO(profile))


@lru_cache(maxsize=4)
def _transform(profile: bytes):
    from PIL import ImageCms

    press = _open(profile)
    return ImageCms.buildTransform(ImageCms.createProfile("sRGB"), press, "RGB", "CMYK",
                                   renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)


def _transform_pixel(profile: bytes, rgb: tuple[int, int, int]) -> tuple[int, int, int, int]:
    from PIL import Image

    c, m, y, k = _pixel(_applied(Image.new("RGB", (1, 1), rgb), _transform(profile)), (0, 0))
    return c, m, y, k


def _applied(image: Image.Image, transform: Any) -> Image.Image:
    """The image through a colour transform, as a new image (applyTransform returns None only in place)."""
    from PIL import ImageCms

    out = ImageCms.applyTransform(image, transform)
    if out is None:
        raise ValueError("a colour transform gave no image")
    return out


def _pixel(image: Image.Image, xy: tuple[int, int]) -> tuple[Any, ...]:
    """The bands of one pixel of a multi-band image (RGB, CMYK, LAB)."""
    value = image.getpixel(xy)
    if not isinstance(value, tuple):
        raise ValueError(f"expected the bands of a pixel, got {value!r}")
    return value


@lru_cache(maxsize=None)
def _lab_of(rgb: tuple[int, int, int]) -> tuple[float, float]:
    """CIELAB L* and chroma C*ab (D50) of an sRGB colour."""
    from PIL import Image, ImageCms

    transform = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), ImageCms.createProfile("LAB"), "RGB", "LAB")
    lab = _lab_transform_apply(transform, Image.new("RGB", (1, 1), rgb))
    return lab[0], (lab[1] ** 2 + lab[2] ** 2) ** 0.5


def _lab_transform_apply(transform, image) -> tuple[float, float, float]:
    L, a, b = _pixel(_applied(image, transform), (0, 0))
    return L * 100 / 255, a - 128, b - 128           # Pillow's LAB mode stores a* and b* offset by 128


@lru_cache(maxsize=4)
def _black_ramp(profile: bytes) -> list[float]:
    """Printed L* of black ink alone at 0..255 through the press profile (relative colorimetric)."""
    from PIL import Image, ImageCms

    press = _open(profile)
    transform = ImageCms.buildTransform(press, ImageCms.createProfile("LAB"), "CMYK", "LAB",
                                        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
    ramp = Image.new("CMYK", (256, 1))
    ramp.putdata([(0, 0, 0, k) for k in range(256)])
    lab = _applied(ramp, transform)
    return [_pixel(lab, (k, 0))[0] * 100 / 255 for k in range(256)]


def _black_for(profile: bytes, lightness: float) -> float:
    """The black tint (0-1, 4 decimals) whose printed L* matches `lightness`, interpolated along the ramp."""
    ramp = _black_ramp(profile)
    if lightness >= ramp[0]:
        return 0.0
    for k in range(1, 256):
        if ramp[k] <= lightness:
            span = ramp[k - 1] - ramp[k]
            frac = (ramp[k - 1] - lightness) / span if span > 0 else 1.0
            return rounded((k - 1 + frac) / 255, 4)
    return 1.0
