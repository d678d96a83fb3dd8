"""A build's options are decided once, in the library (output/options.py): each combination that makes no sense is
refused when the options are made, in words about options, and the command line says the same with its flags."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import DEMO, run_cli
from generator.common.errors import OptionError, option_problem
from generator.layout.plan import SheetOptions
from generator.layout.sheets import plan_sheets
from generator.layout.plan import PieceInput
from generator.output.options import BuildOptions


def _refusal(**kw) -> str:
    with pytest.raises(OptionError) as caught:
        BuildOptions(**kw)
    return "\n".join(p.message for p in caught.value.problems)


@pytest.mark.parametrize("kw, words", [
    ({"sheet": SheetOptions(duplex="fold"), "formats": ("cut",)}, "duplex fold cannot be used with formats cut"),
    ({"sheet": SheetOptions(duplex="fold", back_offset_mm=(0.5, 0.0))}, "back_offset_mm shifts backs"),
    ({"sheet": SheetOptions(reg_inset_mm=12.0), "formats": ("sheets",)},
     "reg_inset_mm places print-then-cut registration marks: add cut to formats"),
    ({"pdfx": "1a"}, "pdfx declares the press file: add press"),
    ({"press": True, "pdfx": "3"}, 'pdfx: expected one of 4, 1a, got "3"'),
    ({"press_profile_file": Path("nowhere.icc")}, "press_profile separates CMYK files: add press, or shop"),
    ({"formats": ("sheets", "pdf")}, 'formats: unknown format "pdf"; expected any of sheets, shop, png, svg'),
])
def test_each_combination_that_makes_no_sense_is_refused_in_words_about_options(kw, words):
    assert words in _refusal(**kw)


def test_every_problem_of_the_options_is_said_at_once():
    said = _refusal(sheet=SheetOptions(duplex="fold", back_offset_mm=(1.0, 0.0)), formats=("cut",), pdfx="1a")
    assert len(said.splitlines()) == 3


def test_a_profile_is_not_read_when_the_options_refuse_it(tmp_path):
    """The refusal comes first: a profile file that does not exist is not even looked for."""
    assert "press_profile separates CMYK files" in _refusal(press_profile_file=tmp_path / "missing.icc")


def test_cut_files_bring_their_sheets_and_the_cutters_marks():
    options = BuildOptions(formats=("cut",))
    assert options.formats == ("sheets", "cut")
    assert options.sheet.registration
    assert BuildOptions(formats=("svg", "sheets", "cut")).formats == ("svg", "sheets", "cut")


def test_the_registration_inset_defaults_to_silhouette_studios_smallest():
    """Silhouette Studio's registration marks sit at least 10 mm from the paper's edge (docs/how-to/cutting-machines.md)."""
    assert SheetOptions().reg_inset == 10.0
    assert BuildOptions(SheetOptions(reg_inset_mm=12.0), formats=("cut",)).sheet.reg_inset == 12.0


def test_layout_trusts_its_options_instead_of_checking_them_again():
    """The fold check lives with the options; the layout lays out what it is given (no second check)."""
    piece = PieceInput("card", "card-back", 63.0, 88.0, "rect", 2)
    plan = plan_sheets([piece], SheetOptions(duplex="fold", registration=True), "t")
    assert plan.pages


@pytest.mark.parametrize("argv, line", [
    (["--duplex", "fold", "--formats", "cut"], "error: --duplex fold cannot be used with --formats cut: a cutting "
                                               "machine would cut each pair apart at its fold; use --duplex long"),
    (["--duplex", "fold", "--back-offset", "1,0"], "error: --back-offset shifts backs printed on the other side"),
    (["--reg-inset", "12mm", "--formats", "sheets"], "error: --reg-inset places print-then-cut registration marks: "
                                                     "add cut to --formats"),
    (["--pdfx", "1a"], "error: --pdfx declares the press file: add --press"),
    (["--press-profile", "x.icc"], "error: --press-profile separates CMYK files: add --press, or --shop with"),
    (["--only", "token:0"], 'error: pnp build: argument --only: expected copies from 1 to 1000 after ":", got '
                            '"token:0"'),
    (["--style", "sepia"], 'error: --style: unknown style "sepia" for demo; expected one of: colour, ink-saver'),
])
def test_the_command_line_words_the_same_refusals_with_its_flags(argv, line, tmp_path):
    code, _, err = run_cli("build", str(DEMO), *argv, "--out", str(tmp_path))
    assert code == 2
    assert err.startswith(line), err
    assert len(err.splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_an_option_problem_keeps_the_users_text_as_written():
    """Values are inserted as they are, never read as a template: a glob with braces stays."""
    problem = option_problem('{only}: unknown selector "{pattern}"', pattern="{a,b}-{only}")
    assert problem.message == 'only: unknown selector "{a,b}-{only}"'
    assert problem.worded({"only": "--only"}).message == '--only: unknown selector "{a,b}-{only}"'
