"""How a design turned by 0, 90, 180 or 270 degrees (clockwise) sits in its frame on the page.

The one place where rotation is encoded: the Typst sheets, the page overlay (cut outlines, folds)
and the manifest all take their numbers from here, so they cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass

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


@dataclass(frozen=True)
class Flip:
    """How the paper turns over between a sheet's two sides: about its long edge (left and right swap), its
    short edge (top and bottom swap), or not at all (`none`, `fold`: backs printed apart). The one place a
    front's coordinates become its back's: pieces, their bleed, footers, the calibration sheet and the
    measurement of its photos all ask here."""

    duplex: str

    @property
    def swaps_x(self) -> bool:
        return self.duplex == "long"

    @property
    def swaps_y(self) -> bool:
        return self.duplex == "short"

    def x(self, x: float, w: float, page_w: float) -> float:
        """Where a box at x (width w) of the front lies on the back page."""
        return page_w - x - w if self.swaps_x else x

    def y(self, y: float, h: float, page_h: float) -> float:
        return page_h - y - h if self.swaps_y else y

    def sides(self, left: float, top: float, right: float, bottom: float) -> tuple[float, float, float, float]:
        """A box's four sides (bleed kept, margins) as the back sees them."""
        if self.swaps_x:
            return right, top, left, bottom
        if self.swaps_y:
            return left, bottom, right, top
        return left, top, right, bottom

    def rotation(self, rotation: int) -> int:
        """The rotation that stands a back upright behind a front turned by `rotation`.

        A piece turns over about its own vertical axis; composed with the sheet's flip this gives -r for a
        long-edge flip and 180 - r for a short-edge flip. Backs printed apart keep the front's rotation."""
        if self.swaps_x:
            return (-rotation) % 360
        if self.swaps_y:
            return (180 - rotation) % 360
        return rotation % 360


def back_rotation(rotation: int, duplex: str) -> int:
    return Flip(duplex).rotation(rotation)
