"""All or nothing: a failed, killed or concurrent build never damages the previous good build."""

from __future__ import annotations

import dataclasses
import fcntl
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.commands.build import BuildOptions, build_game
from generator.common.errors import OutputError
from generator.layout.plan import SheetOptions
from generator.output import formats
from conftest import DEMO, run_cli, job_folder

ROOT = Path(__file__).parent.parent


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def leftovers(out: Path) -> list[str]:
    return sorted(p.name for p in out.iterdir() if ".building-" in p.name or ".old-" in p.name)


def broken_format(monkeypatch, name, write):
    """The registry with format `name` written by `write` instead."""
    monkeypatch.setattr(formats, "ALL", tuple(dataclasses.replace(f, write=write) if f.name == name else f
                                              for f in formats.ALL))


def built(out: Path, *names: str) -> dict[str, bytes]:
    """The demo's job of these formats, built into `out`: its files (a later build of the same job must keep them
    when it fails)."""
    build_game(DEMO, BuildOptions(SheetOptions(), out, formats=names))
    return snapshot(job_folder(out, "demo"))


@pytest.fixture
def previous(tmp_path):
    return tmp_path, built(tmp_path, "sheets", "svg")


def test_a_build_failing_while_writing_removes_its_staging_folder(previous, monkeypatch):
    out, before = previous

    def broken(job):
        raise OutputError("error: disk full (simulated)")

    broken_format(monkeypatch, "svg", broken)
    with pytest.raises(OutputError):      # without the cache, which would link the last build's files unwritten
        build_game(DEMO, BuildOptions(SheetOptions(), out, formats=("sheets", "svg"), cache=False))
    assert leftovers(out) == []
    assert snapshot(job_folder(out, "demo")) == before


def test_a_png_failing_on_its_own_thread_fails_the_build_and_keeps_the_previous(tmp_path, monkeypatch):
    """PNGs are written beside the other writers: their failure must still reach the build, after the
    other writers have run, and nothing of the failed build may stay."""
    import generator.output.png as png_module

    out, before = tmp_path, built(tmp_path, "sheets", "png", "shop")
    written = []

    def broken(raster, target, dpi):
        if Path(target).parent.name == "png":          # the PNG format only, not the gallery's previews
            if len(written) == 3:
                raise OSError(28, "No space left on device (simulated)")
            written.append(target)

    monkeypatch.setattr(png_module, "write_png", broken)
    with pytest.raises(OSError):
        build_game(DEMO, BuildOptions(SheetOptions(), out, formats=("sheets", "png", "shop"), cache=False))
    assert len(written) == 3
    assert leftovers(out) == []
    assert snapshot(job_folder(out, "demo")) == before


def test_a_failing_writer_stops_the_png_thread_early(tmp_path, monkeypatch):
    """When a writer on the main thread fails, the PNG thread stops at its next page instead of rasterising
    every design of a build that will be thrown away."""
    import generator.output.png as png_module

    out, before = tmp_path, built(tmp_path, "png", "shop")
    written = []

    def slow(raster, target, dpi):
        time.sleep(0.05)
        written.append(target)

    def broken(job):
        time.sleep(0.1)
        raise OutputError("error: disk full (simulated)")

    monkeypatch.setattr(png_module, "write_png", slow)
    broken_format(monkeypatch, "shop", broken)
    with pytest.raises(OutputError):
        build_game(DEMO, BuildOptions(SheetOptions(), out, formats=("png", "shop"), cache=False))
    designs = len(json.loads((job_folder(out, "demo") / "manifest.json").read_text())["designs"])
    assert designs >= 10 and len(written) < designs / 2, (len(written), designs)
    assert leftovers(out) == []
    assert snapshot(job_folder(out, "demo")) == before


def test_a_disk_error_is_one_line_and_keeps_the_previous_build(tmp_path, monkeypatch):
    """No space left (or a read-only folder) is not a traceback: one line naming the file, exit 2."""
    import generator.output.png as png_module

    out, before = tmp_path, built(tmp_path, "png")

    def full(raster, target, dpi):
        raise OSError(28, "No space left on device", str(target))

    monkeypatch.setattr(png_module, "write_png", full)
    code, stdout, stderr = run_cli("build", str(DEMO), "--formats", "png", "--out", str(out), "--no-cache")
    assert code == 2
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "No space left on device" in lines[0], stderr
    # the file is named where it would have gone, not in the staging folder that is already gone
    assert f"{out.name}/demo-png/png/" in lines[0] and ".building-" not in lines[0] and "Traceback" not in stderr
    assert leftovers(out) == []
    assert snapshot(job_folder(out, "demo")) == before


