"""The first hour (issue 19, "Messages and options"): options as people write them, and each mistake a
new user makes answered with what is wrong, where, and the fix. Each class is tried on other cases
than the ones the issue names."""

from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path

import pytest

from conftest import DEMO, job_folder, run_cli
from generator.cli import parser
from generator.common.errors import SpecError
from generator.load.yamlio import load_yaml
from generator.common.units import parse_length_mm


def refused(*argv: str) -> str:
    code, _, err = run_cli(*argv)
    assert code == 2 and len(err.splitlines()) == 1, err
    return err.strip()


def line_of(path: Path, text: str, after: str = "") -> int:
    """1-based line of the first line holding `text` (after the first line holding `after`)."""
    lines = path.read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if after in line) if after else 0
    return next(i for i, line in enumerate(lines) if i >= start and text in line) + 1


def build(game: Path, *extra: str) -> tuple[int, str, str]:
    code, out, err = run_cli("build", str(game), "--out", str(game.parent / "out"), "--formats", "svg", *extra)
    return code, out, err.replace(str(game.parent) + "/", "")


# -- options as people write them ---------------------------------------------------------------------------

@pytest.mark.parametrize("argv, name, value", [
    (["build", "--paper", "A4"], "paper", "a4"),
    (["build", "--paper", "Letter"], "paper", "letter"),
    (["build", "--paper", " TABLOID "], "paper", "tabloid"),
    (["serve", "--paper", "A3"], "paper", "a3"),
    (["build", "--marks", "Lines"], "marks", "lines"),
    (["build", "--duplex", "SHORT"], "duplex", "short"),
    (["build", "--style", "Ink-Saver"], "style", "ink-saver"),
    (["build", "--formats", "Sheets,PNG"], "formats", ("sheets", "png")),
    (["build", "--shop", "TGC"], "shop", "tgc"),
])
def test_choices_are_taken_in_any_case(argv, name, value):
    assert getattr(parser().parse_args(argv), name) == value


@pytest.mark.parametrize("argv, message", [
    (["build", "--marks", "cropp"], 'argument --marks: expected one of crop, lines, both, none, got "cropp" '
                                    '(did you mean "crop"?)'),
    (["build", "--duplex", "lnog"], 'argument --duplex: expected one of long, short, none, fold, got "lnog" '
                                    '(did you mean "long"?)'),
    (["build", "--paper", "leter"], 'argument --paper: expected one of a3, a4, letter, tabloid, or a size WxH with a '
                                    'unit like 216x356mm or 8.5x14in (each side 100 to 1,200 mm), got "leter" '
                                    '(did you mean "letter"?)'),
    (["biuld"], 'argument COMMAND: expected one of list, build, printed, check, serve, new, trust, calibrate, solve, got "biuld" '
                '(did you mean "build"?)'),
])
def test_a_wrong_choice_lists_the_choices_and_the_close_one(argv, message):
    assert message in refused(*argv)


@pytest.mark.parametrize("text, mm", [
    ("0", 0.0), ("0.0", 0.0), ("3mm", 3.0), ("3MM", 3.0), ("0.125in", 3.175), ("1/8in", 3.175), ("1/8 IN", 3.175),
    ("0.3cm", 3.0), ("9pt", 3.175),
])
def test_bleed_as_people_write_it(text, mm):
    assert parser().parse_args(["build", "--bleed", text]).bleed == pytest.approx(mm)


@pytest.mark.parametrize("text, example", [("3", "3mm"), ("2.5inch", "2.5in"), ("2 inches", "2in"),
                                           ('0.125"', "0.125in"), ("3 millimetres", "3mm"), ("9 points", "9pt"),
                                           ("3 px", "3mm")])
def test_a_bleed_without_a_unit_it_knows_lists_the_units(text, example):
    assert refused("build", "--bleed", text) == ("error: pnp build: argument --bleed: expected a length with a unit "
                                                 f'(mm, cm, in or pt) like "{example}", got "{text}"')


