"""Every printed rules aid says what the engine does: numbers and order read off the real pages."""

from __future__ import annotations

import re
import shutil

import pypdfium2 as pdfium
import pytest

from conftest import job_folder

from generator.commands.build import BuildOptions, build_game
from generator.layout.plan import SheetOptions
from generator.solver.games.kamiza.referee import Play, judge
from generator.solver.games.nyakuza.state import NyakuzaState
from generator.solver.registry import rules_for
from generator.load import load_game


def page_text(build, design: str) -> str:
    """The page's text with every space taken out: text extraction spaces some runs letter by letter
    and line breaks fall anywhere, so phrases are compared squashed (see `has`)."""
    pdf = pdfium.PdfDocument(str(build / "shop" / f"{design}.pdf"))
    try:
        return "".join(pdf[0].get_textpage().get_text_range().split())
    finally:
        pdf.close()


def has(text: str, phrase: str) -> bool:
    return "".join(phrase.split()) in text


@pytest.fixture(scope="module")
def built(shared_builds):
    """`built / game`: the shop files of niya, nyakuza and kamiza (the session's shared `--formats shop` builds)."""
    return shared_builds("--formats", "shop")


# -- Kamiza: follow the printed steps in order and get the referee's answer -----------------------------
def test_kamiza_steps_are_printed_in_the_order_the_referee_applies_them(built):
    spec = rules_for(load_game("kamiza")).spec
    card = {c.role: c for c in spec.cards}
    # the rulebook's case: boss and hit man alone on kamiza, whose single seat cannot hold both
    ruling = judge([Play("A", card["kumicho"], "kamiza"), Play("B", card["teppo-dama"], "kamiza"),
                    Play("C", card["waka-gashira"], "shimoza")], spec)
    hit_man_first = ruling.striker == "B"
    assert hit_man_first   # the solver gives the hit man the win
    for design in ("reference-card-crimson", "play-sheet"):
        text = page_text(built / "kamiza", design)
        steps = [(int(n), title) for n, title in re.findall(r"(\d)(Policeraid|Cancel|Thehitman|Seats|Score)", text)]
        order = [t for _, t in steps]
        assert [n for n, _ in steps] == list(range(1, len(steps) + 1)), design
        assert (order.index("Thehitman") < order.index("Seats")) == hit_man_first, (design, order)
        points = ruling.points(next(p for p in ruling.plays if p.player == "B"))
        assert has(text, f"for {points} points")


def test_kamiza_card_values_and_seats_are_the_engines(built):
    spec = rules_for(load_game("kamiza")).spec
    text = page_text(built / "kamiza", "reference-card-crimson")
    for c in {c.role: c for c in spec.cards}.values():
        alone = judge([Play("A", c, "shimoza")], spec)
        assert has(text, f"{c.jp} {alone.points(alone.plays[0])}")   # what a lone winner scores
    two = judge([Play("A", spec.card("waka-gashira"), "kamiza"), Play("B", spec.card("kumicho"), "kamiza")], spec)
    kept = sum(two.won(p) for p in two.plays)
    assert has(text, f"Kamiza 上座 seats {kept}")


# -- Niya: the card's numbers are the engine's ----------------------------------------------------------
def test_niya_card_numbers_are_the_engines(built):
    spec = rules_for(load_game("niya")).spec
    text = page_text(built / "niya", "rules-card")
    assert has(text, f"Shuffle the {len(spec.tiles)} garden tiles") and has(text, f"{spec.grid} x {spec.grid} square")
    assert has(text, f"first to win {spec.wins_needed} games")
    assert has(text, "A full garden without a winner is a draw") and spec.full_board == "draw"
    assert has(text, "The loser of a game starts the next one")


def test_niya_card_follows_a_changed_spec(tmp_path):
    game = tmp_path / "niya"
    shutil.copytree(load_game("niya").folder, game)
    spec = (game / "game.yaml").read_text()
    spec = spec.replace("  wins_needed:\n    value: 3", "  wins_needed:\n    value: 4")
    spec = spec.replace("  next_starter:\n    value: loser", "  next_starter:\n    value: alternate")
    (game / "game.yaml").write_text(spec)
    build_game(game, BuildOptions(SheetOptions(), tmp_path / "out", formats=("shop",)))
    text = page_text(job_folder(tmp_path / "out", "niya"), "rules-card")
    assert has(text, "first to win 4 games") and has(text, "The players take turns to start")


# -- Nyakuza: the screen's aid ---------------------------------------------------------------------------
def test_nyakuza_aid_numbers_are_the_engines(built):
    spec = rules_for(load_game("nyakuza")).spec
    text = page_text(built / "nyakuza", "screen-back-red")
    state = NyakuzaState(spec, 4, 0)
    state.apply_bids([5, 3, 1, 0])
    first, second, other = state.awarded[:3]
    assert has(text, f"takes {first} Boats and the Amulet")
    assert has(text, f"takes {second} Boats") and has(text, f"takes {other} Boat")
    for players in sorted(spec.setups):
        s = NyakuzaState(spec, players, 0)
        assert has(text, f"{players} players: {sum(s.tile)} tiles in round 1")
        assert has(text, f"{players} players: {s.kobans[0]} Kōbans, {s.stalls_left[0]} Stalls each")
