"""The real files: marks where the manifest says, bleed, page boxes, embedded fonts, duplex backs, same bytes."""

from __future__ import annotations

import json
from pathlib import Path

import pikepdf
import pytest

from generator.commands.build import BuildOptions, build_game
from generator.layout.plan import SheetOptions
from conftest import DEMO
from pdfcheck import PX_PER_MM, dark, fonts, mm, render

TOLERANCE_MM = 0.2


def load(build: Path) -> dict:
    return json.loads((build / "manifest.json").read_text())


def bleed_boxes(page: dict, b: float) -> list[tuple[float, float, float, float]]:
    return [(x - b, y - b, x + w + b, y + h + b) for x, y, w, h in (p["trim_mm"] for p in page["pieces"])]


def outside(x: float, y: float, boxes) -> bool:
    return all(not (l - 0.3 <= x <= r + 0.3 and t - 0.3 <= y <= btm + 0.3) for l, t, r, btm in boxes)


def mark_near(image, axis: str, at_mm: float, boxes, page_mm) -> float | None:
    """The line (mm) nearest `at_mm` holding a dark run of >= 2.5 mm along `axis`, outside every bleed box."""
    best = None
    lo, hi = mm(at_mm - 0.5), mm(at_mm + 0.5)
    span = mm(page_mm[1] if axis == "x" else page_mm[0])
    for k in range(lo, hi + 1):
        run = longest = 0
        for t in range(span):
            xy = (k, t) if axis == "x" else (t, k)
            pos = (xy[0] / PX_PER_MM, xy[1] / PX_PER_MM)
            if outside(*pos, boxes) and dark(image.getpixel(xy)):
                run += 1
                longest = max(longest, run)
            else:
                run = 0
        if longest >= mm(2.5) and (best is None or abs(k - mm(at_mm)) < abs(best - mm(at_mm))):
            best = k
    return None if best is None else best / PX_PER_MM


def test_crop_marks_are_printed_on_every_trim_line_the_manifest_gives(demo_build):
    m = load(demo_build)
    sheets = m["sheets"]
    page = sheets["pages"][0]
    image = render(demo_build / sheets["file"], 0)
    boxes = bleed_boxes(page, m["options"]["bleed_mm"])
    xs = sorted({round(v, 3) for x, y, w, h in (p["trim_mm"] for p in page["pieces"]) for v in (x, x + w)})
    ys = sorted({round(v, 3) for x, y, w, h in (p["trim_mm"] for p in page["pieces"]) for v in (y, y + h)})
    for x in xs:
        found = mark_near(image, "x", x, boxes, sheets["page_mm"])
        assert found is not None and abs(found - x) <= TOLERANCE_MM, (x, found)
    for y in ys:
        found = mark_near(image, "y", y, boxes, sheets["page_mm"])
        assert found is not None and abs(found - y) <= TOLERANCE_MM, (y, found)


def test_nothing_is_printed_within_5_mm_of_the_paper_edge(demo_build):
    m = load(demo_build)
    image = render(demo_build / m["sheets"]["file"], 0, dpi=100)
    w, h = image.size
    edge = int(5 / 25.4 * 100) - 1
    for x in range(w):
        for y in list(range(edge)) + list(range(h - edge, h)):
            assert image.getpixel((x, y)) == (255, 255, 255), (x, y)


def test_art_runs_across_the_trim_line_into_the_bleed(demo_build):
    m = load(demo_build)
    card = next(d for d in m["designs"] if d["component"] == "card" and d["face"] == "front")
    from PIL import Image
    image = Image.open(demo_build / card["png"]).convert("RGB")
    b, (w, h) = card["bleed_mm"], card["trim_mm"]
    for x_mm, y_mm, dx, dy in ((b, b + h / 2, 1, 0), (b + w, b + h / 2, -1, 0), (b + w / 2, b, 0, 1), (b + w / 2, b + h, 0, -1)):
        inside = image.getpixel((mm(x_mm + 1.0 * dx), mm(y_mm + 1.0 * dy)))
        in_bleed = image.getpixel((mm(x_mm - 1.5 * dx), mm(y_mm - 1.5 * dy)))
        edge = image.getpixel((min(mm(x_mm - (b - 0.2) * dx), image.width - 1), min(mm(y_mm - (b - 0.2) * dy), image.height - 1)))
        assert inside == in_bleed == edge != (255, 255, 255)


def test_sheet_pieces_keep_their_bleed_on_the_page(demo_build):
    m = load(demo_build)
    page = m["sheets"]["pages"][0]
    image = render(demo_build / m["sheets"]["file"], 0)
    piece = next(p for p in page["pieces"] if p["design"].startswith("card-"))
    x, y, w, h = piece["trim_mm"]
    inside = image.getpixel((mm(x + w / 2), mm(y + 1)))
    for dy in (0.5, 1.5, 2.7):
        assert image.getpixel((mm(x + w / 2), mm(y - dy))) == inside


def test_print_shop_files_have_trim_and_bleed_boxes(demo_build):
    m = load(demo_build)
    for d in m["designs"]:
        with pikepdf.open(demo_build / d["shop"]) as pdf:
            assert len(pdf.pages) == 1
            page = pdf.pages[0]
            b = d["bleed_mm"] * 72 / 25.4
            w, h = (v * 72 / 25.4 for v in d["trim_mm"])
            media = [float(v) for v in page.mediabox]
            assert media == pytest.approx([0, 0, w + 2 * b, h + 2 * b], abs=0.01)
            assert [float(v) for v in page.obj.TrimBox] == pytest.approx([b, b, w + b, h + b], abs=0.01)
            assert [float(v) for v in page.obj.BleedBox] == pytest.approx(media, abs=0.01)


