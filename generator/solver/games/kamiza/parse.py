"""The `--play` and `--match` texts of `pnp solve kamiza`, and the worked examples' plays, read into plays and totals.

Every mistake is a BadInput whose message is one line saying what was expected; the Rules class turns it into an
OptionError on the command line or a SpecError in a worked example.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from typing import Sequence

from generator.solver.games.kamiza.referee import Play
from generator.solver.games.kamiza.spec import Card, KamizaSpec

MIN_PLAYS = 2                           # fewer is no battle at all
SEPARATORS = re.compile(r"[\s,;]+")
ITEM = re.compile(r"^([^\s:@]+)\s*:\s*([^:@]*?)\s*@\s*([^:@]+?)$")   # WHO:WHAT@WHERE
PLAY_HINT = 'PLAYER:CARD@SIDE for each player, like "A:kumicho@kamiza B:teppo-dama@shimoza"'
MATCH_HINT = 'PLAYER:TOTAL@CARD for each player (the card left in hand), like "X:12@te-ire Y:12@kumicho"'


class BadInput(ValueError):
    """A play or a match total that cannot be judged; the message is one line saying what was expected."""


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
        who, what, where = match.groups()        # three groups, none optional
        out.append((who, what, where))
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
