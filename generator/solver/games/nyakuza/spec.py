"""Nyakuza's spec as the rules read it: `rules:`, the tile rows, the board's hexmap and the setup.

Everything the rulebook leaves open (the board, the tile mix, the Wharf order, ...) is read here from
`rules:` and the components of components/nyakuza/game.yaml, never hard-coded; every other module of the
package works on the validated NyakuzaSpec this module returns. A space is an index into the board's
hexmap spaces (map reading order, so "first Shore" means first in that order).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Mapping, NamedTuple, Sequence

from generator.solver.api import Component, Game, HexMap, PlayerColour, Reader, RuleKey, RulesSection, describe, join, known

BOARD, TILE, KOBAN, STALL, BOAT, SCREEN = "board", "resource-tile", "koban", "stall", "boat", "screen"
# every key of `rules:` with its meaning, declared once (docs/spec.md is written from it)
RULE_FIELDS = (
    RuleKey("resources", "the resource types, in order"),
    RuleKey("tile_mix", "tiles of each type"),
    RuleKey("draws", "per player count: `first` (round 1) and `later` tiles drawn"),
    RuleKey("boats_by_rank", "Boats for the highest, second and any other bid"),
    RuleKey("recipes", "the tile sets that build a Stall"),
    RuleKey("wharf_order", "pay-then-split or split-then-pay (NYA-GAP-03)"),
    RuleKey("secret_resource", "the variant: `redraw` types and `extra_boats`"),
    RuleKey("out_of_boats",
            "place-what-is-left or unlimited (NYA-GAP-10); without it a shortage fails the simulation check", required=False),
)
RULE_KEYS = tuple(f.key for f in RULE_FIELDS if f.required)
RULE_OPTIONAL = tuple(f.key for f in RULE_FIELDS if not f.required)
DRAW_KEYS = ("first", "later")
SECRET_KEYS = ("redraw", "extra_boats")
WHARF_ORDERS = ("pay-then-split", "split-then-pay")   # NYA-GAP-03: only pay-then-split gives NYA-EX-01
# NYA-GAP-10, optional (without it a shortage fails the check): a clan out of Boats places what it has
# left, or Boats are unlimited (spare pieces stand in) and it places every Boat it earned.
OUT_OF_BOATS = ("place-what-is-left", "unlimited")


@dataclass(frozen=True)
class Board:
    """The bay as plain tuples, which is all the hot loop of a simulation reads."""

    ids: tuple[str, ...]
    kinds: tuple[str, ...]                      # resource, shore, sea
    numbers: tuple[int | None, ...]             # the tile a resource space takes
    neighbours: tuple[tuple[int, ...], ...]

    @classmethod
    def from_hexmap(cls, hexmap: HexMap) -> Board:
        ids = tuple(s.id for s in hexmap.spaces)
        at = {space_id: i for i, space_id in enumerate(ids)}
        adjacent = hexmap.neighbours()
        return cls(ids, tuple(s.kind for s in hexmap.spaces), tuple(s.number for s in hexmap.spaces),
                   tuple(tuple(at[n] for n in adjacent[space_id]) for space_id in ids))

    @cached_property
    def index(self) -> dict[str, int]:
        """A space by id, in any case ("s1-1" is "S1-1")."""
        return {space_id.upper(): i for i, space_id in enumerate(self.ids)}

    @cached_property
    def resource(self) -> dict[int, int]:
        """The space of each tile number."""
        return {n: i for i, n in enumerate(self.numbers) if n is not None}


class Setup(NamedTuple):
    kobans: int
    stalls: int
    to_box: int
    boats: int
    first: int          # tiles drawn in round 1
    later: int          # tiles drawn in every later round


@dataclass(frozen=True)
class NyakuzaSpec:
    clans: tuple[PlayerColour, ...]
    resources: tuple[str, ...]
    tiles: tuple[tuple[int, str], ...]          # (number, type) of every printed tile, in spec order
    tile_mix: Mapping[str, int]
    setups: Mapping[int, Setup]
    boats_by_rank: tuple[int, ...]
    recipes: tuple[tuple[tuple[str, int], ...], ...]
    wharf_order: str
    secret_redraw: tuple[str, ...]
    secret_boats: int
    board: Board
    kobans_total: int
    out_of_boats: str | None = None     # None: the spec has no ruling for an empty Boat supply

    @cached_property
    def tile_type(self) -> dict[int, str]:
        return dict(self.tiles)

    @cached_property
    def clan_lookup(self) -> dict[str, str]:
        """A clan id by id, name or the name's first word, in any case: "purple", "Purple Clan", "PURPLE"."""
        out: dict[str, str] = {}
        for c in self.clans:
            for word in (c.id, c.name, c.name.split()[0] if c.name.split() else c.id):
                out.setdefault(word.casefold(), c.id)
        return out


def read_spec(game: Game) -> NyakuzaSpec:
    """Validate `rules:`, the tile rows, the board and the setup; every mistake is one Problem of one SpecError."""
    section = RulesSection(game, RULE_KEYS, RULE_OPTIONAL)
    r, get = section.r, section.get

    resources = get("resources", r.ids) or ()
    tile_mix = get("tile_mix", _read_counts, r, resources)
    draws = get("draws", _read_draws, r) or {}
    ranks = get("boats_by_rank", _read_ranks, r)
    recipes = get("recipes", _read_recipes, r, resources)
    wharf_order = get("wharf_order", r.choice, WHARF_ORDERS)
    redraw, extra = get("secret_resource", _read_secret, r, resources) or ((), 0)
    out_of_boats = get("out_of_boats", r.choice, OUT_OF_BOATS)
    tiles = _read_tiles(r, game, resources)
    board = _read_board(r, game)
    setups = _read_setups(r, game, draws)
    total = _component(r, game, KOBAN)
    section.done()
    return NyakuzaSpec(game.player_colours, resources, tiles, tile_mix, setups, ranks, recipes, wharf_order,
                       redraw, extra, known(board), known(total).total_count(1), out_of_boats)


