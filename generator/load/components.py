"""Reading `components:` by walking the key table: COMPONENT_KEYS has one entry per key of the schema's "component"
section (generator/load/schema.py declares each key's kind, default and documentation); an entry says which
function reads the key and which Component fields its value fills. The rules between keys (component_rules.py)
are named steps of the same walk, each run as soon as the keys it relates are read (RULES)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Collection
from typing import Any, Callable

from generator.model.game import Component, frozen_map
from generator.load import schema
from generator.load.component_columns import columns_in_the_rows, read_columns
from generator.load.component_faces import read_back, read_front
from generator.load.component_map import read_hexmap
from generator.load.component_rows import read_key, read_rows, rows_from
from generator.load.component_rules import (a_net_is_its_own_cut, a_rounded_corner_is_round, back_varies_by_row_fields,
                                            corner_fits_the_size, every_value_has_art, image_backs_vary_by_back,
                                            map_tiles_match_their_spaces, outline_fits_the_shape)
from generator.load.component_shape import read_fill_corners, read_folds, read_net, read_outline, read_shape, read_size
from generator.load.piece import GameParts, Piece
from generator.load.placement import read_fits, read_spaces
from generator.load.reader import Reader
from generator.load.yamlio import join


@dataclass(frozen=True)
class Key:
    """One key of a component, as the walk reads it."""

    key: str                                     # the spec key: its kind, default and doc are schema.field("component", key)
    read: Callable[[Piece], Any] | None = None   # its value, or None after a problem; None: as the schema declares it
    into: tuple[str, ...] = ()                   # the Component fields its value fills; (): it only informs other keys
    store: Callable[[Piece, Any], tuple] | None = None   # its value -> those fields' values; None: the value itself
    needed: bool = False                         # a None value (a problem reported) means no Component is built
    once_built: bool = False                     # read only when every needed key has read (pieces sit on a real piece)

    @property
    def field(self) -> schema.Field:
        """The schema's entry for the key: its kind, default and documentation."""
        return schema.field("component", self.key)

    def value(self, p: Piece) -> Any:
        return self.read(p) if self.read is not None else p.declared(self.key)

    def fields(self, p: Piece) -> dict[str, Any]:
        """The Component fields its value fills, by name."""
        if not self.into:
            return {}
        value = p.got[self.key]
        values = self.store(p, value) if self.store else (value,) if len(self.into) == 1 else tuple(value)
        return dict(zip(self.into, values, strict=True))


@dataclass(frozen=True)
class Rule:
    """A rule between keys (generator/load/component_rules.py), run right after the key `after` is read, or after
    every key when None (before the keys read once the piece is built)."""

    check: Callable[[Piece], None]
    after: str | None = None


def read_name(p: Piece) -> Any:
    """`name`: text, shown as the component's name; its id when not written."""
    p.declared("name")
    return p.m.get("name", p.got["id"])


def read_params(p: Piece) -> dict | None:
    """`params`: a mapping of anything, handed to the templates as written."""
    return p.r.mapping(p.declared("params"), p.at("params"), free=True)


def read_component_spaces(p: Piece) -> dict[str, tuple[float, float]]:
    """`spaces`: the named rectangles the piece prints (generator/load/placement.py)."""
    return read_spaces(p.r, p.declared("spaces"), p.at("spaces"))


def read_component_fits(p: Piece) -> list:
    """`fits`: the pieces that sit on its spaces (generator/load/placement.py; linked once all are read)."""
    return read_fits(p.r, p.declared("fits"), p.at("fits"))


def frozen(p: Piece, value: dict) -> tuple:
    return (frozen_map(value),)


def as_tuple(p: Piece, value: list | None) -> tuple:
    return (tuple(value or ()),)


def rows_and_source(p: Piece, rows: list) -> tuple:
    """The rows, the table they come from as messages name it, and whether that is a folder of images."""
    value = p.m.get("rows")
    return tuple(rows), rows_from(p.game, value), isinstance(value, dict) and "images" in value


def net_panels(p: Piece, net: Any) -> tuple:
    """A net's panels and the footprint it stands on once folded; none without a net."""
    return frozen_map(net.panels if net else {}), net.stands_on if net else None


# Every key of the schema's "component" section, in the order the walk reads them: a key is read after those
# its reader uses (a size for its shape, rows with their count and key), and problems come out in this order.
COMPONENT_KEYS: tuple[Key, ...] = (
    Key("id", into=("id",), needed=True),
    Key("kind", into=("kind",), needed=True),
    Key("shape", read_shape, ("shape",), needed=True),
    Key("orientation", into=("hex_orientation",), needed=True),
    Key("net", read_net, ("panels", "stands_on_mm"), net_panels),
    Key("size", read_size, ("width_mm", "height_mm"), needed=True),
    Key("corner", into=("corner_mm",), needed=True),
    Key("fill_corners", read_fill_corners, ("fill_corners",), needed=True),
    Key("front", read_front, ("front",), needed=True),
    Key("back", read_back, ("back",)),
    Key("count", needed=True),
    Key("key", read_key),
    Key("columns", read_columns, ("columns",), frozen),
    Key("rows", read_rows, ("rows", "rows_from", "from_images"), rows_and_source, needed=True),
    Key("per_player", into=("per_player",), needed=True),
    Key("params", read_params, ("params",), frozen, needed=True),
    Key("folds", read_folds, ("folds",), as_tuple),
    Key("outline", read_outline, ("outline",)),
    Key("rotatable", into=("rotatable",), needed=True),
    Key("hexmap", read_hexmap, ("hexmap", "hex_space_mm")),
    Key("name", read_name, ("name",)),
    Key("note"),
    Key("spaces", read_component_spaces, ("spaces",), frozen, once_built=True),
    Key("fits", read_component_fits, ("fits",), as_tuple, once_built=True),
)

