"""Output formats are a registry: a module under generator/output/formats/ that defines FORMAT is a format, the
build walks them, the command line lists them, and a format added as one module is built, listed in the manifest
and named by --formats without any other file changing."""

from __future__ import annotations

import dataclasses
import json
import sys
import textwrap
from pathlib import Path

import pytest

from conftest import DEMO, run_cli
from generator.commands.build import build_game
from generator.layout.plan import SheetOptions
from generator.output import formats
from generator.output.job import Format, Job, Written
from generator.output.options import BuildOptions


def test_the_default_build_writes_the_four_formats_design_md_names():
    """DESIGN.md: --formats defaults to sheets,shop,png,svg; kit, tts, cut and cricut only when named."""
    assert formats.DEFAULT == ("sheets", "shop", "png", "svg")
    assert {f.name for f in formats.named()} == {"sheets", "shop", "png", "svg", "kit", "tts", "cut", "cricut"}


def _package(tmp_path: Path, name: str, modules: dict[str, str], monkeypatch) -> list[str]:
    folder = tmp_path / name
    folder.mkdir()
    (folder / "__init__.py").write_text("")
    for module, text in modules.items():
        (folder / f"{module}.py").write_text(textwrap.dedent(text))
    monkeypatch.syspath_prepend(str(tmp_path))
    return [str(folder)]


ENTRY = """
from generator.output.job import Format, Written
FORMAT = Format({name!r}, "help", {order}, lambda job: Written())
"""


def test_formats_are_discovered_from_their_modules_in_their_order(tmp_path, monkeypatch):
    path = _package(tmp_path, "fmts_a", {"zz": ENTRY.format(name="first", order=1),
                                         "aa": ENTRY.format(name="second", order=2)}, monkeypatch)
    assert [f.name for f in formats.discovered(path, "fmts_a")] == ["first", "second"]


def test_a_module_without_a_format_or_a_name_twice_is_refused(tmp_path, monkeypatch):
    path = _package(tmp_path, "fmts_b", {"a": ENTRY.format(name="x", order=1), "b": "VALUE = 1\n"}, monkeypatch)
    with pytest.raises(TypeError, match="fmts_b.b .* defines no FORMAT"):
        formats.discovered(path, "fmts_b")
    path = _package(tmp_path, "fmts_c", {"a": ENTRY.format(name="x", order=1), "b": ENTRY.format(name="x", order=2)},
                    monkeypatch)
    with pytest.raises(TypeError, match="two formats share a name"):
        formats.discovered(path, "fmts_c")


def _zine(job: Job) -> Written:
    """A format of a test's own: a text file per design and one list of them."""
    (job.stage / "zine").mkdir()
    for s in job.specs:
        (job.stage / "zine" / f"{s.id}.txt").write_text(s.id)
    (job.stage / "zine" / "all.txt").write_text("\n".join(s.id for s in job.specs))
    return Written(len(job.specs) + 1, job.each(lambda s: f"zine/{s.id}.txt"), listed=(("zine", "zine/all.txt"),),
                   notes=("demo: zine written",))


@pytest.fixture
def with_zine(monkeypatch):
    zine = Format("zine", "a text file per design", 45, _zine)
    monkeypatch.setattr(formats, "ALL", tuple(sorted(formats.ALL + (zine,), key=lambda f: f.order)))
    return zine


def test_a_format_added_to_the_registry_is_named_built_listed_and_counted(with_zine, tmp_path):
    code, out, err = run_cli("build", str(DEMO), "--formats", "sheets,zine", "--out", str(tmp_path))
    assert (code, err) == (0, "demo: zine written\n"), err
    folder = tmp_path / "demo-sheets-zine"                            # not the default four: a job of its own
    doc = json.loads((folder / "manifest.json").read_text())
    assert doc["zine"] == "zine/all.txt"
    assert all(d["zine"] == f"zine/{d['id']}.txt" for d in doc["designs"])
    assert all(d["svg"] is None and d["png"] is None for d in doc["designs"])   # not asked for: null, as before
    assert (folder / "zine" / "all.txt").read_text().splitlines() == [d["id"] for d in doc["designs"]]
    assert doc["build"]["formats"] == ["sheets", "zine"]


def test_the_command_line_lists_and_accepts_a_registered_format(with_zine):
    from generator.cli import parser

    build = parser()._subparsers._group_actions[0].choices["build"]
    assert "zine (a text file per design)" in " ".join(build.format_help().split())
    code, _, err = run_cli("build", str(DEMO), "--formats", "zin")
    assert code == 2 and 'did you mean "zine"?' in err


def test_a_format_runs_only_when_asked_for(tmp_path, monkeypatch):
    ran = []
    shop = next(f for f in formats.ALL if f.name == "shop")
    monkeypatch.setattr(formats, "ALL", tuple(dataclasses.replace(f, write=lambda job: ran.append(1) or Written())
                                              if f is shop else f for f in formats.ALL))
    build_game(DEMO, BuildOptions(SheetOptions(), tmp_path, formats=("svg",)))
    assert ran == []
    build_game(DEMO, BuildOptions(SheetOptions(), tmp_path, formats=("svg", "shop")))
    assert ran == [1]


def test_the_command_line_starts_without_the_writers_machinery():
    """The registry lists the formats without importing PDF engines: `pnp --help` stays quick."""
    import subprocess
    code = ("import sys, generator.cli; generator.cli.parser().format_help(); "
            "print(sorted(m for m in ('pikepdf', 'pypdfium2', 'typst') if m in sys.modules))")
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           cwd=Path(__file__).parent.parent).stdout
    assert shown.strip() == "[]"