def test_pngs_are_300_dpi_at_trim_plus_bleed(demo_build):
    from PIL import Image
    m = load(demo_build)
    for d in m["designs"]:
        with Image.open(demo_build / d["png"]) as im:
            w, h = (v + 2 * d["bleed_mm"] for v in d["trim_mm"])
            assert abs(im.width - w * PX_PER_MM) <= 1 and abs(im.height - h * PX_PER_MM) <= 1
            assert round(im.info["dpi"][0]) == 300


def test_every_font_in_every_pdf_is_embedded(demo_build):
    files = sorted(demo_build.rglob("*.pdf"))
    assert len(files) > 10
    for f in files:
        found = fonts(f)
        assert all(embedded for _, embedded in found), (f, found)
    assert fonts(demo_build / "demo-a4.pdf")


def test_sheets_stay_vector_and_draw_each_design_from_one_form(demo_build):
    m = load(demo_build)
    page = m["sheets"]["pages"][0]
    with pikepdf.open(demo_build / m["sheets"]["file"]) as pdf:
        p = pdf.pages[0]
        xobjects = p.Resources.XObject
        assert all(x.Subtype == "/Form" for x in xobjects.values())
        content = p.Contents.read_bytes() if not isinstance(p.Contents, pikepdf.Array) else b"".join(
            c.read_bytes() for c in p.Contents)
        designs = {piece["design"] for piece in page["pieces"]}
        assert content.count(b" Do") == len(page["pieces"])
        assert len(xobjects) == len(designs)  # one form per design, however often it is drawn


def test_backs_land_mirrored_behind_their_fronts(demo_build):
    from PIL import Image
    m = load(demo_build)
    pages = m["sheets"]["pages"]
    designs = {d["id"]: d for d in m["designs"]}
    front, back = pages[0], pages[1]
    assert back["side"] == "back" and back["backs_of"] == 0
    paired = [p for p in front["pieces"] if designs[p["design"]]["back"]]
    assert [designs[p["design"]]["back"] for p in paired] == [p["design"] for p in back["pieces"]]
    image = render(demo_build / m["sheets"]["file"], 1)
    for f, k in zip(paired, back["pieces"]):
        fx, fy, fw, fh = f["trim_mm"]
        kx, ky, kw, kh = k["trim_mm"]
        assert (kx, ky, kw, kh) == pytest.approx((210 - fx - fw, fy, fw, fh), abs=0.001)
        d = designs[k["design"]]
        with Image.open(demo_build / d["png"]) as png:
            b = d["bleed_mm"]
            tw, th = d["trim_mm"]
            expected = mean_colour(png.convert("RGB"), b + tw / 2 - 2, b + th / 2 - 2)
        got = mean_colour(image, kx + kw / 2 - 2, ky + kh / 2 - 2)  # the centre: the same under any turn
        assert max(abs(a - b) for a, b in zip(got, expected)) <= 12, (k["design"], got, expected)


def mean_colour(image, x_mm: float, y_mm: float, size_mm: float = 4.0) -> tuple[float, ...]:
    box = image.crop((mm(x_mm), mm(y_mm), mm(x_mm + size_mm), mm(y_mm + size_mm)))
    pixels = [box.getpixel((x, y)) for x in range(box.width) for y in range(box.height)]
    return tuple(sum(p[i] for p in pixels) / len(pixels) for i in range(3))


def test_two_builds_are_byte_identical(demo_build, tmp_path):
    build_game(DEMO, BuildOptions(SheetOptions(), tmp_path))
    again = tmp_path / "demo"
    first = sorted(p.relative_to(demo_build) for p in demo_build.rglob("*") if p.is_file())
    second = sorted(p.relative_to(again) for p in again.rglob("*") if p.is_file())
    assert first == second
    for rel in first:
        assert (demo_build / rel).read_bytes() == (again / rel).read_bytes(), rel


def test_bytes_do_not_depend_on_how_many_threads_compress(demo_build, tmp_path, monkeypatch):
    """PNGs are compressed on a thread per core: one thread or four must write the same files."""
    import generator.output.png as png_module

    monkeypatch.setattr(png_module, "MIN_PAGES_PER_WORKER", 1)
    monkeypatch.setattr(png_module.os, "cpu_count", lambda: 4)
    assert png_module.workers_for(8) == 4
    build_game(DEMO, BuildOptions(SheetOptions(), tmp_path / "four"))
    monkeypatch.setattr(png_module.os, "cpu_count", lambda: 1)
    build_game(DEMO, BuildOptions(SheetOptions(), tmp_path / "one"))
    one, four = tmp_path / "one" / "demo", tmp_path / "four" / "demo"
    files = sorted(p.relative_to(one) for p in one.rglob("*") if p.is_file())
    assert sum(f.suffix == ".png" for f in files) >= 8
    for rel in files:
        assert (one / rel).read_bytes() == (four / rel).read_bytes(), rel
        assert (one / rel).read_bytes() == (demo_build / rel).read_bytes(), rel
