"""The tests' forked `pnp` (tests/forked_pnp.py) answers as a fresh `python -m generator` does: same exit
code, same stdout and stderr, in the caller's folder and environment; a hang is killed at its timeout and
the next command still runs."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import DEMO, _fork_server, job_folder
from forked_pnp import ForkServer

ROOT_DIR = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or os.environ.get("PUNCHBOARD_TEST_SPAWN") == "1",
                                reason="the fork server needs os.fork, and PUNCHBOARD_TEST_SPAWN=1 asks for none")


def server() -> ForkServer:
    found = _fork_server()
    assert found is not None, "the fork server did not start: every command would start a fresh interpreter"
    return found


def spawned(argv: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator", *argv], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=60)


@pytest.mark.parametrize("argv", [["--help"], ["build", "demo", "--formats", "svg", "--out", "out"],
                                  ["build", "demo", "--paper", "a5"], ["check", "demo", "--json"],
                                  ["build", "nosuchgame"], ["list"]])
def test_a_forked_command_answers_as_a_fresh_interpreter_does(argv, tmp_path):
    for name in ("fork", "spawn"):
        shutil.copytree(DEMO, tmp_path / name / "demo")
    env = {**os.environ, "PYTHONPATH": str(ROOT_DIR), "PUNCHBOARD_CACHE": str(tmp_path / "cache")}
    forked = server().run(argv, tmp_path / "fork", env, 60)
    fresh = spawned(argv, tmp_path / "spawn", env)
    def said(run: subprocess.CompletedProcess) -> tuple[int, str, str]:     # a build's summary times itself
        return run.returncode, re.sub(r"\b\d+\.\d\d\b", "#", run.stdout), run.stderr
    assert said(forked) == said(fresh)
    assert sorted(p.relative_to(tmp_path / "fork").as_posix() for p in (tmp_path / "fork").rglob("*")) == \
        sorted(p.relative_to(tmp_path / "spawn").as_posix() for p in (tmp_path / "spawn").rglob("*"))


def test_the_child_gets_the_callers_environment_and_folder(tmp_path):
    """The cache folder the test names (PUNCHBOARD_CACHE) is the one the command fills, and a relative
    --out lands in the caller's folder."""
    shutil.copytree(DEMO, tmp_path / "demo")
    env = {**os.environ, "PYTHONPATH": str(ROOT_DIR), "PUNCHBOARD_CACHE": str(tmp_path / "cache")}
    run = server().run(["build", "demo", "--formats", "svg", "--out", "out"], tmp_path, env, 60)
    assert run.returncode == 0, run.stderr
    assert any((tmp_path / "cache").rglob("*")) and (job_folder(tmp_path / "out", "demo") / "manifest.json").is_file()


def test_a_hang_is_killed_at_its_timeout_and_the_next_command_runs(tmp_path):
    shutil.copytree(DEMO, tmp_path / "demo")
    env = {**os.environ, "PYTHONPATH": str(ROOT_DIR), "PUNCHBOARD_CACHE": str(tmp_path / "cache")}
    with pytest.raises(subprocess.TimeoutExpired):
        server().run(["serve", "demo", "--port", "0", "--out", "out"], tmp_path, env, 3)
    assert server().run(["--help"], tmp_path, env, 60).returncode == 0


def test_lines_that_arrive_together_are_each_answered():
    """A quick command's two lines (its pid, then its status) can come in one read: the second is answered
    from what was read, not waited for on the pipe."""
    read, write = os.pipe()
    os.write(write, b'{"pid": 7}\n{"status": 0}\n')
    fake = ForkServer.__new__(ForkServer)
    with open(read, "rb", buffering=0) as pipe:
        fake.proc, fake.pending = SimpleNamespace(stdout=pipe, args=["server"]), b""
        assert json.loads(fake._line(2)) == {"pid": 7}
        assert json.loads(fake._line(2)) == {"status": 0}
    os.close(write)
