"""Round corners of card images filled with the colour beside them (a component's `fill_corners`).

A scan or download of a real card has round corners with white (the scanner's lid) or transparency outside
them. Cut square, or cut round with a smaller radius, that white shows inside the cut; and the bleed made from
the image's outermost pixels (render/bleed.py) carries it outward as white notches at the bleed's corners.
Here every pixel of a corner square outside the round is painted with the colour found on the same ray from
the round's centre, SAMPLE_PX inside the round (the radial extension silhouette-card-maker's users asked
for, its issue #151), and the bleed is made from the filled edges. The image itself is still embedded as
its own bytes: each filled corner is a small opaque picture of its corner square, the image's own pixels
inside the round, drawn over the image at exactly its pixels, so no seam or soft mask is needed.

The round's radius is given (`fill_corners: 3mm`: every image, whatever colour lies outside it) or found in
each image (`fill_corners: true`): the white or transparent region that starts at the corner pixel, read row
by row, is the corner square less a quarter circle, (1 - pi/4) r^2 of area. A corner that is not white or
transparent, or whose white runs across MAX_SHARE of the shorter side (a white frame or margin, not a round
corner), is left as it is; an image with no corner to fill is placed exactly as without the option.
"""

from __future__ import annotations

import base64
import io
import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Mapping

from generator.render.art import edge_strips
from generator.render.raster import eight_bit

if TYPE_CHECKING:        # numpy loads with the first fill: its import starts a thread (OpenBLAS) in every process
    import numpy as np

CORNERS = ("top-left", "top-right", "bottom-left", "bottom-right")
MAX_SHARE = 0.15        # of the shorter side: real cards' corners are 2.5 to 4 mm on a 63 mm side (6 %)
WHITE_MIN = 224         # a scanner's white: every channel at least this bright ...
WHITE_SPREAD = 24       # ... and grey (channels this close), so a pale yellow card edge is not taken for it
ALPHA_MIN = 128         # transparent: less opaque than half
MIN_RADIUS_PX = 3.0     # smaller white is a speck or a soft edge, not a round corner
FRINGE_PX = 3.0         # painted from this far inside the round: a scan's soft edge between white and card
SAMPLE_PX = 4.5         # the colour is taken this far inside the round, clear of that soft edge


@dataclass(frozen=True)
class Patch:
    """One filled corner square, as a PNG data URI, `size_px` image pixels on a side."""

    corner: str
    uri: str
    size_px: int


@dataclass(frozen=True)
class FilledCorners:
    patches: tuple[Patch, ...]
    edges: Mapping[str, str]        # the outermost pixels of the filled image, for the bleed (render/bleed.py)


@lru_cache(maxsize=16)
def filled_corners(uri: str, radius_px: float | None) -> FilledCorners | None:
    """The image of a data URI with its round corners filled: of `radius_px` (image pixels), or each as found in
    its pixels when None; None when no corner needs filling. Only the corner squares are read into arrays; cached,
    so a shared back is filled once per build."""
    import numpy as np
    from PIL import Image

    pic = eight_bit(Image.open(io.BytesIO(base64.b64decode(uri.split(",", 1)[1]))))
    mode = "RGBA" if "A" in pic.getbands() or "transparency" in pic.info else "RGB"
    pic = pic if pic.mode == mode else pic.convert(mode)
    filled, patches = None, []
    for corner in CORNERS:
        square = corner_square(pic, corner, radius_px)
        if square is None:
            continue
        if filled is None:
            filled = pic.copy()
        im = Image.fromarray(np.ascontiguousarray(square if mode == "RGBA" else square[..., :3]))
        filled.paste(im, _square(corner, im.width, pic.size)[:2])
        patches.append(Patch(corner, _png(im), im.width))
    return None if filled is None else FilledCorners(tuple(patches), edge_strips(filled))


def corner_square(pic, corner: str, radius_px: float | None) -> np.ndarray | None:
    """The corner square of the picture (RGB or RGBA) filled outside its round, as RGBA in its own orientation;
    None when the round is not found or too small to matter."""
    import numpy as np

    short = min(pic.size)
    box = max(4, int(short * MAX_SHARE))
    side = min(short // 2, max(box, math.ceil(radius_px or 0) + 2))
    seen = _turned(np.array(pic.crop(_square(corner, side, pic.size)).convert("RGBA")), corner)
    r = radius_px if radius_px is not None else found_radius(background(seen[:box, :box]))
    if r < MIN_RADIUS_PX:
        return None
    n = min(math.ceil(r) + 2, side)
    return _turned(fill_corner(seen[:n, :n], r), corner)


def background(a: np.ndarray) -> np.ndarray:
    """Where an RGBA array is a scanner's white or transparent."""
    import numpy as np

    rgb = a[..., :3].astype(np.int16)
    low, high = rgb.min(axis=-1), rgb.max(axis=-1)
    return ((low >= WHITE_MIN) & (high - low <= WHITE_SPREAD)) | (a[..., 3] < ALPHA_MIN)


def found_radius(bg: np.ndarray) -> float:
    """The radius (px) of the round corner whose outside is the background at the top left of `bg` (a corner
    square, True where white or transparent), from that region's area; 0 when the corner pixel is not
    background, the region crosses the square (a frame or margin), or it is not about as tall as wide."""
    import numpy as np

    m = bg.shape[0]
    if not bg[0, 0]:
        return 0.0
    runs = np.where(bg.all(axis=1), m, np.argmin(bg, axis=1))      # each row's background from the left edge
    rows = int(np.argmax(runs == 0)) if (runs == 0).any() else m
    if rows >= m or runs[0] >= m:
        return 0.0
    r = math.sqrt(float(runs[:rows].sum()) / (1 - math.pi / 4))
    # a round corner's white reaches about r - sqrt(r) along each edge: a line or speck of white does not
    if min(int(runs[0]), rows) < 0.4 * r or max(int(runs[0]), rows) > 1.2 * r + 1:
        return 0.0
    return r


def fill_corner(box: np.ndarray, r: float) -> np.ndarray:
    """A top-left corner square (RGBA) with each pixel outside the round of radius `r` (its centre r from both
    edges; FRINGE_PX inside it too) painted, opaque, with the pixel on the same ray SAMPLE_PX inside the round."""
    import numpy as np

    n = box.shape[0]
    y, x = np.mgrid[0:n, 0:n].astype(float) + 0.5
    dx, dy = x - r, y - r
    d = np.maximum(np.hypot(dx, dy), 1e-9)
    outside = (x < r) & (y < r) & (d > r - FRINGE_PX)
    s = max(r - SAMPLE_PX, 0.0)
    sx = np.clip(np.floor(r + dx / d * s), 0, n - 1).astype(int)
    sy = np.clip(np.floor(r + dy / d * s), 0, n - 1).astype(int)
    out = box.copy()
    out[outside] = box[sy[outside], sx[outside]]
    out[outside, 3] = 255
    return out


def _turned(a: np.ndarray, corner: str) -> np.ndarray:
    """A view of the array with `corner` at its top left (writing to it writes to `a`)."""
    rows = a[::-1] if corner.startswith("bottom") else a
    return rows[:, ::-1] if corner.endswith("right") else rows


def _square(corner: str, n: int, size: tuple[int, int]) -> tuple[int, int, int, int]:
    w, h = size
    x = w - n if corner.endswith("right") else 0
    y = h - n if corner.startswith("bottom") else 0
    return (x, y, x + n, y + n)


def _png(pic) -> str:
    buf = io.BytesIO()
    pic.save(buf, format="PNG", optimize=False)
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")
