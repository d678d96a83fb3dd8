"""Niya's spec as the rules read it: `rules:` and the garden-tile rows of components/niya/game.yaml.

Everything the rulebook leaves open (tile set, full board, match targets) is read and validated here, never
hard-coded; every other module of the package works on the NiyaSpec this module returns. The spec's shared
vocabulary lives here too: the component ids, the allowed rule values and the two players.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple, Sequence

from generator.solver.api import Game, Reader, RuleKey, RulesSection, join

TILE_COMPONENT = "garden-tile"          # rows carry the fields `vegetation` and `symbol`
TOKEN_COMPONENT = "character-token"     # per player
# every key of `rules:` with its meaning, declared once (docs/spec.md is written from it)
RULE_FIELDS = (
    RuleKey("grid", "the garden's side (4)"),
    RuleKey("vegetation", "the four plants, in the order of the tiles' codes"),
    RuleKey("symbols", "the four symbols"),
    RuleKey("full_board", "a full garden with no line: draw, or block (the 16th mover wins)"),
    RuleKey("points_targets", "points to win a points match (10, 15, 20)"),
    RuleKey("wins_needed", "games to win a match"),
    RuleKey("next_starter", "who starts the next game: loser (the rulebook) or alternate"),
)
RULE_KEYS = tuple(f.key for f in RULE_FIELDS if f.required)
FULL_BOARD = ("draw", "block")          # a full garden with no line: a draw, or the 16th mover wins
NEXT_STARTER = ("loser", "alternate")   # seed L34: "the first player is always the one who has lost"; or take turns
PLAYERS = (1, 2)                        # Player 1 makes the odd-numbered moves


class Tile(NamedTuple):
    vegetation: str
    symbol: str

    @property
    def name(self) -> str:
        return f"{self.vegetation.capitalize()}/{self.symbol.capitalize()}"

    @property
    def code(self) -> str:
        """Two letters, vegetation then symbol ("PS" is Pine/Sun); unique because the spec reader checks initials."""
        return (self.vegetation[0] + self.symbol[0]).upper()

    def shares(self, other: Tile) -> bool:
        return self.vegetation == other.vegetation or self.symbol == other.symbol


@dataclass(frozen=True)
class NiyaSpec:
    grid: int
    vegetation: tuple[str, ...]
    symbols: tuple[str, ...]
    tiles: tuple[Tile, ...]            # the garden-tile rows, each repeated by its count, in spec order
    full_board: str
    points_targets: tuple[int, ...]
    wins_needed: int
    next_starter: str

    @cached_property
    def lookup(self) -> dict[str, Tile]:
        """A tile by code ("PS") or by name, in any case ("pine/sun")."""
        return {**{t.code: t for t in self.tiles}, **{t.name.upper(): t for t in self.tiles}}


def read_spec(game: Game) -> NiyaSpec:
    """Validate `rules:` and the tile rows; every mistake is one Problem of a single SpecError."""
    section = RulesSection(game, RULE_KEYS)
    r, get = section.r, section.get

    grid = get("grid", r.integer, minimum=2)
    vegetation = get("vegetation", _read_names, r)
    symbols = get("symbols", _read_names, r)
    full_board = get("full_board", r.choice, FULL_BOARD)
    targets = get("points_targets", _read_targets, r)
    wins_needed = get("wins_needed", r.integer, minimum=1)
    next_starter = get("next_starter", r.choice, NEXT_STARTER)
    tiles = _read_tiles(r, game, vegetation or (), symbols or ())
    section.done()
    return NiyaSpec(grid, vegetation, symbols, tiles, full_board, targets, wins_needed, next_starter)


def _read_names(value: Any, where: str, r: Reader) -> tuple[str, ...] | None:
    """Vegetations or symbols: distinct ids with distinct initials, since a layout code is made of initials."""
    names = r.ids(value, where)
    if names is None:
        return None
    clashes = [initial for initial, k in Counter(name[0] for name in names).items() if k > 1]
    if clashes:
        r.add(where, f'expected distinct initials (layout codes use them), got two starting with "{clashes[0]}"')
        return None
    return tuple(names)


def _read_targets(value: Any, where: str, r: Reader) -> tuple[int, ...] | None:
    items = r.sequence(value, where, min_items=1)
    read = [r.integer(v, join(where, i), minimum=1) for i, v in enumerate(items or ())]
    targets = tuple(n for n in read if n is not None)
    return None if items is None or len(targets) != len(read) else targets


def _read_tiles(r: Reader, game: Game, vegetation: Sequence[str], symbols: Sequence[str]) -> tuple[Tile, ...]:
    index = next((i for i, c in enumerate(game.components) if c.id == TILE_COMPONENT), None)
    if index is None:
        r.add("components", f'expected a "{TILE_COMPONENT}" component (the garden tiles)')
        return ()
    tiles = []
    for j, row in enumerate(game.components[index].rows):
        where = f"components[{index}].rows[{j}]"
        veg = r.choice(row.fields.get("vegetation"), join(where, "vegetation"), vegetation)
        sym = r.choice(row.fields.get("symbol"), join(where, "symbol"), symbols)
        if veg and sym:
            tiles.extend([Tile(veg, sym)] * row.count)
    return tuple(tiles)
