"""The cutter's density with real bleed: neighbours share their bleed across a 1.25 mm gutter (0.625 mm each, the
spacing silhouette-card-maker publishes), the sheet's outer edges keep the whole --bleed, and the registration marks
keep only their corners. Every count below is worked by hand from the paper, the card and the marks' keep-outs:

- poker card 63.5 x 88.9 mm; gutter g = 1.25; bleed b = 3 (or 1/8 in = 3.175);
- registration marks (Silhouette Studio's least values): inset i = 10 mm from the paper edges, L's of 5 mm arms,
  the 5 mm square; each mark keeps a 5 mm box at its corner clear, plus 0.25 mm: so ink stays i + 5.25 = 15.25 mm
  from both edges at a marked corner, and cuts (trims) stay inside the marks' frame, i from every edge;
- a block of n cards across takes n w + (n - 1) g + 2 b of paper, with its bleed.

Letter 215.9 x 279.4, cards turned, 2 across and 4 down: 2 x 88.9 + 1.25 + 6 = 185.05 wide, leaving 15.425 a side
(>= 15.25: the marks fit beside the block, in three or four corners); 4 x 63.5 + 3 x 1.25 + 6 = 263.75 high, leaving
7.825 above and below, so the trims sit 10.825 in (>= 10). 8 a sheet; 9 (3 x 3 upright, 3 x 88.9 + 2.5 + 6 = 275.2
high) would leave 2.1 mm: never on Letter. With a 1/8 in bleed the sides keep 15.25: still 8.
A4 210 x 297, the same block: 12.475 a side (< 15.25: no mark beside it) but 16.625 above and below (>= 15.25): 8.
3 x 3 upright (199 x 275.2): 5.5 a side puts the trims 8.5 in, outside a 10 mm frame: 8; with --reg-inset 5 the frame
is 5 in and the marks need 10.25 above and below, where 10.9 is left: 9, in either pattern.
9 x 12 in (228.6 x 304.8), 3 x 3 upright: 14.8 left over each way, less than 15.25, unless the block sits 15.25 from
the top and left edges: then 14.35 is left at the right and bottom, which only the fourth corner's mark needs. So 9
with three marks, 8 with four (2 x 4 turned: 21.8 a side).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageDraw

from conftest import cut_pages, job_folder, run_cli

from generator.layout.paper import parse_paper
from generator.layout.plan import PieceInput, SheetOptions
from generator.layout.sheets import fewer_sheets, plan_sheets
from generator.output.cut import cut_svg

POKER = (63.5, 88.9)
GUTTER, BLEED = 1.25, 3.0
FRAME_MM = 30 * 25.4 / 300                   # each side's frame in the test's 750 x 1050 px (300 dpi) card
SIDES = {"top": (220, 30, 30), "right": (30, 160, 30), "bottom": (30, 30, 220), "left": (230, 200, 0)}
INSIDE = (250, 245, 225)
DPI = 600
PX = 25.4 / DPI                              # mm per pixel of the rendered pages


def per_sheet(paper: str, **options) -> int:
    """The most cards a marked sheet holds; every cut inside the marks' frame."""
    sheet = SheetOptions(paper=parse_paper(paper), registration=True, **options)
    plan = plan_sheets([PieceInput("card", "back", *POKER, "rect", 90, shares_bleed=True)], sheet, "T")
    (w, h), inset = sheet.page_mm, options.get("reg_inset_mm", 10.0)
    for page in plan.pages:
        if page.side == "front":
            assert all(inset <= p.x and inset <= p.y and p.x + p.w <= w - inset and p.y + p.h <= h - inset
                       for p in page.placements), page.placements
    return max(len(p.placements) for p in plan.pages if p.side == "front")


