"""Proving a spec's `invariants:` (read by load/invariants.py): each expression over the whole set, each row of a
component, or each group of its rows, in the templates' sandbox with a time limit (common/expressions.py). A
failing invariant names the rows or groups that break it; one that cannot be evaluated fails with the reason."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.common.expressions import ExpressionError, Names, bounded, evaluator
from generator.model.game import Component, Game, Invariant, Row
from generator.solver.result import CheckResult

SHOWN = 10          # rows or groups named in one line; the JSON lists every one


def invariant_checks(game: Game) -> list[CheckResult]:
    if not game.invariants:
        return []
    names = spec_names(game)
    return [_prove(inv, names, game) for inv in game.invariants]


def spec_names(game: Game) -> dict[str, Any]:
    """What an expression sees of the spec: components by id, rules, players and what each setup needs."""
    setup = {e.players: Names(f"setup {e.players}", {d.component: game.setup_need(d, e.players)[0]
                                                       for d in e.demands}) for e in game.setup}
    return {"components": Names("components", {c.id: _component(c, game) for c in game.components}),
            "rules": Names("rules", {k: _plain(v) for k, v in game.rules.items()}),
            "players": Names("players", {"min": game.players_min, "max": game.players_max}),
            "setup": Names("setup", setup)}


def _component(c: Component, game: Game) -> Names:
    return Names(f'component "{c.id}"', {"id": c.id, "name": c.name, "per_player": c.per_player,
                                         "count": c.total_count(game.seats), "rows": [_row(r) for r in c.rows]})


def _row(row: Row) -> Names:
    return Names(f'row "{row.key}"', {**{k: _plain(v) for k, v in row.fields.items()}, "key": row.key,
                                      "count": row.count})


def _plain(value: Any) -> Any:
    """A value as written: a sourced value (`{value: 3, source: designed}`) is its value; mappings read by name."""
    if isinstance(value, Mapping):
        if "value" in value and "source" in value:
            return _plain(value["value"])
        return Names("this mapping", {str(k): _plain(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _prove(inv: Invariant, names: dict[str, Any], game: Game) -> CheckResult:
    data: dict[str, Any] = {"expect": inv.expect}
    try:
        run = evaluator(inv.expect)
        with bounded():
            cases = _cases(inv, names, game)
            breaks = [label for label, scope in cases if not _truth(run(scope), label)]
    except ExpressionError as exc:
        return CheckResult("spec", inv.name, False, f"could not be checked: {exc} (expect: {inv.expect})",
                           {**data, "error": str(exc)})
    if breaks:
        data["breaks"] = breaks
        shown = ", ".join(breaks[:SHOWN]) + (f" and {len(breaks) - SHOWN:,} more" if len(breaks) > SHOWN else "")
        whole = "" if inv.each is None else f" for {len(breaks)} of {len(cases)} {_unit(inv)}: "
        return CheckResult("spec", inv.name, False, f"false{whole or ': '}{shown if inv.each else inv.expect}", data)
    detail = f"holds: {inv.expect}" if inv.each is None else f"holds for all {len(cases)} {_unit(inv)}"
    return CheckResult("spec", inv.name, True, detail, data)


def _unit(inv: Invariant) -> str:
    return f"{inv.by} groups" if inv.by else f"{inv.each} rows"


def _cases(inv: Invariant, names: dict[str, Any], game: Game) -> list[tuple[str, Mapping[str, Any]]]:
    """(what it is said of, the names it is evaluated with): the whole set once, each row, or each group."""
    if inv.each is None:
        return [(inv.name, names)]
    rows = game.component(inv.each).rows
    if inv.by is None:
        return [(f'"{r.key}"', {**names, "row": _row(r)}) for r in rows]
    groups: dict[Any, list[Row]] = {}
    for r in rows:
        groups.setdefault(_key(r.fields.get(inv.by)), []).append(r)
    return [(f'{inv.by} "{value}" ({sum(r.count for r in members)} pieces)',
             {**names, "value": value, "rows": [_row(r) for r in members], "count": sum(r.count for r in members)})
            for value, members in groups.items()]


def _key(value: Any) -> Any:
    value = _plain(value)
    return "" if value is None else value if isinstance(value, (str, int, float, bool)) else str(value)


def _truth(value: Any, label: str) -> bool:
    if not isinstance(value, bool):
        raise ExpressionError(f"expected true or false, got {value!r} for {label}")
    return value

