"""Niya's spec checks for `pnp check`: what must hold of the printed set before any game is played.

The tiles fill the grid, the character tokens fill it too, the grid has the rulebook's border and middle, and
each vegetation and symbol is on the same number of tiles; each check is one CheckResult.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

from generator.solver.api import CheckResult, Game
from generator.solver.games.niya.garden import geometry
from generator.solver.games.niya.spec import PLAYERS, TOKEN_COMPONENT, NiyaSpec, Tile

RULEBOOK_MIDDLE_TILES = 4               # seed L36: "not allowed to choose one of the 4 middle tiles"


def _check_tiles_fill_grid(game: Game, spec: NiyaSpec) -> CheckResult:
    cells, pairs = spec.grid ** 2, set(product(spec.vegetation, spec.symbols))
    missing = sorted(Tile(*p).name for p in pairs - set(spec.tiles))
    ok = len(spec.tiles) == cells == len(pairs) and not missing
    detail = (f"{len(spec.tiles)} garden tiles for {spec.grid} x {spec.grid} = {cells} cells; {len(spec.vegetation)} "
              f"vegetations x {len(spec.symbols)} symbols = {len(pairs)} pairs")
    detail += f"; missing {', '.join(missing)}" if missing else ""
    return CheckResult("spec", "NIY-INV-01 16 tiles fill the 4 x 4 garden", ok, detail)


def _check_tokens_fill_grid(game: Game, spec: NiyaSpec) -> CheckResult:
    name, cells = "NIY-INV-02 8 + 8 tokens = 16 cells", spec.grid ** 2
    try:
        tokens = game.component(TOKEN_COMPONENT)
    except KeyError:
        return CheckResult("spec", name, False, f'no "{TOKEN_COMPONENT}" component')
    each = tokens.total_count(1)
    ok = tokens.per_player and game.seats == len(PLAYERS) and each * game.seats == cells
    detail = f"{game.seats} seats x {each} character tokens = {each * game.seats}, for {cells} cells" + \
        ("" if tokens.per_player else f"; {TOKEN_COMPONENT} is not per_player")
    return CheckResult("spec", name, ok, detail)


def _check_border(game: Game, spec: NiyaSpec) -> CheckResult:
    border = geometry(spec.grid).border.bit_count()
    middle = spec.grid ** 2 - border
    ok = middle == RULEBOOK_MIDDLE_TILES and border + middle == len(spec.tiles)
    detail = f"{border} border + {middle} middle = {border + middle} cells for {len(spec.tiles)} tiles; " \
             f"the rulebook names {RULEBOOK_MIDDLE_TILES} middle tiles"
    return CheckResult("spec", "NIY-INV-03 12 border + 4 middle cells", ok, detail)


def _check_balanced(game: Game, spec: NiyaSpec) -> CheckResult:
    per_vegetation, per_symbol = len(spec.symbols), len(spec.vegetation)
    wrong = [f"{v} on {n} tiles (expected {per_vegetation})" for v, n in _tally(spec, 0).items() if n != per_vegetation]
    wrong += [f"{s} on {n} tiles (expected {per_symbol})" for s, n in _tally(spec, 1).items() if n != per_symbol]
    wrong += [f"{t.name} {n} times" for t, n in Counter(spec.tiles).items() if n > 1]
    detail = "; ".join(wrong) or \
        f"each vegetation on {per_vegetation} tiles, each symbol on {per_symbol}, no duplicates"
    return CheckResult("spec", "NIY-INV-04 each vegetation and symbol on exactly 4 tiles", not wrong, detail)


def _tally(spec: NiyaSpec, field: int) -> dict[str, int]:
    """Tiles per vegetation (field 0) or per symbol (field 1), listing names that appear on no tile too."""
    counts = Counter(t[field] for t in spec.tiles)
    return {name: counts[name] for name in (spec.vegetation if field == 0 else spec.symbols)}


SPEC_CHECKS = (_check_tiles_fill_grid, _check_tokens_fill_grid, _check_border, _check_balanced)
