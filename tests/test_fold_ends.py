"""Both ends of every fold line, read from the sheets PDF's own vector strokes (tests/pdfcheck.strokes).

README: `--duplex fold` prints each back beside its front "sharing a dashed fold line"; the fold is dashed across
the pair's trim and its bleed (bleed is kept on a pair's outer edges, none where it shares a cut with a neighbour
in `--marks lines`), and where the pair is at the edge of its block on into the marks' band, which starts 0.5 mm
beyond the bleed and is at least 3 mm long ("crop marks ... starting 0.5 mm beyond the bleed, 3-5 mm long").
Fold-up pieces (screens, standees, nets) carry the folds their spec gives, from edge to edge of the piece: every
end lies on the piece's cut outline (its trim rectangle when it has none). Each end is judged for every row and
column of every block (the bottom row and the last column too), for vertical and horizontal folds, pieces
turned and not, and every `--marks` value.
"""

from __future__ import annotations

import json
import math

import pytest

from conftest import DEMO, tiny_game, job_folder
from generator.commands.build import BuildOptions, build_game
from generator.geometry.outline import polygons
from generator.layout.plan import SheetOptions
from generator.load import load_game
from pdfcheck import strokes

BLEED = 3.0                     # README: the default bleed
INTO_BAND = 0.5 + 3.0           # README: marks start 0.5 mm beyond the bleed and are at least 3 mm long
EPS = 0.01

SPEC = """id: folds
title: Folds
players: 1
components:
  - {id: card, kind: card, size: [40mm, 60mm], front: folds/face.svg.j2, back: folds/face.svg.j2, count: 5}
  - {id: chit, kind: tile, size: [30mm, 20mm], front: folds/face.svg.j2, back: folds/face.svg.j2, count: 7}
  - {id: slab, kind: tile, size: [40mm, 25mm], front: folds/face.svg.j2, back: folds/face.svg.j2, count: 3}
  - id: screen
    kind: screen
    size: [250mm, 110mm]
    folds:
      - {from: [60mm, 0mm], to: [60mm, 110mm]}
      - {from: [150mm, 0mm], to: [150mm, 110mm]}
    front: folds/face.svg.j2
    back: folds/face.svg.j2
  - {id: hut, kind: standee, net: {box: {width: 22mm, depth: 18mm, height: 20mm, tab: 5mm}}, count: 2,
     front: folds/face.svg.j2}
  - {id: pyramid, kind: standee, net: {tetrahedron: {edge: 20mm, tab: 5mm}}, count: 3, front: folds/face.svg.j2}
"""
FACE = ('<svg xmlns="http://www.w3.org/2000/svg" width="{{ geo.W|mm }}mm" height="{{ geo.H|mm }}mm" '
        'viewBox="0 0 {{ geo.W|mm }} {{ geo.H|mm }}"><rect width="{{ geo.W|mm }}" height="{{ geo.H|mm }}" '
        'fill="#d8c8a0"/></svg>')


def _build(root, game, **options):
    name = "-".join(f"{k}-{v}" for k, v in options.items()) or "default"
    out = root / name
    build_game(game, BuildOptions(SheetOptions(**options), out, formats=("sheets",)))
    folder = job_folder(out, load_game(game).id)
    return folder, json.loads((folder / "manifest.json").read_text())


@pytest.fixture(scope="module")
def folds_game(tmp_path_factory):
    return tiny_game(tmp_path_factory.mktemp("fold-ends"), "folds", SPEC, {"face.svg.j2": FACE})


def fold_strokes(pdf, page: int) -> list[tuple[float, float, float, float]]:
    """The dark dashed strokes of a page (the fold lines; their light halos left out), ends in order."""
    out = []
    for s in strokes(pdf, page):
        if s.dashed and s.grey is not None and s.grey < 0.8:
            a, b = sorted([(s.x1, s.y1), (s.x2, s.y2)])
            out.append((*a, *b))
    return out


def _rect(piece) -> tuple[float, float, float, float]:
    x, y, w, h = piece["trim_mm"]
    return x, y, x + w, y + h


def _gap(p, q, side: str) -> float | None:
    """How far q's trim lies beyond p's on `side`, when their spans across it overlap; else None."""
    x0, y0, x1, y1 = p
    a0, b0, a1, b1 = q
    if side in ("top", "bottom") and a0 < x1 - EPS and x0 < a1 - EPS:
        return b0 - y1 if side == "bottom" else y0 - b1
    if side in ("left", "right") and b0 < y1 - EPS and y0 < b1 - EPS:
        return a0 - x1 if side == "right" else x0 - a1
    return None


def _abut(p, q) -> bool:
    """Neighbours of one block: trims touching (a shared cut) or bleeds touching."""
    return any(g is not None and (abs(g) < EPS or abs(g - 2 * BLEED) < EPS)
               for g in (_gap(p, q, s) for s in ("top", "bottom", "left", "right")))


