"""The documentation holds to the code and to itself: docs/spec.md documents every key the readers accept and
nothing else, docs/templates.md every name a template can use, docs/reference/cli.md every option of every command;
the MkDocs site builds without a warning, every page is in its nav, and the README's links lead to files."""

from __future__ import annotations

import re
from pathlib import Path

from generator.load.schema import SCHEMA, keys

DOC = Path(__file__).parent.parent / "docs" / "spec.md"


def documented() -> dict[str, tuple[set[str], set[str]]]:
    out: dict[str, tuple[set[str], set[str]]] = {}
    section = None
    for line in DOC.read_text().splitlines():
        if line.startswith("# "):
            section = None
        elif line.startswith("## "):
            section = line[3:].strip()
            out[section] = (set(), set())
        elif section and (m := re.match(r"\| `([^`]+)` \| (required)? ?\|", line)):
            out[section][0 if m.group(2) else 1].add(m.group(1))
    return out


GAMES = Path(__file__).parent.parent / "generator" / "solver" / "games"
# every rules package's RULE_KEYS (and RULE_OPTIONAL): a new game's rules must be documented too
RULES = {f"rules: {p.parent.name}": f"generator.solver.games.{p.parent.name}.spec" for p in sorted(GAMES.glob("*/spec.py"))}


def test_the_key_tables_are_the_schemas():
    """The page is written from the readers' tables: a key, kind, default or meaning changed in
    generator/load/schema.py or a rules package's RULE_FIELDS and not written out by tools/make_spec_doc.py
    fails here."""
    from generator.load.schema_doc import markdown
    from generator.solver import rules_doc

    assert DOC.read_text() == markdown() + rules_doc.markdown()


def test_every_section_and_key_is_documented_and_nothing_more():
    doc = documented()
    assert set(doc) == set(SCHEMA) | set(RULES)
    for section in SCHEMA:
        assert doc[section] == tuple(set(k) for k in keys(section)), section
    import importlib
    for section, name in RULES.items():
        module = importlib.import_module(name)
        assert doc[section] == (set(module.RULE_KEYS), set(getattr(module, "RULE_OPTIONAL", ()))), section


def test_a_documented_default_is_the_one_the_reader_applies(tmp_path):
    """The defaults the page shows are the ones a spec gets: a component written without `count`, `shape`,
    `orientation`, `rotatable` or `per_player` reads as the page's `1`, `rect`, `pointy`, true and false."""
    rows = {line.split(" | ")[0][3:-1]: line.split(" | ")[3]
            for line in DOC.read_text().split("## component\n", 1)[1].split("\n## ", 1)[0].splitlines()
            if line.startswith("| `")}
    assert [rows[k] for k in ("count", "shape", "orientation", "rotatable", "per_player")] == \
        ["`1`", "rect (hex for a hex-tile)", "`pointy`", "true", "false"]
    folder = tmp_path / "mini"
    folder.mkdir()
    (folder / "game.yaml").write_text("id: mini\ntitle: Mini\nplayers: 2\ncomponents:\n  - id: card\n    kind: card\n"
                                      "    size: [63.5mm, 88.9mm]\n    front: demo/plain.svg.j2\n", encoding="utf-8")
    from generator.load import load_game
    card = load_game(folder).component("card")
    assert (card.rows[0].count, card.shape, card.hex_orientation, card.rotatable, card.per_player) == \
        (1, "rect", "pointy", True, False)


TEMPLATES_DOC = Path(__file__).parent.parent / "docs" / "templates.md"
MACROS = Path(__file__).parent.parent / "templates" / "shared" / "macros.svg.j2"


