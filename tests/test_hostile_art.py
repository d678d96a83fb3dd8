"""Hostile art and templates: images that inflate, lie about their size or are turned by EXIF,
art at exactly its limits, and template expressions that would take the machine's memory. Each
bad input is one line, exit 2, naming the file (and the template line), in a second or two."""

from __future__ import annotations

import base64
import io
import struct
import zlib
from pathlib import Path

import pytest
from PIL import Image

from conftest import pnp

ROOT = Path(__file__).parent.parent
SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{}</svg>'
TEMPLATE = "demo/templates/demo/plain-back.svg.j2"


def build(game: Path, timeout: float = 30) -> tuple[int, list[str]]:
    return pnp("build", game.name, "--out", "out", "--formats", "svg", cwd=game.parent, timeout=timeout)


def use_as_emblem(game: Path, name: str) -> None:
    spec = game / "game.yaml"
    spec.write_text(spec.read_text().replace("emblem: art/star.svg", f"emblem: art/{name}"))


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_header(width: int, height: int) -> bytes:
    """A PNG that only claims a size: nothing in it can be decoded."""
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IEND", b""))


def small_png() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (8, 8), (200, 30, 30)).save(buf, "PNG")
    return buf.getvalue()


def gif_header(width: int, height: int) -> bytes:
    return b"GIF89a" + struct.pack("<HHBBB", width, height, 0, 0, 0) + b",\x00\x00\x00\x00" + struct.pack(
        "<HH", width, height) + b"\x00\x02\x02\x44\x01\x00;"


def jpeg_header(width: int, height: int) -> bytes:
    sof = struct.pack(">BHHB", 8, height, width, 3) + b"\x01\x11\x00\x02\x11\x00\x03\x11\x00"
    return b"\xff\xd8" + b"\xff\xc0" + struct.pack(">H", len(sof) + 2) + sof + b"\xff\xd9"


def embedded(raw: bytes, kind: str) -> str:
    uri = f"data:image/{kind};base64," + base64.b64encode(raw).decode()
    return SVG.format(f'<image href="{uri}" width="10" height="10"/>')


# -- images that inflate or cannot be read ------------------------------------------------------------------
BOMB = zlib.compress(b"a" * 3_000_000, 9)     # 3 MB of text once inflated, Pillow's limit is 1 MB


@pytest.mark.parametrize("kind, head", [(b"zTXt", b"Comment\x00\x00"), (b"iCCP", b"profile\x00\x00"),
                                        (b"iTXt", b"Comment\x00\x01\x00\x00\x00")], ids=["zTXt", "iCCP", "iTXt"])
def test_a_png_whose_text_or_colour_profile_inflates_too_far_is_one_line(game, kind, head):
    png = small_png()
    (game / "art/bomb.png").write_bytes(png[:33] + chunk(kind, head + BOMB) + png[33:])
    use_as_emblem(game, "bomb.png")
    code, err = build(game)
    assert code == 2 and err == ["error: demo/art/bomb.png: not a readable PNG, JPEG or WebP image (its text or "
                                 "colour-profile data inflates past the limit of 1 MB)"], err


def test_an_unreadable_image_is_one_line_in_words_once_for_all_its_designs(game):
    (game / "art/broken.png").write_bytes(b"this is not a picture at all" * 10)
    use_as_emblem(game, "broken.png")          # on three card fronts
    code, err = build(game)
    assert code == 2 and err == ["error: demo/art/broken.png: not a readable PNG, JPEG or WebP image"], err


def test_a_picture_cut_short_is_one_line(game):
    png = small_png()
    (game / "art/cut.png").write_bytes(png[:png.index(b"IDAT") + 10])
    use_as_emblem(game, "cut.png")
    code, err = build(game)
    assert code == 2 and len(err) == 1 and err[0].startswith("error: demo/art/cut.png: not a readable PNG, JPEG or WebP")
    assert "<" not in err[0] and "0x" not in err[0]


# -- pictures embedded in SVG art ------------------------------------------------------------------------------
@pytest.mark.parametrize("raw, kind", [(png_header(30000, 30000), "png"), (gif_header(30000, 30000), "gif"),
                                       (jpeg_header(30000, 30000), "jpeg")])
def test_a_huge_picture_embedded_in_svg_art_is_refused_from_its_header(game, raw, kind):
    (game / "art/star.svg").write_text(embedded(raw, kind))
    code, err = build(game, timeout=20)
    assert code == 2 and len(err) == 1, err
    assert err[0].startswith("error: demo/art/star.svg: an embedded image on <image>: image of 30000 x 30000 pixels "
                             "is too large to be a piece of art"), err


@pytest.mark.parametrize("width, height, ok", [
    (20000, 3000, True), (20001, 10, False), (6000, 10000, True), (6001, 10000, False), (10, 20000, True)])
