"""`fit` checks: every piece a spec says sits on a printed space fits it with the stated clearance,
from the same geometry the templates draw (hex map spaces, named `spaces:` rectangles)."""

from __future__ import annotations

from generator.common.units import rounded
from generator.geometry.fit import clearance
from generator.model.game import Game
from generator.solver.result import CheckResult


def fit_checks(game: Game) -> list[CheckResult]:
    out = []
    for board in game.components:
        for f in board.fits:
            piece = game.component(f.holds)
            space = board.space_footprint(f.space)
            gap = clearance(piece.footprint(), space, piece.rotatable)
            ok = gap >= f.clearance_mm - 1e-9
            p, s = piece.footprint(), space
            detail = (f"{p.shape} {p.w:g} x {p.h:g} mm on a {s.shape} {s.w:.1f} x {s.h:.1f} mm space: "
                      f"{gap:.2f} mm to spare on the tightest side, {f.clearance_mm:g} mm asked"
                      + ("" if ok else f"; {f.holds} does not fit {board.id}'s {f.space} space"))
            out.append(CheckResult("fit", f"{f.holds} on {board.id} {f.space} space", ok, detail,
                                   {"piece_mm": [rounded(p.w, 2), rounded(p.h, 2)],
                                    "space_mm": [rounded(s.w, 2), rounded(s.h, 2)],
                                    "clearance_mm": rounded(gap, 2), "required_mm": f.clearance_mm}))
    return out
