"""Typed readers that validate one value each and report every mistake to a collector.

A reader returns the parsed value, or None after recording a problem; callers keep going so
that a whole file is checked in one pass. The key table (generator/load/schema.py) names the reader of each
simple kind as one of these functions; `Reader` (generator/load/reader.py) adds reading a key as the table
declares it.
"""

from __future__ import annotations

import re
from typing import Any, Iterable

from generator.common.errors import ProblemCollector, did_you_mean
from generator.model.game import PATTERNS, SOURCES, Provenance
from generator.load.yamlio import join
from generator.common.units import MAX_LENGTH_MM, describe, parse_length_mm

SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
LANGUAGE = re.compile(r"^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$")     # de, ja, pt-br, zh-hant: a BCP 47 tag, lower case
MAX_ID = 64
COLOUR = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")
PROVENANCE_KEYS = {"value", "source", "note"}


class ValueReader:
    """The readers of one value each (a text, an id, a length...): they hold no table, so the key table
    (generator/load/schema.py) names them as functions, `ValueReader.text`."""

    def __init__(self, problems: ProblemCollector):
        self.problems = problems
        self.provenance: dict[str, Provenance] = {}

    def add(self, where: str, message: str) -> None:
        self.problems.add(where, message)

    # -- provenance -------------------------------------------------------------------------
    def unwrap(self, value: Any, where: str) -> Any:
        """`{value: X, source: designed, note: "..."}` -> X, remembering where it came from."""
        if not (isinstance(value, dict) and "value" in value and "source" in value):
            return value
        for key in value:
            if key not in PROVENANCE_KEYS:
                self.add(join(where, key), f"unknown key; a sourced value has only: {', '.join(sorted(PROVENANCE_KEYS))}")
        source = value.get("source")
        note = value.get("note", "")
        if source not in SOURCES:
            self.add(join(where, "source"), f"expected one of {', '.join(SOURCES)}, got {describe(source)}")
        elif source in ("designed", "external") and not (isinstance(note, str) and note.strip()):
            self.add(join(where, "note"), f'a "{source}" value needs a one-line note saying why')
        elif not isinstance(note, str):
            self.add(join(where, "note"), f"expected text, got {describe(note)}")
        else:
            self.provenance[where] = Provenance(source, note.strip())
        return value["value"]

    # -- shapes -----------------------------------------------------------------------------
    def mapping(self, value: Any, where: str, required: Iterable[str] = (), optional: Iterable[str] = (),
                *, free: bool = False) -> dict | None:
        value = self.unwrap(value, where)
        if not isinstance(value, dict):
            self.add(where, f"expected a mapping, got {describe(value)}")
            return None
        required, optional = tuple(required), tuple(optional)
        if not free:
            allowed = sorted(set(required) | set(optional))
            for key in value:
                if key not in allowed:
                    self.add(join(where, key), f"unknown key; expected one of: {', '.join(allowed)}")
        for key in required:
            if key not in value:
                self.add(where, f'missing key "{key}"')
        return value

    def sequence(self, value: Any, where: str, *, min_items: int = 0) -> list | None:
        value = self.unwrap(value, where)
        if not isinstance(value, list):
            self.add(where, f"expected a list, got {describe(value)}")
            return None
        if len(value) < min_items:
            self.add(where, f"expected at least {min_items} item{'s' if min_items != 1 else ''}, got {len(value)}")
        return value

    def ids(self, value: Any, where: str) -> tuple[str, ...] | None:
        """A non-empty list of distinct ids (resource types, symbols...)."""
        items = self.sequence(value, where, min_items=1)
        slugs = [self.slug(v, join(where, i)) for i, v in enumerate(items or ())]
        names = [n for n in slugs if n is not None]
        if items is None or len(names) != len(slugs):
            return None
        if len(set(names)) != len(names):
            self.add(where, f"expected distinct names, got {', '.join(names)}")
            return None
        return tuple(names)

    # -- scalars ----------------------------------------------------------------------------
    def text(self, value: Any, where: str, *, allow_empty: bool = False) -> str | None:
        value = self.unwrap(value, where)
        if not isinstance(value, str) or (not allow_empty and not value.strip()):
            self.add(where, f"expected text, got {describe(value)}")
            return None
        return value

    def slug(self, value: Any, where: str) -> str | None:
        value = self.unwrap(value, where)
        if not isinstance(value, str) or not SLUG.match(value):
            self.add(where, f'expected an id of lower-case letters, digits and hyphens like "garden-tile", got {describe(value)}')
            return None
        if len(value) > MAX_ID:     # ids name folders and files (output/<game>/, shop-<preset>/)
            self.add(where, f"expected an id of at most {MAX_ID} characters, got one of {len(value)}")
            return None
        return value

    def language(self, value: Any, where: str) -> str | None:
        """A language code: two or three letters and optional subtags (`de`, `ja`, `pt-br`), lower case."""
        value = self.unwrap(value, where)
        if not isinstance(value, str) or not LANGUAGE.match(value):
            self.add(where, f'expected a language code like "de", "ja" or "pt-br", got {describe(value)}')
            return None
        return value

    def points(self, value: Any, where: str, *, minimum: float = 1.0, maximum: float = 72.0) -> float | None:
        """A type size in points, a number from `minimum` to `maximum`."""
        value = self.unwrap(value, where)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not minimum <= value <= maximum:
            self.add(where, f"expected a size in points from {minimum:g} to {maximum:g}, got {describe(value)}")
            return None
        return float(value)

    def pattern(self, value: Any, where: str) -> str | None:
        """A player pattern the shared macros draw (templates/shared/macros.svg.j2, pattern_def)."""
        return self.choice(value, where, PATTERNS)

    def integer(self, value: Any, where: str, *, minimum: int | None = None, maximum: int | None = None) -> int | None:
        value = self.unwrap(value, where)
        if not isinstance(value, int) or isinstance(value, bool):
            self.add(where, f"expected a whole number, got {describe(value)}")
            return None
        if minimum is not None and value < minimum:
            self.add(where, f"expected a whole number of at least {minimum}, got {value}")
            return None
        if maximum is not None and value > maximum:
            self.add(where, f"expected a whole number of at most {maximum}, got {value}")
            return None
        return value

    def boolean(self, value: Any, where: str) -> bool | None:
        value = self.unwrap(value, where)
        if not isinstance(value, bool):
            self.add(where, f"expected true or false, got {describe(value)}")
            return None
        return value

    def choice(self, value: Any, where: str, options: Iterable[str]) -> str | None:
        value = self.unwrap(value, where)
        options = tuple(options)
        if value not in options:
            hint = did_you_mean(value, list(options)) if isinstance(value, str) else ""
            self.add(where, f"expected one of {', '.join(options)}, got {describe(value)}{hint}")
            return None
        return value

    def length(self, value: Any, where: str, *, positive: bool = True, maximum: float = MAX_LENGTH_MM) -> float | None:
        value = self.unwrap(value, where)
        try:
            mm = parse_length_mm(value)
        except ValueError as exc:
            self.add(where, str(exc))
            return None
        if mm > maximum:
            self.add(where, f'expected a length of at most {maximum:g} mm, got "{value}"')
            return None
        if positive and mm <= 0:
            self.add(where, f'expected a length greater than zero, got "{value}"')
            return None
        if not positive and mm < 0:
            self.add(where, f'expected a length of zero or more, got "{value}"')
            return None
        return mm

    def palette_entry(self, value: Any, where: str) -> tuple[str | None, tuple[float, ...] | None]:
        """`"#rrggbb"`, or `{colour: "#rrggbb", cmyk: [c, m, y, k]}` (percent) for an exact press colour."""
        value = self.unwrap(value, where)
        if not isinstance(value, dict):
            return self.colour(value, where), None
        m = self.mapping(value, where, ("colour",), ("cmyk",)) or {}
        colour = self.colour(m.get("colour"), join(where, "colour")) if "colour" in m else None
        cmyk = None
        if "cmyk" in m:
            items = m["cmyk"]
            if not (isinstance(items, list) and len(items) == 4 and all(
                    isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 100 for v in items)):
                self.add(join(where, "cmyk"), f"expected four percentages [c, m, y, k] from 0 to 100, got {describe(items)}")
            else:
                cmyk = tuple(v / 100 for v in items)
        return colour, cmyk

    def colour(self, value: Any, where: str) -> str | None:
        value = self.unwrap(value, where)
        if not isinstance(value, str) or not COLOUR.match(value):
            hint = " (an unquoted # starts a YAML comment: write the colour in quotes)" if value is None else ""
            self.add(where, f'expected a colour like "#1f6f8b", got {describe(value)}{hint}')
            return None
        value = value.lower()
        if len(value) == 4:
            value = "#" + "".join(ch * 2 for ch in value[1:])
        return value
