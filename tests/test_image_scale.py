"""Decks of many photographs: designs in files of bounded size, SVGs spilled to disk, Typst in a worker process,
sheets compiled in batches and joined object by object, previews from small copies. Each bound is lowered here so
that a deck of twelve cards crosses it, and the build must print what the unbounded build prints, page for page,
and the same bytes on every run. Speed and memory at 3,000 cards are measured in bench/bench_images.py."""

from __future__ import annotations

import json
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

from conftest import job_folder, run_cli
from generator.output import design_files
from generator.output.design_files import chunk_names
from generator.output.pdf_join import join_pdfs
from generator.output.typst_worker import TypstWorker
from generator.render import store
from generator.render.store import SvgStore

CARDS = 12


@pytest.fixture(scope="module")
def deck(tmp_path_factory) -> Path:
    """Twelve 750 x 1050 px JPEG fronts (poker at 300 dpi), each its own colour and number, and a back."""
    root = tmp_path_factory.mktemp("scale")
    fronts = root / "fronts"
    fronts.mkdir()
    for i in range(CARDS):
        im = Image.effect_noise((750, 1050), 40).convert("RGB")
        d = ImageDraw.Draw(im)
        d.rectangle((40, 40, 710, 1010), outline=(20 * i, 200 - 10 * i, 90), width=30)
        d.ellipse((150, 300, 600, 750), fill=(250 - 15 * i, 30 + 12 * i, 120))
        im.save(fronts / f"card {i:02d}.jpg", quality=90)
    Image.new("RGB", (750, 1050), (40, 60, 120)).save(root / "back.jpg", quality=90)
    code, _, err = run_cli("new", "photos", "--images", str(fronts), "--back", str(root / "back.jpg"), "--dir", str(root))
    assert code == 0, err
    return root / "photos"


def build(deck: Path, out: Path) -> Path:
    """In this process, so that the bounds lowered below hold (the tests' pnp runs in a process of its own)."""
    from generator.commands.build import build_game
    from generator.layout.plan import SheetOptions
    from generator.output.options import BuildOptions

    build_game(str(deck), BuildOptions(SheetOptions(), out, formats=("sheets", "shop")))
    return job_folder(out, "photos")


def pages(pdf: Path, dpi: int = 30) -> list[Image.Image]:
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return [doc[i].render(scale=dpi / 72).to_pil().convert("RGB") for i in range(len(doc))]
    finally:
        doc.close()


@pytest.fixture(scope="module")
def builds(deck, tmp_path_factory):
    """The deck built with no bound (one designs file, one compile, as a game of vector cards is), and with
    every bound crossed."""
    joins, starts = [], []
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(design_files, "join_pdfs", lambda parts, target: (joins.append(len(parts)), join_pdfs(parts, target)))
        mp.setattr(TypstWorker, "_start", lambda self, start=TypstWorker._start: (starts.append(1), start(self)))
        for name in ("CHUNK_CHARS", "BATCH_BYTES"):             # no bound: one designs file, one compile
            mp.setattr(design_files, name, 1 << 40)
        plain = build(deck, tmp_path_factory.mktemp("plain"))
        assert joins == [] and starts == []
        mp.setattr(design_files, "CHUNK_CHARS", 1_500_000)      # two or three cards a designs file
        mp.setattr(design_files, "BATCH_BYTES", 2_000_000)      # a sheet or two a compile of the sheets
        mp.setattr(store, "MEMORY_CHARS", 2_000_000)            # most SVGs on disk, so Typst runs in its worker
        bounded = [build(deck, tmp_path_factory.mktemp(f"bounded{k}")) for k in range(2)]
    # the sheets joined in each build (shop files are compiled design by design: no joined designs.pdf is read)
    assert len(joins) == 2 and all(n > 1 for n in joins), joins
    assert starts, "Typst never ran in its worker"
    return plain, bounded