def test_embedded_pictures_share_the_raster_limits_exactly(width, height, ok):
    """README: raster art is at most 60 megapixels and 20,000 px a side."""
    from generator.common.errors import ArtError
    from generator.render.svg_safety import parse_svg, sanitise

    text = embedded(png_header(width, height), "png").encode()
    if ok:
        sanitise(parse_svg(text, "art.svg"), "art.svg")
    else:
        with pytest.raises(ArtError, match="too large to be a piece of art"):
            sanitise(parse_svg(text, "art.svg"), "art.svg")


# -- EXIF orientation ----------------------------------------------------------------------------------------
def turned_jpeg(path: Path) -> None:
    """Stored 40 x 20 (landscape), red on the left; orientation 6 shows it turned a quarter clockwise:
    20 x 40, red on top."""
    im = Image.new("RGB", (40, 20), (0, 0, 255))
    im.paste((255, 0, 0), (0, 0, 20, 20))
    exif = Image.Exif()
    exif[0x0112] = 6
    im.save(path, "JPEG", quality=95, exif=exif.tobytes())


def test_an_exif_turned_jpeg_is_placed_as_it_displays(tmp_path):
    from generator.model.game import ArtSource
    from generator.render.art import load_art

    turned_jpeg(tmp_path / "photo.jpg")
    art = load_art(ArtSource(tmp_path / "photo.jpg", tmp_path, "game.yaml: art.photo"))
    assert art.pixels == (20, 40) and art.view_box == (0.0, 0.0, 20.0, 40.0)
    shown = Image.open(io.BytesIO(base64.b64decode(art.body.partition(",")[2])))
    assert shown.size == (20, 40)
    assert shown.getexif().get(0x0112, 1) == 1          # no renderer turns it a second time
    top, bottom = shown.convert("RGB").getpixel((10, 5)), shown.convert("RGB").getpixel((10, 35))
    assert top[0] > 200 > top[2] and bottom[2] > 200 > bottom[0]


def test_an_exif_turned_jpeg_is_turned_in_the_built_design(game):
    turned_jpeg(game / "art/photo.jpg")
    use_as_emblem(game, "photo.jpg")
    code, err = build(game)
    assert code == 0, err
    svg = next((game.parent / "out/demo-svg/svg").glob("card-alpha-*.svg")).read_text()
    uri = svg.split('href="data:image/jpeg;base64,')[1].split('"')[0]
    assert Image.open(io.BytesIO(base64.b64decode(uri))).size == (20, 40)


# -- art exactly at its limits, nested by a template ----------------------------------------------------------
def nested_svg(levels: int) -> str:
    """SVG art whose deepest element is `levels` deep, counting the <svg> itself."""
    inner = "<g>" * (levels - 2) + '<rect width="10" height="10" fill="#f00"/>' + "</g>" * (levels - 2)
    return SVG.format(inner)


def test_art_nested_exactly_64_deep_is_placed_by_a_template(game):
    (game / "art/star.svg").write_text(nested_svg(64))
    code, err = build(game)
    assert code == 0, err
    svg = next((game.parent / "out/demo-svg/svg").glob("card-alpha-*.svg")).read_text()
    assert svg.count("</g>") >= 62 and "data-nested" not in svg


def test_art_nested_65_deep_is_refused_naming_the_art(game):
    (game / "art/star.svg").write_text(nested_svg(65))
    code, err = build(game)
    assert code == 2 and err == ["error: demo/art/star.svg: SVG art nested more than 64 elements deep is refused"]


@pytest.mark.slow                      # renders 53 MB of art: a stress test, not the quick loop
def test_a_raster_of_exactly_40_mb_is_placed_without_blaming_the_template(game, tmp_path):
    """README: raster art up to 40 MB; its 53 MB as base64 is the art's, not the template's output."""
    from generator.model.designs import expand
    from generator.render import render_designs
    from generator.load.game import load_game
    from generator.load.theme import appearance

    png = small_png()
    padding = 40 * 1024 * 1024 - len(png) - 12          # a private chunk fills the file to the limit exactly
    (game / "art/big.png").write_bytes(png[:33] + chunk(b"prVt", b"\x00" * padding) + png[33:])
    assert (game / "art/big.png").stat().st_size == 40 * 1024 * 1024
    use_as_emblem(game, "big.png")
    g = load_game(game)
    rendered, _ = render_designs(g, appearance(g), 3.0, [s for s in expand(g) if s.id.startswith("card-alpha")])
    assert rendered and all(len(r.svg) > 50_000_000 for r in rendered if r.spec.face == "front")


def test_a_template_placing_big_art_many_times_is_still_bounded(game):
    (game / "art/star.svg").write_text(SVG.format('<path d="' + "M0 0 L1 1 " * 400_000 + '"/>'))  # 4 MB
    (game / "templates/demo/plain-back.svg.j2").write_text(SVG.format(
        "\n{% for i in range(10) %}{{ place(art.emblem, 0, 0, 5, 5) }}{% endfor %}\n"))
    code, err = build(game)
    assert code == 2 and len(err) == 1 and "more than 20 MB of SVG" in err[0] and TEMPLATE in err[0], err


