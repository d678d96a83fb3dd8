"""Data rules in the spec (issue 31): `columns:` says what each column of a component's rows holds. A mistake in a
declaration is a spec error at load, `pnp check` proves every row (checks of kind "data"), templates get the values
typed, and `pnp build` still prints a proof and counts the rules that fail."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import run_cli, tiny_game
from generator.load import load_game

CARD = ('<svg xmlns="http://www.w3.org/2000/svg" width="{{ geo.W|mm }}mm" height="{{ geo.H|mm }}mm" '
        'viewBox="0 0 {{ geo.W|mm }} {{ geo.H|mm }}"><text x="5" y="10">{{ row.name }} costs {{ row.cost + 1 }}'
        '{% if row.flying %} and flies{% endif %}</text></svg>')


def spec(columns: str, rows: str = "creatures.csv") -> str:
    return ("id: beasts\ntitle: Beasts\nplayers: 2\ncomponents:\n  - id: creature\n    kind: card\n"
            f"    size: [63mm, 88mm]\n    front: beasts/card.svg.j2\n    key: name\n    rows: {rows}\n"
            f"    columns:\n{columns}")


def beasts(tmp_path: Path, columns: str, table: str | None = None, rows: str = "creatures.csv") -> Path:
    game = tiny_game(tmp_path, "beasts", spec(columns, rows), {"card.svg.j2": CARD})
    if table is not None:
        (game / "creatures.csv").write_text(table, encoding="utf-8")
    return game


def line_of(game: Path, text: str) -> int:
    """The line of game.yaml holding `text`."""
    return next(i for i, line in enumerate((game / "game.yaml").read_text().splitlines(), 1) if text in line)


def rows_of(out: str) -> list[str]:
    """The report's table rows with their columns one space apart (the widths follow the longest name)."""
    return [" ".join(line.split()) for line in out.splitlines()]


def fields(game: Path) -> list[dict]:
    return [dict(r.fields) for r in load_game(game).components[0].rows]


@pytest.fixture(autouse=True)
def _here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)     # messages name files as the user types them: beasts/creatures.csv


# --- each kind, accepted (typed) and refused ---------------------------------------------------------------

KINDS = [     # declared, a good cell and what templates get, a bad cell and what they get, what the check expects
    ("{kind: whole, min: 0, max: 5}", "3", 3, "free", "free", "a whole number from 0 to 5"),
    ("{kind: whole, min: 0, max: 5}", "0", 0, "-2", -2, "a whole number from 0 to 5"),
    ("{kind: number, min: 0}", "2", 2, "lots", "lots", "a number of at least 0"),
    ("{kind: number, min: 0}", "2.5", 2.5, "-1.5", -1.5, "a number of at least 0"),
    ("{kind: text, max_length: 8}", "Bat", "Bat", "Pterodactyl", "Pterodactyl", "text of at most 8 characters"),
    ('{kind: text, pattern: "[A-Z]{2}[0-9]{2}"}', "BA01", "BA01", "ba01", "ba01", 'text matching "[A-Z]{2}[0-9]{2}"'),
    ("{kind: choice, of: [fire, water, earth]}", "water", "water", "Fire", "Fire",
     'one of fire, water, earth (did you mean "fire"?)'),
    ("{kind: yes-no}", "yes", True, "maybe", "maybe", "yes or no (true or false)"),
    ("{kind: yes-no}", "FALSE", False, "2", "2", "yes or no (true or false)"),
    ("{kind: colour}", "#FA0", "#ffaa00", "red", "red", 'a colour like "#1f6f8b" or "#fff"'),
    ("{kind: length, max: 40mm}", "2cm", 20.0, "50mm", 50.0, "a length of at most 40 mm"),
    ("{kind: length, max: 40mm}", "1in", 25.4, "12", "12", "a length of at most 40 mm"),
]


