"""`pnp check`'s warning before a PDF/X-1a press file: each art file with transparency, which such a file (a
`--press --pdfx 1a` build, or a shop whose files are PDF/X-1a, such as dtc) flattens into an image on every page
that draws it, and what to change. Information, as the colour warnings are: nothing is wrong with the art for
the home sheets or PDF/X-4."""

from __future__ import annotations

from typing import Any

from generator.load.theme import appearance
from generator.load.transparency import shown, transparent_art
from generator.model.game import ArtSource, Game
from generator.solver.result import CheckResult

REMEDY = "use solid colours and opaque pictures, or flatten it in your editor"


def flatten_checks(game: Game, look: Any = None) -> list[CheckResult]:
    """One warning per art file of the build's look (theme and style applied; default the game's own) that
    carries transparency."""
    look = look or appearance(game)
    out = []
    for src, reasons in transparent_art(art_sources(look)):
        name = shown(src)
        out.append(CheckResult("transparency", name, None,
                               f"{name} uses {', '.join(reasons)}: a PDF/X-1a press file flattens every page it is "
                               f"on into an image; {REMEDY}", {"severity": "warning", "uses": reasons}))
    return out


def art_sources(look: Any) -> list[ArtSource]:
    """Every art file a look names: its art (one file, or a file per value) and its inline icons."""
    out: list[ArtSource] = []
    for value in look.art.values():
        out += [value] if isinstance(value, ArtSource) else list(value.values())
    return out + list(look.icons.values())
