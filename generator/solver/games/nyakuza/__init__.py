"""Nyakuza: bids for Boats, Boats on the bay, Stalls on the shore; worked examples, `pnp solve nyakuza bid`
and `pnp check nyakuza --simulate N`.

The rules are split by concern, each module importing only the ones before it:
spec (read and validate the spec) -> bidding (pure rulings: bids, ranking) -> state (a game in play) ->
simulation (random games), checks (spec checks), scenarios (worked-example positions). This module holds
the Rules class that ties them to `pnp check` and `pnp solve`, re-exports the public names, and registers
the game on its last line.
"""

from __future__ import annotations

import argparse
from typing import Any, Mapping

from generator.errors import OptionError, Problem, SpecError
from generator.solver.base import CheckResult, Example, Rules
from generator.solver.games.nyakuza.bidding import (BidOutcome, IllegalBid, clockwise_from, final_winners, kobans,
                                                    resolve_bids)
from generator.solver.games.nyakuza.aid import nyakuza_aid
from generator.solver.games.nyakuza.checks import spec_checks
from generator.solver.games.nyakuza.scenarios import Given, placement_step, position
from generator.solver.games.nyakuza.simulation import ENDINGS, Tally, play_random_game, simulate, simulation_check
from generator.solver.games.nyakuza.spec import (BOARD, BOAT, DRAW_KEYS, KOBAN,
                                                 OUT_OF_BOATS, RULE_KEYS, SCREEN, SECRET_KEYS, STALL,
                                                 TILE, WHARF_ORDERS, Board, NyakuzaSpec, Setup, read_spec)
from generator.solver.games.nyakuza.state import (BID, OVER, PLACE, SIMULTANEOUS, TERMINAL, Build, IllegalMove,
                                                  NyakuzaState)
from generator.solver.registry import register
from generator.spec.yamlio import join

__all__ = ["BID", "BOARD", "BOAT", "DRAW_KEYS", "ENDINGS", "KOBAN",
           "OUT_OF_BOATS", "OVER", "PLACE", "RULE_KEYS", "SCREEN", "SECRET_KEYS", "SIMULTANEOUS", "STALL",
           "TERMINAL", "TILE", "WHARF_ORDERS", "BidOutcome", "Board", "Build", "Given", "IllegalBid", "IllegalMove",
           "NyakuzaRules", "NyakuzaSpec", "NyakuzaState", "Setup", "Tally", "clockwise_from", "final_winners",
           "kobans", "play_random_game", "position", "read_spec", "resolve_bids", "simulate", "simulation_check",
           "spec_checks"]


def _split(text: str, what: str, n: int | None = None) -> list[str]:
    items = [t.strip() for t in text.split(",")]
    if n is not None and len(items) != n:
        raise OptionError(f"pnp solve nyakuza bid: --{what}: expected {n} values separated by commas (one per seat), "
                          f"got {len(items)}")
    return items


def _whole(text: str, what: str) -> int:
    if not text.isdigit():
        raise OptionError(f'pnp solve nyakuza bid: --{what}: expected whole numbers of 0 or more, got "{text}"')
    return int(text)


