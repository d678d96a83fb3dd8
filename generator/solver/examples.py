"""Worked examples as data: `components/<game>/examples.yaml`, or any file given with --examples."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from generator.errors import Problem, ProblemCollector, PunchboardError, SpecError, display_path
from generator.solver.base import CheckResult, Example, Rules
from generator.spec.reader import Reader
from generator.schema import keys
from generator.spec.yamlio import join, load_yaml

EXAMPLE_KEYS, EXAMPLE_OPTIONAL = keys("example")


def load_examples(path: Path, rules: Rules) -> list[Example]:
    data, lines = load_yaml(path)
    shown = display_path(path)
    problems = ProblemCollector(shown, lines)
    r = Reader(problems)
    top = r.mapping(data, "", *keys("examples_file")) or {}
    out = []
    for i, item in enumerate(r.sequence(top.get("examples", []), "examples") or []):
        where = join("examples", i)
        m = r.mapping(item, where, EXAMPLE_KEYS, EXAMPLE_OPTIONAL)
        if m is None or any(k not in m for k in EXAMPLE_KEYS):
            continue
        name = r.text(m["name"], join(where, "name"))
        scenario = r.text(m["scenario"], join(where, "scenario"))
        if scenario and scenario not in rules.scenarios and rules.has_module:
            r.add(join(where, "scenario"), f'expected one of {", ".join(rules.scenarios)}, got "{scenario}"')
            scenario = None
        given = r.mapping(m["given"], join(where, "given"), free=True)
        expected = r.mapping(m["expected"], join(where, "expected"), free=True)
        if expected is not None and not expected:
            r.add(join(where, "expected"), "expected at least one outcome to compare (an empty expected proves nothing)")
            expected = None
        texts = {k: r.text(m.get(k, ""), join(where, k), allow_empty=True) or "" for k in EXAMPLE_OPTIONAL}
        if name and scenario and given is not None and expected is not None:
            out.append(Example(name, scenario, given, expected, texts["ref"], texts["rule"], texts["provenance"],
                               shown, where))
    problems.raise_if_any()
    return out


def _normal(value: Any) -> Any:
    """Tuples and lists compare equal; keys compare as text (as in JSON)."""
    return json.loads(json.dumps(value, sort_keys=True, default=list))


def run_example(rules: Rules, ex: Example) -> CheckResult:
    if ex.scenario not in rules.scenarios:   # no rules module for this game: say so, do not fail
        return CheckResult("example", ex.name, None, f'not run: scenario "{ex.scenario}" needs a rules module and '
                           f'"{rules.game.id}" has none (a copy keeps its original\'s rules only if it keeps its id; '
                           'the generic "deal" scenario runs for every game)')
    try:
        actual = rules.run(ex)
    except PunchboardError as exc:  # a bad example names its file and key, like a bad spec
        raise SpecError([Problem(p.message, ex.file, f"{ex.where}.{p.where}" if p.where else ex.where)
                         for p in exc.problems]) from None
    actual = _normal(actual)
    expected = _normal(dict(ex.expected))
    shown = {k: actual.get(k) for k in expected}
    ok = all(k in actual and actual[k] == v for k, v in expected.items())
    name = f"{ex.ref} {ex.name}".strip() if ex.ref and not ex.name.startswith(ex.ref) else ex.name
    data = {"expected": expected, "actual": shown}
    if ex.provenance:
        data["provenance"] = ex.provenance
    return CheckResult("example", name, ok, ex.rule, data)
