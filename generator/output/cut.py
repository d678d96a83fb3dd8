"""Print-then-cut files: for every layout of the marked front sheets, the cut path of every piece in sheet
millimetres (SVG, and an R12 DXF written here), fold lines on their own layer (score, do not cut), and the
registration marks. Sheets whose pieces lie in the same places share one file, named after the sheets it serves.

Paths are the same trim outlines the sheets draw, turned and placed as the plan places them; a tile of a
board larger than the paper is cut along its window. Coordinates are absolute (no transforms), so any
cutter software reads them as they are.
"""

from __future__ import annotations

import math
from pathlib import Path

from generator.geometry.outline import segments
from generator.layout.plan import Page, SheetPlan
from generator.layout.registration import INSET_MM, THICK_MM, l_outline, mark_boxes, marked
from generator.layout.turn import frame_matrix
from generator.common.units import fmt_number, rounded

DXF_PLACES = 4   # cut files' coordinates: 0.1 micrometre, finer than any cutter


def _dxf(v: float, places: int = DXF_PLACES) -> str:
    return fmt_number(v, places)

def placed(path: str, rotation: int, src_w: float, src_h: float, x: float, y: float) -> list[tuple]:
    """A design-coordinate path turned by `rotation` and moved to (x, y) on the sheet."""
    a, b, c, d, e, f = frame_matrix(rotation, src_w, src_h)
    move = lambda u, v: (rounded(a * u + c * v + e + x, 4), rounded(b * u + d * v + f + y, 4))  # noqa: E731
    out: list[tuple] = []
    for s in segments(path):
        if s[0] in ("M", "L"):
            out.append((s[0], *move(s[1], s[2])))
        elif s[0] == "A":
            rx, ry = (s[1], s[2]) if rotation in (0, 180) else (s[2], s[1])
            out.append(("A", rx, ry, s[3], s[4], s[5], *move(s[6], s[7])))
        else:
            out.append(s)
    return out


def svg_path(segments: list[tuple]) -> str:
    f = fmt_number
    parts = []
    for s in segments:
        if s[0] == "A":
            parts.append(f"A {f(s[1])} {f(s[2])} {f(s[3])} {int(s[4])} {int(s[5])} {f(s[6])} {f(s[7])}")
        elif s[0] == "Z":
            parts.append("Z")
        else:
            parts.append(f"{s[0]} {f(s[1])} {f(s[2])}")
    return " ".join(parts)


def page_cuts(page: Page) -> tuple[list[list[tuple]], list[tuple[float, float, float, float]]]:
    """The cut paths and fold lines of a front page, in sheet millimetres."""
    cuts: list[list[tuple]] = []
    folds: list[tuple[float, float, float, float]] = []
    for pl in page.placements:
        if pl.tile:                                  # a board tile: its window is what is cut
            cuts.append(placed(f"M 0 0 H {pl.w} V {pl.h} H 0 Z", 0, pl.w, pl.h, pl.x, pl.y))
        else:
            cuts.append(placed(pl.cut or f"M 0 0 H {pl.src_w} V {pl.src_h} H 0 Z", pl.rotation, pl.src_w, pl.src_h,
                               pl.x, pl.y))
    for o in page.outlines:
        if o.kind == "fold":
            seg = placed(o.path, o.rotation, o.src_w, o.src_h, o.x, o.y)
            pts = [s[1:3] for s in seg if s[0] in ("M", "L")]
            folds.extend((*p, *q) for p, q in zip(pts, pts[1:]))
    return cuts, folds


