"""`pnp check`'s colour warnings: player colours that colour-blind players cannot tell apart, and text
whose contrast with its background falls below WCAG 2 AA.

They read the build's colours after a theme and a style (an `Appearance`, or the game's own colours),
so `pnp check GAME --theme FILE` says whether a recolouring keeps the game playable. They are
information unless the spec says `colour_checks: {strict: true}`; then a pair of seats that only
colour tells apart, or text below AA, fails the check.

Text is measured from the palette roles the templates draw it in (`colour_checks.text`, by default
`ink` on `paper`), not from the rendered designs: a role pair holds for every design that uses it,
costs nothing to compute, and names the colour a theme must change.
"""

from __future__ import annotations

import itertools
from typing import Mapping, Sequence

from generator.common.units import rounded
from generator.model.game import Game, PlayerColour
from generator.solver.result import CheckResult
from generator.common.colours import VISIONS, ciede2000, contrast, lab_of_linear, simulate

# ΔE00 under which two seat colours count as hard to tell apart. CIEDE2000 was fitted to small
# differences (about 1 is just noticeable side by side); seat colours must be named at a glance across a
# table, pieces apart. The shipped player sets, each chosen to be distinct, are at least 15.9 apart in
# normal vision (Kamiza's indigo and plum); red #d62728 and green #2ca02c are 4.6 apart for a deuteranope.
# 10 keeps a margin below the first and well above the second.
HARD_TO_TELL = 10.0
AA_NORMAL, AA_LARGE = 4.5, 3.0      # WCAG 2.x success criterion 1.4.3 (contrast, minimum)
VISION_NAMES = {"normal": "normal colour vision", "protan": "protanopia (no red cones)",
                "deutan": "deuteranopia (no green cones)", "tritan": "tritanopia (no blue cones)"}


def colour_checks(game: Game, palette: Mapping[str, str] | None = None,
                  players: Sequence[PlayerColour] | None = None) -> list[CheckResult]:
    """Seat pairs and text pairs of the build's colours (default: the game's own)."""
    palette = {"white": "#ffffff", "black": "#000000", **(game.palette if palette is None else palette)}
    players = game.player_colours if players is None else players
    strict = game.colour_checks.strict
    out = seat_checks(players, strict) + text_checks(game, palette, strict)
    if strict and all(c.ok is not False for c in out):
        out.append(CheckResult("colour", "colours", True, "every pair of seats told apart by colour or by pattern "
                                                         "and symbol; text at WCAG 2 AA"))
    return out


def _cues(a: PlayerColour, b: PlayerColour) -> list[str]:
    """The cues besides colour that still tell two seats apart."""
    cues = []
    if a.pattern != b.pattern:
        cues.append(f"pattern {a.pattern} vs {b.pattern}")
    if a.symbol != b.symbol and (a.symbol or b.symbol):
        cues.append(f"symbol {a.symbol or 'none'} vs {b.symbol or 'none'}")
    return cues


def seat_checks(players: Sequence[PlayerColour], strict: bool = False) -> list[CheckResult]:
    """One warning per pair of seats whose colours fall under HARD_TO_TELL for some colour vision."""
    out = []
    labs = {(p.colour, v): lab_of_linear(simulate(p.colour, v)) for p in players for v in VISIONS}   # once a seat
    for a, b in itertools.combinations(players, 2):
        delta = {v: rounded(ciede2000(labs[a.colour, v], labs[b.colour, v]), 1) for v in VISIONS}
        close = [v for v in VISIONS if delta[v] < HARD_TO_TELL]
        if not close:
            continue
        cues = _cues(a, b)
        seen = " and ".join(f"{VISION_NAMES[v]} (ΔE00 {delta[v]:g})" for v in close)
        told = (f"{' and '.join(cues)} still tell them apart" if cues
                else "nothing else tells them apart: give them different patterns or symbols")
        detail = (f"{a.name} ({a.colour}) and {b.name} ({b.colour}) are hard to tell apart with {seen} "
                  f"(under {HARD_TO_TELL:g} is hard; normal vision {delta['normal']:g}); {told}")
        ok = (False if not cues else None) if strict else None
        out.append(CheckResult("colour", f"seats {a.id} / {b.id}", ok, detail,
                               {"seats": [a.id, b.id], "colours": [a.colour, b.colour], "visions": close,
                                "delta_e00": delta, "cues": cues, "severity": "warning"}))
    return out


def text_checks(game: Game, palette: Mapping[str, str], strict: bool = False) -> list[CheckResult]:
    """One warning per text pair of `colour_checks.text` below WCAG 2 AA."""
    out = []
    for pair in game.colour_checks.text:
        if pair.text not in palette or pair.background not in palette:
            continue
        fg, bg = palette[pair.text], palette[pair.background]
        ratio, need = contrast(fg, bg), AA_LARGE if pair.large else AA_NORMAL
        if ratio >= need:
            continue
        size = "large text" if pair.large else "text"
        detail = (f"{pair.text} ({fg}) on {pair.background} ({bg}) has contrast {ratio:.2f}:1, below WCAG 2 AA's "
                  f"{need:g}:1 for {size}: make {pair.text} and {pair.background} differ more in lightness")
        out.append(CheckResult("colour", f"text {pair.text} on {pair.background}", False if strict else None, detail,
                               {"text": pair.text, "background": pair.background, "colours": [fg, bg],
                                "contrast": rounded(ratio, 2), "required": need, "severity": "warning"}))
    return out
