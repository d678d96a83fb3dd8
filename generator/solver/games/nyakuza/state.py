"""A game of Nyakuza in play: the bag, the bids, placement legality, groups, forced Stalls and rounds.

Shaped like OpenSpiel's tic_tac_toe.py: a state with legal_actions / apply_action / is_terminal / returns,
then small private helpers. A seat is an index into the clockwise seat order. The state is mutable, unlike
Niya's, because a simulation plays tens of thousands of placements and copying a 106-space board for each
would dominate.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Mapping, NamedTuple, Sequence

from generator.solver.games.nyakuza.bidding import BidOutcome, clockwise_from, final_winners, kobans, resolve_bids
from generator.solver.games.nyakuza.spec import BOAT, NyakuzaSpec

BID, PLACE, OVER = "bid", "place", "over"
SIMULTANEOUS, TERMINAL = -2, -4                       # current_player() outside a placement turn, as in OpenSpiel


class IllegalMove(ValueError):
    """A placement the rules forbid; the message says which rule."""


class Build(NamedTuple):
    shore: int
    tiles: tuple[int, ...]          # tile numbers, each covered by one Kōban
    market: bool = False            # the Grand Market instead of a Stall: the game ends


class NyakuzaState:
    """A game: chance (the bag) through `seed`, simultaneous bids (apply_bids), then one Boat per apply_action.

    Actions of a placement turn are space indices, plus SECRET (play the Secret Resource tile with its Boat)
    and PASS (end the turn: offered when no Boat is left to place or none can legally be placed).
    """

    def __init__(self, spec: NyakuzaSpec, players: int, seed: Any = 0, *, seats: Sequence[str] | None = None,
                 variant: bool = False, deal: bool = True):
        setup = spec.setups[players]
        self.spec, self.board, self.setup, self.variant = spec, spec.board, setup, variant
        self.seats = tuple(seats or (c.id for c in spec.clans[:players]))
        n, spaces = len(self.seats), len(spec.board.ids)
        self.SECRET, self.PASS = spaces, spaces + 1
        self.rng = random.Random(seed)
        self.kobans, self.stalls_left, self.supply = [setup.kobans] * n, [setup.stalls] * n, [setup.boats] * n
        self.on_board, self.missing, self.awarded = [0] * n, [0] * n, [0] * n
        self.secret: list[int | None] = [None] * n
        self.owner, self.stall = [-1] * spaces, [-1] * spaces
        self.tile, self.used = [False] * spaces, [False] * spaces
        self.free_tiles: set[int] = set()
        self.frontier: list[set[int]] = [set() for _ in range(n)]
        self.bag = [number for number, _ in spec.tiles]
        self.wharf = self.amulet = self.round = self.used_count = 0
        self.final, self.phase, self.queue, self.current, self.pending = False, BID, [], -1, 0
        self.winners: tuple[int, ...] = ()
        self.how, self.market, self.short = "", -1, set()
        if deal:
            if variant:
                self._deal_secrets()
            self._start_round()

    # -- OpenSpiel-like interface ---------------------------------------------------------------------
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else SIMULTANEOUS if self.phase == BID else self.current

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        """+1 for each winner (tied clans all win), -1 for the others; zeros while the game goes on."""
        if not self.is_terminal():
            return [0.0] * len(self.seats)
        return [1.0 if i in self.winners else -1.0 for i in range(len(self.seats))]

    def legal_bids(self, seat: int) -> range:
        return range(self.kobans[seat] + 1)

    def legal_actions(self) -> list[int]:
        if self.phase != PLACE:
            return []
        p = self.current
        spaces = [s for s in self._candidates(p) if self._cannot_pay(p, s) is None] if self.pending else []
        secret = [self.SECRET] if self.why_illegal(self.SECRET) is None else []
        return spaces + secret + ([] if spaces else [self.PASS])

    def action_to_string(self, action: int) -> str:
        return {self.SECRET: "secret", self.PASS: "pass"}.get(action) or self.board.ids[action]

    def target(self, action: int) -> int:
        """The space an action puts a Boat on: the Secret Resource's Boat goes on that tile (proposed, NYA-GAP-08)."""
        return self.board.resource[self.secret[self.current]] if action == self.SECRET else action

    def apply_bids(self, bids: Sequence[int]) -> BidOutcome:
        """All bids at once, in seat order (they are revealed simultaneously)."""
        if self.phase != BID:
            raise IllegalMove("no bid is open now")
        out = resolve_bids(self.seats, self.seats[self.amulet], self.wharf, dict(zip(self.seats, self.kobans)),
                           dict(zip(self.seats, bids)), self.spec.boats_by_rank, self.spec.wharf_order)
        self.kobans = [out.kobans[s] for s in self.seats]
        self.wharf, self.amulet = out.wharf, self.seats.index(out.amulet)
        self.awarded = [out.boats[s] for s in self.seats]
        self.queue = [self.seats.index(s) for s in out.order] + self._secret_turns()
        self.phase = PLACE
        self._next_turn()
        return out

    def apply_action(self, action: int, choices: Sequence[tuple[int, tuple[int, ...]]] = ()) -> list[Build]:
        """Place one Boat (or play the Secret Resource, or pass); returns the Stalls it forced, in order."""
        why = self.why_illegal(action, choices)
        if why is not None:
            raise IllegalMove(why)
        p = self.current
        if action == self.PASS:
            self.supply[p] += self.pending
            self.pending = 0
            return self._after_turn_step(p, [], force_end=True)
        if action == self.SECRET:
            action, number, self.secret[p] = self.target(action), self.secret[p], None
            self._put_tile(number)
            self.supply[p] -= 1
            self.pending += self.spec.secret_boats - 1
        else:
            self.pending -= 1
        builds = self._place(p, action, choices)
        return self._after_turn_step(p, builds)

    # -- legality ------------------------------------------------------------------------------------
    def why_illegal(self, action: int, choices: Sequence[tuple[int, tuple[int, ...]]] = ()) -> str | None:
        """None if the current player may take `action`, else the rule that forbids it."""
        if self.phase != PLACE:
            return "the game is over" if self.phase == OVER else "Boats are placed after the bids"
        p, clan = self.current, self.seats[self.current]
        if action == self.PASS:
            return None if not self.pending or not self._any_space(p) else f"{clan} must place their Boats first"
        if action == self.SECRET:
            if self.secret[p] is None:
                return f"{clan} holds no Secret Resource tile"
            if not self.supply[p]:
                return f"{clan} has no Boat left for the Secret Resource tile"
            return self._cannot_pay(p, self.target(action), choices)
        if not self.pending:
            return f"{clan} has no Boat left to place this turn"
        return self._where_illegal(p, action) or self._cannot_pay(p, action, choices)

    def _where_illegal(self, p: int, s: int) -> str | None:
        name, kind = self.board.ids[s], self.board.kinds[s]
        if self.stall[s] >= 0 or s == self.market:
            return f"{name} holds a Stall"
        if self.owner[s] >= 0:
            return f"{name} is taken by a {self.seats[self.owner[s]]} Boat"
        if kind == "resource" and not self.tile[s]:
            return f"{name} has no tile yet"
        if kind != "resource" and not any(self.owner[t] == p for t in self.board.neighbours[s]):
            return f"{name} is a {kind.capitalize()} space not next to a {self.seats[p]} Boat"
        return None

    def _cannot_pay(self, p: int, s: int, choices: Sequence = ()) -> str | None:
        """The rulebook's ATTENTION (L295-303): a Boat may not complete Stalls its owner cannot pay for."""
        builds = self._plan(p, self._group(p, s), choices)
        cost = sum(len(b.tiles) for b in builds)
        if cost <= self.kobans[p]:
            return None
        what = "; ".join(f"{'the Grand Market' if b.market else 'a Stall'} on {self.board.ids[b.shore]} with tiles "
                         f"{', '.join(map(str, b.tiles))}" for b in builds)
        return f"a Boat on {self.board.ids[s]} would build {what}, costing {kobans(cost)}, but {self.seats[p]} " \
               f"has only {kobans(self.kobans[p])}"

    def _candidates(self, p: int) -> list[int]:
        """Spaces that may take a Boat before the Kōban test: free tiles, and free Shores and Seas next to p."""
        return sorted(self.free_tiles | self.frontier[p])

    def _any_space(self, p: int) -> bool:
        return any(self._cannot_pay(p, s) is None for s in self._candidates(p))

    # -- groups and Stalls --------------------------------------------------------------------------
    def _group(self, p: int, start: int) -> set[int]:
        """The spaces of p's Boats connected to `start` (counted as p's even before the Boat lands)."""
        owner, neighbours = self.owner, self.board.neighbours
        seen, stack = {start}, [start]
        while stack:
            for t in neighbours[stack.pop()]:
                if owner[t] == p and t not in seen:
                    seen.add(t)
                    stack.append(t)
        return seen

    def _plan(self, p: int, group: set[int], choices: Sequence = ()) -> list[Build]:
        """Every Stall the group must build now, in order: while it holds unused recipe tiles and an empty Shore."""
        if len(group) < 2:
            return []
        kinds, numbers, spec = self.board.kinds, self.board.numbers, self.spec
        pool = {numbers[s]: spec.tile_type[numbers[s]] for s in group if kinds[s] == "resource" and not self.used[s]}
        shores = sorted(s for s in group if kinds[s] == "shore" and self.stall[s] < 0 and s != self.market)
        out: list[Build] = []
        stalls = self.stalls_left[p]
        while shores:
            step = self._choose(pool, shores, choices[len(out)] if len(out) < len(choices) else None)
            if step is None:
                break
            out.append(Build(step[0], step[1], stalls == 0))
            if stalls == 0:
                break                   # the Grand Market ends the game
            shores.remove(step[0])
            for n in step[1]:
                del pool[n]
            stalls -= 1
        return out

    def _choose(self, pool: dict[int, str], shores: list[int], pick: tuple | None) -> tuple[int, tuple] | None:
        """The first choice (first recipe in spec order, lowest tiles, first Shore: NYA-GAP-06), or a scripted pick."""
        if pick is None:
            for recipe in self.spec.recipes:
                tiles = _take(pool, recipe)
                if tiles:
                    return shores[0], tiles
            return None
        shore, tiles = pick
        if shore not in shores:
            raise IllegalMove(f"{self.board.ids[shore]} is not an empty Shore of the group")
        if any(n not in pool for n in tiles):
            raise IllegalMove(f"tiles {list(tiles)} are not all unused tiles of the group")
        if Counter(pool[n] for n in tiles) not in [Counter(dict(r)) for r in self.spec.recipes]:
            raise IllegalMove(f"tiles {list(tiles)} are not a recipe")
        return shore, tuple(sorted(tiles))

    # -- changing the board --------------------------------------------------------------------------
    def _put_tile(self, number: int) -> None:
        s = self.board.resource[number]
        self.tile[s] = True
        if self.owner[s] < 0:
            self.free_tiles.add(s)

    def _place(self, p: int, s: int, choices: Sequence = ()) -> list[Build]:
        self.owner[s] = p
        self.on_board[p] += 1
        self.free_tiles.discard(s)
        for f in self.frontier:
            f.discard(s)
        for t in self.board.neighbours[s]:
            if self.board.kinds[t] != "resource" and self.owner[t] < 0:
                self.frontier[p].add(t)
        builds = self._plan(p, self._group(p, s), choices)
        for b in builds:
            self._build(p, b)
        return builds

    def _build(self, p: int, b: Build) -> None:
        self.kobans[p] -= len(b.tiles)
        for n in b.tiles:
            self.used[self.board.resource[n]] = True
            self.used_count += 1
        if b.market:
            self.market, self.winners, self.how, self.phase = b.shore, (p,), "grand-market", OVER
        else:
            self.stall[b.shore] = p
            self.stalls_left[p] -= 1

    # -- rounds and turns ------------------------------------------------------------------------------
    def _deal_secrets(self) -> None:
        """Variant (L352-360): each clan draws one hidden tile; a redraw type goes back and is drawn again."""
        for p in range(len(self.seats)):
            while any(self.spec.tile_type[n] not in self.spec.secret_redraw for n in self.bag):
                i = self.rng.randrange(len(self.bag))
                if self.spec.tile_type[self.bag[i]] not in self.spec.secret_redraw:
                    self.secret[p] = self.bag.pop(i)
                    break

    def _start_round(self) -> None:
        """Place Resources (L229-236): the Amulet holder draws blind; an empty bag makes this the final round."""
        self.round += 1
        self.phase = BID
        if not self.bag:
            self.final = True
            return
        draw = self.setup.first if self.round == 1 else self.setup.later
        for _ in range(min(draw, len(self.bag))):
            self._put_tile(self.bag.pop(self.rng.randrange(len(self.bag))))

    def _secret_turns(self) -> list[int]:
        """Variant: clans without Boats but with a Secret tile play after the others, clockwise from the Amulet."""
        if not self.variant:
            return []
        return [i for i in clockwise_from(range(len(self.seats)), self.amulet)
                if not self.awarded[i] and self.secret[i] is not None]

    def _next_turn(self) -> None:
        while self.queue:
            p = self.queue.pop(0)
            got = self.awarded[p] if self.spec.out_of_boats == "unlimited" else min(self.awarded[p], self.supply[p])
            self.missing[p] += max(self.awarded[p] - self.supply[p], 0)
            if self.awarded[p] > self.supply[p]:
                self.short.add(BOAT)
            self.supply[p] -= got
            self.current, self.pending = p, got
            if got or self.secret[p] is not None:
                return
        self.current = -1
        if self.final:
            self._rank()
        else:
            self._start_round()

    def _after_turn_step(self, p: int, builds: list[Build], force_end: bool = False) -> list[Build]:
        if self.phase != OVER and (force_end or (not self.pending and self.secret[p] is None)):
            self._next_turn()
        return builds

    def _rank(self) -> None:
        built = {s: self.setup.stalls - self.stalls_left[i] for i, s in enumerate(self.seats)}
        won = final_winners(self.seats, built, dict(zip(self.seats, self.kobans)))
        self.winners, self.how, self.phase = tuple(self.seats.index(s) for s in won), "ranking", OVER

    # -- positions (worked examples) and random play ----------------------------------------------------
    def begin_turn(self, seat: int, boats: int) -> None:
        """Make `seat` the player placing `boats` Boats now (a scripted position, outside the bid)."""
        self.phase, self.queue, self.current, self.pending = PLACE, [], seat, boats
        self.awarded[seat] = boats

    def random_action(self, rng: random.Random) -> int:
        """A uniformly random legal action, found by rejection so that most spaces are never Kōban-tested."""
        p = self.current
        options = self._candidates(p) if self.pending else [self.PASS]
        if self.secret[p] is not None:
            options.append(self.SECRET)
        while options:
            i = rng.randrange(len(options))
            if options[i] == self.PASS or self.why_illegal(options[i]) is None:
                return options[i]
            options[i] = options[-1]
            options.pop()
        return self.PASS

    def kobans_in_play(self) -> int:
        """Behind the screens, in the Wharf and on used tiles: always the Kōbans printed (NYA-INV-07)."""
        return sum(self.kobans) + self.wharf + self.used_count


def _take(pool: Mapping[int, str], recipe: Sequence[tuple[str, int]]) -> tuple[int, ...] | None:
    chosen: list[int] = []
    for kind, k in recipe:
        have = sorted(n for n, t in pool.items() if t == kind)
        if len(have) < k:
            return None
        chosen += have[:k]
    return tuple(sorted(chosen))
