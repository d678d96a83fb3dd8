"""Kamiza's engine: a whole match as the State of generator/solver/play.py, judged by referee.judge.

A match is `games_per_match` games; a game is `rounds_per_game` rounds; in a round every player, clockwise from
the start player, puts one card of their hand on a side of the sheet (an action is (role, side)). When the last
card is down the round is judged by referee.judge (steps 1-4) and each card goes in front of its player: face up
if it won (upside down for the hit man who struck the boss, the police raid of a squealer), face down if it lost.
The next round starts with the squealer, or else the next player clockwise (KAM-GAP-02). After a game every
card goes back to its hand; after the last game the chickens tiebreak (step 5) settles equal totals, comparing
each player's lowest card left in hand. Chance only picks the first start player (the rulebook names none).

Cards have ids: player p owns ids p*k .. p*k+k-1, the id's offset in the hand being its row of spec.cards, so
`invariants` can tell a card in two places or in the wrong player's hand from a card that is simply played.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, NamedTuple

from generator.solver.games.kamiza.parse import MIN_PLAYS
from generator.solver.games.kamiza.referee import Play, Ruling, judge
from generator.solver.games.kamiza.spec import Card, KamizaSpec
from generator.solver.games.kamiza.tiebreak import MatchResult, chickens

UP, DOWN, UPSIDE_DOWN = "up", "down", "upside-down"     # how a card lies in front of its player


class Round(NamedTuple):
    """A judged round, kept for the invariants: who started it and the cards in the order they were played."""

    game: int
    start: int
    plays: tuple[tuple[int, int, str], ...]     # (player, card id, side)


class KamizaState:
    """A Kamiza match in progress; `apply` changes it in place and returns it."""

    def __init__(self, spec: KamizaSpec, players: int, seed: str):
        if players < MIN_PLAYS:
            raise ValueError(f"Kamiza needs at least {MIN_PLAYS} players, got {players}")
        if not 0 < spec.rounds_per_game < len(spec.cards):
            raise ValueError(f"rules.rounds_per_game must leave a card in hand: {spec.rounds_per_game} rounds, "
                             f"{len(spec.cards)} cards each")
        self.spec, self.n, self.k = spec, players, len(spec.cards)
        self.names = tuple(f"P{i + 1}" for i in range(players))
        self.first_start = random.Random(f"kamiza:{seed}").randrange(players)
        self.start = self.first_start
        self.game, self.round = 0, 0                    # both counted from 0
        self.hands = [self._own(p) for p in range(players)]
        self.sheet: list[tuple[int, int, str]] = []     # this round's plays: (player, card id, side)
        self.front: list[list[tuple[int, str]]] = [[] for _ in range(players)]   # (card id, how it lies)
        self.scores = [0] * players
        self.history: list[Round] = []
        self.left: list[list[int]] = []                 # each hand at the end of the last game
        self.outcome: MatchResult | None = None

    # -- the State protocol ----------------------------------------------------------------------
    def legal_actions(self) -> list[tuple[str, str]]:
        """(role, side) for each role in the hand of the player to act and each side of the sheet."""
        if self.outcome is not None:
            return []
        roles = dict.fromkeys(self.card(c).role for c in self.hands[self.to_act()])
        return [(role, side) for role in roles for side in self.spec.seats]

    def apply(self, action: tuple[str, str]) -> "KamizaState":
        role, side = action
        player = self.to_act()
        card = next((c for c in self.hands[player] if self.card(c).role == role), None)
        if card is None or side not in self.spec.seats or self.outcome is not None:
            raise ValueError(f"illegal action {action!r} for {self.names[player]}")
        self.hands[player].remove(card)
        self.sheet.append((player, card, side))
        if len(self.sheet) == self.n:
            self._end_round()
        return self

    def is_over(self) -> bool:
        return self.outcome is not None

    def result(self) -> dict[str, Any]:
        """how: outright (one top total), chickens (step 5 split a tie) or shared (KAM-GAP-07)."""
        out = self.outcome
        if out is None:
            return {"how": "unfinished", "rounds": len(self.history)}
        how = "outright" if len(out.tied) == 1 else "chickens" if len(out.winners) == 1 else "shared"
        rulings = [self.ruling(r) for r in self.history]
        return {"how": how, "rounds": len(self.history), "games": self.game + 1,
                "totals": dict(zip(self.names, self.scores)), "winners": list(out.winners),
                "left": {name: self.card(min(hand, key=self.number)).role
                         for name, hand in zip(self.names, self.left)},
                "raids": sum(r.squealer is not None for r in rulings),
                "strikes": sum(r.striker is not None for r in rulings)}

    def invariants(self) -> list[str]:
        """What breaks the rulebook now: cards, turn order, round flow, the referee's rulings, the match's end."""
        rulings = [self.ruling(r) for r in self.history]
        return [*check_cards(self), *check_turn(self), *check_flow(self, rulings), *check_rulings(self, rulings),
                *check_end(self)]

    # -- reading the state -----------------------------------------------------------------------
    def card(self, card_id: int) -> Card:
        return self.spec.cards[card_id % self.k]

    def owner(self, card_id: int) -> int:
        return card_id // self.k

    def to_act(self) -> int:
        return (self.start + len(self.sheet)) % self.n

    def ruling(self, played: Round) -> Ruling:
        """The referee's ruling of a round, judged afresh from its plays."""
        return judge([Play(self.names[p], self.card(c), side) for p, c, side in played.plays], self.spec)

    def _own(self, player: int) -> list[int]:
        return list(range(player * self.k, (player + 1) * self.k))

    def number(self, card_id: int) -> int:
        return self.card(card_id).number

    # -- the flow --------------------------------------------------------------------------------
    def _end_round(self) -> None:
        """Judge the sheet, lay each card in front of its player, score, and name the next start player."""
        played = Round(self.game, self.start, tuple(self.sheet))
        ruling = self.ruling(played)
        for (player, card, _), play in zip(played.plays, ruling.plays):
            self.front[player].append((card, lies(ruling, play)))
            self.scores[player] += ruling.points(play)
        self.history.append(played)
        self.sheet = []
        self.start = next_start(self, played, ruling)
        self.round += 1
        if self.round == self.spec.rounds_per_game:
            self._end_game()

    def _end_game(self) -> None:
        """Keep the cards left in hand; after the last game settle the match, else take every card back."""
        self.left = [sorted(hand) for hand in self.hands]
        if self.game + 1 == self.spec.games_per_match:
            self.outcome = settle(self)
            return
        self.game, self.round = self.game + 1, 0
        self.hands = [self._own(p) for p in range(self.n)]
        self.front = [[] for _ in range(self.n)]


