"""Kamiza's spec checks for `pnp check`: the printed cards and the seats must be the rulebook's.

KAM-INV-01 card numbers, KAM-INV-02 seats, KAM-HAND one card of each role per player, and KAM-INV-03, which judges
every round of enough players to crowd the largest side, under every reading, and counts the winners against the
seats; each check is one CheckResult.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

from generator.solver.api import CheckResult, Game
from generator.solver.games.kamiza.referee import Play, judge
from generator.solver.games.kamiza.spec import (BOSS, CARD_COMPONENT, HIT_MAN_READINGS, HITMAN, KAMIZA, RAID, ROLES,
                                                SHIMOZA, TWO_RAIDS_APART, UNDERBOSS, KamizaSpec)

RULEBOOK_NUMBERS = {RAID: 0, HITMAN: 1, UNDERBOSS: 2, BOSS: 5}   # seed L37-39, lowest first (KAM-INV-01)
RULEBOOK_SEATS = {KAMIZA: 1, SHIMOZA: 2}                          # KAM-INV-02
INV_03_MOST_PLAYERS = 4                 # KAM-INV-03 tries every round of up to 4 players: 8^4 x 4 readings, fast


def _check_numbers(game: Game, spec: KamizaSpec) -> CheckResult:
    """The numbers score the winners and order the chickens tiebreak, so they must be the rulebook's."""
    cards = spec.cards
    numbers = {role: sorted({c.number for c in cards if c.role == role}) for role in RULEBOOK_NUMBERS}
    ok = all(numbers[role] == [n] for role, n in RULEBOOK_NUMBERS.items())
    want = " < ".join(f"{role} {n}" for role, n in RULEBOOK_NUMBERS.items())
    got = ", ".join(f"{role} {'/'.join(map(str, ns)) or 'missing'}" for role, ns in numbers.items())
    detail = f"{want} (seed L37-39)"
    if not ok:
        detail = f"expected {detail}; the {CARD_COMPONENT} rows give {got}"
    return CheckResult("spec", "KAM-INV-01 card numbers", ok, detail)


def _check_seats(game: Game, spec: KamizaSpec) -> CheckResult:
    want = ", ".join(f"{side} {n}" for side, n in RULEBOOK_SEATS.items())
    got = ", ".join(f"{side} {n}" for side, n in spec.seats.items())
    ok = dict(spec.seats) == RULEBOOK_SEATS
    detail = f"{got} (rules.seats)" if ok else f"expected {want} (seed L25, step 4); rules.seats gives {got}"
    return CheckResult("spec", "KAM-INV-02 seats", ok, detail)


def _check_hand(game: Game, spec: KamizaSpec) -> CheckResult:
    """The chickens tiebreak compares the one card left in hand: one of each role, one more than the rounds."""
    problems = []
    counts = Counter(c.role for c in spec.cards)
    for role in ROLES:
        if counts[role] != 1:
            problems.append(f"{counts[role]} {role} per player, expected 1")
    if not spec.per_player:
        problems.append(f"{CARD_COMPONENT} is not per_player, so players have no hand of their own")
    hand, rounds = len(spec.cards), spec.rounds_per_game
    if hand != rounds + 1:
        problems.append(f"{hand} cards per player but rules.rounds_per_game is {rounds}, "
                        f"so {hand - rounds} are left for the chickens tiebreak, expected 1")
    detail = "; ".join(problems) or (f"{len(spec.cards)} cards per player, one of each role; "
                                     f"{spec.rounds_per_game} rounds a game leave one for the chickens tiebreak")
    return CheckResult("spec", "KAM-HAND one card of each role per player", not problems, detail)


def _check_seat_limit(game: Game, spec: KamizaSpec) -> CheckResult:
    """KAM-INV-03 over every round of enough players to crowd the largest side, under every reading."""
    n = min(max(spec.seats.values()) + 1, game.players_max, INV_03_MOST_PLAYERS)
    players, cards = [chr(ord("A") + i) for i in range(n)], tuple(dict.fromkeys(spec.cards))
    hands = list(product([(c, s) for c in cards for s in spec.seats], repeat=n))
    bad = []
    for hand, raids, strike in product(hands, TWO_RAIDS_APART, HIT_MAN_READINGS):
        ruling = judge([Play(p, c, s) for p, (c, s) in zip(players, hand)], spec, raids, strike)
        for side, seats in spec.seats.items():
            if sum(ruling.won(p) for p in ruling.plays if p.side == side) > seats:
                bad.append(" ".join(f"{p.player}:{p.card.role}@{p.side}" for p in ruling.plays))
    rounds = len(hands) * len(TWO_RAIDS_APART) * len(HIT_MAN_READINGS)
    detail = (f"{rounds} rounds of {n} players under every reading" if not bad
              else f"{len(bad)} of {rounds} rounds seat too many, first: {bad[0]}")
    return CheckResult("spec", "KAM-INV-03 winners fit the seats", not bad, detail)


SPEC_CHECKS = (_check_numbers, _check_seats, _check_hand, _check_seat_limit)
