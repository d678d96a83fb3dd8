"""--duplex fold: every back printed beside its front, to be folded over it, on pages printed one side only.

The geometry is checked on the plans of the shipped games (the back's trim reflected across the fold line is
the front's; no bleed across the fold; crop marks and cut lines around the pair, not on the fold), counts come
from the rulebook (Nyakuza: 60 double-sided resource tiles, 4 player screens), and the folding itself is
judged on rasterised pages of a game this file writes: pieces of four shapes whose fronts and backs carry an
asymmetric mark, so a back that is mirrored, upside down or turned cannot pass.
"""

from __future__ import annotations

import json

import pytest
from PIL import Image, ImageOps

from conftest import DEMO, pnp, run_cli, tiny_game, job_folder
from generator.commands.build import BuildOptions, build_game, pieces_of
from generator.model.designs import expand
from generator.layout.plan import SheetOptions
from generator.layout.sheets import plan_sheets
from generator.load import load_game
from pdfcheck import render
from upright import UNDO, _apply, _diff, crop, front_turn, proof

DPI = 100
EPS = 1e-3

SPEC = """id: flip
title: Flip
players: 1
components:
  - {id: card, kind: card, size: [40mm, 60mm], front: flip/front.svg.j2, back: flip/back.svg.j2, count: 3}
  - {id: tile, kind: tile, size: [30mm, 30mm], front: flip/front.svg.j2, back: flip/back.svg.j2, count: 2}
  - {id: coin, kind: token, shape: circle, size: 24mm, front: flip/front.svg.j2, back: flip/back.svg.j2, count: 2}
  - {id: hex, kind: hex-tile, size: 30mm, front: flip/front.svg.j2, back: flip/back.svg.j2, count: 2}
  - {id: strip, kind: tile, size: [80mm, 30mm], front: flip/front.svg.j2, back: flip/back.svg.j2, count: 2}
  - {id: plain, kind: card, size: [40mm, 60mm], front: flip/front.svg.j2, count: 1}
"""
# An L: a block in the top-left corner and a bar down the left edge. Each of the eight ways to turn or mirror
# it puts the block or the bar somewhere else, so the back read after folding must be exactly this.
MARK = ('<svg xmlns="http://www.w3.org/2000/svg" width="{{{{ geo.W|mm }}}}mm" height="{{{{ geo.H|mm }}}}mm" '
        'viewBox="0 0 {{{{ geo.W|mm }}}} {{{{ geo.H|mm }}}}"><rect width="{{{{ geo.W|mm }}}}" height="{{{{ geo.H|mm }}}}" '
        'fill="#ffffff"/><rect x="0" y="0" width="{{{{ (geo.b + 0.45 * geo.w)|mm }}}}" '
        'height="{{{{ (geo.b + 0.3 * geo.h)|mm }}}}" fill="{colour}"/><rect x="0" y="0" '
        'width="{{{{ (geo.b + 0.16 * geo.w)|mm }}}}" height="{{{{ geo.H|mm }}}}" fill="{colour}"/></svg>')
TRANSFORMS = {"upright": None, "mirrored": Image.Transpose.FLIP_LEFT_RIGHT, "flipped": Image.Transpose.FLIP_TOP_BOTTOM,
              "upside down": Image.Transpose.ROTATE_180, "turned left": Image.Transpose.ROTATE_90,
              "turned right": Image.Transpose.ROTATE_270, "transposed": Image.Transpose.TRANSPOSE,
              "transversed": Image.Transpose.TRANSVERSE}


