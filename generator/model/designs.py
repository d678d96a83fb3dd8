"""Expand a game's components into unique face designs with counts.

Every identical design is rendered once and drawn many times: a 40-boat set is one design with
count 40. Backs that vary by nothing are shared by every row of their component.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, Mapping

from generator.model.game import Component, Game, PlayerColour, frozen_map


@dataclass(frozen=True)
class DesignSpec:
    id: str
    component: Component
    face: str  # "front" or "back"
    template: str
    fields: Mapping[str, Any]
    player: PlayerColour | None
    count: int
    back: str | None = None  # the back design of a front


MAX_ID = 80       # design ids are file names: short whatever the data, and the same from build to build


def _hash(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:8]


def slugify(value: Any) -> str:
    """Lower-case ASCII letters and digits joined by hyphens: ids that are safe file names everywhere.
    A value with none of those (all Japanese, say) gets a short stable hash instead."""
    raw = str(value)
    text = "".join(ch if ch.isascii() and ch.isalnum() else "-" for ch in raw.lower())
    slug = "-".join(part for part in text.split("-") if part)
    return slug or (f"x{_hash(raw)}" if raw.strip() else "")


def short_id(text: str) -> str:
    """`text` if at most MAX_ID characters, else its start and a hash of the whole (stable, unique)."""
    if len(text) <= MAX_ID:
        return text
    return text[:MAX_ID - 9].rstrip("-") + "-" + _hash(text)


def _suffix(parts: list[str]) -> str:
    return "".join(f"-{slugify(p)}" for p in parts if p)


def front_id(component_id: str, row_key: str, seat_id: str | None = None) -> str:
    """The design id of a row's front (for one seat of a per-player component): its component, its row's key
    and its seat. A row's key comes from its default-language text, so every edition has the same ids."""
    return short_id(component_id + _suffix([row_key, seat_id or ""]))


def expand(game: Game) -> list[DesignSpec]:
    """Fronts in spec order (component, row, seat), then their backs; ids are unique."""
    fronts: list[DesignSpec] = []
    backs: dict[str, DesignSpec] = {}
    for comp in game.components:
        seats: list[PlayerColour | None] = list(game.player_colours) if comp.per_player else [None]
        for row in comp.rows:
            if row.count == 0:
                continue
            for seat in seats:
                back_id = None
                if comp.back is not None:
                    vary = comp.back.vary_by or ()
                    values = {f: (seat.id if f == "player" and seat else row.fields.get(f)) for f in vary}
                    back_id = short_id(comp.id + "-back" + _suffix([str(v) for v in values.values()]))
                    back_fields = {f: row.fields[f] for f in vary if f in row.fields}
                    prev = backs.get(back_id)
                    backs[back_id] = DesignSpec(
                        back_id, comp, "back", comp.back.template, frozen_map(back_fields),
                        seat if "player" in vary else None, row.count + (prev.count if prev else 0))
                fronts.append(DesignSpec(
                    front_id(comp.id, row.key, seat.id if seat else None), comp, "front", comp.front.template,
                    row.fields, seat, row.count, back_id))
    return fronts + list(backs.values())


def fronts_by_component(specs: list[DesignSpec]) -> dict[str, list[DesignSpec]]:
    """The front designs of each component, in build order (a shop's deck, a TTS deck or tile set)."""
    out: dict[str, list[DesignSpec]] = {}
    for s in specs:
        if s.face == "front":
            out.setdefault(s.component.id, []).append(s)
    return out
