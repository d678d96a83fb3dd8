"""Print-then-cut for Silhouette Studio: the Type 1 marks sit at the software's smallest inset, nothing else is
printed in the zones around them, and the DXF says millimetres and keeps each kind of line on its own layer.

Numbers from Silhouette's side: the Registration Marks panel accepts no inset below 10 mm ("Silhouette Studio
limits the minimum inset of registration marks to 10mm", alan-cha.github.io/silhouette-card-maker, Borderless
Templates); the L's arms are 5 mm, the shortest Length the panel takes (silhouette-card-maker's page_manager.py
bounds it to 5-20 mm, and the thickness to 0.5-1 mm). The zone kept clear is each mark's LENGTH-square box (the
keep-out inkscape-silhouette's regmark extension marks at the arm's length from the corner) plus CLEAR mm:
silhouette-card-maker leaves 0.625 mm of paper between its marks and its cards' bleed; 0.25 mm is the least this
test accepts, the room US Letter leaves beside 8 poker cards with a 1/8 in bleed. DXF: $INSUNITS 4 means
millimetres (AutoCAD DXF reference, HEADER section)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import ezdxf
import pypdfium2 as pdfium
import pytest

from conftest import cut_pages, job_folder
from generator.cli import main

INSET, SQUARE, LENGTH = 10.0, 5.0, 5.0
CLEAR = 0.25
GAME = "nyakuza"                      # a card game: poker-sized cards, crop marks, a footer on every sheet


@pytest.fixture(scope="module")
def built(shared_builds) -> Path:
    return shared_builds("--formats", "cut") / GAME                 # cut implies sheets; shared with test_cut.py


def zones(w: float, h: float, inset: float = INSET) -> list[tuple[float, float, float, float]]:
    """Each mark's box grown by CLEAR: x0, y0, x1, y1 in sheet mm (y down)."""
    boxes = [(inset, inset, SQUARE, SQUARE), (w - inset - LENGTH, inset, LENGTH, LENGTH),
             (inset, h - inset - LENGTH, LENGTH, LENGTH)]
    return [(x - CLEAR, y - CLEAR, x + bw + CLEAR, y + bh + CLEAR) for x, y, bw, bh in boxes]


