"""Text measured as it is set (HarfBuzz kerning), and Japanese line breaks by the kinsoku rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.load.fonts import metrics
from generator.render.textfit import Paragraph, fit_flow, wrap

FONTS = Path(__file__).parent.parent / "fonts"
JP = ("判定の順番は「手入れ」から始まる。二枚以上出された役は、すべて負けとなる（警察も同じ）。"
      "上座に残った組長と鉄砲玉：鉄砲玉の勝ち、「逆さま」にして得点する。")


def naive_em(m, text: str) -> float:
    return sum(m.advances[ord(c)] for c in text) / m.units_per_em


def test_positive_kerning_is_measured():
    """Vollkorn kerns "f" before a space and ".." apart (positive pairs): the line is wider than its advances."""
    m = metrics(FONTS / "Vollkorn-Regular.ttf")
    text = "of .. of .. of .. of .."
    assert m.width_em(text) > naive_em(m, text) + 0.3
    assert wrap(text, m, naive_em(m, text) + 0.01) != [text]   # too wide once kerned: it wraps


def test_fitted_width_is_the_shaped_width():
    m = metrics(FONTS / "Lato-Regular.ttf")
    flow = fit_flow([Paragraph("AVAVAV Type", m)], 100, 20, 5, 2)
    assert flow.lines[0].width == pytest.approx(m.width_em("AVAVAV Type") * flow.lines[0].size, abs=1e-3)
    assert m.width_em("AVAVAV") < naive_em(m, "AVAVAV") - 0.2   # negative pairs too


@pytest.mark.parametrize("width_em", [x / 2 for x in range(8, 40)])
def test_japanese_lines_obey_the_kinsoku_rules(width_em):
    m = metrics(FONTS / "NotoSansCJKjp-Regular-subset.otf")
    lines = wrap(JP, m, width_em)
    assert lines is not None and "".join(lines) == JP
    for line in lines[1:]:
        assert line[0] not in "。、」）：", (width_em, line)
    for line in lines[:-1]:
        assert line[-1] not in "「（", (width_em, line)
