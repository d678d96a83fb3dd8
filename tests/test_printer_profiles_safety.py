"""printers.json (pnp calibrate --save) lives outside every build folder: reading it never blocks or reads
without bound, and saving never writes through a link someone planted beside it."""

from __future__ import annotations

import os

import pytest

from conftest import run_cli


@pytest.fixture()
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    folder = tmp_path / "xdg" / "punchboard"
    folder.mkdir(parents=True)
    return folder


def test_a_fifo_named_printers_json_is_one_line_not_a_hang(config, tmp_path):
    os.mkfifo(config / "printers.json")
    code, _, err = run_cli("build", "niya", "--printer", "office", "--out", str(tmp_path / "out"))
    assert code == 2 and "expected a regular file" in err and len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "out").exists()


def test_saving_never_writes_through_a_planted_link(config, tmp_path):
    from generator.calibrate.profiles import save

    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    (config / "printers.tmp").symlink_to(victim)
    (config / ".printers-x.tmp").symlink_to(victim)
    save("office", "a4", "long", {"back_offset_mm": [0.5, -0.5]})
    assert victim.read_text() == "keep me"
    assert '"office"' in (config / "printers.json").read_text()
    assert sorted(p.name for p in config.iterdir()) == [".printers-x.tmp", "printers.json", "printers.tmp"]
