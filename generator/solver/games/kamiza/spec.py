"""Kamiza's spec as the referee reads it: `rules:` and the role-card rows of components/kamiza/game.yaml.

The cards (names and numbers) are the role-card rows; seats, scores and the two readings the rulebook leaves
open (KAM-GAP-04, KAM-GAP-05) are its `rules:`. Every other module of the package works on the KamizaSpec this
module returns and takes the game's shared vocabulary from here: the roles, the sides and the allowed readings.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any, Mapping, NamedTuple, Sequence

from generator.solver.api import Game, Reader, RuleKey, RulesSection, join

CARD_COMPONENT = "role-card"            # rows carry role, jp, reading, en and number
# every key of `rules:` with its meaning, declared once (docs/spec.md is written from it)
RULE_FIELDS = (
    RuleKey("seats", "seats on `kamiza` and `shimoza`"),
    RuleKey("hit_score", "points of a hit man who strikes the boss"),
    RuleKey("rounds_per_game", "rounds in a game"),
    RuleKey("games_per_match", "games in a match"),
    RuleKey("two_raids_apart", "both-lose or zero-point (KAM-GAP-04)"),
    RuleKey("hit_man", "exactly-two or before-seats (KAM-GAP-05)"),
)
RULE_KEYS = tuple(f.key for f in RULE_FIELDS if f.required)
BOSS, UNDERBOSS, HITMAN, RAID = "kumicho", "waka-gashira", "teppo-dama", "te-ire"
ROLES = (BOSS, UNDERBOSS, HITMAN, RAID)
KAMIZA, SHIMOZA = "kamiza", "shimoza"
SIDES = (KAMIZA, SHIMOZA)
TWO_RAIDS_APART = ("both-lose", "zero-point")       # KAM-GAP-04: two police raids on different sides
HIT_MAN_READINGS = ("exactly-two", "before-seats")  # KAM-GAP-05: boss and hit man with a third card on kamiza


class Card(NamedTuple):
    role: str
    jp: str
    reading: str
    en: str
    number: int

    @property
    def label(self) -> str:
        return f"{self.reading} ({self.en}, {self.jp})"


def name_key(text: str) -> str:
    """How a card name is looked up: "Hit-Man", "hit man" and "hitman" are one key; full-width forms fold."""
    return re.sub(r"[\s_\-]+", "", unicodedata.normalize("NFKC", text).casefold())


@dataclass(frozen=True)
class KamizaSpec:
    cards: tuple[Card, ...]             # one player's hand: the role-card rows, each repeated by its count
    per_player: bool
    names: Mapping[str, Card]           # name_key of role, reading, en and jp -> card
    seats: Mapping[str, int]
    hit_score: int
    rounds_per_game: int
    games_per_match: int
    two_raids_apart: str
    hit_man: str

    def card(self, name: str) -> Card | None:
        return self.names.get(name_key(name))

    def card_list(self) -> str:
        labels = [c.label for c in dict.fromkeys(self.cards)]
        return ", ".join(labels[:-1]) + f" or {labels[-1]}" if len(labels) > 1 else "".join(labels)


def read_spec(game: Game) -> KamizaSpec:
    """Validate `rules:` and the role-card rows; every mistake is one Problem of a single SpecError."""
    section = RulesSection(game, RULE_KEYS)
    r, get = section.r, section.get

    seats = get("seats", _read_seats, r)
    hit_score = get("hit_score", r.integer, minimum=1)
    rounds = get("rounds_per_game", r.integer, minimum=1)
    games = get("games_per_match", r.integer, minimum=1)
    raids = get("two_raids_apart", r.choice, TWO_RAIDS_APART)
    hit_man = get("hit_man", r.choice, HIT_MAN_READINGS)
    rows, per_player = _read_cards(r, game)
    names = _card_names(r, rows)
    section.done()
    cards = tuple(card for card, count, _ in rows for _ in range(count))
    return KamizaSpec(cards, per_player, names, seats, hit_score, rounds, games, raids, hit_man)


def _read_seats(value: Any, where: str, r: Reader) -> dict[str, int] | None:
    seats = r.mapping(value, where, SIDES)
    if seats is None or any(side not in seats for side in SIDES):
        return None
    read = {side: r.integer(seats[side], join(where, side), minimum=1) for side in SIDES}
    out = {side: n for side, n in read.items() if n is not None}
    return None if len(out) != len(read) else out


def _read_cards(r: Reader, game: Game) -> tuple[list[tuple[Card, int, str]], bool]:
    """The role-card rows as (card, count, key path); how many of each role is a spec check, not an error."""
    index = next((i for i, c in enumerate(game.components) if c.id == CARD_COMPONENT), None)
    if index is None:
        r.add("components", f'expected a "{CARD_COMPONENT}" component (the role cards)')
        return [], False
    rows = []
    for j, row in enumerate(game.components[index].rows):
        where = f"components[{index}].rows[{j}]"
        role = r.choice(row.fields.get("role"), join(where, "role"), ROLES)
        jp, reading, en = (r.text(row.fields.get(k), join(where, k)) for k in ("jp", "reading", "en"))
        number = r.integer(row.fields.get("number"), join(where, "number"), minimum=0)
        if role is not None and jp is not None and reading is not None and en is not None and number is not None:
            rows.append((Card(role, jp, reading, en, number), row.count, where))
    if not rows:
        r.add(f"components[{index}].rows", "expected the role cards as rows with role, jp, reading, en and number")
    return rows, game.components[index].per_player


def _card_names(r: Reader, rows: Sequence[tuple[Card, int, str]]) -> dict[str, Card]:
    """Every name a player may type for a card; a name that would mean two roles is a spec error."""
    names: dict[str, Card] = {}
    for card, _, where in rows:
        for text in (card.role, card.reading, card.en, card.jp):
            other = names.setdefault(name_key(text), card)
            if other.role != card.role:
                r.add(where, f'the name "{text}" would mean both {other.role} and {card.role}; card names must differ')
    return names
