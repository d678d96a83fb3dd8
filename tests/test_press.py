"""The CMYK press file: every content stream, form, pattern, shading and image walked; no RGB anywhere, no point
above the ink limit, an OutputIntent with a CMYK profile, and the palette's explicit `cmyk:` kept exactly."""

from __future__ import annotations


import pikepdf
import pytest

from PIL import Image

from conftest import run_cli, tiny_game, job_folder

DTC_INK_LIMIT = 2.40         # DriveThruCards: total ink at most 240 %
DEFAULT_LIMIT = 3.00
COLOUR_OPS = {"rg", "RG", "g", "G", "sc", "scn", "SC", "SCN", "cs", "CS"}


def walk(pdf: pikepdf.Pdf) -> dict:
    """Every colour the file sets: CMYK values, and anything that is not DeviceCMYK."""
    found = {"cmyk": [], "other": [], "images": [], "shadings": 0, "streams": 0}
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Stream):
            subtype = obj.get("/Subtype")
            if subtype == "/Image":
                if obj.get("/ImageMask") or _is_soft_mask(pdf, obj):
                    continue
                found["images"].append(str(obj.get("/ColorSpace")))
                if str(obj.get("/ColorSpace")) == "/DeviceCMYK":
                    data = obj.read_bytes()
                    for i in range(0, len(data), 4):
                        found["cmyk"].append(tuple(b / 255 for b in data[i:i + 4]))
                continue
            if subtype == "/Form" or obj.get("/PatternType") == 1:
                _ops(obj, found)
            cs = obj.get("/N")
            if obj.get("/Alternate") is not None or (cs == 3 and b"acsp" in obj.read_bytes()[:64]):
                found["other"].append("an RGB ICC profile")
        elif isinstance(obj, pikepdf.Dictionary):
            if "/ShadingType" in obj:
                found["shadings"] += 1
                if str(obj.get("/ColorSpace")) != "/DeviceCMYK":
                    found["other"].append(f"shading in {obj.get('/ColorSpace')}")
            if obj.get("/Type") == "/Page":
                _ops(obj, found)
    return found


def _is_soft_mask(pdf, image) -> bool:
    return any(isinstance(o, pikepdf.Stream) and o.get("/SMask") is not None and o.SMask.objgen == image.objgen
               for o in pdf.objects)


def _ops(owner, found) -> None:
    found["streams"] += 1
    for operands, op in pikepdf.parse_content_stream(owner):
        name = str(op)
        if name in ("k", "K"):
            found["cmyk"].append(tuple(float(v) for v in operands))
        elif name in COLOUR_OPS and not (name in ("cs", "CS") and str(operands[0]) == "/Pattern") and \
                not (name in ("scn", "SCN") and len(operands) == 1 and isinstance(operands[0], pikepdf.Name)):
            found["other"].append(f"{name} {[str(v) for v in operands]}")


@pytest.fixture(scope="module")
def press(shared_builds):
    return shared_builds("--press", "--formats", "svg")        # shared with test_pdfx.py


@pytest.mark.parametrize("game", ["nusfjord", "kamiza", "nyakuza"])
def test_every_colour_is_cmyk_within_300_percent(press, game):
    with pikepdf.open(press / game / f"{game}-press.pdf") as pdf:
        found = walk(pdf)
        assert found["streams"] > 10 and found["other"] == [], found["other"][:5]
        assert found["cmyk"] and max(sum(c) for c in found["cmyk"]) <= DEFAULT_LIMIT + 1e-6
        assert all(cs == "/DeviceCMYK" for cs in found["images"])
        (intent,) = pdf.Root.OutputIntents
        assert intent.DestOutputProfile.N == 4 and intent.DestOutputProfile.read_bytes()[16:20] == b"CMYK"
        page = pdf.pages[0]
        assert page.trimbox != page.mediabox and page.bleedbox == page.mediabox


PHOTO_GAME = """id: photo
title: Photo
players: {min: 2, max: 2}
palette: {paper: "#ffffff", ink: "#000000"}
fonts: {title: {family: Vollkorn, weight: 700}, body: Lato}
art: {photo: art/photo.png}
components:
  - {id: card, kind: card, size: [63.5mm, 88.9mm], front: photo/card.svg.j2}
"""
PHOTO_CARD = """{% import "shared/macros.svg.j2" as m with context %}
{% call m.svg() %}{{ m.background("#ff0000") }}{{ place(art.photo, 5, 5, 50, 50) }}{% endcall %}
"""


def test_shadings_and_images_are_converted(press, tmp_path):
    with pikepdf.open((press / "nyakuza") / "nyakuza-press.pdf") as pdf:
        assert walk(pdf)["shadings"] > 0                      # the board's sea gradient
    game = tiny_game(tmp_path, "photo", PHOTO_GAME, {"card.svg.j2": PHOTO_CARD})
    (game / "art").mkdir()
    image = Image.new("RGB", (64, 64))
    for y in range(64):
        for x in range(64):
            image.putpixel((x, y), (x * 4, y * 4, 255 - x * 2))                          # 4,096 colours
    image.save(game / "art" / "photo.png")
    code, _, err = run_cli("build", str(game), "--press", "--formats", "svg", "--out", str(tmp_path / "out"))
    assert code == 0, err
    with pikepdf.open(job_folder(tmp_path / "out", "photo") / "photo-press.pdf") as pdf:
        found = walk(pdf)
        assert found["images"] == ["/DeviceCMYK"] and found["other"] == []
        assert max(sum(c) for c in found["cmyk"]) <= DEFAULT_LIMIT + 1e-6


