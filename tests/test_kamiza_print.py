"""Kamiza's print set: real Japanese type, embedded, extractable, and the same on any machine."""

from __future__ import annotations

import json

import pypdfium2 as pdfium
import pytest

from generator.commands.build import BuildOptions, build_game
from generator.layout.plan import SheetOptions
from pdfcheck import fonts


@pytest.fixture(scope="module")
def kamiza(shared_builds):
    """`pnp build kamiza --formats sheets`: the session's (test_fonts.py and test_ink_saver.py read it too)."""
    return shared_builds("--formats", "sheets") / "kamiza"


@pytest.fixture(scope="module")
def kamiza_shop(shared_builds):
    return shared_builds("--formats", "shop") / "kamiza"         # shared with test_aids.py and test_text_safe_zone.py


def page_text(pdf, index: int) -> str:
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return doc[index].get_textpage().get_text_range()
    finally:
        doc.close()


def test_japanese_is_real_text_that_extracts_back(kamiza, kamiza_shop):
    m = json.loads((kamiza / "manifest.json").read_text())
    front = next(p for p in m["sheets"]["pages"] if any(x["design"] == "role-card-kumicho-crimson" for x in p["pieces"]))
    text = page_text(kamiza / m["sheets"]["file"], front["index"])
    for word in ("組長", "kumicho", "Boss"):
        assert word in text
    shop = page_text(kamiza_shop / "shop" / "role-card-teppo-dama-crimson.pdf", 0)
    assert "鉄砲玉" in shop and "teppo-dama" in shop


def test_every_font_is_embedded_and_the_japanese_one_is_a_subset_of_the_shipped_font(kamiza):
    found = fonts(kamiza / "kamiza-a4.pdf")
    assert found and all(embedded for _, embedded in found)
    names = {name.split("+")[-1] for name, _ in found}
    assert any(name.startswith("/NotoSansCJK") or "NotoSansCJK" in name for name in names), names
    assert all("+" in name for name, _ in found)  # subsets, never whole fonts


def test_the_build_uses_no_font_installed_on_the_machine(kamiza, tmp_path, monkeypatch):
    # Point every font lookup a system could use at an empty folder: the bytes must not change.
    monkeypatch.setenv("OSFONTDIR", str(tmp_path))
    monkeypatch.setenv("FONTCONFIG_FILE", str(tmp_path / "none.conf"))
    build_game("kamiza", BuildOptions(SheetOptions(), tmp_path, formats=("sheets",)))
    assert (tmp_path / "kamiza-sheets" / "kamiza-a4.pdf").read_bytes() == (kamiza / "kamiza-a4.pdf").read_bytes()


def test_role_backs_are_in_the_players_colour_and_mirrored_behind_their_fronts(kamiza):
    m = json.loads((kamiza / "manifest.json").read_text())
    pages = m["sheets"]["pages"]
    front, back = pages[0], pages[1]
    assert back["backs_of"] == 0
    for f, k in zip(front["pieces"], back["pieces"]):
        player = f["design"].rsplit("-", 1)[1]
        assert k["design"] == f"role-card-back-{player}"
        fx, fy, fw, fh = f["trim_mm"]
        assert k["trim_mm"] == pytest.approx([210 - fx - fw, fy, fw, fh], abs=0.001)
