"""What `pnp calibrate` says: a few lines for a person, or JSON for a script."""

from __future__ import annotations

from typing import Any

from generator.common.units import rounded
from generator.calibrate.detect import Located
from generator.calibrate.measure import Result

TURN_SAID_DEG = 0.05      # a smaller turn is not mentioned
SPREAD_SAID_MM = 0.3      # corners further off than this once the offset is added: said, with what it means


def _mm(v: float) -> str:
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def suggested(result: Result, located: Located) -> tuple[float, float]:
    """The --back-offset to build with: the sheet's own plus what was measured, to 0.01 mm."""
    bx, by = located.code.back_offset_mm
    return rounded(bx + result.add_mm[0], 2) + 0.0, rounded(by + result.add_mm[1], 2) + 0.0


def _way(v: float, plus: str, minus: str) -> str:
    return f"{_mm(abs(v))} mm {plus if v > 0 else minus}"


def as_json(result: Result, located: Located, saved: str | None) -> dict[str, Any]:
    code = located.code
    r2 = lambda v: rounded(v, 3) + 0.0
    return {"back_offset_mm": [r2(v) for v in result.add_mm], "rotation_deg": r2(result.rotation_deg),
            "scale": rounded(result.scale, 5), "suggested_back_offset_mm": list(suggested(result, located)),
            "built_back_offset_mm": list(code.back_offset_mm), "paper": code.paper, "duplex": code.duplex,
            "corner_error_mm": r2(result.spread_mm),
            "front": {"shift_mm": [r2(v) for v in result.front_shift_mm],
                      "rotation_deg": r2(result.front_rotation_deg)},
            "back": {"shift_mm": [r2(v) for v in result.back_shift_mm], "rotation_deg": r2(result.back_rotation_deg)},
            "saved": saved}


def words(result: Result, located: Located, saved: str | None) -> list[str]:
    code = located.code
    bx, by = code.back_offset_mm
    sx, sy = suggested(result, located)
    ax, ay = result.add_mm
    built = f"--back-offset={_mm(bx)},{_mm(by)}" if bx or by else "no --back-offset"
    lines = [f"calibration sheet: {code.paper.upper()}, {code.duplex}-edge flip, built with {built}"]
    if max(abs(ax), abs(ay)) < 0.05:
        lines.append("the back lies on its front (within 0.05 mm): keep the offset the sheet was built with")
    else:
        lines.append(f"the back lies {_way(-ax, 'right', 'left')} and {_way(-ay, 'down', 'up')} of where it "
                     "belongs (as seen on the back)")
    turn = result.rotation_deg
    if abs(turn) >= TURN_SAID_DEG or abs(result.scale - 1) >= 0.0005:
        way = "clockwise" if turn > 0 else "anticlockwise"
        lines.append(f"it is turned {abs(turn):.2f} degrees {way} and printed at {result.scale * 100:.2f} % of the "
                     "front's size (a printer's turn or scale no offset can undo)")
    if result.spread_mm > SPREAD_SAID_MM:
        lines.append(f"with the offset, the centre lines up; the corners stay up to {_mm(result.spread_mm)} mm off")
    lines.append(f"build with: --back-offset={_mm(sx)},{_mm(sy)}  (add {_mm(ax)},{_mm(ay)} to the sheet's)")
    if saved:
        lines.append(f'saved as printer "{saved}" for {code.paper} paper, {code.duplex}-edge flip: '
                     f"pnp build GAME --printer {saved} --paper {code.paper} --duplex {code.duplex}")
    return lines
