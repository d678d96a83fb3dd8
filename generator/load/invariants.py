"""`invariants:`: facts a spec states about its own components and rows (schema section *invariant*), read and
compiled here so a mistake in one is a spec error with its line; `pnp check` proves them (solver/invariants.py)."""

from __future__ import annotations

from typing import Any

from generator.common.errors import did_you_mean
from generator.common.expressions import check_syntax
from generator.common.limits import MAX_INVARIANTS
from generator.load.reader import Reader
from generator.load.schema import keys
from generator.load.yamlio import join
from generator.model.game import Component, Invariant


def read_invariants(r: Reader, value: Any, components: list[Component]) -> list[Invariant]:
    items = r.sequence(value, "invariants") or []
    if len(items) > MAX_INVARIANTS:
        r.add("invariants", f"expected at most {MAX_INVARIANTS} invariants, got {len(items):,}")
        return []
    out, names = [], set()
    for i, item in enumerate(items):
        found = _invariant(r, item, join("invariants", i), {c.id: c for c in components})
        if found is None:
            continue
        if found.name in names:
            r.add(join(found.where, "name"), f'"{found.name}" is the name of another invariant; expected each once')
        names.add(found.name)
        out.append(found)
    return out


def _invariant(r: Reader, item: Any, where: str, components: dict[str, Component]) -> Invariant | None:
    m = r.mapping(item, where, *keys("invariant"))
    if m is None:
        return None
    name, expect = (r.field(m, "invariant", k, where) for k in ("name", "expect"))
    each, by = (r.field(m, "invariant", k, where) for k in ("each", "by"))
    r.field(m, "invariant", "note", where)
    if isinstance(expect, str) and (problem := check_syntax(expect)):
        r.add(join(where, "expect"), problem)
        expect = None
    if each is not None and each not in components:
        r.add(join(where, "each"), f'unknown component "{each}"; expected one of: {", ".join(components)}'
                                   f'{did_you_mean(each, list(components))}')
        each = None
    if by is not None and "each" not in m:
        r.add(join(where, "by"), 'expected "each" beside "by" (the component whose rows are grouped)')
    elif by is not None and each is not None and not _has_column(components[each], by):
        columns = sorted({k for row in components[each].rows for k in row.fields})
        r.add(join(where, "by"), f'"{each}" has no column "{by}"; expected one of: {", ".join(columns) or "none"}'
                                 f'{did_you_mean(by, columns)}')
    if not (name and expect) or ("each" in m and each is None):
        return None
    return Invariant(name, expect, each, by, where)


def _has_column(component: Component, column: str) -> bool:
    return any(column in row.fields for row in component.rows)
