"""Rounds and turns: who places next, the final round once the bag is empty, and the ranking."""

from __future__ import annotations

from generator.solver.games.nyakuza.bidding import clockwise_from, final_winners
from generator.solver.games.nyakuza.chance import start_round
from generator.solver.games.nyakuza.moves import OVER, Build
from generator.solver.games.nyakuza.spec import BOAT
from generator.solver.games.nyakuza.table import Table


def secret_turns(t: Table) -> list[int]:
    """Variant: clans without Boats but with a Secret tile play after the others, clockwise from the Amulet."""
    if not t.variant:
        return []
    return [i for i in clockwise_from(range(len(t.seats)), t.amulet)
            if not t.awarded[i] and t.secret[i] is not None]


def next_turn(t: Table) -> None:
    while t.queue:
        p = t.queue.pop(0)
        got = t.awarded[p] if t.spec.out_of_boats == "unlimited" else min(t.awarded[p], t.supply[p])
        t.missing[p] += max(t.awarded[p] - t.supply[p], 0)
        if t.awarded[p] > t.supply[p]:
            t.short.add(BOAT)
        t.supply[p] -= got
        t.current, t.pending = p, got
        if got or t.secret[p] is not None:
            return
    t.current = -1
    if t.final:
        _rank(t)
    else:
        start_round(t)


def after_turn_step(t: Table, p: int, builds: list[Build], force_end: bool = False) -> list[Build]:
    if t.phase != OVER and (force_end or (not t.pending and t.secret[p] is None)):
        next_turn(t)
    return builds


def _rank(t: Table) -> None:
    built = {s: t.setup.stalls - t.stalls_left[i] for i, s in enumerate(t.seats)}
    won = final_winners(t.seats, built, dict(zip(t.seats, t.kobans)))
    t.winners, t.how, t.phase = tuple(t.seats.index(s) for s in won), "ranking", OVER
