"""Hostile shop presets (`pnp build --shop file.yaml`): file name patterns that leave the output, reach into
Python or give every card the same file; products too large or whose pixels do not fit their dpi; names
that spreadsheets run as formulas; and a disk that fills up while the shop's PDFs are written. Each is one
line naming the preset file, its line and key, exit 2, no traceback, and nothing written anywhere."""

from __future__ import annotations

import csv
import signal
import sys
from pathlib import Path

import pytest

from conftest import pnp as run_pnp, job_folder

ROOT = Path(__file__).parent.parent
# The demo's cards are 63.5 x 88.9 mm (2.5 x 3.5 in); with 1/8 in of bleed a side at 300 dpi a shop's
# template is 825 x 1125 px (The Game Crafter's published poker card).
PRESET = """name: Hostile Shop
source: "a test"
dpi: {dpi}
bleed: 0.125in
safe: 0.125in
colour: rgb
format: {format}
files: {files}
tolerance: 1.5
{key}: {pattern}
products:
  - {{name: {product}, kinds: [card], trim: [2.5in, 3.5in], pixels: [{pixels}]}}
"""
PATTERN_LINE, PRODUCT_LINE = 10, 12


def preset(folder: Path, pattern: str = '"{design}.png"', key: str = "front", files: str = "per-card",
           dpi: int = 300, pixels: str = "825, 1125", product: str = "Poker") -> Path:
    path = folder / "hostile.yaml"
    fmt = {"per-card": "png", "per-deck": "pdf"}.get(files, "png")
    path.write_text(PRESET.format(dpi=dpi, files=files, format=fmt, key=key, pattern=pattern, pixels=pixels,
                                  product=product), encoding="utf-8")
    return path


def pnp(*argv: str, cwd: Path, timeout: float = 60, limit_file_size: int | None = None) -> tuple[int, list[str]]:
    """The real command; with `limit_file_size`, files beyond that size fail to write, as on a full disk."""
    def limit() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        import resource
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit_file_size, limit_file_size))

    return run_pnp(*argv, cwd=cwd, timeout=timeout, preexec=limit if limit_file_size else None)


def shop_build(game: Path, shop: str, *extra: str, **kw) -> tuple[int, list[str]]:
    return pnp("build", game.name, "--shop", shop, "--formats", "svg", "--out", "out", *extra, cwd=game.parent, **kw)


def refused(game: Path, err: list[str], code: int, *words: str) -> None:
    """One line at the preset's key, exit 2, and the build left nothing behind."""
    assert code == 2 and len(err) == 1, err
    assert all(w in err[0] for w in words), err
    out = game.parent / "out"
    assert not out.exists() or not [p for p in out.iterdir() if not p.name.endswith(".lock")], list(out.iterdir())


# -- file name patterns -----------------------------------------------------------------------------------
@pytest.mark.parametrize("pattern, found", [
    ('"/tmp/punchboard-hostile-abs/{design}.png"', 'starting with "/"'),
    ('"../{design}.png"', 'start with "."'),
    ('"art/../../{design}.png"', 'start with "."'),
    ('".hidden/{design}.png"', 'start with "."'),
    ('"a//{design}.png"', "not empty"),
    ('"{design}/"', "not empty"),
    ('"a\\\\{design}.png"', '"\\"'),                         # a backslash: a folder on Windows
    ('"{design}\\0.png"', "U+0000"),
    ('"{design} copy.png"', "U+0020"),
    ('"{component.__class__}/{design}.png"', '"{component.__class__}"'),
    ('"{design.__init__.__globals__}.png"', '"{design.__init__.__globals__}"'),
    ('"{0}-{design}.png"', '"{0}"'),
    ('"{}-{design}.png"', '"{}"'),
    ('"{design[0]}.png"', '"{design[0]}"'),
    ('"{design:d}.png"', '"{design:d}"'),
    ('"{design!r}.png"', '"{design!r}"'),
    ('"{player}-{design}.png"', '"{player}"'),
    ('"{design}.png{"', 'only around a field'),
    ('"{component}.png"', "with {design} in it"),            # every card of a deck the same file
    ('"cards/front.png"', "with {design} in it"),
    ('"{design}.jpg"', 'ending in ".png"'),
    ('"{design}"', 'ending in ".png"'),
    ("42", 'such as "{design}.png"'),
    ('"' + "a" * 300 + '{design}.png"', "at most 200 characters"),
])
def test_a_bad_card_file_name_pattern_is_refused_when_the_preset_is_read(game, pattern, found):
    path = preset(game.parent, pattern)
    code, err = shop_build(game, str(path))
    refused(game, err, code, f"hostile.yaml:{PATTERN_LINE}: front: expected a file name pattern ", found)
    assert "{component} and {design}" in err[0] or "each as it is" not in err[0]
    assert not Path("/tmp/punchboard-hostile-abs").exists()


