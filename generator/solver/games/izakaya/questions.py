"""`pnp solve izakaya setup|bid|score|drink|claim`: the table's questions declared as data (typed
parameters, answer functions) and their answers. Bad arguments and positions that break the rules are one
line each (exit 2)."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from generator.solver.api import BadValue, OptionError, Param, Question, Questions
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
        raise BadValue(f'expected row,col like 1,2, got "{text}"') from None


def _edge(text: str) -> tuple[tuple[int, int], tuple[int, int]]:
    parts = text.split("-")
    if len(parts) != 2:
        raise BadValue(f'expected two cards like 1,2-1,3, got "{text}"')
    return edge(_pair(parts[0]), _pair(parts[1]))


def questions(spec: IzakayaSpec) -> Questions:
    counts = spec.player_counts
    position = Param("position", kind=Path, required=True, metavar="FILE",
                     help="a position as JSON or YAML: players, grid, prices, drinks, claims, pyramids, buildings, yen")
    asked = (
        Question("setup", "the grid, spots, edges, threshold and prices for a player count", (
            Param("players", kind=int, required=True, choices=counts, metavar=f"{min(counts)}-{max(counts)}"),),
            partial(answer_setup, spec)),
        Question("bid", "one round of bids: the new turn order, yen, pile and whether the end is triggered", (
            Param("order", required=True, help="the turn order before the bids, like A,B,C"),
            Param("yen", required=True, help="each player's yen in that order, like 1000,1000,1000"),
            Param("bids", required=True, help=f"each player's bid in that order (whole {spec.coin}s)"),
            Param("pile", default="0", help="yen in the bid pile before (default 0)")), partial(answer_bid, spec)),
        Question("score", "score a position: each building's payout, each player, the winners", (position,),
                 partial(answer_score, spec)),
        Question("drink", "may a drink go on this corner now?", (
            position,
            Param("corner", kind=_pair, required=True, metavar="ROW,COL", help="a corner, 0 to n from the top left"),
            Param("colour", choices=spec.colours, help="the drink's colour (checks its crate is not empty)")),
            partial(answer_drink, spec)),
        Question("claim", "may this player claim this edge now, and is it a line of three?", (
            position, Param("player", required=True),
            Param("edge", kind=_edge, required=True, metavar="R,C-R,C",
                  help="the two cards it separates, like 1,2-1,3")),
            partial(answer_claim, spec)),
    )
    return Questions("Izakaya at the table: the setup, a round of bids, a final score, and whether a drink or a "
                     "claim is legal.", asked)


def _bid(spec: IzakayaSpec, order_text: str, yen_text: str, bids_text: str, pile: str) -> dict[str, Any]:
    order = _list(order_text, "player names", "--order")
    if len(set(order)) != len(order) or len(order) not in spec.thresholds:
        raise OptionError(f"pnp solve izakaya bid: argument --order: expected {min(spec.thresholds)}-"
                          f"{max(spec.thresholds)} distinct players, got \"{order_text}\"")
    numbers = {}
    for option, text in (("--yen", yen_text), ("--bids", bids_text), ("--pile", pile)):
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


def answer_setup(spec: IzakayaSpec, players: int) -> tuple[dict[str, Any], str]:
    out = setup(spec, players)
    return out, (f"{players} players: {out['grid']} x {out['grid']} grid"
                 + (f", card {out['disabled'][0]} flipped" if out["disabled"] else "")
                 + f"; {out['drink_spots']['four_card']} 4-card and {out['drink_spots']['two_card']} 2-card drink "
                 f"spots, {out['claim_edges']} claim edges; the game ends at {out['threshold']} yen in the pile; "
                 f"prices {out['prices']}")


def answer_bid(spec: IzakayaSpec, order: str, yen: str, bids: str, pile: str) -> tuple[dict[str, Any], str]:
    out = _bid(spec, order, yen, bids, pile)
    return out, f"Turn order {', '.join(out['order'])}; yen {out['yen']}; pile {out['pile']}" + \
        ("; the end is triggered: this is the last round" if out["last_round"] else "")


def answer_score(spec: IzakayaSpec, position: Path) -> tuple[dict[str, Any], str]:
    out = score(read_position(position, spec))
    return out, "; ".join(f"{p} {v}" for p, v in out["scores"].items()) + f"; winner {', '.join(out['winners'])}"


def answer_drink(spec: IzakayaSpec, position: Path, corner: tuple[int, int],
                 colour: str | None) -> tuple[dict[str, Any], str]:
    ok, why = drink_ruling(read_position(position, spec), corner, colour, spec)
    return {"legal": ok, "reason": why}, ("legal: " if ok else "not legal: ") + why


def answer_claim(spec: IzakayaSpec, position: Path, player: str,
                 edge: tuple[tuple[int, int], tuple[int, int]]) -> tuple[dict[str, Any], str]:
    pos = read_position(position, spec)
    if player not in pos.players:
        raise OptionError(f'pnp solve izakaya claim: argument --player: expected one of {", ".join(pos.players)}, '
                          f'got "{player}"')
    ok, why, line = claim_ruling(spec, pos, player, edge)
    return {"legal": ok, "reason": why, "line_of_three": line}, ("legal: " if ok else "not legal: ") + why
