"""Backs behind their fronts: mirrored for the printer's flip, shifted by the measured offset."""

from __future__ import annotations

import dataclasses

from generator.common.units import rounded
from generator.layout.plan import Placement, SheetOptions
from generator.layout.turn import Flip


def mirror_x(x: float, w: float, options: SheetOptions) -> float:
    """Where a box at x (width w) of the front lands on the back page, for the chosen flip, shifted."""
    return rounded(Flip(options.duplex).x(x, w, options.page_mm[0]) + options.back_offset_mm[0], 4)


def mirror_y(y: float, h: float, options: SheetOptions) -> float:
    return rounded(Flip(options.duplex).y(y, h, options.page_mm[1]) + options.back_offset_mm[1], 4)


def back_placement(front: Placement, back_design: str, options: SheetOptions) -> Placement:
    """The back of `front`: same size, mirrored position, upright behind it, bleed kept on the mirrored sides."""
    flip = Flip(options.duplex)
    return dataclasses.replace(
        front, design=back_design, x=mirror_x(front.x, front.w, options), y=mirror_y(front.y, front.h, options),
        rotation=flip.rotation(front.rotation), keep=flip.sides(*front.keep))
