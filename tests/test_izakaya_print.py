"""Izakaya's proxy set: the pieces the rules use (seed 001), site cards drawn from their rows, sheets on A4 and Letter."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from conftest import build_on_papers, pieces_by_component


@pytest.fixture(scope="module")
def built(shared_builds) -> dict[str, Path]:
    return build_on_papers(shared_builds, "izakaya")


def test_the_set_has_what_the_rules_use_at_five_players(built):
    got = pieces_by_component(built["a4"])
    assert got["site-card"] >= 5 * 5 + 1                       # the 5 x 5 grid and the site-claiming card
    assert got["drink"] == 36 and got["crate"] == 6 and got["stock-card"] == 6 and got["shape-card"] == 1
    assert got["coin-100"] >= 12 + 5 * 10                      # 100/100/200/200/300/300 and 1,000 yen each
    assert got["pyramid"] == 5 * 6 and got["disc"] == 5 * (3 + 6 + 1)
    assert got["architect"] == 1 and got["turn-track"] == 1 and got["player-aid"] == 5


def test_each_drink_colour_has_its_own_symbol(built):
    svg = built["a4"] / "svg"
    shapes = {}
    for path in sorted(svg.glob("drink-*.svg")):
        body = path.read_text()
        shapes[path.stem] = re.sub(r"#[0-9a-f]{6}", "", body[body.rfind("<circle"):])   # the symbol, without colours
    assert len(shapes) == 6 and len(set(shapes.values())) == 6


def test_site_cards_draw_their_rows_footprints(built):
    svg = built["a4"] / "svg"
    front = (svg / "site-card-1.svg").read_text()           # white side "1x1:3 + 1x2:2"
    assert re.search(r'width="15" height="15"[^>]*stroke-width="1"', front)
    assert re.search(r'width="15" height="30"[^>]*stroke-width="1"', front)
    badges = re.findall(r">(\d)</text>", front)
    assert badges == ["3", "2"]
    back = (svg / "site-card-back-1.svg").read_text()       # blue side "2x2:2"
    assert re.search(r'width="30" height="30"[^>]*stroke-width="1"', back) and "blue · easy" in back


@pytest.mark.parametrize("paper, size", [("a4", "A4"), ("letter", "LETTER")])
def test_sheets_on_a4_and_letter(built, paper, size):
    pdf = pdfium.PdfDocument(str(built[paper] / f"izakaya-{paper}.pdf"))
    try:
        assert len(pdf) >= 10
        for i in range(len(pdf)):
            assert f"{size} at 100 % (actual size)" in pdf[i].get_textpage().get_text_range()
    finally:
        pdf.close()