@pytest.mark.parametrize("paper, options, cards", [
    ("letter", {}, 8), ("letter", {"reg_corners": 4}, 8), ("letter", {"bleed_mm": 3.175}, 8),
    ("a4", {}, 8), ("a4", {"reg_corners": 4}, 8),
    ("a4", {"reg_inset_mm": 5.0}, 9), ("a4", {"reg_inset_mm": 5.0, "reg_corners": 4}, 9),
    ("9x12in", {}, 9), ("9x12in", {"reg_corners": 4}, 8),
])
def test_poker_cards_a_marked_sheet_holds(paper, options, cards):
    assert per_sheet(paper, **options) == cards


def test_a_cut_stays_inside_the_marks_frame_though_its_bleed_may_not():
    """On A4 the marks' frame is 210 - 2 x 10 = 190 mm wide: a 190 mm mat fits with its bleed running 3 mm on towards
    the edges (7 mm from them, past the printer's 5), a 190.5 mm one goes to a sheet without marks."""
    from generator.layout.pack import fits_paper

    options = SheetOptions(registration=True)
    assert fits_paper(PieceInput("mat", None, 190, 100, "rect", 1, rotatable=False), options)
    assert not fits_paper(PieceInput("mat", None, 190.5, 100, "rect", 1, rotatable=False), options)


def framed(w: int = 750, h: int = 1050, frame: int = 30) -> Image.Image:
    """A card with a frame of a colour per side, so the rendered sheet shows where each card's bleed ends."""
    im = Image.new("RGB", (w, h), INSIDE)
    d = ImageDraw.Draw(im)
    d.rectangle([0, 0, w - 1, frame - 1], fill=SIDES["top"])
    d.rectangle([0, h - frame, w - 1, h - 1], fill=SIDES["bottom"])
    d.rectangle([0, frame, frame - 1, h - frame - 1], fill=SIDES["left"])
    d.rectangle([w - frame, frame, w - 1, h - frame - 1], fill=SIDES["right"])
    return im


@pytest.fixture(scope="module")
def deck(tmp_path_factory) -> Path:
    """54 copies of one framed card and a back, made into a game by `pnp new --images`."""
    root = tmp_path_factory.mktemp("density")
    (root / "art").mkdir()
    framed().save(root / "art" / "card_x54.png")
    Image.new("RGB", (750, 1050), (40, 40, 90)).save(root / "back.png")
    code, _, err = run_cli("new", "deck", "--images", str(root / "art"), "--back", str(root / "back.png"),
                           "--dir", str(root))
    assert code == 0, err
    return root / "deck"


def build(deck: Path, *argv: str) -> tuple[Path, str]:
    out = deck.parent / ("out-" + "-".join(a.strip("-") for a in argv))
    code, _, err = run_cli("build", str(deck), "--out", str(out), *argv)
    assert code == 0, err
    return job_folder(out, "deck"), err


@pytest.fixture(scope="module")
def letter_cut(deck) -> tuple[Path, str]:
    return build(deck, "--paper", "letter", "--formats", "cut")


def runs(pixels: list[tuple[int, int, int]]) -> list[tuple[str, int]]:
    """A scanline as (colour name, length in pixels): white, inside, or a frame side; the antialiased pixel or two
    where one meets another count to the first (so the lengths still add up to the scanline)."""
    def name(px) -> str:
        for key, colour in [("white", (255, 255, 255)), ("inside", INSIDE), *SIDES.items()]:
            if all(abs(a - b) <= 20 for a, b in zip(px, colour)):
                return key
        return "other"
    out: list[tuple[str, int]] = []
    for px in pixels:
        n = name(px)
        if out and (out[-1][0] == n or n == "other"):
            out[-1] = (out[-1][0], out[-1][1] + 1)
        else:
            out.append((n, 1))
    return out


def bands(line: list[tuple[str, int]]) -> list[float]:
    """The widths (mm) of the coloured bands along a scanline, in order: a card's frame with its bleed."""
    return [n * PX for key, n in line if key in SIDES]


