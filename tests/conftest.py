"""Shared fixtures: real builds of the demo test game and of Niya, made once per test session."""

from __future__ import annotations

import hashlib
import io
import json
import os
import queue
import shutil
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Callable, Iterator

import pytest

try:
    import fcntl                     # POSIX: lets xdist workers share one build (SharedBuilds)
except ImportError:                  # Windows: each worker builds its own
    fcntl = None

from generator.commands.build import BuildOptions, build_game
from generator.cli import main
from generator.layout.plan import SheetOptions

# pytest rewrites every test module for its assertions; with PYTHONDONTWRITEBYTECODE set (as on many CI
# machines) it did so again in every process, 1.5 s of each one's start. The rewritten modules are cached in
# tests/__pycache__ (git ignores it), as the generator's own are (_compiled_once).
sys.dont_write_bytecode = False

FIXTURES = Path(__file__).parent / "fixtures"
DEMO = FIXTURES / "demo"
# every game shipped in components/: tests over "every game" take a new game in without being edited
SHIPPED_GAMES = sorted(p.parent.name for p in (Path(__file__).parent.parent / "components").glob("*/game.yaml"))


def tiny_game(tmp_path: Path, game_id: str, spec: str, templates: dict[str, str]) -> Path:
    """A game folder written by a test: its game.yaml and templates/<game_id>/<name> for each template."""
    game = tmp_path / game_id
    (game / "templates" / game_id).mkdir(parents=True)
    (game / "game.yaml").write_text(spec)
    for name, text in templates.items():
        (game / "templates" / game_id / name).write_text(text)
    return game


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks `unit` every test that builds no game, starts no process and serves nothing (tests/unit_rule.py):
    `python -m pytest -m unit` is the quick loop."""
    from unit_rule import is_unit

    for item in items:
        if is_unit(item):
            item.add_marker(pytest.mark.unit)


@pytest.fixture(scope="session", autouse=True)
def _compiled_once() -> None:
    """Many tests run the real command in a subprocess; with PYTHONDONTWRITEBYTECODE set (as on CI machines)
    each would compile every module again (about 0.25 s a start). Compile them once, up front."""
    import compileall

    compileall.compile_dir(Path(__file__).parent.parent / "generator", quiet=1, workers=1)


_SERVER: list = []


def _fork_server():
    """This test process's fork server (tests/forked_pnp.py), started on first use; None where there is no
    fork (Windows) or when PUNCHBOARD_TEST_SPAWN=1 asks for a fresh interpreter per command."""
    if not hasattr(os, "fork") or os.environ.get("PUNCHBOARD_TEST_SPAWN") == "1":
        return None
    if not _SERVER:
        from forked_pnp import ForkServer
        try:
            _SERVER.append(ForkServer())
        except (RuntimeError, OSError, subprocess.TimeoutExpired):   # e.g. a thread started by an import
            _SERVER.append(None)                    # every command then starts a fresh interpreter
    return _SERVER[0]


@pytest.fixture(scope="session", autouse=True)
def _fork_server_closed() -> Iterator[None]:
    """The server ends with the session and is waited for, so its commands' CPU time counts as the tests'."""
    yield
    while _SERVER:
        server = _SERVER.pop()
        if server is not None:
            server.close()


class Serving:
    """`pnp serve GAME --port 0 --out out ARGV` in a process of its own, run in `cwd`, once it has said "serving"
    (its port is read from that line); `stop()` always ends it. `python` replaces `-m generator` to run the command
    another way (a script calling generator.cli.main)."""

    def __init__(self, cwd: Path, game: str, *argv: str, python: tuple[str, ...] = ("-m", "generator")):
        env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent), "PUNCHBOARD_CACHE": str(cwd / "cache")}
        self.proc = subprocess.Popen([sys.executable, *python, "serve", game, "--port", "0", "--out", "out", *argv],
                                     cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=lambda: [self.lines.put(line) for line in self.proc.stdout], daemon=True).start()
        self.port = self._port()

    def _port(self) -> int:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.5)
            except queue.Empty:
                continue
            if line.startswith("serving http://127.0.0.1:"):
                return int(line.split(":")[2].split("/")[0])
        raise AssertionError(f"pnp serve did not start within 30 s: {self.stop()[-2000:]}")

    def status(self) -> dict:
        """/__status: {"version": n, "errors": [...], "seq": n}."""
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/__status", timeout=5) as r:
            return json.load(r)

    def wait(self, until: Callable[[dict], bool], seconds: float = 15) -> dict:
        """Poll /__status (every 0.1 s, for at most `seconds`) until `until(status)`; that status."""
        deadline = time.monotonic() + seconds
        while True:
            now = self.status()
            if until(now):
                return now
            if time.monotonic() > deadline:
                raise AssertionError(f"pnp serve did not reach the state awaited in {seconds} s; it is at {now}")
            time.sleep(0.1)

    def rebuilt(self, edit: Callable[[], object], seconds: float = 15) -> dict:
        """Make `edit` (change a file), then wait until a newer version is built; the new status. How a serve test
        asks "does this change rebuild?"."""
        before = self.status()["version"]
        edit()
        return self.wait(lambda now: now["version"] > before, seconds)

    def stop(self) -> str:
        """Stop the server (SIGTERM, as Ctrl-C); what it printed on stderr."""
        self.proc.terminate()
        try:
            _, err = self.proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            _, err = self.proc.communicate()
        return err


def run_pnp(*argv: str, cwd: Path, timeout: float = 60, preexec: Callable[[], None] | None = None
            ) -> subprocess.CompletedProcess:
    """The real command in a process of its own, as a user runs it (a traceback or an abort, which a user must
    never see, fails the test); a timeout bounds what a hostile input may cost. The process is forked from a
    server that has the generator imported (tests/forked_pnp.py: 0.3 s of CPU less a command); `preexec`
    runs in a fresh interpreter's child first (a file-size limit standing in for a full disk)."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent)}
    server = None if preexec else _fork_server()
    if server is not None:
        run = server.run(list(argv), cwd, env, timeout)
    else:
        run = subprocess.run([sys.executable, "-m", "generator", *argv], cwd=cwd, env=env, capture_output=True,
                             text=True, timeout=timeout, preexec_fn=preexec)
    assert "Traceback" not in run.stderr and "terminate called" not in run.stderr, run.stderr[-2000:]
    assert run.returncode >= 0, f"killed by signal {-run.returncode}: {run.stderr[-2000:]}"
    return run