def test_the_next_build_removes_what_a_killed_build_left(previous):
    out, _ = previous
    job = job_folder(out, "demo").name
    stale = out / f".{job}.building-999999"
    (stale / "svg").mkdir(parents=True)
    (stale / ".punchboard-build").write_text('{"game": "demo"}')   # the marker a build writes first
    (out / f".{job}.building-999998").mkdir()                     # killed before it wrote the marker
    build_game(DEMO, BuildOptions(SheetOptions(), out, formats=("sheets", "svg")))
    assert leftovers(out) == []


def test_a_folder_named_like_a_staging_folder_but_not_made_by_a_build_is_kept(previous):
    out, _ = previous
    job = job_folder(out, "demo").name
    mine = out / f".{job}.building-999999"
    mine.mkdir()
    (mine / "notes.txt").write_text("mine")
    (out / f".{job}.old-1").mkdir()
    (out / f".{job}.old-1" / "notes.txt").write_text("mine too")
    build_game(DEMO, BuildOptions(SheetOptions(), out, formats=("sheets", "svg")))
    assert (mine / "notes.txt").read_text() == "mine" and (out / f".{job}.old-1" / "notes.txt").is_file()


def test_an_interrupted_swap_puts_the_previous_build_back(previous):
    out, before = previous
    job = job_folder(out, "demo")
    job.rename(out / f".{job.name}.old-999999")                     # killed between its two renames
    build_game(DEMO, BuildOptions(SheetOptions(), out, formats=("sheets", "svg")))
    assert leftovers(out) == [] and (job_folder(out, "demo") / "manifest.json").is_file()


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM, signal.SIGINT])
def test_a_build_killed_mid_write_keeps_the_previous_build(tmp_path, sig):
    build_game("nyakuza", BuildOptions(SheetOptions(), tmp_path, formats=("sheets", "svg", "png")))
    before = snapshot(job_folder(tmp_path, "nyakuza"))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "generator", "build", "nyakuza", "--out", str(tmp_path),
                             "--formats", "sheets,svg,png", "--no-cache"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while not list(tmp_path.glob(".nyakuza*.building-*/.work")) and time.monotonic() < deadline:
        time.sleep(0.005)
    assert proc.poll() is None, "the build finished before it could be interrupted"
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=60)
    assert b"Traceback" not in err
    assert snapshot(job_folder(tmp_path, "nyakuza")) == before
    if sig != signal.SIGKILL:
        assert leftovers(tmp_path) == []        # it cleaned up after itself
        assert proc.returncode == 128 + sig     # as shells report a command stopped by that signal
    if sig == signal.SIGINT:                    # Ctrl-C: one line of ours, not Python's traceback
        assert len(err.decode().splitlines()) == 1 and err.startswith(b"pnp: interrupted"), err
    build_game("nyakuza", BuildOptions(SheetOptions(), tmp_path, formats=("sheets", "svg", "png")))
    assert leftovers(tmp_path) == []            # and SIGKILL's leftovers go with the next build


def test_ctrl_c_during_a_build_of_several_games_is_one_line_and_leaves_nothing(tmp_path):
    """Ctrl-C reaches the whole foreground process group, the workers that build one game a core too: the
    parent says so once, each worker removes its staging folder, and no worker prints a traceback."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "generator", "build", "nyakuza", "niya", "--jobs", "2", "--out",
                             str(tmp_path), "--formats", "sheets,svg,png"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 60
    while not list(tmp_path.glob(".nyakuza*.building-*/.work")) and time.monotonic() < deadline:
        time.sleep(0.005)
    assert proc.poll() is None, "the build finished before it could be interrupted"
    os.killpg(proc.pid, signal.SIGINT)          # as a terminal sends Ctrl-C
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and err.decode().splitlines() == [
        "pnp: interrupted; nothing half-written is left, and earlier output stays as it was"], err
    assert leftovers(tmp_path) == [] and not list(tmp_path.glob("nyakuza*"))


def test_a_second_build_into_the_same_folder_is_refused(previous):
    out, before = previous
    fd = os.open(out / f".{job_folder(out, 'demo').name}.lock", os.O_RDWR | os.O_CREAT)
    fcntl.flock(fd, fcntl.LOCK_EX)                        # another build holds the folder
    try:
        code, _, err = run_cli("build", str(DEMO), "--out", str(out), "--formats", "sheets,svg")
    finally:
        os.close(fd)
    assert code == 2
    assert "another build is writing" in err
    assert len(err.strip().splitlines()) == 1
    assert snapshot(job_folder(out, "demo")) == before


@pytest.mark.parametrize("where", ["file", "below-file"])
def test_out_pointing_at_a_file_is_one_line(tmp_path, where):
    f = tmp_path / "plain.txt"
    f.write_text("not a folder")
    out = f if where == "file" else f / "sub"
    code, _, err = run_cli("build", str(DEMO), "--out", str(out), "--formats", "sheets")
    assert code == 2 and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1 and "expected a folder" in err
    assert f.read_text() == "not a folder"
