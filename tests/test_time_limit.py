"""Every test has a time limit: a defect that makes a search loop forever fails its test instead of hanging CI
until its 90 minutes run out."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parent.parent


def test_the_suite_sets_a_time_limit_on_every_test(pytestconfig):
    """Generous for the slow builds (the slowest takes about 40 s), far below CI's 90 minutes; the thread method,
    because the product's template time limit owns SIGALRM."""
    assert 60 <= float(pytestconfig.getini("timeout")) <= 600
    assert pytestconfig.getini("timeout_method") == "thread"


def test_a_test_that_loops_fails_at_its_limit(tmp_path):
    """The limit is enforced with the project's own configuration (here cut to 2 s), on an xdist worker too."""
    (tmp_path / "test_loop.py").write_text("def test_loops():\n    while True:\n        pass\n")
    run = subprocess.run([sys.executable, "-m", "pytest", "-c", str(ROOT / "pyproject.toml"), "--rootdir",
                          str(tmp_path), str(tmp_path / "test_loop.py"), "-o", "timeout=2", "-n", "1", "-q",
                          "-p", "no:cacheprovider"], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    # the thread method ends the looping worker, which xdist reports as that test's failure, and goes on
    assert run.returncode == 1 and "FAILED test_loop.py::test_loops" in run.stdout, run.stdout[-2000:] + run.stderr
