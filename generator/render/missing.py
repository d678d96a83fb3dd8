"""What a template read that is not there, said in the user's words.

jinja2 says `'dict object' has no attribute 'title'`: it knows neither which object nor where its
fields come from. Here the undefined value keeps the object it was read from; the message finds
that object's path in the context (`row`, `players[1]`, `colours`) and names what it holds: a
row's table and columns, a player's fields, the palette's colours, with the close match.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
import inspect
from functools import partial
from typing import Any, Callable

import jinja2
from jinja2.utils import missing

from generator.model.designs import DesignSpec
from generator.common.errors import did_you_mean
from generator.model.game import Game

LISTED = 20          # names listed in one message; a longer list is counted
SEARCHED = 10_000    # context values searched for the object a template read from


class MissingValue(jinja2.UndefinedError):
    """An undefined name or field, with the object it was read from (missing for a bare name)."""

    def __init__(self, message: str | None = None, *, obj: Any = missing, name: Any = None):
        super().__init__(message)
        self.obj, self.name = obj, name


class StrictFields(jinja2.StrictUndefined):
    """StrictUndefined whose error carries the object and the name that were read."""

    __slots__ = ()

    def __init__(self, hint: str | None = None, obj: Any = missing, name: str | None = None,
                 exc: type[jinja2.TemplateRuntimeError] = jinja2.UndefinedError):
        super().__init__(hint, obj, name, exc)
        if hint is None and exc is jinja2.UndefinedError:   # the sandbox's refusals keep their own exception
            # jinja2 annotates this as an exception class; it only calls it with the message, so a factory works
            self._undefined_exception = partial(MissingValue, obj=obj, name=name)  # type: ignore[assignment]


def strict_helpers(context: dict[str, Any]) -> dict[str, Any]:
    """The context with each helper (place, fit, rich...) refusing an undefined argument as the
    missing value it is (`row.titel: no column ...`), not as a value of the wrong type."""
    return {k: _strict_call(v) if inspect.isroutine(v) else v for k, v in context.items()}


def _strict_call(helper: Callable[..., Any]) -> Callable[..., Any]:
    # no functools.wraps: copying the helper's attributes for every helper of every design cost more than
    # the check (0.09 s on 540 cards); an error the helper raises still names the helper itself
    def call(*args: Any, **kwargs: Any) -> Any:
        for value in (*args, *kwargs.values()):
            if isinstance(value, jinja2.Undefined):
                value._fail_with_undefined_error()
        return helper(*args, **kwargs)
    return call


def rows_source(game: Game, spec: DesignSpec) -> tuple[str, str]:
    """Where a design's `row` comes from, and what its keys are called there: (what, "column"|"field")."""
    c = spec.component
    spec_file = game.problems()
    index = next((i for i, other in enumerate(game.components) if other.id == c.id), 0)

    def at(key: str) -> str:
        line = spec_file.line_of(f"components[{index}].{key}")
        return f"{spec_file.file}:{line}" if line else str(spec_file.file)

    if spec.face == "back":
        vary = ", ".join(c.back.vary_by) if c.back and c.back.vary_by else "nothing"
        return f'the back of component "{c.id}", which varies by {vary} (back.vary_by, {at("back")})', "field"
    if not c.rows or not c.rows[0].fields:
        return f'component "{c.id}", which has no data rows ({at("id")})', "field"
    if c.rows_from:
        return c.rows_from, "column"
    return f'the rows of component "{c.id}" ({at("rows")})', "field"


def missing_message(exc: MissingValue, context: Mapping[str, Any], rows: tuple[str, str] | None) -> str | None:
    """`row.title: no column "title" in cafe/cards.csv; its columns: name, cost, text`, or None when
    the read is not one of a mapping's (an attribute of a number, say): jinja's words stand then."""
    name = exc.name
    if exc.obj is missing:
        return f"{name}: no such name{_listed('a template has', list(context), str(name))}"
    if exc.obj is None and context.get("player") is None and name in ("id", "name", "colour", "pattern", "symbol",
                                                                       "seat"):
        component = context.get("component", {}).get("id", "")
        return (f'player.{name}: this design has no player (component "{component}" is not per_player); '
                "test {% if player %} first")
    if isinstance(exc.obj, jinja2.environment.TemplateModule):     # {% import "file" as m %} ... m.badg(
        return _macro_message(exc.obj, str(name))
    if not isinstance(exc.obj, Mapping):
        return None
    keys = [str(k) for k in exc.obj]
    path = _path_of(exc.obj, context)
    read = f"{path}.{name}" if path and str(name).isidentifier() else f'{path or ""}["{name}"]'
    if path == "row" and rows is not None:
        what, noun = rows
        return f'{read}: no {noun} "{name}" in {what}{_listed(f"its {noun}s", keys, str(name))}'
    held = f"{path} has" if path else "it has"
    return f'{read}: no "{name}"{_listed(held, keys, str(name))}'


def _macro_message(module: jinja2.environment.TemplateModule, name: str) -> str:
    """`no macro "badg" in shared/macros.svg.j2; its macros: badge, ...`: the file imported and what it exports."""
    exported = sorted(k for k in vars(module) if not k.startswith("_"))
    macros = [k for k in exported if isinstance(getattr(module, k), jinja2.runtime.Macro)]
    return f'no macro "{name}" in {module.__name__}{_listed("its macros", macros, name)}'


def _listed(label: str, names: list[str], said: str) -> str:
    shown = ", ".join(names[:LISTED]) + (f" and {len(names) - LISTED:,} more" if len(names) > LISTED else "")
    return f"; {label}: {shown or 'none'}{did_you_mean(said, names)}"


def _path_of(obj: Any, context: Mapping[str, Any]) -> str | None:
    """The path of `obj` inside the context (`row`, `players[1]`, `geo.safe`), by identity, breadth first."""
    todo: deque[tuple[str, Any]] = deque((str(k), v) for k, v in context.items())
    for _ in range(SEARCHED):
        if not todo:
            return None
        path, value = todo.popleft()
        if value is obj:
            return path
        if isinstance(value, Mapping):
            todo.extend((f"{path}.{k}" if str(k).isidentifier() else f'{path}["{k}"]', v)
                        for k, v in value.items() if isinstance(v, (Mapping, list, tuple)))
        elif isinstance(value, (list, tuple)):
            todo.extend((f"{path}[{i}]", v) for i, v in enumerate(value) if isinstance(v, (Mapping, list, tuple)))
    return None
