"""The command line: --help everywhere, one-line errors with exit code 2, summary table, list."""

from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import DEMO, run_cli
from generator.load import game_folders


@pytest.mark.parametrize("argv", [["--help"], ["list", "--help"], ["build", "--help"], ["check", "--help"],
                                  ["serve", "--help"], ["new", "--help"]])
def test_every_command_has_help(argv):
    with pytest.raises(SystemExit) as exc:
        run_cli(*argv)
    assert exc.value.code == 0


def test_solve_help_without_a_game_lists_usage():
    code, out, err = run_cli("solve", "--help")
    assert code == 0 and "pnp solve" in out


def test_unknown_game_is_one_line_and_exit_2():
    code, out, err = run_cli("build", "chess")
    assert code == 2
    games = ", ".join(p.name for p in game_folders())
    assert err.splitlines() == [f'error: unknown game "chess"; expected one of: {games}, or the path of a folder '
                                "with a game.yaml"]


@pytest.mark.parametrize("argv, message", [
    (["build", "--paper", "a5"], 'error: pnp build: argument --paper: expected one of a3, a4, letter, tabloid, '
                                 'or a size WxH with a unit like 216x356mm or 8.5x14in (each side 100 to 1,200 mm), '
                                 'got "a5"'),
    (["build", "--bleed", "three"], 'error: pnp build: argument --bleed: expected a length like "50mm", got "three"'),
    (["build", "--back-offset", "1"], 'error: pnp build: argument --back-offset: expected X,Y in millimetres, each '
                                      'from -20 to 20, like "1.5,-0.5", got "1"'),
    (["build", "--back-offset=0,25"], 'error: pnp build: argument --back-offset: expected X,Y in millimetres, each '
                                      'from -20 to 20, like "1.5,-0.5", got "0,25"'),
    (["build", "--bleed=-3mm"], 'error: pnp build: argument --bleed: expected a bleed from 0 to 10 mm (3mm or '
                                '0.125in are usual), got "-3mm"'),
    (["build", "--bleed=-0.1in"], 'error: pnp build: argument --bleed: expected a bleed from 0 to 10 mm (3mm or '
                                  '0.125in are usual), got "-0.1in"'),
    (["build", "--bleed=1e3mm"], 'error: pnp build: argument --bleed: expected a length like "50mm", got "1e3mm"'),
    (["build", "--bleed=nan mm"], 'error: pnp build: argument --bleed: expected a length like "50mm", got "nan mm"'),
    (["build", "--formats", "sheets,gif"], 'error: pnp build: argument --formats: expected a comma-separated list of sheets, shop, png, svg, kit, tts, cut, cricut, got "sheets,gif"'),
    (["build", "--frobnicate"], "error: pnp: unrecognized arguments: --frobnicate"),
])
def test_bad_options_are_one_line(argv, message):
    code, out, err = run_cli(*argv)
    assert code == 2 and err.splitlines() == [message]


def test_build_prints_a_summary_table(tmp_path):
    code, out, err = run_cli("build", str(DEMO), "--out", str(tmp_path), "--formats", "sheets", "--back-offset=-1,0.5")
    assert code == 0, err
    header, rule, row = out.splitlines()[:3]
    assert header.split() == ["game", "pieces", "designs", "pages", "files", "seconds", "folder"]
    assert row.split()[:5] == ["demo", "18", "16", "4", "4"]   # sheets, calibration, manifest, index.html


def test_python_dash_m_runs_the_same_cli():
    result = subprocess.run([sys.executable, "-m", "generator", "--version"], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout.startswith("pnp ")