def _read_counts(value: Any, where: str, r: Reader, names: Sequence[str]) -> dict[str, int] | None:
    m = r.mapping(value, where, free=True)
    counts = {k: r.integer(v, join(where, k), minimum=0) if r.choice(k, join(where, k), names) else None
              for k, v in (m or {}).items()}
    out = {k: n for k, n in counts.items() if n is not None}
    return None if m is None or len(out) != len(counts) else out


def _read_draws(value: Any, where: str, r: Reader) -> dict[int, tuple[int, int]] | None:
    m = r.mapping(value, where, free=True)
    out = {}
    for players, item in (m or {}).items():
        here = join(where, players)
        if not isinstance(players, int) or players < 1:
            r.add(here, "expected a player count (a whole number) as the key")
            continue
        d = r.mapping(item, here, DRAW_KEYS) or {}
        first, later = (r.integer(d[k], join(here, k), minimum=1) if k in d else None for k in DRAW_KEYS)
        if first and later:
            out[players] = (first, later)
    return out


def _read_ranks(value: Any, where: str, r: Reader) -> tuple[int, ...] | None:
    items = r.sequence(value, where, min_items=1)
    read = [r.integer(v, join(where, i), minimum=1) for i, v in enumerate(items or ())]
    ranks = [n for n in read if n is not None]
    if items is None or len(ranks) != len(read):
        return None
    if any(a < b for a, b in zip(ranks, ranks[1:])):
        r.add(where, f"expected Boats that never grow with the rank (highest bid first), got {ranks}")
    return tuple(ranks)


def _read_recipes(value: Any, where: str, r: Reader, names: Sequence[str]) -> tuple | None:
    items = r.sequence(value, where, min_items=1)
    out = []
    for i, item in enumerate(items or ()):
        counts = _read_counts(item, join(where, i), r, names)
        if counts is not None and not any(counts.values()):
            r.add(join(where, i), "expected at least one tile, like {driftwood: 1}")
        elif counts is not None:
            out.append(tuple((k, v) for k, v in counts.items() if v))
    return tuple(out) if items is not None and len(out) == len(items) else None


def _read_secret(value: Any, where: str, r: Reader, names: Sequence[str]) -> tuple[tuple[str, ...], int] | None:
    m = r.mapping(value, where, SECRET_KEYS)
    if m is None or any(k not in m for k in SECRET_KEYS):
        return None
    items = r.sequence(m["redraw"], join(where, "redraw")) or []
    read = [r.choice(v, join(join(where, "redraw"), i), names) for i, v in enumerate(items)]
    redraw = tuple(t for t in read if t is not None)
    extra = r.integer(m["extra_boats"], join(where, "extra_boats"), minimum=1)
    return (redraw, extra) if extra and len(redraw) == len(read) else None


def _component(r: Reader, game: Game, component_id: str) -> Component | None:
    try:
        return game.component(component_id)
    except KeyError:
        r.add("components", f'expected a "{component_id}" component (the rules module counts it)')
        return None


def _read_tiles(r: Reader, game: Game, resources: Sequence[str]) -> tuple[tuple[int, str], ...]:
    comp = _component(r, game, TILE)
    tiles: list[tuple[int, str]] = []
    for j, row in enumerate(comp.rows if comp else ()):
        where = f"components[{game.components.index(comp)}].rows[{j}]"
        number, digits = row.fields.get("number"), str(row.fields.get("number"))
        if not digits.isdigit() or int(digits) < 1:
            r.add(join(where, "number"), f"expected a tile number of 1 or more, got {describe(number)}")
        elif kind := r.choice(row.fields.get("type"), join(where, "type"), resources):
            tiles.extend([(int(digits), kind)] * row.count)
    return tuple(tiles)


def _read_board(r: Reader, game: Game) -> Board | None:
    comp = _component(r, game, BOARD)
    if comp is not None and comp.hexmap is None:
        r.add(f"components[{game.components.index(comp)}].hexmap", "expected the board's hexmap: the rules walk it")
    return Board.from_hexmap(comp.hexmap) if comp is not None and comp.hexmap is not None else None


def _read_setups(r: Reader, game: Game, draws: Mapping[int, tuple[int, int]]) -> dict[int, Setup]:
    out = {}
    for entry in game.setup:
        demands = {d.component: d for d in entry.demands}
        missing = [c for c in (KOBAN, STALL, BOAT) if c not in demands or demands[c].each is None]
        for c in missing:
            r.add(f"setup.{entry.players}.{c}", f"expected the {c}s dealt to each player ({c}: {{each: N}})")
        if entry.players not in draws:
            r.add("rules.draws", f"missing player count {entry.players} (the setup lists it)")
        if not missing and entry.players in draws:
            k, s, b = demands[KOBAN], demands[STALL], demands[BOAT]
            out[entry.players] = Setup(k.per_seat, s.per_seat, s.to_box, b.per_seat, *draws[entry.players])
    return out
