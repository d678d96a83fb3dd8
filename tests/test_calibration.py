"""The duplex calibration sheet, read as a person reads it: through the paper, after the flip."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from generator.commands.build import BuildOptions, build_game
from generator.layout.calibration import calibration_plan
from generator.layout.plan import SheetOptions
from conftest import DEMO, job_folder

A4 = (210.0, 297.0)
PT = 25.4 / 72


def letters(pdf, index: int) -> dict[str, tuple[float, float]]:
    """Centres (mm from the top-left) of the large single letters A, B, C on a page."""
    page = pdf[index]
    text = page.get_textpage()
    out = {}
    for i in range(text.count_chars()):
        ch = text.get_text_range(i, 1)
        left, bottom, right, top = text.get_charbox(i)
        if ch in "ABC" and (top - bottom) * PT > 4:   # the 22 pt target letters, not words of the instructions
            out[ch] = ((left + right) / 2 * PT, A4[1] - (top + bottom) / 2 * PT)
    return out


def seen_through(x: float, y: float, flip: str) -> tuple[float, float]:
    """Where a point of the back lies behind the front once the paper turns over."""
    return (A4[0] - x, y) if flip == "long" else (x, A4[1] - y)


@pytest.fixture(scope="module", params=["long", "short"])
def calibration(request, tmp_path_factory):
    out = tmp_path_factory.mktemp(f"cal-{request.param}")
    build_game(DEMO, BuildOptions(SheetOptions(duplex=request.param), out, formats=("sheets",)))
    pdf = pdfium.PdfDocument(str(job_folder(out, "demo") / "calibration-a4.pdf"))
    yield request.param, pdf
    pdf.close()


def test_every_back_letter_lies_on_its_front_letter(calibration):
    flip, pdf = calibration
    front, back = letters(pdf, 0), letters(pdf, 1)
    assert sorted(front) == sorted(back) == ["A", "B", "C"]
    for name, (x, y) in back.items():
        fx, fy = front[name]
        assert seen_through(x, y, flip) == (pytest.approx(fx, abs=1.0), pytest.approx(fy, abs=1.0)), name


def test_a_wrong_flip_puts_letters_on_other_places(calibration):
    flip, pdf = calibration
    wrong = "short" if flip == "long" else "long"
    front, back = letters(pdf, 0), letters(pdf, 1)
    misses = [n for n, (x, y) in back.items()
              if max(abs(a - b) for a, b in zip(seen_through(x, y, wrong), front[n])) > 10]
    assert len(misses) == 3


@pytest.mark.parametrize("flip", ["long", "short"])
def test_each_scale_reads_zero_on_its_front_line_and_spans_ten_mm(flip):
    plan = calibration_plan(SheetOptions(duplex=flip))
    front, back = plan.pages
    verticals = [l.x1 for l in front.lines if l.kind == "target" and l.x1 == l.x2 and abs(l.y2 - l.y1) > 30]
    horizontals = [l.y1 for l in front.lines if l.kind == "target" and l.y1 == l.y2 and abs(l.x2 - l.x1) > 30]
    zero_x = sorted(l.x1 for l in back.lines if l.kind == "zero" and l.x1 == l.x2)
    zero_y = sorted(l.y1 for l in back.lines if l.kind == "zero" and l.y1 == l.y2)
    assert zero_x == pytest.approx(sorted(seen_through(x, 0, flip)[0] for x in verticals))
    assert zero_y == pytest.approx(sorted(seen_through(0, y, flip)[1] for y in horizontals))
    ticks = sorted({round(l.x1 - x, 2) for x in zero_x for l in back.lines
                    if l.kind in ("tick", "zero") and l.x1 == l.x2 and abs(l.x1 - x) <= 10.01})
    assert ticks[0] <= -10 and ticks[-1] >= 10
    assert all(b - a == pytest.approx(0.5) for a, b in zip(ticks, ticks[1:]))  # 0.5 mm ticks