def test_back_offset_takes_units_and_says_which():
    assert parser().parse_args(["build", "--back-offset", "1,0.02in"]).back_offset == pytest.approx((1.0, 0.508))
    assert parser().parse_args(["build", "--back-offset", "0,-1/8in"]).back_offset == pytest.approx((0.0, -3.175))
    assert "(or each with a unit: mm, cm, in or pt)" in refused("build", "--back-offset", "1,2inch")


@pytest.mark.parametrize("value, mm", [(0, 0.0), (0.0, 0.0), ("0", 0.0), ("-0", 0.0), ("63.5MM", 63.5),
                                       ("2.5In", 63.5)])
def test_spec_lengths_follow_the_same_rules(value, mm):
    assert parse_length_mm(value) == mm


def test_a_bare_number_in_a_spec_names_the_units_with_its_line(game):
    spec = game / "game.yaml"
    spec.write_text(spec.read_text().replace("size: [63.5mm, 88.9mm]", "size: [63.5, 88.9mm]"))
    code, _, err = build(game)
    line = line_of(spec, "size: [63.5, 88.9mm]")
    assert code == 2 and err.splitlines() == [f"error: demo/game.yaml:{line}: components[0].size[0]: expected a length "
                                              'with a unit (mm, cm, in or pt) like "63.5mm", got 63.5']


# -- a renamed or misspelt data column, and every other missing field a template reads -----------------------

@pytest.fixture()
def csv_game(game: Path) -> Path:
    """The demo game with its cards in demo/cards.csv (title, colour) and one plain back."""
    spec = game / "game.yaml"
    text = spec.read_text()
    start = text.index("    back: {template: demo/card-back.svg.j2")
    end = text.index("    count: 2")
    spec.write_text(text[:start] + "    back: demo/plain-back.svg.j2\n    rows: cards.csv\n" + text[end:])
    (game / "cards.csv").write_text("title,colour\nAlpha,#d35400\nBeta,#8e44ad\nGamma,#16a085\n")
    return game


def card_line(game: Path, text: str) -> int:
    return line_of(game / "templates/demo/card.svg.j2", text)


@pytest.mark.parametrize("header, columns, hint", [
    ("name,colour", "name, colour", ""),
    ("Title,colour", "Title, colour", ' (did you mean "Title"?)'),
    ("titel,colour", "titel, colour", ' (did you mean "titel"?)'),
])
def test_a_renamed_column_names_the_table_its_columns_and_the_close_one(csv_game, header, columns, hint):
    table = csv_game / "cards.csv"
    table.write_text(table.read_text().replace("title,colour", header))
    code, _, err = build(csv_game)
    line = card_line(csv_game, "fit(row.title")
    assert code == 2 and err.splitlines() == [
        f"error: demo/templates/demo/card.svg.j2:{line}: design card-alpha-d35400: row.title: no column \"title\" in "
        f"demo/cards.csv; its columns: {columns}{hint}"]


def test_a_misspelt_field_names_the_column_it_meant(csv_game):
    template = csv_game / "templates/demo/card.svg.j2"
    template.write_text(template.read_text().replace("m.background(row.colour)", "m.background(row.colur)"))
    code, _, err = build(csv_game)
    assert code == 2 and err.splitlines() == [
        f"error: demo/templates/demo/card.svg.j2:{card_line(csv_game, 'row.colur')}: design card-alpha-d35400: "
        'row.colur: no column "colur" in demo/cards.csv; its columns: title, colour (did you mean "colour"?)']


