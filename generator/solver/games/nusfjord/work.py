"""Nusfjord's Work phase for the random-play engine: the printed pieces the engine counts, the action spaces
and what each does to goods, Forests, Shares, Ships, Elders and Buildings.

The rulebook's action list is missing (NUS-GAP-01): it names Thin Out (L176: 1 wood per Forest, barred with
no Forest or 12 wood), Serve Fish next to the Banquet Table (L30) and the "newly issued shares" space (L134).
Every other space, cost and value below is PROPOSED here so random games move every resource the invariants
track; the numbers sit in the tables at the top, marked as such, and `engine` never invents its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any, Protocol

from generator.solver.api import Game
from generator.solver.games.nusfjord.player import Player
from generator.solver.games.nusfjord.spec import FISH, FOREST, GOLD, HARBOR, MULTIPLIER, SHIP, WOOD, NusfjordSpec


class GameInProgress(Protocol):
    """What the work actions read and change of a game in progress (engine.NusfjordState is one); declared here so
    that work.py does not import the engine that imports it."""

    spec: NusfjordSpec
    players: int
    pieces: "Pieces"
    general: dict[str, int]
    banquet: list[int]
    elder_stacks: list[list[int]]
    ship_supply: dict[str, int]
    shares: dict[int, list[str | int]]         # each Share: "own", "unissued", "board", or the seat holding it
    boards: dict[str, list[str | None]]
    c_display: list[str]
    cards: dict[str, Any]
    occupied: dict[str, Any]
    forests_general: int

    def kind(self, space: str) -> str: ...
    def move(self, good: str, me: Player, n: int) -> None: ...
    def free_spaces(self, me: Player) -> int: ...
    def take_card(self, me: Player, card: str) -> None: ...


# -- proposed (NUS-GAP-01..04): not in the rulebook --------------------------------------------------------
# Capacity of each Action-board space per side (L172-174: "most show 1"; 2 and 3 only on the 3-5 side).
SPACES = {"1-2": {"thin_out": 1, "deforest": 1, "wood": 1, "gold": 1, "serve_fish": 1, "elder": 1, "ship": 1,
                  "issue_share": 1, "buy_share": 1, "build": 1},
          "3-5": {"thin_out": 1, "deforest": 1, "wood": 2, "gold": 3, "serve_fish": 1, "elder": 1, "ship": 2,
                  "issue_share": 1, "buy_share": 2, "build": 2}}
IMITATION = {None: 0, "4-player": 1, "5-player": 3}     # L34: the 4-player side shows one space, 5-player three
SHIPS = {"sloop": (2, 1), "cutter": (4, 3), "schooner": (6, 5)}   # type -> (wood cost, VP)   NUS-GAP-03
TRACK_STEPS = (2, 2, 1, 2)      # haul rise under each Ship place: 3, 5, 7, 8, 10 (L118 shows a haul of 10)
LETTER_COST = {"A": {"wood": 2}, "B": {"wood": 3, "gold": 1}, "C": {"wood": 2, "gold": 2}}   # blank cards
LETTER_VP = {"A": 1, "B": 2, "C": 3}
GAIN = {"wood": 2, "gold": 1, "deforest_wood": 2, "issue_gold": 2, "buy_price": 1, "elder_gold": 1}
GOODS = ("fish", "wood", "gold")


@dataclass(frozen=True)
class Card:
    """One Building card as the engine needs it."""
    id: str
    letter: str
    name: str
    cost: tuple[tuple[str, int], ...]
    vp: int | None                   # None: a `*` value (Harbor Installation: 2 per Ship)


@dataclass(frozen=True)
class Pieces:
    """What the printed set holds, from the spec's components (never from the rulebook's numbers)."""
    goods: dict[str, int]            # fish / wood / gold: tokens plus multiplication tiles, gold by value
    forests: int
    deck: tuple[Card, ...]           # the first-game deck (seed L66)
    board_spaces: dict[str, int]     # A / B Building supply board spaces
    track_places: int                # the catboat and the Ship places
    plates: int                      # Banquet Table plates
    ship_types: tuple[str, ...]      # Ship types printed
    doubles: int                     # double spaces on the Harbor board's right half (Forests lie there)


def printed_pieces(spec: NusfjordSpec, game: Game) -> Pieces:
    """The pieces `engine.new_state` conserves, read from the components of `game`."""
    mult = {g: sum(int(r.fields["times"]) * r.count for r in game.component(MULTIPLIER).rows
                   if r.fields.get("good") == g) for g in ("fish", "wood")}
    goods = {"fish": game.component(FISH).total_count(game.seats) + mult["fish"],
             "wood": game.component(WOOD).total_count(game.seats) + mult["wood"],
             "gold": sum(int(r.fields["value"]) * r.count for r in game.component(GOLD).rows)}
    cards = []
    for r in game.component(spec.decks[0]).rows:
        f = r.fields
        letter = str(f["letter"])
        cost = {g: int(f[g]) for g in GOODS if str(f.get(g) or "").strip()} or LETTER_COST[letter]
        vp = str(f.get("vp") or "").strip()
        cards.append(Card(f"{letter}{f['number']}", letter, str(f.get("name") or ""), tuple(sorted(cost.items())),
                          None if vp == "*" else int(vp) if vp else LETTER_VP[letter]))
    board = {k: int(game.component(b).params["columns"]) * int(game.component(b).params["rows"])
             for k, b in spec.supply_boards.items()}
    types = tuple(dict.fromkeys(str(r.fields["type"]) for r in game.component(SHIP).rows))
    harbor = game.component(HARBOR).params
    return Pieces(goods, game.component(FOREST).total_count(game.seats), tuple(cards), board,
                  int(harbor["track_places"]), int(game.component("banquet-table").params["plates"]), types,
                  int(harbor["left_columns"]) // 2 * int(harbor["rows"]))


def haul(spec: NusfjordSpec, ships: int) -> int:
    """The lowest visible number of the Fishing track (L114-116): the catboat's, raised by each Ship."""
    return spec.start_haul + sum(TRACK_STEPS[:ships])


