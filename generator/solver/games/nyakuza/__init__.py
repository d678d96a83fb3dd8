"""Nyakuza: bids for Boats, Boats on the bay, Stalls on the shore; worked examples, `pnp solve nyakuza bid`
and `pnp check nyakuza --simulate N`.

The rules are split by concern, each module importing only the ones before it:
spec (read and validate the spec) -> bidding (pure rulings: bids, ranking) -> state (a game in play) ->
engine (the game for the random-play runner, play.py), checks (spec checks), scenarios (worked-example
positions), questions (`pnp solve nyakuza bid`, declared as data). This module holds
the Rules class that ties them to `pnp check` and `pnp solve`, re-exports the public names, and registers
the game on its last line.
"""

from __future__ import annotations

from typing import Any

from generator.errors import Problem, SpecError
from generator.solver.base import CheckResult, Example, Rules
from generator.solver.games.nyakuza.bidding import (BidOutcome, IllegalBid, clockwise_from, final_winners, kobans,
                                                    resolve_bids)
from generator.solver.games.nyakuza.aid import nyakuza_aid
from generator.solver.games.nyakuza.checks import spec_checks
from generator.solver.games.nyakuza.questions import questions as solve_questions
from generator.solver.games.nyakuza.scenarios import Given, placement_step, position
from generator.solver.games.nyakuza import engine
from generator.solver.games.nyakuza.engine import NyakuzaGame
from generator.solver.games.nyakuza.spec import (BOARD, BOAT, DRAW_KEYS, KOBAN,
                                                 OUT_OF_BOATS, RULE_KEYS, SCREEN, SECRET_KEYS, STALL,
                                                 TILE, WHARF_ORDERS, Board, NyakuzaSpec, Setup, read_spec)
from generator.solver.games.nyakuza.state import (BID, OVER, PLACE, SIMULTANEOUS, TERMINAL, Build, IllegalMove,
                                                  NyakuzaState)
from generator.solver.questions import Questions
from generator.solver.registry import register
from generator.spec.yamlio import join

__all__ = ["BID", "BOARD", "BOAT", "DRAW_KEYS", "KOBAN",
           "OUT_OF_BOATS", "OVER", "PLACE", "RULE_KEYS", "SCREEN", "SECRET_KEYS", "SIMULTANEOUS", "STALL",
           "TERMINAL", "TILE", "WHARF_ORDERS", "BidOutcome", "Board", "Build", "Given", "IllegalBid", "IllegalMove",
           "NyakuzaGame", "NyakuzaRules", "NyakuzaSpec", "NyakuzaState", "Setup", "clockwise_from", "final_winners",
           "kobans", "position", "read_spec", "resolve_bids", "spec_checks"]


class NyakuzaRules(Rules):
    """Nyakuza over its spec: spec checks, worked examples, `pnp solve nyakuza bid`, random-play simulation."""

    game_id = "nyakuza"
    SCENARIOS = {"setup": "scenario_setup", "bid": "scenario_bid", "turn": "scenario_turn",
                 "legal": "scenario_legal", "ranking": "scenario_ranking"}

    read_spec = staticmethod(read_spec)
    SPEC_CHECKS = (spec_checks,)

    def aid(self) -> dict[str, Any]:
        return nyakuza_aid(self.spec)

    def new_state(self, players: int, seed: str) -> NyakuzaGame:
        return engine.new_state(self.spec, players, seed)

    def simulation_checks(self, games: int, seed: int) -> list[CheckResult]:
        if not all(c.ok for c in self.spec_checks() if c.name.startswith(("NYA-INV-09", "board"))):
            return [CheckResult("simulation", "random legal games", False, "not run: the board fails its spec checks")]
        return super().simulation_checks(games, seed)

    def simulation_report(self, tally: Any, seed: int) -> list[CheckResult]:
        return [engine.simulation_report(self.spec, tally, seed)]

    # -- pnp solve nyakuza bid: its question, declared as data ------------------------------------
    def questions(self) -> Questions:
        return solve_questions(self.spec)

    # -- scenarios ------------------------------------------------------------------------------------
    def scenario_setup(self, ex: Example) -> dict[str, Any]:
        players = ex.given.get("players")
        if players not in self.spec.setups:
            raise SpecError(Problem(f"expected a player count of the setup, got {players!r}", where="given.players"))
        s = self.spec.setups[players]
        with_tiles = 1 + -(-(len(self.spec.tiles) - s.first) // s.later)
        return {"kobans_each": s.kobans, "stalls_each": s.stalls, "stalls_to_box": s.to_box, "boats_each": s.boats,
                "tiles_round_1": s.first, "tiles_later": s.later, "rounds_with_tiles": with_tiles,
                "max_rounds": with_tiles + 1}

    def scenario_bid(self, ex: Example) -> dict[str, Any]:
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

    def scenario_turn(self, ex: Example) -> dict[str, Any]:
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

    def scenario_legal(self, ex: Example) -> dict[str, Any]:
        g = Given(self.spec, ex.given)
        state = position(g)
        player = g.clan(g.get("player"), "given.player")
        spaces = g.items("candidates", g.space)
        g.done()
        state.begin_turn(state.seats.index(player), g.get("boats", 1))
        why = {state.board.ids[s]: state.why_illegal(s) for s in spaces}
        return {"legal": {k: v is None for k, v in why.items()}, "why": {k: v for k, v in why.items() if v}}

    def scenario_ranking(self, ex: Example) -> dict[str, Any]:
        g = Given(self.spec, ex.given)
        built = g.per_clan("stalls_built", lambda v, w: g.r.integer(v, w, minimum=0))
        held = g.per_clan("kobans", lambda v, w: g.r.integer(v, w, minimum=0))
        if set(built) != set(held) or not built:
            g.r.add("given", "expected stalls_built and kobans for the same clans")
        g.done()
        seats = [c.id for c in self.spec.clans if c.id in built]
        return {"winners": list(final_winners(seats, built, held))}


register(NyakuzaRules)