@pytest.fixture(scope="module")
def flip_build(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("fold")
    game = tiny_game(tmp, "flip", SPEC, {"front.svg.j2": MARK.format(colour="#1f4e9c"),
                                         "back.svg.j2": MARK.format(colour="#c0392b")})
    build_game(game, BuildOptions(SheetOptions(duplex="fold"), tmp / "out", formats=("sheets", "png")))
    return job_folder(tmp / "out", "flip")


def _plan(game, **options):
    return plan_sheets(pieces_of(expand(load_game(game))), SheetOptions(duplex="fold", **options), "T")


def _reflect(rect, line):
    """A trim rectangle [x, y, w, h] reflected across a vertical or horizontal line."""
    x, y, w, h = rect
    x1, y1, x2, y2 = line
    if x1 == x2:
        return [round(2 * x1 - x - w, 3), round(y, 3), w, h]
    return [round(x, 3), round(2 * y1 - y - h, 3), w, h]


def _seen_back(page: Image.Image, front, back, line, build, bleed) -> Image.Image:
    """The back of a folded pair as a person sees it: through the paper from the front's side it is the printed
    back reflected across the fold; turned over like a card (about its own vertical axis) it is mirrored back."""
    through = crop(page, back["trim_mm"], DPI)
    through = ImageOps.mirror(through) if line[0] == line[2] else ImageOps.flip(through)
    turn = front_turn(crop(page, front["trim_mm"], DPI), proof(build, front["design"], bleed))
    return ImageOps.mirror(_apply(through, UNDO[turn]))


def test_every_back_reads_upright_once_folded_and_turned_over(flip_build):
    """Rasterised pages, folded in software: each back, read after folding, is its own design and not one of
    the seven other ways to turn or mirror it (pairs of cards, square tiles, circles and hexes)."""
    doc = json.loads((flip_build / "manifest.json").read_text())
    pdf = flip_build / doc["sheets"]["file"]
    judged = set()
    for page in doc["sheets"]["pages"]:
        image = render(pdf, page["index"], DPI)
        for pair in page.get("fold_pairs", []):
            front, back = page["pieces"][pair["front"]], page["pieces"][pair["back"]]
            want = proof(flip_build, back["design"], 3.0)
            seen = _seen_back(image, front, back, pair["fold_mm"], flip_build, 3.0)
            scores = {name: _diff(seen, _apply(want, op)) for name, op in TRANSFORMS.items()
                      if _apply(want, op).size == want.size or abs(want.width - want.height) < 3}
            best = min(scores, key=scores.get)
            assert best == "upright", f'{back["design"]} behind {front["design"]} reads {best}: {scores}'
            assert min(v for k, v in scores.items() if k != "upright") > scores["upright"] + 8
            judged.add(front["design"])
    assert judged == {"card", "tile", "coin", "hex", "strip"}
    stacked = [p["fold_mm"] for p in doc["sheets"]["pages"][0]["fold_pairs"]]
    assert len({"vertical" if x1 == x2 else "horizontal" for x1, _, x2, _ in stacked}) == 2, "both ways of pairing"


def test_fold_pages_are_single_sided_and_pieces_all_there(flip_build):
    doc = json.loads((flip_build / "manifest.json").read_text())
    pages = doc["sheets"]["pages"]
    assert {p["side"] for p in pages} == {"front"} and not any("backs_of" in p for p in pages)
    pairs = [(p["pieces"][f["front"]]["design"], p["pieces"][f["back"]]["design"])
             for p in pages for f in p.get("fold_pairs", [])]
    assert sorted(pairs) == sorted([("card", "card-back")] * 3 + [("tile", "tile-back")] * 2 +
                                   [("coin", "coin-back")] * 2 + [("hex", "hex-back")] * 2 +
                                   [("strip", "strip-back")] * 2)
    plain = [x for p in pages for x in p["pieces"] if x["design"] == "plain"]
    assert len(plain) == 1
    assert not (flip_build / "calibration-a4.pdf").exists(), "nothing is printed duplex, so nothing to calibrate"


def test_fold_footer_says_single_sided_and_how_to_fold(flip_build):
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(flip_build / "flip-a4.pdf"))
    text = doc[0].get_textpage().get_text_range()
    assert "every page single-sided" in text and "fold on its dashed line" in text
    assert "double-sided" not in text


