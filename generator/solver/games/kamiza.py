"""Kamiza: the referee of a round (judging steps 1-4), the chickens tiebreak (step 5) and `pnp solve kamiza`.

Shaped like OpenSpiel's tic_tac_toe.py: constants, then the spec, then a table state that the judging
steps update in the rulebook's order, then the tiebreak and the input parsers, then the Rules class;
registration is the last line. The cards (names and numbers) are the role-card rows of
components/kamiza/game.yaml; seats, scores and the two readings the rulebook leaves open (KAM-GAP-04,
KAM-GAP-05) are its `rules:`. Only each role's part in the judging (which card squeals, which strikes,
which is struck) is fixed here, because that part is the rules themselves.
"""

from __future__ import annotations

import argparse
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from itertools import product
from typing import Any, Callable, Mapping, NamedTuple, Sequence

from generator.errors import OptionError, Problem, ProblemCollector, SpecError
from generator.model import Game
from generator.solver.base import CheckResult, Example, Rules, RulesSection
from generator.solver.registry import register
from generator.spec.reader import Reader
from generator.spec.yamlio import join

CARD_COMPONENT = "role-card"            # rows carry role, jp, reading, en and number
RULE_KEYS = ("seats", "hit_score", "rounds_per_game", "games_per_match", "two_raids_apart", "hit_man")
BOSS, UNDERBOSS, HITMAN, RAID = "kumicho", "waka-gashira", "teppo-dama", "te-ire"
ROLES = (BOSS, UNDERBOSS, HITMAN, RAID)
KAMIZA, SHIMOZA = "kamiza", "shimoza"
SIDES = (KAMIZA, SHIMOZA)
STRIKE_SIDE = KAMIZA                    # seed L29: the hit man defeats the boss on the kamiza side only
TWO_RAIDS_APART = ("both-lose", "zero-point")       # KAM-GAP-04: two police raids on different sides
HIT_MAN_READINGS = ("exactly-two", "before-seats")  # KAM-GAP-05: boss and hit man with a third card on kamiza
RULEBOOK_NUMBERS = {RAID: 0, HITMAN: 1, UNDERBOSS: 2, BOSS: 5}   # seed L37-39, lowest first (KAM-INV-01)
RULEBOOK_SEATS = {KAMIZA: 1, SHIMOZA: 2}                          # KAM-INV-02
MIN_PLAYS = 2                           # fewer is no battle at all
INV_03_MOST_PLAYERS = 4                 # KAM-INV-03 tries every round of up to 4 players: 8^4 x 4 readings, fast
SEPARATORS = re.compile(r"[\s,;]+")
ITEM = re.compile(r"^([^\s:@]+)\s*:\s*([^:@]*?)\s*@\s*([^:@]+?)$")   # WHO:WHAT@WHERE
PLAY_HINT = 'PLAYER:CARD@SIDE for each player, like "A:kumicho@kamiza B:teppo-dama@shimoza"'
MATCH_HINT = 'PLAYER:TOTAL@CARD for each player (the card left in hand), like "X:12@te-ire Y:12@kumicho"'


class BadInput(ValueError):
    """A play or a match total that cannot be judged; the message is one line saying what was expected."""


# -- the spec ---------------------------------------------------------------------------------
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
    out = {side: r.integer(seats[side], join(where, side), minimum=1) for side in SIDES}
    return None if None in out.values() else out


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
        texts = [r.text(row.fields.get(k), join(where, k)) for k in ("jp", "reading", "en")]
        number = r.integer(row.fields.get("number"), join(where, "number"), minimum=0)
        if role is not None and None not in texts and number is not None:
            rows.append((Card(role, *texts, number), row.count, where))
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


# -- the table --------------------------------------------------------------------------------
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