class NyakuzaRules(Rules):
    """Nyakuza over its spec: spec checks, worked examples, `pnp solve nyakuza bid`, random-play simulation."""

    game_id = "nyakuza"
    SCENARIOS = {"setup": "setup_scenario", "bid": "bid_scenario", "turn": "turn_scenario",
                 "legal": "legal_scenario", "ranking": "ranking_scenario"}

    read_spec = staticmethod(read_spec)
    SPEC_CHECKS = (spec_checks,)

    def aid(self) -> dict[str, Any]:
        return nyakuza_aid(self.spec)

    def extra_checks(self, **options: Any) -> list[CheckResult]:
        games, seed = options.get("simulate") or 0, options.get("seed", 1)
        if games <= 0:
            return []
        if not all(c.ok for c in self.spec_checks() if c.name.startswith(("NYA-INV-09", "board"))):
            return [CheckResult("simulation", "random legal games", False, "not run: the board fails its spec checks")]
        return [simulation_check(self.spec, simulate(self.spec, p, games, seed), seed)
                for p in sorted(self.spec.setups)]

    # -- pnp solve nyakuza bid ----------------------------------------------------------------------
    def add_solve_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.description = "Nyakuza rulings. `bid` resolves one round of bids for Boats."
        sub = parser.add_subparsers(dest="search", metavar="SEARCH", required=True)
        b = sub.add_parser("bid", help="resolve one round of bids: Boats, Kōbans, Wharf, Amulet, placement order",
                           description="Resolve one round of bids (rulebook L69-115, ties to the Amulet holder "
                           "then clockwise). Lists are in seat order.")
        b.add_argument("--seats", required=True, metavar="LIST",
                       help="clans in clockwise order, e.g. Purple,Red,Blue,Green")
        b.add_argument("--amulet", metavar="CLAN", help="who holds the Amulet (default: the first seat)")
        b.add_argument("--wharf", default="0", metavar="N", help="Kōbans in the Wharf before the bids (default 0)")
        b.add_argument("--kobans", metavar="LIST", help="Kōbans behind each screen (default: the setup's deal)")
        b.add_argument("--bids", required=True, metavar="LIST", help="each seat's bid, e.g. 5,5,0,0")
        b.add_argument("--wharf-order", choices=WHARF_ORDERS, help=f"default: the spec's ({self.spec.wharf_order})")
        b.add_argument("--json", action="store_true", help="print the answer as JSON")

    def solve(self, args: argparse.Namespace) -> tuple[dict[str, Any], str]:
        labels = _split(args.seats, "seats")
        seats = [self._cli_clan(x, "seats") for x in labels]
        if len(set(seats)) != len(seats) or not 2 <= len(seats) <= len(self.spec.clans):
            raise OptionError(f"pnp solve nyakuza bid: --seats: expected 2 to {len(self.spec.clans)} different clans, "
                              f'got "{args.seats}"')
        amulet = labels[0] if args.amulet is None else self._cli_seat(args.amulet, seats, labels)
        wharf = _whole(args.wharf.strip(), "wharf")
        if args.kobans is None and len(seats) not in self.spec.setups:
            raise OptionError(f"pnp solve nyakuza bid: --kobans: no setup for {len(seats)} players; give the Kōbans")
        held = [_whole(x, "kobans") for x in _split(args.kobans, "kobans", len(seats))] if args.kobans else \
            [self.spec.setups[len(seats)].kobans] * len(seats)
        bids = [_whole(x, "bids") for x in _split(args.bids, "bids", len(seats))]
        order = args.wharf_order or self.spec.wharf_order
        try:
            out = resolve_bids(labels, amulet, wharf, dict(zip(labels, held)), dict(zip(labels, bids)),
                               self.spec.boats_by_rank, order)
        except IllegalBid as exc:
            raise OptionError(f"pnp solve nyakuza bid: --bids: {exc}") from None
        return out.as_json(), _bid_text(out, labels, bids, wharf, order)

    def _cli_clan(self, text: str, what: str) -> str:
        found = self.spec.clan_lookup.get(text.casefold())
        if found is None:
            raise OptionError(f'pnp solve nyakuza bid: --{what}: unknown clan "{text}"; expected one of: '
                              f"{', '.join(c.id for c in self.spec.clans)} (or their names)")
        return found

    def _cli_seat(self, text: str, seats: list[str], labels: list[str]) -> str:
        clan = self._cli_clan(text.strip(), "amulet")
        if clan not in seats:
            raise OptionError(f'pnp solve nyakuza bid: --amulet: "{text}" is not among the seats ({", ".join(labels)})')
        return labels[seats.index(clan)]

    # -- scenarios ------------------------------------------------------------------------------------
    def setup_scenario(self, ex: Example) -> dict[str, Any]:
        players = ex.given.get("players")
        if players not in self.spec.setups:
            raise SpecError(Problem(f"expected a player count of the setup, got {players!r}", where="given.players"))
        s = self.spec.setups[players]
        with_tiles = 1 + -(-(len(self.spec.tiles) - s.first) // s.later)
        return {"kobans_each": s.kobans, "stalls_each": s.stalls, "stalls_to_box": s.to_box, "boats_each": s.boats,
                "tiles_round_1": s.first, "tiles_later": s.later, "rounds_with_tiles": with_tiles,
                "max_rounds": with_tiles + 1}

    def bid_scenario(self, ex: Example) -> dict[str, Any]:
        g = Given(self.spec, ex.given)
        clans = g.items("seats", g.clan)
        labels = [str(x) for x in g.get("seats")] if clans else []
        if len(set(clans)) != len(clans):
            g.r.add("given.seats", "expected each clan once")
        amulet = g.seat(labels, g.get("amulet", labels[0] if labels else None), "given.amulet")
        deal = self.spec.setups[len(labels)].kobans if len(labels) in self.spec.setups else None
        held, bids = g.per_seat("kobans", labels, deal), g.per_seat("bids", labels)
        wharf = g.r.integer(g.get("wharf", 0), "given.wharf", minimum=0)
        order = g.r.choice(g.get("wharf_order", self.spec.wharf_order), "given.wharf_order", WHARF_ORDERS)
        holders = [g.seat(labels, x, f"given.secret[{i}]") for i, x in enumerate(g.get("secret", []))]
        g.done()
        try:
            out = resolve_bids(labels, amulet, wharf, held, bids, self.spec.boats_by_rank, order)
        except IllegalBid as exc:
            return {"rejected": str(exc)}
        answer = out.as_json()
        if "secret" in ex.given:
            answer["turns"] = list(out.order) + [p for p in clockwise_from(labels, out.amulet)
                                                 if not out.boats[p] and p in holders]
        return answer

    def turn_scenario(self, ex: Example) -> dict[str, Any]:
        """One clan's placements in a position; stops at the first illegal one and says why."""
        g = Given(self.spec, ex.given)
        state = position(g)
        player = g.clan(g.get("player"), "given.player")
        moves = [self._move(g, m, f"given.place[{i}]") for i, m in enumerate(g.items("place", lambda v, w: v))]
        if player and player not in state.seats:
            g.r.add("given.player", f'"{player}" is not among the seats')
        g.done()
        seat = state.seats.index(player)
        state.begin_turn(seat, sum(a != state.SECRET for a, _ in moves))
        steps, illegal = [], None
        for action, choices in moves:
            where = state.board.ids[state.target(action)] if state.secret[seat] or action != state.SECRET else "secret"
            try:
                builds = state.apply_action(action, choices)
            except IllegalMove as exc:
                illegal = {"place": where, "why": str(exc)}
                break
            steps.append(placement_step(state.board, where, action == state.SECRET, builds))
        return self._outcome(state, seat, steps, illegal)

    def _move(self, g: Given, move: Any, where: str) -> tuple[int, list[tuple[int, tuple[int, ...]]]]:
        m = move if isinstance(move, dict) else {"place": move}
        m = g.r.mapping(m, where, ("place",), ("build",)) or {"place": None}
        builds = g.r.sequence(m.get("build", []), join(where, "build")) or []
        choices = [(g.space(b.get("shore"), join(where, "build") + f"[{i}].shore"),
                    tuple(g.number(n, join(where, "build") + f"[{i}].tiles") for n in b.get("tiles", [])))
                   for i, b in enumerate(builds) if isinstance(b, dict)]
        if str(m["place"]).lower() == "secret":
            return len(self.spec.board.ids), choices
        return g.space(m["place"], join(where, "place")), choices

    def _outcome(self, state: NyakuzaState, seat: int, steps: list, illegal: dict | None) -> dict[str, Any]:
        clan = state.seats[seat]
        return {"steps": steps, "illegal": illegal, "kobans": {clan: state.kobans[seat]},
                "stalls_left": {clan: state.stalls_left[seat]},
                "used": sorted(n for n, s in state.board.resource.items() if state.used[s]),
                "winners": [state.seats[i] for i in state.winners], "how": state.how or None}

    def legal_scenario(self, ex: Example) -> dict[str, Any]:
        g = Given(self.spec, ex.given)
        state = position(g)
        player = g.clan(g.get("player"), "given.player")
        spaces = g.items("candidates", g.space)
        g.done()
        state.begin_turn(state.seats.index(player), g.get("boats", 1))
        why = {state.board.ids[s]: state.why_illegal(s) for s in spaces}
        return {"legal": {k: v is None for k, v in why.items()}, "why": {k: v for k, v in why.items() if v}}

    def ranking_scenario(self, ex: Example) -> dict[str, Any]:
        g = Given(self.spec, ex.given)
        built = g.per_clan("stalls_built", lambda v, w: g.r.integer(v, w, minimum=0))
        held = g.per_clan("kobans", lambda v, w: g.r.integer(v, w, minimum=0))
        if set(built) != set(held) or not built:
            g.r.add("given", "expected stalls_built and kobans for the same clans")
        g.done()
        seats = [c.id for c in self.spec.clans if c.id in built]
        return {"winners": list(final_winners(seats, built, held))}


def _bid_text(out: BidOutcome, labels: list[str], bids: list[int], wharf: int, order: str) -> str:
    def row(values: Mapping[str, int]) -> str:
        return ", ".join(f"{p} {values[p]}" for p in labels)

    lines = [f"Bids: {row(dict(zip(labels, bids)))}; Wharf before: {wharf} ({order})"]
    if out.order:
        lines.append(f"{out.order[0]} wins the bid, pays {max(bids)} into the Wharf and takes the Amulet.")
    else:
        lines.append("Nobody bid: nobody places Boats and the Amulet stays.")
    lines += [f"Boats:  {row(out.boats)}", f"Kōbans: {row(out.kobans)}", f"Wharf:  {out.wharf}",
              f"Amulet: {out.amulet}", f"Placement order: {', '.join(out.order) or 'nobody'}"]
    return "\n".join(lines)


register(NyakuzaRules)
