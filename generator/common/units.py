"""Lengths are parsed here and only here; after this every name carries its unit (`_mm`).

Also the one home of the unit constants and of how numbers are written into SVG and paths."""

from __future__ import annotations

import math
import re

MM_PER_IN = 25.4
MM_PER_PT = MM_PER_IN / 72.0
PT_PER_MM = 72.0 / MM_PER_IN
MM_PER_UNIT = {"mm": 1.0, "cm": 10.0, "in": MM_PER_IN, "pt": MM_PER_PT}
MAX_LENGTH_MM = 2000.0     # no piece or board of a game is larger than 2 m a side
MAX_BLEED_MM = 10.0        # shops ask for 3 mm or 1/8 in; 10 mm is already generous
MAX_BACK_OFFSET_MM = 20.0  # a printer that shifts its backs further needs repair, not an offset

_NUMBER = r"-?(?:\d+(?:\.\d+)?|\.\d+|\d+/[1-9]\d*)"        # 3, 2.5, .5, and 1/8 as shops write it
_LENGTH = re.compile(rf"^\s*({_NUMBER})\s*([a-z\"\u2033]*)\s*$", re.IGNORECASE)
MAX_DIGITS = 30      # a longer number is not a length anyone means, and 1/(10**5000) would not convert
UNITS_SAID = "mm, cm, in or pt"
_SAID_AS = {"inch": "in", "inches": "in", '"': "in", "\u2033": "in", "millimetre": "mm", "millimetres": "mm",
            "millimeter": "mm", "millimeters": "mm", "centimetre": "cm", "centimetres": "cm", "centimeter": "cm",
            "centimeters": "cm", "point": "pt", "points": "pt", "pts": "pt"}


def parse_length_mm(text: object) -> float:
    """'63.5mm', '2.5in', '9pt', '1cm', '1/8in' (any case) -> millimetres; a bare 0 is 0 in any unit.
    Raises ValueError with the expectation: a bare non-zero number or an unknown unit lists the units."""
    if isinstance(text, bool) or not isinstance(text, (str, int, float)):
        raise ValueError(f'expected a length like "50mm", got {describe(text)}')
    if isinstance(text, (int, float)):
        if text == 0:
            return 0.0
        shown = f"{text:g}" if isinstance(text, float) and math.isfinite(text) and abs(text) < 1e6 or \
            isinstance(text, int) and abs(text) < 10 ** 6 else "50"
        raise ValueError(f'expected a length with a unit ({UNITS_SAID}) like "{shown}mm", got {describe(text)}')
    m = _LENGTH.match(text)
    if not m or len(m.group(1)) > MAX_DIGITS:
        raise ValueError(f'expected a length like "50mm", got {describe(text)}')
    number, unit = m.group(1), m.group(2).lower()
    value = _number(number)
    if unit in MM_PER_UNIT:
        return round(value * MM_PER_UNIT[unit], 6) + 0.0      # + 0.0: never -0.0
    if not unit and value == 0:
        return 0.0
    meant = _SAID_AS.get(unit, "mm")
    raise ValueError(f'expected a length with a unit ({UNITS_SAID}) like "{number}{meant}", got {describe(text)}')


def _number(text: str) -> float:
    if "/" in text:
        top, bottom = text.split("/")
        return int(top) / int(bottom)
    return float(text)


def fmt_number(value: float, places: int = 3, *, fixed: bool = False, significant: int | None = None) -> str:
    """Every number Punchboard writes as text (SVG, paths, cut files, PDF content, the gallery): at most `places`
    decimals (3 for drawing, 4 for the cut files' coordinates), no trailing zeros, never "-0", stable across runs.
    `fixed`: exactly `places` decimals (a PDF operator's operands). `significant`: that many significant digits
    instead of decimals (a scale factor like 1/69.5 in the gallery)."""
    value = float(value)
    if significant is not None:
        return f"{value:.{significant}g}"
    if fixed:
        return f"{value:.{places}f}"
    text = f"{value:.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def rounded(value: float, places: int = 3) -> float:
    """A number kept as a number (a coordinate snapped to the grid, JSON, a PDF array) at `places` decimals: the
    value fmt_number would write. The one place numbers are rounded, so that every writer rounds alike."""
    return round(value, places)


def mm_to_pt(mm: float) -> float:
    return mm * PT_PER_MM


QUOTED = 60      # a longer bad value is cut: an error stays one readable line, and a file read by mistake is not echoed


def describe(value: object) -> str:
    """How a bad value is quoted in an error message."""
    if isinstance(value, str):
        one_line = " ".join(value.split())
        return f'"{one_line}"' if len(one_line) <= QUOTED else f'"{one_line[:QUOTED - 1]}…"'
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list)):
        return "a mapping" if isinstance(value, dict) else "a list"
    return repr(value)