def fishing_choices(hand: int, elders: list[int], on_board: int, holders: list[int]) \
        -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The player's one choice in the Fishing phase (L164): when the haul runs short in step 1 or 2, which
    Elders (by number) and which other players' Shares (holders, one entry a Share) get fish; the Action
    board's Shares always come first. One choice when nothing runs short."""
    fed = [tuple(c) for c in combinations(elders, hand)] if hand < len(elders) else [tuple(elders)]
    left = max(0, hand - len(elders) - on_board)
    paid = sorted(set(combinations(sorted(holders), left))) if left < len(holders) else [tuple(sorted(holders))]
    return [(e, h) for e in fed for h in paid]


# -- the effects: each returns the legal options of a space for the player, or carries one out ----------------
def options(s: GameInProgress, space: str, me: Player) -> list[tuple[Any, ...]]:
    kind = s.kind(space)
    if kind == "elder_seat":
        return [("elder_gold",)] if s.general["gold"] else []
    return OPTIONS[kind](s, me)


def _thin_out(s: GameInProgress, me: Player) -> list[tuple]:
    return [("thin_out",)] if sum(me.forests) and me.wood < s.spec.wood_cap and s.general["wood"] else []


def _deforest(s: GameInProgress, me: Player) -> list[tuple]:
    return [("deforest", d) for d, n in enumerate(me.forests) if n]


def _take(good: str):
    def opts(s: GameInProgress, me: Player) -> list[tuple]:
        full = good == "wood" and me.wood >= s.spec.wood_cap
        return [(good,)] if s.general[good] and not full else []
    return opts


def _serve(s: GameInProgress, me: Player) -> list[tuple]:
    empty = s.banquet.count(0)
    return [("serve_fish", k) for k in range(1, min(me.fish, empty, s.general["gold"]) + 1)]


def _elder(s: GameInProgress, me: Player) -> list[tuple]:
    return [("elder", i) for i, stack in enumerate(s.elder_stacks) if stack]


