"""Print-shop PNGs have exactly the pixel size the shops publish."""

from __future__ import annotations

import json

import pytest
from PIL import Image

from generator.commands.build import BuildOptions, build_game
from generator.layout.plan import SheetOptions
from conftest import DEMO, job_folder


@pytest.mark.parametrize("bleed, expect", [
    (3.175, (825, 1125)),    # The Game Crafter / DriveThruCards poker template: 825 x 1125 px at 300 dpi
    (3.0, (821, 1121)),      # (63.5 + 6) / 25.4 x 300 = 820.9; (88.9 + 6) / 25.4 x 300 = 1120.9
])
def test_poker_card_png_has_the_shop_pixel_size(tmp_path, bleed, expect):
    build_game(DEMO, BuildOptions(SheetOptions(bleed_mm=bleed), tmp_path, formats=("png",)))
    doc = json.loads((job_folder(tmp_path, "demo") / "manifest.json").read_text())
    card = next(d for d in doc["designs"] if d["component"] == "card" and d["face"] == "front")
    with Image.open(job_folder(tmp_path, "demo") / card["png"]) as im:
        assert im.size == expect
        assert round(im.info["dpi"][0]) == 300
        right = [im.getpixel((im.width - 1, y)) for y in range(0, im.height, 50)]
    assert all(sum(px) < 3 * 250 for px in right), "the last column is art (the bleed), not an empty sliver"


def test_png_pixels_are_the_page_as_pdfium_draws_it(tmp_path):
    """The PNG writer draws into PNG scanlines itself: every pixel must still be the page's own (a stride or
    filter-byte mistake shears or tints the picture), and the file must be a PNG any reader accepts."""
    import pypdfium2 as pdfium
    from PIL import ImageChops

    build_game(DEMO, BuildOptions(SheetOptions(bleed_mm=3.175), tmp_path, formats=("png", "shop")))
    doc = json.loads((job_folder(tmp_path, "demo") / "manifest.json").read_text())
    checked = 0
    for design in doc["designs"]:
        with Image.open(job_folder(tmp_path, "demo") / design["png"]) as im:
            im.verify()
        with Image.open(job_folder(tmp_path, "demo") / design["png"]) as im:
            assert im.mode == "RGB"
            pdf = pdfium.PdfDocument(job_folder(tmp_path, "demo") / design["shop"])
            ref = pdf[0].render(scale=300 / 72).to_pil().convert("RGB").crop((0, 0, *im.size))
            pdf.close()
            low, high = zip(*ImageChops.difference(im, ref).getextrema())
            assert max(high) <= 2, (design["id"], high)
            checked += 1
    assert checked == len(doc["designs"])


def test_rasters_waiting_for_compression_stay_within_the_memory_bound(tmp_path, monkeypatch):
    """However many pages, only a bounded amount of raster memory waits for the compressing threads:
    with the bound below one page, a page is drawn only once the one before it is written."""
    import generator.output.png as png_module

    live, most = [0], [0]
    draw, write = png_module.rasterise, png_module.write_png

    def counted_draw(*args, **kwargs):
        live[0] += 1
        most[0] = max(most[0], live[0])
        return draw(*args, **kwargs)

    def counted_write(*args):
        write(*args)
        live[0] -= 1

    monkeypatch.setattr(png_module, "rasterise", counted_draw)
    monkeypatch.setattr(png_module, "write_png", counted_write)
    monkeypatch.setattr(png_module, "MAX_PENDING_BYTES", 1)
    build_game(DEMO, BuildOptions(SheetOptions(), tmp_path, formats=("png",)))
    assert most[0] <= 2
    pngs = list((job_folder(tmp_path, "demo") / "png").glob("*.png"))
    assert len(pngs) >= 8 and live[0] == 0


def test_a_page_too_large_for_pdfium_is_one_clear_error(demo_build):
    """PDFium sizes a bitmap with a 32-bit int: a larger one is refused before anything is allocated."""
    import pypdfium2 as pdfium

    from generator.common.errors import OutputError
    from generator.output.png import rasterise

    doc = json.loads((demo_build / "manifest.json").read_text())
    pdf = pdfium.PdfDocument(demo_build / doc["designs"][0]["shop"])
    try:
        with pytest.raises(OutputError, match="too large to rasterise"):
            rasterise(pdf[0], 150.0)                    # about 38,000 x 52,000 px: 5.9 GB
        assert rasterise(pdf[0], 1.0).width > 0
    finally:
        pdf.close()


def test_an_image_composed_in_pillow_is_written_pixel_for_pixel(tmp_path):
    """TTS sheets and shop cards a hair short of their product are composed in Pillow: the PNG written holds
    the same pixels, size and resolution (every pixel distinct, so a row or byte out of place shows)."""
    from generator.output.png import save_image

    w, h = 37, 23
    image = Image.new("RGB", (w, h))
    image.putdata([(x * 7 % 256, y * 11 % 256, (x * y) % 256) for y in range(h) for x in range(w)])
    save_image(image, tmp_path / "b.png", 300)
    with Image.open(tmp_path / "b.png") as out:
        assert out.size == (w, h) and out.mode == "RGB" and round(out.info["dpi"][0]) == 300
        assert out.tobytes() == image.tobytes()
