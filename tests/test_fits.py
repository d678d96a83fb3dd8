"""Pieces fit their printed spaces: geometry against hand-computed clearances, and pnp check."""

from __future__ import annotations

import json
import math
import shutil

import pytest

from generator.geometry.fit import Footprint, clearance
from conftest import DEMO, run_cli

HEX_34 = Footprint("hex", 34, 34 * 2 / math.sqrt(3), "pointy")   # Nyakuza's board space (game.yaml)


@pytest.mark.parametrize("piece, expect", [
    (Footprint("hex", 32, 32 * 2 / math.sqrt(3), "pointy"), 1.0),            # (34 - 32) / 2
    (Footprint("circle", 15.875, 15.875), 17 - 15.875 / 2),                   # a 5/8 in Boat in the inscribed circle
    (Footprint("rect", 22, 22), 17 - 11 * (0.5 + math.sqrt(3) / 2)),         # a Stall's corner against a slanted side
    (Footprint("rect", 23, 23), 17 - 11.5 * (0.5 + math.sqrt(3) / 2)),
])
def test_clearance_in_a_hex_space(piece, expect):
    assert clearance(piece, HEX_34) == pytest.approx(expect, abs=1e-6)


def test_a_card_turns_to_fit_unless_it_may_not():
    card = Footprint("rect", 88.9, 63.5)                     # poker card lying landscape
    slot = Footprint("rect", 66, 91)                         # a portrait card space
    assert clearance(card, slot) == pytest.approx(1.05)      # (66 - 63.5) / 2 = 1.25, (91 - 88.9) / 2 = 1.05
    assert clearance(card, slot, turnable=False) < 0


def _demo_with(tmp_path, board_extra: str):
    game = tmp_path / "demo"
    shutil.copytree(DEMO, game)
    spec = (game / "game.yaml").read_text()
    spec = spec.replace("    front: demo/plain.svg.j2\n    rows:\n      - {title: Stand",
                        f"    front: demo/plain.svg.j2\n{board_extra}    rows:\n      - {{title: Stand", 1)
    (game / "game.yaml").write_text(spec)
    return game


def test_a_space_too_small_fails_the_check_naming_both(tmp_path):
    game = _demo_with(tmp_path, "    spaces: {slot: [60mm, 85mm], big: [66mm, 91mm]}\n"
                                "    fits:\n      - {space: slot, holds: card}\n"
                                "      - {space: big, holds: card, clearance: 1mm}\n")
    code, out, err = run_cli("check", str(game), "--json")
    assert code == 1, err
    fits = {c["name"]: c for c in json.loads(out)["games"][0]["checks"] if c["kind"] == "fit"}
    small, big = fits["card on standee slot space"], fits["card on standee big space"]
    assert small["ok"] is False and "card does not fit standee's slot space" in small["detail"]
    assert small["piece_mm"] == [63.5, 88.9] and small["space_mm"] == [60, 85]
    assert big["ok"] is True and big["clearance_mm"] == pytest.approx(1.05) and big["required_mm"] == 1.0


def test_unknown_spaces_and_pieces_are_one_line_each(tmp_path):
    game = _demo_with(tmp_path, "    fits:\n      - {space: slot, holds: meeple}\n")
    code, out, err = run_cli("check", str(game))
    lines = err.replace(str(tmp_path) + "/", "").splitlines()
    assert code == 2 and len(lines) == 2
    assert 'components[3].fits[0].holds: unknown component "meeple"' in lines[0] + lines[1]
    assert 'components[3].fits[0].space: unknown space "slot"' in lines[0] + lines[1]


def test_nyakuza_pieces_fit_their_hexes():
    code, out, err = run_cli("check", "nyakuza", "--json")
    fits = [c for c in json.loads(out)["games"][0]["checks"] if c["kind"] == "fit"]
    names = {c["name"] for c in fits}
    assert {"resource-tile on board resource space", "stall on board shore space",
            "grand-market on board shore space", "boat on board shore space"} <= names
    assert all(c["ok"] for c in fits) and {"piece_mm", "space_mm", "clearance_mm"} <= set(fits[0])
