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


def test_a_back_is_drawn_enlarged_about_its_centre_as_drawn_and_a_front_not_at_all():
    options = SheetOptions(back_offset_mm=(1.0, -2.0), back_scale=0.98)
    k, dx, dy = options.back_zoom or (0, 0, 0)
    centre = (105.0 + 1.0, 148.5 - 2.0)
    assert k == pytest.approx(1 / 0.98)
    assert (k * centre[0] + dx, k * centre[1] + dy) == pytest.approx(centre)   # where the offset was measured
    assert SheetOptions(back_offset_mm=(1.0, -2.0)).back_zoom is None


@pytest.mark.parametrize("scale, duplex, said", [
    (3.0, "long", "the printer profile's scale: expected from 0.5 to 2"),
    (float("nan"), "long", "expected from 0.5 to 2"),
    (0.98, "none", "the printer profile's scale enlarges backs printed on the other side of the sheet; with "
                   "--duplex none there are none"),
])
def test_a_scale_no_profile_could_hold_is_refused_in_one_line(tmp_path, scale, duplex, said):
    from generator.cli.options import worded
    from generator.common.errors import OptionError
    from generator.output.options import BuildOptions

    with pytest.raises(OptionError) as caught:
        BuildOptions(SheetOptions(duplex=duplex, back_scale=scale), tmp_path)
    assert said in "\n".join(str(worded(p)) for p in caught.value.problems)


@pytest.fixture()
def printers(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    folder = tmp_path / "xdg" / "punchboard"
    folder.mkdir(parents=True)

    def write(entry: str) -> None:
        (folder / "printers.json").write_text('{"version": 1, "printers": {"office": {"a4-long": %s}}}' % entry)
    return write


def test_a_profile_scale_outside_its_range_is_one_line(printers, tmp_path):
    printers('{"back_offset_mm": [0, 0], "scale": 0.4}')
    code, out, err = run_cli("build", str(DEMO), "--printer", "office", "--out", str(tmp_path / "out"))
    assert code == 2 and err.count("\n") == 1 and "printers.office.a4-long.scale: expected a number from 0.5 to 2" in err


def _build(tmp_path: Path, name: str, *how: str) -> Path:
    out = tmp_path / name
    code, said, err = run_cli("build", str(DEMO), "--formats", "sheets", "--only", "card", "--out", str(out), *how)
    assert code == 0, err
    return next(out.rglob("demo-a4.pdf"))


def _forms(sheets: Path) -> list[list[tuple[float, float]]]:
    """Each page's pieces (Typst form objects) as drawn: their width and height in points."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(sheets)
    try:
        return [[(b[2] - b[0], b[3] - b[1]) for o in page.get_objects() if o.type == pdfium.raw.FPDF_PAGEOBJ_FORM
                 for b in [o.get_bounds()]] for page in pdf]
    finally:
        pdf.close()


def test_a_profile_scale_draws_every_back_larger_by_its_inverse_and_says_so(printers, tmp_path):
    printers('{"back_offset_mm": [1, -2], "rotation_deg": 0, "scale": 0.98}')
    plain = _forms(_build(tmp_path, "plain", "--back-offset", "1,-2"))
    code, out, err = run_cli("build", str(DEMO), "--formats", "sheets", "--only", "card", "--printer", "office",
                             "--out", str(tmp_path / "scaled"))
    assert code == 0, err
    assert "backs drawn at 102.04 % about their centre (it prints them at 98.00 % of the fronts' size)" in out
    scaled = _forms(next((tmp_path / "scaled").rglob("demo-a4.pdf")))
    assert scaled[0] == plain[0] and plain[0]                    # fronts: as they were
    back = [(w / pw, h / ph) for (w, h), (pw, ph) in zip(scaled[1], plain[1])]
    assert back and all(r == pytest.approx(1 / 0.98, abs=1e-3) for pair in back for r in pair)


def test_a_profile_of_scale_1_leaves_the_sheets_byte_for_byte_as_an_offset_alone(printers, tmp_path):
    printers('{"back_offset_mm": [1, -2], "rotation_deg": 0, "scale": 1}')
    plain = _build(tmp_path, "plain", "--back-offset", "1,-2")
    profiled = _build(tmp_path, "profiled", "--printer", "office")
    assert plain.read_bytes() == profiled.read_bytes()
