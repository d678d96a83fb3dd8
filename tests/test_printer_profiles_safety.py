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


# --- the whole file is checked: one line per problem, naming the file and the entry -------------------------

def entry(offset: str) -> str:
    return '{"version": 1, "printers": {"office": {"a4-long": {"back_offset_mm": %s}}}}' % offset


OFFSET = "printers.office.a4-long.back_offset_mm: expected [X, Y]: two numbers of millimetres, each from -20 to 20"
BAD_FILES = {                     # printers.json -> what the one line says (after the file's name)
    "text": (entry('"ab"'), OFFSET + ', got "ab"'),
    "three numbers": (entry("[1, 2, 3]"), OFFSET + ", got a list of 3 values"),
    "null": (entry("null"), OFFSET + ", got nothing"),
    "a number, not two": (entry("1.5"), OFFSET + ", got 1.5"),
    "true for a number": (entry("[true, 0]"), OFFSET + ", got [true, 0]"),
    "past the range": (entry("[20.5, 0]"), OFFSET + ", got [20.5, 0]"),
    "1e308": (entry("[0, 1e308]"), OFFSET + ", got [0, 1e+308]"),
    "1e999 (inf once read)": (entry("[1e999, 0]"), OFFSET + ", got [Infinity, 0]"),
    "NaN": (entry("[NaN, 0]"), "NaN is not a number JSON allows"),
    "Infinity": (entry("[Infinity, 0]"), "Infinity is not a number JSON allows"),
    "-Infinity": (entry("[-Infinity, 0]"), "-Infinity is not a number JSON allows"),
    "long whole number": (entry("[%s, 0]" % ("9" * 5000)), "a whole number of 5000 digits"),
    "entry a list": ('{"printers": {"office": {"a4-long": [1, 2]}}}',
                     "printers.office.a4-long: expected a measurement (back_offset_mm, rotation_deg, scale), got [1, 2]"),
    "printer a list": ('{"printers": {"office": [1]}}', "printers.office: expected a mapping of paper and flip"),
    "no such paper": ('{"printers": {"office": {"a5-long": {"back_offset_mm": [0, 0]}}}}',
                      "printers.office.a5-long: expected a paper (a4, letter, a3, tabloid or a size like 216x356mm)"),
    "bad printer name": ('{"printers": {"../x\\n": {}}}', 'printers."../x\\n": expected a printer name of letters'),
    "unknown key": ('{"printers": {"office": {"a4-long": {"back_offset_mm": [0, 0], "offset": 1}}}}',
                    "printers.office.a4-long.offset: unknown key"),
    "turn out of range": ('{"printers": {"office": {"a4-long": {"back_offset_mm": [0, 0], '
                                   '"rotation_deg": 1e300}}}}', "printers.office.a4-long.rotation_deg: expected"),
    "no printers": ('{"version": 1}', "printers: expected a mapping of printer names to their measurements, got nothing"),
    "other version": ('{"version": 2, "printers": {}}', "version: expected 1"),
    "a list": ("[1]", 'expected a JSON object with "version": 1 and "printers", got [1]'),
    "deep nesting": ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    "broken JSON": ('{"printers":\n {"office": }', "printers.json:2: not valid JSON"),
}


@pytest.mark.parametrize("text,said", BAD_FILES.values(), ids=BAD_FILES.keys())
def test_a_bad_printers_json_is_one_line_naming_the_entry(config, tmp_path, text, said):
    (config / "printers.json").write_text(text, encoding="utf-8")
    code, out, err = run_cli("build", "niya", "--printer", "office", "--out", str(tmp_path / "out"))
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert err.startswith("error: ") and "printers.json" in err and said in err, err
    assert not (tmp_path / "out").exists()


def test_bytes_that_are_not_utf8_are_one_line(config, tmp_path):
    (config / "printers.json").write_bytes(b'{"printers": {"\xff": {}}}')
    code, _, err = run_cli("build", "niya", "--printer", "office", "--out", str(tmp_path / "out"))
    assert code == 2 and err.count("\n") == 1 and "printers.json: not UTF-8 text" in err, err


def test_every_problem_of_the_file_is_said(config, tmp_path):
    (config / "printers.json").write_text('{"printers": {"a": {"a4-long": {"back_offset_mm": "x"}}, '
                                          '"b": {"a4-short": {"back_offset_mm": [0, 0], "scale": -1}}}}')
    code, _, err = run_cli("build", "niya", "--printer", "b", "--duplex", "short", "--out", str(tmp_path / "out"))
    assert code == 2 and err.count("\n") == 2, err
    assert "printers.a.a4-long.back_offset_mm" in err and "printers.b.a4-short.scale: expected a number" in err


def test_offsets_at_the_ends_of_the_range_are_taken(config):
    from generator.calibrate.profiles import back_offset

    (config / "printers.json").write_text(entry("[20, -20]"))
    assert back_offset("office", "a4", "long") == (20.0, -20.0)


# --- --save: never over a bad file, never a value the file could not take back ----------------------------

