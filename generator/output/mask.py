"""A piece's cut outline as an alpha mask: opaque inside `cut_path()`, transparent outside, edges
anti-aliased by drawing at 4x and averaging (Pillow's box filter: the same bytes on every run).

Tabletop Simulator cuts a Custom_Token's shape from its image's transparency, so token images need it.
"""

from __future__ import annotations

from generator.geometry.outline import polygons

SUPERSAMPLE = 4


def outline_mask(path: str, px_per_mm: float, size: tuple[int, int], margin_px: int = 0):
    """An "L" image of `size`: 255 inside the outline (trim mm, placed `margin_px` in), 0 outside."""
    from PIL import Image, ImageDraw

    k = SUPERSAMPLE
    big = Image.new("L", (size[0] * k, size[1] * k), 0)
    draw = ImageDraw.Draw(big)
    for poly in polygons(path):      # even-odd is not needed: the outlines are single closed shapes
        draw.polygon([((x * px_per_mm + margin_px) * k, (y * px_per_mm + margin_px) * k) for x, y in poly], fill=255)
    return big.reduce(k)