def _ship(s: GameInProgress, me: Player) -> list[tuple]:
    if len(me.ships) >= s.pieces.track_places - 1:
        return []
    return [("ship", t) for t in s.pieces.ship_types if s.ship_supply[t] and me.wood >= SHIPS[t][0]]


def _issue(s: GameInProgress, me: Player) -> list[tuple]:
    return [("issue_share",)] if "unissued" in s.shares[me.seat] else []


def _buy(s: GameInProgress, me: Player) -> list[tuple]:
    if me.gold < GAIN["buy_price"]:
        return []
    return [("buy_share", c) for c in range(s.players) if "board" in s.shares[c]]


def _build(s: GameInProgress, me: Player) -> list[tuple]:
    if s.free_spaces(me) <= 0:
        return []
    offer = [c for c in s.boards["A"] + s.boards["B"] + s.c_display + me.hand if c]
    return [("build", c) for c in offer if all(getattr(me, g) >= n for g, n in s.cards[c].cost)]


def _imitate(s: GameInProgress, me: Player) -> list[tuple]:
    """An Imitation space carries out the action of an Action-board space someone occupies (proposed)."""
    taken = [sp for sp, who in s.occupied.items() if who and s.kind(sp) in SPACES["3-5"]]
    return sorted({o for sp in taken for o in OPTIONS[s.kind(sp)](s, me)})


OPTIONS = {"thin_out": _thin_out, "deforest": _deforest, "wood": _take("wood"), "gold": _take("gold"),
           "serve_fish": _serve, "elder": _elder, "ship": _ship, "issue_share": _issue, "buy_share": _buy,
           "build": _build, "imitation": _imitate}


def carry_out(s: GameInProgress, me: Player, option: tuple[Any, ...]) -> None:
    """Carry out `option` for `me`: every good moves between the general supply and a player, never appears."""
    what = option[0]
    if what == "thin_out":                     # L176: 1 wood per Forest, excess back at once (L82)
        s.move("wood", me, sum(me.forests))
    elif what == "deforest":
        me.forests[option[1]] -= 1
        s.forests_general += 1
        s.move("wood", me, GAIN["deforest_wood"])
    elif what in ("wood", "gold"):
        s.move(what, me, GAIN[what])
    elif what == "elder_gold":
        s.move("gold", me, GAIN["elder_gold"])
    elif what == "serve_fish":                 # fish onto the lowest empty plates, 1 gold a fish
        for _ in range(option[1]):
            s.banquet[s.banquet.index(0)] = 1
        me.fish -= option[1]
        s.move("gold", me, option[1])
    elif what == "elder":                      # the top Elder joins the Council; the Banquet's fish go along
        me.elders.append([s.elder_stacks[option[1]].pop(), 0])
        me.fish += sum(s.banquet)
        s.banquet = [0] * len(s.banquet)
    elif what == "ship":
        me.wood -= SHIPS[option[1]][0]
        s.general["wood"] += SHIPS[option[1]][0]
        s.ship_supply[option[1]] -= 1
        me.ships.append(option[1])
    else:
        _shares_or_build(s, me, option)


def _shares_or_build(s: GameInProgress, me: Player, option: tuple[Any, ...]) -> None:
    what = option[0]
    if what == "issue_share":                  # an Unissued Share turns over onto the newly-issued space
        s.shares[me.seat][s.shares[me.seat].index("unissued")] = "board"
        s.move("gold", me, GAIN["issue_gold"])
    elif what == "buy_share":
        company = option[1]
        s.shares[company][s.shares[company].index("board")] = "own" if company == me.seat else me.seat
        me.gold -= GAIN["buy_price"]
        s.general["gold"] += GAIN["buy_price"]
    elif what == "build":
        card = s.cards[option[1]]
        for g, n in card.cost:
            setattr(me, g, getattr(me, g) - n)
            s.general[g] += n
        s.take_card(me, card.id)
        me.buildings.append(card.id)
    else:
        raise ValueError(f"unknown action {option!r}")
