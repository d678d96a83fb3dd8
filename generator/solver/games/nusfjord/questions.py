"""`pnp solve nusfjord`: the four questions a player asks at the table (setup, rounds, fish, score), their
arguments and their answers as JSON and as text. Bad arguments are one-line errors (exit 2)."""

from __future__ import annotations

import argparse
from typing import Any

from generator.errors import OptionError
from generator.solver.games.nusfjord.fishing import fish
from generator.solver.games.nusfjord.scoring import score
from generator.solver.games.nusfjord.setup import first_players, setup
from generator.solver.games.nusfjord.spec import NusfjordSpec

ROUND_WORDS = {"add_A": "add {n} A Buildings", "add_B": "add {n} B Buildings",
               "draw_C_each": "each player draws {n} C Buildings", "reveal_C": "lay every C in hand face up"}
SCORE_ARGS = ("ships", "buildings", "conditional", "shares", "gold", "free_spaces", "unissued")


def count(text: str) -> int:
    """A whole number of at least 0 (argparse type)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f'expected a whole number, got "{text}"') from None
    if n < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 0, got {n}")
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
            raise argparse.ArgumentTypeError(f'expected PLAYER:SHARES like "Blue:1", got "{item}"')
        if name.strip() in out:
            raise argparse.ArgumentTypeError(f'"{name.strip()}" is named twice')
        out[name.strip()] = count(n)
    return out


def add_arguments(parser: argparse.ArgumentParser, spec: NusfjordSpec, players: tuple[int, int]) -> None:
    parser.description = "Nusfjord at the table: the setup for a player count, the First Player of each round, " \
                         "one player's Fishing phase, or a final score."
    sub = parser.add_subparsers(dest="question", metavar="QUESTION", required=True)
    s = sub.add_parser("setup", help="the setup table for a player count")
    s.add_argument("--players", type=int, required=True, choices=range(players[0], players[1] + 1),
                   metavar=f"{players[0]}-{players[1]}")
    r = sub.add_parser("rounds", help="the First Player of each round (the ship passes to the right)")
    r.add_argument("--seats", required=True, help="the players clockwise, like P1,P2,P3,P4")
    r.add_argument("--first", help="the First Player of round 1 (default: the first seat)")
    f = sub.add_parser("fish", help="one player's Fishing phase, in its five steps")
    f.add_argument("--haul", type=count, required=True, help="fish caught (the lowest number on the Fishing track)")
    f.add_argument("--elders", type=counts, default=[], metavar="N,N,...",
                   help=f"fish on each of your Elders before fishing (0-{spec.payout_at - 1}), in the order you feed "
                        "them when the haul runs short")
    f.add_argument("--action-board-shares", type=count, default=0, help="your Shares on the newly-issued-shares space")
    f.add_argument("--foreign-shares", type=holdings, default={}, metavar="PLAYER:N,...",
                   help="your Shares in other players' supplies, like Blue:1,Green:2 (fed in this order)")
    f.add_argument("--own-shares", type=count, default=spec.issued, help=f"your issued Shares in your own supply "
                   f"(default {spec.issued}, as at the start)")
    f.add_argument("--reserve", type=count, default=0, help="fish in your Reserve before fishing")
    c = sub.add_parser("score", help="a final score, part by part")
    for name, text in zip(SCORE_ARGS, ("VP of your Ships", "fixed VP of your Buildings", "VP of your * Buildings",
                                       "issued Shares you hold (any colour)", "gold in your personal supply",
                                       "free Building spaces on your Harbor board", "Unissued Shares you hold")):
        c.add_argument("--" + name.replace("_", "-"), type=count, default=0, help=text)
    for p in (s, r, f, c):
        p.add_argument("--json", action="store_true", help="print the answer as JSON")


def answer(args: argparse.Namespace, spec: NusfjordSpec, players: tuple[int, int]) -> tuple[dict[str, Any], str]:
    if args.question == "setup":
        out = setup(spec, args.players)
        return out, _setup_text(out)
    if args.question == "rounds":
        seats = [s.strip() for s in args.seats.split(",")]
        if any(not s for s in seats) or len(set(seats)) != len(seats):
            raise OptionError(f'pnp solve nusfjord rounds: argument --seats: expected distinct names like P1,P2,P3, '
                              f'got "{args.seats}"')
        if not players[0] <= len(seats) <= players[1]:
            raise OptionError(f"pnp solve nusfjord rounds: argument --seats: expected {players[0]}-{players[1]} "
                              f"players, got {len(seats)}")
        first = args.first if args.first is not None else seats[0]
        if first not in seats:
            raise OptionError(f'pnp solve nusfjord rounds: argument --first: "{first}" is not one of the seats '
                              f'({", ".join(seats)})')
        order = first_players(seats, first, spec.rounds)
        return {"first_players": order}, "\n".join(
            f"Round {i + 1}: {p} first, then " + ", ".join(seats[(seats.index(p) + k) % len(seats)]
                                                         for k in range(1, len(seats)))
            for i, p in enumerate(order))
    if args.question == "fish":
        bad = [n for n in args.elders if n >= spec.payout_at]
        if bad:
            raise OptionError(f"pnp solve nusfjord fish: argument --elders: an Elder holds 0-{spec.payout_at - 1} "
                              f"fish (at {spec.payout_at} it pays out at once), got {bad[0]}")
        catch = fish(spec, args.haul, args.elders, args.action_board_shares, args.foreign_shares, args.own_shares,
                     args.reserve)
        out = catch.as_json()
        return out, _fish_text(args.haul, out)
    out = score(spec, *(getattr(args, k) for k in SCORE_ARGS))
    return out, " ".join(f"{k.replace('_', ' ')} {v:+d}" for k, v in out.items() if k not in ("total", "subtotal",
                                                                                           "penalties")) + \
        f" = {out['total']} VP"


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
