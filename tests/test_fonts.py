"""Fonts: unmistakable figures, only the shipped files, and the colour mixing helper."""

from __future__ import annotations

from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from PIL import Image, ImageChops, ImageDraw, ImageFont, ImageStat

import generator.output.typst_pdf as typst_pdf
from generator.render.context import mix
from pdfcheck import fonts
from conftest import SHIPPED_GAMES

FONTS = Path(__file__).parent.parent / "fonts"
SHIPPED = sorted(p for p in FONTS.iterdir() if p.suffix in (".ttf", ".otf"))


def glyph(font: ImageFont.FreeTypeFont, ch: str) -> tuple[Image.Image, int]:
    im = Image.new("L", (400, 400), 0)
    ImageDraw.Draw(im).text((50, 50), ch, font=font, fill=255)
    box = im.getbbox()
    return im.crop(box).resize((48, 96)), box[3] - box[1]


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_the_figure_one_cannot_be_read_as_a_capital_i(path):
    """Lining height (an old-style 1 is x-height, a small capital I) and a shape of its own."""
    font = ImageFont.truetype(str(path), 200)
    one, one_h = glyph(font, "1")
    eye, eye_h = glyph(font, "I")
    assert one_h >= 0.9 * eye_h
    assert ImageStat.Stat(ImageChops.difference(one, eye)).mean[0] > 25


def test_typst_is_given_only_the_vetted_fonts(monkeypatch, tmp_path):
    """No system fonts and none of Typst's own bundled ones (New Computer Modern, Libertinus, DejaVu)."""
    from generator.load.fonts import font_book

    seen = {}

    class Recorder:
        def __init__(self, **kwargs):
            seen.update(kwargs)

    monkeypatch.setattr(typst_pdf.typst, "Compiler", Recorder)
    typst_pdf.TypstRunner(tmp_path, font_book((FONTS, tmp_path / "missing")).faces)
    assert seen["ignore_system_fonts"] is True
    families = set(seen["font_paths"].families())
    shipped = set()
    for path in SHIPPED:
        with TTFont(path, lazy=True) as f:
            shipped.add(f["name"].getDebugName(16) or f["name"].getDebugName(1))
    assert families == shipped and len(seen["font_paths"].fonts()) == len(SHIPPED)


@pytest.mark.parametrize("game", SHIPPED_GAMES)
def test_every_embedded_font_is_a_shipped_one(shared_builds, game):
    names = set()
    for path in SHIPPED:
        with TTFont(path, lazy=True) as f:
            names.add(f["name"].getDebugName(6))
    embedded = fonts(shared_builds("--formats", "sheets") / game / f"{game}-a4.pdf")
    assert embedded and all(ok for _, ok in embedded)
    for base, _ in embedded:
        name = base.lstrip("/").split("+", 1)[-1]
        assert any(name.startswith(n) for n in names), name


@pytest.mark.parametrize("a, b, t, expect", [
    ("#000000", "#ffffff", 0.25, "#404040"),     # 0.25 x 255 = 63.75
    ("#000000", "#ffffff", 0.5, "#808080"),
    ("#ff0000", "#0000ff", 0.1, "#e6001a"),      # 229.5 -> e6, 25.5 -> 1a
    ("#123456", "#abcdef", 0.0, "#123456"),
    ("#123456", "#abcdef", 1.0, "#abcdef"),
])
def test_mix_honours_its_fraction(a, b, t, expect):
    assert mix(a, b, t) == expect