def test_every_context_name_geo_field_helper_and_macro_is_in_the_template_reference():
    from generator.model.designs import expand
    from generator.render.context import ContextBuilder, RenderNotes
    from generator.solver.registry import rules_for
    from generator.load import load_game
    from generator.load.theme import appearance

    text = TEMPLATES_DOC.read_text()
    game = load_game("nyakuza")
    builder = ContextBuilder(game, appearance(game), 3.0, RenderNotes(), rules_for(game).aid())
    board = next(s for s in expand(game) if s.component.id == "board")
    context = builder.context(board)
    missing = [f"`{k}`" for k in context if f"`{k}`" not in text]
    missing += [f"geo.{k}" for k in context["geo"] if f"`{k}`" not in text]
    missing += [f"m.{name}" for name in re.findall(r"\{% macro (\w+)\(", MACROS.read_text())
                if f"`m.{name}(" not in text]
    assert missing == []


ROOT = Path(__file__).parent.parent
README = ROOT / "README.md"
CLI_DOC = ROOT / "docs" / "reference" / "cli.md"


def _reference() -> dict[str, set[str]]:
    """The command reference page: each command and the options listed under it (its first code block)."""
    text = CLI_DOC.read_text(encoding="utf-8")
    block = text.split("# Command line\n", 1)[1].split("```", 2)[1]
    out: dict[str, set[str]] = {}
    command = None
    for line in block.splitlines():
        if m := re.match(r"pnp (\w+)", line):
            command = m.group(1)
            out.setdefault(command, set())
        if command:
            out[command] |= set(re.findall(r"(?<![\w-])(--[a-z][a-z-]*)", line.split("   ")[0] if line.startswith("pnp") else line.strip().split(" ")[0]))
    return out


def test_the_command_reference_lists_every_option_of_every_command_and_no_other():
    import argparse

    from generator.cli import parser

    sub = next(a for a in parser()._actions if isinstance(a, argparse._SubParsersAction))
    actual = {name: {o for a in p._actions if a.help != argparse.SUPPRESS for o in a.option_strings
                     if o.startswith("--") and o != "--help"} for name, p in sub.choices.items()}
    assert _reference() == actual


def test_the_quick_start_is_the_two_commands():
    """CI and the first-hour checks run the README's Quick start: exactly these two shell commands, nothing else."""
    section = README.read_text(encoding="utf-8").split("\n## Quick start\n", 1)[1].split("\n## ", 1)[0]
    assert re.findall(r"```sh\n(.*?)```", section, re.S) == [
        "python -m pip install -e . && pnp build\n",
        "python -m pip install -e '.[test]' && python -m pytest\n",
    ]
    assert section.count("```") == 4


def test_the_readme_is_a_path_not_the_manual():
    """The README leads into docs/: a short page, every relative link of which (pages, pictures) is a file here."""
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 150
    targets = re.findall(r"\]\(([^)\s]+)\)", text)
    relative = [t.split("#", 1)[0] for t in targets if not re.match(r"[a-z]+:|#", t)]
    assert "docs/sheet.png" in relative and "docs/index.md" in relative
    assert [t for t in relative if not (ROOT / t).is_file()] == []


def _nav_pages(entries) -> list[str]:
    pages: list[str] = []
    for entry in entries:
        value = next(iter(entry.values())) if isinstance(entry, dict) else entry
        pages += _nav_pages(value) if isinstance(value, list) else [value]
    return pages


def test_every_page_of_docs_is_in_the_nav_once():
    import yaml

    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    nav = _nav_pages(config["nav"])
    pages = sorted(p.relative_to(ROOT / "docs").as_posix() for p in (ROOT / "docs").rglob("*.md"))
    assert sorted(nav) == pages
    assert config["strict"] is True


def test_the_site_builds_without_a_warning(tmp_path):
    """mkdocs build --strict: a broken link or anchor, a nav entry without a page, a page not in the nav or an
    absolute link is an error (mkdocs.yml's validation settings make each a warning, strict makes it fail)."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    log = done.stdout + done.stderr
    assert done.returncode == 0, log
    assert "WARNING" not in log, log
    assert (tmp_path / "site" / "reference" / "cli" / "index.html").is_file()
