"""Print-then-cut files: every cut path lies on the trim the manifest gives (within 0.1 mm), folds are on their
own layer, and the registration marks are where the cutter is told to look (Silhouette Type 1 marks with
Inset 10 mm, Length 5 mm, Thickness 0.5 mm, as the README says to set them: 5 mm and 0.5 mm are the shortest and
thinnest Silhouette Studio takes, so the marks leave the corners to the pieces). A cut file serves every sheet
its name lists (`-sheets-01-06`), and its paths lie on the trims of each of them."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import ezdxf
import pytest

from conftest import cut_pages, job_folder

from generator.commands.build import BuildOptions, build_game
from generator.layout.plan import SheetOptions

INSET, SQUARE, LENGTH, THICK = 10.0, 5.0, 5.0, 0.5
TOLERANCE = 0.1


@pytest.fixture(scope="module", params=["nyakuza", "nusfjord"])
def built(request, shared_builds) -> Path:
    return shared_builds("--formats", "cut") / request.param        # shared with test_cut_silhouette.py


def arc_extent(p0, rx, large, sweep, p1) -> list[tuple[float, float]]:
    """Points of a circular SVG arc: its ends and whichever of its four axis extremes it passes."""
    (x0, y0), (x1, y1) = p0, p1
    d = math.dist(p0, p1)
    r = max(rx, d / 2)
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    h = math.sqrt(max(r * r - (d / 2) ** 2, 0.0))
    ux, uy = (x1 - x0) / d, (y1 - y0) / d
    sign = 1 if large != sweep else -1
    cx, cy = mx - sign * h * uy, my + sign * h * ux
    a0, a1 = math.atan2(y0 - cy, x0 - cx), math.atan2(y1 - cy, x1 - cx)
    span = (a1 - a0) % (2 * math.pi) if sweep else -((a0 - a1) % (2 * math.pi))
    pts = [p0, p1]
    for k in range(4):
        a = k * math.pi / 2
        t = ((a - a0) % (2 * math.pi)) if sweep else ((a0 - a) % (2 * math.pi))
        if t <= abs(span):
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def arc_points(p0, rx, large, sweep, p1, steps: int = 16) -> list[tuple[float, float]]:
    """Points along a circular SVG arc (after p0), from its centre and angles."""
    (x0, y0), (x1, y1) = p0, p1
    d = math.dist(p0, p1)
    r = max(rx, d / 2)
    h = math.sqrt(max(r * r - (d / 2) ** 2, 0.0))
    ux, uy = (x1 - x0) / d, (y1 - y0) / d
    sign = 1 if large != sweep else -1
    cx, cy = (x0 + x1) / 2 - sign * h * uy, (y0 + y1) / 2 + sign * h * ux
    a0, a1 = math.atan2(y0 - cy, x0 - cx), math.atan2(y1 - cy, x1 - cx)
    span = (a1 - a0) % (2 * math.pi) if sweep else -((a0 - a1) % (2 * math.pi))
    return [(cx + r * math.cos(a0 + span * k / steps), cy + r * math.sin(a0 + span * k / steps)) for k in range(1, steps + 1)]


def outline_points(d: str) -> list[tuple[float, float]]:
    tokens = re.findall(r"[MLHVAZ]|-?\d+\.?\d*(?:e-?\d+)?", d)
    pts, i = [], 0
    while i < len(tokens):
        t = tokens[i]
        if t in "ML":
            pts.append((float(tokens[i + 1]), float(tokens[i + 2])))
            i += 3
        elif t in "HV":
            v = float(tokens[i + 1])
            pts.append((v, pts[-1][1]) if t == "H" else (pts[-1][0], v))
            i += 2
        elif t == "A":
            pts += arc_points(pts[-1], float(tokens[i + 1]), int(tokens[i + 4]), int(tokens[i + 5]),
                              (float(tokens[i + 6]), float(tokens[i + 7])))
            i += 8
        else:
            i += 1
    return pts


def area(pts) -> float:
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]))) / 2


def bbox(d: str) -> tuple[float, float, float, float]:
    tokens = re.findall(r"[MLHVAZ]|-?\d+\.?\d*(?:e-?\d+)?", d)
    pts, here, i = [], None, 0
    while i < len(tokens):
        t = tokens[i]
        if t in "ML":
            here = (float(tokens[i + 1]), float(tokens[i + 2]))
            pts.append(here)
            i += 3
        elif t in "HV":
            v = float(tokens[i + 1])
            here = (v, here[1]) if t == "H" else (here[0], v)
            pts.append(here)
            i += 2
        elif t == "A":
            rx, large, sweep = float(tokens[i + 1]), int(tokens[i + 4]), int(tokens[i + 5])
            end = (float(tokens[i + 6]), float(tokens[i + 7]))
            pts += arc_extent(here, rx, large, sweep, end)
            here = end
            i += 8
        else:
            i += 1
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def test_every_cut_path_lies_on_its_trim(built):
    files = cut_pages(built)
    assert files
    for svg, pages in files.items():
        body = svg.read_text()
        cut_group = body[body.index('<g id="cut"'):body.index('<g id="score"')]
        paths = re.findall(r'<path d="([^"]+)"', cut_group)
        for page in pages:                          # every sheet the file serves has its pieces on these paths
            assert len(paths) == len(page["pieces"])
            for d, piece in zip(paths, page["pieces"]):
                got = bbox(d)
                assert all(abs(a - b) <= TOLERANCE for a, b in zip(got, piece["trim_mm"])), (svg.name, piece, got)


def test_registration_marks_sit_where_the_cutter_looks(built):
    manifest = json.loads((built / "manifest.json").read_text())
    w, h = manifest["sheets"]["page_mm"]
    svg = sorted((built / "cut").glob("*.svg"))[0].read_text()
    marks = svg[svg.index('<g id="registration"'):svg.index('<g id="cut"')]
    assert f'<rect x="{INSET:g}" y="{INSET:g}" width="{SQUARE:g}" height="{SQUARE:g}"/>' in marks
    ls = re.findall(r'<path d="([^"]+)"', marks)
    assert sorted(bbox(d) for d in ls) == sorted([(w - INSET - LENGTH, INSET, LENGTH, LENGTH),
                                                  (INSET, h - INSET - LENGTH, LENGTH, LENGTH)])
    top_right = outline_points(next(d for d in ls if bbox(d)[0] > w / 2))
    assert top_right[0] == (w - INSET, INSET)                         # starts at its outer corner ...
    assert (w - INSET - THICK, INSET + LENGTH) in top_right and (w - INSET - LENGTH, INSET + THICK) in top_right
    # ... arms THICK wide. Every cut lies inside the marks' frame, and no piece's bleed covers a mark
    boxes = [(INSET, INSET, SQUARE, SQUARE), (w - INSET - LENGTH, INSET, LENGTH, LENGTH),
             (INSET, h - INSET - LENGTH, LENGTH, LENGTH)]
    for pages in cut_pages(built).values():
        for page in pages:
            for piece in page["pieces"]:
                x, y, pw, ph = piece["trim_mm"]
                assert INSET <= x and INSET <= y and x + pw <= w - INSET and y + ph <= h - INSET, piece
                bl = (x - 3, y - 3, x + pw + 3, y + ph + 3)
                assert not any(bl[0] < bx + bw and bx < bl[2] and bl[1] < by + bh and by < bl[3]
                               for bx, by, bw, bh in boxes), piece


def test_dxf_has_the_same_cuts_and_folds_apart(built):
    from ezdxf import path as dxf_path

    h = json.loads((built / "manifest.json").read_text())["sheets"]["page_mm"][1]
    for dxf in sorted((built / "cut").glob("*.dxf")):
        doc = ezdxf.readfile(dxf)
        msp = doc.modelspace()
        svg = dxf.with_suffix(".svg").read_text()
        cut_group = svg[svg.index('<g id="cut"'):svg.index('<g id="score"')]
        polylines = msp.query('POLYLINE[layer=="CUT"]')
        paths = re.findall(r'<path d="([^"]+)"', cut_group)
        assert len(polylines) == len(paths) and all(p.is_closed for p in polylines)
        for pl, d in zip(polylines, paths):               # the bulges draw the same arcs (y flipped)
            pts = list(dxf_path.make_path(pl).flattening(0.01))      # the arcs, as ezdxf draws the bulges
            xs, ys = [p.x for p in pts], [p.y for p in pts]
            x, y, w, hh = bbox(d)
            got = (min(xs), h - max(ys), max(xs) - min(xs), max(ys) - min(ys))
            assert all(abs(a - b) <= TOLERANCE for a, b in zip(got, (x, y, w, hh))), (dxf.name, got, (x, y, w, hh))
            drawn = area([(p.x, p.y) for p in pts])
            assert abs(drawn - area(outline_points(d))) <= 0.005 * drawn, (dxf.name, d)   # arcs bow the same way
        assert len(msp.query('LINE[layer=="SCORE"]')) == svg.count("<line")
        assert doc.header["$MEASUREMENT"] == 1                                  # metric


def test_fold_up_pieces_get_score_lines(tmp_path):
    build_game("izakaya", BuildOptions(SheetOptions(), tmp_path, formats=("cut",)))
    scores = sum(f.read_text().count("<line") for f in (job_folder(tmp_path, "izakaya") / "cut").glob("*.svg"))
    assert scores == 5 * 6 * 3                   # 30 pyramids, 3 folds each


def test_a_rounded_cut_turns_its_corners_at_the_spec_radius():
    """A 63 x 88 mm card with a 3 mm corner: straight edges from 3 to 60 and 3 to 85, quarter arcs of radius 3
    (the bounding box alone would not notice a wrong radius)."""
    from generator.geometry.outline import piece_outline_d

    d = piece_outline_d("rounded", 63, 88, corner=3)
    assert d == ("M 3 0 H 60 A 3 3 0 0 1 63 3 V 85 A 3 3 0 0 1 60 88 H 3 A 3 3 0 0 1 0 85 V 3 A 3 3 0 0 1 3 0 Z")
    assert piece_outline_d("rect", 63, 88) == "M 0 0 H 63 V 88 H 0 Z"
