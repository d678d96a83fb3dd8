"""docs/spec.md's sections on each game's `rules:`, written from the RULE_FIELDS its rules package declares."""

from __future__ import annotations

import importlib

from generator.solver.registry import packages

HEAD = """# The `rules:` of each shipped game

`rules:` is read by the game's rules package (`generator/solver/games/<id>/spec.py`), which
reports unknown or missing keys like any other mistake. Each key is declared there once, with its
meaning (`RULE_FIELDS`), and these sections are written from it.
"""


def markdown() -> str:
    out = [HEAD]
    for name in packages():
        fields = importlib.import_module(f"generator.solver.games.{name}.spec").RULE_FIELDS
        rows = [f"| `{f.key}` | {'required' if f.required else ''} | {f.doc} |" for f in fields]
        out.append("\n".join([f"## rules: {name.replace('_', '-')}", "| key | | what |", "| --- | --- | --- |", *rows]) + "\n")
    return "\n".join(out)
