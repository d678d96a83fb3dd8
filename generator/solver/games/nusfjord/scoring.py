"""Final scoring (rulebook L211-231): Buildings (fixed and `*` values) and Ships, +1 per issued Share held
and per gold, -1 per free Building space and per Unissued Share; the weights are the spec's `rules.score`."""

from __future__ import annotations

from typing import Any

from generator.solver.games.nusfjord.spec import NusfjordSpec


def score(spec: NusfjordSpec, ships: int, buildings: int, conditional: int, shares: int, gold: int,
          free_spaces: int, unissued: int) -> dict[str, Any]:
    w = spec.score
    parts = {"ships": ships, "buildings": buildings, "conditional": conditional,
             "shares": shares * w["issued_share"], "gold": gold * w["gold"],
             "free_spaces": free_spaces * w["free_space"], "unissued": unissued * w["unissued_share"]}
    gains = sum(v for k, v in parts.items() if k not in ("free_spaces", "unissued"))
    losses = parts["free_spaces"] + parts["unissued"]
    return {"total": gains + losses, **parts, "subtotal": gains, "penalties": losses}


def harbor_installation(ships_on_track: int, per_ship: int = 2) -> int:
    """Harbor Installation's `*` value: `per_ship` VP per Ship on the Fishing track (the catboat is no Ship)."""
    return per_ship * ships_on_track
