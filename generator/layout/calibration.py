"""A duplex calibration sheet a person can read: lines and letters on the front, scales behind them.

Held against a window, the front's lines and letters show through the back. Every letter of the
back must sit on the same letter of the front, and the "this side up" arrows must point the same
way: a back under the wrong letter means the printer flips the other way (rebuild with the other
`--duplex`), and the targets are placed asymmetrically so that a wrong flip can never read as
0,0. Where a front line crosses a back scale is the correction to pass as `--back-offset X,Y`
(mm, as seen on the back: +X to the right, +Y down), added to the offset the sheet was built with: the
back is shifted by the build's --back-offset like every back, so a printer already corrected reads 0,0.

For a camera (`pnp calibrate`, generator/calibrate/detect.py) each side also carries six ArUco markers and
a code strip with its paper, flip, side and built offset; the paper's edges are kept clear of ink.
"""

from __future__ import annotations

from generator.layout.calibration_code import machine_parts
from generator.layout.duplex import mirror_x, mirror_y
from generator.layout.turn import Flip
from generator.layout.footer import footers
from generator.layout.plan import Line, Page, SheetOptions, SheetPlan, Text
from generator.common.units import MM_PER_PT

SCALE_MM = 10.0     # each scale reads -10 .. +10 mm
STEP_MM = 0.5
LABEL_EVERY_MM = 5.0
GAP_MM = 12.0       # a scale's zero sits this far below / right of its target
ARM_MM = GAP_MM + 8.0   # the front's lines reach across the scales' ticks
LETTER_PT = 22.0
ARROW_X = 32.0      # the "this side up" arrow, clear of the corner marker
CAP = 0.72 * MM_PER_PT  # cap height of Lato, mm per pt: centres letters on the point they mark


def _targets(options: SheetOptions) -> list[tuple[str, float, float]]:
    """Three targets, deliberately not symmetric about the page's centre or its axes."""
    w, h = options.page_mm
    return [("A", 45.0, 75.0), ("B", w / 2 + 25.0, h / 2 + 5.0), ("C", 55.0, h - 75.0)]


def _letter(name: str, cx: float, cy: float) -> Text:
    return Text(cx, cy + LETTER_PT * CAP / 2, name, LETTER_PT, "middle", 700)


def _scale(bx: float, by: float, sx_side: int, sy_side: int) -> tuple[list[Line], list[Text]]:
    """A horizontal scale (reads X) above or below (bx, by), and a vertical one (reads Y) left or right
    of it: on the sides away from the target's letter (`sx_side`, `sy_side`: -1 or +1)."""
    lines, texts = [], []
    sy, sx = by + sy_side * GAP_MM, bx + sx_side * GAP_MM
    steps = round(SCALE_MM / STEP_MM)
    for k in range(-steps, steps + 1):
        v = k * STEP_MM
        kind = "zero" if k == 0 else "tick"
        size = 6.0 if k == 0 else 4.0 if v % LABEL_EVERY_MM == 0 else 2.6 if k % 2 == 0 else 1.5
        lines.append(Line(bx + v, sy, bx + v, sy + sy_side * size, kind))
        lines.append(Line(sx, by + v, sx + sx_side * size, by + v, kind))
        if v % LABEL_EVERY_MM == 0:
            label, weight = (f"{v:+g}", 400) if v else ("0", 700)
            ly = sy + size + 3.4 if sy_side > 0 else sy - size - 1.2
            texts.append(Text(bx + v, ly, label, 9, "middle", weight))
            texts.append(Text(sx + sx_side * (size + 1.2), by + v + 1.1, label, 9,
                              "start" if sx_side > 0 else "end", weight))
    lines.append(Line(bx - SCALE_MM, sy, bx + SCALE_MM, sy, "tick"))
    lines.append(Line(sx, by - SCALE_MM, sx, by + SCALE_MM, "tick"))
    return lines, texts


def _arrow(x: float, y: float, up: bool) -> list[Line]:
    """A 12 mm arrow at (x, y), pointing up the page or down it."""
    tip, tail = (y - 6, y + 6) if up else (y + 6, y - 6)
    head = 2.5 if up else -2.5
    return [Line(x, tail, x, tip, "target"), Line(x - 2.5, tip + head, x, tip, "target"),
            Line(x + 2.5, tip + head, x, tip, "target")]