def test_save_over_a_bad_file_is_one_line_and_leaves_it_as_it_was(config):
    bad = entry('"ab"')
    (config / "printers.json").write_text(bad)
    code, out, err = run_cli("calibrate", "front.jpg", "back.jpg", "--save", "home")   # said before the photos
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert "printers.office.a4-long.back_offset_mm" in err and "front.jpg" not in err, err
    from generator.calibrate.profiles import save
    from generator.common.errors import OptionError

    with pytest.raises(OptionError, match="printers.office.a4-long.back_offset_mm"):
        save("home", "a4", "long", {"back_offset_mm": [0.5, 0.5]})
    assert (config / "printers.json").read_text() == bad
    assert sorted(p.name for p in config.iterdir()) == ["printers.json"]


@pytest.mark.parametrize("offset", [[float("nan"), 0.0], [0.0, float("inf")], [25.3, 0.0], [1.0]])
def test_save_refuses_a_measurement_a_build_could_not_take(config, offset):
    from generator.calibrate.profiles import save
    from generator.common.errors import OptionError

    save("office", "letter", "short", {"back_offset_mm": [1.0, 2.0]})
    before = (config / "printers.json").read_text()
    with pytest.raises(OptionError, match="nothing saved") as caught:
        save("office", "a4", "long", {"back_offset_mm": offset})
    assert len(caught.value.problems) == 1 and "from -20 to 20" in str(caught.value)
    assert (config / "printers.json").read_text() == before


def test_save_keeps_the_other_printers_and_settings(config):
    from generator.calibrate.profiles import back_offset, save

    save("office", "a4", "long", {"back_offset_mm": [1.0, 2.0], "rotation_deg": 0.1, "scale": 1.001})
    save("office", "letter", "short", {"back_offset_mm": [-1.0, 0.5]})
    save("home", "a4", "long", {"back_offset_mm": [0.25, 0.0]})
    save("office", "a4", "long", {"back_offset_mm": [1.5, 2.0]})           # measured again: replaced
    assert back_offset("office", "a4", "long") == (1.5, 2.0)
    assert back_offset("office", "letter", "short") == (-1.0, 0.5)
    assert back_offset("home", "a4", "long") == (0.25, 0.0)


# --- --save: a configuration folder that cannot be written --------------------------------------------------

def test_a_file_where_the_configuration_folder_must_be_is_one_line(tmp_path, monkeypatch):
    from generator.calibrate.profiles import save
    from generator.common.errors import OptionError

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    (tmp_path / "xdg").write_text("a file")                        # the folder's parent is a file
    code, out, err = run_cli("calibrate", "front.jpg", "back.jpg", "--save", "office")
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert "xdg: is a file where a folder must be" in err and "XDG_CONFIG_HOME" in err, err
    with pytest.raises(OptionError, match="is a file where a folder must be"):
        save("office", "a4", "long", {"back_offset_mm": [0.0, 0.0]})
    (tmp_path / "xdg").unlink()
    (tmp_path / "xdg").mkdir()
    (tmp_path / "xdg" / "punchboard").write_text("a file")          # the folder itself is a file
    code, _, err = run_cli("calibrate", "front.jpg", "back.jpg", "--save", "office")
    assert code == 2 and err.count("\n") == 1 and "punchboard: is a file, where pnp calibrate --save keeps" in err
    with pytest.raises(OptionError, match="is a file, where"):
        save("office", "a4", "long", {"back_offset_mm": [0.0, 0.0]})
    assert (tmp_path / "xdg" / "punchboard").read_text() == "a file"


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root writes in a read-only folder")
def test_a_read_only_configuration_folder_is_one_line(config):
    from generator.calibrate.profiles import save
    from generator.common.errors import OptionError

    config.chmod(0o500)
    try:
        with pytest.raises(OptionError, match="cannot save printer profiles in this folder .Permission denied."):
            save("office", "a4", "long", {"back_offset_mm": [0.0, 0.0]})
    finally:
        config.chmod(0o700)
    assert list(config.iterdir()) == []


def test_a_failed_write_leaves_no_temporary_file(config, monkeypatch):
    """A full disk (or a folder made read-only meanwhile) is one line, and the half-written temporary goes."""
    import generator.calibrate.profiles as profiles
    import generator.common.config as written      # where every configuration file is written
    from generator.common.errors import OptionError

    def full(*_):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(written.os, "replace", full)
    with pytest.raises(OptionError, match=r"cannot save printer profiles in this folder \(No space left on device\)"):
        profiles.save("office", "a4", "long", {"back_offset_mm": [0.0, 0.0]})
    assert list(config.iterdir()) == []


# --- --printer '' ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("extra", [[], ["--duplex", "none"], ["--back-offset=1,0"]])
def test_an_empty_printer_name_is_refused_not_ignored(config, tmp_path, extra):
    code, out, err = run_cli("build", "niya", "--printer", "", *extra, "--out", str(tmp_path / "out"))
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert 'printer profile name: expected letters, digits, ".", "_" or "-" (up to 40), like office-laser, got ""' in err
    assert not (tmp_path / "out").exists()