@pytest.mark.parametrize("declared, good, typed, bad, kept, expected", KINDS)
def test_each_kind_types_a_good_cell_and_names_a_bad_one(tmp_path, declared, good, typed, bad, kept, expected):
    """A bad cell of the column's kind (7 of at most 5) is still typed; one of another kind is kept as written."""
    game = beasts(tmp_path, f"      name: text\n      x: {declared}\n", f"name,x,note\nBat,{good},2\nCrow,{bad},3\n")
    bat, crow = fields(game)
    assert bat["x"] == typed and type(bat["x"]) is type(typed)
    assert crow["x"] == kept and type(crow["x"]) is type(kept)
    assert bat["note"] == "2"                        # a column not declared stays as written
    code, out, err = run_cli("check", "beasts")
    assert code == 1, err
    assert "ok data creature.name 2 rows: text" in rows_of(out)
    assert any(line.startswith("FAIL data creature.x 1 of 2 rows break it: ") for line in rows_of(out))
    assert f'  beasts/creatures.csv:3: row "crow": x: found "{bad}"; expected {expected}\n' in out


def test_a_table_that_holds_every_rule_passes(tmp_path):
    beasts(tmp_path, "      name: {kind: text, required: true, unique: true}\n      cost: {kind: whole, min: 0, max: 5}\n",
           "name,cost\nBat,1\nCrow,5\n")
    code, out, err = run_cli("check", "beasts")
    assert code == 0, err
    assert "ok data creature.cost 2 rows: a whole number from 0 to 5" in rows_of(out)


# --- defaults, required, unique ----------------------------------------------------------------------------

def test_an_empty_cell_takes_the_default_and_breaks_a_required_column(tmp_path):
    game = beasts(tmp_path, "      cost: {kind: whole, default: 0}\n      flying: {kind: yes-no, default: false}\n"
                            "      text: {kind: text, required: true}\n", "name,cost,flying,text\nBat,,,Flaps\nCrow,2,yes,\n")
    assert [(r["cost"], r["flying"]) for r in fields(game)] == [(0, False), (2, True)]
    code, out, _ = run_cli("check", "beasts")
    assert code == 1
    assert '  beasts/creatures.csv:3: row "crow": text: found nothing; expected a value (the column is required)\n' in out
    assert "ok data creature.cost 2 rows: a whole number, default 0" in rows_of(out)


def test_a_unique_column_names_the_row_that_had_the_value_first(tmp_path):
    beasts(tmp_path, "      code: {kind: text, unique: true}\n      rank: {kind: whole, unique: true}\n",
           "name,code,rank\nBat,BA01,2\nCrow,CR02,3\nToad,BA01,02\n")
    code, out, _ = run_cli("check", "beasts")
    assert code == 1
    assert ('  beasts/creatures.csv:4: row "toad": code: found "BA01"; expected a value no other row has; '
            'row "bat" (line 2) has it too\n') in out
    assert '  beasts/creatures.csv:4: row "toad": rank: found "02"; expected a value no other row has; row "bat"' in out


def test_rows_written_in_the_spec_are_typed_take_defaults_and_name_their_line(tmp_path):
    rows = "\n      - {name: Bat, cost: 1, flying: true}\n      - {name: Crow}\n      - {name: Toad, cost: free}"
    game = beasts(tmp_path, "      cost: {kind: whole, default: 0}\n      flying: {kind: yes-no, default: false}\n",
                  rows=rows)
    assert [(r["cost"], r["flying"]) for r in fields(game)] == [(1, True), (0, False), ("free", False)]
    code, out, _ = run_cli("check", "beasts")
    line = line_of(game, "Toad")
    assert code == 1
    assert f'  beasts/game.yaml:{line}: row "toad": cost: found "free"; expected a whole number\n' in out


# --- mistakes in a declaration: spec errors at load, one line each --------------------------------------------

