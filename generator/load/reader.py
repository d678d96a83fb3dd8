"""Reading a key as the key table declares it: `Reader.field` takes the key's default from
generator/load/schema.py and validates the value with the reader its kind names (a function of
generator/load/values.py); fonts, which the spec and a theme both read, are here too.
"""

from __future__ import annotations

from typing import Any, Iterable, TypeVar

from generator.model.game import FONT_WEIGHTS, FontRole
from generator.load import schema
from generator.load.schema import keys
from generator.load.values import MAX_ID, SLUG, ValueReader
from generator.load.yamlio import join
from generator.common.units import describe

__all__ = ["MAX_ID", "SLUG", "Reader", "known"]     # the id rules, read here by game.py, images.py and scaffold.py
T = TypeVar("T")


def known(value: T | None) -> T:
    """A value a reader read, once its problems were raised (none were): a Reader (or a reader of a game's
    rules package) returns None only after recording a problem, so a required value is known here (None would
    be a caller reading a key it never required: a bug, said as one)."""
    if value is None:
        raise ValueError("a required value was read as None without a problem recorded")
    return value


class Reader(ValueReader):
    """The value readers, and keys read as the key table declares them."""

    def field(self, m: dict, section: str, key: str, where: str) -> Any:
        """`m[key]` read as the schema declares it: the table's default when absent (None when it has none), then
        the reader function its kind holds (a value the loader reads with code of its own comes back as written)."""
        f = schema.field(section, key)
        value = m[key] if key in m else schema.default(section, key)
        if value is schema.MISSING:
            return None
        if f.kind.reader is None:
            return value
        return f.kind.reader(self, value, join(where, key), **dict(f.kind.options))

    def font(self, spec: Any, where: str, default_weight: int = 400, families: Iterable[str] = ()) -> FontRole | None:
        """A font role: a family (one of `families` when given), a weight of 100-900, normal or italic.
        The spec and the theme both read fonts here, so they accept exactly the same names."""
        if isinstance(spec, str):
            spec = {"family": spec}
        f = self.mapping(spec, where, *keys("font"))
        if f is None or "family" not in f:
            return None
        family = self.field(f, "font", "family", where)
        families = sorted(families)
        if family and families and family not in families:
            self.add(join(where, "family"), f'unknown font family "{family}"; expected one of: {", ".join(families)}')
            family = None
        weight = f.get("weight", default_weight)      # a theme's font keeps the weight of the role it replaces
        if weight not in FONT_WEIGHTS:
            self.add(join(where, "weight"), f"expected one of {', '.join(map(str, FONT_WEIGHTS))}, got {describe(weight)}")
            return None
        style = self.field(f, "font", "style", where)
        return FontRole(family, weight, style) if family and style else None
