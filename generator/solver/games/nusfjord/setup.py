"""Nusfjord's setup and rounds: the table per player count, the Elder stacks, the First Player tiles and
the ship passing to the right. Pure functions of the NusfjordSpec."""

from __future__ import annotations

from typing import Any, Sequence, TypeVar

from generator.solver.games.nusfjord.spec import NusfjordSpec


def elder_stacks(spec: NusfjordSpec, players: int) -> list[dict[str, Any]]:
    """The Elder spaces bottom to top: #k, then #k + spaces on top if used; at counts using Elders from
    `face_down_from` on, one of those face down at the bottom of each stack (NUS-GAP-06: three, not two)."""
    used = spec.elders[players]
    n = spec.elder_spaces
    stacks = []
    for space in range(1, n + 1):
        face_up = [e for e in range(space, min(used, spec.face_down_from - 1) + 1, n)]
        hidden = max(0, used - (spec.face_down_from - 1))
        per_stack = hidden // n if hidden else 0
        stacks.append({"space": space, "face_up": face_up, "face_down": per_stack})
    return stacks


def elder_players(spec: NusfjordSpec, number: int) -> list[int]:
    """The player counts that use Elder #number."""
    return [p for p in spec.player_counts if number <= spec.elders[p]]


def round_spaces(spec: NusfjordSpec, players: int) -> dict[str, dict[str, Any]]:
    """What happens on each Round space at this count, as `pnp solve nusfjord setup` prints it."""
    row = spec.by_players[players]
    out: dict[str, dict[str, Any]] = {}
    for r, event in sorted(spec.round_spaces.items()):
        out[str(r)] = {event: True} if event == "reveal_C" else {event: getattr(row, event)}
    return out


def setup(spec: NusfjordSpec, players: int) -> dict[str, Any]:
    row = spec.by_players[players]
    stacks = elder_stacks(spec, players)
    out = {"players": players, "action_board": row.action_board, "imitation_tile": row.imitation_tile,
           "banquet_fish": row.banquet_fish, "banquet_plates": list(range(1, row.banquet_fish + 1)),
           "ships_per_type": row.ships_per_type, "face_up": dict(spec.face_up),
           "left_over_AB": row.left_over_AB, "round_spaces": round_spaces(spec, players),
           "C_drawn": players * row.draw_C_each, "elders": spec.elders[players], "elder_stacks": stacks,
           "each_player": {"workers": spec.workers, "shares_issued": spec.issued, "shares_unissued": spec.unissued,
                           "forests": spec.forests_each, "haul": spec.start_haul}}
    if any(s["face_down"] for s in stacks):
        height = len(stacks[0]["face_up"]) + stacks[0]["face_down"]
        out["notes"] = [f"NUS-GAP-06: the rulebook says each Elder space holds up to two Elders, but at {players} "
                        f"players each stack holds {height} (one face down at the bottom)"]
    return out


Seat = TypeVar("Seat")      # a seat's label (the examples') or its index (the engine's)


def first_players(seats: Sequence[Seat], first: Seat, rounds: int) -> list[Seat]:
    """The First Player of each round: seats are clockwise and the ship passes to the right."""
    start = seats.index(first)
    return [seats[(start - r) % len(seats)] for r in range(rounds)]


def tile_rounds(players: int, rounds: int) -> list[list[int]]:
    """The Round spaces on each First Player tile of a set, by seat clockwise from the first player."""
    return [[r for r in range(1, rounds + 1) if (1 - r) % players == seat] for seat in range(players)]
