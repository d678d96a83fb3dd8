"""Rich card text: inline icons, **bold** and *italic* shaped, wrapped and shrunk together, in the safe zone."""

from __future__ import annotations

import re

import pytest

from generator.commands.build import BuildOptions, build_game
from generator.layout.plan import SheetOptions
from generator.render.richtext import RichTextError, parse, words
from conftest import run_cli, tiny_game, job_folder
from test_text_safe_zone import text_outside_safe_zone

ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="{}"/></svg>'
EFFECT = ("**Take** 2 {fish} from the sea and pay 1 {wood} for every Forest you own; then, if you have at "
          "least 3 {gold}, *gain* 1 {vp} for each Elder at your table. Shareholders each get 1 {fish} back, "
          "and nobody may hold more than 8 {fish} in their Reserve at the end of the round. A player "
          "without a Ship loses 1 {vp} instead, and ties go to the first player in turn order.")
GAME = """id: rich
title: Rich
players: {min: 2, max: 2}
palette: {paper: "#ffffff", ink: "#222222"}
fonts: {title: {family: Vollkorn, weight: 700}, body: Lato}
icons: {fish: art/fish.svg, wood: art/wood.svg, gold: art/gold.svg, vp: art/vp.svg}
components:
  - id: card
    kind: card
    size: [63.5mm, 88.9mm]
    front: rich/card.svg.j2
    rows:
      - {name: Harbor, effect: "EFFECT"}
"""
CARD = """{% import "shared/macros.svg.j2" as m with context %}
{% call m.svg() %}
{{ m.background(colours.paper) }}
{{ m.rich(rich(row.effect, "body", geo.safe.x, geo.safe.y + geo.safe.h - 38, geo.safe.w, 38, 11), colours.ink) }}
{% endcall %}
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("rich")
    game = tiny_game(tmp, "rich", GAME.replace("EFFECT", EFFECT), {"card.svg.j2": CARD})
    (game / "art").mkdir()
    for name, colour in (("fish", "#1d70a2"), ("wood", "#7a4b1d"), ("gold", "#d4a017"), ("vp", "#2f7d32")):
        (game / "art" / f"{name}.svg").write_text(ICON.format(colour))
    build_game(game, BuildOptions(SheetOptions(), tmp / "out", formats=("svg", "shop", "png")))
    return job_folder(tmp / "out", "rich")


def test_a_300_character_effect_with_icons_fits_a_poker_card_at_6_pt_or_more(built):
    assert len(re.sub(r"\{\w+\}|\*", "", EFFECT)) >= 300
    svg = next((built / "svg").glob("card-*.svg")).read_text()
    sizes = {float(s) for s in re.findall(r'<text [^>]*font-size="([\d.]+)"', svg)}
    assert sizes and min(sizes) >= 6 * 25.4 / 72 - 1e-3      # 6 pt, the smallest size rich() allows by default
    assert text_outside_safe_zone(built) == []


def test_icons_bold_and_italic_are_set_where_the_text_says(built):
    svg = next((built / "svg").glob("card-*.svg")).read_text()
    assert svg.count("<circle") == EFFECT.count("{")          # one nested icon per {name}
    bold = re.findall(r'font-weight="700"[^>]*>([^<]+)<', svg)
    italic = re.findall(r'font-style="italic"[^>]*>([^<]+)<', svg)
    assert bold == ["Take"] and italic == ["gain"]


def test_a_number_and_its_icon_stay_together():
    """Break opportunities are between words; "2 {wood}" is one of them (never split), "{fish}," too."""
    (line,) = parse("pay 2 {wood} now, {fish}, ok", {"wood", "fish"})
    assert [[p.value for p in w] for w in words(line)] == [["pay "], ["2 ", "wood", " "], ["now, "], ["fish", ", "],
                                                            ["ok"]]


@pytest.mark.parametrize("text, message", [
    ("pay 1 {stone}", 'unknown icon "{stone}"; expected one of: fish, gold, vp, wood'),
    ("**take it", 'unclosed ** in "**take it"'),
])
def test_rich_text_mistakes_are_one_line(tmp_path, text, message):
    game = tiny_game(tmp_path, "rich", GAME.replace("EFFECT", text), {"card.svg.j2": CARD})
    (game / "art").mkdir()
    for name in ("fish", "wood", "gold", "vp"):
        (game / "art" / f"{name}.svg").write_text(ICON.format("#000000"))
    code, _, err = run_cli("build", str(game), "--out", str(tmp_path / "out"), "--formats", "svg")
    assert code == 2 and len(err.splitlines()) == 1 and message in err, err


def test_an_icon_in_a_game_without_icons_says_how_to_declare_them():
    with pytest.raises(RichTextError, match="declares no icon .icons: names a folder of SVG files, or a mapping"):
        parse("pay 1 {coin}", set())


def test_unknown_markup_is_refused_by_the_parser():
    with pytest.raises(RichTextError):
        parse("*open", set())


def test_icons_may_be_a_folder_named_after_their_files(tmp_path):
    spec = GAME.replace("EFFECT", "Pay 2 {wood}.").replace(
        "icons: {fish: art/fish.svg, wood: art/wood.svg, gold: art/gold.svg, vp: art/vp.svg}", "icons: art/icons/")
    game = tiny_game(tmp_path, "rich", spec, {"card.svg.j2": CARD})
    (game / "art" / "icons").mkdir(parents=True)
    (game / "art" / "icons" / "wood.svg").write_text(ICON.format("#7a4b1d"))
    from generator.load import load_game
    assert dict(load_game(game).icons) == {"wood": "art/icons/wood.svg"}
    code, _, err = run_cli("build", str(game), "--out", str(tmp_path / "out"), "--formats", "svg")
    assert code == 0, err