def test_each_mistake_in_a_declaration_is_one_line_with_its_file_line_and_key(tmp_path):
    columns = {
        "cost": "{kind: hole}",
        "power": "{kind: number, min: 5, max: 2}",
        "flying": "{kind: yes-no, default: maybe}",
        "rank": "{kind: whole, max: 5, default: 9}",
        "suit": "{kind: choice, of: [fire], colour: red}",
        "reach": "{kind: text, min: 2}",
        "tint": "{kind: choice}",
        "text": "{kind: text, required: true, default: none}",
        "cots": "whole",
        "count": "whole",
    }
    game = beasts(tmp_path, "".join(f"      {k}: {v}\n" for k, v in columns.items()),
                  "name,cost,power,flying,rank,suit,reach,tint,text\nBat,1,2,yes,1,fire,a,b,c\n")
    code, _, err = run_cli("check", "beasts")
    at = {k: f"error: beasts/game.yaml:{line_of(game, f'      {k}: ')}: components[0].columns.{k}" for k in columns}
    assert code == 2
    assert err.splitlines() == [
        f'{at["cost"]}.kind: expected one of whole, number, text, choice, yes-no, colour, length, got "hole" '
        '(did you mean "whole"?)',
        f"{at['power']}.min: expected at most max (2), got 5",
        f'{at["flying"]}.default: expected yes or no (true or false), got "maybe"',
        f"{at['rank']}.default: expected a whole number of at most 5, got 9",
        f"{at['suit']}.colour: unknown key; expected one of: default, kind, max, max_length, min, min_length, of, "
        "pattern, required, unique",
        f"{at['reach']}.min: applies to whole, number and length columns, not to text",
        f'{at["tint"]}: a choice column needs "of", the values it allows',
        f"{at['text']}.default: a required column takes no default: an empty cell is the mistake it reports",
        f'{at["count"]}: "count" is no data column: it sets each row\'s copies',
        f"{at['cots']}: no row has this column; the rows' columns are: name, cost, power, flying, rank, suit, reach, "
        'tint, text (did you mean "cost"?)',
    ]


@pytest.mark.parametrize("pattern, message", [
    ("[A-Z", 'expected a regular expression, got "[A-Z": unterminated character set at character 0'),
    ("(a+)+$", 'a repeat inside a repeat ("(a+)+$") can take hours to fail on one cell; write the pattern without '
               "one (a fixed count inside, like ([A-Z]{2}-)+, is fine)"),
    ("([a-z]{1,12} ?)+", 'a repeat inside a repeat ("([a-z]{1,12} ?)+") can take hours to fail on one cell; write the '
                         "pattern without one (a fixed count inside, like ([A-Z]{2}-)+, is fine)"),
    ("A" * 201, "expected a regular expression of at most 200 characters, got one of 201"),
])
def test_a_pattern_that_cannot_be_used_safely_is_refused_at_load(tmp_path, pattern, message):
    game = beasts(tmp_path, f'      code: {{kind: text, pattern: "{pattern}"}}\n', "name,code\nBat,BA01\n")
    code, _, err = run_cli("check", "beasts")
    assert code == 2
    assert err == f"error: beasts/game.yaml:{line_of(game, 'code:')}: components[0].columns.code.pattern: {message}\n"


def test_a_fixed_count_inside_a_repeat_is_allowed(tmp_path):
    beasts(tmp_path, '      code: {kind: text, pattern: "([A-Z]{2}-)+[0-9]{2}"}\n', "name,code\nBat,NB-AT-01\n")
    code, out, err = run_cli("check", "beasts")
    assert code == 0, err + out


# --- templates, the build's summary, the report's size and JSON ----------------------------------------------

def test_templates_get_numbers_and_the_build_counts_the_rules_that_fail(tmp_path):
    beasts(tmp_path, "      cost: {kind: whole, max: 5}\n      flying: {kind: yes-no, default: false}\n",
           "name,cost,flying\nBat,3,yes\nWolf,7,\n")
    code, out, err = run_cli("build", "beasts", "--formats", "svg", "--out", "out")
    assert code == 0, err
    svg = Path("out/beasts-svg/svg")
    assert ">Bat costs 4 and flies</text>" in (svg / "creature-bat.svg").read_text()
    assert ">Wolf costs 8</text>" in (svg / "creature-wolf.svg").read_text()      # a proof of the breaking row
    assert err.splitlines() == ["beasts: 1 of 2 data rules fail (1 cell): see pnp check beasts"]


