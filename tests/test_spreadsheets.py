"""Data tables as people save them: Excel's CSV UTF-8, semicolons, TSV, Google Sheets' blank rows,
XLSX sheets with formulas; errors name the table, its spreadsheet row and the column."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import run_cli
from generator.load import load_game


def use_table(game: Path, rows: str) -> None:
    """The demo's card rows come from a table instead of the spec."""
    spec = (game / "game.yaml").read_text()
    if "    rows:\n      - {title: Alpha" in spec:
        start = spec.index("    rows:\n      - {title: Alpha")
        end = spec.index("    count: 2")
        spec = spec[:start] + "    rows: TABLE\n" + spec[end:]
    else:
        spec = re.sub(r"    rows: (cards\.\w+|\{file:[^}]*\})\n", "    rows: TABLE\n", spec, count=1)
    (game / "game.yaml").write_text(spec.replace("rows: TABLE", f"rows: {rows}"))


def cards(game: Path) -> list[dict]:
    return [dict(r.fields) | {"count": r.count} for r in load_game(game).component("card").rows]


def check(game: Path) -> tuple[int, list[str]]:
    code, out, err = run_cli("check", str(game))
    return code, err.replace(str(game.parent) + "/", "").splitlines()


EXPECTED = [{"title": "Alpha", "colour": "#d35400", "count": 2}, {"title": "Beta", "colour": "#8e44ad", "count": 1}]


@pytest.mark.parametrize("name, data", [
    ("cards.csv", "\ufefftitle,colour,count\r\nAlpha,#d35400,2\r\nBeta,#8e44ad,1\r\n".encode("utf-8")),   # Excel
    ("cards.csv", b"title;colour;count\nAlpha;#d35400;2\nBeta;#8e44ad;1\n"),                                # ; export
    ("cards.tsv", b"title\tcolour\tcount\nAlpha\t#d35400\t2\nBeta\t#8e44ad\t1\n"),
    ("cards.csv", b"title,colour,count\nAlpha,#d35400,2\nBeta,#8e44ad,1\n,,\n,,\n\n"),                    # Sheets
])
def test_tables_as_people_save_them(game, name, data):
    (game / name).write_bytes(data)
    use_table(game, name)
    assert cards(game) == EXPECTED


def test_a_row_wider_than_its_header_names_file_and_line(game):
    (game / "cards.csv").write_text("title,colour,count\nAlpha,#d35400,2\nBeta, the second,#8e44ad,1\n")
    use_table(game, "cards.csv")
    code, err = check(game)
    assert code == 2 and err == ["error: demo/cards.csv:3: 4 cells in a row under a header of 3; quote text that "
                                 "holds the separator, or check the separator"]


def test_row_errors_name_the_table_its_row_and_the_column(game):
    (game / "cards.csv").write_text('title,colour,count\nAlpha,#d35400,2\n"Beta\nwith a line break",#8e44ad,three\n')
    use_table(game, "cards.csv")
    code, err = check(game)
    assert code == 2 and err == ['error: demo/cards.csv:3: count: expected a whole number, got "three"']


def test_an_xlsx_sheet_is_read_directly_with_formulas_as_values(game):
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    book.active.title = "Notes"
    book.active.append(["not", "this", "sheet"])
    ws = book.create_sheet("Cards")
    ws.append(["title", "colour", "count"])
    ws.append(["Alpha", "#d35400", 2])
    ws.append(["Beta", "#8e44ad", "=C2-1"])
    book.save(game / "cards.xlsx")
    _save_cached_values(game / "cards.xlsx", {"C3": 1})
    use_table(game, "{file: cards.xlsx, sheet: Cards}")
    assert cards(game) == EXPECTED
    use_table(game, "{file: cards.xlsx, sheet: Carts}")
    code, err = check(game)
    assert code == 2 and err == ['error: demo/cards.xlsx: no sheet "Carts"; expected one of: Notes, Cards']


def _save_cached_values(path: Path, values: dict[str, int]) -> None:
    """openpyxl writes formulas without their results; a spreadsheet program saves both. Add the
    cached result the way Excel stores it (<f> and <v> in the cell)."""
    import re
    import zipfile
    src = zipfile.ZipFile(path)
    items = {n: src.read(n) for n in src.namelist()}
    src.close()
    sheet = "xl/worksheets/sheet2.xml"
    xml = items[sheet].decode()
    for cell, value in values.items():
        xml = re.sub(rf'(<c r="{cell}"[^>]*>)<f>([^<]*)</f>(<v\s*/>|<v></v>)?', rf"\1<f>\2</f><v>{value}</v>", xml)
    items[sheet] = xml.encode()
    with zipfile.ZipFile(path, "w") as out:
        for n, data in items.items():
            out.writestr(n, data)


def test_long_cell_values_give_short_stable_file_names(game, tmp_path):
    long = "An effect text far longer than any file name may be. " * 12
    (game / "cards.csv").write_text(f"title,colour,effect\nAlpha,#d35400,{long}\nBeta,#8e44ad,{long}!\n")
    use_table(game, "cards.csv")
    ids = []
    for out in ("out1", "out2"):
        code, _, err = run_cli("build", str(game), "--out", str(tmp_path / out), "--formats", "svg")
        assert code == 0, err
        doc = json.loads((tmp_path / out / "demo-svg" / "manifest.json").read_text())
        ids.append([d["id"] for d in doc["designs"]])
    assert ids[0] == ids[1] and max(len(i) for i in ids[0]) <= 80
    assert len(set(ids[0])) == len(ids[0])


@pytest.mark.parametrize("data, message", [
    (b"title,colour\nAlpha,#d35400\x00\n", "demo/cards.csv:2: a NUL character: expected text"),
    (b'title,colour\n"Alpha,#d35400\n', "demo/cards.csv:2: malformed CSV: unexpected end of data"),
    (b"title,title\nAlpha,Beta\n", 'demo/cards.csv:1: column 2 repeats the name "title" of an earlier column'),
    (b"\xff\xfetitle\n", 'demo/cards.csv:1: expected UTF-8 text (in Excel: save as "CSV UTF-8")'),
])
def test_broken_tables_are_one_line(game, data, message):
    (game / "cards.csv").write_bytes(data)
    use_table(game, "cards.csv")
    code, err = check(game)
    assert code == 2 and len(err) == 1 and err[0].startswith("error: " + message), err
