"""Paper: the four named sizes and any size `WxH` a person owns (`210x297mm`, `8.5x14in`), read here only.

A paper is kept as text everywhere (SheetOptions.paper, printers.json keys, file names): a named paper by its
name, any other as its exact size in millimetres (`215.9x355.6mm`), so a size
written in any unit is one paper, and a named paper's own size (11x17in) is that paper.
"""

from __future__ import annotations

import re

from generator.common.errors import did_you_mean
from generator.common.units import describe, fmt_number, parse_length_mm

PAPERS_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0), "tabloid": (279.4, 431.8)}
# A side under 100 mm leaves, after the 5 mm margins, marks and footer, no room for a poker card; over 1,200 mm
# is beyond A0 (841 x 1189 mm), the largest cut sheet a wide-format printer takes.
SIDE_MM = (100.0, 1200.0)
_SIZE = re.compile(r"^\s*([^x\u00d7]+?)\s*[x\u00d7]\s*([^x\u00d7]+?)\s*$", re.IGNORECASE)
_UNIT = re.compile(r"[a-z\"\u2033]+$", re.IGNORECASE)
EXPECTED = (f"expected one of {', '.join(sorted(PAPERS_MM))}, or a size WxH with a unit like 216x356mm or 8.5x14in "
            f"(each side {SIDE_MM[0]:g} to {SIDE_MM[1]:,.0f} mm)")


def parse_paper(text: str) -> str:
    """A paper as a person writes it (any case) -> its kept form; ValueError naming what is expected."""
    folded = str(text).strip().lower()
    if folded in PAPERS_MM:
        return folded
    m = _SIZE.match(folded)
    if not m:
        raise ValueError(f"{EXPECTED}, got {describe(text)}{did_you_mean(str(text).strip(), sorted(PAPERS_MM))}")
    first, second = m.groups()
    unit = _UNIT.search(second)
    if unit and not _UNIT.search(first):
        first += unit.group(0)                   # one unit at the end applies to both sides
    try:
        w, h = parse_length_mm(first), parse_length_mm(second)
    except ValueError:
        raise ValueError(f"{EXPECTED}, got {describe(text)}") from None
    if not all(SIDE_MM[0] <= side <= SIDE_MM[1] for side in (w, h)):
        raise ValueError(f"{EXPECTED}, got {describe(text)} ({fmt_number(w, 1)} x {fmt_number(h, 1)} mm)")
    named = next((n for n, size in PAPERS_MM.items() if abs(size[0] - w) < 0.05 and abs(size[1] - h) < 0.05), None)
    return named or f"{fmt_number(w, 2)}x{fmt_number(h, 2)}mm"    # 11x17in is tabloid, its profiles and files


def paper_mm(paper: str) -> tuple[float, float]:
    """The paper's width and height in mm, from its kept form."""
    if paper in PAPERS_MM:
        return PAPERS_MM[paper]
    w, h = paper.removesuffix("mm").split("x")
    return float(w), float(h)


def paper_label(paper: str) -> str:
    """The paper in a file name: its name, or its size to the whole mm (`demo-216x356mm.pdf`)."""
    if paper in PAPERS_MM:
        return paper
    w, h = paper_mm(paper)
    return f"{round(w)}x{round(h)}mm"


def paper_words(paper: str) -> str:
    """The paper as a footer says it: `A4`, or `216 x 356 mm` (to the mm: a footer is read, not measured)."""
    if paper in PAPERS_MM:
        return paper.upper()
    w, h = paper_mm(paper)
    return f"{round(w)} x {round(h)} mm"