@pytest.mark.parametrize("pattern, found", [
    ('"{design}.pdf"', '"{design}"'),                 # a deck has no one design: only {component}
    ('"decks.pdf"', "with {component} in it"),
    ('"/{component}.pdf"', 'starting with "/"'),
    ('"{component}.png"', 'ending in ".pdf"'),
])
def test_a_bad_deck_file_name_pattern_is_refused(game, pattern, found):
    path = preset(game.parent, pattern, key="deck", files="per-deck")
    code, err = shop_build(game, str(path))
    refused(game, err, code, f"hostile.yaml:{PATTERN_LINE}: deck: expected a file name pattern ", found)


def test_good_patterns_write_inside_the_shop_folder(game):
    path = preset(game.parent, '"{component}/cards/{design}_front.png"')
    code, err = shop_build(game, str(path))
    assert code == 0, err
    folder = job_folder(game.parent / "out", "demo") / "shop-hostile"
    assert (folder / "card" / "cards" / "card-alpha-d35400_front.png").is_file()


def test_a_deck_in_a_subfolder_of_a_cmyk_shop_is_still_converted(game):
    import pikepdf

    path = game.parent / "subfolder.yaml"
    path.write_text((ROOT / "shops/dtc.yaml").read_text().replace('deck: "{component}.pdf"',
                                                                    'deck: "decks/{component}.pdf"'))
    code, err = shop_build(game, str(path))
    assert code == 0, err
    with pikepdf.open(job_folder(game.parent / "out", "demo") / "shop-subfolder/decks/card.pdf") as pdf:
        assert "/OutputIntents" in pdf.Root                          # DriveThruCards asks for CMYK


def test_a_deck_named_like_the_proof_is_refused_not_overwritten(game):
    """`{component}.pdf` for a component called "proof" would be overwritten by proof.pdf."""
    spec = game / "game.yaml"
    spec.write_text(spec.read_text().replace("  - id: card\n", "  - id: proof\n").replace("{card: 6,", "{proof: 6,"))
    code, err = shop_build(game, "dtc")
    refused(game, err, code, "dtc.yaml:", "deck: ", '"proof.pdf"', "proof")


def test_two_designs_given_one_file_name_are_refused_before_anything_is_written(game, tmp_path):
    """The second guard, behind the check of the pattern: file names are worked out for the whole deck
    first, and a name two designs share (or one leaving the folder) stops the build."""
    from generator.common.errors import SpecError
    from generator.output.preset import FileNames
    from generator.load.shops import load_preset

    shop = load_preset("tgc")
    names = FileNames(tmp_path, shop)
    assert names.name("front", 'design "a"', component="c", design="a") == "c/a.png"
    assert names.name("back", 'design "a"', component="c", design="a") == "c/a.png"     # a shared back: once
    with pytest.raises(SpecError, match='"c/a.png", which is also design "a"'):
        names.name("front", 'design "b"', component="c", design="a")
    with pytest.raises(SpecError, match="which is also design"):
        names.name("front", 'design "d"', component="c/a.png", design="x")              # a file as a folder
    hostile = type(shop)(**{**shop.__dict__, "front": "/elsewhere/{design}.png"})
    with pytest.raises(SpecError, match="outside the shop folder"):
        FileNames(tmp_path, hostile).name("front", 'design "a"', component="c", design="a")
    with pytest.raises(SpecError, match="the order list"):
        FileNames(tmp_path, type(shop)(**{**shop.__dict__, "front": "order.csv"})).name(
            "front", 'design "a"', component="c", design="a")


# -- products ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dpi, pixels, found", [
    (1200, "20000, 20000", "60 megapixels"),             # 1.6 GB of pixels a card
    (300, "30000, 100", "at most 20000"),
])
def test_a_product_too_large_to_rasterise_is_refused_before_rendering(game, dpi, pixels, found):
    path = preset(game.parent, dpi=dpi, pixels=pixels)
    code, err = shop_build(game, str(path), timeout=20)
    refused(game, err, code, f"hostile.yaml:{PRODUCT_LINE}: products[0].pixels", found)


