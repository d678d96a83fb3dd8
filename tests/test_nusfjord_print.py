"""Nusfjord's print set: counts from the rulebook (seed 002), write-in cards, spaces drawn at the size the fit
check proves, and sheets on A4 and Letter."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from conftest import build_on_papers, pieces_by_component

from generator.load.game import load_game


@pytest.fixture(scope="module")
def built(shared_builds) -> dict[str, Path]:
    return build_on_papers(shared_builds, "nusfjord")


def texts(svg: Path) -> list[str]:
    return re.findall(r"<text[^>]*>([^<]*)</text>", svg.read_text())


def test_every_piece_the_rulebook_lists_is_printed(built):
    got = pieces_by_component(built["a4"])
    assert sum(got[f"building-{d}"] for d in ("herring", "mackerel", "cod")) == 132          # L15
    assert got["elder"] == 18 and got["ship"] == 18                                           # L16, L18
    assert sum(got[f"first-player-{n}"] for n in range(1, 6)) == 15                            # L17
    assert (got["fish-token"], got["wood-token"], got["gold"], got["multiplier"], got["forest"]) == (100, 50, 41, 9, 30)
    assert got["harbor"] == got["elder-council"] == got["personal-supply"] == 5                # L22-27, five colours
    assert got["share"] == 25 and got["worker"] == 15
    for board in ("action-board", "imitation-tile", "banquet-table", "ships-elders-board", "first-player-ship"):
        assert got[board] == 1, board
    assert got["building-supply-a"] + got["building-supply-b"] == 2                            # L13


def test_a_row_without_text_prints_a_write_in_card_and_a_row_with_text_prints_it(built):
    svg = built["a4"] / "svg"
    blank = (svg / "building-herring-a-1.svg").read_text()
    assert blank.count("<line") >= 6                       # the name line and the effect lines
    assert not any(w in texts(svg / "building-herring-a-1.svg") for w in ("At", "Harbor"))
    filled = texts(svg / "building-herring-b-1.svg")
    assert "Harbor Installation" in filled and "*" in filled and "Ship" in " ".join(filled)
    assert (svg / "building-herring-b-1.svg").read_text().count("<line") == 0


def test_elders_show_their_names_and_player_counts(built):
    svg = built["a4"] / "svg"
    assert "Contractor" in texts(svg / "elder-1.svg") and "2-5" in texts(svg / "elder-1.svg")
    assert "Builder" in texts(svg / "elder-7.svg") and "3-5" in texts(svg / "elder-7.svg")
    assert "5" in texts(svg / "elder-13.svg")


def test_first_player_tiles_carry_their_rounds_and_instructions(built):
    svg = built["a4"] / "svg"
    numbers = lambda name: [t for t in texts(svg / name) if t.isdigit()]  # noqa: E731
    assert numbers("first-player-2-2-1.svg") == ["1", "3", "5", "7"]
    assert numbers("first-player-4-4-1.svg") == ["1", "5"] and "add 2 B Buildings" in texts(svg / "first-player-4-4-1.svg")
    assert numbers("first-player-4-4-2.svg") == ["4"] and "each draws 2 C" in texts(svg / "first-player-4-4-2.svg")
    assert numbers("first-player-4-4-3.svg") == ["3", "7"] and "add 4 A Buildings" in texts(svg / "first-player-4-4-3.svg")
    assert numbers("first-player-4-4-4.svg") == ["2", "6"] and "lay your C cards face up" in texts(svg / "first-player-4-4-4.svg")


def rects(svg: Path, w: float, h: float) -> int:
    return len(re.findall(rf'<rect [^>]*width="{w:g}" height="{h:g}"', svg.read_text()))


def test_boards_draw_their_spaces_at_the_size_the_fit_check_proves(built):
    game = load_game("nusfjord")
    svg = built["a4"] / "svg"
    harbor = game.component("harbor").spaces
    assert rects(svg / "harbor-red.svg", *harbor["building"]) == 6          # 5 Building spaces + the Reserve
    assert rects(svg / "harbor-red.svg", *harbor["double"]) == 3            # the right half
    assert rects(svg / "harbor-red.svg", *harbor["track"]) == 5             # the catboat and four Ships
    assert rects(svg / "elder-council-blue.svg", *game.component("elder-council").spaces["seat"]) == 2
    assert rects(svg / "building-supply-a.svg", *game.component("building-supply-a").spaces["building"]) == 9
    assert rects(svg / "building-supply-b.svg", *game.component("building-supply-b").spaces["building"]) == 6
    board = game.component("ships-elders-board").spaces
    assert rects(svg / "ships-elders-board.svg", *board["elder"]) == 6 and rects(svg / "ships-elders-board.svg", *board["ship"]) == 3
    action = game.component("action-board").spaces
    for face in ("action-board.svg", "action-board-back.svg"):
        assert rects(svg / face, *action["action"]) == 12 and rects(svg / face, *action["issued"]) == 1
    assert rects(svg / "imitation-tile.svg", *game.component("imitation-tile").spaces["action"]) == 1      # 4 players
    assert rects(svg / "imitation-tile-back.svg", *game.component("imitation-tile").spaces["action"]) == 3  # 5 players


def test_double_sided_boards_have_their_two_sides(built):
    svg = built["a4"] / "svg"
    assert "3-5 players" in texts(svg / "action-board.svg") and "1-2 players" in texts(svg / "action-board-back.svg")
    assert "Unissued" in texts(svg / "share-back.svg")


@pytest.mark.parametrize("paper, size", [("a4", "A4"), ("letter", "LETTER")])
def test_sheets_on_a4_and_letter_every_page_with_its_footer(built, paper, size):
    pdf = pdfium.PdfDocument(str(built[paper] / f"nusfjord-{paper}.pdf"))
    try:
        assert len(pdf) > 20
        for i in range(len(pdf)):
            text = " ".join(pdf[i].get_textpage().get_text_range().split())
            assert f"{size} at 100 % (actual size)" in text, f"page {i + 1}"
    finally:
        pdf.close()
