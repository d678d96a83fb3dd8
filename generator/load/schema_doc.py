"""docs/spec.md's key tables, written from the schema: the page cannot list a key, a default or a meaning the
readers do not have (tools/make_spec_doc.py writes it; tests/test_docs.py checks the page against it)."""

from __future__ import annotations

import textwrap

from generator.load.schema import MISSING, SCHEMA, Field

HEAD = """# Spec, theme and examples: every key

Each section below is one mapping of `game.yaml`, a theme or an examples file; every key the
reader accepts is listed, required keys marked, with what its value is and the default an absent
key takes. Unknown keys are errors (one line each, with file, line and key path). The tables are
written from the readers' own table (`generator/load/schema.py`) by `python tools/make_spec_doc.py`,
and a test (`tests/test_docs.py`) fails when this page and that table differ. Lengths take `mm`,
`cm`, `in` or `pt`; any value may be written with its provenance,
`{value: ..., source: rulebook|reference|external|designed, note: "why"}`.
"""


def _default(f: Field) -> str:
    if f.shown_default or f.required or f.default is MISSING:
        return f.shown_default
    if isinstance(f.default, bool):
        return "true" if f.default else "false"
    if f.default in ({}, []) or f.default == "":
        return "none"
    return f"`{f.default}`"


def section_markdown(name: str) -> str:
    s = SCHEMA[name]
    lines = [f"## {name}"]
    if s.intro:
        lines += [*textwrap.wrap(s.intro, 104, break_on_hyphens=False), ""]
    lines += ["| key | | value | default | what |", "| --- | --- | --- | --- | --- |"]
    lines += [f"| `{f.key}` | {'required' if f.required else ''} | {f.kind.label} | {_default(f)} | {f.doc} |"
              for f in s.fields]
    return "\n".join(lines) + "\n"


def markdown() -> str:
    """The page up to the rules packages' sections."""
    return HEAD + "".join("\n" + section_markdown(name) for name in SCHEMA) + "\n"