def overlaps(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_marks_at_ten_mm_from_the_paper_edges(built):
    w, h = json.loads((built / "manifest.json").read_text())["sheets"]["page_mm"]
    for svg in sorted((built / "cut").glob("*.svg")):
        marks = svg.read_text().split('<g id="registration"')[1].split("</g>")[0]
        rect = re.search(r'<rect x="([\d.]+)" y="([\d.]+)"', marks)
        assert (float(rect[1]), float(rect[2])) == (INSET, INSET), svg.name
        pts = [(float(x), float(y)) for p in re.findall(r'<path d="([^"]+)"', marks)
               for x, y in re.findall(r"([\d.]+) ([\d.]+)", p)]
        right, bottom = max(x for x, _ in pts), max(y for _, y in pts)
        assert abs(w - right - INSET) < 1e-6 and abs(h - bottom - INSET) < 1e-6, svg.name


def test_nothing_printed_in_the_marks_zones(built):
    """Rasterise each marked sheet and look for ink in each zone other than the mark itself."""
    w, h = json.loads((built / "manifest.json").read_text())["sheets"]["page_mm"]
    marked = {page["index"] for pages in cut_pages(built).values() for page in pages}
    pdf = pdfium.PdfDocument(built / f"{GAME}-a4.pdf")
    dpmm = 4.0
    assert marked
    for index in sorted(marked):
        img = pdf[index].render(scale=dpmm * 25.4 / 72).to_pil().convert("L")
        px = img.load()
        t = 0.5                        # the L's arm thickness entered in Silhouette Studio (README)
        marks = [[(INSET, INSET, INSET + SQUARE, INSET + SQUARE)],        # each mark as its inked rectangles
                 [(w - INSET - LENGTH, INSET, w - INSET, INSET + t), (w - INSET - t, INSET, w - INSET, INSET + LENGTH)],
                 [(INSET, h - INSET - t, INSET + LENGTH, h - INSET), (INSET, h - INSET - LENGTH, INSET + t, h - INSET)]]
        for (x0, y0, x1, y1), rects in zip(zones(w, h), marks):
            ink = []
            for j in range(int(y0 * dpmm), int(y1 * dpmm)):
                for i in range(int(x0 * dpmm), int(x1 * dpmm)):
                    x, y = (i + 0.5) / dpmm, (j + 0.5) / dpmm
                    on_mark = any(a - 0.5 <= x <= c + 0.5 and b - 0.5 <= y <= d + 0.5 for a, b, c, d in rects)
                    if not on_mark and px[i, j] < 240:
                        ink.append((round(x, 1), round(y, 1)))
            assert not ink, (index, (x0, y0, x1, y1), ink[:5])


def test_no_bleed_in_a_zone(built):
    """The same from the plan's own geometry: no piece's bleed box (its full bleed all round) enters a zone (the
    crop marks and the footer, which the manifest does not place, are seen on the pages above)."""
    manifest = json.loads((built / "manifest.json").read_text())
    w, h = manifest["sheets"]["page_mm"]
    bleed = 3.0
    for pages in cut_pages(built).values():
        for page in pages:
            for piece in page["pieces"]:
                x, y, pw, ph = piece["trim_mm"]
                box = (x - bleed, y - bleed, x + pw + bleed, y + ph + bleed)
                assert not any(overlaps(box, z) for z in zones(w, h)), (page["index"], piece)


def test_dxf_says_millimetres_and_layers_each_kind(built):
    w, h = json.loads((built / "manifest.json").read_text())["sheets"]["page_mm"]
    files = sorted((built / "cut").glob("*.dxf"))
    assert files
    for dxf in files:
        doc = ezdxf.readfile(dxf)
        assert doc.header["$INSUNITS"] == 4, dxf.name
        msp = doc.modelspace()
        kinds = {e.dxf.layer: set() for e in msp}
        for e in msp:
            kinds[e.dxf.layer].add(e.dxftype())
        assert set(kinds) >= {"CUT", "REG-SQUARE", "REG-L"}, kinds
        square = msp.query('SOLID[layer=="REG-SQUARE"]')
        assert len(square) == 1 and len(msp.query("SOLID")) == 1
        xs = [square[0].dxf.get(f"vtx{k}").x for k in range(4)]
        ys = [square[0].dxf.get(f"vtx{k}").y for k in range(4)]
        assert (min(xs), h - max(ys), max(xs) - min(xs)) == pytest.approx((INSET, INSET, SQUARE))
        ls = msp.query('POLYLINE[layer=="REG-L"]')
        assert len(ls) == 2
        boxes = sorted((min(p[0] for p in pl.points()), max(p[1] for p in pl.points())) for pl in ls)
        expected = sorted([(w - INSET - LENGTH, h - INSET), (INSET, INSET + LENGTH)])
        assert [v for b in boxes for v in b] == pytest.approx([v for b in expected for v in b])   # approx: flat lists
        cut_svg = dxf.with_suffix(".svg").read_text().split('<g id="cut"')[1].split("</g>")[0]
        assert len(msp.query('POLYLINE[layer=="CUT"]')) == cut_svg.count("<path")
        assert not msp.query('*[layer=="REGISTRATION"]')


def test_reg_inset_moves_the_marks_and_needs_cut(tmp_path, capsys):
    assert main(["build", GAME, "--formats", "sheets", "--reg-inset", "12mm", "--out", str(tmp_path)]) == 2
    assert "--reg-inset" in capsys.readouterr().err
    assert main(["build", GAME, "--formats", "cut", "--reg-inset", "3mm", "--out", str(tmp_path)]) == 2
    assert main(["build", GAME, "--formats", "cut", "--reg-inset", "12mm", "--out", str(tmp_path)]) == 0
    svg = sorted((job_folder(tmp_path, GAME) / "cut").glob("*.svg"))[0].read_text()
    assert '<rect x="12" y="12" width="5" height="5"/>' in svg
