"""Every text run of every design lies inside its safe zone, read from the real print-shop PDFs.

The safe zone is 3 mm inside the trim (README, DESIGN.md print-shop facts). Glyph boxes come from
pypdfium2's text extraction of what Typst set, not from our own measuring.
"""

from __future__ import annotations

import json

import pypdfium2 as pdfium
import pytest

from generator.commands.build import BuildOptions, build_game
from generator.layout.plan import SheetOptions
from conftest import SHIPPED_GAMES, tiny_game, job_folder

SAFE_MM = 3.0
PT = 25.4 / 72
SLACK_MM = 0.05   # glyph boxes are ink boxes rounded by the reader


def text_outside_safe_zone(build) -> list[str]:
    doc = json.loads((build / "manifest.json").read_text())
    bad = []
    for d in doc["designs"]:
        if not d.get("shop"):
            continue
        b = d["bleed_mm"]
        tw, th = d["trim_mm"]
        lo_x, hi_x, lo_y, hi_y = b + SAFE_MM, b + tw - SAFE_MM, b + SAFE_MM, b + th - SAFE_MM
        pdf = pdfium.PdfDocument(str(build / d["shop"]))
        try:
            page = pdf[0]
            height = page.get_height() * PT
            text = page.get_textpage()
            for i in range(text.count_chars()):
                ch = text.get_text_range(i, 1)
                if not ch.strip():
                    continue
                left, bottom, right, top = (v * PT for v in text.get_charbox(i))
                y0, y1 = height - top, height - bottom
                if left < lo_x - SLACK_MM or right > hi_x + SLACK_MM or y0 < lo_y - SLACK_MM or y1 > hi_y + SLACK_MM:
                    bad.append(f"{d['id']}: {ch!r} at x {left:.2f}-{right:.2f}, y {y0:.2f}-{y1:.2f} mm "
                               f"(safe x {lo_x:.2f}-{hi_x:.2f}, y {lo_y:.2f}-{hi_y:.2f})")
        finally:
            pdf.close()
    return bad


@pytest.mark.parametrize("game", SHIPPED_GAMES)
def test_every_text_run_lies_inside_the_safe_zone(shared_builds, game):
    bad = text_outside_safe_zone(shared_builds("--formats", "shop") / game)
    assert bad == [], f"{len(bad)} glyphs outside; first: " + "; ".join(bad[:5])


GREEDY = """id: greedy
title: Greedy
players: {min: 2, max: 2}
palette: {paper: "#ffffff", ink: "#000000"}
fonts: {title: {family: Vollkorn, weight: 700}, body: Lato}
components:
  - id: card
    kind: card
    size: [63.5mm, 88.9mm]
    front: greedy/card.svg.j2
    rows:
      - {title: "Wide AVAWAY titles of .. f f"}
"""
GREEDY_TEMPLATE = """<svg xmlns="http://www.w3.org/2000/svg" width="{{ geo.W|mm }}mm" height="{{ geo.H|mm }}mm" viewBox="0 0 {{ geo.W|mm }} {{ geo.H|mm }}">
{% set t = fit(row.title, "title", 0, 0, geo.W, geo.H, 60) %}
{% for line in t.lines %}<text x="{{ line.x|mm }}" y="{{ line.y|mm }}" font-family="{{ line.family }}" font-weight="{{ line.weight }}" font-size="{{ line.size|mm }}" text-anchor="{{ t.anchor }}">{{ line.text }}</text>{% endfor %}
</svg>
"""


def test_a_box_wider_than_the_safe_zone_is_clamped_to_it(tmp_path):
    """A template asking to fit text into the whole card (bleed included) still gets the safe zone."""
    game = tiny_game(tmp_path, "greedy", GREEDY, {"card.svg.j2": GREEDY_TEMPLATE})
    build_game(game, BuildOptions(SheetOptions(), tmp_path / "out", formats=("shop",)))
    assert text_outside_safe_zone(job_folder(tmp_path / "out", "greedy")) == []
