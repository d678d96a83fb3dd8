"""Nusfjord's engine for random legal games (the `State` of generator/solver/play.py).

Seven Rounds of Fishing, Work and Returning Home (rulebook L94-101). Fishing (L104-164) is fishing.py's
five steps for every player, with no choice left (the Council order decides when the haul runs short).
Work (L166-182): from the First Player clockwise, three turns each; a turn places a Worker on an Action-board
space, an Imitation space or one of the player's Elders (work.py), or passes. Returning Home (L184-206): the
Workers come back, the ship moves one Round space so the player to the right starts (setup.first_players),
and the new Round space's instruction (add_A, draw_C_each, add_B, reveal_C) is carried out. After Round 7,
scoring.py scores. `invariants()` checks the goods, Forests, Shares, Ships, Elders and Buildings are each
where exactly one copy can be, the Reserve limit, three Workers a player and the phase order.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Sequence

from generator.solver.games.nusfjord import work
from generator.solver.games.nusfjord.fishing import Catch, fish
from generator.solver.games.nusfjord.player import Player
from generator.solver.games.nusfjord.scoring import harbor_installation, score
from generator.solver.games.nusfjord.setup import elder_stacks, first_players
from generator.solver.games.nusfjord.spec import NusfjordSpec

PHASES = ("fishing", "work", "returning")


class NusfjordState:
    """One game in progress; `apply` changes it in place. Seats are 0..p-1 clockwise, reported as P1..Pp."""

    def __init__(self, spec: NusfjordSpec, players: int, seed: str, pieces: work.Pieces):
        self.spec, self.players, self.pieces = spec, players, pieces
        self.row = spec.by_players[players]
        self.rng = random.Random(f"nusfjord:{seed}")
        self.cards = {c.id: c for c in pieces.deck}
        self.general = dict(pieces.goods)
        doubles = pieces.doubles
        top = spec.forests_each - (doubles - 1)
        self.seats = [Player(i, [top] + [1] * (doubles - 1)) for i in range(players)]
        self.forests_general = pieces.forests - spec.forests_each * players
        start: list[str | int] = [*["own"] * spec.issued, *["unissued"] * spec.unissued]
        self.shares = {i: list(start) for i in range(players)}
        self.banquet = [1] * self.row.banquet_fish + [0] * (pieces.plates - self.row.banquet_fish)
        self.general["fish"] -= self.row.banquet_fish
        self.ship_supply = {t: self.row.ships_per_type for t in pieces.ship_types}
        self._deal_buildings()
        self._deal_elders()
        side = work.SPACES[self.row.action_board]
        self.capacity = {**side, **{f"imitation-{i + 1}": 1 for i in range(work.IMITATION[self.row.imitation_tile])}}
        self.occupied: dict[str, list[int]] = {}
        self.first_by_round = first_players(list(range(players)), self.rng.randrange(players), spec.rounds)
        self.round, self.phase, self.turn = 1, "", 0
        self.acted: list[int] = []
        self.log: list[tuple[int, str]] = []
        self.catches: list[tuple[int, int, Catch[int]]] = []
        self._start_round()

    # -- setup ------------------------------------------------------------------------------------------
    def _deal_buildings(self) -> None:
        """Setup step 8-9: each letter shuffled; 9 A and 6 B face up; the rest aside (or boxed at 2 players)."""
        piles = {k: [c.id for c in self.pieces.deck if c.letter == k] for k in self.spec.deck}
        for pile in piles.values():
            self.rng.shuffle(pile)
        self.boards: dict[str, list[str | None]] = {}
        for k, spaces in self.pieces.board_spaces.items():
            up = self.spec.face_up[k]
            self.boards[k] = piles[k][:up] + [None] * (spaces - up)
            piles[k] = piles[k][up:]
        self.box: list[str] = []
        if self.row.left_over_AB == "box":
            for k in self.boards:
                self.box += piles[k]
                piles[k] = []
        self.piles = piles
        self.c_display: list[str] = []

    def _deal_elders(self) -> None:
        """Setup step 6: the Elder stacks bottom to top, the face-down ones shuffled under them (5 players)."""
        hidden = list(range(self.spec.face_down_from, self.spec.elders[self.players] + 1))
        self.rng.shuffle(hidden)
        self.elder_stacks = []
        for st in elder_stacks(self.spec, self.players):
            under, hidden = hidden[:st["face_down"]], hidden[st["face_down"]:]
            self.elder_stacks.append(under + list(st["face_up"]))

    # -- the round flow ---------------------------------------------------------------------------------
    @property
    def first(self) -> int:
        return self.first_by_round[self.round - 1]

    @property
    def order(self) -> list[int]:
        """The Work phase's turns: clockwise from the First Player, one Worker a turn (L168-170)."""
        return [(self.first + k) % self.players for k in range(self.players)] * self.spec.workers

    def _start_round(self) -> None:
        self.phase = "fishing"
        self.log.append((self.round, "fishing"))
        self.to_fish = [(self.first + k) % self.players for k in range(self.players)]
        self._next_fisher()

    def _next_fisher(self) -> None:
        """Fish for each player in turn; stop at one whose haul runs short with a choice to make (L164)."""
        while self.to_fish:
            choices = self._fishing_choices(self.to_fish[0])
            if len(choices) > 1:
                return
            self._fish(self.to_fish.pop(0), *choices[0])
        self.phase, self.turn, self.acted = "work", 0, []
        self.log.append((self.round, "work"))

    def _fishing_choices(self, seat: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        me, owned = self.seats[seat], self.shares[seat]
        hand = min(work.haul(self.spec, len(me.ships)), self.general["fish"])
        holders = [h for h in owned if not isinstance(h, str)]
        return work.fishing_choices(hand, [e for e, _ in me.elders], owned.count("board"), holders)

    def _fish(self, seat: int, fed: tuple[int, ...], foreign_fed: tuple[int, ...]) -> None:
        """One player's haul from the general supply, distributed by fishing.py (L104-164): the Elders `fed`
        first, then the Action board's Shares, then the other holders in `foreign_fed` first."""
        me, owned = self.seats[seat], self.shares[seat]
        me.elders.sort(key=lambda e: e[0] not in fed)
        holders = sorted({h for h in owned if not isinstance(h, str)}, key=lambda h: h not in foreign_fed)
        foreign = {h: owned.count(h) for h in holders}
        hand = min(work.haul(self.spec, len(me.ships)), self.general["fish"])
        self.general["fish"] -= hand
        catch = fish(self.spec, hand, [f for _, f in me.elders], owned.count("board"), foreign, owned.count("own"),
                     me.reserve)
        for elder, after in zip(me.elders, catch.elders):
            elder[1] = after
        me.elders.sort()
        me.reserve = catch.reserve
        me.fish += catch.to_personal_supply
        for holder, n in catch.foreign_shares.items():
            self.seats[holder].fish += n
        self.general["fish"] += catch.to_general_supply
        self.catches.append((seat, hand, catch))

    def _return_home(self) -> None:
        """L184-206: Workers home, the ship to the next Round space and its instruction; after Round 7, the end."""
        self.phase = "returning"
        self.log.append((self.round, "returning"))
        self.occupied = {}
        for p in self.seats:
            p.workers_out = 0
        if self.round == self.spec.rounds:
            self.phase = "over"
            return
        self.round += 1
        self._round_space(self.spec.round_spaces.get(self.round))
        self._start_round()

    def _round_space(self, event: str | None) -> None:
        if event in ("add_A", "add_B"):          # never more than the empty spaces (L198, L202)
            k, board = event[-1], self.boards[event[-1]]
            for _ in range(getattr(self.row, event)):
                if None not in board or not self.piles[k]:
                    break
                board[board.index(None)] = self.piles[k].pop()
        elif event == "draw_C_each":
            for i in range(self.players):
                me = self.seats[(self.first + i) % self.players]
                n = min(self.row.draw_C_each, len(self.piles["C"]))
                me.hand += self.piles["C"][:n]
                self.piles["C"] = self.piles["C"][n:]
        elif event == "reveal_C":
            for me in self.seats:
                self.c_display += me.hand
                me.hand = []

    # -- the State protocol -----------------------------------------------------------------------------
    def kind(self, space: str) -> str:
        return "imitation" if space.startswith("imitation") else "elder_seat" if space.startswith("elder-") \
            else space

    def legal_actions(self) -> Sequence[tuple[Any, ...]]:
        if self.phase == "fishing":
            return [("fish", *c) for c in self._fishing_choices(self.to_fish[0])]
        if self.phase != "work":
            return []
        me = self.seats[self.order[self.turn]]
        spaces = [s for s, cap in self.capacity.items() if len(self.occupied.get(s, ())) < cap]
        spaces += [f"elder-{n}" for n, _ in me.elders if not self.occupied.get(f"elder-{n}")]
        return [("pass",)] + [(s, o) for s in spaces for o in work.options(self, s, me)]

    def apply(self, action: tuple[Any, ...]) -> "NusfjordState":
        if self.phase == "fishing":
            self._fish(self.to_fish.pop(0), *action[1:])
            self._next_fisher()
            return self
        seat = self.order[self.turn]
        if action != ("pass",):
            space, option = action
            self.occupied.setdefault(space, []).append(seat)
            self.seats[seat].workers_out += 1
            work.carry_out(self, self.seats[seat], option)
        self.acted.append(seat)
        self.turn += 1
        if self.turn == len(self.order):
            self._return_home()
        return self

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> dict[str, Any]:
        scores = {f"P{p.seat + 1}": self.score(p) for p in self.seats}
        best = max(s["total"] for s in scores.values())
        return {"how": f"after round {self.spec.rounds}", "rounds": self.round,
                "scores": {k: s["total"] for k, s in scores.items()}, "details": scores,
                "winners": [k for k, s in scores.items() if s["total"] == best]}

    def invariants(self) -> list[str]:
        return [*self._goods(), *self._pieces(), *self._flow()]

    # -- invariants ------------------------------------------------------------------------------------
    def _goods(self) -> list[str]:
        """Fish, wood and gold: the printed amounts, all between the general supply and the players."""
        out = []
        held = {"fish": sum(sum(f for _, f in p.elders) + p.reserve for p in self.seats) + sum(self.banquet),
                "wood": 0, "gold": 0}
        for good, total in self.pieces.goods.items():
            places = [self.general[good]] + [getattr(p, good) for p in self.seats]
            if min(places) < 0:
                out.append(f"{good} below zero: general {places[0]}, players {places[1:]}")
            if sum(places) + held[good] != total:
                out.append(f"{good}: {sum(places) + held[good]} counted, {total} printed")
        out += [f"P{p.seat + 1} holds {p.wood} wood, above {self.spec.wood_cap} (L82)" for p in self.seats
                if p.wood > self.spec.wood_cap]
        out += [f"P{p.seat + 1}'s Reserve holds {p.reserve}, above {self.spec.reserve_limit} from fishing (L147)"
                for p in self.seats if p.reserve > self.spec.reserve_limit]
        out += [f"a fish on an Elder of P{p.seat + 1} out of 0..{self.spec.payout_at - 1}" for p in self.seats
                for _, f in p.elders if not 0 <= f < self.spec.payout_at]
        out += [f"round {self.round}: P{s + 1}'s haul of {h} placed {c.placed}" for s, h, c in self.catches
                if c.placed != h]
        forests = self.forests_general + sum(sum(p.forests) for p in self.seats)
        if forests != self.pieces.forests or self.forests_general < 0 or min(min(p.forests) for p in self.seats) < 0:
            out.append(f"Forests: {forests} counted ({self.forests_general} in the supply), {self.pieces.forests}")
        return out

    def _pieces(self) -> list[str]:
        """Shares, Ships, Elders and Buildings: each exactly once, supplies never negative."""
        out = []
        for c, where in self.shares.items():
            bad = [w for w in where if w not in ("own", "unissued", "board") and (w == c or w not in range(self.players))]
            if len(where) != self.spec.issued + self.spec.unissued or bad:
                out.append(f"P{c + 1}'s Shares: {where}")
        for t, n in self.ship_supply.items():
            built = sum(p.ships.count(t) for p in self.seats)
            if n < 0 or n + built != self.row.ships_per_type:
                out.append(f"{t}: {n} in the supply and {built} built, {self.row.ships_per_type} used")
        out += [f"P{p.seat + 1} has {len(p.ships)} Ships on {self.pieces.track_places - 1} places" for p in self.seats
                if len(p.ships) > self.pieces.track_places - 1]
        elders = sorted([e for st in self.elder_stacks for e in st] + [e for p in self.seats for e, _ in p.elders])
        if elders != list(range(1, self.spec.elders[self.players] + 1)):
            out.append(f"Elders {elders}, expected #1-{self.spec.elders[self.players]} once each")
        cards = Counter(c for b in self.boards.values() for c in b if c)
        cards.update(c for where in (*self.piles.values(), self.box, self.c_display) for c in where)
        cards.update(c for p in self.seats for c in p.hand + p.buildings)
        deck = Counter(list(self.cards))
        if cards != deck:
            out.append(f"Buildings not each once: {sorted((cards - deck).elements())} doubled, "
                       f"{sorted((deck - cards).elements())} lost")
        out += [f"the {k} supply board has {len(b)} spaces, {self.pieces.board_spaces[k]} printed"
                for k, b in self.boards.items() if len(b) != self.pieces.board_spaces[k]]
        out += [f"P{p.seat + 1} has {len(p.buildings)} Buildings and {self.free_spaces(p)} free spaces" for p in
                self.seats if self.free_spaces(p) < 0]
        return out

    def _flow(self) -> list[str]:
        """Round and phase order (L94-101), the turn order and three Workers a player (L170)."""
        out = []
        expected = [(r, ph) for r in range(1, self.spec.rounds + 1) for ph in PHASES]
        if not 1 <= self.round <= self.spec.rounds or self.log != expected[:len(self.log)]:
            out.append(f"phases out of order: {self.log[-3:]} at round {self.round}")
        if self.phase in PHASES and self.log[-1] != (self.round, self.phase):
            out.append(f"phases out of order: in the {self.phase} phase of round {self.round}, the log at {self.log[-1]}")
        if self.phase == "work" and self.acted != self.order[:self.turn]:
            out.append(f"round {self.round}: turns {self.acted}, expected {self.order[:self.turn]}")
        start = self.first_by_round[0]
        if self.first_by_round != [(start - r) % self.players for r in range(self.spec.rounds)]:
            out.append(f"First Players {self.first_by_round}: the ship must pass to the right each round (L190)")
        if self.phase == "over" and self.log != expected:
            out.append(f"the game ended after {self.log[-1]}, not after round {self.spec.rounds}")
        placed = Counter(s for who in self.occupied.values() for s in who)
        for p in self.seats:
            taken = self.acted.count(p.seat) if self.phase == "work" else 0
            if p.workers_out != placed[p.seat] or not 0 <= p.workers_out <= min(taken, self.spec.workers):
                out.append(f"P{p.seat + 1}: {p.workers_out} Workers out, {placed[p.seat]} placed, {taken} turns")
        full = [s for s, who in self.occupied.items() if len(who) > self.capacity.get(s, 1)]
        if full:
            out.append(f"spaces over capacity: {full}")
        return out

    # -- helpers for work.py and scoring ----------------------------------------------------------------
    def move(self, good: str, me: Player, n: int) -> None:
        """Take up to `n` of `good` from the general supply; wood above the cap goes back at once (L82)."""
        n = min(n, self.general[good])
        if good == "wood":
            n = max(0, min(n, self.spec.wood_cap - me.wood))
        self.general[good] -= n
        setattr(me, good, getattr(me, good) + n)

    def free_spaces(self, me: Player) -> int:
        covered = sum(1 for n in me.forests if n)
        return self.spec.harbor_spaces - 2 * covered - len(me.buildings)

    def take_card(self, me: Player, card: str) -> None:
        for place in (self.boards["A"], self.boards["B"]):
            if card in place:
                place[place.index(card)] = None
                return
        (self.c_display if card in self.c_display else me.hand).remove(card)

    def score(self, me: Player) -> dict[str, Any]:
        """scoring.py's total for one player (L211-231)."""
        cards = [self.cards[b] for b in me.buildings]
        held = sum(1 for c in range(self.players) for where in self.shares[c]
                   if where == me.seat or (c == me.seat and where == "own"))
        conditional = sum(harbor_installation(len(me.ships)) for c in cards
                          if c.vp is None and c.name == "Harbor Installation")
        return score(self.spec, sum(work.SHIPS[t][1] for t in me.ships), sum(c.vp or 0 for c in cards), conditional,
                     held, me.gold, self.free_spaces(me), self.shares[me.seat].count("unissued"))


def new_state(spec: NusfjordSpec, players: int, seed: str, pieces: work.Pieces) -> NusfjordState:
    """The start of a game at `players` players, Round 1's Fishing done; chance seeded by `seed`."""
    return NusfjordState(spec, players, seed, pieces)
