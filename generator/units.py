"""Lengths are parsed here and only here; after this every name carries its unit (`_mm`).

Also the one home of the unit constants and of how numbers are written into SVG and paths."""

from __future__ import annotations

import re

MM_PER_IN = 25.4
MM_PER_PT = MM_PER_IN / 72.0
PT_PER_MM = 72.0 / MM_PER_IN
MM_PER_UNIT = {"mm": 1.0, "cm": 10.0, "in": MM_PER_IN, "pt": MM_PER_PT}
MAX_LENGTH_MM = 2000.0     # no piece or board of a game is larger than 2 m a side
MAX_BLEED_MM = 10.0        # shops ask for 3 mm or 1/8 in; 10 mm is already generous
MAX_BACK_OFFSET_MM = 20.0  # a printer that shifts its backs further needs repair, not an offset

_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?|-?\.\d+)\s*(mm|cm|in|pt)\s*$")


def parse_length_mm(text: object) -> float:
    """'63.5mm', '2.5in', '9pt', '1cm' -> millimetres. Raises ValueError with the expectation."""
    if isinstance(text, bool) or not isinstance(text, (str, int, float)):
        raise ValueError(f'expected a length like "50mm", got {describe(text)}')
    if isinstance(text, (int, float)):
        raise ValueError(f'expected a length with a unit (mm, cm, in or pt) like "50mm", got {text!r}')
    m = _LENGTH.match(text)
    if not m:
        raise ValueError(f'expected a length like "50mm", got "{text}"')
    return round(float(m.group(1)) * MM_PER_UNIT[m.group(2)], 6)


def fmt_number(value: float) -> str:
    """Numbers in SVG output and paths: at most 3 decimals, no trailing zeros, stable across runs."""
    text = f"{float(value):.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


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