@pytest.mark.parametrize("dpi, pixels, expected", [
    (600, "825, 1125", "1650 x 2250"),                   # 300 dpi pixels at 600 dpi: a crop of the middle
    (300, "1650, 2250", "825 x 1125"),                   # 600 dpi pixels at 300 dpi: a card in a wide border
    (300, "825, 1000", "825 x 1125"),                    # one side short: the bottom cut off
])
def test_pixels_that_do_not_fit_trim_and_bleed_at_the_dpi_are_refused(game, dpi, pixels, expected):
    path = preset(game.parent, dpi=dpi, pixels=pixels)
    code, err = shop_build(game, str(path))
    refused(game, err, code, f"hostile.yaml:{PRODUCT_LINE}: products[0].pixels: ", f"{dpi} dpi", expected)


def test_a_template_rounding_its_pixels_is_accepted(game):
    """MakePlayingCards' 822 x 1122 px is 2.5 x 3.5 in with 0.12 in of bleed; 824 x 1126 is a pixel off."""
    path = preset(game.parent, pixels="824, 1126")
    code, err = shop_build(game, str(path))
    assert code == 0, err


@pytest.mark.parametrize("product, found", [
    ("{a: 1}", "products[0].name: expected text"),
])
def test_a_product_without_a_name_is_refused(game, product, found):
    path = preset(game.parent, product=product)
    code, err = shop_build(game, str(path))
    refused(game, err, code, f"hostile.yaml:{PRODUCT_LINE}: ", found)


def test_kinds_that_are_not_a_list_of_kinds_are_refused(game):
    path = preset(game.parent)
    path.write_text(path.read_text().replace("kinds: [card]", "kinds: 7"))
    code, err = shop_build(game, str(path))
    refused(game, err, code, f"hostile.yaml:{PRODUCT_LINE}: products[0].kinds: expected a list")
    path.write_text(path.read_text().replace("kinds: 7", "kinds: [cards]"))
    code, err = shop_build(game, str(path))
    refused(game, err, code, "products[0].kinds[0]: expected one of card, tile")


def test_a_bleed_beyond_the_bleed_option_limit_is_refused(game):
    path = preset(game.parent)
    path.write_text(path.read_text().replace("bleed: 0.125in", "bleed: 50mm"))
    code, err = shop_build(game, str(path))
    refused(game, err, code, "hostile.yaml:4: bleed: expected a length of at most 10 mm")


