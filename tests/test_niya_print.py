"""Niya's print set: 16 tiles, 8 + 8 tokens, patterned Player 1, a colour-in style, single-sided."""

from __future__ import annotations

import json
import re

from PIL import Image

from conftest import run_cli, job_folder
from generator.commands.build import BuildOptions, build_game
from generator.layout.plan import SheetOptions


def manifest(build):
    return json.loads((build / "manifest.json").read_text())


def test_every_piece_is_printed_once_per_count(niya_build):
    m = manifest(niya_build)
    fronts = [d for d in m["designs"] if d["face"] == "front"]
    tiles = [d for d in fronts if d["component"] == "garden-tile"]
    tokens = {d["id"]: d["count"] for d in fronts if d["component"] == "character-token"}
    assert len(tiles) == 16 and all(d["count"] == 1 for d in tiles)
    assert tokens == {"character-token-player-1": 8, "character-token-player-2": 8}
    placed = [p["design"] for page in m["sheets"]["pages"] for p in page["pieces"]]
    for d in fronts:
        assert placed.count(d["id"]) == d["count"]


def test_the_edition_is_single_sided(niya_build):
    m = manifest(niya_build)
    assert all(d["back"] is None for d in m["designs"] if d["face"] == "front")
    assert {p["side"] for p in m["sheets"]["pages"]} == {"front"}
    assert not (niya_build / "calibration-a4.pdf").exists()


def test_player_1_tokens_carry_a_pattern_and_player_2_tokens_are_plain(niya_build):
    one = (niya_build / "svg" / "character-token-player-1.svg").read_text()
    two = (niya_build / "svg" / "character-token-player-2.svg").read_text()
    assert "<pattern" in one and "url(#character-token-player-1-pattern)" in one
    assert "<pattern" not in two


def test_tiles_name_their_plant_and_symbol(niya_build):
    svg = (niya_build / "svg" / "garden-tile-cherry-rain.svg").read_text()
    assert "Cherry · Rain cloud" in svg


def test_colour_in_style_is_line_art(tmp_path):
    build_game("niya", BuildOptions(SheetOptions(), tmp_path, style="colour-in", formats=("svg", "png")))
    folder = job_folder(tmp_path, "niya")
    svg = (folder / "svg" / "garden-tile-maple-sun.svg").read_text()
    fills = set(re.findall(r'fill="(#[0-9a-fA-F]{6})"', svg))
    assert fills <= {"#ffffff", "#2b2622", "#1a1a1a"}, fills
    image = Image.open(folder / "png" / "garden-tile-maple-sun.png").convert("RGB")
    colours = image.getcolors(maxcolors=image.width * image.height)
    saturated = sum(n for n, (r, g, b) in colours if max(r, g, b) - min(r, g, b) > 40)
    assert saturated / (image.width * image.height) < 0.002  # no colour, only outlines on white


def test_a_user_recolours_the_players_and_replaces_one_plant_without_touching_the_project(tmp_path):
    art = tmp_path / "my-maple.svg"
    art.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
                   '<rect x="1" y="1" width="8" height="8" fill="#00ff00" stroke="#000000"/></svg>')
    theme = tmp_path / "theme.yaml"
    theme.write_text("players:\n  player-1: {colour: '#5b2a86'}\n  player-2: {colour: '#1b4332', pattern: dots}\n"
                     "art:\n  vegetation: {maple: my-maple.svg}\n")
    code, out, err = run_cli("build", "niya", "--theme", str(theme), "--out", str(tmp_path / "out"), "--formats", "svg")
    assert code == 0, err
    svg = job_folder(tmp_path / "out", "niya") / "svg"   # a themed build goes beside the default
    assert "#5b2a86" in (svg / "character-token-player-1.svg").read_text()
    two = (svg / "character-token-player-2.svg").read_text()
    assert "#1b4332" in two and "<pattern" in two
    assert "#00ff00" in (svg / "garden-tile-maple-rain.svg").read_text()
    assert "#00ff00" not in (svg / "garden-tile-pine-rain.svg").read_text()


def test_the_rules_card_is_in_the_set(niya_build):
    svg = (niya_build / "svg" / "rules-card.svg").read_text()
    for word in ("Set up", "Your turn", "Winning", "Matches"):
        assert word in svg