def test_the_palettes_explicit_cmyk_is_kept(press):
    with pikepdf.open((press / "nusfjord") / "nusfjord-press.pdf") as pdf:
        assert (0.0, 0.0, 0.0, 1.0) in set(walk(pdf)["cmyk"])   # ink: {cmyk: [0, 0, 0, 100]}


def test_a_cmyk_shop_gets_its_own_ink_limit(tmp_path):
    code, _, err = run_cli("build", "kamiza", "--shop", "dtc", "--formats", "svg", "--out", str(tmp_path))
    assert code == 0, err
    with pikepdf.open(job_folder(tmp_path, "kamiza") / "shop-dtc" / "role-card.pdf") as pdf:
        found = walk(pdf)
        assert found["other"] == [] and max(sum(c) for c in found["cmyk"]) <= DTC_INK_LIMIT + 1e-6


def test_a_theme_may_fix_a_press_colour_and_a_bad_one_is_one_line(tmp_path):
    theme = tmp_path / "theme.yaml"
    theme.write_text('palette:\n  sea: {colour: "#2266aa", cmyk: [90, 40, 0, 10]}\n')
    code, _, err = run_cli("build", "nyakuza", "--theme", str(theme), "--press", "--formats", "svg",
                           "--out", str(tmp_path))
    assert code == 0, err
    with pikepdf.open(job_folder(tmp_path, "nyakuza") / "nyakuza-press.pdf") as pdf:
        assert (0.9, 0.4, 0.0, 0.1) in set(walk(pdf)["cmyk"])
    theme.write_text('palette:\n  sea: {colour: "#2266aa", cmyk: [90, 40, 0]}\n')
    code, _, err = run_cli("build", "nyakuza", "--theme", str(theme), "--out", str(tmp_path))
    assert code == 2 and "palette.sea.cmyk: expected four percentages" in err and len(err.strip().splitlines()) == 1


def test_a_style_that_recolours_drops_the_games_press_colour(tmp_path):
    from generator.load.game import load_game
    from generator.load.theme import appearance

    spec = PHOTO_GAME.replace('palette: {paper: "#ffffff", ink: "#000000"}',
                              'palette: {paper: "#ffffff", ink: {colour: "#102030", cmyk: [0, 0, 0, 100]}}\n'
                              'styles:\n  night: {palette: {ink: "#203040"}}\n'
                              '  print: {palette: {ink: {colour: "#304050", cmyk: [10, 0, 0, 90]}}}')
    game = load_game(tiny_game(tmp_path, "photo", spec, {"card.svg.j2": PHOTO_CARD}))
    assert appearance(game).press_colours() == {(16, 32, 48): (0.0, 0.0, 0.0, 1.0)}
    assert appearance(game, style="night").press_colours() == {}
    assert appearance(game, style="print").press_colours() == {(48, 64, 80): (0.1, 0.0, 0.0, 0.9)}


@pytest.mark.parametrize("value", ["50", "401", "lots"])
def test_an_ink_limit_out_of_range_is_one_line(value):
    code, _, err = run_cli("build", "niya", "--ink-limit", value)
    assert code == 2 and err.strip() == (f'error: pnp build: argument --ink-limit: expected a whole percentage from 150 '
                                         f'to 400 (300 is usual), got "{value}"')


def _picture(width: int, height: int, seed: int) -> Image.Image:
    """Random colours over a grey band and a band of one exact palette colour (#fa0000)."""
    import numpy as np

    pixels = np.random.default_rng(seed).integers(0, 256, (height, width, 3), dtype=np.uint8)
    pixels[: height // 6] = 128
    pixels[height // 6: height // 3] = (250, 0, 0)
    return Image.fromarray(pixels, "RGB")


def test_a_picture_converts_pixel_for_pixel_as_its_colours_do():
    """Every pixel gets the CMYK its colour gets as a vector fill: the palette's exact value, black only for a
    grey, the profile and the ink limit for the rest (here 240 %, DriveThruCards')."""
    from generator.output.press import Converter

    picture = _picture(300, 200, 1)
    exact = {(250, 0, 0): (0.0, 1.0, 1.0, 0.1)}
    cmyk = Converter(240, exact).image(picture)
    vector = Converter(240, exact)
    for xy in [(x, y) for x in range(0, 300, 7) for y in range(0, 200, 5)]:
        r, g, b = picture.getpixel(xy)
        want = tuple(round(v * 255) for v in vector(r / 255, g / 255, b / 255))
        assert cmyk.getpixel(xy) == want, (xy, (r, g, b))
        assert sum(want) <= 240 * 255 / 100 + 2
    assert cmyk.getpixel((0, 0)) == (0, 0, 0, 127)             # 50 % grey: black ink only
    assert cmyk.getpixel((0, 40)) == (0, 255, 255, 26)          # the palette's own CMYK


def test_converting_a_picture_takes_memory_for_its_pixels_not_per_pixel_objects():
    """A 4.8-megapixel picture of random colours converts with no more Python memory than a 1.2-megapixel one
    plus a little: a Python object per pixel (what the conversion once held) needs about 100 bytes a pixel."""
    import tracemalloc

    from generator.output.press import Converter

    peaks = []
    for width, height in ((1200, 1000), (2400, 2000)):
        picture, converter = _picture(width, height, 2), Converter(300)
        tracemalloc.start()
        converter.image(picture).close()
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    grown = peaks[1] - peaks[0]
    assert grown < 3.6e6 * 16, (peaks, grown)     # 3.6 million more pixels: under 16 bytes each
