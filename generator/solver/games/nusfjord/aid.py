"""What Nusfjord's printed pieces show, computed by the rules package (templates get it as `aid`): the
fishing steps of the Elder Council, the Round spaces of each First Player tile with their instructions,
the player counts on each Elder, the Elder stacks of the supply board and the setup lines of the boards."""

from __future__ import annotations

from typing import Any

from generator.solver.api import Game
from generator.solver.games.nusfjord.setup import elder_players, elder_stacks, tile_rounds
from generator.solver.games.nusfjord.spec import ELDER, NusfjordSpec


def _span(counts: list[int]) -> str:
    if not counts:
        return "none"
    return str(counts[0]) if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"


def fishing_steps(spec: NusfjordSpec) -> list[dict[str, str]]:
    """The five steps in the order fishing.fish() runs them, in our own words."""
    return [
        {"title": "Elders", "text": f"1 {{fish}} on each Elder. At exactly {spec.payout_at}: "
                                    f"{spec.payout_personal} to your supply, {spec.payout_general} back."},
        {"title": "Foreign Shares", "text": "1 {fish} on each of your Shares on the Action board, then on those "
                                            "in other supplies."},
        {"title": "Own Shares", "text": "1 {fish} on each issued Share beside your supply (never Unissued)."},
        {"title": "Reserve", "text": f"The rest into your Reserve, up to {spec.reserve_limit} {{fish}}."},
        {"title": "Excess", "text": "Any {fish} left go back to the general supply."},
    ]


def round_texts(spec: NusfjordSpec) -> dict[int, dict[int, str]]:
    """players -> round -> the instruction printed on that Round space."""
    out: dict[int, dict[int, str]] = {}
    for p, row in spec.by_players.items():
        texts = {}
        for r, event in spec.round_spaces.items():
            n = getattr(row, event, None)
            if event == "add_A" and n:
                texts[r] = f"add {n} A Buildings"
            elif event == "add_B" and n:
                texts[r] = f"add {n} B Buildings"
            elif event == "draw_C_each":
                texts[r] = f"each draws {n} C"
            elif event == "reveal_C":
                texts[r] = "lay your C cards face up"
        out[p] = texts
    return out


def nusfjord_aid(spec: NusfjordSpec, game: Game) -> dict[str, Any]:
    names = {int(r.fields["number"]): str(r.fields.get("name") or "") for r in game.component(ELDER).rows}
    most = max(spec.player_counts)
    stacks = []
    for s in elder_stacks(spec, most):
        lines: list[dict[str, Any]] = []
        for e in s["face_up"]:
            label = f"#{e}" + (f" {names.get(e)}" if names.get(e) else "")
            used = _span(elder_players(spec, e))
            lines.append({"text": f"{label} ({used} players)" if lines else label, "role": "label"})
        if len(lines) > 1:
            lines[-1]["text"] = "on top: " + lines[-1]["text"]
        if s["face_down"]:
            lines.append({"text": f"{most} players: one of #{spec.face_down_from}-{spec.elders[most]} face down "
                                  "at the bottom", "role": "body", "scale": 0.8, "space": 0.4})
        stacks.append({"space": s["space"], "lines": lines})
    ships = " · ".join(f"{p}p {row.ships_per_type}" for p, row in sorted(spec.by_players.items()))
    plates = ", ".join(f"{p}p: {row.banquet_fish}" for p, row in sorted(spec.by_players.items()))
    return {
        "fishing_steps": fishing_steps(spec),
        "first_player": {p: tile_rounds(p, spec.rounds) for p in range(1, game.players_max + 1)},
        "round_texts": round_texts(spec),
        "elder_players": {e: _span(elder_players(spec, e)) for e in names},
        "elder_stacks": stacks,
        "elder_footer": f"Place #1-{spec.elder_spaces} first, then #{spec.elder_spaces + 1}-{2 * spec.elder_spaces} "
                        f"on top if the player count uses them (each Elder shows its player counts).",
        "ships_line": ships,
        "banquet_setup": f"At setup, 1 fish on each of plates 1 to (players - 1): {plates}.",
        "wood_cap": spec.wood_cap,
    }
