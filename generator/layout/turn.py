"""How a design turned by 0, 90, 180 or 270 degrees (clockwise) sits in its frame on the page.

The one place where rotation is encoded: the Typst sheets, the page overlay (cut outlines, folds)
and the manifest all take their numbers from here, so they cannot disagree.
"""

from __future__ import annotations

ROTATIONS = (0, 90, 180, 270)


def turned_size(rotation: int, w: float, h: float) -> tuple[float, float]:
    """The size on the page of a w x h design turned by `rotation`."""
    return (h, w) if rotation % 180 else (w, h)


def frame_matrix(rotation: int, w: float, h: float) -> tuple[float, float, float, float, float, float]:
    """SVG matrix (a, b, c, d, e, f) taking a point of a w x h design to its turned frame.

    The turned frame's top-left corner is the origin; a point (u, v) goes to
    (a u + c v + e, b u + d v + f), turning clockwise about the frame (y points down).
    """
    if rotation not in ROTATIONS:
        raise ValueError(f"rotation must be one of {ROTATIONS}, got {rotation}")
    return {0: (1, 0, 0, 1, 0.0, 0.0),
            90: (0, 1, -1, 0, h, 0.0),
            180: (-1, 0, 0, -1, w, h),
            270: (0, -1, 1, 0, 0.0, w)}[rotation]


def back_rotation(rotation: int, duplex: str) -> int:
    """The rotation that stands a back upright behind a front turned by `rotation`.

    A piece turns over about its own vertical axis; composed with the sheet's flip this gives
    -r for a long-edge flip and 180 - r for a short-edge flip. Backs printed apart
    (`--duplex none`) keep the front's rotation.
    """
    if duplex == "long":
        return (-rotation) % 360
    if duplex == "short":
        return (180 - rotation) % 360
    return rotation % 360