# -- step 5 -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class MatchResult:
    totals: Mapping[str, int]
    left: Mapping[str, Card]
    tied: tuple[str, ...]               # the players on the highest total
    winners: tuple[str, ...]

    def as_json(self) -> dict[str, Any]:
        return {"winner": self.winners[0] if len(self.winners) == 1 else None, "winners": list(self.winners),
                "tied": list(self.tied), "chickens": len(self.tied) > 1}

    def text(self, games: int) -> str:
        head = f"After {games} games: " + ", ".join(f"{p} {n}" for p, n in self.totals.items()) + "."
        top, names = self.totals[self.tied[0]], " and ".join(self.tied)
        if len(self.tied) == 1:
            return f"{head}\n{self.tied[0]} wins with {top}; no tie, so no chickens."
        card = self.left[self.winners[0]]
        if len(self.winners) == 1:
            return (f"{head}\n{names} tie on {top}; chickens (step 5): {self.winners[0]} holds the lowest card left, "
                    f"{card.role} ({card.number}), and wins.")
        return (f"{head}\n{names} tie on {top}; chickens (step 5): {' and '.join(self.winners)} each hold "
                f"{card.role} ({card.number}) and share the win (KAM-GAP-07).")


def chickens(totals: Mapping[str, int], left: Mapping[str, Card]) -> MatchResult:
    """Step 5: the highest total wins; players tied on it are split by the card left in hand, lowest first.

    Tied players holding cards of the same number share the win (KAM-GAP-07).
    """
    top = max(totals.values())
    tied = tuple(p for p, n in totals.items() if n == top)
    low = min(left[p].number for p in tied)
    winners = tuple(p for p in tied if left[p].number == low)
    return MatchResult(dict(totals), dict(left), tied, winners)


# -- input --------------------------------------------------------------------------------------
def split_items(text: str, hint: str) -> list[tuple[str, str, str]]:
    """'A:hit man@kamiza, B:boss@shimoza' -> [(A, hit man, kamiza), ...]; a token with ':' starts the next."""
    items: list[str] = []
    for token in SEPARATORS.split(unicodedata.normalize("NFKC", text).strip()):
        if token and (not items or (":" in token and not token.startswith(":"))):
            items.append(token)
        elif token:
            items[-1] += " " + token
    out = []
    for item in items:
        match = ITEM.match(item)
        if not match:
            raise BadInput(f'expected {hint}, got "{item}"')
        out.append(match.groups())
    return out


def make_play(player: str, card_name: str, side: str, spec: KamizaSpec) -> Play:
    shown = f"{player}:{card_name}@{side}"
    card = spec.card(card_name)
    if card is None:
        raise BadInput(f'unknown card "{card_name}" in "{shown}"; expected {spec.card_list()}')
    if side.casefold() not in spec.seats:
        raise BadInput(f'unknown side "{side}" in "{shown}"; expected {" or ".join(spec.seats)}')
    return Play(player, card, side.casefold())


def check_players(players: Sequence[str], most: int, entry: str) -> None:
    """One entry per player, between MIN_PLAYS and the spec's most players."""
    for player, n in Counter(players).items():
        if n > 1:
            raise BadInput(f'player "{player}" appears {n} times; expected one {entry} per player')
    if not MIN_PLAYS <= len(players) <= most:
        raise BadInput(f"expected {MIN_PLAYS} to {most} players, one {entry} each, got {len(players)}")


def parse_plays(text: str, spec: KamizaSpec, most: int) -> list[Play]:
    """`--play` text into plays, in the order given; the first mistake is a BadInput."""
    plays = [make_play(who, card, side, spec) for who, card, side in split_items(text, PLAY_HINT)]
    check_players([p.player for p in plays], most, "play")
    return plays