def test_eight_cards_a_letter_sheet_with_the_gutter_and_shared_bleed_measured_on_the_page(letter_cut):
    """Across the first row and down the first column of sheet 1, rendered: the outer bands are frame + the whole
    bleed, the bands either side of a gutter frame + half the gutter, and the cards are 2 across, 4 down."""
    folder, _ = letter_cut
    manifest = json.loads((folder / "manifest.json").read_text())
    assert [len(p["pieces"]) for p in manifest["sheets"]["pages"] if p["side"] == "front"] == [8] * 6 + [6]
    img = pdfium.PdfDocument(folder / "deck-letter.pdf")[0].render(scale=DPI / 72).to_pil().convert("RGB")
    x0, y0, w, h = manifest["sheets"]["pages"][0]["pieces"][0]["trim_mm"]
    row = runs([img.getpixel((i, round((y0 + h / 2) / PX))) for i in range(img.width)])
    col = runs([img.getpixel((round((x0 + w / 2) / PX), j)) for j in range(img.height)])
    assert [k for k, _ in row].count("inside") == 2 and [k for k, _ in col].count("inside") == 4
    for line, n in ((row, 2), (col, 4)):
        widths = bands(line)
        assert len(widths) == 2 * n
        assert widths[0] == pytest.approx(BLEED + FRAME_MM, abs=0.1)             # the outer edges: full bleed
        assert widths[-1] == pytest.approx(BLEED + FRAME_MM, abs=0.1)
        for a, b in zip(widths[1:-1:2], widths[2:-1:2]):                           # each gutter, from its two sides
            assert a == pytest.approx(FRAME_MM + GUTTER / 2, abs=0.1)             # each keeps half the gutter
            assert a + b - 2 * FRAME_MM == pytest.approx(GUTTER, abs=0.1)


def test_the_registration_marks_stand_clear_of_the_bleed(letter_cut):
    """Sheet 1 rendered: from each mark's inner edge towards the cards, paper before any ink (0.425 mm on Letter:
    15.425 - 15); and no ink at all in the marks' corner boxes but the marks."""
    folder, _ = letter_cut
    img = pdfium.PdfDocument(folder / "deck-letter.pdf")[0].render(scale=DPI / 72).to_pil().convert("L")
    w = 215.9
    for x_mark, step in ((14.5, 1), (w - 10.25, -1)):        # inside the square, and the top-right L's top arm
        y = round(12.5 / PX) if step == 1 else round(10.25 / PX)
        i = round(x_mark / PX)
        while img.getpixel((i, y)) < 128:                    # on across the mark ...
            i += step
        i += step if img.getpixel((i, y)) <= 240 else 0      # ... and its antialiased edge
        gap = 0
        while img.getpixel((i, y)) > 240:                    # then the paper up to the first card's bleed
            gap, i = gap + 1, i + step
        assert gap * PX >= 0.25, (x_mark, gap * PX)
        assert gap * PX == pytest.approx(0.425, abs=0.1)


