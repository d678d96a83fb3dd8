"""When a PDF/X-1a file must flatten transparency, the build's summary names the art files and templates that
carry it and what to change, and `pnp check` warns about such art before any build."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from conftest import SHIPPED_GAMES, run_cli, tiny_game
from generator.load import load_game
from generator.load.transparency import raster_transparency, svg_transparency
from generator.solver.flatten_checks import flatten_checks

SPEC = """id: glass
title: Glass
players: {min: 2, max: 2}
palette: {paper: "#ffffff", ink: "#000000"}
fonts: {title: {family: Vollkorn, weight: 700}, body: Lato}
art: {sea: art/sea.svg, dot: art/dot.png, solid: art/solid.png, plain: art/plain.svg}
components:
  - {id: card, kind: card, size: [63.5mm, 88.9mm], front: glass/card.svg.j2, count: 2}
  - {id: tile, kind: tile, size: [40mm, 40mm], front: glass/tile.svg.j2}
"""
CARD = """{% import "shared/macros.svg.j2" as m with context %}
{% call m.svg() %}{{ m.background("#2060c0") }}{{ place(art.sea, 10, 10, 40, 40) }}
{{ place(art.solid, 10, 50, 20, 20) }}{{ place(art.plain, 30, 50, 20, 20) }}{% endcall %}
"""
TILE = """{% import "shared/macros.svg.j2" as m with context %}
{% call m.svg() %}{{ m.background("#c06020") }}<circle cx="20" cy="20" r="10" fill="#ffffff" opacity="0.4"/>
{% endcall %}
"""
SEA = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#3080ff" ' \
      'fill-opacity="0.5"/></svg>'
PLAIN = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#30a0ff"/></svg>'
REMEDY = "use solid colours and opaque pictures, or flatten them in your editor"


def glass(tmp_path: Path, card: str = CARD) -> Path:
    """A game whose card places semi-transparent SVG art (and opaque art), whose tile template draws at 40 %
    opacity, and whose art table holds a PNG with transparent pixels that no design places."""
    game = tiny_game(tmp_path, "glass", SPEC, {"card.svg.j2": card, "tile.svg.j2": TILE})
    (game / "art").mkdir()
    (game / "art" / "sea.svg").write_text(SEA)
    (game / "art" / "plain.svg").write_text(PLAIN)
    dot = Image.new("RGBA", (40, 40), (200, 30, 30, 255))
    dot.putpixel((0, 0), (200, 30, 30, 128))
    dot.save(game / "art" / "dot.png")
    Image.new("RGBA", (40, 40), (20, 130, 30, 255)).save(game / "art" / "solid.png")   # an alpha channel, opaque
    return game


def summary(tmp_path: Path, game: Path, *argv: str) -> list[str]:
    code, _, err = run_cli("build", str(game), "--formats", "svg", "--out", str(tmp_path / "out"), *argv)
    assert code == 0, err
    return [line for line in err.splitlines() if "flattened" in line]


def test_the_summary_names_the_art_and_the_template_and_what_to_change(tmp_path):
    (line,) = summary(tmp_path, glass(tmp_path), "--press", "--pdfx", "1a")
    assert line == ("glass: 2 pages drawn with transparency flattened into 600 dpi images, as PDF/X-1a:2003 allows "
                    "no transparency: art/sea.svg uses fill-opacity 0.5; templates/glass/tile.svg.j2 uses opacity "
                    f"0.4; {REMEDY}")


def test_a_shops_pdfx1a_decks_name_their_cause_too(tmp_path):
    card = CARD.replace("place(art.sea, 10, 10, 40, 40)", "place(art.dot, 10, 10, 40, 40)")
    (line,) = summary(tmp_path, glass(tmp_path, card), "--shop", "dtc")
    assert "flattened" in line and "art/dot.png uses transparent pixels (an alpha channel)" in line
    assert "tile.svg.j2" not in line and "art/sea.svg" not in line      # dtc prints no 40 mm tile; no sea here


def test_pdfx4_keeps_transparency_and_says_nothing(tmp_path):
    assert summary(tmp_path, glass(tmp_path), "--press") == []


def test_check_warns_of_each_transparent_art_file_before_a_build(tmp_path):
    game = glass(tmp_path)
    code, out, _ = run_cli("check", str(game), "--json")
    assert code == 0                                        # a warning, not a failure
    checks = [c for c in json.loads(out)["games"][0]["checks"] if c["kind"] == "transparency"]
    assert [(c["name"], c["uses"], c["ok"], c["severity"]) for c in checks] == [
        ("art/sea.svg", ["fill-opacity 0.5"], None, "warning"),
        ("art/dot.png", ["transparent pixels (an alpha channel)"], None, "warning")]
    assert all("PDF/X-1a" in c["detail"] and "flatten it in your editor" in c["detail"] for c in checks)
    code, out, _ = run_cli("check", str(game))
    assert code == 0 and "  transparency: art/sea.svg uses fill-opacity 0.5: a PDF/X-1a press file" in out


def test_a_themes_art_is_what_check_looks_at(tmp_path):
    game = glass(tmp_path)
    theme = tmp_path / "calm.yaml"
    (tmp_path / "calm.svg").write_text(PLAIN)
    theme.write_text("art: {sea: calm.svg}\n")
    code, out, _ = run_cli("check", str(game), "--theme", str(theme), "--json")
    names = [c["name"] for c in json.loads(out)["games"][0]["checks"] if c["kind"] == "transparency"]
    assert code == 0 and names == ["art/dot.png"]


@pytest.mark.parametrize("game", SHIPPED_GAMES)
def test_the_shipped_art_has_no_transparency(game):
    assert flatten_checks(load_game(game)) == []


@pytest.mark.parametrize("text, found", [
    ('<rect opacity="0.25"/>', ["opacity 0.25"]),
    ('<rect style="stroke-opacity: 60%"/>', ["stroke-opacity 0.6"]),
    ('<stop stop-opacity="0"/>', ["stop-opacity 0"]),
    ('<rect fill="rgba(10, 20, 30, 0.5)"/>', ["an rgba() colour at alpha 0.5"]),
    ('<rect fill="rgb(10 20 30 / 40%)"/>', ["an rgb() colour at alpha 0.4"]),
    ('<rect fill="#11223380"/>', ["a #11223380 colour (its last digits are an alpha)"]),
    ('<mask id="m"/><filter id="f"/>', ["a mask", "a filter"]),
    ('<g style="mix-blend-mode: multiply"/>', ["a blend mode"]),
    ('<rect opacity="{{ fade }}"/>', ["opacity set by an expression"]),
    ('<rect opacity="1" fill-opacity="100%" fill="#112233ff" id="opacity-0.5"/>', []),
])
def test_what_counts_as_transparency_in_svg(text, found):
    assert svg_transparency(text) == found


def test_a_picture_counts_only_when_a_pixel_is_not_opaque(tmp_path):
    import io

    def png(image: Image.Image) -> bytes:
        buf = io.BytesIO()
        image.save(buf, "PNG")
        return buf.getvalue()
    clear = Image.new("RGBA", (8, 8), (0, 0, 0, 255))
    clear.putpixel((3, 3), (0, 0, 0, 0))
    assert raster_transparency(png(clear)) == ["transparent pixels (an alpha channel)"]
    assert raster_transparency(png(Image.new("RGBA", (8, 8), (0, 0, 0, 255)))) == []
    assert raster_transparency(png(Image.new("RGB", (8, 8)))) == []
    assert raster_transparency(b"not a picture") == []