def calibration_plan(options: SheetOptions) -> SheetPlan:
    """Front and back of the calibration sheet, mirrored for the chosen flip and shifted by the built offset."""
    plain = SheetOptions(options.paper, options.bleed_mm, options.marks, options.duplex, (0.0, 0.0))
    shifted = SheetOptions(options.paper, options.bleed_mm, options.marks, options.duplex, options.back_offset_mm)
    w, h = plain.page_mm
    flip = f"{plain.duplex}-edge"
    front_lines, back_lines = _arrow(ARROW_X, 24, True), []   # right of the top-left marker
    front_texts = [Text(ARROW_X + 10, 22, "FRONT · this side up", 12, "start", 700),
                   Text(ARROW_X + 10, 28, f"Print double-sided, {flip} flip, at 100 % (actual size), with the "
                                          "printer, paper and settings of your sheets.", 7.5),
                   Text(ARROW_X + 10, 33, "Then photograph both sides on a darker table, the whole sheet in view, "
                                          "and run  pnp calibrate FRONT.jpg BACK.jpg", 7.5)]
    # the back's arrow sits behind the front's; a short-edge flip turns the page over top to bottom
    ax, ay = mirror_x(ARROW_X, 0, shifted), mirror_y(24, 0, shifted)
    back_lines += _arrow(ax, ay, Flip(plain.duplex).swaps_x)
    hy = mirror_y(35, 0, shifted) + 2   # behind the front's instruction line, clear of its heading
    back_texts = [Text(ax + (-6 if ax > w / 2 else 6), hy, "BACK · the arrow lies on the front's arrow", 12,
                       "end" if ax > w / 2 else "start", 700)]
    for name, tx, ty in _targets(plain):
        _target(name, tx, ty, shifted, (front_lines, front_texts), (back_lines, back_texts))
    back_texts += _back_instructions(plain, shifted, w)
    front_fills, machine_texts = machine_parts(shifted, "front")
    back_fills, back_machine_texts = machine_parts(shifted, "back")
    front_texts += machine_texts
    back_texts += back_machine_texts
    footer = footers(plain)[0]
    front_texts.append(footer.text(f"Duplex calibration · {plain.paper.upper()} · front", plain))
    back_texts.append(footer.text(f"Duplex calibration · {plain.paper.upper()} · back ({flip} flip)", plain, back=True))
    return SheetPlan(plain, (Page(0, "front", (), tuple(front_lines), (), tuple(front_texts), fills=tuple(front_fills)),
                             Page(1, "back", (), tuple(back_lines), (), tuple(back_texts), backs_of=0,
                                  fills=tuple(back_fills))))


def _target(name: str, tx: float, ty: float, shifted: SheetOptions, front: tuple[list, list],
            back: tuple[list, list]) -> None:
    """Target `name` at (tx, ty): the front's lines and letter, and behind them the back's letter and scales."""
    front[0].extend([Line(tx, ty - ARM_MM, tx, ty + ARM_MM, "target"), Line(tx - ARM_MM, ty, tx + ARM_MM, ty, "target")])
    front[1].append(_letter(name, tx - 8, ty - 8))
    bx, by = mirror_x(tx, 0, shifted), mirror_y(ty, 0, shifted)
    lx, ly = mirror_x(tx - 8, 0, shifted), mirror_y(ty - 8, 0, shifted)
    back[1].append(_letter(name, lx, ly))
    lines, texts = _scale(bx, by, -1 if lx > bx else 1, -1 if ly > by else 1)
    back[0].extend(lines)
    back[1].extend(texts)


def _back_instructions(plain: SheetOptions, shifted: SheetOptions, w: float) -> list[Text]:
    """How to read the back by eye, behind the front's heading band."""
    top = mirror_y(40, 24, shifted)
    return [Text(w / 2, top + 4 + 4.5 * i, line, 8, "middle") for i, line in enumerate((
        "Hold this side against a window. Each letter must lie on the same letter of the front.",
        f"A letter on another letter: your printer flips the other way; rebuild with --duplex "
        f"{'short' if plain.duplex == 'long' else 'long'}.",
        "Where a front line crosses a scale, read the number (mm): the vertical line on the horizontal",
        f"scale gives X, the horizontal line on the vertical scale gives Y. Rebuild with  --back-offset=X,Y"
        f"{_offset_words(shifted)}",
        "If A, B and C disagree, your printer also scales or skews the back: use B."))]


def _offset_words(options: SheetOptions) -> str:
    """The offset this sheet was built with, which the scales read from (nothing when none)."""
    x, y = options.back_offset_mm
    return f"  plus {x:g},{y:g}" if x or y else ""
