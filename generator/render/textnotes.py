"""What text fitting tells `pnp check` and the build summary: each text that had to shrink below its language's
floor (`shrink_floor_pt`) to fit its box, and each that does not fit at all, named by design and field so a
designer (or a translator) finds it. The templates only hand fit(), flow() and rich() the text; which row field
it prints is found here by its value."""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.common.units import MM_PER_PT
from generator.model.designs import DesignSpec
from generator.model.game import Game

QUOTED = 24          # characters of a text quoted when no field holds it
TOLERANCE_PT = 0.01  # fitted sizes are rounded to 0.1 µm (textfit.py): a text at its asked size is not "shrunk"


@dataclass(frozen=True)
class TextFit:
    """A text that shrank below its language's floor to fit its box, or (size_pt None) that did not fit at all."""

    design: str
    field: str              # the row field it prints ("text"), "labels.x", "title", or its first words quoted
    size_pt: float | None   # its smallest line's size, rounded down to 0.1 pt; None: it does not fit at min_pt
    max_pt: float           # the size the template asked for
    floor_pt: float         # its language's shrink floor


def text_fit(design: DesignSpec, game: Game, texts: list[str], size_mm: float | None, max_pt: float,
             floor_pt: float) -> TextFit | None:
    """The note of one fitted text (several paragraphs fitted together name each field once): when it does not
    fit (`size_mm` None), or when it shrank (is set below `max_pt`, the size asked) and is below the floor; else
    None. Text the template asked for below the floor and set at that size did not shrink: the designer chose it."""
    size = None if size_mm is None else size_mm / MM_PER_PT
    if size is not None and not (size < max_pt - TOLERANCE_PT and size < floor_pt - TOLERANCE_PT):
        return None
    size_pt = None if size_mm is None else math.floor(size_mm / MM_PER_PT * 10 + 1e-6) / 10
    fields = ", ".join(dict.fromkeys(field_of(design, game, t) for t in texts))
    return TextFit(design.id, fields, size_pt, max_pt, floor_pt)


def field_of(design: DesignSpec, game: Game, text: str) -> str:
    """What a fitted text prints: the row field holding it ("text"), a label, the title or the seat's name; else
    the row field inside it (a template may add words around it); else its first words, quoted."""
    said = text.strip()
    named = [*design.fields.items(), *((f"labels.{k}", v) for k, v in game.labels.items()),
             ("title", game.title), ("subtitle", game.subtitle),
             *([("player.name", design.player.name)] if design.player is not None else [])]
    exact = next((k for k, v in named if said and str(v).strip() == said), None)
    inside = next((k for k, v in design.fields.items() if isinstance(v, str) and len(v.strip()) >= 3
                   and v.strip() in said), None)
    short = said if len(said) <= QUOTED else said[:QUOTED - 1] + "…"
    return exact or inside or f'"{short}"'