def test_a_placeholder_moved_into_a_comment_places_nothing(game):
    (game / "templates/demo/plain-back.svg.j2").write_text(SVG.format(
        "\n<!-- {{ place(art.emblem, 0, 0, 5, 5) }} -->\n"))
    code, err = build(game)
    assert code == 0, err
    back = next((game.parent / "out/demo-svg/svg").glob("hex-back*.svg")).read_text()
    assert "data-nested" not in back and "<!--  -->" in back


# -- template expressions that would take the machine's memory ------------------------------------------------
@pytest.mark.parametrize("body, found", [
    ("{{ 'x' * 2000000000 }}", "would make 2000000000 characters, more than the limit of 1000000"),
    ("{{ [0] * 2000000000 }}", "would make 2000000000 items, more than the limit of 1000000"),
    ("{{ 10 ** (10 ** 8) }}", "bits, more than the limit of 10000 bits"),
    ("{{ '%999999999d' % 1 }}", "a width of 999999999 is more than the limit of 1000000"),
    ("{{ '%*d' % (2000000000, 1) }}", "a width of 2000000000 is more than the limit"),
    ('{{ "{:>2000000000}".format(1) }}', "a width of 2000000000 is more than the limit"),
    ('{{ "{:.999999999f}".format(1.0) }}', "a width of 999999999 is more than the limit"),
    ("{{ 'x'|center(2000000000) }}", "a width of 2000000000 is more than the limit"),
    ("{{ 'x'.ljust(2000000000) }}", "a width of 2000000000 is more than the limit"),
    ("{{ '1'.zfill(2000000000) }}", "a width of 2000000000 is more than the limit"),
    ("{{ 'x'|indent(2000000000) }}", "a width of 2000000000 is more than the limit"),
    ("{{ '%d'|format(1) ~ ('%999999999d'|format(1)) }}", "a width of 999999999 is more than the limit"),
    ("{{ (('x' * 1000000,) * 1000000)|join }}", "more than the limit of 20971520"),
    ("{{ ('x' * 1000000).replace('x', 'y' * 1000) }}", "more than the limit of 20971520"),
    ("{% set ns = namespace(s='x' * 1000000) %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}",
     "more than the limit of 20971520"),
    ("{% macro twice(s) %}{{ s }}{{ s }}{% endmacro %}{% set ns = namespace(s='x' * 1000000) %}"
     "{% for i in range(40) %}{% set ns.s = twice(ns.s) %}{% endfor %}", "more than the limit of 20971520"),
    ("{{ [1, 2]|batch(2000000000, 0)|list }}", "would make 2000000000 items"),
    ("{{ ([[0] * 1000000] * 1000)|sum(start=[]) }}", "more than the limit of 20971520"),
])
def test_template_expressions_that_would_take_the_memory_are_one_line(game, body, found):
    (game / "templates/demo/plain-back.svg.j2").write_text(SVG.format("\n" + body + "\n"))
    code, err = build(game, timeout=15)
    assert code == 2 and len(err) == 1, err
    assert err[0].startswith(f"error: {TEMPLATE}:2: design hex-back: template error: "), err
    assert found in err[0], err


def test_what_the_checks_miss_meets_the_memory_limit(game):
    (game / "templates/demo/plain-back.svg.j2").write_text(SVG.format(
        "\n{% set ns = namespace(l=[0] * 1000000) %}{% for i in range(40) %}{% set _ = ns.l.extend(ns.l) %}{% endfor %}\n"))
    code, err = build(game, timeout=30)
    assert code == 2 and len(err) == 1, err
    assert err[0].startswith(f"error: {TEMPLATE}:2: design hex-back: the template used more than 1 GB of memory"), err


def test_ordinary_arithmetic_and_formatting_still_work(game):
    (game / "templates/demo/plain-back.svg.j2").write_text(SVG.format(
        "<desc>{{ 'ab' * 3 }} {{ 2 ** 10 }} {{ '%05.1f' % 3.14159 }} {{ '{:>6}'.format('x') }} {{ 'x'|center(5) }}"
        " {{ [1, 2]|join(',') }} {{ 7 % 3 }} {{ 'a' ~ 'b' }} {{ (1, 2) + (3,) }}</desc>"))
    code, err = build(game)
    assert code == 0, err
    back = next((game.parent / "out/demo-svg/svg").glob("hex-back*.svg")).read_text()
    assert "ababab 1024 003.1      x   x   1,2 1 ab (1, 2, 3)" in back


def test_a_cmyk_picture_gives_the_same_bytes_a_second_later():
    """Same inputs, same bytes: LittleCMS dates the sRGB profile a CMYK picture is converted to, and the
    converted picture's edge strips (which the bleed stretches) carried it into the SVG with the build's time."""
    import io
    import time

    from PIL import Image

    from generator.render.art import _load_raster

    buf = io.BytesIO()
    Image.new("CMYK", (30, 40), (255, 0, 0, 0)).save(buf, "JPEG", quality=95)
    first = _load_raster(buf.getvalue(), "art/cyan.jpg", False)
    time.sleep(1.1)                                     # the profile's date has whole seconds
    again = _load_raster(buf.getvalue(), "art/cyan.jpg", False)
    assert (first.body, first.edges) == (again.body, again.edges)
