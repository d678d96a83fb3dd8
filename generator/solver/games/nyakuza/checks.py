"""Nyakuza's spec checks: what must hold of the printed set before any game is played.

One resource space per tile, a connected board, every resource type reachable from a Shore, clan colours,
the tile mix, Kōbans dealt out exactly and every Stall affordable; each check is one CheckResult.
"""

from __future__ import annotations

from collections import Counter

from generator.solver.api import CheckResult, Game
from generator.solver.games.nyakuza.spec import BOAT, SCREEN, Board, NyakuzaSpec


def spec_checks(game: Game, spec: NyakuzaSpec) -> list[CheckResult]:
    out = [_check_spaces(spec), _check_connected(spec.board), _check_shores(spec), _check_colours(game),
           _check_mix(spec)]
    for p, setup in sorted(spec.setups.items()):
        ok = setup.kobans * p == spec.kobans_total
        out.append(CheckResult("spec", "NYA-INV-01 Kōbans dealt out exactly", ok,
                               f"{setup.kobans} each x {p} = {setup.kobans * p}, {spec.kobans_total} printed",
                               {"players": p}))
    cost = max(sum(k for _, k in r) for r in spec.recipes)
    for p, setup in sorted(spec.setups.items()):
        need = cost * (setup.stalls + 1)
        out.append(CheckResult("spec", "NYA-INV-06 every Stall and the Grand Market affordable", need <= setup.kobans,
                               f"{setup.stalls} Stalls + the Grand Market at {cost} each = {need}, "
                               f"{setup.kobans} Kōbans each", {"players": p}))
    return out


def _check_spaces(spec: NyakuzaSpec) -> CheckResult:
    """NYA-INV-09: resource space N for every tile N, once, and no space without its tile."""
    counts = Counter(n for n, _ in spec.tiles)
    spaces = Counter(n for n in spec.board.numbers if n is not None)
    expected = set(range(1, len(spec.tiles) + 1))
    problems = [f"{label}: {sorted(ns)}" for label, ns in (
        ("tile numbers printed twice", [n for n, k in counts.items() if k > 1]),
        ("tile numbers outside 1-" + str(len(spec.tiles)), set(counts) - expected),
        ("tiles without a space", set(counts) - set(spaces)),
        ("spaces without a tile", set(spaces) - set(counts))) if ns]
    detail = "; ".join(problems) or f"{len(spaces)} resource spaces, one for each tile 1-{len(spec.tiles)}"
    return CheckResult("spec", "NYA-INV-09 one resource space per tile", not problems, detail)


def _check_connected(board: Board) -> CheckResult:
    seen, stack = {0}, [0] if board.ids else []
    while stack:
        for t in board.neighbours[stack.pop()]:
            if t not in seen:
                seen.add(t)
                stack.append(t)
    cut = [board.ids[i] for i in range(len(board.ids)) if i not in seen]
    detail = f"not reachable from {board.ids[0]}: {', '.join(cut)}" if cut else f"{len(board.ids)} spaces in one piece"
    return CheckResult("spec", "board connected", not cut, detail)


def _check_shores(spec: NyakuzaSpec) -> CheckResult:
    """A Stall needs its tiles and a Shore in one group, so every type needs spaces next to a Shore."""
    b = spec.board
    near = Counter(spec.tile_type.get(n) for s in range(len(b.ids))
                   if b.kinds[s] == "resource" and any(b.kinds[t] == "shore" for t in b.neighbours[s])
                   and (n := b.numbers[s]) is not None)
    lacking = [t for t in spec.resources if not near[t]]
    detail = (f"no space next to a Shore: {', '.join(lacking)}" if lacking else
              "spaces next to a Shore: " + ", ".join(f"{t} {near[t]}" for t in spec.resources))
    return CheckResult("spec", "every resource type next to a Shore", not lacking, detail)


def _check_colours(game: Game) -> CheckResult:
    """NYA-INV-10: Boats and screens are printed per clan, so they share the clans' colours."""
    comps = {c.id: c for c in game.components}
    not_per_player = [c for c in (BOAT, SCREEN) if c not in comps or not comps[c].per_player]
    colours = [c.colour.lower() for c in game.player_colours]
    problems = [f"{c} is not printed per clan" for c in not_per_player]
    if len(set(colours)) != len(colours):
        problems.append("two clans share a colour")
    if len(colours) < game.players_max:
        problems.append(f"{len(colours)} clan colours for {game.players_max} players")
    names = ", ".join(c.id for c in game.player_colours)
    return CheckResult("spec", "NYA-INV-10 screen colours = boat colours", not problems,
                       "; ".join(problems) or f"boats and screens printed in each of {names}")


def _check_mix(spec: NyakuzaSpec) -> CheckResult:
    printed = Counter(t for _, t in spec.tiles)
    wrong = [f"{t} {printed[t]} (rules say {spec.tile_mix.get(t, 0)})" for t in spec.resources
             if printed[t] != spec.tile_mix.get(t, 0)]
    detail = "; ".join(wrong) or ", ".join(f"{t} {printed[t]}" for t in spec.resources)
    return CheckResult("spec", "tile mix = rules.tile_mix", not wrong, detail)
