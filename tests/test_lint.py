"""The project's linter, configured in pyproject.toml ([tool.ruff]), passes on the code, the tests, the benches and
the tools: a new unused import, an undefined name or an over-long line fails the suite, not a later review."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parent.parent


def test_ruff_finds_nothing():
    run = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "generator", "tests", "bench", "tools"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-1000:]


def test_ruff_catches_an_unused_import(tmp_path):
    """The check above can fail: the same configuration flags a planted mistake."""
    bad = tmp_path / "generator" / "planted.py"
    bad.parent.mkdir()
    bad.write_text('"""A module with a mistake."""\nimport os\n')
    run = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--config", str(ROOT / "pyproject.toml"),
                          str(bad)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 1 and "F401" in run.stdout, run.stdout
