"""`pnp solve izakaya setup|bid|score|drink|claim`: the table's questions, their arguments and answers.
Bad arguments and positions that break the rules are one line each (exit 2)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from generator.errors import OptionError
from generator.solver.games.izakaya.grid import edge
from generator.solver.games.izakaya.position import read_position
from generator.solver.games.izakaya.rules import bid, claim_ruling, drink_ruling, score
from generator.solver.games.izakaya.spec import IzakayaSpec


def setup(spec: IzakayaSpec, players: int) -> dict[str, Any]:
    g = spec.grid(players)
    kinds = list(g.spots.values())
    return {"players": players, "grid": g.n, "disabled": [list(c) for c in sorted(g.disabled)],
            "threshold": spec.thresholds[players], "prices": {c: spec.prices[c] for c in spec.colours},
            "drink_spots": {"four_card": kinds.count(4), "two_card": kinds.count(2)}, "claim_edges": len(g.edges),
            "line_of_three_possible": bool(g.lines), "site_cards": g.n ** 2 + 1,
            "each_player": {"yen": spec.start_yen, "pyramids": spec.pyramids,
                            "discs": spec.action_discs + spec.claim_discs + spec.turn_order_discs}}


def _list(text: str, what: str, option: str) -> list[str]:
    items = [t.strip() for t in text.split(",")]
    if not all(items):
        raise OptionError(f"pnp solve izakaya bid: argument {option}: expected {what} separated by commas, got \"{text}\"")
    return items


def _pair(text: str) -> tuple[int, int]:
    try:
        a, b = (int(x) for x in text.split(","))
        return a, b
    except ValueError:
        raise argparse.ArgumentTypeError(f'expected row,col like 1,2, got "{text}"') from None


def _edge(text: str) -> tuple[tuple[int, int], tuple[int, int]]:
    parts = text.split("-")
    if len(parts) != 2:
        raise argparse.ArgumentTypeError(f'expected two cards like 1,2-1,3, got "{text}"')
    return edge(_pair(parts[0]), _pair(parts[1]))


def add_arguments(parser: argparse.ArgumentParser, spec: IzakayaSpec) -> None:
    parser.description = "Izakaya at the table: the setup, a round of bids, a final score, and whether a drink or a claim is legal."
    sub = parser.add_subparsers(dest="question", metavar="QUESTION", required=True)
    s = sub.add_parser("setup", help="the grid, spots, edges, threshold and prices for a player count")
    s.add_argument("--players", type=int, required=True, choices=spec.player_counts,
                   metavar=f"{min(spec.player_counts)}-{max(spec.player_counts)}")
    b = sub.add_parser("bid", help="one round of bids: the new turn order, yen, pile and whether the end is triggered")
    b.add_argument("--order", required=True, help="the turn order before the bids, like A,B,C")
    b.add_argument("--yen", required=True, help="each player's yen in that order, like 1000,1000,1000")
    b.add_argument("--bids", required=True, help=f"each player's bid in that order (whole {spec.coin}s)")
    b.add_argument("--pile", default="0", help="yen in the bid pile before (default 0)")
    position = argparse.ArgumentParser(add_help=False)
    position.add_argument("--position", type=Path, required=True, metavar="FILE",
                          help="a position as JSON or YAML: players, grid, prices, drinks, claims, pyramids, buildings, yen")
    sub.add_parser("score", parents=[position], help="score a position: each building's payout, each player, the winners")
    d = sub.add_parser("drink", parents=[position], help="may a drink go on this corner now?")
    d.add_argument("--corner", type=_pair, required=True, metavar="ROW,COL", help="a corner, 0 to n from the top left")
    d.add_argument("--colour", choices=spec.colours, help="the drink's colour (checks its crate is not empty)")
    c = sub.add_parser("claim", parents=[position], help="may this player claim this edge now, and is it a line of three?")
    c.add_argument("--player", required=True)
    c.add_argument("--edge", type=_edge, required=True, metavar="R,C-R,C", help="the two cards it separates, like 1,2-1,3")
    for p in sub.choices.values():
        p.add_argument("--json", action="store_true", help="print the answer as JSON")


def _bid(args: argparse.Namespace, spec: IzakayaSpec) -> dict[str, Any]:
    order = _list(args.order, "player names", "--order")
    if len(set(order)) != len(order) or len(order) not in spec.thresholds:
        raise OptionError(f"pnp solve izakaya bid: argument --order: expected {min(spec.thresholds)}-"
                          f"{max(spec.thresholds)} distinct players, got \"{args.order}\"")
    numbers = {}
    for option, text in (("--yen", args.yen), ("--bids", args.bids), ("--pile", args.pile)):
        items = _list(text, "amounts", option)
        try:
            values = [int(x) for x in items]
        except ValueError:
            raise OptionError(f"pnp solve izakaya bid: argument {option}: expected whole numbers, got \"{text}\"") from None
        if option != "--pile" and len(values) != len(order):
            raise OptionError(f"pnp solve izakaya bid: argument {option}: expected one amount per player "
                              f"({len(order)}), got {len(values)}")
        bad = [v for v in values if v < 0 or v % spec.coin]
        if bad:
            raise OptionError(f"pnp solve izakaya bid: argument {option}: expected whole {spec.coin}s of yen from 0, "
                              f"got {bad[0]}")
        numbers[option] = values
    yen, bids = dict(zip(order, numbers["--yen"])), dict(zip(order, numbers["--bids"]))
    over = [p for p in order if bids[p] > yen[p]]
    if over:
        raise OptionError(f"pnp solve izakaya bid: argument --bids: {over[0]} bids {bids[over[0]]} but holds "
                          f"{yen[over[0]]} yen")
    return bid(spec, order, yen, bids, numbers["--pile"][0])


def answer(args: argparse.Namespace, spec: IzakayaSpec) -> tuple[dict[str, Any], str]:
    if args.question == "setup":
        out = setup(spec, args.players)
        return out, (f"{args.players} players: {out['grid']} x {out['grid']} grid"
                     + (f", card {out['disabled'][0]} flipped" if out["disabled"] else "")
                     + f"; {out['drink_spots']['four_card']} 4-card and {out['drink_spots']['two_card']} 2-card drink "
                     f"spots, {out['claim_edges']} claim edges; the game ends at {out['threshold']} yen in the pile; "
                     f"prices {out['prices']}")
    if args.question == "bid":
        out = _bid(args, spec)
        return out, f"Turn order {', '.join(out['order'])}; yen {out['yen']}; pile {out['pile']}" + \
            ("; the end is triggered: this is the last round" if out["last_round"] else "")
    pos = read_position(args.position, spec)
    if args.question == "score":
        out = score(pos)
        return out, "; ".join(f"{p} {v}" for p, v in out["scores"].items()) + f"; winner {', '.join(out['winners'])}"
    if args.question == "drink":
        ok, why = drink_ruling(pos, args.corner, args.colour, spec)
        return {"legal": ok, "reason": why}, ("legal: " if ok else "not legal: ") + why
    if args.player not in pos.players:
        raise OptionError(f'pnp solve izakaya claim: argument --player: expected one of {", ".join(pos.players)}, '
                          f'got "{args.player}"')
    ok, why, line = claim_ruling(spec, pos, args.player, args.edge)
    return {"legal": ok, "reason": why, "line_of_three": line}, ("legal: " if ok else "not legal: ") + why