def test_a_bounded_build_prints_what_an_unbounded_one_prints(builds):
    plain, (bounded, _) = builds
    sheets = "photos-a4.pdf"
    ours, theirs = pages(bounded / sheets), pages(plain / sheets)
    assert len(ours) == len(theirs) == 4                    # 12 cards, 8 a sheet: two sheets, fronts and backs
    for k, (a, b) in enumerate(zip(ours, theirs)):
        assert ImageChops.difference(a, b).getbbox() is None, f"sheet page {k + 1} differs"
    for shop in sorted((plain / "shop").iterdir()):         # cut from one designs file here, from several there
        a, b = pages(bounded / "shop" / shop.name, 50), pages(shop, 50)
        assert ImageChops.difference(a[0], b[0]).getbbox() is None, shop.name


def test_a_bounded_build_gives_the_same_bytes_every_time(builds):
    _, (first, second) = builds
    for path in sorted(p for p in first.rglob("*") if p.is_file()):
        assert path.read_bytes() == (second / path.relative_to(first)).read_bytes(), path.relative_to(first)


def test_the_joined_sheets_are_one_valid_pdf_with_every_page(builds):
    _, (bounded, _) = builds
    with pikepdf.open(bounded / "photos-a4.pdf") as pdf:
        assert len(pdf.pages) == 4
        assert pdf.check_pdf_syntax() == []
        assert str(pdf.docinfo.get("/Title")) == "Photos"   # the first part's document information is kept
    doc = json.loads((bounded / "manifest.json").read_text())
    assert len(doc["sheets"]["pages"]) == 4


def test_previews_are_drawn_for_every_design_and_page(builds):
    plain, (bounded, _) = builds
    for folder in ("preview", "pages"):
        names = sorted(p.name for p in (plain / folder).iterdir())
        assert names == sorted(p.name for p in (bounded / folder).iterdir())
        for name in names:                                  # small copies: the same picture, a little softer
            a = Image.open(bounded / folder / name).convert("RGB")
            b = Image.open(plain / folder / name).convert("RGB")
            assert a.size == b.size
            mean = ImageStat.Stat(ImageChops.difference(a, b).convert("L")).mean[0]
            assert mean < 12, f"{folder}/{name} is not the same picture ({mean:.1f} levels apart on average)"


def test_previews_of_photographs_are_drawn_from_small_copies(deck, tmp_path):
    """A 100 dpi preview of a poker card shows 374 px on its long side: the copy it is drawn from holds at most
    1.25 times that (468 px), not the 1050 px of the photograph."""
    from generator.output.preview_pdf import small_pages

    built = build(deck, tmp_path / "out")
    with pikepdf.open(built / "shop" / "card-card-00.pdf") as pdf:
        pdf.save(tmp_path / "one.pdf")
    assert small_pages(tmp_path / "one.pdf", [0], tmp_path / "small.pdf", 100)
    with pikepdf.open(tmp_path / "small.pdf") as pdf:
        sides = [max(int(x.Width), int(x.Height)) for x in _images(pdf.pages[0].obj)]
    assert sides and max(sides) <= 468 and max(sides) >= 374


def _images(holder) -> list:
    found = []
    xobjects = holder.get("/Resources", {}).get("/XObject", {})
    for _, x in xobjects.items():
        if x.get("/Subtype") == "/Image":
            found.append(x)
        elif x.get("/Subtype") == "/Form":
            found += _images(x)
    return found


def test_designs_share_a_file_until_the_next_would_pass_the_bound():
    assert chunk_names([10, 10, 10], budget=100) == ["designs.pdf"] * 3            # all fit: one file, as ever
    assert chunk_names([60, 30, 20, 150, 5], budget=100) == [
        "designs-001.pdf", "designs-001.pdf", "designs-002.pdf", "designs-003.pdf", "designs-004.pdf"]
    assert chunk_names([], budget=100) == []