def _block_of(rect, rects) -> tuple[float, float, float, float]:
    """The trim box of the pieces that hang together with `rect` (each touching the next, trim or bleed)."""
    group, todo = {rect}, [rect]
    while todo:
        r = todo.pop()
        for q in rects:
            if q not in group and _abut(r, q):
                group.add(q)
                todo.append(q)
    return (min(g[0] for g in group), min(g[1] for g in group), max(g[2] for g in group), max(g[3] for g in group))


def _reach(pair, side: str, rects, marks: str) -> float:
    """Where a pair's fold must end on `side` (README): the shared cut when a neighbour's trim touches the pair's,
    else the bleed edge, and on into the marks' band where the pair is at the edge of its block."""
    i = ("left", "top", "right", "bottom").index(side)
    edge, out = pair[i], (1 if side in ("bottom", "right") else -1)
    gaps = [g for g in (_gap(pair, q, side) for q in rects if q != pair) if g is not None and g > -EPS]
    if gaps and min(gaps) < EPS:
        return edge
    if abs(_block_of(pair, rects)[i] - edge) < EPS and marks != "none":
        return edge + out * (BLEED + INTO_BAND)
    return edge + out * BLEED


def check_fold_over_ends(folder, doc, marks: str) -> int:
    """Every fold pair of every page: one dashed line on its fold, each end where the README puts it."""
    pdf, judged = folder / doc["sheets"]["file"], 0
    for page in doc["sheets"]["pages"]:
        drawn = fold_strokes(pdf, page["index"])
        for fp in page.get("fold_pairs", []):
            front, back = page["pieces"][fp["front"]], page["pieces"][fp["back"]]
            f, b = _rect(front), _rect(back)
            pair = (min(f[0], b[0]), min(f[1], b[1]), max(f[2], b[2]), max(f[3], b[3]))
            fx1, fy1, fx2, fy2 = fp["fold_mm"]
            rects = [pair] + [_rect(p) for i, p in enumerate(page["pieces"]) if i not in (fp["front"], fp["back"])]
            if fx1 == fx2:
                want = (fx1, _reach(pair, "top", rects, marks), fx1, _reach(pair, "bottom", rects, marks))
            else:
                want = (_reach(pair, "left", rects, marks), fy1, _reach(pair, "right", rects, marks), fy1)
            on = [d for d in drawn if (fx1 == fx2 and abs(d[0] - fx1) < EPS and abs(d[2] - fx1) < EPS
                                       and d[1] < fy2 and fy1 < d[3]) or
                  (fy1 == fy2 and abs(d[1] - fy1) < EPS and abs(d[3] - fy1) < EPS and d[0] < fx2 and fx1 < d[2])]
            assert len(on) == 1, f"page {page['index']}: {len(on)} dashed lines on the fold {fp['fold_mm']}"
            assert all(abs(a - w) < EPS for a, w in zip(on[0], want)), \
                f"page {page['index']}, {front['design']}: fold drawn {on[0]}, ends belong at {want}"
            judged += 1
    return judged


def _placed(u: float, v: float, piece, w: float, h: float) -> tuple[float, float]:
    """A point of the design (trim mm, upright w x h) on the page, the piece turned clockwise by its rotation."""
    x, y = piece["trim_mm"][:2]
    r = piece["rotation"]
    return {0: (x + u, y + v), 90: (x + h - v, y + u), 180: (x + w - u, y + h - v), 270: (x + v, y + w - u)}[r]


def check_piece_folds(folder, doc, game, mirrored_backs: bool = False) -> set[str]:
    """Each page's fold-up pieces: the spec's folds, both ends, where the piece lies on the page (a back printed
    on its own carries its front's folds as seen from behind: mirrored left to right)."""
    spec = load_game(game)
    by_design = {d["id"]: d for d in doc["designs"]}
    pdf, seen = folder / doc["sheets"]["file"], set()
    for page in doc["sheets"]["pages"]:
        if any("tile" in p for p in page["pieces"]):
            continue                # a tile of a board larger than the paper: its dashes are alignment lines
        pairs = {i for fp in page.get("fold_pairs", []) for i in (fp["front"], fp["back"])}
        drawn = sorted(fold_strokes(pdf, page["index"]))
        want = []
        for i, piece in enumerate(page["pieces"]):
            design = by_design[piece["design"]]
            c = spec.component(design["component"])
            back = design["face"] == "back"
            if not c.folds or i in pairs and back or back and not (mirrored_backs or page["side"] == "front"):
                continue
            w, h = c.width_mm, c.height_mm
            for f in c.folds:
                ends = [(f.x1, f.y1), (f.x2, f.y2)]
                if back:
                    ends = [(w - u, v) for u, v in ends]
                want.append(tuple(_placed(u, v, piece, w, h) for u, v in ends))
            seen.add(design["component"])
        drawn = [((d[0], d[1]), (d[2], d[3])) for d in drawn if d not in _pair_lines(page, drawn)]
        for line in want:
            match = [d for d in drawn if _same(d, line) or _same(d, line[::-1])]
            assert match, f"page {page['index']}: no fold drawn from {line[0]} to {line[1]}"
            drawn.remove(match[0])
        assert not drawn, f"page {page['index']}: dashed lines no fold of the spec puts there: {drawn}"
    return seen


