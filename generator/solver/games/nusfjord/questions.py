"""`pnp solve nusfjord`: the four questions a player asks at the table (setup, rounds, fish, score), declared
as data (typed parameters, answer functions) with their answers as JSON and as text. Bad arguments are
one-line errors (exit 2)."""

from __future__ import annotations

from functools import partial
from typing import Any

from generator.solver.api import BadValue, OptionError, Param, Question, Questions
from generator.solver.games.nusfjord.fishing import fish
from generator.solver.games.nusfjord.scoring import score
from generator.solver.games.nusfjord.setup import first_players, setup
from generator.solver.games.nusfjord.spec import NusfjordSpec

ROUND_WORDS = {"add_A": "add {n} A Buildings", "add_B": "add {n} B Buildings",
               "draw_C_each": "each player draws {n} C Buildings", "reveal_C": "lay every C in hand face up"}
SCORE_ARGS = ("ships", "buildings", "conditional", "shares", "gold", "free_spaces", "unissued")
SCORE_HELP = ("VP of your Ships", "fixed VP of your Buildings", "VP of your * Buildings",
              "issued Shares you hold (any colour)", "gold in your personal supply",
              "free Building spaces on your Harbor board", "Unissued Shares you hold")


def count(text: str) -> int:
    """A whole number of at least 0."""
    try:
        n = int(text)
    except ValueError:
        raise BadValue(f'expected a whole number, got "{text}"') from None
    if n < 0:
        raise BadValue(f"expected a whole number of at least 0, got {n}")
    return n


def counts(text: str) -> list[int]:
    """Comma-separated whole numbers ("2,0"); empty for none."""
    return [count(t.strip()) for t in text.split(",")] if text.strip() else []


def holdings(text: str) -> dict[str, int]:
    """PLAYER:N pairs, comma-separated ("Blue:1,Green:2")."""
    out: dict[str, int] = {}
    for item in filter(None, (t.strip() for t in text.split(","))):
        name, sep, n = item.rpartition(":")
        if not sep or not name.strip():
            raise BadValue(f'expected PLAYER:SHARES like "Blue:1", got "{item}"')
        if name.strip() in out:
            raise BadValue(f'"{name.strip()}" is named twice')
        out[name.strip()] = count(n)
    return out


def questions(spec: NusfjordSpec, players: tuple[int, int]) -> Questions:
    low, high = players
    fish_params = (
        Param("haul", kind=count, required=True, help="fish caught (the lowest number on the Fishing track)"),
        Param("elders", kind=counts, default=[], metavar="N,N,...",
              help=f"fish on each of your Elders before fishing (0-{spec.payout_at - 1}), in the order you feed "
                   "them when the haul runs short"),
        Param("action_board_shares", kind=count, default=0, help="your Shares on the newly-issued-shares space"),
        Param("foreign_shares", kind=holdings, default={}, metavar="PLAYER:N,...",
              help="your Shares in other players' supplies, like Blue:1,Green:2 (fed in this order)"),
        Param("own_shares", kind=count, default=spec.issued,
              help=f"your issued Shares in your own supply (default {spec.issued}, as at the start)"),
        Param("reserve", kind=count, default=0, help="fish in your Reserve before fishing"),
    )
    asked = (
        Question("setup", "the setup table for a player count", (
            Param("players", kind=int, required=True, choices=tuple(range(low, high + 1)), metavar=f"{low}-{high}"),),
            partial(answer_setup, spec)),
        Question("rounds", "the First Player of each round (the ship passes to the right)", (
            Param("seats", required=True, help="the players clockwise, like P1,P2,P3,P4"),
            Param("first", help="the First Player of round 1 (default: the first seat)")),
            partial(answer_rounds, spec, players)),
        Question("fish", "one player's Fishing phase, in its five steps", fish_params, partial(answer_fish, spec)),
        Question("score", "a final score, part by part",
                 tuple(Param(n, kind=count, default=0, help=h) for n, h in zip(SCORE_ARGS, SCORE_HELP)),
                 partial(answer_score, spec)),
    )
    return Questions("Nusfjord at the table: the setup for a player count, the First Player of each round, "
                     "one player's Fishing phase, or a final score.", asked)


