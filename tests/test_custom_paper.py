"""Paper a person owns: a size WxH wherever a paper is named, and a printer profile's scale applied to a build."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import DEMO, run_cli
from generator.calibrate.profiles import _kept_paper
from generator.layout.paper import PAPERS_MM, SIDE_MM, paper_label, paper_mm, paper_words, parse_paper
from generator.layout.plan import SheetOptions


@pytest.mark.parametrize("said, kept", [
    ("A4", "a4"), (" Letter ", "letter"), ("300x450mm", "300x450mm"), ("8.5x14in", "215.9x355.6mm"),
    ("8.5X14IN", "215.9x355.6mm"), ("8.5in x 14in", "215.9x355.6mm"), ("21x29.7cm", "a4"), ("11x17in", "tabloid"),
    ("210x297mm", "a4"), ("1000x100mm", "1000x100mm"),
])
def test_a_paper_is_kept_as_its_name_or_its_size_in_mm(said, kept):
    assert parse_paper(said) == kept


@pytest.mark.parametrize("said", ["a5", "8.5x14", "99x297mm", "210x1201mm", "x297mm", "210x297mmx3mm", "0x0mm",
                                  "-210x297mm", "210x297furlong", ""])
def test_a_paper_outside_the_bounds_or_without_a_unit_is_one_line_saying_what_is_expected(said):
    with pytest.raises(ValueError) as caught:
        parse_paper(said)
    assert "\n" not in str(caught.value)
    assert "a size WxH with a unit like 216x356mm" in str(caught.value) and "100 to 1,200 mm" in str(caught.value)


def test_the_bounds_hold_every_named_paper():
    assert all(SIDE_MM[0] <= side <= SIDE_MM[1] for size in PAPERS_MM.values() for side in size)


def test_a_custom_paper_is_sized_named_and_said_to_the_mm():
    paper = parse_paper("8.5x14in")
    assert paper_mm(paper) == (215.9, 355.6) and SheetOptions(paper).page_mm == (215.9, 355.6)
    assert paper_label(paper) == "216x356mm" and paper_words(paper) == "216 x 356 mm"
    assert (paper_label("a4"), paper_words("a4")) == ("a4", "A4")


def test_printers_json_takes_a_custom_paper_as_a_build_names_it():
    assert _kept_paper("215.9x355.6mm") and _kept_paper("a4")
    assert not _kept_paper("8.5x14in") and not _kept_paper("a5")


def test_a_bad_paper_on_the_command_line_is_one_line():
    code, out, err = run_cli("build", "demo", "--paper", "50x50mm")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert 'argument --paper: expected one of a3, a4, letter, tabloid, or a size' in err and '"50x50mm"' in err


def test_calibrate_refuses_a_custom_paper_its_sheet_cannot_name(tmp_path):
    code, _, err = run_cli("calibrate", str(tmp_path / "f.jpg"), str(tmp_path / "b.jpg"), "--paper", "8.5x14in")
    assert code == 2 and "code names a4, letter, a3, tabloid only" in err


def test_a_build_on_custom_paper_names_its_sheets_and_says_the_paper_in_each_footer(tmp_path):
    import pypdfium2 as pdfium

    code, _, err = run_cli("build", str(DEMO), "--paper", "8.5x14in", "--formats", "sheets", "--only", "card",
                           "--out", str(tmp_path))
    assert code == 0, err
    sheets = next(Path(tmp_path).rglob("demo-216x356mm.pdf"))
    assert not list(Path(tmp_path).rglob("calibration-*.pdf"))     # its code names the four papers only
    pdf = pdfium.PdfDocument(sheets)
    try:
        assert [round(v / 72 * 25.4, 1) for v in pdf[0].get_size()] == [215.9, 355.6]
        assert all("216 x 356 mm at 100 % (actual size)" in page.get_textpage().get_text_range() for page in pdf)
    finally:
        pdf.close()
