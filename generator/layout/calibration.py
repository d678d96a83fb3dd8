"""A duplex calibration sheet: lines on the front, scales behind them on the back.

Held against a window, the front's lines show through the back; the number on each scale where
a line crosses it is the correction to pass as `--back-offset X,Y` (mm, as seen on the back side:
+X to the right, +Y down). Three targets show whether the shift is the same across the page.
"""

from __future__ import annotations

from generator.layout.duplex import mirror_x, mirror_y
from generator.layout.plan import Line, Page, SheetOptions, SheetPlan, Text

SCALE_MM = 6.0      # the scale reads -6 .. +6 mm
STEP_MM = 0.5
ARM_MM = 22.0       # the front's lines reach across both scales
GAP_MM = 10.0       # scales sit this far from the target, so they do not cross each other


def _targets(options: SheetOptions) -> list[tuple[str, float, float]]:
    w, h = options.page_mm
    return [("A", 45.0, 60.0), ("B", w / 2, h / 2), ("C", w - 45.0, h - 60.0)]


def calibration_plan(options: SheetOptions) -> SheetPlan:
    """Front and back of the calibration sheet, mirrored for the chosen flip but never offset."""
    plain = SheetOptions(options.paper, options.bleed_mm, options.marks, options.duplex, (0.0, 0.0))
    w, h = plain.page_mm
    front_lines, front_texts, back_lines, back_texts = [], [], [], []
    for name, tx, ty in _targets(plain):
        front_lines += [Line(tx, ty - ARM_MM, tx, ty + ARM_MM, "target"), Line(tx - ARM_MM, ty, tx + ARM_MM, ty, "target")]
        front_texts.append(Text(tx + 2, ty - 2, name, 9, "start", 700))
        bx, by = mirror_x(tx, 0, plain), mirror_y(ty, 0, plain)
        back_texts.append(Text(bx - GAP_MM, by - GAP_MM, name, 11, "start", 700))
        steps = int(SCALE_MM / STEP_MM)
        sy, sx = by + GAP_MM, bx + GAP_MM  # horizontal scale (reads X) below, vertical (reads Y) to the right
        for k in range(-steps, steps + 1):
            value = k * STEP_MM
            size = 3.5 if k % 2 == 0 else 1.8
            back_lines.append(Line(bx + value, sy, bx + value, sy + size, "tick"))
            back_lines.append(Line(sx, by + value, sx + size, by + value, "tick"))
            if k % 6 == 0:  # labels every 3 mm; long ticks every millimetre
                label = f"{value:+g}" if value else "0"
                back_texts.append(Text(bx + value, sy + 7, label, 6.5, "middle"))
                back_texts.append(Text(sx + 4.5, by + value + 0.8, label, 6.5, "start"))
        back_lines.append(Line(bx - SCALE_MM, sy, bx + SCALE_MM, sy, "tick"))
        back_lines.append(Line(sx, by - SCALE_MM, sx, by + SCALE_MM, "tick"))
    flip = "long-edge" if plain.duplex == "long" else "short-edge"
    front_texts += [
        Text(w / 2, 20, "Duplex calibration", 14, "middle", 700),
        Text(w / 2, 27, f"Print this page double-sided, {flip} flip, at 100 % (actual size),", 8, "middle"),
        Text(w / 2, 31.5, "with the same printer, paper and settings as your sheets.", 8, "middle"),
    ]
    back_texts += [
        Text(w / 2, h - 36, "Hold this side against a window: the front's lines show through.", 8, "middle"),
        Text(w / 2, h - 31.5, "Where a vertical line crosses a horizontal scale, read X; where a horizontal line", 8, "middle"),
        Text(w / 2, h - 27, "crosses a vertical scale, read Y (mm). Rebuild with  --back-offset X,Y", 8, "middle"),
        Text(w / 2, h - 22.5, "If A, B and C disagree, your printer also scales or skews the back: use B.", 8, "middle"),
    ]
    return SheetPlan(plain, (Page(0, "front", (), tuple(front_lines), (), tuple(front_texts)),
                             Page(1, "back", (), tuple(back_lines), (), tuple(back_texts), backs_of=0)))