def cut_svg(page: Page, page_w: float, page_h: float, inset: float = INSET_MM, corners: int = 3) -> str:
    f = fmt_number
    cuts, folds = page_cuts(page)
    lines = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{f(page_w)}mm" height="{f(page_h)}mm" '
             f'viewBox="0 0 {f(page_w)} {f(page_h)}">',
             '<g id="registration" fill="#000000">']
    for key, (x, y, s, _) in mark_boxes(page_w, page_h, inset, corners).items():
        if key == "top_left" and corners == 3:
            lines.append(f'<rect x="{f(x)}" y="{f(y)}" width="{f(s)}" height="{f(s)}"/>')
        else:
            pts = l_outline((x, y, s, s), key)
            lines.append('<path d="M ' + " L ".join(f"{f(px)} {f(py)}" for px, py in pts) + ' Z"/>')
    lines.append('</g>\n<g id="cut" fill="none" stroke="#ff0000" stroke-width="0.1">')
    lines += [f'<path d="{svg_path(c)}"/>' for c in cuts]
    lines.append('</g>\n<g id="score" fill="none" stroke="#0000ff" stroke-width="0.1" stroke-dasharray="1 1">')
    lines += [f'<line x1="{f(a)}" y1="{f(b)}" x2="{f(c)}" y2="{f(d)}"/>' for a, b, c, d in folds]
    lines.append("</g>\n</svg>\n")
    return "\n".join(lines)


def _bulge(p0: tuple[float, float], s: tuple) -> float:
    """The DXF bulge of an SVG arc from p0 (y flipped: a clockwise sweep on the page is counter-clockwise up)."""
    rx, large, sweep, x, y = s[1], s[4], s[5], s[6], s[7]
    chord = math.dist(p0, (x, y))
    if chord == 0:
        return 0.0
    r = max(rx, chord / 2)
    half = math.asin(min(1.0, chord / (2 * r)))
    angle = 2 * math.pi - 2 * half if large else 2 * half
    return math.tan(angle / 4) * (-1 if sweep else 1)


LAYERS = (("CUT", 1), ("SCORE", 5), ("REG-SQUARE", 7), ("REG-L", 7))   # name, ACI colour


def write_dxf(page: Page, page_w: float, page_h: float, target: Path, inset: float = INSET_MM,
              corners: int = 3) -> None:
    """The same paths as an AutoCAD R12 DXF in millimetres (y up, origin at the sheet's bottom left; $INSUNITS
    4 says millimetres, so importers need not guess), a layer for each kind: CUT and SCORE (closed polylines
    with bulges for arcs, lines), REG-SQUARE (a solid square) and REG-L (the two L's as closed outlines), so a
    cutter's software can set the marks and score lines apart from the cuts (with four corners, four L's and no
    square). Written by hand because R12 is a
    few group codes and this way the bytes are the same on every build."""
    up = lambda p: (p[0], rounded(page_h - p[1], 4))  # noqa: E731
    out = ["0", "SECTION", "2", "HEADER", "9", "$ACADVER", "1", "AC1009", "9", "$INSUNITS", "70", "4",
           "9", "$MEASUREMENT", "70", "1",
           "9", "$EXTMIN", "10", "0", "20", "0", "9", "$EXTMAX", "10", _dxf(page_w), "20", _dxf(page_h), "0", "ENDSEC",
           "0", "SECTION", "2", "TABLES", "0", "TABLE", "2", "LAYER", "70", str(len(LAYERS))]
    for name, colour in LAYERS:
        out += ["0", "LAYER", "2", name, "70", "0", "62", str(colour), "6", "CONTINUOUS"]
    out += ["0", "ENDTAB", "0", "ENDSEC", "0", "SECTION", "2", "ENTITIES"]
    cuts, folds = page_cuts(page)
    for segs in cuts:
        out += _polyline(_dxf_points(segs, up), "CUT")
    for a, b, c, d in folds:
        (x1, y1), (x2, y2) = up((a, b)), up((c, d))
        out += ["0", "LINE", "8", "SCORE", "10", _dxf(x1), "20", _dxf(y1), "11", _dxf(x2), "21", _dxf(y2)]
    for key, box in mark_boxes(page_w, page_h, inset, corners).items():
        x, y, s, _ = box
        if key == "top_left" and corners == 3:
            out += ["0", "SOLID", "8", "REG-SQUARE"]
            for k, (px, py) in enumerate([up((x, y)), up((x + s, y)), up((x, y + s)), up((x + s, y + s))]):
                out += [str(10 + k), _dxf(px), str(20 + k), _dxf(py)]
        else:
            out += _polyline([[*up(p), 0.0] for p in l_outline(box, key, THICK_MM)], "REG-L")
    out += ["0", "ENDSEC", "0", "EOF"]
    target.write_text("\n".join(out) + "\n", encoding="ascii")