# -- order.csv ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["=cmd|' /C calc'!A0", "+1+1", "-2+3", "@SUM(1,1)", "\\t=1+1"])
def test_a_product_name_never_reaches_order_csv_as_a_formula(game, name):
    path = preset(game.parent, product='"' + name.replace('"', '\\"') + '"')
    code, err = shop_build(game, str(path))
    assert code == 0, err
    with open(job_folder(game.parent / "out", "demo") / "shop-hostile/order.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    assert rows[0] == ["front", "back", "quantity", "component", "product", "pixels"]
    typed = name.replace("\\t", "\t")
    assert {r[4] for r in rows[1:]} == {"'" + typed}
    assert all(not cell.startswith(("=", "+", "-", "@", "\t", "\r")) for r in rows for cell in r)


def test_a_file_name_starting_with_a_minus_is_quoted_in_order_csv(game):
    path = preset(game.parent, '"-{design}.png"')
    code, err = shop_build(game, str(path))
    assert code == 0, err
    rows = list(csv.reader((job_folder(game.parent / "out", "demo") / "shop-hostile/order.csv").read_text().splitlines()))
    assert rows[1][0] == "'-card-alpha-d35400.png"
    assert (job_folder(game.parent / "out", "demo") / "shop-hostile/-card-alpha-d35400.png").is_file()


@pytest.mark.parametrize("name", ["\\r=1+1", "two\\nlines", "bell\\a", "\\u2028x"])
def test_a_name_that_is_not_one_line_is_refused(game, name):
    """A product's name is a cell of order.csv and a line of the build summary."""
    path = preset(game.parent, product=f'"{name}"')
    code, err = shop_build(game, str(path))
    refused(game, err, code, f"hostile.yaml:{PRODUCT_LINE}: products[0].name: expected one line of text, got U+")


# -- malformed preset files ---------------------------------------------------------------------------------
@pytest.mark.parametrize("text, found", [
    ("name: [unclosed\n", "hostile.yaml:2: malformed YAML"),
    ("", "expected a mapping, got nothing"),
    ("- a list\n", "expected a mapping, got a list"),
    ("name: a\nname: b\n", "hostile.yaml:2"),
    (b"name: \xff\xfe\n", "expected UTF-8 text"),
])
def test_a_malformed_preset_file_is_one_line(game, text, found):
    path = game.parent / "hostile.yaml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    code, err = shop_build(game, str(path))
    assert code == 2 and any(found in line for line in err) and all("hostile.yaml" in line for line in err), err


def test_a_missing_preset_file_and_a_path_as_a_shop_id(game):
    code, err = shop_build(game, "nowhere.yaml")
    refused(game, err, code, 'preset file "nowhere.yaml" not found')
    code, err = shop_build(game, "../shops/tgc")
    refused(game, err, code, "expected one of dtc, mpc, tgc")


# -- a full disk -------------------------------------------------------------------------------------------
@pytest.mark.skipif(sys.platform == "win32", reason="file size limits are POSIX")
@pytest.mark.parametrize("argv", [("--shop", "dtc"), ("--press",)])
def test_a_disk_filling_up_under_a_shop_pdf_is_one_line_and_leaves_no_staging_folder(game, argv):
    """A file may not grow past 40 KB (the kernel refuses the write, as on a full disk): the demo's
    DriveThruCards deck (76 KB) and its press file (81 KB) are the first files that large. QPDF writing
    them itself aborted the whole process (SIGABRT) and left the staging folder behind."""
    code, err = pnp("build", game.name, *argv, "--formats", "svg", "--out", "out", cwd=game.parent,
                    limit_file_size=40_000)
    assert code == 2 and len(err) == 1 and "building demo" in err[0] and "large" in err[0], err
    job = "demo-svg-dtc" if "--shop" in argv else "demo-svg-press"         # the job's own folder, and its lock
    assert [p.name for p in (game.parent / "out").iterdir()] == [f".{job}.lock"]


# -- a piece on its side ------------------------------------------------------------------------------------
def _difference(a, b) -> float:
    """Mean difference of two images' pixels, 0 to 255."""
    from PIL import ImageChops, ImageStat

    return sum(ImageStat.Stat(ImageChops.difference(a.convert("RGB"), b.convert("RGB"))).mean) / 3


@pytest.mark.parametrize("files", ["per-card", "per-deck"])
def test_a_landscape_card_is_turned_to_a_portrait_product_never_cropped(game, files):
    """The demo's card laid on its side (88.9 x 63.5 mm) is a 2.5 x 3.5 in product turned a quarter: the
    front clockwise, its back anticlockwise (the card turned over left to right), each whole."""
    from PIL import Image

    spec = game / "game.yaml"
    spec.write_text(spec.read_text().replace("size: [63.5mm, 88.9mm]", "size: [88.9mm, 63.5mm]"))
    key, pattern = ("front", '"{component}/{design}.png"') if files == "per-card" else ("deck", '"{component}.pdf"')
    path = preset(game.parent, pattern, key=key, files=files)
    code, err = pnp("build", "demo", "--shop", str(path), "--formats", "png", "--out", "out", cwd=game.parent)
    assert code == 0, err
    out = job_folder(game.parent / "out", "demo")
    whole = {face: Image.open(out / f"png/{name}.png") for face, name in
             (("front", "card-alpha-d35400"), ("back", "card-back-alpha"))}
    assert whole["front"].size == (1125, 825)                   # (88.9 + 2 x 3.175) mm at 300 dpi, landscape
    if files == "per-card":
        shop = {face: Image.open(out / f"shop-hostile/card/{name}.png") for face, name in
                (("front", "card-alpha-d35400"), ("back", "card-back-alpha"))}
    else:
        import pypdfium2 as pdfium

        pdf = pdfium.PdfDocument(str(out / "shop-hostile/card.pdf"))
        n = len(pdf) // 2                                         # every front, then every back
        shop = {face: pdf[i].render(scale=300 / 72).to_pil().resize((825, 1125)) for face, i in
                (("front", 0), ("back", n))}
    assert shop["front"].size == shop["back"].size == (825, 1125)
    assert _difference(shop["front"], whole["front"].transpose(Image.Transpose.ROTATE_270)) < 4
    assert _difference(shop["back"], whole["back"].transpose(Image.Transpose.ROTATE_90)) < 4


@pytest.mark.parametrize("files, fmt, wanted", [("per-card", "pdf", "png"), ("per-deck", "png", "pdf")])
def test_a_format_its_files_do_not_write_is_refused(game, files, fmt, wanted):
    """Per-card files are PNGs and per-deck files PDFs: a preset saying otherwise would get files of another
    type than it asked for, silently; it is one line at its `format:` instead."""
    path = preset(game.parent, '"{design}.png"' if files == "per-card" else '"{component}.pdf"',
                  key="front" if files == "per-card" else "deck", files=files)
    path.write_text(path.read_text().replace(f"format: {wanted}", f"format: {fmt}"), encoding="utf-8")
    code, err = shop_build(game, str(path))
    refused(game, err, code, "hostile.yaml:7: format: ", f'expected "{wanted}" with files: {files}', f'got "{fmt}"')
