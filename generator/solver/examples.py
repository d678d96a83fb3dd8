"""Running worked examples (read by load/examples.py) and naming each value that differs from the rulebook."""

from __future__ import annotations

import json
from typing import Any

from generator.common.errors import ProblemCollector, PunchboardError
from generator.common.units import describe
from generator.model.example import Example
from generator.solver.base import Rules
from generator.solver.result import CheckResult


def _normal(value: Any) -> Any:
    """Tuples and lists compare equal; keys compare as text (as in JSON)."""
    return json.loads(json.dumps(value, sort_keys=True, default=list))


MAX_DIFFERENCES = 20       # named of one example; the rest are counted
SHOWN_VALUE = 60           # characters of a value quoted in a difference


def differences(expected: Any, actual: Any, path: str = "") -> list[str]:
    """Each value that differs, by its path (`elders[2].fish: expected 3, got 2`), however deep the
    example nests its dictionaries and lists: the one wrong number of a large example, first."""
    out: list[str] = []
    _differ(expected, actual, path, out)
    if len(out) > MAX_DIFFERENCES:
        out[MAX_DIFFERENCES:] = [f"and {len(out) - MAX_DIFFERENCES:,} more differences"]
    return out


def _differ(expected: Any, actual: Any, path: str, out: list[str]) -> None:
    if isinstance(expected, dict) and isinstance(actual, dict):
        for k, v in expected.items():
            here = _key(path, k)
            if k in actual:
                _differ(v, actual[k], here, out)
            else:
                out.append(f"{here}: expected {_shown(v)}, got nothing (the result has no {_shown(str(k))})")
        for k in sorted(actual.keys() - expected.keys()) if path else ():     # the top level shows expected keys only
            out.append(f"{_key(path, k)}: not expected, got {_shown(actual[k])}")
        return
    if isinstance(expected, list) and isinstance(actual, list):
        if len(expected) != len(actual):
            out.append(f"{path or 'the result'}: expected {len(expected)} items {_shown(expected)}, got "
                       f"{len(actual)} {_shown(actual)}")
            return
        for i, (e, a) in enumerate(zip(expected, actual)):
            _differ(e, a, f"{path}[{i}]", out)
        return
    if expected != actual:
        out.append(f"{path or 'the result'}: expected {_shown(expected)}, got {_shown(actual)}")


def _key(path: str, key: Any) -> str:
    key = str(key)
    plain = key.replace("_", "a").replace("-", "a").isalnum()
    return (f"{path}.{key}" if path else key) if plain else f"{path}[{json.dumps(key, ensure_ascii=False)}]"


def _shown(value: Any) -> str:
    text = "nothing" if value is None else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= SHOWN_VALUE else text[:SHOWN_VALUE - 1] + "…"


def example_name(ex: Example) -> str:
    """The example's line name: its rulebook reference, then its name."""
    return f"{ex.ref} {ex.name}".strip() if ex.ref and not ex.name.startswith(ex.ref) else ex.name


def run_example(rules: Rules[Any], ex: Example) -> CheckResult:
    """The example replayed and compared; one that says `skip:` is information with its reason, and one that
    cannot run (its scenario needs a rules package the game does not have) fails, saying why: `pnp check` never
    calls ok what it did not check."""
    if ex.skip:
        return CheckResult("example", example_name(ex), None, f"skipped: {ex.skip}", {"skipped": ex.skip})
    if ex.scenario not in rules.scenarios:
        return CheckResult("example", example_name(ex), False, f'not run: scenario "{ex.scenario}" needs a rules package and '
                           f'"{rules.game.id}" has none (the "deal" scenario runs for every game; write a rules '
                           'package, or say `skip:` with a reason in the example)', {"not_run": True})
    try:
        actual = rules.run(ex)
    except PunchboardError as exc:  # a bad example names its file, line and key, like a bad spec
        found = ProblemCollector(ex.file, dict(ex.lines))
        for p in exc.problems:
            found.add(f"{ex.where}.{p.where}" if p.where else ex.where, p.message)
        found.raise_if_any()
    if not isinstance(actual, dict):  # a rules package's mistake: guard.py makes it the example's failed line
        raise TypeError(f'scenario "{ex.scenario}" returned {describe(actual)}; expected a dict of outcomes')
    actual = _normal(actual)
    expected = _normal(dict(ex.expected))
    shown = {k: actual.get(k) for k in expected}
    ok = all(k in actual and actual[k] == v for k, v in expected.items())
    name = example_name(ex)
    data: dict[str, Any] = {"expected": expected, "actual": shown}
    if not ok:
        data["differences"] = differences(expected, actual)
    if ex.provenance:
        data["provenance"] = ex.provenance
    return CheckResult("example", name, ok, ex.rule, data)