@pytest.mark.parametrize("game", ["kamiza", "nyakuza", "izakaya", "demo"])
def test_back_trim_reflected_across_the_fold_is_the_front_trim(game):
    """For every pair: the fold runs along the edge they share, the back's trim reflected across it is the
    front's, no bleed crosses the fold and full bleed is kept on the pair's outer edges."""
    plan = _plan(DEMO if game == "demo" else game)
    count = 0
    for page in plan.pages:
        for pair in page.pairs:
            f, b = page.placements[pair.front], page.placements[pair.back]
            x1, y1, x2, y2 = pair.line
            assert x1 == x2 or y1 == y2
            assert _reflect(list(b.trim), pair.line) == [round(v, 3) for v in f.trim]
            vertical = x1 == x2
            if vertical:
                assert abs(y1 - f.y) < EPS and abs(y2 - f.y - f.h) < EPS
                at_fold = (2, 0) if f.x < b.x else (0, 2)          # (front's side, back's side): left 0, right 2
            else:
                assert abs(x1 - f.x) < EPS and abs(x2 - f.x - f.w) < EPS
                at_fold = (3, 1) if f.y < b.y else (1, 3)
            assert f.keep[at_fold[0]] == 0 and b.keep[at_fold[1]] == 0
            outer = [f.keep[i] for i in range(4) if i != at_fold[0]] + [b.keep[i] for i in range(4) if i != at_fold[1]]
            assert outer == [3.0] * 6
            assert f.design != b.design and (f.src_w, f.src_h) == (b.src_w, b.src_h)
            count += 1
    assert count > 0


def test_nyakuza_pairs_and_what_cannot_fold_from_the_rulebook():
    """Rulebook: 60 resource tiles with a neutral back (each folds along a flat edge of the hex: the fold is as
    long as an edge) and 4 player screens, which do not fold on A4 and are named with what to do instead."""
    plan = _plan("nyakuza")
    pairs = [(p.placements[f.front], f) for p in plan.pages for f in p.pairs]
    hexes = [(pl, f) for pl, f in pairs if pl.design.startswith("resource-tile")]
    assert len(hexes) == 60 == len(pairs)
    for pl, f in hexes:          # 32 mm across the flats, 36.95 mm point to point: the flats are its long sides
        x1, y1, x2, y2 = f.line
        assert abs(abs(x2 - x1) + abs(y2 - y1) - 36.9504) < EPS, "folds along the side that holds a flat edge"
    screens = [pl for p in plan.pages for pl in p.placements if pl.design.startswith("screen-")]
    assert len(screens) == 8, "4 screens, fronts and insides on pages of their own"
    assert len(plan.notes) == 1 and "too large to fold on A4" in plan.notes[0]
    assert all(f"screen-{c}" in plan.notes[0] for c in ("red", "purple", "blue", "green"))
    assert "glue each back to its front" in plan.notes[0] and "a3" in plan.notes[0]
    assert not _plan("nyakuza", paper="a3").notes, "on A3 the screens fold too"


def test_marks_serve_the_folded_pair_not_the_fold():
    """Crop marks and cut lines run along the pair's outer edges, never on its fold; the fold is dashed."""
    for marks in ("crop", "lines", "both"):
        plan = _plan("kamiza", marks=marks)
        for page in plan.pages:
            folds = {o.path for o in page.outlines if o.kind == "fold"}
            for pair in page.pairs:
                x1, y1, x2, y2 = pair.line
                assert any(f"M {x1:g} " in p and f" L {x2:g} " in p for p in folds) or \
                    any(f" {y1:g} L" in p for p in folds)
                for line in page.lines:
                    on = (x1 == x2 and line.x1 == line.x2 == x1) or (y1 == y2 and line.y1 == line.y2 == y1)
                    assert not on, f"a {line.kind} line on the fold at {pair.line}"
            kinds = {line.kind for line in page.lines}
            if page.pairs:
                assert ("cut" in kinds) == (marks in ("lines", "both")) and ("crop" in kinds) == (marks != "lines")


def test_fold_refuses_print_then_cut_and_back_offset_in_one_line(tmp_path):
    code, lines = pnp("build", str(DEMO), "--duplex", "fold", "--formats", "cut", "--out", str(tmp_path), cwd=tmp_path)
    assert code == 2 and len(lines) == 1 and "--formats cut" in lines[0] and "fold" in lines[0]
    code, out, err = run_cli("build", str(DEMO), "--duplex", "fold", "--back-offset=1,0", "--out", str(tmp_path))
    assert code == 2 and len(err.splitlines()) == 1 and "--back-offset" in err
