"""A shaped piece keeps its bleed around its outline, and the paper beyond stays paper."""

from __future__ import annotations

from PIL import Image

from generator.commands.build import BuildOptions, build_game
from generator.layout.plan import SheetOptions
from conftest import tiny_game, job_folder

GAME = """id: ell
title: Ell
players: {min: 2, max: 2}
palette: {paper: "#ffffff", ink: "#000000"}
fonts: {body: Lato}
components:
  - id: net
    kind: standee
    shape: outline
    size: [40mm, 40mm]
    outline: "M 0 0 H 20 V 20 H 40 V 40 H 0 Z"
    front: ell/net.svg.j2
"""
FLOOD = """<svg xmlns="http://www.w3.org/2000/svg" width="{{ geo.W|mm }}mm" height="{{ geo.H|mm }}mm" viewBox="0 0 {{ geo.W|mm }} {{ geo.H|mm }}">
<rect width="{{ geo.W|mm }}" height="{{ geo.H|mm }}" fill="#202020"/>
</svg>
"""


def test_ink_stops_at_the_bleed_around_an_outline(tmp_path):
    game = tiny_game(tmp_path, "ell", GAME, {"net.svg.j2": FLOOD})
    build_game(game, BuildOptions(SheetOptions(bleed_mm=3.0), tmp_path / "out", formats=("png",)))
    png = Image.open(job_folder(tmp_path / "out", "ell") / "png" / "net.png").convert("L")

    def at(x_mm: float, y_mm: float) -> int:   # trim coordinates; the proof starts at the bleed corner
        return png.getpixel((round((x_mm + 3) * 300 / 25.4), round((y_mm + 3) * 300 / 25.4)))

    assert at(10, 10) < 60                      # inside the L: the template's flood
    assert at(21.5, 10) < 60 and at(30, 18.5) < 60   # 1.5 mm outside the outline: bleed, still inked
    assert at(30, 10) > 245 and at(38, 2) > 245      # 8-10 mm outside: paper
