"""Backs behind their fronts: mirrored for the printer's flip, shifted by the measured offset."""

from __future__ import annotations

import dataclasses

from generator.common.units import rounded
from generator.layout.plan import Placement, SheetOptions
from generator.layout.turn import back_rotation


def mirror_x(x: float, w: float, options: SheetOptions) -> float:
    """Where a box at x (width w) of the front lands on the back page, for the chosen flip."""
    page_w, _ = options.page_mm
    dx = options.back_offset_mm[0]
    return rounded((page_w - x - w if options.duplex == "long" else x) + dx, 4)


def mirror_y(y: float, h: float, options: SheetOptions) -> float:
    _, page_h = options.page_mm
    dy = options.back_offset_mm[1]
    return rounded((page_h - y - h if options.duplex == "short" else y) + dy, 4)


def back_placement(front: Placement, back_design: str, options: SheetOptions) -> Placement:
    """The back of `front`: same size, mirrored position, upright behind it, bleed kept on the mirrored sides."""
    left, top, right, bottom = front.keep
    if options.duplex == "long":
        left, right = right, left
    elif options.duplex == "short":
        top, bottom = bottom, top
    return dataclasses.replace(
        front, design=back_design, x=mirror_x(front.x, front.w, options), y=mirror_y(front.y, front.h, options),
        rotation=back_rotation(front.rotation, options.duplex), keep=(left, top, right, bottom))