def _dxf_points(segs: list[tuple], up) -> list[list[float]]:
    """A path's vertices as [x, y, bulge] with y up, the closing vertex dropped."""
    pts: list[list[float]] = []
    here = (0.0, 0.0)           # a path starts with "M": set before an arc reads it
    for s in segs:
        if s[0] in ("M", "L"):
            here = (s[1], s[2])
            pts.append([*up(here), 0.0])
        elif s[0] == "A":
            pts[-1][2] = _bulge(here, s)
            here = (s[6], s[7])
            pts.append([*up(here), 0.0])
    if len(pts) > 1 and math.dist(pts[0][:2], pts[-1][:2]) < 1e-6:
        pts.pop()
    return pts


def _polyline(pts: list[list[float]], layer: str) -> list[str]:
    """A closed R12 POLYLINE of [x, y, bulge] vertices on `layer`."""
    out = ["0", "POLYLINE", "8", layer, "66", "1", "70", "1"]
    for x, y, bulge in pts:
        out += ["0", "VERTEX", "8", layer, "10", _dxf(x), "20", _dxf(y)] + (["42", _dxf(bulge, 6)] if bulge else [])
    return out + ["0", "SEQEND", "8", layer]


def write_cut_files(plan: SheetPlan, folder: Path, stem: str) -> list[tuple[str, list[int]]]:
    """One SVG and one DXF per layout of the front sheets with registration marks, shared by every sheet whose
    pieces lie in the same places: `<stem>-sheets-01-06+09.svg|dxf` serves sheets 1 to 6 and 9 (the numbers
    their footers print). Returns each file's name without its suffix, and the sheets it serves."""
    page_w, page_h = plan.options.page_mm
    inset, corners = plan.options.reg_inset, plan.options.corners
    layouts: dict[str, tuple[Page, list[int]]] = {}
    fronts = [p for p in plan.pages if p.side == "front"]
    for number, page in enumerate(fronts, 1):
        if marked(page):
            layouts.setdefault(cut_svg(page, page_w, page_h, inset, corners), (page, []))[1].append(number)
    out = []
    for k, (svg, (page, sheets)) in enumerate(layouts.items(), 1):
        base = f"{stem}-{sheets_label(sheets, len(fronts), k)}"
        (folder / f"{base}.svg").write_text(svg, encoding="utf-8")
        write_dxf(page, page_w, page_h, folder / f"{base}.dxf", inset, corners)
        out.append((base, sheets))
    return out


MAX_LABEL = 60       # characters of the sheets a cut file names; longer lists name the layout's number instead


def sheets_label(sheets: list[int], last: int, layout: int) -> str:
    """`sheet-03`, `sheets-01-06` or `sheets-01-03+05+07-09` (runs of sheet numbers, as wide as the last sheet's),
    or `layout-4` when the list would make too long a name (the summary names its sheets)."""
    width = max(2, len(str(last)))
    words = "+".join(f"{r[0]:0{width}d}" + (f"-{r[-1]:0{width}d}" if len(r) > 1 else "") for r in _runs(sheets))
    label = ("sheets-" if len(sheets) > 1 else "sheet-") + words
    return label if len(label) <= MAX_LABEL else f"layout-{layout}"


def sheets_words(sheets: list[int]) -> str:
    """`sheet 3`, `sheets 1-6` or `sheets 1-3, 5, 7-9`: the sheets a cut file serves, as the summary says them."""
    runs = ", ".join(f"{r[0]}" + (f"-{r[-1]}" if len(r) > 1 else "") for r in _runs(sheets))
    return ("sheets " if len(sheets) > 1 else "sheet ") + runs


def _runs(numbers: list[int]) -> list[list[int]]:
    """Sorted numbers in runs of consecutive ones."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return runs
