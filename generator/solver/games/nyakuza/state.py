"""A game of Nyakuza in play, assembled from one mixin per concern: chance (the bag), bids, placement
legality, Stall planning and rounds.

Shaped like OpenSpiel's tic_tac_toe.py: a state with legal_actions / apply_action / is_terminal / returns,
then small private helpers. A seat is an index into the clockwise seat order. The state is mutable, unlike
Niya's, because a simulation plays tens of thousands of placements and copying a 106-space board for each
would dominate.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from generator.solver.games.nyakuza.bids import Bids
from generator.solver.games.nyakuza.chance import Chance
from generator.solver.games.nyakuza.moves import (BID, OVER, PLACE, SIMULTANEOUS, TERMINAL, Build,  # noqa: F401
                                                  IllegalMove)
from generator.solver.games.nyakuza.placement import Placement
from generator.solver.games.nyakuza.rounds import Rounds
from generator.solver.games.nyakuza.spec import NyakuzaSpec
from generator.solver.games.nyakuza.stalls import StallPlanning


class NyakuzaState(Chance, Bids, Placement, StallPlanning, Rounds):
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
