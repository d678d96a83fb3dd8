"""What a component's data column holds, as its spec declares it (`columns: {cost: {kind: whole, min: 0}}`), and
each cell judged against it: the value typed for the templates, or what was expected of it.

A judgement never raises: `pnp check` reports every cell that breaks its column (generator/solver/data_checks.py),
and a build still prints a proof from the cell as written. A cell is read as a table or YAML gives it: CSV cells
are text ("7"), XLSX and YAML cells may already be numbers or true/false.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass
from typing import Any, Callable

from generator.common.errors import did_you_mean
from generator.common.limits import MAX_DIGITS
from generator.common.units import parse_length_mm

KINDS = ("whole", "number", "text", "choice", "yes-no", "colour", "length")
RANGED = ("whole", "number", "length")          # the kinds `min` and `max` apply to
YES, NO = ("true", "yes"), ("false", "no")
LISTED_CHOICES = 12     # the values of a choice a message lists
_WHOLE = re.compile(rf"[+-]?\d{{1,{MAX_DIGITS}}}")
_NUMBER = re.compile(rf"[+-]?(?:\d{{1,{MAX_DIGITS}}}(?:\.\d{{0,{MAX_DIGITS}}})?|\.\d{{1,{MAX_DIGITS}}})")
_COLOUR = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})")


@dataclass(frozen=True)
class Column:
    """One declared column. `minimum`/`maximum` are numbers, millimetres for a length; `default` is typed (None:
    no default); `pattern` is a regular expression the whole text must match (checked safe when declared)."""

    name: str
    kind: str
    required: bool = False
    default: Any = None
    minimum: float | None = None
    maximum: float | None = None
    of: tuple[str, ...] = ()
    pattern: str | None = None
    unique: bool = False
    min_length: int | None = None
    max_length: int | None = None

    @functools.cached_property
    def allowed(self) -> frozenset[str]:
        """`of` as a set: a cell is looked up once, not compared with each of thousands of values."""
        return frozenset(self.of)

    def judge(self, value: Any) -> tuple[Any, str | None]:
        """(the value typed, None) when the cell holds the column, else what was expected of it beside the value:
        typed when of the column's kind (7 of a whole number of at most 5 is still 7), else the cell as written
        ("free"). An empty or missing cell takes the default, breaks a required column, else stays as it is."""
        if missing(value):
            if self.default is not None:
                return self.default, None
            return ("" if value is None else value), ("a value (the column is required)" if self.required else None)
        typed = _READ[self.kind](self, value)
        if typed is None:
            hint = did_you_mean(str(value), list(self.of)) if self.kind == "choice" and _closeable(self, value) else ""
            return value, self.rule() + hint
        return typed, None if self._within(typed) else self.rule()

    def _within(self, typed: Any) -> bool:
        """The typed value within the column's bounds: a range of numbers, a text's length and pattern."""
        low: float | None
        high: float | None
        if self.kind == "text":
            size, low, high = len(typed), self.min_length, self.max_length
        elif self.kind in RANGED:
            size, low, high = typed, self.minimum, self.maximum
        else:
            return True
        if low is not None and size < low or high is not None and size > high:
            return False
        return self.kind != "text" or not self.pattern or re.fullmatch(self.pattern, typed) is not None

    def rule(self) -> str:
        """What a cell must hold, in words: `a whole number from 0 to 5`."""
        if self.kind == "choice":
            more = len(self.of) - LISTED_CHOICES
            return "one of " + ", ".join(self.of[:LISTED_CHOICES]) + (f" and {more:,} more" if more > 0 else "")
        if self.kind == "yes-no":
            return "yes or no (true or false)"
        if self.kind == "colour":
            return 'a colour like "#1f6f8b" or "#fff"'
        if self.kind == "text":
            low, high = self.min_length, self.max_length
            said = ("text" if low is None and high is None else f"text of {low} to {high} characters" if
                    low is not None and high is not None else f"text of at least {low} characters" if low is not None
                    else f"text of at most {high} characters")
            return said + (f' matching "{self.pattern}"' if self.pattern else "")
        noun = {"whole": "a whole number", "number": "a number", "length": "a length"}[self.kind]
        return noun + _span(self.minimum, self.maximum, " mm" if self.kind == "length" else "")

    def summary(self) -> str:
        """The rule and the options besides it, as the check report shows a column."""
        extras = [w for w, on in (("required", self.required), ("unique", self.unique)) if on]
        if self.default is not None:
            extras.append(f"default {shown(self.default)}")
        return ", ".join([self.rule(), *extras])


def missing(value: Any) -> bool:
    """No value: an empty cell (CSV gives "", blanks too) or a field a row does not have."""
    return value is None or isinstance(value, str) and not value.strip()


def shown(value: Any) -> str:
    """A typed value as a designer writes it: `true`, `40`, `2.5`."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return f"{value:g}" if isinstance(value, float) else str(value)


HINTED = 100     # choices and characters a close match is looked for within (difflib is quadratic in them)


def _closeable(c: Column, value: Any) -> bool:
    """Whether a close match is worth looking for: a hint for each of 10,000 cells against a list of 10,000 values
    would take minutes."""
    return len(c.of) <= HINTED and len(str(value)) <= HINTED


def _span(low: float | None, high: float | None, unit: str) -> str:
    if low is not None and high is not None:
        return f" from {shown(low)}{unit} to {shown(high)}{unit}"
    if low is not None:
        return f" of at least {shown(low)}{unit}"
    return f" of at most {shown(high)}{unit}" if high is not None else ""


def _number_like(value: Any) -> bool:
    """A number YAML or a spreadsheet gave (not true/false, which Python counts as numbers; not inf or nan)."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or isinstance(value, float) and math.isfinite(value)


def _whole(c: Column, value: Any) -> int | None:
    if _number_like(value):
        return value if isinstance(value, int) else int(value) if value.is_integer() else None
    text = value.strip() if isinstance(value, str) else ""
    return int(text) if _WHOLE.fullmatch(text) else None


def _number(c: Column, value: Any) -> int | float | None:
    """A number as written: `2` stays the whole number 2 (a template prints "2", not "2.0"); `2.5` is 2.5."""
    if _number_like(value):
        return value
    text = value.strip() if isinstance(value, str) else ""
    if not _NUMBER.fullmatch(text):
        return None
    return float(text) if "." in text else int(text)


def _text(c: Column, value: Any) -> str | None:
    """Text; a number a spreadsheet or YAML gave (a code typed as 1234) is its text."""
    if isinstance(value, str):
        return value
    return shown(value) if _number_like(value) else None


def _choice(c: Column, value: Any) -> str | None:
    text = _text(c, value)
    return text.strip() if text is not None and text.strip() in c.allowed else None


def _yes_no(c: Column, value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    text = value.strip().lower() if isinstance(value, str) else ""
    return True if text in YES else False if text in NO else None


def _colour(c: Column, value: Any) -> str | None:
    """`#rrggbb` in lower case, as the spec's palette holds colours (`#FA0` -> `#ffaa00`)."""
    text = value.strip().lower() if isinstance(value, str) else ""
    if not _COLOUR.fullmatch(text):
        return None
    return text if len(text) == 7 else "#" + "".join(ch * 2 for ch in text[1:])


def _length(c: Column, value: Any) -> float | None:
    """Millimetres, as every length of the spec (generator/common/units.py)."""
    try:
        return parse_length_mm(value)
    except ValueError:
        return None


_READ: dict[str, Callable[[Column, Any], Any]] = {
    "whole": _whole, "number": _number, "text": _text, "choice": _choice, "yes-no": _yes_no, "colour": _colour,
    "length": _length}