@pytest.mark.parametrize("template, old, new, said", [
    ("plain.svg.j2", "fit(row.title", "fit(row.titel",
     'row.titel: no field "titel" in the rows of component "hex" (demo/game.yaml:{rows}); its fields: title, colour '
     '(did you mean "title"?)'),
    ("coin.svg.j2", "player.colour,", "player.color,",
     'player.color: no "color"; player has: id, name, colour, pattern, symbol, seat (did you mean "colour"?)'),
    ("card.svg.j2", "art.emblem", "art.emblm", 'art.emblm: no "emblm"; art has: emblem (did you mean "emblem"?)'),
    ("card.svg.j2", "colours.paper", "colours.papr",
     'colours.papr: no "papr"; colours has: white, black, paper, ink, accent (did you mean "paper"?)'),
    ("card.svg.j2", "geo.safe.x|mm", "geo.safe.left|mm", 'geo.safe.left: no "left"; geo.safe has: x, y, w, h'),
    ("card.svg.j2", "fit(row.title", "fit(player.name",
     'player.name: this design has no player (component "card" is not per_player); test {% if player %} first'),
    ("card-back.svg.j2", '"Back of " ~ row.title', '"Back of " ~ row.colour',
     'row.colour: no field "colour" in the back of component "card", which varies by title (back.vary_by, '
     'demo/game.yaml:{back}); its fields: title'),
])
def test_every_missing_field_names_what_was_read_and_what_there_is(game, template, old, new, said):
    path = game / "templates/demo" / template
    path.write_text(path.read_text().replace(old, new))
    code, _, err = build(game)
    spec = game / "game.yaml"
    said = said.replace("{rows}", str(line_of(spec, "rows:", after="- id: hex")))
    said = said.replace("{back}", str(line_of(spec, "back:", after="- id: card")))
    lines = err.splitlines()     # plain.svg.j2 draws hexes and the standee: one line each (rows of their own)
    assert code == 2 and len(lines) == (2 if template == "plain.svg.j2" else 1)
    assert lines[0].startswith(f"error: demo/templates/demo/{template}:") and lines[0].endswith(said), lines[0]


# -- XLSX formulas without a saved value ------------------------------------------------------------------

