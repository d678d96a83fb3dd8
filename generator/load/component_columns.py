"""`columns:`: what each column of a component's rows holds (generator/model/columns.py), read from the key table's
"column" section. A mistake in a declaration is a spec error at load, one line each; a cell that breaks a sound
declaration is no load error but a failed `pnp check` (generator/solver/data_checks.py), so a proof still prints.
"""

from __future__ import annotations

import dataclasses
import importlib
import math
import re
from typing import Any

from generator.common.errors import did_you_mean
from generator.model.columns import RANGED, Column, missing
from generator.load.piece import Piece
from generator.load.reader import Reader
from generator.load.schema import MAX_PATTERN, keys
from generator.load.yamlio import join
from generator.common.units import describe

RESERVED = ("id", "count")      # a row's design id and copies, never data


def read_columns(p: Piece) -> dict[str, Column] | None:
    """`columns`: name -> declaration (or just its kind, `cost: whole`); the ones that read, so that the names of
    those are still checked against the rows when another has a problem."""
    where = p.at("columns")
    m = p.r.mapping(p.declared("columns"), where, free=True)
    if m is None:
        return None
    out = {}
    for name, value in m.items():
        column = _column(p.r, name, {"kind": value} if isinstance(value, str) else value, join(where, name))
        if column is not None:
            out[name] = column
    return out


def _column(r: Reader, name: Any, value: Any, where: str) -> Column | None:
    """One declaration, its options read for its kind, its default judged by the rules it declares."""
    if not isinstance(name, str) or not name.strip():
        r.add(where, f"expected a column name (text), got {describe(name)}")
        return None
    if name in RESERVED:
        r.add(where, f'"{name}" is no data column: it sets each row\'s {"design id" if name == "id" else "copies"}')
        return None
    m = r.mapping(value, where, *keys("column"))
    if m is None or "kind" not in m:
        return None
    kind = r.field(m, "column", "kind", where)
    options = _options(r, m, kind, where) if kind is not None else None
    if kind is None or options is None:
        return None
    values = _range(r, m, kind, where, "min", "max")
    lengths = _range(r, m, kind, where, "min_length", "max_length")
    required, unique = r.field(m, "column", "required", where), r.field(m, "column", "unique", where)
    if values is None or lengths is None or required is None or unique is None:
        return None
    column = Column(name, kind, required, minimum=values[0], maximum=values[1], of=options["of"],
                    pattern=options["pattern"], unique=unique, min_length=lengths[0], max_length=lengths[1])
    return _with_default(r, m, column, where)


def _options(r: Reader, m: dict, kind: str, where: str) -> dict[str, Any] | None:
    """`of` (a choice column's values, which it needs) and `pattern` (a text column's)."""
    for key, kinds in (("of", ("choice",)), ("pattern", ("text",)), ("min_length", ("text",)),
                       ("max_length", ("text",)), ("min", RANGED), ("max", RANGED)):
        if key in m and kind not in kinds:
            said = kinds[0] if len(kinds) == 1 else ", ".join(kinds[:-1]) + " and " + kinds[-1]
            r.add(join(where, key), f"applies to {said} columns, not to {kind}")
            return None
    if kind == "choice" and "of" not in m:
        r.add(where, 'a choice column needs "of", the values it allows')
        return None
    of = _values(r, m["of"], join(where, "of")) if "of" in m else ()
    pattern = _pattern(r, m["pattern"], join(where, "pattern")) if "pattern" in m else None
    if of is None or "pattern" in m and pattern is None:
        return None
    return {"of": of, "pattern": pattern}


def _values(r: Reader, value: Any, where: str) -> tuple[str, ...] | None:
    """A choice's values: distinct texts (a number is its text)."""
    items = r.sequence(value, where, min_items=1)
    if items is None:
        return None
    out = []
    for i, item in enumerate(items):
        if isinstance(item, bool) or not isinstance(item, (str, int, float)) or missing(item):
            r.add(join(where, i), f"expected a value (text or a number), got {describe(item)}")
            return None
        out.append(str(item).strip())
    if len(set(out)) != len(out):
        r.add(where, f'expected distinct values, got "{next(v for v in out if out.count(v) > 1)}" twice')
        return None
    return tuple(out)


