"""Izakaya's spec as the rules read it: `rules:` of components/izakaya/game.yaml and the site cards' footprints.

The grid per player count, the end thresholds, the market, the pieces per player and every open reading
of the rulebook (IZA-GAP-05..10) are read here; the rulebook's own numbers are written once, in checks.py.
A footprint is written `WxH:F` (W x H cells, at most F floors); a card side holds one or two, joined by `+`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping

from generator.solver.api import Game, Reader, RuleKey, RulesSection, describe, join, whole_number
from generator.solver.games.izakaya.grid import Grid

# every key of `rules:` with its meaning, declared once (docs/spec.md is written from it)
RULE_FIELDS = (
    RuleKey("grids", "per player count: `size` (n for an n x n grid) and `disabled` (flipped cards, `[row, col]`)"),
    RuleKey("thresholds", "per player count, the yen in the bid pile that triggers the end"),
    RuleKey("start_yen", "each player's yen at the start"),
    RuleKey("coin", "the coin's value: prices move and bids go in whole coins"),
    RuleKey("colours", "the drinks left to right, each `{id, symbol}` (the symbol tells them apart without colour)"),
    RuleKey("prices", "the start price of each colour, left to right"),
    RuleKey("drinks_per_colour", "drinks in each crate"),
    RuleKey("action_discs", "action discs per player"),
    RuleKey("claim_discs", "claim discs per player"),
    RuleKey("turn_order_discs", "discs per player in the turn-order row"),
    RuleKey("pyramids", "pyramids per player"),
    RuleKey("sites", "the site card component (its rows' `white` and `blue` footprints, `WxH:F` joined by `+`)"),
    RuleKey("floors", "footprint shape (`1x2`) -> the floor chit component"),
    RuleKey("ties", "reverse-previous or keep-previous (IZA-GAP-06)"),
    RuleKey("last_round", "this-round or one-more-round (IZA-GAP-07)"),
    RuleKey("price_floor", "the lowest a price may fall to (IZA-GAP-09)"),
    RuleKey("build_on", "own-claimed or any-claimed (IZA-GAP-05)"),
    RuleKey("disabled_corners", "usable or barred: may a flipped card's corners take drinks (IZA-GAP-10)"),
)
RULE_KEYS = tuple(f.key for f in RULE_FIELDS if f.required)
TIES = ("reverse-previous", "keep-previous")                 # IZA-GAP-06
LAST_ROUND = ("this-round", "one-more-round")               # IZA-GAP-07
BUILD_ON = ("own-claimed", "any-claimed")                   # IZA-GAP-05
DISABLED_CORNERS = ("usable", "barred")                     # IZA-GAP-10
FOOTPRINT = re.compile(r"^(\d)x(\d):(\d)$")
CELLS = 3                                                   # a card's footprint area is 3 x 3 cells


@dataclass(frozen=True)
class Footprint:
    w: int
    h: int
    floors: int
    x: int = 0          # cell of its top-left corner on the card's 3 x 3 area
    y: int = 0

    @property
    def shape(self) -> str:
        """The floor chit that fits it: its two sides, smaller first ("1x2" for 1x2 and 2x1)."""
        a, b = sorted((self.w, self.h))
        return f"{a}x{b}"


@dataclass(frozen=True)
class IzakayaSpec:
    grids: Mapping[int, tuple[int, tuple[tuple[int, int], ...]]]
    thresholds: Mapping[int, int]
    start_yen: int
    coin: int
    colours: tuple[str, ...]
    symbols: Mapping[str, str]
    prices: Mapping[str, int]
    drinks_per_colour: int
    action_discs: int
    claim_discs: int
    turn_order_discs: int
    pyramids: int
    sites: str
    floors: Mapping[str, str]                 # shape -> floor chit component
    ties: str
    last_round: str
    price_floor: int
    build_on: str
    disabled_corners: str
    footprints: Mapping[int, Mapping[str, tuple[Footprint, ...]]]   # card number -> side -> footprints

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(sorted(self.grids))

    def grid(self, players: int) -> Grid:
        size, disabled = self.grids[players]
        return Grid(size, frozenset(disabled), self.disabled_corners == "usable")


def read_spec(game: Game) -> IzakayaSpec:
    section = RulesSection(game, RULE_KEYS)
    r, get = section.r, section.get
    grids = get("grids", _grids, r, game)
    thresholds = get("thresholds", _per_players, r, game)
    start = get("start_yen", r.integer, minimum=0)
    coin = get("coin", r.integer, minimum=1)
    colours = get("colours", _colours, r) or {}
    prices = get("prices", r.sequence) or []
    if len(prices) != len(colours):
        r.add("rules.prices", f"expected one price per colour ({len(colours)}), got {len(prices)}")
    prices = {c: r.integer(p, join("rules.prices", i), minimum=0) for i, (c, p) in enumerate(zip(colours, prices))}
    ints = {k: get(k, r.integer, minimum=0) for k in ("drinks_per_colour", "action_discs", "claim_discs",
                                                      "turn_order_discs", "pyramids", "price_floor")}
    sites = get("sites", r.text)
    floors = get("floors", _floors, r, game)
    readings = {k: get(k, r.choice, options) for k, options in (("ties", TIES), ("last_round", LAST_ROUND),
                                                                ("build_on", BUILD_ON),
                                                                ("disabled_corners", DISABLED_CORNERS))}
    footprints = _footprints(r, game, sites, floors or {}) if sites else {}
    section.done()
    return IzakayaSpec(grids, thresholds, start, coin, tuple(colours), colours, prices, ints["drinks_per_colour"],
                       ints["action_discs"], ints["claim_discs"], ints["turn_order_discs"], ints["pyramids"], sites,
                       floors, readings["ties"], readings["last_round"], ints["price_floor"], readings["build_on"],
                       readings["disabled_corners"], footprints)


def _count(key: Any, where: str, r: Reader, game: Game) -> int | None:
    if not isinstance(key, int) or not game.players_min <= key <= game.players_max:
        r.add(where, f"expected a player count from {game.players_min} to {game.players_max}, got {key!r}")
        return None
    return key


def _per_players(value: Any, where: str, r: Reader, game: Game) -> dict[int, int]:
    out = {}
    for key, v in (r.mapping(value, where, free=True) or {}).items():
        n, amount = _count(key, join(where, key), r, game), r.integer(v, join(where, key), minimum=0)
        if n is not None and amount is not None:
            out[n] = amount
    return out


def _grids(value: Any, where: str, r: Reader, game: Game) -> dict[int, tuple[int, tuple[tuple[int, int], ...]]]:
    out = {}
    for key, v in (r.mapping(value, where, free=True) or {}).items():
        at = join(where, key)
        n = _count(key, at, r, game)
        m = r.mapping(v, at, ("size", "disabled")) or {}
        size = r.integer(m.get("size"), join(at, "size"), minimum=2, maximum=12) if "size" in m else None
        cards = []
        for i, card in enumerate(r.sequence(m.get("disabled", []), join(at, "disabled")) or []):
            ok = isinstance(card, list) and len(card) == 2 and all(isinstance(x, int) for x in card) and size \
                and all(0 <= x < size for x in card)
            if not ok:
                r.add(join(join(at, "disabled"), i), f"expected a card [row, col] inside the {size} x {size} grid, got {card!r}")
            else:
                cards.append((card[0], card[1]))
        if n is not None and size:
            out[n] = (size, tuple(cards))
    return out


def _colours(value: Any, where: str, r: Reader) -> dict[str, str]:
    """Drink colours left to right, each with the symbol that tells it apart without colour."""
    out = {}
    for i, item in enumerate(r.sequence(value, where, min_items=1) or []):
        m = r.mapping(item, join(where, i), ("id", "symbol")) or {}
        if "id" in m and "symbol" in m:
            out[str(m["id"])] = str(m["symbol"])
    return out


def _floors(value: Any, where: str, r: Reader, game: Game) -> dict[str, str]:
    ids = {c.id for c in game.components}
    out = {}
    for shape, comp in (r.mapping(value, where, free=True) or {}).items():
        if not re.match(r"^\d+x\d+$", str(shape)) or comp not in ids:
            r.add(join(where, shape), f'expected a shape like 1x2 and a component id of this spec, got {shape}: {comp}')
        else:
            out[str(shape)] = str(comp)
    return out


def parse_side(text: str) -> list[Footprint] | None:
    """`1x2:3 + 1x1:2` -> footprints placed on the 3 x 3 area: the first at the top left, the second at the
    bottom right; None when the text is not footprints or two do not fit apart."""
    parts = [p.strip() for p in str(text).split("+")]
    out = []
    for p in parts:
        m = FOOTPRINT.match(p)
        if not m:
            return None
        out.append(Footprint(int(m[1]), int(m[2]), int(m[3])))
    if not 1 <= len(out) <= 2 or any(f.w > CELLS or f.h > CELLS or f.floors < 1 for f in out):
        return None
    if len(out) == 2:
        a, b = out
        b = Footprint(b.w, b.h, b.floors, CELLS - b.w, CELLS - b.h)
        if a.w > b.x and a.h > b.y:            # they would overlap
            return None
        out = [a, b]
    return out


def _footprints(r: Reader, game: Game, sites: str, floors: Mapping[str, str]) -> dict[int, dict[str, tuple]]:
    try:
        comp = game.component(sites)
    except KeyError:
        r.add("rules.sites", f'expected the site card component, got "{sites}"')
        return {}
    out = {}
    for j, row in enumerate(comp.rows):
        number = row.fields.get("number")
        sides = {}
        for side in ("white", "blue"):
            found = parse_side(row.fields.get(side, ""))
            if found is None:
                r.add(f"{sites}.rows[{j}].{side}", "expected one or two footprints like 1x2:3 + 1x1:2 (W x H cells "
                      "of 3 x 3, most floors) that fit apart, got " + describe(row.fields.get(side)))
                continue
            for f in found:
                if f.shape not in floors:
                    r.add(f"{sites}.rows[{j}].{side}", f"no floor chit for a {f.shape} footprint in rules.floors")
            sides[side] = tuple(found)
        given = whole_number(str(number))
        out[given if given is not None else j + 1] = sides
    return out