def pnp(*argv: str, cwd: Path, timeout: float = 60, preexec: Callable[[], None] | None = None
        ) -> tuple[int, list[str]]:
    """Exit code and stderr lines of the real command."""
    run = run_pnp(*argv, cwd=cwd, timeout=timeout, preexec=preexec)
    return run.returncode, run.stderr.splitlines()


@pytest.fixture()
def game(tmp_path: Path) -> Path:
    """A private copy of the demo game that a test may break (tmp_path/demo)."""
    folder = tmp_path / "demo"
    shutil.copytree(DEMO, folder)
    return folder


def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="session")
def demo_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo game built with crop marks and long-edge duplex: output/demo/."""
    out = tmp_path_factory.mktemp("demo-build")
    build_game(DEMO, BuildOptions(SheetOptions(), out))
    return out / "demo"


@pytest.fixture(scope="session")
def niya_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("niya-build")
    build_game("niya", BuildOptions(SheetOptions(), out))
    return out / "niya"


def job_folder(out: Path, game: str) -> Path:
    """The folder one build of `game` wrote under `out`: output/<game>/ for the default job, or beside it named after
    what differs (output/<game>-fold/, output/<game>-sheets/: BuildOptions.folder_name)."""
    from generator.output.writer import builds_of

    found = builds_of(out, game)
    assert len(found) == 1, f"expected one build of {game} in {out}, found {[p.name for p in found]}"
    return found[0]


class SharedBuilds:
    """`builds / "kamiza"` is the job folder `pnp build kamiza <argv>` wrote (output/kamiza-sheets/ for `--formats
    sheets`: job_folder), built once per test session whichever test module asks first: pytest-xdist workers share
    one folder per build, the first one to ask builds it under a lock while the others wait (without fcntl, once per
    worker). Tests read these folders and never change them."""

    _made: dict[tuple[str, tuple[str, ...]], Path] = {}

    def __init__(self, factory: pytest.TempPathFactory, argv: tuple[str, ...]):
        self.factory, self.argv = factory, argv

    def __truediv__(self, game: str) -> Path:
        key = (game, self.argv)
        if key not in self._made:
            self._made[key] = self._built(game)
        return self._made[key]

    def _built(self, game: str) -> Path:
        base = self.factory.getbasetemp()
        if fcntl is not None and os.environ.get("PYTEST_XDIST_WORKER"):
            base = base.parent                      # the session's folder, above every worker's popen-gwN
        out = base / "shared-builds" / f"{game}-{hashlib.sha256(repr(self.argv).encode()).hexdigest()[:12]}"
        out.parent.mkdir(exist_ok=True)
        with open(f"{out}.lock", "w") as lock:
            if fcntl is not None:
                fcntl.flock(lock, fcntl.LOCK_EX)    # released when the file closes
            if not (out / ".built").exists():
                shutil.rmtree(out, ignore_errors=True)      # what a worker that failed half-way left
                code, _, err = run_cli("build", game, *self.argv, "--out", str(out))
                assert code == 0, err
                (out / ".stderr").write_text(err, encoding="utf-8")
                (out / ".built").touch()
        return job_folder(out, game)

    def said(self, game: str) -> str:
        """What the build of `game` printed on stderr (its warnings and notes)."""
        return ((self / game).parent / ".stderr").read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def shared_builds(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., SharedBuilds]:
    """`shared_builds("--press", "--formats", "svg") / "kamiza"`: one build per game and options per session."""
    return lambda *argv: SharedBuilds(tmp_path_factory, argv)


def build_on_papers(shared_builds: Callable[..., SharedBuilds], game: str) -> dict[str, Path]:
    """A shipped game's sheets and SVGs on A4 and on Letter, built once per session: paper -> its job's folder."""
    return {paper: shared_builds("--paper", paper, "--formats", "sheets,svg") / game for paper in ("a4", "letter")}


def pieces_by_component(folder: Path) -> dict[str, int]:
    """Printed pieces per component, from a build's manifest."""
    import json
    out: dict[str, int] = {}
    for d in json.loads((folder / "manifest.json").read_text())["designs"]:
        if d["face"] == "front":
            out[d["component"]] = out.get(d["component"], 0) + d["count"]
    return out


def cut_file_sheets(name: str) -> list[int]:
    """The sheet numbers a cut file serves, read from its name as the summary explains it:
    `<game>-<paper>-sheet-03.svg` serves sheet 3, `...-sheets-01-03+05.svg` sheets 1, 2, 3 and 5."""
    import re

    label = re.search(r"-sheets?-([\d+-]+)\.(?:svg|dxf)$", name)
    assert label, name
    out: list[int] = []
    for run in label[1].split("+"):
        first, _, last = run.partition("-")
        out += list(range(int(first), int(last or first) + 1))
    return out


def cut_pages(folder: Path) -> dict[Path, list[dict]]:
    """Each SVG cut file of a build, with the manifest's front pages (sheet n is the n-th front page) it serves."""
    import json

    pages = json.loads((folder / "manifest.json").read_text())["sheets"]["pages"]
    fronts = [p for p in pages if p["side"] == "front"]
    return {svg: [fronts[n - 1] for n in cut_file_sheets(svg.name)] for svg in sorted((folder / "cut").glob("*.svg"))}
