"""Izakaya's spec checks for `pnp check`: the rulebook's numbers (IZA-INV-01..07), the grid geometry per player
count, and the site cards' footprints against the floor chits. IZA-INV-07 is the rulebook's own
contradiction (9 discs for 10 uses) and is reported as such."""

from __future__ import annotations

from generator.solver.api import CheckResult, Game
from generator.solver.games.izakaya.spec import IzakayaSpec

# Seed L15-17, L21, L53: grids, the 1,000 yen each, the start prices and the end thresholds.
RULEBOOK_GRIDS = {2: (3, [(1, 1)]), 3: (3, [(1, 1)]), 4: (4, []), 5: (5, [])}
RULEBOOK_THRESHOLDS = {2: 1500, 3: 2300, 4: 3000, 5: 4000}
RULEBOOK_START_YEN = 1000
RULEBOOK_PRICES = [100, 100, 200, 200, 300, 300]
RULEBOOK_PIECES = {"pyramids": 6, "action_discs": 3, "claim_discs": 6, "discs_given": 9, "drinks_per_colour": 6,
                   "colours": 6}


def _rulebook(game: Game, spec: IzakayaSpec) -> list[CheckResult]:
    out = []
    for p in spec.player_counts:
        size, disabled = spec.grids[p]
        ok = (size, sorted(disabled)) == (RULEBOOK_GRIDS[p][0], RULEBOOK_GRIDS[p][1]) and \
            spec.thresholds.get(p) == RULEBOOK_THRESHOLDS[p] and spec.thresholds[p] <= spec.start_yen * p
        out.append(CheckResult("spec", "IZA-INV-01 grid and threshold", ok,
                               f"{size} x {size}" + (f", card {list(disabled[0])} flipped" if disabled else "") +
                               f"; end at {spec.thresholds.get(p)} yen in the pile of {spec.start_yen * p} held",
                               {"players": p}))
    prices = [spec.prices[c] for c in spec.colours]
    ok = prices == RULEBOOK_PRICES and spec.start_yen == RULEBOOK_START_YEN and \
        all(p % spec.coin == 0 for p in prices) and len(spec.colours) == RULEBOOK_PIECES["colours"]
    out.append(CheckResult("spec", "IZA-INV-05 market", ok,
                           f"prices {prices} = {sum(prices)} yen in {sum(prices) // spec.coin} coins of {spec.coin}; "
                           f"{spec.start_yen} yen each"))
    return out


def _grids(game: Game, spec: IzakayaSpec) -> list[CheckResult]:
    out = []
    sites = game.component(spec.sites).total_count(1)
    drinks = game.component("drink").total_count(1)
    for p in spec.player_counts:
        g = spec.grid(p)
        kinds = list(g.spots.values())
        four, two = kinds.count(4), kinds.count(2)
        usable = len(g.usable)
        ok = usable == g.n ** 2 - len(g.disabled) and four + two <= drinks and g.n ** 2 + 1 <= sites and \
            bool(g.lines) == (p >= 4) and drinks == spec.drinks_per_colour * len(spec.colours)
        out.append(CheckResult("spec", "IZA-INV-02/03/04/06 grid", ok,
                               f"{usable} usable cards (+1 to claim with) of {sites}; drink spots {four} 4-card + "
                               f"{two} 2-card = {four + two} of {drinks} drinks; {len(g.edges)} claim edges; "
                               f"{len(g.lines)} lines of three" + (" (none: the flipped centre's edges are not "
                                                                    "claimable)" if not g.lines else ""),
                               {"players": p}))
    return out


def _discs(game: Game, spec: IzakayaSpec) -> list[CheckResult]:
    need = spec.action_discs + spec.claim_discs + spec.turn_order_discs
    printed = game.component("disc").total_count(1)
    given = RULEBOOK_PIECES["discs_given"]
    return [CheckResult("spec", "IZA-DISCS discs the rules use", printed >= need,
                        f"{spec.action_discs} action + {spec.claim_discs} claim + {spec.turn_order_discs} turn order "
                        f"= {need} per player; {printed} printed"),
            CheckResult("note", "IZA-INV-07 the rulebook's disc count", None,
                        f"the rulebook gives {given} discs per player but its rules use {need} "
                        f"(IZA-GAP-01): the rulebook contradicts itself; this set prints {printed}")]


def _footprints(game: Game, spec: IzakayaSpec) -> CheckResult:
    """Every footprint has a floor chit of its shape, and the chits of a shape could fill the most floors of
    that shape a full 5-player grid asks for at least once over."""
    shapes: dict[str, int] = {}
    for sides in spec.footprints.values():
        for fp in sides.get("white", ()):
            shapes[fp.shape] = shapes.get(fp.shape, 0) + 1
    missing = [s for s in shapes if s not in spec.floors]
    detail = ", ".join(f"{s}: {n} footprints, {game.component(spec.floors[s]).total_count(1)} chits"
                       for s, n in sorted(shapes.items()) if s in spec.floors)
    return CheckResult("spec", "IZA-FLOORS a chit for every footprint", not missing,
                       detail + (f"; no chit for {', '.join(missing)}" if missing else ""))


SPEC_CHECKS = (_rulebook, _grids, _discs, _footprints)
