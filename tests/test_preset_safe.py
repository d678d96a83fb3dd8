"""A shop preset's safe zone is honoured: with --shop every glyph of every printed card lies at least the
shop's safe distance inside the printed trim, after the shop's scaling; without --shop the 3 mm default
stays. Glyph boxes are read back from the PDFs with pypdfium2 (see tests/test_text_safe_zone.py).

Numbers from the shops' documentation, written here: The Game Crafter and DriveThruCards keep everything
important 1/8 in (3.175 mm) inside the trim; their poker card is 2.5 x 3.5 in (63.5 x 88.9 mm); Nusfjord's
building cards are 63 x 88 mm, so the shop scales them by max(63.5 / 63, 88.9 / 88) = 1.0102.
"""

from __future__ import annotations

import json
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest

PT = 25.4 / 72
SLACK_MM = 0.02                   # glyph boxes are ink boxes rounded by the reader
TGC_SAFE_MM = 25.4 / 8            # 1/8 in inside the trim
DTC_SAFE_MM = 25.4 / 8
HOME_SAFE_MM = 3.0                # README: text stays 3 mm inside the trim
NUSFJORD_CARD = (63.0, 88.0)
POKER_MM = (63.5, 88.9)
SCALE = max(POKER_MM[0] / NUSFJORD_CARD[0], POKER_MM[1] / NUSFJORD_CARD[1])
GAME = "nusfjord"


def glyph_insets(pdf_path: Path, trim_of) -> list[tuple[float, str, int]]:
    """Every visible glyph's least distance to its page's trim, in mm, with the glyph and page index."""
    out = []
    pdf = pdfium.PdfDocument(str(pdf_path))
    try:
        for n in range(len(pdf)):
            page = pdf[n]
            x0, y0, x1, y1 = trim_of(n, page)
            text = page.get_textpage()
            for i in range(text.count_chars()):
                ch = text.get_text_range(i, 1)
                if ch.strip():
                    left, bottom, right, top = text.get_charbox(i)
                    out.append((min(left - x0, bottom - y0, x1 - right, y1 - top) * PT, ch, n))
    finally:
        pdf.close()
    return out


def design_insets(build: Path) -> list[tuple[float, str, int]]:
    """Glyph insets of every 63 x 88 mm card design, in the design's own millimetres (the shop/ PDFs)."""
    doc = json.loads((build / "manifest.json").read_text())
    out = []
    for d in doc["designs"]:
        if tuple(d["trim_mm"]) != NUSFJORD_CARD:
            continue
        b = d["bleed_mm"] / PT
        w, h = (v / PT for v in d["trim_mm"])
        out += glyph_insets(build / d["shop"], lambda n, page: (b, b, b + w, b + h))
    return out


@pytest.fixture(scope="module")
def home(shared_builds):
    return shared_builds("--formats", "shop") / GAME, ""        # shared with test_text_safe_zone.py


def _shop(shared_builds, shop: str) -> tuple[Path, str]:
    """`pnp build nusfjord --shop SHOP --formats shop` (the shop's bleed): its folder and what it printed."""
    builds = shared_builds("--shop", shop, "--formats", "shop")     # dtc: shared with test_pdfx.py
    return builds / GAME, builds.said(GAME)


@pytest.fixture(scope="module")
def tgc(shared_builds):
    return _shop(shared_builds, "tgc")


@pytest.fixture(scope="module")
def dtc(shared_builds):
    return _shop(shared_builds, "dtc")


def test_without_a_shop_the_home_safe_zone_stays_3_mm(home):
    insets = design_insets(home[0])
    assert insets and min(i for i, _, _ in insets) >= HOME_SAFE_MM - SLACK_MM
    assert min(i for i, _, _ in insets) < TGC_SAFE_MM - 0.05     # the cards use the 3 mm zone: a shop's is wider


def test_the_game_crafter_safe_zone_holds_after_its_scaling(tgc):
    """TGC's files are PNGs: the designs they are cut from must keep 1/8 in / 1.0102 inside the trim."""
    insets = design_insets(tgc[0])
    worst = min(insets)
    assert worst[0] * SCALE >= TGC_SAFE_MM - SLACK_MM, worst


def test_drivethrucards_printed_glyphs_lie_an_eighth_inch_inside_the_trim(dtc):
    """Read from the deck PDF the shop prints: page coordinates, after the shop's scaling."""
    deck = dtc[0] / "shop-dtc" / "building-herring.pdf"
    with pikepdf.open(deck) as pdf:
        trims = [[float(v) for v in p.trimbox] for p in pdf.pages]
    insets = glyph_insets(deck, lambda n, page: trims[n])
    assert len(insets) > 100
    worst = min(insets)
    assert worst[0] >= DTC_SAFE_MM - SLACK_MM, worst


def test_the_proof_says_the_shop_prints_the_deck_at_its_scale(dtc):
    pdf = pdfium.PdfDocument(str(dtc[0] / "shop-dtc" / "proof.pdf"))
    try:
        text = " ".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    finally:
        pdf.close()
    assert f"printed at {round(100 * SCALE):d} %" in text or f"prints it at {round(100 * SCALE):d} %" in text
    assert "63.5 x 88.9 mm" in text


def test_the_summary_says_the_preset_has_no_product(dtc):
    notes = [w for w in dtc[1].splitlines() if "harbor" in w and "no product" in w]
    assert notes and "this preset has no product for" in notes[0], dtc[1]
