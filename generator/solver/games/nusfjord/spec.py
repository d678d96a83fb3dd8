"""Nusfjord's spec as the rules read it: `rules:` of components/nusfjord/game.yaml and the counts of its pieces.

Every number the referee uses (the setup table per player count, the Round-space instructions, the Elders
per player count, the Reserve limit, the scoring weights, ...) comes from here, never from the code; the
rulebook's own numbers are written once, in checks.py, and the spec is checked against them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from generator.solver.api import Game, Reader, RuleKey, RulesSection, join

# every key of `rules:` with its meaning, declared once (docs/spec.md is written from it)
RULE_FIELDS = (
    RuleKey("rounds", "rounds in a game (7)"),
    RuleKey("decks", "the Building deck components, one per back (herring, mackerel, cod)"),
    RuleKey("deck", "cards of each letter in one deck: `A`, `B`, `C`"),
    RuleKey("face_up", "`A` and `B` face up at setup"),
    RuleKey("supply_boards",
            "letter (`A`, `B`) -> the supply board component (its `params.columns` x `rows` are its spaces)"),
    RuleKey("by_players",
            "per player count: `action_board` (1-2 or 3-5), `imitation_tile` (4-player, 5-player or null), "
            "`banquet_fish`, `ships_per_type`, `add_A`, `draw_C_each`, `add_B`, `left_over_AB` (box or aside)"),
    RuleKey("round_spaces", "Round space -> what happens when the ship arrives: add_A, draw_C_each, add_B or reveal_C"),
    RuleKey("elder_spaces", "Elder spaces on the supply board (6)"),
    RuleKey("elders", "per player count, the Elders used (#1 to N)"),
    RuleKey("face_down_from", "Elders from this number on lie face down under the stacks"),
    RuleKey("elder_payout", "`at` (fish on an Elder that pay out), `personal`, `general`"),
    RuleKey("start_haul", "the catboat's haul (3)"),
    RuleKey("reserve_limit", "fish the Reserve takes from fishing (8)"),
    RuleKey("wood_cap", "wood a personal supply holds (12)"),
    RuleKey("forests_each", "Forests on each Harbor board at setup (4)"),
    RuleKey("shares", "`issued` and `unissued` Shares per player at setup"),
    RuleKey("workers", "Workers (and turns) per player"),
    RuleKey("score", "VP per `issued_share`, `gold`, `free_space`, `unissued_share`"),
    RuleKey("harbor_spaces", "Building spaces of a Harbor board"),
)
RULE_KEYS = tuple(f.key for f in RULE_FIELDS if f.required)
LETTERS = ("A", "B", "C")
SETUP_KEYS = ("action_board", "imitation_tile", "banquet_fish", "ships_per_type", "add_A", "draw_C_each", "add_B",
              "left_over_AB")
ACTION_SIDES = ("1-2", "3-5")
IMITATION_SIDES = ("4-player", "5-player")
LEFT_OVER = ("box", "aside")
# What happens when the First Player ship moves onto a Round space: the key of the setup table it reads.
ROUND_EVENTS = ("add_A", "draw_C_each", "add_B", "reveal_C")
SCORE_KEYS = ("issued_share", "gold", "free_space", "unissued_share")
PAYOUT_KEYS = ("at", "personal", "general")
SHARE_KEYS = ("issued", "unissued")

# The pieces the rules count, by component id (the spec's words for them).
ELDER, SHIP, FOREST, FISH, WOOD, GOLD, MULTIPLIER, HARBOR = (
    "elder", "ship", "forest", "fish-token", "wood-token", "gold", "multiplier", "harbor")


@dataclass(frozen=True)
class PlayerSetup:
    players: int
    action_board: str
    imitation_tile: str | None
    banquet_fish: int
    ships_per_type: int
    add_A: int
    draw_C_each: int
    add_B: int
    left_over_AB: str


@dataclass(frozen=True)
class NusfjordSpec:
    rounds: int
    decks: tuple[str, ...]
    deck: Mapping[str, int]                 # cards of each letter in one deck
    face_up: Mapping[str, int]              # A and B face up at setup
    supply_boards: Mapping[str, str]        # letter -> board component
    by_players: Mapping[int, PlayerSetup]
    round_spaces: Mapping[int, str]         # round -> event
    elder_spaces: int
    elders: Mapping[int, int]               # players -> Elders used (#1..N)
    face_down_from: int
    payout_at: int
    payout_personal: int
    payout_general: int
    start_haul: int
    reserve_limit: int
    wood_cap: int
    forests_each: int
    issued: int
    unissued: int
    workers: int
    score: Mapping[str, int]
    harbor_spaces: int

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(sorted(self.by_players))


def read_spec(game: Game) -> NusfjordSpec:
    """Validate `rules:`; every mistake is one Problem of a single SpecError."""
    section = RulesSection(game, RULE_KEYS)
    r, get = section.r, section.get
    ints = lambda key, keys, minimum=0: get(key, _int_map, r, keys, minimum)  # noqa: E731
    rounds = get("rounds", r.integer, minimum=1)
    decks = get("decks", _components, r, game)
    deck = ints("deck", LETTERS, 1)
    face_up = ints("face_up", LETTERS[:2])
    boards = get("supply_boards", _boards, r, game)
    by_players = get("by_players", _by_players, r, game)
    round_spaces = get("round_spaces", _round_spaces, r, rounds or 0)
    elder_spaces = get("elder_spaces", r.integer, minimum=1)
    elders = get("elders", _elders, r, game)
    face_down_from = get("face_down_from", r.integer, minimum=1)
    payout = ints("elder_payout", PAYOUT_KEYS)
    haul = get("start_haul", r.integer, minimum=0)
    limit = get("reserve_limit", r.integer, minimum=0)
    wood_cap = get("wood_cap", r.integer, minimum=0)
    forests = get("forests_each", r.integer, minimum=0)
    shares = ints("shares", SHARE_KEYS)
    workers = get("workers", r.integer, minimum=1)
    score = get("score", _int_map, r, SCORE_KEYS, None)
    spaces = get("harbor_spaces", r.integer, minimum=0)
    section.done()
    return NusfjordSpec(rounds, tuple(decks), deck, face_up, boards, by_players, round_spaces, elder_spaces, elders,
                        face_down_from, payout["at"], payout["personal"], payout["general"], haul, limit, wood_cap,
                        forests, shares["issued"], shares["unissued"], workers, score, spaces)


def _int_map(value: Any, where: str, r: Reader, keys: tuple[str, ...], minimum: int | None) -> dict[str, int] | None:
    m = r.mapping(value, where, keys)
    if m is None or any(k not in m for k in keys):
        return None
    read = {k: r.integer(m[k], join(where, k), minimum=minimum) for k in keys}
    out = {k: n for k, n in read.items() if n is not None}
    return None if len(out) != len(read) else out


def _component_ids(game: Game) -> set[str]:
    return {c.id for c in game.components}


def _components(value: Any, where: str, r: Reader, game: Game) -> list[str] | None:
    items = r.sequence(value, where, min_items=1) or []
    ids = _component_ids(game)
    for i, item in enumerate(items):
        if item not in ids:
            r.add(join(where, i), f'expected a component id of this spec, got "{item}"')
    return [str(i) for i in items]


def _boards(value: Any, where: str, r: Reader, game: Game) -> dict[str, str] | None:
    m = r.mapping(value, where, LETTERS[:2]) or {}
    ids = _component_ids(game)
    for k, v in m.items():
        if v not in ids:
            r.add(join(where, k), f'expected a component id of this spec, got "{v}"')
    return {k: str(v) for k, v in m.items()}


def _players(key: Any, where: str, r: Reader, game: Game) -> int | None:
    n = key if isinstance(key, int) else int(key) if str(key).isdigit() else None
    if n is None or not game.players_min <= n <= game.players_max:
        r.add(where, f"expected a player count from {game.players_min} to {game.players_max}, got {key!r}")
        return None
    return n


def _by_players(value: Any, where: str, r: Reader, game: Game) -> dict[int, PlayerSetup] | None:
    m = r.mapping(value, where, free=True) or {}
    out: dict[int, PlayerSetup] = {}
    for key, row in m.items():
        at = join(where, key)
        n = _players(key, at, r, game)
        row = r.mapping(row, at, SETUP_KEYS)
        if n is None or row is None or any(k not in row for k in SETUP_KEYS):
            continue
        imitation = row["imitation_tile"]
        board = r.choice(row["action_board"], join(at, "action_board"), ACTION_SIDES)
        tile = None if imitation is None else r.choice(imitation, join(at, "imitation_tile"), IMITATION_SIDES)
        read = [r.integer(row[k], join(at, k), minimum=0) for k in SETUP_KEYS[2:7]]
        left = r.choice(row["left_over_AB"], join(at, "left_over_AB"), LEFT_OVER)
        counts = [c for c in read if c is not None]
        if board is not None and left is not None and len(counts) == len(read):
            fish, ships, add_a, draw_c, add_b = counts
            out[n] = PlayerSetup(n, board, tile, fish, ships, add_a, draw_c, add_b, left)
    missing = [n for n in range(game.players_min, game.players_max + 1) if n not in out]
    if m and missing:
        r.add(where, f"expected a row for every player count, missing {', '.join(map(str, missing))}")
    return out


def _round_spaces(value: Any, where: str, r: Reader, rounds: int) -> dict[int, str]:
    m = r.mapping(value, where, free=True) or {}
    out = {}
    for key, event in m.items():
        n = key if isinstance(key, int) else None
        if n is None or not 1 <= n <= rounds:
            r.add(join(where, key), f"expected a Round space from 1 to {rounds}, got {key!r}")
            continue
        e = r.choice(event, join(where, key), ROUND_EVENTS)
        if e:
            out[n] = e
    return out


def _elders(value: Any, where: str, r: Reader, game: Game) -> dict[int, int]:
    m = r.mapping(value, where, free=True) or {}
    out = {}
    for key, count in m.items():
        n = _players(key, join(where, key), r, game)
        c = r.integer(count, join(where, key), minimum=0)
        if n is not None and c is not None:
            out[n] = c
    return out