def test_one_cut_file_per_layout_serves_every_sheet_of_it(letter_cut):
    folder, said = letter_cut
    names = sorted(p.name for p in (folder / "cut").iterdir())
    assert names == ["deck-letter-sheet-07.dxf", "deck-letter-sheet-07.svg",
                     "deck-letter-sheets-01-06.dxf", "deck-letter-sheets-01-06.svg", "how-to-cut.txt"]
    served = cut_pages(folder)
    assert [len(p) for p in served.values()] == [1, 6]
    for svg, pages in served.items():
        cuts = []
        for d in re.findall(r'<path d="([^"]+)"', svg.read_text().split('id="cut"')[1]):
            xs, ys = zip(*((float(a), float(b)) for a, b in re.findall(r"([\d.]+) ([\d.]+)", d)))
            cuts.append((min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
        cuts.sort()
        for page in pages:
            trims = sorted(tuple(p["trim_mm"]) for p in page["pieces"])
            assert len(cuts) == len(trims), svg.name
            assert [v for c in cuts for v in c] == pytest.approx([v for t in trims for v in t], abs=1e-3), svg.name
    assert ("deck: 2 cut files (SVG and DXF) for 7 marked sheets, one per layout, each named after the sheets it "
            "serves (cut/deck-letter-sheets-01-06.svg: sheets 1-6; cut/how-to-cut.txt lists them); set the registration "
            "marks to Type 1 (a square and two L's), length 5 mm, thickness 0.5 mm, inset 10 mm") in said
    guide = (folder / "cut" / "how-to-cut.txt").read_text()
    # the trims of sheet 1: 7.825 + 3 = 10.825 from the top, (215.9 - 185.05) / 2 + 3 = 18.425 from the left
    assert "deck-letter-sheets-01-06  sheets 1-6  18.43, 10.82\n" in guide
    assert "length 5 mm, thickness 0.5 mm, inset 10 mm" in guide


def test_cut_files_are_named_after_runs_of_sheets():
    from generator.output.cut import sheets_label, sheets_words

    assert sheets_label([3], 12, 1) == "sheet-03"
    assert sheets_label([1, 2, 3, 5, 7, 8, 9], 9, 1) == "sheets-01-03+05+07-09"
    assert sheets_label([1, 2], 120, 1) == "sheets-001-002"
    assert sheets_label(list(range(1, 100, 2)), 99, 4) == "layout-4"             # too long a name: its number
    assert sheets_words([1, 2, 3, 5, 7, 8, 9]) == "sheets 1-3, 5, 7-9"


def test_four_corners_put_an_l_in_each_and_no_square():
    options = SheetOptions(registration=True, reg_corners=4)
    plan = plan_sheets([PieceInput("card", None, *POKER, "rect", 8)], options, "T")
    svg = cut_svg(plan.pages[0], 210, 297, 10.0, 4)
    marks = svg.split('<g id="registration"')[1].split("</g>")[0]
    assert "<rect" not in marks
    starts = sorted(tuple(float(v) for v in m) for m in re.findall(r'<path d="M ([\d.]+) ([\d.]+)', marks))
    assert starts == [(10, 10), (10, 287), (200, 10), (200, 287)]          # each L's outer corner, 10 mm in
    assert sorted({ln.kind for ln in plan.pages[0].lines if ln.kind.startswith("reg")}) == ["reg-line"]


def test_crop_marks_of_an_image_deck_lie_in_the_outer_margin_outside_every_bleed():
    """Image-deck cards on crop-marked Letter sheets: 8 a sheet (6 before they shared their bleed), each keeping
    its whole bleed on the block's outer edges and half the gutter inside it, and every crop mark outside the block
    (a mark in a gutter would print on a neighbour's bleed)."""
    plan = plan_sheets([PieceInput("card", "back", *POKER, "rect", 54, shares_bleed=True)],
                       SheetOptions(paper="letter"), "T")
    fronts = [p for p in plan.pages if p.side == "front"]
    assert [len(p.placements) for p in fronts] == [8] * 6 + [6]
    for page in fronts:
        pls = page.placements                 # the block: its trims' span and the whole bleed round it
        block = (min(p.x for p in pls) - BLEED, min(p.y for p in pls) - BLEED, max(p.x + p.w for p in pls) + BLEED,
                 max(p.y + p.h for p in pls) + BLEED)
        for pl in pls:
            outer = [abs(e - f) < 1e-6 for e, f in zip((pl.x - BLEED, pl.y - BLEED, pl.x + pl.w + BLEED,
                                                         pl.y + pl.h + BLEED), block)]
            assert list(pl.keep) == pytest.approx([BLEED if o else GUTTER / 2 for o in outer]), pl
        crops = [ln for ln in page.lines if ln.kind == "crop"]
        assert crops
        for ln in crops:
            inside = block[0] - 0.5 < max(ln.x1, ln.x2) and min(ln.x1, ln.x2) < block[2] + 0.5 and \
                block[1] - 0.5 < max(ln.y1, ln.y2) and min(ln.y1, ln.y2) < block[3] + 0.5
            assert not inside, ln


def test_the_summary_says_when_another_marks_choice_saves_sheets(deck):
    """A4 crop marks: 8 cards a sheet (3 across would need 3 x 63.5 + 2 x 1.25 + 6 + 3.5 + 0.5 = 203 > 200 mm of
    printable width); with no marks 199 <= 200 and 3 x 88.9 + 2.5 + 6 = 275.2 <= 287: 9, so 6 sheets for 7."""
    _, said = build(deck, "--formats", "sheets")
    assert "deck: --marks none (no crop marks or cut lines) would print these 54 pieces on 6 sheets instead of 7" in said
    # 47 mm picture tiles on A4 (200 x 287 printable): crop marks keep 3.5 + 0.5 mm round a block and 1.25 between
    # tiles, 4 across would take 4 x 47 + 3 x 1.25 + 6 + 4 = 201.75: 3 across, 5 down (5 x 47 + 5 + 10 = 250), 15 a
    # sheet, 40 tiles on 3; cut lines shared (no gutter), 4 x 47 + 10 = 198: 4 across, 20 a sheet, 2 sheets (no marks
    # holds 20 too: lines, keeping its cut lines, is named first). The same tiles from a spec are not asked about.
    tiles = [PieceInput("tile", None, 47, 47, "rect", 40, shares_bleed=True)]
    assert fewer_sheets(tiles, SheetOptions(), "T", 3) == "--marks lines would print these 40 pieces on 2 sheets instead of 3"
    assert fewer_sheets([PieceInput("tile", None, 47, 47, "rect", 40)], SheetOptions(), "T", 3) is None
    assert fewer_sheets(tiles, SheetOptions(marks="lines"), "T", 2) is None


def test_mixed_sizes_share_the_marked_sheets_of_a_shipped_game():
    """Nyakuza's cut sheets: screens, cards, hexes and tokens on the same pages, all clear of the marks' corners
    (it took 17 A4 sheets when the marks kept bands across the page; now 12)."""
    from generator.commands.build import pieces_of
    from generator.layout.registration import marked
    from generator.load import load_game
    from generator.model.designs import expand

    options = SheetOptions(registration=True)
    plan = plan_sheets(pieces_of(expand(load_game("nyakuza"))), options, "Nyakuza")
    fronts = [p for p in plan.pages if p.side == "front"]
    assert len(fronts) == 12
    assert any(len({(pl.w, pl.h) for pl in p.placements}) >= 3 for p in fronts)
    corners = [(10, 10), (200, 10), (10, 287)]                  # each mark's outer corner on A4
    for page in [p for p in fronts if marked(p)]:              # a board too large for the marks is cut by hand
        for pl in page.placements:
            x0, y0, x1, y1 = pl.x - BLEED, pl.y - BLEED, pl.x + pl.w + BLEED, pl.y + pl.h + BLEED
            for cx, cy in corners:
                zx0, zx1 = (cx, cx + 5) if cx < 100 else (cx - 5, cx)
                zy0, zy1 = (cy, cy + 5) if cy < 100 else (cy - 5, cy)
                assert x1 <= zx0 - 0.25 + 1e-6 or x0 >= zx1 + 0.25 - 1e-6 or y1 <= zy0 - 0.25 + 1e-6 \
                    or y0 >= zy1 + 0.25 - 1e-6, (pl.design, (cx, cy))


@pytest.mark.parametrize("argv, line", [
    (["--reg-corners", "4"], "error: --reg-corners chooses the print-then-cut registration marks: add cut to --formats"),
    (["--reg-corners", "5", "--formats", "cut"], 'error: pnp build: argument --reg-corners: expected one of 3, 4, got "5"'),
])
def test_reg_corners_is_refused_without_cut_or_past_four(argv, line, tmp_path):
    code, _, err = run_cli("build", "niya", *argv, "--out", str(tmp_path))
    assert code == 2 and err.strip() == line and list(tmp_path.iterdir()) == []
