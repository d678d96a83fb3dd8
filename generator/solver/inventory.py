"""Supply against demand for every player count the spec's setup table lists."""

from __future__ import annotations

from generator.model.game import Demand, Game
from generator.solver.result import CheckResult


def inventory_checks(game: Game) -> list[CheckResult]:
    out = []
    for entry in game.setup:
        p = entry.players
        for d in entry.demands:
            out.append(_check(game, d, p))
    return out


def _check(game: Game, d: Demand, players: int) -> CheckResult:
    comp = game.component(d.component)
    needed, available = game.setup_need(d, players)
    data = {"players": players, "needed": needed, "available": available, "left": available - needed}
    if d.total is not None:
        detail = f"{needed} needed, {available} printed"
    elif comp.per_player:
        detail = f"{d.each} per player, {available} printed in each of {game.seats} colours"
        if players > game.seats:
            return CheckResult("inventory", comp.id, False, f"{players} players but only {game.seats} colours", data)
    else:
        detail = f"{d.each} each x {players}" + (f" + {d.shared} shared" if d.shared else "") + \
                 (f" + {d.to_box} back to the box" if d.to_box else "") + f" = {needed}, {available} printed"
    ok = needed == available if d.exact else needed <= available
    if d.exact:
        detail += " (must deal out exactly)"
    elif not ok:
        detail += f"; {needed - available} short"
    else:
        detail += f"; {available - needed} left in the supply" + (" of each colour" if comp.per_player and
                                                                   d.total is None else "")
    return CheckResult("inventory", comp.id, ok, detail, data)
