"""docs/spec.md documents every key the readers accept, and nothing else."""

from __future__ import annotations

import re
from pathlib import Path

from generator.schema import SCHEMA

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


def test_every_section_and_key_is_documented_and_nothing_more():
    doc = documented()
    assert set(doc) == set(SCHEMA) | set(RULES)
    for section, (required, optional) in SCHEMA.items():
        assert doc[section] == (set(required), set(optional)), section
    import importlib
    for section, name in RULES.items():
        module = importlib.import_module(name)
        assert doc[section] == (set(module.RULE_KEYS), set(getattr(module, "RULE_OPTIONAL", ()))), section


TEMPLATES_DOC = Path(__file__).parent.parent / "docs" / "templates.md"
MACROS = Path(__file__).parent.parent / "templates" / "shared" / "macros.svg.j2"


def test_every_context_name_geo_field_helper_and_macro_is_in_the_template_reference():
    from generator.designs import expand
    from generator.render.context import ContextBuilder, RenderNotes
    from generator.solver.registry import rules_for
    from generator.spec import load_game
    from generator.theme import appearance

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