RULES: tuple[Rule, ...] = (
    Rule(a_net_is_its_own_cut, after="size"),
    Rule(a_rounded_corner_is_round, after="corner"),
    Rule(image_backs_vary_by_back, after="rows"),
    Rule(columns_in_the_rows, after="rows"),
    Rule(outline_fits_the_shape, after="outline"),
    Rule(back_varies_by_row_fields),
    Rule(every_value_has_art),
    Rule(corner_fits_the_size),
)

# Component fields no key fills: set once every component is read
FILLED_LATER = {"hexmap_tiles": map_tiles_match_their_spaces}


def table_problems(keys: tuple[Key, ...] = COMPONENT_KEYS, rules: tuple[Rule, ...] = RULES) -> list[str]:
    """What keeps the walk from building a Component: a schema key without an entry (or an entry for no key), a
    Component field no entry fills (or one filled twice, or no field at all), a rule after no key read first."""
    names = [k.key for k in keys]
    declared = [f.key for f in schema.SCHEMA["component"].fields]
    filled = [f for k in keys for f in k.into] + list(FILLED_LATER)
    fields = [f.name for f in dataclasses.fields(Component)]
    first = {k.key for k in keys if not k.once_built}
    return ([f'schema key "{k}" has no entry in COMPONENT_KEYS' for k in declared if k not in names]
            + [f'COMPONENT_KEYS reads "{k}", which is not a key of the schema' for k in names if k not in declared]
            + [f'COMPONENT_KEYS reads "{k}" twice' for k in sorted({k for k in names if names.count(k) > 1})]
            + [f'Component field "{f}" is filled by no key' for f in fields if f not in filled]
            + [f'COMPONENT_KEYS fills "{f}", which is not a field of Component' for f in filled if f not in fields]
            + [f'Component field "{f}" is filled twice' for f in sorted({f for f in filled if filled.count(f) > 1})]
            + [f'rule {r.check.__name__} runs after "{r.after}", which is not read before the piece is built'
               for r in rules if r.after is not None and r.after not in first]
            + [f'"{k.key}" is needed but read once built' for k in keys if k.needed and k.once_built])


if problems := table_problems():     # a key added to the schema or to Component, and not to the table
    raise RuntimeError("the component key table is out of step: " + "; ".join(problems))


def walk(p: Piece, keys: tuple[Key, ...] = COMPONENT_KEYS, rules: tuple[Rule, ...] = RULES) -> Component | None:
    """Each key read in the table's order, each rule right after its key, the rules after every key, then (when
    every needed key read) the keys read once built, and the Component the table's entries fill."""
    after: dict[str | None, list[Rule]] = {}
    for rule in rules:
        after.setdefault(rule.after, []).append(rule)
    for key in (k for k in keys if not k.once_built):
        p.got[key.key] = key.value(p)
        for rule in after.get(key.key, ()):
            rule.check(p)
    for rule in after.get(None, ()):
        rule.check(p)
    if any(p.got[k.key] is None for k in keys if k.needed):
        return None
    for key in (k for k in keys if k.once_built):
        p.got[key.key] = key.value(p)
    return Component(**{name: value for k in keys for name, value in k.fields(p).items()})


class ComponentReader:
    """Reads `components:`; every problem goes to the shared Reader, so a file is checked in one pass."""

    def __init__(self, r: Reader, folder: Path, folder_tables: Collection[str] = frozenset(), placeholders: bool = False,
                 languages: tuple[str, ...] = (), default_language: str = "en"):
        self.r = r
        self.game = GameParts(folder, set(folder_tables), placeholders, languages=languages,
                              default_language=default_language)
        self.declared: set[str] = set()     # every component id written, read without errors or not

    def components(self, value: Any, art: dict[str, Any]) -> list[Component]:
        """Each component of the list; `art` is the game's, which rows from a folder of images add to."""
        r = self.r
        self.game.art = art
        items = r.sequence(value, "components", min_items=1) or []
        out, seen = [], set()
        for i, item in enumerate(items):
            if isinstance(item, dict) and isinstance(item.get("id"), str):
                self.declared.add(item["id"])   # known to cross-references even if it fails to read
            c = self.component(item, join("components", i))
            if c is None:
                continue
            if c.id in seen:
                r.add(join(join("components", i), "id"), f'duplicate component id "{c.id}"')
            seen.add(c.id)
            out.append(c)
        return out

    def component(self, value: Any, where: str) -> Component | None:
        """One component, or None when a needed key did not read (its problems are reported)."""
        m = self.r.mapping(value, where, *schema.keys("component"))
        return walk(Piece(self.r, m, where, self.game)) if m is not None else None

    def link_map_tiles(self, raw: Any, components: list[Component]) -> None:
        """The rule between components, once all are read (generator/load/component_rules.py)."""
        map_tiles_match_their_spaces(self.r, raw, components)
