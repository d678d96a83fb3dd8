"""Every page of every game says how to print it: sheet n of N, 100 %, single- or double-sided, flip."""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest

from conftest import SHIPPED_GAMES

SHEET = re.compile(r"sheet (\d+) of (\d+)")


def page_texts(pdf_path) -> list[str]:
    pdf = pdfium.PdfDocument(str(pdf_path))
    try:
        return [" ".join(pdf[i].get_textpage().get_text_range().split()) for i in range(len(pdf))]
    finally:
        pdf.close()


@pytest.mark.parametrize("game", SHIPPED_GAMES)
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_every_page_has_its_footer(shared_builds, game, duplex):
    argv = ("--formats", "sheets") + (("--duplex", duplex) if duplex != "long" else ())   # long: the default
    texts = page_texts(shared_builds(*argv) / game / f"{game}-a4.pdf")
    numbers = []
    for i, text in enumerate(texts):
        found = SHEET.search(text)
        assert found, f"page {i + 1} of {game} has no footer: {text[-200:]!r}"
        assert "A4 at 100 % (actual size)" in text, f"page {i + 1}"
        assert "single-sided" in text or f"double-sided, {duplex}-edge flip" in text, f"page {i + 1}"
        numbers.append((int(found[1]), int(found[2])))
    sheets = numbers[0][1]
    assert {n for _, n in numbers} == {sheets}
    assert sorted({k for k, _ in numbers}) == list(range(1, sheets + 1))   # every sheet, each front and its back