def _range(r: Reader, m: dict, kind: str, where: str, low_key: str, high_key: str) -> tuple[Any, Any] | None:
    """(least, greatest): numbers, millimetres for a length, whole numbers of characters; each None when absent."""
    bounds: list[Any] = []
    for key in (low_key, high_key):
        value = m.get(key)
        if value is None:
            bounds.append(None)
        elif key.endswith("_length"):
            bounds.append(r.field(m, "column", key, where))
        elif kind == "length":
            bounds.append(r.length(value, join(where, key), positive=False))
        elif isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            r.add(join(where, key), f"expected a number, got {describe(value)}")
            bounds.append(None)
        else:
            bounds.append(value)
        if value is not None and bounds[-1] is None:
            return None
    low, high = bounds
    if low is not None and high is not None and low > high:
        r.add(join(where, low_key), f"expected at most {high_key} ({m[high_key]}), got {m[low_key]}")
        return None
    return low, high


def _with_default(r: Reader, m: dict, column: Column, where: str) -> Column | None:
    """The column with its default, which must hold the column's rules; a required column takes none."""
    if "default" not in m:
        return column
    here, value = join(where, "default"), m["default"]
    if column.required:
        r.add(here, "a required column takes no default: an empty cell is the mistake it reports")
        return None
    typed, expected = column.judge(value)
    if missing(value) or expected:
        r.add(here, f"expected {expected or column.rule()}, got {describe(value)}")
        return None
    return dataclasses.replace(column, default=typed)


def _pattern(r: Reader, value: Any, where: str) -> str | None:
    """A regular expression, bounded and compiled here: too long, unreadable, or slow to fail (a repeat inside
    another, `(a+)+`, takes time doubling with each character of a cell that does not match) is refused."""
    text = r.text(value, where)
    if text is None:
        return None
    if len(text) > MAX_PATTERN:
        r.add(where, f"expected a regular expression of at most {MAX_PATTERN} characters, got one of {len(text)}")
        return None
    try:
        re.compile(text)
        tree = importlib.import_module("re._parser").parse(text)
    except re.error as exc:
        r.add(where, f"expected a regular expression, got {describe(text)}: {exc.msg} at character {exc.pos}")
        return None
    except (RecursionError, OverflowError, ValueError):
        r.add(where, f"expected a regular expression, got {describe(text)}")
        return None
    if _nested_repeat(tree, False):
        r.add(where, f"a repeat inside a repeat ({describe(text)}) can take hours to fail on one cell; write the "
                     "pattern without one (a fixed count inside, like ([A-Z]{2}-)+, is fine)")
        return None
    return text


def _nested_repeat(tree: Any, inside: bool) -> bool:
    """Whether a repeat of a varying count sits inside a repeat (in the parse tree of re's own parser): the
    ways to split a cell between the two grow exponentially with its length, and re tries each before failing."""
    for op, arg in tree:
        name = str(op)
        if name.endswith("REPEAT") or name.endswith("REPEAT_ONE"):
            low, high, body = arg
            if inside and low != high or _nested_repeat(body, inside or high > 1):
                return True
        elif name in ("SUBPATTERN", "ASSERT", "ASSERT_NOT"):      # (..., its pattern)
            if _nested_repeat(arg[-1], inside):
                return True
        elif name == "ATOMIC_GROUP" and _nested_repeat(arg, inside):
            return True
        elif name == "BRANCH" and any(_nested_repeat(b, inside) for b in arg[1]):
            return True
        elif name == "GROUPREF_EXISTS" and any(_nested_repeat(b, inside) for b in arg[1:] if b is not None):
            return True
    return False


def columns_in_the_rows(p: Piece) -> None:
    """A declared column is a column of the rows (a misspelt name would check and type nothing)."""
    columns, rows = p.got.get("columns"), p.got["rows"]
    if not columns or rows is None:
        return
    have = list(dict.fromkeys(k for row in rows for k in row.written))
    for name in columns:
        if name not in have:
            p.r.add(join(p.at("columns"), name), f"no row has this column; the rows' columns are: "
                    f"{', '.join(have) or 'none'}{did_you_mean(name, have)}")
