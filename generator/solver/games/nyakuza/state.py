"""A game of Nyakuza in play: a Table (table.py) with the game's interface, each rule delegated to the module
of its concern: chance (the bag), bids, placement legality, Stall planning and rounds.

Shaped like OpenSpiel's tic_tac_toe.py: a state with legal_actions / apply_action / is_terminal / returns.
A seat is an index into the clockwise seat order. The state is mutable, unlike Niya's, because a simulation
plays tens of thousands of placements and copying a 106-space board for each would dominate.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from generator.solver.games.nyakuza import bids, placement
from generator.solver.games.nyakuza.bidding import BidOutcome
from generator.solver.games.nyakuza.chance import deal_secrets, put_tile, start_round
from generator.solver.games.nyakuza.moves import (BID, OVER, PLACE, SIMULTANEOUS, TERMINAL, Build,  # noqa: F401
                                                  Choice, IllegalMove)
from generator.solver.games.nyakuza.rounds import after_turn_step
from generator.solver.games.nyakuza.spec import NyakuzaSpec
from generator.solver.games.nyakuza.table import Table


class NyakuzaState(Table):
    """A game: chance (the bag) through `seed`, simultaneous bids (apply_bids), then one Boat per apply_action.

    Actions of a placement turn are space indices, plus SECRET (play the Secret Resource tile with its Boat)
    and PASS (end the turn: offered when no Boat is left to place or none can legally be placed).
    """

    def __init__(self, spec: NyakuzaSpec, players: int, seed: Any = 0, *, seats: Sequence[str] | None = None,
                 variant: bool = False, deal: bool = True):
        super().__init__(spec, players, seed, seats=seats, variant=variant)
        if deal:
            if variant:
                deal_secrets(self)
            start_round(self)

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
        return bids.legal_bids(self, seat)

    def apply_bids(self, amounts: Sequence[int]) -> BidOutcome:
        """All bids at once, in seat order (they are revealed simultaneously)."""
        return bids.apply_bids(self, amounts)

    def legal_actions(self) -> list[int]:
        if self.phase != PLACE:
            return []
        p = self.current
        spaces = [s for s in placement.candidates(self, p) if placement.cannot_pay(self, p, s) is None] \
            if self.pending else []
        secret = [self.SECRET] if self.why_illegal(self.SECRET) is None else []
        return spaces + secret + ([] if spaces else [self.PASS])

    def why_illegal(self, action: int, choices: Sequence[Choice] = ()) -> str | None:
        """None if the current player may take `action`, else the rule that forbids it."""
        return placement.why_illegal(self, action, choices)

    def action_to_string(self, action: int) -> str:
        return {self.SECRET: "secret", self.PASS: "pass"}.get(action) or self.board.ids[action]

    def target(self, action: int) -> int:
        """The space an action puts a Boat on: the Secret Resource's Boat goes on that tile (proposed, NYA-GAP-08)."""
        return placement.target(self, action)

    def apply_action(self, action: int, choices: Sequence[Choice] = ()) -> list[Build]:
        """Place one Boat (or play the Secret Resource, or pass); returns the Stalls it forced, in order."""
        why = self.why_illegal(action, choices)
        if why is not None:
            raise IllegalMove(why)
        p = self.current
        if action == self.PASS:
            self.supply[p] += self.pending
            self.pending = 0
            return after_turn_step(self, p, [], force_end=True)
        if action == self.SECRET:
            number = placement.secret_tile(self)
            action, self.secret[p] = self.board.resource[number], None
            put_tile(self, number)
            self.supply[p] -= 1
            self.pending += self.spec.secret_boats - 1
        else:
            self.pending -= 1
        builds = placement.place(self, p, action, choices)
        return after_turn_step(self, p, builds)

    def begin_turn(self, seat: int, boats: int) -> None:
        """Make `seat` the player placing `boats` Boats now (a scripted position, outside the bid)."""
        self.phase, self.queue, self.current, self.pending = PLACE, [], seat, boats
        self.awarded[seat] = boats

    def random_action(self, rng: random.Random) -> int:
        """A uniformly random legal action, found by rejection so that most spaces are never Kōban-tested."""
        p = self.current
        options = placement.candidates(self, p) if self.pending else [self.PASS]
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
