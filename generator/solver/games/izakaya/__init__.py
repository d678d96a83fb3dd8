"""Izakaya: the grid engine, bids, drinks, claims, scoring, random games, and `pnp solve izakaya`.

spec (read `rules:` and the site cards' footprints) -> grid (cards, corners, edges, lines of three) -> rules
(bid, drink and claim rulings, scoring) -> position (a position file) and simulation (random legal games)
-> checks (for `pnp check`), aid (what the printed pieces say) and questions (`pnp solve`).
"""

from __future__ import annotations

import argparse
from typing import Any

from generator.errors import Problem, SpecError
from generator.solver.base import CheckResult, Example, Rules
from generator.solver.games.izakaya import questions
from generator.solver.games.izakaya.aid import izakaya_aid
from generator.solver.games.izakaya.checks import SPEC_CHECKS
from generator.solver.games.izakaya.grid import Grid, edge
from generator.solver.games.izakaya.rules import Building, Position, bid, claim_ruling, drink_ruling, score
from generator.solver.games.izakaya.simulation import invariant_checks, simulate, simulation_check

INVARIANT_GAMES = 20      # random games a player count that check IZA-INV-08/09 without --simulate
from generator.solver.games.izakaya.spec import IzakayaSpec, read_spec
from generator.solver.registry import register


def _pairs(value: Any) -> tuple[int, int]:
    a, b = value
    return int(a), int(b)


class IzakayaRules(Rules):
    game_id = "izakaya"
    SCENARIOS = {"setup": "scenario_setup", "bid": "scenario_bid", "score": "scenario_score",
                 "drink": "scenario_drink", "claim": "scenario_claim", "adjust_and_score": "scenario_adjust"}
    read_spec = staticmethod(read_spec)
    SPEC_CHECKS = SPEC_CHECKS

    @property
    def ispec(self) -> IzakayaSpec:
        return self.spec

    def _players(self, given: dict) -> int:
        p = given.get("players")
        if p not in self.ispec.grids:
            raise SpecError(Problem(f"expected a player count of rules.grids, got {p!r}", None, "given.players"))
        return p

    def _position(self, g: dict) -> Position:
        """A position given inline in an example: players, drinks {corner: colour}, buildings, pyramids, claims."""
        players = list(g.get("players", ["A", "B", "C", "D"]))
        pos = Position(players, self.ispec.grid(len(players)), {**self.ispec.prices, **g.get("prices", {})},
                       yen=dict(g.get("yen", {})))
        pos.drinks = {_pairs(d["corner"]): d["colour"] for d in g.get("drinks", [])}
        pos.claims = {edge(_pairs(c["edge"][0]), _pairs(c["edge"][1])): c["player"] for c in g.get("claims", [])}
        pos.pyramids = {_pairs(p["card"]): p["player"] for p in g.get("pyramids", [])}
        pos.buildings = [Building(_pairs(b["card"]), b["owner"], b["floors"]) for b in g.get("buildings", [])]
        return pos

    def scenario_setup(self, example: Example) -> dict[str, Any]:
        return questions.setup(self.ispec, self._players(dict(example.given)))

    def scenario_bid(self, example: Example) -> dict[str, Any]:
        g = dict(example.given)
        order = list(g["order"])
        return bid(self.ispec, order, dict(g["yen"]), dict(g["bids"]), g.get("pile", 0))

    def scenario_score(self, example: Example) -> dict[str, Any]:
        return score(self._position(dict(example.given)))

    def scenario_drink(self, example: Example) -> dict[str, Any]:
        g = dict(example.given)
        ok, why = drink_ruling(self._position(g), _pairs(g["corner"]), g.get("colour"), self.ispec)
        return {"legal": ok, "reason": why}

    def scenario_claim(self, example: Example) -> dict[str, Any]:
        g = dict(example.given)
        e = edge(_pairs(g["edge"][0]), _pairs(g["edge"][1]))
        ok, why, line = claim_ruling(self.ispec, self._position(g), g["player"], e)
        return {"legal": ok, "reason": why, "line_of_three": line}

    def scenario_adjust(self, example: Example) -> dict[str, Any]:
        """A Price adjustment (one coin from one colour to another), then the score."""
        g = dict(example.given)
        pos = self._position(g)
        src, dst = g["move"]
        pos.prices[src] -= self.ispec.coin
        pos.prices[dst] += self.ispec.coin
        return {"prices": {src: pos.prices[src], dst: pos.prices[dst]}, **score(pos)}

    def extra_checks(self, **options: Any) -> list[CheckResult]:
        """IZA-INV-08/09 over random games always (20 a player count, or --simulate N), and with --simulate
        the supply, yen and game-length figures."""
        games, seed = options.get("simulate") or 0, options.get("seed", 1)
        supply = {shape: self.game.component(c).total_count(1) for shape, c in self.ispec.floors.items()}
        coins = self.game.component("coin-100").total_count(1)
        drinks = self.game.component("drink").total_count(1)
        out: list[CheckResult] = []
        for p in self.ispec.player_counts:
            tally = simulate(self.ispec, p, supply, games or INVARIANT_GAMES, seed)
            out += invariant_checks(tally)
            if games:
                out.append(simulation_check(tally, supply, coins, drinks, seed))
        return out

    def aid(self) -> dict[str, Any]:
        return izakaya_aid(self.ispec, self.game)

    def add_solve_arguments(self, parser: argparse.ArgumentParser) -> None:
        questions.add_arguments(parser, self.ispec)

    def solve(self, args: argparse.Namespace) -> tuple[dict[str, Any], str]:
        return questions.answer(args, self.ispec)


__all__ = ["Grid", "IzakayaRules", "IzakayaSpec"]
register(IzakayaRules)
