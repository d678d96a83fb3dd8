"""The sheet plan is pure geometry, so bleed, marks and duplex mirroring are checked as numbers."""

from __future__ import annotations

import pytest

from generator.cli.options import worded

from generator.common.errors import OptionError
from generator.layout.plan import PieceInput, SheetOptions
from generator.layout.sheets import plan_sheets

POKER = PieceInput("poker", "poker-back", 63.5, 88.9, "rect", 54)
MARGIN_MM, MARK_OFFSET_MM = 5.0, 0.5   # README: nothing within 5 mm of the paper edge; marks 0.5 mm beyond the bleed


def bleed_rects(page, b):
    return [(p.x - b, p.y - b, p.x + p.w + b, p.y + p.h + b) for p in page.placements]


def test_54_poker_cards_go_8_to_an_a4_page_turned_landscape():
    plan = plan_sheets([POKER], SheetOptions(), "Bench")
    fronts = [p for p in plan.pages if p.side == "front"]
    assert [len(p.placements) for p in fronts] == [8, 8, 8, 8, 8, 8, 6]
    assert all(pl.rotation == 90 and (pl.w, pl.h) == (88.9, 63.5) for pl in fronts[0].placements)


def test_pieces_keep_their_full_bleed_and_never_overlap():
    b = 3.0
    plan = plan_sheets([POKER, PieceInput("tile", None, 50, 50, "rect", 7)], SheetOptions(bleed_mm=b), "T")
    for page in plan.pages:
        rects = bleed_rects(page, b)
        for i, r in enumerate(rects):
            assert r[0] >= MARGIN_MM - 1e-6 and r[1] >= MARGIN_MM - 1e-6
            assert r[2] <= 210 - MARGIN_MM + 1e-6 and r[3] <= 297 - MARGIN_MM + 1e-6
            for q in rects[i + 1:]:
                assert r[2] <= q[0] + 1e-6 or q[2] <= r[0] + 1e-6 or r[3] <= q[1] + 1e-6 or q[3] <= r[1] + 1e-6


@pytest.mark.parametrize("bleed", [3.0, 3.175, 0.0])
def test_crop_marks_sit_outside_every_bleed_and_inside_the_printable_area(bleed):
    plan = plan_sheets([POKER, PieceInput("coin", None, 20, 20, "circle", 9)], SheetOptions(bleed_mm=bleed), "T")
    for page in (p for p in plan.pages if p.side == "front"):
        rects = bleed_rects(page, bleed)
        marks = [l for l in page.lines if l.kind == "crop"]
        assert marks
        for m in marks:
            for x, y in ((m.x1, m.y1), (m.x2, m.y2)):
                assert MARGIN_MM - 1e-6 <= x <= 210 - MARGIN_MM + 1e-6 and MARGIN_MM - 1e-6 <= y <= 297 - MARGIN_MM + 1e-6
            for r in rects:  # a mark never touches any piece's bleed, with at least the offset to spare
                if m.x1 == m.x2:
                    inside = r[0] - 1e-6 <= m.x1 <= r[2] + 1e-6 and min(m.y1, m.y2) < r[3] + MARK_OFFSET_MM - 1e-6 \
                        and max(m.y1, m.y2) > r[1] - MARK_OFFSET_MM + 1e-6
                else:
                    inside = r[1] - 1e-6 <= m.y1 <= r[3] + 1e-6 and min(m.x1, m.x2) < r[2] + MARK_OFFSET_MM - 1e-6 \
                        and max(m.x1, m.x2) > r[0] - MARK_OFFSET_MM + 1e-6
                assert not inside, (m, r)
            assert 3.0 - 1e-6 <= abs(m.x2 - m.x1) + abs(m.y2 - m.y1) <= 5.0 + 1e-6


def test_every_trim_edge_has_its_marks():
    plan = plan_sheets([PieceInput("tile", None, 50, 50, "rect", 6)], SheetOptions(), "T")
    page = plan.pages[0]
    verticals = {m.x1 for m in page.lines if m.x1 == m.x2}
    horizontals = {m.y1 for m in page.lines if m.y1 == m.y2}
    for p in page.placements:
        assert {round(p.x, 4), round(p.x + p.w, 4)} <= verticals
        assert {round(p.y, 4), round(p.y + p.h, 4)} <= horizontals


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_are_mirrored_behind_their_fronts(duplex):
    pieces = [PieceInput("card", "card-back", 63.5, 88.9, "rect", 5), PieceInput("tile", None, 40, 40, "rect", 2)]
    plan = plan_sheets(pieces, SheetOptions(duplex=duplex, back_offset_mm=(0.0, 0.0)), "T")
    front, back = plan.pages[0], plan.pages[1]
    assert back.side == "back" and back.backs_of == front.index
    fronts = [p for p in front.placements if p.design == "card"]
    assert [p.design for p in back.placements] == ["card-back"] * len(fronts)
    for f, k in zip(fronts, back.placements):
        assert (k.w, k.h) == (f.w, f.h)
        if duplex == "long":
            assert (k.x, k.y) == (pytest.approx(210 - f.x - f.w), pytest.approx(f.y))
        else:
            assert (k.x, k.y) == (pytest.approx(f.x), pytest.approx(297 - f.y - f.h))
        # DESIGN.md: a back turns -r on a long-edge flip and 180 - r on a short-edge flip
        assert k.rotation == {"long": {0: 0, 90: 270}, "short": {0: 180, 90: 90}}[duplex][f.rotation]
    assert any(f.rotation == 90 for f in fronts)  # the turned case is exercised (poker cards go landscape)


