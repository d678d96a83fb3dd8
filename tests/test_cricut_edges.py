"""Cricut images against their cut line, on every side (README: "the piece at its exact size at 300 dpi, opaque
inside its cut outline ... The images carry no bleed of their own").

The test game's pieces are magenta in the bleed and carry a 2 mm band of a colour of its own along each side of
the trim, grey inside: the outermost pixels on each side must be that side's band (never bleed), and the band must
be 2 mm wide measured from the image's edge, so an image shifted by a pixel, a point or a bleed shows. A round
token's opaque pixels must touch all four sides of its image. A piece that fits Print Then Cut only turned is
written a quarter turn clockwise: its top band then lies on the right.
"""

from __future__ import annotations

import pytest
from PIL import Image

from conftest import run_cli, tiny_game, job_folder

BAND_MM = 2.032                 # 24 px at 300 dpi
BLEED_COLOUR = (255, 0, 255)
SIDES = {"top": (220, 30, 30), "right": (30, 160, 30), "bottom": (30, 30, 220), "left": (230, 200, 0)}
INSIDE = (128, 128, 128)

SPEC = """id: edges
title: Edges
players: 1
components:
  - {id: card, kind: card, size: [63.5mm, 88.9mm], front: edges/face.svg.j2}
  - {id: long, kind: tile, size: [200mm, 60mm], front: edges/face.svg.j2}
  - {id: coin, kind: token, shape: circle, size: 25.4mm, front: edges/face.svg.j2}
"""
FACE = """<svg xmlns="http://www.w3.org/2000/svg" width="{{ geo.W|mm }}mm" height="{{ geo.H|mm }}mm" \
viewBox="0 0 {{ geo.W|mm }} {{ geo.H|mm }}"><rect width="{{ geo.W|mm }}" height="{{ geo.H|mm }}" fill="#ff00ff"/>
<rect x="{{ geo.b|mm }}" y="{{ geo.b|mm }}" width="{{ geo.w|mm }}" height="{{ geo.h|mm }}" fill="#808080"/>
<rect x="{{ geo.b|mm }}" y="{{ geo.b|mm }}" width="{{ geo.w|mm }}" height="2.032" fill="#dc1e1e"/>
<rect x="{{ geo.b|mm }}" y="{{ (geo.b + geo.h - 2.032)|mm }}" width="{{ geo.w|mm }}" height="2.032" fill="#1e1edc"/>
<rect x="{{ geo.b|mm }}" y="{{ (geo.b + 2.032)|mm }}" width="2.032" height="{{ (geo.h - 4.064)|mm }}" fill="#e6c800"/>
<rect x="{{ (geo.b + geo.w - 2.032)|mm }}" y="{{ (geo.b + 2.032)|mm }}" width="2.032" height="{{ (geo.h - 4.064)|mm }}" \
fill="#1ea01e"/></svg>"""


def close(px, colour, tol=40) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(px[:3], colour))


def band_px(im: Image.Image, side: str, colour) -> float:
    """The band's width from the image's edge on `side`, in pixels, along the middle of that side: whole band
    pixels plus the share of band colour in the mixed pixel where it meets the grey (red channel unmixed)."""
    w, h = im.size
    line = {"left": [(x, h // 2) for x in range(w)], "right": [(w - 1 - x, h // 2) for x in range(w)],
            "top": [(w // 2, y) for y in range(h)], "bottom": [(w // 2, h - 1 - y) for y in range(h)]}[side]
    c = max(range(3), key=lambda i: abs(colour[i] - INSIDE[i]))     # the channel telling band from grey apart
    n = 0.0
    for p in line:
        share = (im.getpixel(p)[c] - INSIDE[c]) / (colour[c] - INSIDE[c])
        if share < 0.02:
            break
        n += min(1.0, share)
    return n


@pytest.mark.parametrize("bleed, within", [("0.12in", 0.5), ("3mm", 1.0)])
def test_every_image_shows_its_trim_and_nothing_of_the_bleed_on_every_side(tmp_path, bleed, within):
    """0.12 in is 36 px: the trim falls on pixel edges and each band must measure its 24 px exactly; other bleeds
    put the trim within half a pixel of the image's edge, a band then measures 23 to 25 px. The 200 x 60 mm tile
    is 708.66 px high, its image 709: its bands are judged by colour only (which side, never bleed)."""
    game = tiny_game(tmp_path, "edges", SPEC, {"face.svg.j2": FACE})
    code, _, err = run_cli("build", str(game), "--out", str(tmp_path / "out"), "--formats", "cricut",
                           "--bleed", bleed)
    assert code == 0, err
    folder = job_folder(tmp_path / "out", "edges") / "cricut"
    band = BAND_MM / 25.4 * 300
    for design, turned in (("card", False), ("long", True)):
        im = Image.open(folder / f"{design}.png").convert("RGBA")
        rgb = im.convert("RGB")
        w, h = rgb.size
        for side, colour in SIDES.items():
            on = {"top": "right", "right": "bottom", "bottom": "left", "left": "top"}[side] if turned else side
            edge = {"left": (0, h // 2), "right": (w - 1, h // 2), "top": (w // 2, 0), "bottom": (w // 2, h - 1)}[on]
            assert close(rgb.getpixel(edge), colour), f"{design}: {on} edge {rgb.getpixel(edge)}, not the {side} band"
            assert im.getchannel("A").getpixel(edge) > 128, f"{design}: transparent at its {on} edge"
            if turned:
                continue
            measured = band_px(rgb, on, colour)
            assert abs(measured - band) <= within, f"{design}, {on}: band {measured:.2f} px, drawn {band:.2f} px"
    coin = Image.open(folder / "coin.png").convert("RGBA")
    alpha = coin.getchannel("A")
    w, h = coin.size
    assert w == h == 300, "1 inch at 300 dpi"
    for p in ((0, h // 2), (w - 1, h // 2), (w // 2, 0), (w // 2, h - 1)):
        assert alpha.getpixel(p) > 128, f"coin: transparent at the middle of a side {p}"
        assert not close(coin.convert("RGB").getpixel(p), BLEED_COLOUR), f"coin: bleed at {p}"
    for p in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
        assert alpha.getpixel(p) == 0