def test_a_long_table_reports_one_line_per_column_and_lists_its_breaches_in_the_json(tmp_path):
    rows = "".join(f"Beast {i},{'x' if i % 2 else i % 5}\n" for i in range(3000))
    beasts(tmp_path, "      cost: {kind: whole, min: 0, max: 5}\n", "name,cost\n" + rows)
    code, out, _ = run_cli("check", "beasts")
    assert code == 1
    assert "FAIL data creature.cost 1500 of 3000 rows break it: a whole number from 0 to 5" in rows_of(out)
    assert out.count('found "x"') == 5 and "  and 1,495 more (pnp check --json lists them)\n" in out
    code, out, _ = run_cli("check", "beasts", "--json")
    check = next(c for c in json.loads(out)["games"][0]["checks"] if c["kind"] == "data")
    assert check["ok"] is False and len(check["breaches"]) == 1000 and check["more"] == 500
    assert check["breaches"][0] == {"file": "beasts/creatures.csv", "line": 3, "row": "beast-1", "column": "cost",
                                    "value": "x", "expected": "a whole number from 0 to 5"}


def test_a_spreadsheet_gives_numbers_and_true_or_false_that_the_columns_take_as_they_are(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Creatures"
    for row in (["name", "cost", "power", "flying", "code"], ["Bat", 3, 2.5, True, 1234], ["Crow", "free", 2, False, 77]):
        sheet.append(row)
    game = beasts(tmp_path, "      cost: {kind: whole, min: 0, max: 5}\n      power: number\n      flying: yes-no\n"
                            "      code: text\n", rows="{file: creatures.xlsx, sheet: Creatures}")
    book.save(game / "creatures.xlsx")
    bat, crow = fields(game)
    assert (bat["cost"], bat["power"], bat["flying"], bat["code"]) == (3, 2.5, True, "1234")
    assert (crow["cost"], crow["power"], crow["flying"]) == ("free", 2, False)
    code, out, _ = run_cli("check", "beasts")
    assert code == 1
    assert ('  beasts/creatures.xlsx [Creatures]:3: row "crow": cost: found "free"; expected a whole number from 0 '
            "to 5\n") in out


# --- new games start declared ----------------------------------------------------------------------------

def test_a_new_game_declares_its_cards_columns_and_checks_them(tmp_path):
    assert run_cli("new", "fresh")[0] == 0
    code, out, err = run_cli("check", "fresh", "--json")
    assert code == 0, err
    data = {c["name"]: c["ok"] for c in json.loads(out)["games"][0]["checks"] if c["kind"] == "data"}
    assert data == {"card.title": True, "card.cost": True, "card.text": True}
    table = Path("fresh/cards.csv")
    table.write_text(table.read_text().replace("Harbour,2,", "Harbour,two,"))
    code, out, _ = run_cli("check", "fresh")
    assert code == 1 and '  fresh/cards.csv:2: row "harbour": cost: found "two"; expected a whole number from 0 to 9' in out


def test_a_new_deck_of_images_declares_its_rows_columns(tmp_path):
    from PIL import Image

    Path("art").mkdir()
    for name in ("ace", "king_x2"):
        Image.new("RGB", (300, 420), (200, 30, 30)).save(f"art/{name}.png")
    assert run_cli("new", "deck", "--images", "art")[0] == 0
    code, out, err = run_cli("check", "deck", "--json")
    assert code == 0, err
    data = {c["name"]: c["detail"] for c in json.loads(out)["games"][0]["checks"] if c["kind"] == "data"}
    assert data == {"card.image": "2 rows: text, required, unique", "card.name": "2 rows: text, required"}


def test_a_choice_of_thousands_of_values_is_said_in_short_and_checked_quickly(tmp_path):
    values = ", ".join(f"s{i}" for i in range(5000))
    rows = "".join(f"Beast {i},x{i}\n" for i in range(3000))
    beasts(tmp_path, f"      suit: {{kind: choice, of: [{values}]}}\n", "name,suit\nBat,s4999\n" + rows)
    code, out, _ = run_cli("check", "beasts")
    assert code == 1
    assert ('  beasts/creatures.csv:3: row "beast-0": suit: found "x0"; expected one of s0, s1, s2, s3, s4, s5, s6, s7, '
            "s8, s9, s10, s11 and 4,988 more\n") in out