def lies(ruling: Ruling, play: Play) -> str:
    """How a judged card lies in front of its player (seed L9, L7 and L31)."""
    if play.player in (ruling.striker, ruling.squealer):
        return UPSIDE_DOWN if play.player == ruling.striker else UP
    return UP if ruling.won(play) else DOWN


def next_start(state: KamizaState, played: Round, ruling: Ruling) -> int:
    """The squealer starts the next round (seed L7); otherwise the start passes clockwise (KAM-GAP-02)."""
    if ruling.squealer is not None:
        return state.names.index(ruling.squealer)
    return (played.start + 1) % state.n


def settle(state: KamizaState) -> MatchResult:
    """Step 5 on the totals, each player's lowest card left in hand standing for 'the lower card'."""
    left = {name: state.card(min(hand, key=state.number)) for name, hand in zip(state.names, state.left)}
    return chickens(dict(zip(state.names, state.scores)), left)


def new_state(spec: KamizaSpec, players: int, seed: str) -> KamizaState:
    """The start of a match: every hand full, the first start player drawn from `seed`."""
    return KamizaState(spec, players, str(seed))


# -- invariants: what the rulebook guarantees at every step ------------------------------------------
def check_cards(s: KamizaState) -> list[str]:
    """Each player's cards are the spec's hand, each card in exactly one place and with its owner."""
    places: dict[int, list[tuple[int, str]]] = {}
    for p, name in enumerate(s.names):
        for c in s.hands[p]:
            places.setdefault(c, []).append((p, f"{name}'s hand"))
        for c, _ in s.front[p]:
            places.setdefault(c, []).append((p, f"in front of {name}"))
    for p, c, _ in s.sheet:
        places.setdefault(c, []).append((p, f"on the sheet for {s.names[p]}"))
    out = []
    for c, where in places.items():
        if len(where) > 1:
            out.append(f"card {c} is in {len(where)} places: {', '.join(w for _, w in where)}")
        if not 0 <= c < s.n * s.k:
            out.append(f"card {c} belongs to nobody at {s.n} players ({where[0][1]})")
        out += [f"card {c}, {s.names[s.owner(c)]}'s, is {w}" for p, w in where if s.owner(c) != p]
    want = Counter(c.role for c in s.spec.cards)
    for p, name in enumerate(s.names):
        roles = Counter(s.card(c).role for c, where in places.items() for q, _ in where if q == p)
        if roles != want:
            out.append(f"{name}'s cards are {dict(roles)}, expected {dict(want)} (one hand each, conserved)")
    return out