def test_designs_files_hold_a_fixed_count_so_an_edit_moves_no_other_design():
    """Files of 24 designs at most: a design that grows (an edited text) keeps every other design in its file."""
    before = chunk_names([1000] * 60)
    assert before == ["designs-001.pdf"] * 24 + ["designs-002.pdf"] * 24 + ["designs-003.pdf"] * 12
    assert chunk_names([1000] * 5 + [40_000] + [1000] * 54) == before
    assert chunk_names([1000] * 24) == ["designs.pdf"] * 24


def test_svgs_past_the_bound_live_on_disk_and_read_back(tmp_path):
    kept = SvgStore(tmp_path, budget=10)
    kept.put("a", "<svg>1</svg>")                           # 12 characters: past 10 already, so on disk
    kept.put("b", "x")
    assert kept.spilled and kept["a"] == "<svg>1</svg>" and kept.size("a") == 12 and list(kept) == ["a", "b"]
    spill = next(tmp_path.iterdir())
    kept.close()
    assert not spill.exists()
    counted = SvgStore(None)
    counted.put("a", "<svg/>")
    assert counted.size("a") == 6 and not counted.spilled     # pnp check's: sizes only, no SVG kept
    with pytest.raises(KeyError):
        counted["a"]


def test_joining_keeps_every_page_in_order(tmp_path):
    parts = []
    for k in range(3):
        pdf = pikepdf.new()
        for j in range(k + 1):
            pdf.add_blank_page(page_size=(100 + 10 * k + j, 200))
        pdf.save(tmp_path / f"part{k}.pdf")
        parts.append(tmp_path / f"part{k}.pdf")
    join_pdfs(parts, tmp_path / "joined.pdf")
    with pikepdf.open(tmp_path / "joined.pdf") as pdf:
        widths = [float(p.mediabox[2]) for p in pdf.pages]
        assert pdf.check_pdf_syntax() == []
    assert widths == [100, 110, 111, 120, 121, 122]


def test_a_picture_changed_compiles_again_only_its_batch_of_sheets(deck, tmp_path, monkeypatch):
    """Bounded as above, a deck rebuilt after one picture changed compiles the sheets of that picture's batch
    alone, and writes the bytes a build from nothing writes."""
    import shutil

    from generator.output import typst_pdf

    monkeypatch.setenv("PUNCHBOARD_CACHE", str(tmp_path / "user-cache"))
    for name, bound in (("CHUNK_CHARS", 1_500_000), ("BATCH_BYTES", 2_000_000)):
        monkeypatch.setattr(design_files, name, bound)
    own = tmp_path / "photos"
    shutil.copytree(deck, own)
    build(own, tmp_path / "out")
    compiled: list[int] = []
    real = typst_pdf.sheets_pdf
    monkeypatch.setattr(design_files, "sheets_pdf", lambda runner, plan, *rest: (compiled.append(len(plan.pages)),
                                                                                 real(runner, plan, *rest))[1])
    picture = sorted((own / "fronts").iterdir())[-1]         # the last card: its batch is the last one
    with Image.open(picture) as im:
        im = im.convert("RGB")
    ImageDraw.Draw(im).rectangle((300, 800, 360, 860), fill=(255, 0, 0))
    im.save(picture, quality=90)
    rebuilt = build(own, tmp_path / "out")
    batches = len(json.loads((rebuilt / "manifest.json").read_text())["sheets"]["pages"])
    assert compiled and sum(compiled) < batches, (compiled, batches)    # not every page compiled again
    from generator.commands.build import build_game
    from generator.layout.plan import SheetOptions
    from generator.output.options import BuildOptions
    build_game(str(own), BuildOptions(SheetOptions(), tmp_path / "cold", formats=("sheets", "shop"), cache=False))
    cold = job_folder(tmp_path / "cold", "photos")
    assert {p.relative_to(rebuilt): p.read_bytes() for p in rebuilt.rglob("*") if p.is_file()} == \
        {p.relative_to(cold): p.read_bytes() for p in cold.rglob("*") if p.is_file()}