def _same(a, b) -> bool:
    return all(math.dist(p, q) < EPS for p, q in zip(a, b))


def _pair_lines(page, drawn):
    """The drawn lines that are fold pairs' folds (judged by check_fold_over_ends)."""
    out = []
    for fp in page.get("fold_pairs", []):
        fx1, fy1, fx2, fy2 = fp["fold_mm"]
        out += [d for d in drawn if (fx1 == fx2 and d[0] == d[2] and abs(d[0] - fx1) < EPS and d[1] < fy2 and fy1 < d[3])
                or (fy1 == fy2 and d[1] == d[3] and abs(d[1] - fy1) < EPS and d[0] < fx2 and fx1 < d[2])]
    return out


def _on_outline(point, outline: list[tuple[float, float]]) -> bool:
    px, py = point
    for (ax, ay), (bx, by) in zip(outline, outline[1:] + outline[:1]):
        dx, dy = bx - ax, by - ay
        t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy or 1)))
        if math.hypot(ax + t * dx - px, ay + t * dy - py) < EPS:
            return True
    return False


@pytest.mark.parametrize("marks", ["crop", "lines", "both", "none"])
def test_every_fold_over_line_reaches_its_bleed_and_the_marks_band_at_both_ends(folds_game, tmp_path, marks):
    folder, doc = _build(tmp_path, folds_game, duplex="fold", marks=marks)
    pairs = [fp for p in doc["sheets"]["pages"] for fp in p.get("fold_pairs", [])]
    vertical = [fp for fp in pairs if fp["fold_mm"][0] == fp["fold_mm"][2]]
    assert vertical and len(vertical) < len(pairs), "folds both ways"
    assert check_fold_over_ends(folder, doc, marks) == 5 + 7 + 3


def test_the_demo_games_fold_over_lines_end_where_they_should(tmp_path):
    """The demo game: cards both ways, hexes, round coins, a pair below another block's column."""
    folder, doc = _build(tmp_path, DEMO, duplex="fold")
    assert check_fold_over_ends(folder, doc, "crop") == 6 + 2 + 9
    assert check_piece_folds(folder, doc, DEMO) == {"standee"}


@pytest.mark.parametrize("duplex", ["long", "fold", "none"])
def test_fold_up_pieces_print_their_folds_from_edge_to_edge(folds_game, tmp_path, duplex):
    """Screens and nets: each fold as the spec draws it, placed and turned with its piece (a screen too large to
    fold, or printed on its own, has its back's folds mirrored); no other dashed line on any page."""
    folder, doc = _build(tmp_path, folds_game, duplex=duplex)
    assert check_piece_folds(folder, doc, folds_game, mirrored_backs=duplex != "long") == {"screen", "hut",
                                                                                           "pyramid"}


@pytest.mark.parametrize("game, components", [("nyakuza", {"stall", "grand-market", "screen"}),
                                              ("izakaya", {"pyramid"})])
def test_shipped_fold_up_pieces_have_folds_from_outline_to_outline(game, components, shared_builds):
    """Nyakuza's stalls and screens, Izakaya's pyramids: every fold's two ends lie on the piece's cut outline
    (the trim rectangle of a piece without one), and the sheets print exactly those folds."""
    spec = load_game(game)
    for cid in components:
        c = spec.component(cid)
        outline = polygons(c.cut_path())[0] if c.cut_path() else \
            [(0, 0), (c.width_mm, 0), (c.width_mm, c.height_mm), (0, c.height_mm)]
        assert c.folds
        for f in c.folds:
            for end in ((f.x1, f.y1), (f.x2, f.y2)):
                assert _on_outline(end, outline), f"{cid}: a fold ends at {end}, off the piece's edge"
    folder = shared_builds("--formats", "sheets") / game      # shared with test_ink_saver.py
    doc = json.loads((folder / "manifest.json").read_text())
    assert check_piece_folds(folder, doc, game) == components


def test_net_folds_end_on_their_outline(folds_game):
    spec = load_game(folds_game)
    for cid in ("hut", "pyramid"):
        c = spec.component(cid)
        (outline,) = polygons(c.cut_path())
        for f in c.folds:
            for end in ((f.x1, f.y1), (f.x2, f.y2)):
                assert _on_outline(end, outline), f"{cid}: a fold ends at {end}, off the outline"