def check_turn(s: KamizaState) -> list[str]:
    """Players play clockwise from the start player, one card a round, so every hand has the size it must."""
    out = []
    order = [p for p, _, _ in s.sheet]
    if order != [(s.start + i) % s.n for i in range(len(order))] or len(order) >= s.n:
        out.append(f"the sheet was played by {[s.names[p] for p in order]}, expected clockwise from "
                   f"{s.names[s.start]}, fewer than {s.n}")
    out += [f"card {c} was played on side {side!r}, not one of {list(s.spec.seats)}"
            for _, c, side in s.sheet if side not in s.spec.seats]
    for p, name in enumerate(s.names):
        size = s.k - s.round - (p in order)
        if len(s.hands[p]) != size:
            out.append(f"{name} holds {len(s.hands[p])} cards in round {s.round + 1} of game {s.game + 1}, "
                       f"expected {size}")
    return out


def check_flow(s: KamizaState, rulings: list[Ruling]) -> list[str]:
    """Every round played by all, clockwise; the start passes as the rules say; the games have their rounds."""
    out, start = [], s.first_start
    for i, (played, ruling) in enumerate(zip(s.history, rulings), 1):
        if played.start != start:
            out.append(f"round {i} was started by {s.names[played.start]}, expected {s.names[start]}")
        if [p for p, _, _ in played.plays] != [(played.start + j) % s.n for j in range(s.n)]:
            out.append(f"round {i} was not played once by each player clockwise from its start player")
        # restated, not next_start(): the squealer starts next (seed L7), else the next player clockwise
        start = s.names.index(ruling.squealer) if ruling.squealer else (played.start + 1) % s.n
    if s.start != start:
        out.append(f"{s.names[s.start]} starts the round, expected {s.names[start]}")
    per_game = Counter(r.game for r in s.history)
    want = {g: s.spec.rounds_per_game for g in range(s.game)} | ({s.game: s.round} if s.round else {})
    if dict(per_game) != want:
        out.append(f"rounds per game {dict(per_game)}, expected {want}")
    return out


def check_rulings(s: KamizaState, rulings: list[Ruling]) -> list[str]:
    """The referee's ruling of each round, judged afresh, is what lies in front of the players and the score;
    no side seats more winners than rules.seats; a police raid leaves its squealer the only winner, at 0."""
    out, scores = [], [0] * s.n
    front: list[list[tuple[int, str]]] = [[] for _ in range(s.n)]
    for i, (played, ruling) in enumerate(zip(s.history, rulings), 1):
        for (p, c, _), play in zip(played.plays, ruling.plays):
            scores[p] += ruling.points(play)
            if played.game == s.game:       # restated, not lies(): seed L9 (won up, lost down), L31, L7
                face = UPSIDE_DOWN if play.player == ruling.striker else UP if ruling.won(play) else DOWN
                front[p].append((c, face))
        for side, seats in s.spec.seats.items():
            if sum(ruling.won(play) for play in ruling.plays if play.side == side) > seats:
                out.append(f"round {i} seats more than {seats} winners on {side}")
        if ruling.squealer and ([p.player for p in ruling.plays if ruling.won(p)] != [ruling.squealer]
                                or any(ruling.points(p) for p in ruling.plays)):
            out.append(f"round {i} ended in a police raid but not with {ruling.squealer} the only winner, at 0")
    out += [f"{name} has {got} in front, the referee rules {want}"
            for name, got, want in zip(s.names, s.front, front) if got != want]
    if scores != s.scores or min(s.scores) < 0:
        out.append(f"scores {s.scores}, the referee's rulings add up to {scores}")
    return out


def check_end(s: KamizaState) -> list[str]:
    """The match ends after its last game's last round, and the winners are the chickens tiebreak's."""
    last = s.game + 1 == s.spec.games_per_match and s.round == s.spec.rounds_per_game
    if last != (s.outcome is not None):
        return [f"game {s.game + 1} round {s.round}: the match is {'not ' * last}over, expected the opposite"]
    if s.outcome is None:
        return []
    top = max(s.scores)
    leaders = [name for name, n in zip(s.names, s.scores) if n == top]
    low = min(min(s.number(c) for c in s.left[s.names.index(name)]) for name in leaders)
    winners = [name for name in leaders if min(s.number(c) for c in s.left[s.names.index(name)]) == low]
    if list(s.outcome.winners) != winners:
        return [f"the match's winners are {list(s.outcome.winners)}, expected {winners} (top total, then step 5)"]
    return []
