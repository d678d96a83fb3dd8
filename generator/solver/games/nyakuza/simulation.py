"""Random legal games of Nyakuza and the `pnp check nyakuza --simulate N` report built from them.

Random play finds what the worked examples cannot: Kōbans that leak, a supply (Boats, Stalls, Kōbans)
that runs short. Every game is seeded, so the report names a game that play_random_game replays.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from generator.solver.base import CheckResult
from generator.solver.games.nyakuza.spec import BOAT, KOBAN, STALL, NyakuzaSpec
from generator.solver.games.nyakuza.state import BID, NyakuzaState

ENDINGS = ("grand-market", "ranking")


@dataclass
class Tally:
    """What `pnp check --simulate` reports for one player count."""

    players: int
    games: int = 0
    rounds: int = 0
    max_on_board: int = 0
    max_needed: int = 0
    shared_wins: int = 0
    violations: int = 0
    first_short: str = ""           # the seed of the first game that ran short, to replay it
    endings: Counter = field(default_factory=lambda: Counter({e: 0 for e in ENDINGS}))
    short: set = field(default_factory=set)


def play_random_game(spec: NyakuzaSpec, players: int, seed: Any, variant: bool = False) -> tuple[NyakuzaState, int]:
    """One game of random legal moves (bids uniform within each clan's Kōbans); returns it and the
    number of steps at which the Kōbans in play differed from the Kōbans printed."""
    agent = random.Random(f"agent:{seed}")
    state = NyakuzaState(spec, players, f"bag:{seed}", variant=variant)
    broken = int(state.kobans_in_play() != spec.kobans_total)
    while not state.is_terminal():
        if state.phase == BID:
            state.apply_bids([agent.randint(0, k) for k in state.kobans])
        else:
            state.apply_action(state.random_action(agent))
        broken += state.kobans_in_play() != spec.kobans_total or min(state.kobans) < 0
    return state, broken


def simulate(spec: NyakuzaSpec, players: int, games: int, seed: int) -> Tally:
    """`games` random games; game i is seeded "seed:players:i", so play_random_game replays any one of them."""
    tally = Tally(players)
    for i in range(games):
        state, broken = play_random_game(spec, players, f"{seed}:{players}:{i}")
        tally.games += 1
        tally.rounds += state.round
        tally.endings[state.how] += 1
        tally.shared_wins += len(state.winners) > 1
        tally.violations += broken
        tally.max_on_board = max(tally.max_on_board, *state.on_board)
        tally.max_needed = max(tally.max_needed, *(b + m for b, m in zip(state.on_board, state.missing)))
        short = state.short | ({KOBAN} if min(state.kobans) < 0 else set()) | \
            ({STALL} if min(state.stalls_left) < 0 else set())
        if short and not tally.short:
            tally.first_short = f"{seed}:{players}:{i}"
        tally.short |= short
    return tally


def simulation_check(spec: NyakuzaSpec, tally: Tally, seed: int) -> CheckResult:
    boats = spec.setups[tally.players].boats
    short = {c: c in tally.short for c in (BOAT, STALL, KOBAN)}
    rounds = round(tally.rounds / tally.games, 2) if tally.games else 0
    ruled = spec.out_of_boats is not None and not short[STALL] and not short[KOBAN]
    ok = not tally.violations and (ruled or not any(short.values()))
    parts = [f"Kōbans NOT conserved at {tally.violations} steps"] if tally.violations else []
    if any(short.values()):
        gone = ", ".join(c for c, v in short.items() if v)
        parts.append(f"ran short of {gone} (first in game {tally.first_short}); "
                     + (f"rules.out_of_boats: {spec.out_of_boats}" if ruled else
                        "the rules do not say what then (NYA-GAP-10: add rules.out_of_boats)"))
    parts.append(f"{tally.games} games: {tally.endings['grand-market']} won with the Grand Market, "
                 f"{tally.endings['ranking']} by the final ranking; {rounds} rounds on average; up to "
                 f"{tally.max_needed} Boats of {boats} needed" + ("" if tally.violations else "; Kōbans conserved"))
    detail = "; ".join(parts)
    data = {"players": tally.players, "games": tally.games, "seed": seed, "ran_short": short,
            "koban_violations": tally.violations, "max_boats_on_board": tally.max_on_board,
            "max_boats_needed": tally.max_needed, "boats_per_clan": boats, "average_rounds": rounds,
            "ended": dict(tally.endings), "shared_wins": tally.shared_wins}
    if tally.first_short:
        data["first_short_game"] = tally.first_short
    return CheckResult("simulation", "random legal games", ok, detail, data)