def test_back_offset_shifts_only_the_backs():
    pieces = [PieceInput("card", "card-back", 63.5, 88.9, "rect", 2)]
    plain = plan_sheets(pieces, SheetOptions(), "T")
    shifted = plan_sheets(pieces, SheetOptions(back_offset_mm=(1.5, -0.5)), "T")
    assert shifted.pages[0].placements == plain.pages[0].placements
    for a, b in zip(plain.pages[1].placements, shifted.pages[1].placements):
        assert (b.x - a.x, b.y - a.y) == (pytest.approx(1.5), pytest.approx(-0.5))


def test_double_sided_pages_come_first_each_followed_by_its_back():
    pieces = [PieceInput("tile", None, 50, 50, "rect", 35), PieceInput("card", "card-back", 63.5, 88.9, "rect", 9)]
    plan = plan_sheets(pieces, SheetOptions(), "T")
    sides = [p.side for p in plan.pages]
    assert sides == ["front", "back", "front", "back", "front", "front"]
    assert [len([q for q in p.placements if q.design == "card"]) for p in plan.pages[::2][:2]] == [8, 1]
    assert all(p.backs_of == p.index - 1 for p in plan.pages if p.side == "back")
    footers = [[t.text for t in p.texts] for p in plan.pages]  # every page, the full ones too, has one
    assert footers[0] == ["T · sheet 1 of 4 · A4 at 100 % (actual size) · pages 1-4: print double-sided, long-edge flip"]
    assert footers[1] == ["T · sheet 1 of 4 · backs of page 1 · A4 at 100 % (actual size) · pages 1-4: print "
                          "double-sided, long-edge flip"]
    assert footers[3][0].startswith("T · sheet 2 of 4 · backs of page 3 · ")
    assert footers[5] == ["T · sheet 4 of 4 · A4 at 100 % (actual size) · print single-sided"]


def test_lines_mode_shares_cuts_between_rectangles_and_keeps_outer_bleed():
    plan = plan_sheets([PieceInput("tile", None, 50, 50, "rect", 4)], SheetOptions(marks="lines"), "T")
    a, b, c, d = plan.pages[0].placements[:4]  # three in the first row, one below the first
    assert b.x == pytest.approx(a.x + 50) and d.y == pytest.approx(a.y + 50)  # no gutter: one cut serves both
    assert a.keep == (3.0, 3.0, 0.0, 0.0)
    assert b.keep == (0.0, 3.0, 0.0, 3.0)  # nothing below b: its bottom keeps the bleed
    assert c.keep == (0.0, 3.0, 3.0, 3.0) and d.keep == (3.0, 0.0, 3.0, 3.0)
    cuts = [l for l in plan.pages[0].lines if l.kind == "cut"]
    assert {round(a.x, 4), round(a.x + 50, 4)} <= {l.x1 for l in cuts if l.x1 == l.x2}


def test_round_and_hex_pieces_get_their_own_cut_outline():
    pieces = [PieceInput("coin", None, 20, 20, "circle", 2, cut="M 0 10 A 10 10 0 1 1 20 10 A 10 10 0 1 1 0 10 Z")]
    page = plan_sheets(pieces, SheetOptions(), "T").pages[0]
    assert [o.kind for o in page.outlines] == ["cut-halo", "cut"] * 2   # a light halo under each cut line
    assert page.outlines[0].path.startswith("M 0 10 A 10 10")


def test_fold_lines_are_planned_for_every_copy():
    pieces = [PieceInput("screen", None, 60, 40, "rect", 2, folds=((20, 0, 20, 40), (40, 0, 40, 40)))]
    page = plan_sheets(pieces, SheetOptions(), "T").pages[0]
    assert sum(o.kind == "fold" for o in page.outlines) == 4
    assert sum(o.kind == "fold-halo" for o in page.outlines) == 4


def test_a_piece_larger_than_the_paper_is_a_clear_error():
    with pytest.raises(OptionError) as exc:
        plan_sheets([PieceInput("board", None, 400, 400, "rect", 1)], SheetOptions(), "T")
    # the library names the option by its field; the command line says --paper (tests/test_build_options.py)
    assert str(exc.value) == ('error: paper a4: "board" (400 x 400 mm with 3 mm bleed and marks) does not fit the '
                              "printable area of 200 x 284.4 mm (less the footer); choose a larger paper")  # A4 less 5 mm margins and the footer
    assert str(worded(exc.value.problems[0])).startswith('error: --paper a4: "board"')
