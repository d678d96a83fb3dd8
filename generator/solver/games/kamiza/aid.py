"""Kamiza's printed aid (reference card, play sheet) as data, from the referee and the spec.

The steps come in the order the referee applies them (referee.JUDGING_ORDER), so a person
following the card from top to bottom reaches the solver's answer: the hit man is looked for
before the seats are filled. Card numbers, seats, the hit man's score and the tiebreak order are
read from the spec, never written here.
"""

from __future__ import annotations

from typing import Any, Callable

from generator.solver.games.kamiza.referee import (JUDGING_ORDER, hit_man, men_in_battle_1, men_in_battle_2,
                                                   squealing)
from generator.solver.games.kamiza.spec import BOSS, HITMAN, KAMIZA, RAID, KamizaSpec


def _raid(s: KamizaSpec) -> tuple[str, str]:
    raid = _card(s, RAID)
    return ("Police raid", f"Exactly one {raid.jp} {raid.reading} played: the round ends, nobody scores; "
                           "its player keeps it and starts the next round.")


def _cancel(s: KamizaSpec) -> tuple[str, str]:
    extra = (" Two police raids apart both lose." if s.two_raids_apart == "both-lose"
             else " Police raids apart stay, worth 0.")
    return ("Cancel", "A role played twice or more on one side: all of those cards lose, police raids too. "
                      "Other sides do not count." + extra)


def _hit(s: KamizaSpec) -> tuple[str, str]:
    boss, hit = _card(s, BOSS), _card(s, HITMAN)
    when = "are the only cards left" if s.hit_man == "exactly-two" else "are both still there"
    return ("The hit man", f"{boss.jp} {boss.en.lower()} and {hit.jp} {hit.en.lower()} {when} on kamiza: "
                           f"the hit man wins, turned upside down, for {s.hit_score} points, and keeps a seat; "
                           "the boss loses.")


def _seats(s: KamizaSpec) -> tuple[str, str]:
    return ("Seats", f"Kamiza 上座 seats {s.seats[KAMIZA]}, shimoza 下座 {s.seats['shimoza']}. While a side "
                     "has more cards than seats left, its lowest number loses.")


STEP_TEXT: dict[Callable[..., None], Callable[[KamizaSpec], tuple[str, str]]] = {
    squealing: _raid, men_in_battle_1: _cancel, hit_man: _hit, men_in_battle_2: _seats}


def _card(s: KamizaSpec, role: str):
    return next(c for c in s.cards if c.role == role)


def kamiza_aid(s: KamizaSpec, games_per_match: int) -> dict[str, Any]:
    """Numbered steps in the referee's order, then scoring and the tiebreak."""
    cards = sorted({c.role: c for c in s.cards}.values(), key=lambda c: -c.number)
    steps: list[dict[str, Any]] = [dict(zip(("title", "text"), STEP_TEXT[step](s))) for step in JUDGING_ORDER]
    values = " · ".join(f"{c.jp} {c.number}" for c in cards)
    steps.append({"title": "Score", "text": f"Winners face up score their number ({values}); losers go face down."})
    for n, step in enumerate(steps, 1):
        step["n"] = n
    lowest = " > ".join(c.jp for c in reversed(cards))
    return {"steps": steps,
            "values": [{"role": c.role, "jp": c.jp, "en": c.en, "number": c.number} for c in cards],
            "tiebreak": f"Tied after {games_per_match} games: the lowest card left in hand wins: {lowest}.",
            "advanced": "The start player plays face up, everyone else face down."}
