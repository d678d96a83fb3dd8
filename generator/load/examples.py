"""Worked examples as data: `components/<game>/examples.yaml`, or any file given with --examples."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from generator.common.errors import ProblemCollector, display_path
from generator.load.reader import Reader
from generator.load.schema import keys
from generator.load.yamlio import join, load_yaml
from generator.model.example import Example

EXAMPLE_KEYS, EXAMPLE_OPTIONAL = keys("example")


def load_examples(path: Path, scenarios: Sequence[str] | None) -> list[Example]:
    """The examples of a file, every mistake reported at once; a scenario must be one of `scenarios` (None: the
    game has no rules package to name them, so any name is taken)."""
    data, lines = load_yaml(path)
    shown = display_path(path)
    problems = ProblemCollector(shown, lines)
    r = Reader(problems)
    top = r.mapping(data, "", *keys("examples_file")) or {}
    out = []
    for i, item in enumerate(r.sequence(r.field(top, "examples_file", "examples", "") or [], "examples") or []):
        where = join("examples", i)
        m = r.mapping(item, where, EXAMPLE_KEYS, EXAMPLE_OPTIONAL)
        if m is None or any(k not in m for k in EXAMPLE_KEYS):
            continue
        name, scenario = r.field(m, "example", "name", where), r.field(m, "example", "scenario", where)
        if scenario and scenarios is not None and scenario not in scenarios:
            r.add(join(where, "scenario"), f'expected one of {", ".join(scenarios)}, got "{scenario}"')
            scenario = None
        given = r.mapping(m["given"], join(where, "given"), free=True)
        expected = r.mapping(m["expected"], join(where, "expected"), free=True)
        if expected is not None and not expected:
            r.add(join(where, "expected"), "expected at least one outcome to compare (an empty expected proves nothing)")
            expected = None
        texts = {k: r.field(m, "example", k, where) or "" for k in EXAMPLE_OPTIONAL}
        if name and scenario and given is not None and expected is not None:
            out.append(Example(name, scenario, given, expected, texts["ref"], texts["rule"], texts["provenance"],
                               shown, where, texts["skip"].strip(), lines))
    problems.raise_if_any()
    return out