def parse_match(text: str, spec: KamizaSpec, most: int) -> tuple[dict[str, int], dict[str, Card]]:
    """`--match` text into totals and the card each player has left after the last game."""
    totals, left, players = {}, {}, []
    for who, total, card_name in split_items(text, MATCH_HINT):
        card = spec.card(card_name)
        if not total.isdigit():
            raise BadInput(f'expected a whole number of points in "{who}:{total}@{card_name}", got "{total}"')
        if card is None:
            raise BadInput(f'unknown card "{card_name}" in "{who}:{total}@{card_name}"; expected {spec.card_list()}')
        players.append(who)
        totals[who], left[who] = int(total), card
    check_players(players, most, "total")
    return totals, left


# -- the rules module ---------------------------------------------------------------------------
class KamizaRules(Rules):
    """Kamiza's referee, tiebreak, spec checks and `pnp solve kamiza` (--play for a round, --match for step 5)."""

    game_id = "kamiza"
    SCENARIOS = {"round": "scenario_round", "match": "scenario_match"}

    @cached_property
    def spec(self) -> KamizaSpec:
        return read_spec(self.game)

    # -- pnp check ------------------------------------------------------------------------------
    def spec_checks(self) -> list[CheckResult]:
        return [self._check_numbers(), self._check_seats(), self._check_hand(), self._check_seat_limit()]

    def _check_numbers(self) -> CheckResult:
        """The numbers score the winners and order the chickens tiebreak, so they must be the rulebook's."""
        cards = self.spec.cards
        numbers = {role: sorted({c.number for c in cards if c.role == role}) for role in RULEBOOK_NUMBERS}
        ok = all(numbers[role] == [n] for role, n in RULEBOOK_NUMBERS.items())
        want = " < ".join(f"{role} {n}" for role, n in RULEBOOK_NUMBERS.items())
        got = ", ".join(f"{role} {'/'.join(map(str, ns)) or 'missing'}" for role, ns in numbers.items())
        detail = f"{want} (seed L37-39)"
        if not ok:
            detail = f"expected {detail}; the {CARD_COMPONENT} rows give {got}"
        return CheckResult("spec", "KAM-INV-01 card numbers", ok, detail)

    def _check_seats(self) -> CheckResult:
        want = ", ".join(f"{side} {n}" for side, n in RULEBOOK_SEATS.items())
        got = ", ".join(f"{side} {n}" for side, n in self.spec.seats.items())
        ok = dict(self.spec.seats) == RULEBOOK_SEATS
        detail = f"{got} (rules.seats)" if ok else f"expected {want} (seed L25, step 4); rules.seats gives {got}"
        return CheckResult("spec", "KAM-INV-02 seats", ok, detail)

    def _check_hand(self) -> CheckResult:
        """The chickens tiebreak compares the one card left in hand: one of each role, one more than the rounds."""
        spec, problems = self.spec, []
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

    def _check_seat_limit(self) -> CheckResult:
        """KAM-INV-03 over every round of enough players to crowd the largest side, under every reading."""
        spec = self.spec
        n = min(max(spec.seats.values()) + 1, self.game.players_max, INV_03_MOST_PLAYERS)
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

    # -- examples -------------------------------------------------------------------------------
    def scenario_round(self, example: Example) -> dict[str, Any]:
        """given: plays [{player, card, side}] and optionally two_raids_apart / hit_man."""
        r = Reader(ProblemCollector())
        given = r.mapping(dict(example.given), "given", ("plays",), ("two_raids_apart", "hit_man")) or {}
        raids, strike = (r.choice(given[key], join("given", key), choices) if key in given else None
                         for key, choices in (("two_raids_apart", TWO_RAIDS_APART), ("hit_man", HIT_MAN_READINGS)))
        plays = []
        for i, item in enumerate(r.sequence(given.get("plays"), "given.plays") or []):
            where = join("given.plays", i)
            m = r.mapping(item, where, ("player", "card", "side")) or {}
            texts = [r.text(m.get(k), join(where, k)) for k in ("player", "card", "side")]
            if None not in texts:
                plays.append(self._example_input(make_play, where, *texts, self.spec))
        r.problems.raise_if_any()
        self._example_input(check_players, "given.plays", [p.player for p in plays], self.game.players_max, "play")
        ruling = judge(plays, self.spec, raids, strike)
        out = ruling.as_json()
        return {**out, "scores": {p: v["points"] for p, v in out["players"].items()},
                "won": [p.player for p in plays if ruling.won(p)],
                "lost": [p.player for p in plays if not ruling.won(p)]}

    def scenario_match(self, example: Example) -> dict[str, Any]:
        """given: totals {player: points} and cards_left {player: card} after the last game."""
        r = Reader(ProblemCollector())
        given = r.mapping(dict(example.given), "given", ("totals", "cards_left")) or {}
        totals = r.mapping(given.get("totals"), "given.totals", free=True) or {}
        names = r.mapping(given.get("cards_left"), "given.cards_left", free=True) or {}
        points = {str(p): r.integer(n, join("given.totals", p), minimum=0) for p, n in totals.items()}
        left = {str(p): self.spec.card(str(names.get(p, ""))) for p in totals}
        for p in [p for p, card in left.items() if card is None]:
            r.add(join("given.cards_left", p), f"expected the card {p} has left: {self.spec.card_list()}")
        r.problems.raise_if_any()
        self._example_input(check_players, "given.totals", list(points), self.game.players_max, "total")
        return chickens(points, left).as_json()

    @staticmethod
    def _example_input(parse: Callable[..., Any], where: str, *args: Any) -> Any:
        try:
            return parse(*args)
        except BadInput as exc:
            raise SpecError(Problem(str(exc), where=where)) from None

    # -- pnp solve ------------------------------------------------------------------------------
    def add_solve_arguments(self, parser: argparse.ArgumentParser) -> None:
        spec = self.spec
        parser.description = ("Judge one Kamiza round (steps 1-4) with --play, or settle the winner of a match "
                              "(step 5, the chickens tiebreak) with --match.")
        what = parser.add_mutually_exclusive_group(required=True)
        what.add_argument("--play", nargs="+", metavar="PLAYER:CARD@SIDE",
                          help=f"one card per player, like \"A:kumicho@kamiza B:hit man@kamiza C:若頭@shimoza\"; "
                               f"cards by romaji, English or Japanese name; sides {', '.join(spec.seats)}")
        what.add_argument("--match", nargs="+", metavar="PLAYER:TOTAL@CARD",
                          help=f"each player's total after {spec.games_per_match} games and the card left in hand, "
                               f"like \"X:12@te-ire Y:12@kumicho Z:9@waka-gashira\"")
        parser.add_argument("--hit-man", choices=HIT_MAN_READINGS, default=spec.hit_man,
                            help=f"when a boss and a hit man on kamiza are struck: exactly-two (only they remain "
                                 f"after cancelling) or before-seats (before the seats are filled); "
                                 f"default {spec.hit_man} (rules.hit_man)")
        parser.add_argument("--two-raids-apart", choices=TWO_RAIDS_APART, default=spec.two_raids_apart,
                            help=f"police raids on different sides: both-lose, or zero-point (they compete for seats "
                                 f"as 0-point cards); default {spec.two_raids_apart} (rules.two_raids_apart)")
        parser.add_argument("--json", action="store_true", help="print the ruling as JSON")

    def solve(self, args: argparse.Namespace) -> tuple[dict[str, Any], str]:
        option = "--play" if args.play else "--match"
        try:
            if args.play:
                ruling = judge(parse_plays(" ".join(args.play), self.spec, self.game.players_max), self.spec,
                               args.two_raids_apart, args.hit_man)
                return ruling.as_json(), ruling.text()
            result = chickens(*parse_match(" ".join(args.match), self.spec, self.game.players_max))
            return result.as_json(), result.text(self.spec.games_per_match)
        except BadInput as exc:
            raise OptionError(f"pnp solve {self.game.id}: argument {option}: {exc}") from None


register(KamizaRules)
