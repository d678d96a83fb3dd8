"""Kamiza's referee: the table of one round and judging steps 1-4, applied in the rulebook's order.

Each step is a function that updates the Table; JUDGING_ORDER lists them and `judge` runs them into a Ruling
(who won, the points, a reason for every loser). Only each role's part in the judging (which card squeals, which
strikes, which is struck) is fixed here, because that part is the rules themselves; the rest is the KamizaSpec.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, NamedTuple, Sequence

from generator.solver.games.kamiza.spec import BOSS, HITMAN, KAMIZA, RAID, Card, KamizaSpec

STRIKE_SIDE = KAMIZA                    # seed L29: the hit man defeats the boss on the kamiza side only


class Play(NamedTuple):
    player: str
    card: Card
    side: str


@dataclass
class Table:
    """The sheet while one round is judged: the cards still in battle on each side, and why each loser lost."""

    plays: tuple[Play, ...]
    seats: Mapping[str, int]
    two_raids_apart: str
    hit_man: str
    standing: dict[str, list[Play]] = field(init=False)
    seats_left: dict[str, int] = field(init=False)
    lost: dict[str, str] = field(default_factory=dict)     # player -> why, in the order they lost
    squealer: str | None = None                            # step 1: the player of the lone police raid
    striker: str | None = None                             # step 4: the hit man who defeated the boss

    def __post_init__(self) -> None:
        self.standing = {side: [p for p in self.plays if p.side == side] for side in self.seats}
        self.seats_left = dict(self.seats)

    def lose(self, play: Play, why: str) -> None:
        self.lost[play.player] = why
        self.standing[play.side].remove(play)


def squealing(t: Table) -> None:
    """Step 1: exactly one police raid, on either side, ends the round; its player wins it and starts the next."""
    raids = [p for p in t.plays if p.card.role == RAID]
    if len(raids) == 1:
        t.squealer = raids[0].player
        for p in t.plays:
            if p is not raids[0]:
                t.lose(p, f"the round ended at {t.squealer}'s police raid (step 1)")


def men_in_battle_1(t: Table) -> None:
    """Step 2: on each side, cards of a role played there twice or more cancel out, police raids included.

    The same role on different sides does not cancel. Police raids that were not alone (so did not squeal)
    and survive the cancelling either lose at once (both-lose) or stay as 0-point cards (zero-point).
    """
    if t.squealer:
        return
    for side, cards in t.standing.items():
        counts = Counter(p.card.role for p in cards)
        for p in [p for p in cards if counts[p.card.role] > 1]:
            t.lose(p, f"cancelled by another {p.card.reading} on {side} (step 2)")
    raids = [p for p in t.plays if p.card.role == RAID]
    if t.two_raids_apart == "both-lose" and len(raids) > 1:
        for p in raids:
            if p.player not in t.lost:
                t.lose(p, "a police raid that is not alone does not squeal; it loses (two_raids_apart: both-lose)")


def hit_man(t: Table) -> None:
    """Step 4, judged where the rulebook puts it: "in the case of step 3", so before the seats are filled.

    exactly-two: only a boss and a hit man remain on kamiza; before-seats: both remain, whatever else does.
    The hit man then wins and holds a kamiza seat, the boss loses, and step 3 seats the rest in the seats left.
    """
    cards = t.standing.get(STRIKE_SIDE, [])
    boss = next((p for p in cards if p.card.role == BOSS), None)
    hit = next((p for p in cards if p.card.role == HITMAN), None)
    if t.squealer or boss is None or hit is None or (t.hit_man == "exactly-two" and len(cards) != 2):
        return
    t.lose(boss, f"defeated by {hit.player}'s hit man (step 4)")
    cards.remove(hit)
    t.seats_left[STRIKE_SIDE] -= 1
    t.striker = hit.player


def men_in_battle_2(t: Table) -> None:
    """Step 3: while a side holds more cards than seats, its lowest-numbered card loses."""
    if t.squealer:
        return
    for side, cards in t.standing.items():
        while len(cards) > max(t.seats_left[side], 0):
            low, left = min(cards, key=lambda p: p.card.number), max(t.seats_left[side], 0)
            seats = f"{left} seat{'s' * (left != 1)}" + (" left after the strike" if left < t.seats[side] else "")
            t.lose(low, f"lowest number, more cards than the {seats} on {side} (step 3)")


# Step 4 is looked for before step 3 fills the seats: both readings of it depend on what step 2 left.
JUDGING_ORDER: tuple[Callable[[Table], None], ...] = (squealing, men_in_battle_1, hit_man, men_in_battle_2)


@dataclass(frozen=True)
class Ruling:
    """A judged round: who won, the points, and a reason for every loser."""

    plays: tuple[Play, ...]
    lost: Mapping[str, str]
    squealer: str | None
    striker: str | None
    hit_score: int

    def won(self, play: Play) -> bool:
        return play.player not in self.lost

    def points(self, play: Play) -> int:
        """Winners score their number, a striking hit man hit_score; nobody scores in a police raid."""
        if self.squealer or not self.won(play):
            return 0
        return self.hit_score if play.player == self.striker else play.card.number

    def as_json(self) -> dict[str, Any]:
        players = {p.player: {"card": p.card.role, "side": p.side, "won": self.won(p), "points": self.points(p)}
                   for p in self.plays}
        return {"raid_ended": self.squealer is not None, "next_start": self.squealer, "players": players,
                "round_winner": self.squealer, "upside_down": [self.striker] if self.striker else [],
                "lost_because": dict(self.lost)}

    def text(self) -> str:
        width = max(len(p.player) for p in self.plays)
        card_width = max(len(p.card.role) for p in self.plays)
        lines = []
        for p in self.plays:
            why = self.lost.get(p.player, "")
            if p.player == self.striker:
                why = "struck the boss: placed face up and upside down (step 4)"
            elif p.player == self.squealer:
                why = "squealed: wins the round, keeps the police raid in front of them (step 1)"
            lines.append(f"{p.player:<{width}}  {p.card.role:<{card_width}}  {p.side:<7}  "
                         f"{'won ' if self.won(p) else 'lost'}  {self.points(p)}  {why}".rstrip())
        start = (f"{self.squealer} (the police raid, step 1)" if self.squealer
                 else "not named by this round; the start player passes clockwise")
        return "\n".join([*lines, f"Next start player: {start}."])


def judge(plays: Sequence[Play], spec: KamizaSpec, two_raids_apart: str | None = None,
          hit_man_reading: str | None = None) -> Ruling:
    """Judge one round in the rulebook's order; the two open readings default to the spec's."""
    t = Table(tuple(plays), spec.seats, two_raids_apart or spec.two_raids_apart, hit_man_reading or spec.hit_man)
    for step in JUDGING_ORDER:
        step(t)
    return Ruling(t.plays, dict(t.lost), t.squealer, t.striker, spec.hit_score)
