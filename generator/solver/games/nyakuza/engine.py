"""Nyakuza as a `play.State`: the game in play (state.py) with the bid taken one clan at a time, what must
hold at every step, and the figures `pnp check nyakuza --simulate N` reports.

Random play finds what the worked examples cannot: Kōbans that leak, a supply (Boats, Stalls, Kōbans) that
runs short. The runner (generator/solver/play.py) seeds every game, so a failure names the game that replays it.
"""

from __future__ import annotations

import random
from typing import Any

from generator.solver.api import CheckResult, Tally, most, simulation_check, with_figures
from generator.solver.games.nyakuza.spec import BOAT, NyakuzaSpec
from generator.solver.games.nyakuza.state import BID, NyakuzaState

HELD = "Kōbans conserved, Stalls and Boats within the supply"


class NyakuzaGame(NyakuzaState):
    """A game the runner plays. The bids of a round are secret and revealed together: each clan's bid is one
    action, kept behind its screen (in `bids`) until the last clan has bid, then applied at once."""

    def __init__(self, spec: NyakuzaSpec, players: int, seed: Any, variant: bool = False):
        super().__init__(spec, players, f"bag:{seed}", variant=variant)
        self.bids: list[int] = []

    def legal_actions(self) -> list[int]:
        if self.phase == BID:
            return list(self.legal_bids(len(self.bids)))
        return super().legal_actions()

    def random_action(self, rng: random.Random) -> int:
        """A bid uniform within the clan's Kōbans, or a placement found by rejection (state.py)."""
        if self.phase == BID:
            return rng.randint(0, self.kobans[len(self.bids)])
        return super().random_action(rng)

    def apply(self, action: int) -> NyakuzaGame:
        if self.phase != BID:
            self.apply_action(action)
        elif len(self.bids) + 1 < len(self.seats):
            self.bids.append(action)
        else:
            bids, self.bids = [*self.bids, action], []
            self.apply_bids(bids)
        return self

    def is_over(self) -> bool:
        return self.is_terminal()

    def result(self) -> dict[str, Any]:
        return {"how": self.how, "rounds": self.round, "winners": len(self.winners),
                "boats_on_board": max(self.on_board),
                "boats_needed": max(b + m for b, m in zip(self.on_board, self.missing)),
                "ran_short_of_boats": BOAT in self.short}

    def invariants(self) -> list[str]:
        out = []
        if self.kobans_in_play() != self.spec.kobans_total:
            out.append(f"Kōbans NOT conserved: {self.kobans_in_play()} in play, {self.spec.kobans_total} printed "
                       "(NYA-INV-07)")
        if min(self.kobans) < 0:
            out.append(f"a clan holds {min(self.kobans)} Kōbans")
        if min(self.stalls_left) < 0:
            out.append("a clan built more Stalls than it was dealt")
        if BOAT in self.short and self.spec.out_of_boats is None:
            out.append("a clan ran short of Boats and the rules do not say what then "
                       "(NYA-GAP-10: add rules.out_of_boats)")
        if self.spec.out_of_boats != "unlimited" and max(self.on_board) > self.setup.boats:
            out.append(f"{max(self.on_board)} Boats of one clan on the board, {self.setup.boats} printed")
        return out


def new_state(spec: NyakuzaSpec, players: int, seed: str) -> NyakuzaGame:
    return NyakuzaGame(spec, players, seed)


def simulation_report(spec: NyakuzaSpec, tally: Tally, seed: int) -> CheckResult:
    """The generic line with the Boats: the most a clan needed against the printed ones, and a shortage
    with the ruling that covers it (rules.out_of_boats)."""
    boats = spec.setups[tally.players].boats
    short = [s for s, r in tally.results if r["ran_short_of_boats"]]
    shared = sum(r["winners"] > 1 for _, r in tally.results)
    detail = f"up to {most(tally, 'boats_needed')} Boats of {boats} needed"
    if short:
        detail += f"; ran short of Boats in {len(short)} (first in game {short[0]}); rules.out_of_boats: {spec.out_of_boats}"
    data = {"max_boats_on_board": most(tally, "boats_on_board"), "max_boats_needed": most(tally, "boats_needed"),
            "boats_per_clan": boats, "shared_wins": shared, "games_short_of_boats": len(short)}
    if short:
        data["first_short_game"] = short[0]
    return with_figures(simulation_check(tally, seed, HELD), detail, data)
