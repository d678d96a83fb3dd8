"""mypy, configured in pyproject.toml ([tool.mypy]: generator/ with the bodies of unannotated functions checked,
no unused `# type: ignore` nor redundant cast), finds no error: a call with the wrong type, a None not handled or an
attribute a class does not declare fails the suite, not a later run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent


@pytest.mark.slow
def test_mypy_finds_nothing():
    run = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, timeout=280)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]


@pytest.mark.slow
def test_mypy_catches_a_planted_error(tmp_path):
    """The check above can fail: the same configuration flags a wrong type inside an unannotated function."""
    bad = tmp_path / "planted.py"
    bad.write_text('"""A module with a mistake."""\n\n\ndef half():\n    return len(2)\n')
    run = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                          "--cache-dir", str(tmp_path / "cache"), str(bad)],
                         cwd=tmp_path, capture_output=True, text=True, timeout=280)
    assert run.returncode == 1 and '"len" has incompatible type "int"' in run.stdout, run.stdout + run.stderr
