"""`pnp solve kamiza`: one question, asked without a name: judge a round (steps 1-4) from --play, or settle a
match (step 5, the chickens tiebreak) from --match; declared as data for the command line."""

from __future__ import annotations

from functools import partial
from typing import Any

from generator.solver.api import OptionError, Param, Question, Questions
from generator.solver.games.kamiza.parse import BadInput, parse_match, parse_plays
from generator.solver.games.kamiza.referee import judge
from generator.solver.games.kamiza.spec import HIT_MAN_READINGS, TWO_RAIDS_APART, KamizaSpec
from generator.solver.games.kamiza.tiebreak import chickens

DESCRIPTION = ("Judge one Kamiza round (steps 1-4) with --play, or settle the winner of a match (step 5, the "
               "chickens tiebreak) with --match.")


def questions(spec: KamizaSpec, game_id: str, players_max: int) -> Questions:
    params = (
        Param("play", many=True, one_of="what", metavar="PLAYER:CARD@SIDE",
              help=f"one card per player, like \"A:kumicho@kamiza B:hit man@kamiza C:若頭@shimoza\"; "
                   f"cards by romaji, English or Japanese name; sides {', '.join(spec.seats)}"),
        Param("match", many=True, one_of="what", metavar="PLAYER:TOTAL@CARD",
              help=f"each player's total after {spec.games_per_match} games and the card left in hand, "
                   f"like \"X:12@te-ire Y:12@kumicho Z:9@waka-gashira\""),
        Param("hit_man", choices=HIT_MAN_READINGS, default=spec.hit_man,
              help=f"when a boss and a hit man on kamiza are struck: exactly-two (only they remain after "
                   f"cancelling) or before-seats (before the seats are filled); default {spec.hit_man} "
                   f"(rules.hit_man)"),
        Param("two_raids_apart", choices=TWO_RAIDS_APART, default=spec.two_raids_apart,
              help=f"police raids on different sides: both-lose, or zero-point (they compete for seats as "
                   f"0-point cards); default {spec.two_raids_apart} (rules.two_raids_apart)"),
    )
    ask = partial(solve, spec, game_id, players_max)
    return Questions(DESCRIPTION, (Question("", None, params, ask, output="ruling"),))


def solve(spec: KamizaSpec, game_id: str, players_max: int, play: list[str] | None, match: list[str] | None,
          hit_man: str, two_raids_apart: str) -> tuple[dict[str, Any], str]:
    """The ruling of a round, or the winner of a match, as JSON-like data and as text."""
    option = "--play" if play else "--match"
    try:
        if play:
            ruling = judge(parse_plays(" ".join(play), spec, players_max), spec, two_raids_apart, hit_man)
            return ruling.as_json(), ruling.text()
        result = chickens(*parse_match(" ".join(match or ()), spec, players_max))
        return result.as_json(), result.text(spec.games_per_match)
    except BadInput as exc:
        raise OptionError(f"pnp solve {game_id}: argument {option}: {exc}") from None