def answer_setup(spec: NusfjordSpec, players: int) -> tuple[dict[str, Any], str]:
    out = setup(spec, players)
    return out, _setup_text(out)


def answer_rounds(spec: NusfjordSpec, players: tuple[int, int], seats: str,
                  first: str | None) -> tuple[dict[str, Any], str]:
    names = [s.strip() for s in seats.split(",")]
    if any(not s for s in names) or len(set(names)) != len(names):
        raise OptionError(f'pnp solve nusfjord rounds: argument --seats: expected distinct names like P1,P2,P3, '
                          f'got "{seats}"')
    if not players[0] <= len(names) <= players[1]:
        raise OptionError(f"pnp solve nusfjord rounds: argument --seats: expected {players[0]}-{players[1]} "
                          f"players, got {len(names)}")
    first = first if first is not None else names[0]
    if first not in names:
        raise OptionError(f'pnp solve nusfjord rounds: argument --first: "{first}" is not one of the seats '
                          f'({", ".join(names)})')
    order = first_players(names, first, spec.rounds)
    return {"first_players": order}, "\n".join(
        f"Round {i + 1}: {p} first, then " + ", ".join(names[(names.index(p) + k) % len(names)]
                                                     for k in range(1, len(names)))
        for i, p in enumerate(order))


def answer_fish(spec: NusfjordSpec, haul: int, elders: list[int], action_board_shares: int,
                foreign_shares: dict[str, int], own_shares: int, reserve: int) -> tuple[dict[str, Any], str]:
    bad = [n for n in elders if n >= spec.payout_at]
    if bad:
        raise OptionError(f"pnp solve nusfjord fish: argument --elders: an Elder holds 0-{spec.payout_at - 1} "
                          f"fish (at {spec.payout_at} it pays out at once), got {bad[0]}")
    out = fish(spec, haul, elders, action_board_shares, foreign_shares, own_shares, reserve).as_json()
    return out, _fish_text(haul, out)


def answer_score(spec: NusfjordSpec, **parts: int) -> tuple[dict[str, Any], str]:
    out = score(spec, *(parts[k] for k in SCORE_ARGS))
    return out, " ".join(f"{k.replace('_', ' ')} {v:+d}" for k, v in out.items()
                         if k not in ("total", "subtotal", "penalties")) + f" = {out['total']} VP"


def _setup_text(s: dict[str, Any]) -> str:
    lines = [f"{s['players']} players: Action board side {s['action_board']}, Imitation tile "
             f"{s['imitation_tile'] or 'not used'}, {s['banquet_fish']} fish on the Banquet Table, "
             f"{s['ships_per_type']} Ships of each type, {s['face_up']['A']} A and {s['face_up']['B']} B face up "
             f"(the other A and B {'back to the box' if s['left_over_AB'] == 'box' else 'set aside'})."]
    for r, what in s["round_spaces"].items():
        (event, n), = what.items()
        lines.append(f"Round space {r}: " + ROUND_WORDS[event].format(n=n))
    for st in s["elder_stacks"]:
        lines.append(f"Elder space {st['space']}: " + " on ".join(f"#{e}" for e in reversed(st["face_up"]))
                     + (f", {st['face_down']} face down below" if st["face_down"] else ""))
    lines.extend(s.get("notes", []))
    return "\n".join(lines)


def _fish_text(haul: int, out: dict[str, Any]) -> str:
    return (f"Haul {haul}: Elders now {out['elders']}, {out['action_board_shares']} on Action-board Shares, "
            f"{out['foreign_shares']} on foreign Shares, {out['own_shares']} on own Shares, Reserve {out['reserve']}, "
            f"excess {out['excess']}. Phase end: +{out['to_personal_supply']} to your supply, "
            f"{out['to_general_supply']} to the general supply, {out['to_other_players']} to other players.")
