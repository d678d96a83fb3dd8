"""`--style ink-saver` on every game (issue 18, item 4): measured on the rasterised sheets.

Ink coverage here: the mean over a sheet's pixels (pypdfium2, 100 dpi: below that PDFium draws a
0.2 mm outline a whole pixel wide and overstates it) of (C + M + Y) / 3 with C = 1 - R, M = 1 - G,
Y = 1 - B; the budget is the issue's: at most 40 % of the default build's ink
over the shipped games together, at most 60 % for any one of them.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageDraw

from conftest import SHIPPED_GAMES, run_cli, tiny_game

DPI = 100


@pytest.fixture(scope="module")
def sheets(shared_builds) -> dict[str, dict[str, Path]]:
    """Every shipped game's A4 sheets, default and ink-saver: {game: {style: build folder}}."""
    colour, saver = shared_builds("--formats", "sheets"), shared_builds("--formats", "sheets", "--style", "ink-saver")
    return {game: {"colour": colour / game, "ink-saver": saver / game} for game in SHIPPED_GAMES}


def pdf_of(folder: Path) -> Path:
    return folder / json.loads((folder / "manifest.json").read_text())["sheets"]["file"]


def page_pixels(pdf: Path, dpi: int = DPI) -> list[np.ndarray]:
    """Every page's RGB bytes (0-255; a float copy of every page took most of this file's time)."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return [np.asarray(p.render(scale=dpi / 72).to_pil().convert("RGB")) for p in doc]
    finally:
        doc.close()


def ink(px: np.ndarray) -> float:
    """Mean CMY coverage of RGB pixels, given as bytes (0-255) or as floats (0-1)."""
    return float(1 - px.mean() / (255 if px.dtype == np.uint8 else 1))


def luma(px: np.ndarray) -> np.ndarray:
    return px @ np.array([0.2126, 0.7152, 0.0722])


def texts(pdf: Path) -> list[str]:
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return [" ".join(p.get_textpage().get_text_range().split()) for p in doc]
    finally:
        doc.close()


def test_ink_saver_spends_at_most_the_issues_budget(sheets):
    per_game, together = {}, {"colour": [], "ink-saver": []}
    for game, folders in sheets.items():
        means = {}
        for style, folder in folders.items():
            inks = [ink(px) for px in page_pixels(pdf_of(folder))]
            together[style] += inks
            means[style] = np.mean(inks)
        assert means["colour"] > 0.10, game            # a real game, not blank pages
        per_game[game] = means["ink-saver"] / means["colour"]
    assert len(per_game) == 5 and max(per_game.values()) <= 0.60, per_game
    assert np.mean(together["ink-saver"]) / np.mean(together["colour"]) <= 0.40, per_game


def test_every_word_is_still_printed(sheets):
    for game, folders in sheets.items():
        default, saver = texts(pdf_of(folders["colour"])), texts(pdf_of(folders["ink-saver"]))
        assert sum(len(t) for t in default) > 500, game
        assert saver == default, game


def faint_characters(pdf: Path, dpi: int = 200) -> set[tuple[int, int]]:
    """Characters whose darkest pixel is lighter than 0.5 luma or hardly darker than the paper around them."""
    doc = pdfium.PdfDocument(str(pdf))
    scale, faint = dpi / 72, set()
    try:
        for n, page in enumerate(doc):
            px = luma(np.asarray(page.render(scale=scale).to_pil().convert("RGB"), dtype=np.float64) / 255)
            tp = page.get_textpage()
            for i in range(tp.count_chars()):
                if not tp.get_text_range(i, 1).strip():
                    continue
                left, bottom, right, top = tp.get_charbox(i)
                x0, x1 = int(left * scale), int(np.ceil(right * scale))
                y0, y1 = int(px.shape[0] - top * scale), int(np.ceil(px.shape[0] - bottom * scale))
                if not (0 <= x0 < x1 < px.shape[1] and 0 <= y0 < y1 < px.shape[0]):
                    continue
                pad = max(1, (y1 - y0) // 3)
                inside = px[y0:y1 + 1, x0:x1 + 1]
                around = px[max(0, y0 - pad):y1 + pad + 1, max(0, x0 - pad):x1 + pad + 1]
                if inside.min() > 0.5 or around.max() - inside.min() < 0.3:
                    faint.add((n, i))
    finally:
        doc.close()
    return faint


@pytest.mark.parametrize("game", ["kamiza", "niya"])
def test_text_stays_dark_on_a_light_ground(sheets, game):
    """White titles on dark bands become dark titles on light bands: no character is fainter than in
    the default build (the sheets' own small grey footer is faint in both)."""
    default = faint_characters(pdf_of(sheets[game]["colour"]))
    assert faint_characters(pdf_of(sheets[game]["ink-saver"])) <= default


def piece_colours(folder: Path, component_prefix: str) -> dict[str, np.ndarray]:
    """Mean colour of each design starting with `component_prefix`, 3 mm inside its trim, on the sheets."""
    manifest = json.loads((folder / "manifest.json").read_text())
    pages = page_pixels(pdf_of(folder), 50)
    k = 50 / 25.4
    colours: dict[str, list[np.ndarray]] = {}
    for page in manifest["sheets"]["pages"]:
        for piece in page["pieces"]:
            if piece["design"].startswith(component_prefix):
                x, y, w, h = piece["trim_mm"]
                px = pages[page["index"]]
                region = px[int((y + 3) * k):int((y + h - 3) * k), int((x + 3) * k):int((x + w - 3) * k)]
                colours.setdefault(piece["design"], []).append(region.reshape(-1, 3).mean(axis=0) / 255)
    return {d: np.mean(v, axis=0) for d, v in colours.items()}


def test_kamizas_backs_are_light_and_the_seats_stay_apart(sheets):
    default = piece_colours(sheets["kamiza"]["colour"], "role-card-back-")
    saver = piece_colours(sheets["kamiza"]["ink-saver"], "role-card-back-")
    assert len(default) == 6 and saver.keys() == default.keys()       # six seats (rules: 3-6 players)
    for seat in default:
        assert ink(default[seat]) > 0.45 and ink(saver[seat]) < 0.26, seat     # solid ink became a light tint
    seats = sorted(saver)
    gaps = [np.linalg.norm(saver[a] - saver[b]) for i, a in enumerate(seats) for b in seats[i + 1:]]
    assert min(gaps) > 0.025
    # each coloured seat keeps its hue: its tint leans the way its own colour did, more than any other seat's
    hue = {s: (c - c.mean()) / np.linalg.norm(c - c.mean()) for s, c in default.items() if np.ptp(c) > 0.1}
    assert len(hue) == 5                                               # slate is a grey
    for seat in hue:
        lean = saver[seat] - saver[seat].mean()
        assert max(hue, key=lambda s: float(lean @ hue[s])) == seat, seat


# -- a game the test draws itself: a dark band, a red panel, white text and a picture --

SPEC = """id: saver
title: Saver
players: {min: 2, max: 2}
palette: {band: "#1d3557", panel: "#c0392b", light: "#ffffff"}
fonts: {title: {family: Vollkorn, weight: 700}, body: Lato}
art: {photo: art/photo.png}
components:
  - {id: card, kind: card, size: [60mm, 90mm], front: saver/card.svg.j2}
"""
CARD = """{% import "shared/macros.svg.j2" as m with context %}
{% call m.svg() %}{{ m.background(colours.band) }}
<rect x="13" y="13" width="40" height="20" fill="{{ colours.panel }}"/>
<text x="10" y="50" font-family="Vollkorn" font-weight="700" font-size="10" fill="{{ colours.light }}">INK</text>
{{ place(art.photo, 13, 56, 30, 30) }}{% endcall %}
"""


def draw_photo(path: Path) -> None:
    """200 x 200 px: white, a dark red disc (radius 60) inside a black ring 8 px wide."""
    im = Image.new("RGB", (200, 200), "white")
    d = ImageDraw.Draw(im)
    d.ellipse((32, 32, 168, 168), fill=(0, 0, 0))
    d.ellipse((40, 40, 160, 160), fill=(150, 20, 20))
    im.save(path)


@pytest.fixture(scope="module")
def drawn(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("saver")
    game = tiny_game(tmp, "saver", SPEC, {"card.svg.j2": CARD})
    (game / "art").mkdir()
    draw_photo(game / "art" / "photo.png")
    return game


def design_png(game: Path, out: Path, *extra: str) -> np.ndarray:
    code, _, err = run_cli("build", str(game), "--out", str(out), "--formats", "png", *extra)
    assert code == 0, err
    theme = [Path(extra[i + 1]).stem for i, a in enumerate(extra) if a == "--theme"]   # a theme build goes beside
    folder = out / "-".join(["saver", *theme] + (["ink-saver"] if "ink-saver" in extra else []) + ["png"])
    return np.asarray(Image.open(folder / "png" / "card.png").convert("RGB"), dtype=np.float64) / 255


def at(px: np.ndarray, x_mm: float, y_mm: float, r_mm: float = 0.0) -> np.ndarray:
    """Pixels around a point given in design mm (3 mm bleed: the design's own origin is the bleed corner)."""
    k = 300 / 25.4
    x, y, r = int(x_mm * k), int(y_mm * k), max(1, int(r_mm * k))
    return px[y - r:y + r + 1, x - r:x + r + 1].reshape(-1, 3)


def test_fills_become_tints_with_dark_outlines_text_dark_and_pictures_keep_their_lines(drawn, tmp_path):
    default = design_png(drawn, tmp_path / "a")
    saver = design_png(drawn, tmp_path / "b", "--style", "ink-saver")
    band, panel = at(saver, 5, 45, 1).mean(axis=0), at(saver, 33, 23, 2).mean(axis=0)
    assert luma(at(default, 5, 45, 1).mean(axis=0)) < 0.25 and luma(band) > 0.8
    assert band[2] > band[0] + 0.03                                   # still the band's blue
    assert luma(at(default, 33, 23, 2).mean(axis=0)) < 0.4 and luma(panel) > 0.8
    assert panel[0] > panel[1] + 0.05                                 # still the panel's red
    k = 300 / 25.4
    edge = np.array([saver[int(y * k), int(13 * k) + dx] for y in (18, 23, 28) for dx in range(-4, 5)])
    assert luma(edge).min() < 0.45                                    # the panel has a dark outline
    words = saver[int(41 * 300 / 25.4):int(51 * 300 / 25.4), int(10 * 300 / 25.4):int(30 * 300 / 25.4)]
    assert luma(words).min() < 0.3 and (luma(words) < 0.3).mean() > 0.05     # white "INK" printed dark
    # the picture: 30 mm for 200 px; its disc (centre at 28, 71 mm) light and red, its ring still drawn
    disc, field = at(saver, 28, 71, 2).mean(axis=0), at(saver, 15, 58, 0.5).mean(axis=0)
    assert luma(at(default, 28, 71, 2).mean(axis=0)) < 0.3 and luma(disc) > 0.6 and disc[0] > disc[1] + 0.05
    assert luma(field) > 0.95
    ring = [saver[int(71 * 300 / 25.4), int((28 + 30 * dx / 200) * 300 / 25.4)] for dx in range(55, 72)]
    assert luma(np.array(ring)).min() < 0.4                          # 68 px out: the ring's edges stay dark


def test_a_theme_recolours_the_tints_and_the_folder_is_the_styles(drawn, tmp_path):
    (tmp_path / "theme.yaml").write_text("palette: {band: '#2a9d3f'}\n")
    saver = design_png(drawn, tmp_path, "--style", "ink-saver", "--theme", str(tmp_path / "theme.yaml"))
    band = at(saver, 5, 45, 1).mean(axis=0)
    assert luma(band) > 0.8 and band[1] > band[0] + 0.03 and band[1] > band[2] + 0.03   # the theme's green
    assert (tmp_path / "saver-theme-ink-saver-png" / "manifest.json").is_file()   # after the theme and the style
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith("saver")] == ["saver-theme-ink-saver-png"]


def test_ink_saver_builds_are_byte_identical(drawn, tmp_path):
    for name in ("a", "b"):
        code, _, err = run_cli("build", str(drawn), "--out", str(tmp_path / name), "--formats", "sheets,svg",
                               "--style", "ink-saver")
        assert code == 0, err
    for file in ("saver-a4.pdf", "svg/card.svg"):
        assert (tmp_path / "a" / "saver-ink-saver-sheets-svg" / file).read_bytes() == \
            (tmp_path / "b" / "saver-ink-saver-sheets-svg" / file).read_bytes()


def test_an_unknown_style_names_the_close_one(drawn, tmp_path):
    code, _, err = run_cli("build", str(drawn), "--out", str(tmp_path), "--style", "inksaver")
    assert code == 2
    assert err.splitlines() == ['error: --style: unknown style "inksaver" for saver; expected one of: colour, '
                                'ink-saver (did you mean "ink-saver"?)']
