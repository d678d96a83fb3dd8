"""`pnp check`'s data checks: every row of a component proved against its declared columns (generator/model/
columns.py), one check of kind "data" per column, so a report of 3,000 rows stays a screen long. A failed check
lists its breaches as entries {file, line, row, column, value, expected} (the JSON), the text report the first few;
`pnp build` counts the failed ones in its summary (data_summary)."""

from __future__ import annotations

from typing import Any

from generator.common.errors import display_path
from generator.common.units import describe
from generator.model.columns import Column, missing
from generator.model.game import Component, Game, Row
from generator.solver.result import CheckResult

LISTED = 1_000      # breaches of one column the JSON lists; the rest are counted ("more")
SHOWN = 5           # breaches of one column the text report prints under its table


def data_checks(game: Game) -> list[CheckResult]:
    """One check per declared column of each component, in spec order."""
    spec = display_path(game.spec_file)
    return [_column_check(c, column, c.rows_from or spec) for c in game.components for column in c.columns.values()]


def _column_check(c: Component, column: Column, file: str) -> CheckResult:
    breaches = _breaches(c, column, file)
    rows = len(c.rows)
    detail = (f"{rows} row{'s' if rows != 1 else ''}: {column.summary()}" if not breaches else
              f"{len(breaches)} of {rows} rows break it: {column.summary()}")    # a row breaks a column once
    data: dict[str, Any] = {"component": c.id, "column": column.name, "file": file, "rows": rows}
    if breaches:
        data.update(breaches=breaches[:LISTED], more=max(0, len(breaches) - LISTED))
    return CheckResult("data", f"{c.id}.{column.name}", not breaches, detail, data)


def _breaches(c: Component, column: Column, file: str) -> list[dict[str, Any]]:
    """Each row whose cell breaks the column, then (a unique column) each row holding a value an earlier row
    holds, naming that row."""
    out: list[dict[str, Any]] = []
    seen: dict[Any, Row] = {}
    for row in c.rows:
        value = row.written.get(column.name)
        typed, expected = column.judge(value)
        if expected is None and column.unique and not missing(value):
            first = seen.setdefault(typed, row)     # one kind per column: 2 and 2.0 are one number
            if first is not row:
                at = f" (line {first.line})" if first.line else ""
                expected = f'a value no other row has; row "{first.key}"{at} has it too'
        if expected is not None:
            out.append({"file": file, "line": row.line, "row": row.key, "column": column.name, "value": value,
                        "expected": expected})
    return out


def breach_lines(check: CheckResult) -> list[str]:
    """The text report's lines of a failed data check: its first breaches, and how many more the JSON lists."""
    listed = check.data.get("breaches", ())
    lines = [breach_line(b) for b in listed[:SHOWN]]
    rest = len(listed) - SHOWN + check.data.get("more", 0)
    if rest > 0:
        lines.append(f"and {rest:,} more (pnp check --json lists them)")
    return lines


def breach_line(b: dict[str, Any]) -> str:
    """`cards.csv:4: row "harbour": cost: found "free"; expected a whole number from 0 to 5`."""
    found = "nothing" if missing(b["value"]) else describe(b["value"])
    place = f'{b["file"]}:{b["line"]}' if b["line"] else b["file"]
    return f'{place}: row "{b["row"]}": {b["column"]}: found {found}; expected {b["expected"]}'


def data_summary(game_id: str, name: str, checks: list[dict] | str) -> str | None:
    """The build summary's line when data rules fail, from the check results the build already has (its gallery's):
    how many, and where to read them; None when all hold (or the check could not run, which the gallery says)."""
    data = [c for c in checks if c["kind"] == "data"] if isinstance(checks, list) else []
    failed = [c for c in data if not c["ok"]]
    if not failed:
        return None
    cells = sum(len(c["breaches"]) + c["more"] for c in failed)
    return (f"{game_id}: {len(failed)} of {len(data)} data rules fail ({cells:,} cell{'s' if cells != 1 else ''}): "
            f"see pnp check {name}")