def workbook(cell_b2: str, cell_a3: str = '<c r="A3" t="inlineStr"><is><t>Beta</t></is></c>') -> bytes:
    """A workbook as openpyxl writes it (title, count; Alpha, 1; Beta), cells B2 and A3 replaced."""
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    book.active.append(["title", "count"])
    book.active.append(["Alpha", 1])
    book.active.append(["Beta", 1])
    data = io.BytesIO()
    book.save(data)
    src = zipfile.ZipFile(io.BytesIO(data.getvalue()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as dst:
        for name in src.namelist():
            part = src.read(name)
            if name == "xl/worksheets/sheet1.xml":
                xml = re.sub(r'<c r="B2"[^>]*>.*?</c>', cell_b2, part.decode())
                part = re.sub(r'<c r="A3"[^>]*>.*?</c>', cell_a3, xml).encode()
            dst.writestr(name, part)
    return out.getvalue()


UNSAVED = ("without a saved value (the file was written by a program, not saved by a spreadsheet program); open it "
           "in one (Excel, LibreOffice Calc) and save it, or write values instead of formulas")


@pytest.mark.parametrize("cell, said", [
    ('<c r="B2"><f>1+1</f></c>', "=1+1"),                               # a number, no <v>
    ('<c r="B2"><f>1+1</f><v></v></c>', "=1+1"),                        # as openpyxl and pandas write it
    ('<c r="B2"><f>1+1</f><v/></c>', "=1+1"),
    ('<c r="B2" t="b"><f>TRUE()</f></c>', "=TRUE()"),                   # true or false
    ('<c r="B2" t="e"><f>1/0</f></c>', "=1/0"),                         # an error value
    ('<c r="B2" t="str"><f>A2&amp;"x"</f></c>', '=A2&"x"'),             # text
    ('<c r="B2"><f t="shared" si="0"/></c>', None),                      # a copy of a shared formula: no text
])
def test_a_formula_without_its_value_says_so_and_how_to_fix_it(cell, said):
    from generator.load.xlsx import read_sheet
    _, _, problems = read_sheet(workbook(cell), "cards.xlsx", None)
    formula = f"a formula ({said}) " if said else "a formula "
    assert [str(p) for p in problems] == [f"error: cards.xlsx [Sheet]:2: B2: {formula}{UNSAVED}"]


def test_saved_formula_values_are_read_and_every_unsaved_cell_counted():
    from generator.load.xlsx import read_sheet
    _, grid, problems = read_sheet(workbook('<c r="B2"><f>1+1</f><v>2</v></c>',
                                            '<c r="A3" t="str"><f>""</f><v></v></c>'), "cards.xlsx", None)
    assert problems == [] and grid[1:] == [(2, ["Alpha", 2]), (3, [None, 1])]    # an empty text result: no text
    _, _, problems = read_sheet(workbook('<c r="B2"><f>1+1</f></c>', '<c r="A3"><f>A2</f><v></v></c>'),
                                "cards.xlsx", None)
    assert [str(p) for p in problems] == [f'error: cards.xlsx [Sheet]:2: B2: a formula (=1+1) {UNSAVED}; so do 1 '
                                          "more cells (A3)"]


def test_an_unsaved_formula_in_a_game_table_is_one_line(csv_game):
    (csv_game / "cards.xlsx").write_bytes(workbook('<c r="B2"><f>1+1</f><v></v></c>'))
    spec = csv_game / "game.yaml"
    spec.write_text(spec.read_text().replace("rows: cards.csv", "rows: cards.xlsx"))
    code, _, err = build(csv_game)
    assert code == 2 and err.splitlines() == [f'error: demo/cards.xlsx [Sheet]:2: B2: a formula (=1+1) {UNSAVED}']


# -- YAML syntax errors with their usual cause ----------------------------------------------------------------

@pytest.mark.parametrize("text, line, hint", [
    ("id: x\ntitle: Cat Cafe: the game\n", 2,
     'a value with a colon and a space (or a colon at its end) must be quoted: title: "Cat Cafe: the game"'),
    ("id: x\nrules:\n  - note: Round 3: score\n", 3,
     'a value with a colon and a space (or a colon at its end) must be quoted: note: "Round 3: score"'),
    ("id: x\ntext: Note:\n  more\n", 2, 'must be quoted: text: "Note:"'),
    ("id:x\ntitle: y\n", 2, 'a key needs a space after its colon, on the line above: "id:x"'),
    ("id: x\ntext: {coin} each\n", 2, 'a value starting with "{" must be quoted (YAML reads it as a mapping): '
                                      'text: "{coin} each"'),
    ("id: x\ntext: [2] coins\n", 2, 'a value starting with "[" must be quoted (YAML reads it as a list)'),
    ("id: x\ntext: *bold* move\n", 2, 'a value starting with "*" must be quoted (YAML reads it as an alias): '
                                      'text: "*bold* move"'),
    ("id: x\ntext: @home\n", 2, 'a value starting with "@" must be quoted (YAML reserves it)'),
    ("id: x\ntext: % off\n", 2, 'a value starting with "%" must be quoted'),
    ("id: x\ntext: | more\n", 2, 'a value starting with "|" must be quoted'),
    ("id: x\ncomponents:\n\t- id: y\n", 3, "indent with spaces: YAML does not allow tabs"),
    ('id: x\ntitle: "Cat Cafe\nplayers: 2\n', 2, "the quote opened here is not closed"),
    ("id: x\nname: 'Bob's cafe'\n", 2, "text follows the closing quote: quote the whole value"),
    ('id: x\nname: "Bob" cafe\n', 2, "text follows the closing quote"),
    ("id: x\ncomponents:\n  - id: a\n   kind: card\n", 4, "check this line's indentation"),
    ("id: x\n- y\n", 2, "check this line's indentation"),
    ("id: x\ncomponents:\n  - id: a\n    kind: card\n      size: [1cm, 1cm]\n", 5,
     '"size" is indented more than "kind" on the line above: keys of one mapping start in the same column'),
    ("id: x\ncomponents:\n  - id: a\n      kind: card\n", 4, '"kind" is indented more than "id" on the line above'),
    ("id: x\n  title: y\n", 2, '"title" is indented more than "id" on the line above'),
])
def test_a_yaml_syntax_error_says_its_usual_cause(tmp_path, text, line, hint):
    path = tmp_path / "game.yaml"
    path.write_text(text)
    with pytest.raises(SpecError) as exc:
        load_yaml(path)
    [problem] = exc.value.problems
    assert problem.line == line and problem.message.startswith("malformed YAML: ") and hint in problem.message, \
        problem.message


def test_a_yaml_tag_by_mistake_and_a_colour_lost_to_a_comment(tmp_path, game):
    path = tmp_path / "t.yaml"
    path.write_text("id: x\ntext: !important\n")
    with pytest.raises(SpecError) as exc:
        load_yaml(path)
    assert str(exc.value) == ('error: ' + str(path) + ':2: text: a value starting with "!" must be quoted (YAML reads '
                              '"!important" as a tag)')
    spec = game / "game.yaml"
    spec.write_text(spec.read_text().replace('accent: "#e0a93a"', "accent: #e0a93a"))
    code, _, err = build(game)
    assert code == 2 and err.splitlines() == [
        f'error: demo/game.yaml:{line_of(spec, "accent: #e0a93a")}: palette.accent: expected a colour like "#1f6f8b", '
        "got nothing (an unquoted # starts a YAML comment: write the colour in quotes)"]


def test_the_unquoted_colon_of_the_issue_end_to_end(game):
    spec = game / "game.yaml"
    spec.write_text(spec.read_text().replace("title: Demo", "title: Cat Cafe: the game"))
    code, _, err = build(game)
    assert code == 2 and err.splitlines() == [
        f"error: demo/game.yaml:{line_of(spec, 'title: Cat')}: malformed YAML: mapping values are not allowed here; a "
        'value with a colon and a space (or a colon at its end) must be quoted: title: "Cat Cafe: the game"']


# -- a missing art file: the spec line that names it ------------------------------------------------------

def test_a_missing_art_file_gives_the_spec_line_that_names_it(game):
    (game / "art/star.svg").unlink()
    code, _, err = build(game)
    line = line_of(game / "game.yaml", "emblem: art/star.svg")
    assert code == 2 and err.splitlines() == [f'error: demo/game.yaml:{line}: art.emblem: art file not found: '
                                              '"demo/art/star.svg"']


def test_per_value_art_gives_the_line_of_its_value(game):
    spec = game / "game.yaml"
    spec.write_text(spec.read_text().replace(
        "  emblem: art/star.svg\n",
        "  emblem: art/star.svg\n  title:\n    Alpha: art/star.svg\n    Beta: art/beta.svg\n    Gamma: art/star.svg\n"
        "    One: art/star.svg\n    Two: art/star.svg\n    Stand: art/star.svg\n"))
    code, _, err = build(game)
    line = line_of(spec, "Beta: art/beta.svg")
    assert code == 2 and err.splitlines() == [f'error: demo/game.yaml:{line}: art.title.Beta: art file not found: '
                                              '"demo/art/beta.svg"']


# -- pnp check: the value that differs, first -------------------------------------------------------------

EXAMPLE = """examples:
  - name: two players
    scenario: deal
    rule: "Cards printed."
    given: {players: 2}
    expected: {card: {needed: 6, printed: 17, left: 0}, coin: {needed: 3, printed: 3, left: 0}, hex: %s}
"""


def test_a_failed_example_names_each_differing_value_first(tmp_path):
    hex_tiles = "{needed: 0, printed: 3}"     # not in the demo's setup: needs none, and 2 are printed
    (tmp_path / "ex.yaml").write_text(EXAMPLE % hex_tiles)
    code, out, _ = run_cli("check", str(DEMO), "--examples", str(tmp_path / "ex.yaml"))
    assert code == 1
    lines = out.splitlines()
    at = lines.index("  two players:")
    assert lines[at + 1:at + 4] == [
        "    card.printed: expected 17, got 6",     # 3 rows of 2 copies in tests/fixtures/demo/game.yaml
        "    hex.printed: expected 3, got 2",
        "    (the whole expected and actual: pnp check --json)"]


def test_nested_differences_are_named_by_their_path():
    from generator.solver.examples import differences
    expected = {"elders": [{"id": 1, "fish": [3, 1]}, {"id": 2, "fish": [2]}], "reserve": {"cod": 4, "herring": 1},
                "score": 17, "names": ["Builder", "Contractor"]}
    actual = {"elders": [{"id": 1, "fish": [3, 2]}, {"id": 2, "fish": [2], "extra": True}],
              "reserve": {"cod": 4}, "score": 12, "names": ["Builder"], "unasked": 1}
    assert differences(expected, actual) == [
        "elders[0].fish[1]: expected 1, got 2",
        "elders[1].extra: not expected, got true",
        'reserve.herring: expected 1, got nothing (the result has no "herring")',
        "score: expected 17, got 12",
        'names: expected 2 items ["Builder", "Contractor"], got 1 ["Builder"]',
    ]
    assert differences({"a": [1] * 50}, {"a": [2] * 50})[-1] == "and 30 more differences"


# -- fonts named in SVG art that the build does not have ------------------------------------------------------

ART_TEXT = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
<style>.jp{font-family:"MS Gothic", sans-serif; font-size:14px}</style>
<rect width="100" height="100" fill="#eeeeee"/>
<text x="5" y="25" style="font-family:Arial;font-size:14px">Hello</text>
<text x="5" y="50" font-family="'Times New Roman', serif" font-size="14">Quill</text>
<text x="5" y="75" font-family="Lato, Arial" font-size="14">Lark</text>
<text x="5" y="95" class="jp">猫</text>
</svg>
"""


@pytest.fixture(scope="module")
def font_build(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    import shutil
    root = tmp_path_factory.mktemp("fonts")
    game = root / "demo"
    shutil.copytree(DEMO, game)
    (game / "art/star.svg").write_text(ART_TEXT)
    code, _, err = run_cli("build", str(game), "--out", str(root / "out"), "--formats", "sheets,svg")
    assert code == 0, err
    return job_folder(root / "out", "demo"), err.replace(str(root) + "/", "").splitlines()


def test_each_missing_font_is_one_warning_saying_what_was_used(font_build):
    _, warnings = font_build
    said = [w for w in warnings if w.startswith('warning: font "')]
    where = "(in the art of card-alpha-d35400 and 2 more) is not one the build has; its text is set in"
    ends = "instead (put the font's .ttf or .otf files in demo/fonts/ to use it)"
    assert said == [f'warning: font "Arial" {where} Lato {ends}',
                    f'warning: font "MS Gothic" {where} Noto Sans CJK JP {ends}',
                    f'warning: font "Times New Roman" {where} Vollkorn {ends}']


def test_text_in_a_missing_font_is_printed_not_dropped(font_build):
    """Typst draws no text in a family it lacks: before this, the sheets held none of these words."""
    import pypdfium2 as pdfium
    folder, _ = font_build
    pdf = pdfium.PdfDocument(str(folder / "demo-a4.pdf"))
    text = "".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    text = "".join(text.split())      # a card turned on the sheet reads out one letter a line
    assert all(word in text for word in ("Hello", "Quill", "Lark", "猫"))
    svg = (folder / "svg/card-alpha-d35400.svg").read_text()
    assert "font-family:Lato;" in svg and 'font-family="Vollkorn"' in svg and "font-family:'Noto Sans CJK JP'" in svg
    assert 'font-family="Lato, Arial"' in svg       # a list naming a family the build has stays as written


@pytest.mark.parametrize("name", ["\x1b]0;pwned\x07deck", "red\x1b[31m\x1b[2J", "two\nlines", "back\u202egnp.exe"])
def test_a_name_that_holds_terminal_controls_is_printed_escaped(game, name):
    """A file or game name someone chose cannot rewrite the user's terminal, nor split one problem into two
    lines: every control character is written as its escape, wherever the message comes from."""
    escaped = name.encode("unicode_escape").decode("ascii")
    code, _, err = run_cli("build", name)
    assert code == 2 and len(err.splitlines()) == 1 and escaped in err, err
    spec = (game / "game.yaml").read_text().replace("front: demo/card.svg.j2", f"front: {json.dumps(f'demo/{name}.svg.j2')}")
    (game / "game.yaml").write_text(spec, encoding="utf-8")
    code, _, err = run_cli("build", str(game), "--out", str(game.parent / "out"))
    assert code == 2 and f"{escaped}.svg.j2" in err, err
    assert not any(c in err for c in "\x1b\x07\u202e") and err.count("\n") == len(err.splitlines()), err
