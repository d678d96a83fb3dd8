"""Hostile data inputs, class by class: YAML whole numbers past Python's 4,300 digits in every YAML input,
Izakaya positions with infinite corners or unchecked footprints, answers too large to print, damaged
and oversized XLSX workbooks, and CSV files built to be slow. Each is refused with one line (file,
place, what is expected), exit 2, no traceback, in bounded time (subprocess timeouts)."""

from __future__ import annotations

import io
import json
import os
import random
import re
import subprocess
import sys
import time
import zipfile
import zlib
from pathlib import Path

import pytest

from conftest import run_pnp

ROOT = Path(__file__).parent.parent
BIG = "9" * 5000                 # past Python's 4,300-digit limit (the number)
QUICK = 15                       # seconds: a regression to quadratic time fails by timeout, not a hang


def pnp(*argv: str, cwd: Path, timeout: float = QUICK) -> tuple[int, list[str], str]:
    """Exit code, stderr lines and stdout of the real command."""
    run = run_pnp(*argv, cwd=cwd, timeout=timeout)
    return run.returncode, run.stderr.splitlines(), run.stdout


def check(game: Path, *extra: str, timeout: float = QUICK) -> tuple[int, list[str]]:
    code, err, _ = pnp("check", game.name, *extra, cwd=game.parent, timeout=timeout)
    return code, err


def use_table(game: Path, rows: str) -> None:
    """The demo's card rows come from a table instead of the spec."""
    spec = (game / "game.yaml").read_text()
    start = spec.index("    rows:\n      - {title: Alpha")
    end = spec.index("    count: 2")
    (game / "game.yaml").write_text(spec[:start] + f"    rows: {rows}\n" + spec[end:])


def one_line(code: int, err: list[str], *words: str) -> None:
    assert code == 2 and len(err) == 1 and err[0].startswith("error: "), err[:12]
    assert all(w in err[0] for w in words), err[0][:400]


# -- YAML whole numbers ------------------------------------------------------------------------------------
def test_a_huge_number_in_the_spec_names_file_line_and_key(game):
    spec = (game / "game.yaml").read_text().replace("    count: 2\n", f"    count: {BIG}\n", 1)
    (game / "game.yaml").write_text(spec)
    line = spec[:spec.index(BIG)].count("\n") + 1
    one_line(*check(game), f"game.yaml:{line}:", "components[0].count", "5,000 digits", "at most")


@pytest.mark.parametrize("text", [
    f"extra: {BIG}\n",                          # a value
    f"? {BIG}\n: 1\n",                          # a key
    f"extra: -{BIG}\n",
    "extra: 0x" + "f" * 5000 + "\n",            # hexadecimal: linear, but still far past any count
    "extra: " + "1:" * 300_000 + "1\n",         # base 60: Python's conversion is quadratic in the parts
], ids=["value", "key", "negative", "hexadecimal", "base-60"])
def test_huge_whole_numbers_in_any_yaml_are_one_line_in_bounded_time(game, text):
    (game / "game.yaml").write_text((game / "game.yaml").read_text() + text)
    started = time.monotonic()
    code, err = check(game)
    assert time.monotonic() - started < 10
    one_line(code, err, "game.yaml:", "digits", "expected at most")


@pytest.mark.parametrize("text, expected", [
    ("!!int abc", "expected a whole number"),
    ("!!float abc", "expected a number"),
    ("!!timestamp abc", "expected a date"),
    ("!!timestamp 2020-13-45", "expected a date"),
    ("!!bool maybe", "expected true or false"),
])
def test_a_tag_its_text_cannot_satisfy_is_one_line(game, text, expected):
    (game / "game.yaml").write_text((game / "game.yaml").read_text() + f"extra: {text}\n")
    code, err = check(game)
    assert code == 2 and err and all(line.startswith("error: ") for line in err)
    assert any(expected in line and "game.yaml:" in line for line in err), err


def test_a_huge_number_in_a_theme_is_one_line(game):
    (game / "theme.yaml").write_text(f"palette:\n  paper: {BIG}\n")
    code, err, _ = pnp("build", game.name, "--out", "out", "--formats", "svg", "--theme", "demo/theme.yaml",
                       cwd=game.parent)
    one_line(code, err, "theme.yaml:2:", "palette.paper", "digits")


def test_a_huge_number_in_an_examples_file_is_one_line(game):
    (game / "more.yaml").write_text(f"examples:\n  - name: x\n    scenario: deal\n    given: {{players: {BIG}}}\n"
                                    "    expected: {players: 2}\n")
    one_line(*check(game, "--examples", "demo/more.yaml"), "more.yaml:4:", "digits")


def test_a_huge_number_in_a_shop_preset_is_one_line(game):
    (game / "shop.yaml").write_text(f"name: My shop\ndpi: {BIG}\n")
    code, err, _ = pnp("build", game.name, "--out", "out", "--formats", "svg", "--shop", "demo/shop.yaml",
                       cwd=game.parent)
    one_line(code, err, "shop.yaml:2:", "dpi", "digits")


# -- Izakaya positions and answers -------------------------------------------------------------------------
def solve(tmp_path: Path, position: str, *question: str) -> tuple[int, list[str], str]:
    (tmp_path / "pos.yaml").write_text(position)
    return pnp("solve", "izakaya", *(question or ("score",)), "--position", "pos.yaml", cwd=tmp_path)


def test_a_huge_number_in_a_position_is_one_line(tmp_path):
    code, err, out = solve(tmp_path, f"players: [A, B]\nyen: {{A: {BIG}}}\n")
    one_line(code, err, "pos.yaml:2:", "yen.A", "digits")


@pytest.mark.parametrize("corner", ["[.inf, 1]", "[1, -.inf]", "[.nan, 1]", "[1.5, 1]", "[1, true]", "[a, 1]",
                                    '"1,x"', "[1, 2, 3]", "7"])
def test_a_corner_that_is_not_two_whole_numbers_is_one_line(tmp_path, corner):
    code, err, _ = solve(tmp_path, f"players: [A, B]\ndrinks:\n  - {{corner: {corner}, colour: white}}\n")
    one_line(code, err, "pos.yaml:3:", "drinks[0].corner", "[row, col]", "whole numbers")


@pytest.mark.parametrize("footprint, expected", [
    (".inf", "expected a whole number"), ("abc", "expected a whole number"), ("[1]", "expected a whole number"),
    ("1.5", "expected a whole number"), ("2", "at most 1"), ("-1", "at least 0"),
])
def test_a_building_footprint_is_checked(tmp_path, footprint, expected):
    position = ("players: [A, B]\npyramids: [{card: [0, 0], player: A}]\n"
                f"buildings:\n  - {{card: [0, 0], owner: A, floors: 1, footprint: {footprint}}}\n")
    code, err, _ = solve(tmp_path, position)
    one_line(code, err, "pos.yaml:4:", "buildings[0].footprint", expected)


def test_two_buildings_on_one_footprint_and_a_corner_card_are_refused_not_guessed(tmp_path):
    position = ("players: [A, B]\nbuildings:\n  - {card: [0, 0], owner: A, floors: 1, footprint: 1}\n"
                "  - {card: [0, 0], owner: B, floors: 2, footprint: 1}\n  - {card: [.inf, 0], owner: A, floors: 1}\n")
    code, err, _ = solve(tmp_path, position)
    assert code == 2 and len(err) == 2, err
    assert "buildings[1].footprint" in err[0] and "two buildings on footprint 1" in err[0]
    assert "buildings[2].card" in err[1] and "whole numbers" in err[1]


def test_floors_past_any_printed_footprint_are_refused(tmp_path):
    code, err, _ = solve(tmp_path, "players: [A, B]\nbuildings:\n  - {card: [0, 0], owner: A, floors: "
                                   + "9" * 90 + "}\n")
    one_line(code, err, "pos.yaml:3:", "buildings[0].floors", "at most")


def test_an_answer_past_pythons_digits_is_one_line_not_a_traceback(tmp_path):
    amount = "9" * 4298 + "00"      # whole 100s of yen; the pile's sum has 4,301 digits
    code, err, out = pnp("solve", "izakaya", "bid", "--order", "A,B", "--yen", f"{amount},{amount}",
                         "--bids", f"{amount},{amount}", "--pile", amount, cwd=tmp_path)
    one_line(code, err, "pnp solve izakaya", "4,300 digits")
    assert out == ""


def test_large_numbers_within_the_limit_are_answered_exactly(tmp_path):
    price = 10 ** 90
    position = (f"players: [A, B]\nprices: {{white: {price}}}\ndrinks: [{{corner: [1, 1], colour: white}}]\n"
                "pyramids: [{card: [0, 0], player: A}]\nbuildings: [{card: [0, 0], owner: A, floors: 3}]\n")
    code, err, out = solve(tmp_path, position, "score", "--json")
    assert code == 0, err
    assert json.loads(out)["scores"]["A"] == 3 * price


# -- XLSX ---------------------------------------------------------------------------------------------------
MAIN = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'


def workbook_parts() -> dict[str, bytes]:
    """A workbook of one sheet "Cards" with a <dimension>: a header and two rows, as openpyxl writes it."""
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    ws = book.active
    ws.title = "Cards"
    for row in (["title", "colour", "count"], ["Alpha", "#d35400", 2], ["Beta", "#8e44ad", 1]):
        ws.append(row)
    data = io.BytesIO()
    book.save(data)
    with zipfile.ZipFile(data) as z:
        return {n: z.read(n) for n in z.namelist()}


SHEET = "xl/worksheets/sheet1.xml"


def save(path: Path, parts: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> None:
    with zipfile.ZipFile(path, "w", method) as out:
        for name, data in parts.items():
            out.writestr(name, data)


def with_sheet(game: Path, edit, method: int = zipfile.ZIP_DEFLATED) -> None:
    parts = workbook_parts()
    xml = parts[SHEET].decode()
    assert '<dimension ref="A1:C3"/>' in xml
    parts[SHEET] = edit(xml).encode()
    save(game / "cards.xlsx", parts, method)
    use_table(game, "cards.xlsx")


def replace_c3(cell: str):
    return lambda xml: re.sub(r'<c r="C3"[^>]*>.*?</c>', cell, xml)


def test_a_clean_workbook_is_read(game):
    with_sheet(game, lambda xml: xml)
    code, err = check(game)
    assert code != 2 and not any(line.startswith("error") for line in err), err


@pytest.mark.parametrize("cell, expected", [
    ('<c r="C3" t="n"><v>abc</v></c>', 'C3: expected a number, got "abc"'),
    ('<c r="C3" t="s"><v>99</v></c>', 'C3: refers to shared text number "99"'),
    ('<c r="C3" t="s"><v>-1</v></c>', 'C3: refers to shared text number "-1"'),    # not the last text, silently
    ('<c r="C3" t="b"><v>x</v></c>', "C3: expected 0 or 1"),
    ('<c r="C3" t="d"><v>not a date</v></c>', "C3: expected a date"),
    ('<c r="C3" s="x"><v>1</v></c>', 'C3: its style "x"; expected a style number'),
    ('<c r="C3" t="zz"><v>1</v></c>', 'C3: its type "zz"'),
    (f'<c r="C3"><v>{BIG}</v></c>', "C3: a whole number of 5,000 digits; expected at most"),
    ('<c r="ZZZZ3"><v>1</v></c>', 'a cell named "ZZZZ3" in row 3; expected a name like C3'),
    ('<c r="C9"><v>1</v></c>', 'a cell named "C9" in row 3'),
    ('<c r="B3"><v>1</v></c>', "cell B3 after cell B3; expected the cells of a row in order"),
    ('<c r="GS3"><v>1</v></c>', "lies past column GR; expected at most 200 columns"),
])
def test_a_malformed_or_mistyped_cell_names_sheet_and_cell(game, cell, expected):
    with_sheet(game, replace_c3(cell))
    one_line(*check(game), "cards.xlsx [Cards]:3:", expected)


@pytest.mark.parametrize("ref, expected", [("A1:XFD1048576", "16,384 columns; expected at most 200"),
                                           ("A1:C20000", "20,000 rows; expected at most 10,000"),
                                           ("A1:ZZZZ9", 'its dimension is "A1:ZZZZ9"; expected a range')])
def test_a_declared_dimension_past_the_limits_is_refused_before_the_rows(game, ref, expected):
    with_sheet(game, lambda xml: xml.replace('<dimension ref="A1:C3"/>', f'<dimension ref="{ref}"/>'))
    one_line(*check(game), "cards.xlsx [Cards]", expected)


def test_rows_past_the_limit_are_refused_even_when_the_dimension_lies(game):
    rows = "".join(f'<row r="{i}"><c r="A{i}" t="inlineStr"><is><t>x{i}</t></is></c></row>' for i in range(4, 30_000))
    with_sheet(game, lambda xml: xml.replace("</row></sheetData>", "</row>" + rows + "</sheetData>"),
               zipfile.ZIP_STORED)
    one_line(*check(game), "cards.xlsx [Cards]:10002:", "row 10,002", "at most 10,000 rows")


def test_a_row_of_millions_of_cells_stops_at_the_column_limit(game):
    """4.5 million cells in one row, stored unpacked so only the sheet's own bound can stop it quickly."""
    row = '<row r="4">' + "<c/>" * 4_500_000 + "</row>"
    with_sheet(game, lambda xml: xml.replace('<dimension ref="A1:C3"/>', "").replace(
        "</row></sheetData>", "</row>" + row + "</sheetData>"), zipfile.ZIP_STORED)
    started = time.monotonic()
    code, err = check(game, timeout=30)
    assert time.monotonic() - started < 5
    one_line(code, err, "cards.xlsx [Cards]:4:", "past column GR", "at most 200 columns")


def bomb(part: str, size: int) -> tuple[str, bytes, int, int]:
    """A deflated part that inflates to about `size` bytes of one repeated shared text: small packed, huge
    unpacked. The repeated block is packed once, ending on a full flush, so its bytes can be repeated."""
    head, tail = b"<sst " + MAIN.encode() + b">", b"</sst>"
    body = b"<si><t>a</t></si>" * (1 << 16)
    def packed(data: bytes, end: int) -> bytes:
        packer = zlib.compressobj(9, zlib.DEFLATED, -15)
        return packer.compress(data) + packer.flush(end)
    repeats = (size - len(head) - len(tail)) // len(body)
    crc = zlib.crc32(head)
    for _ in range(repeats):
        crc = zlib.crc32(body, crc)
    data = packed(head, zlib.Z_FULL_FLUSH) + packed(body, zlib.Z_FULL_FLUSH) * repeats + packed(tail, zlib.Z_FINISH)
    return part, data, len(head) + repeats * len(body) + len(tail), zlib.crc32(tail, crc)


def save_with_raw(path: Path, parts: dict[str, bytes], raw: tuple[str, bytes, int, int],
                  declared: int | None = None) -> None:
    """The workbook with one part written from already-deflated bytes (and, to lie, another declared size)."""
    name, packed, size, crc = raw
    save(path, parts)
    with zipfile.ZipFile(path, "a") as z:
        info = zipfile.ZipInfo(name)
        info.compress_type = zipfile.ZIP_DEFLATED
        info.CRC, info.compress_size, info.file_size = crc, len(packed), size if declared is None else declared
        z.fp.seek(z.start_dir)
        info.header_offset = z.start_dir
        z.fp.write(info.FileHeader(zip64=False))
        z.fp.write(packed)
        z.start_dir = z.fp.tell()
        z.filelist.append(info)
        z.NameToInfo[name] = info
        z._didModify = True


def with_shared_strings(parts: dict[str, bytes]) -> dict[str, bytes]:
    rels = "xl/_rels/workbook.xml.rels"
    parts[rels] = parts[rels].replace(b"</Relationships>", b'<Relationship Id="rIdS" Type="http://schemas.'
                                      b'openxmlformats.org/officeDocument/2006/relationships/sharedStrings" '
                                      b'Target="sharedStrings.xml"/></Relationships>')
    return parts


@pytest.fixture(scope="module")
def shared_strings_bomb() -> tuple[str, bytes, int, int]:
    return bomb("xl/sharedStrings.xml", 2 << 30)        # 2 GB unpacked from about 5 MB, as in the issue


def test_a_part_that_inflates_past_the_limit_is_refused_unread(game, shared_strings_bomb):
    save_with_raw(game / "cards.xlsx", with_shared_strings(workbook_parts()), shared_strings_bomb)
    use_table(game, "cards.xlsx")
    assert (game / "cards.xlsx").stat().st_size < 20 * 1024 * 1024
    started = time.monotonic()
    code, err = check(game)
    assert time.monotonic() - started < 5
    one_line(code, err, "cards.xlsx:", '"xl/sharedStrings.xml" unpacks to 2,04', "at most 20 MB")


def test_a_theme_that_inflates_is_refused_though_a_table_never_reads_it(game):
    raw = bomb("xl/theme/theme1.xml", 200 * 1024 * 1024)
    parts = workbook_parts()
    del parts["xl/theme/theme1.xml"]
    save_with_raw(game / "cards.xlsx", parts, raw)
    use_table(game, "cards.xlsx")
    one_line(*check(game), '"xl/theme/theme1.xml"', "200 MB", "at most 20 MB")


def test_a_part_packed_far_tighter_than_spreadsheets_pack_is_refused(game):
    raw = bomb("xl/sharedStrings.xml", 15 * 1024 * 1024)    # under the size limit, 800 times smaller packed
    save_with_raw(game / "cards.xlsx", with_shared_strings(workbook_parts()), raw)
    use_table(game, "cards.xlsx")
    one_line(*check(game), '"xl/sharedStrings.xml"', "times", "at most 100 times")


def test_the_parts_together_are_bounded(game):
    """Three parts of 19 MB, each under the part limit and packed about 60 times (random bytes among zeros)."""
    parts = workbook_parts()
    rng = random.Random(1)
    block = lambda: bytes(rng.getrandbits(8) for _ in range(32)) + bytes(2000)
    for i in range(3):
        parts[f"xl/media/image{i}.bin"] = b"".join(block() for _ in range(19 * 1024 * 1024 // 2032))
    save(game / "cards.xlsx", parts)
    use_table(game, "cards.xlsx")
    assert (game / "cards.xlsx").stat().st_size < 2 * 1024 * 1024
    one_line(*check(game), "cards.xlsx:", "the workbook unpacks to 57 MB", "at most 50 MB")


def test_a_part_that_lies_about_its_size_is_one_line(game):
    raw = bomb("xl/sharedStrings.xml", 8 * 1024 * 1024)
    save_with_raw(game / "cards.xlsx", with_shared_strings(workbook_parts()), raw, declared=1000)
    use_table(game, "cards.xlsx")
    started = time.monotonic()
    code, err = check(game)
    assert time.monotonic() - started < 5
    one_line(code, err, "cards.xlsx", "unreadable XLSX workbook")


def test_a_doctype_in_a_part_is_refused_unexpanded(game):
    laughs = ('<!DOCTYPE s [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
              '<sst ' + MAIN + '><si><t>&b;</t></si></sst>')
    parts = with_shared_strings(workbook_parts())
    parts["xl/sharedStrings.xml"] = laughs.encode()
    save(game / "cards.xlsx", parts)
    use_table(game, "cards.xlsx")
    one_line(*check(game), '"xl/sharedStrings.xml"', "DTD")


# -- CSV -----------------------------------------------------------------------------------------------------
def test_a_header_of_a_million_names_is_one_line_quickly(game):
    (game / "cards.csv").write_text(",".join(f"c{i}" for i in range(1_000_000)) + "\nAlpha\n")
    use_table(game, "cards.csv")
    started = time.monotonic()
    code, err = check(game)
    assert time.monotonic() - started < 5
    one_line(code, err, "cards.csv:1:", "1,000,000 columns", "at most 200")


def test_a_csv_padded_with_100000_empty_columns_reads_quickly(game):
    pad = "," * 100_000
    lines = ['"title","colour","count"' + pad] + [f'"Card {i}","#d35400","1"{pad}' for i in range(19)]
    (game / "cards.csv").write_text("\n".join(lines) + "\n")
    use_table(game, "cards.csv")
    started = time.monotonic()
    code, err = check(game)
    assert time.monotonic() - started < 5
    assert code != 2 and not any(line.startswith("error") for line in err), err[:5]


def test_100000_unnamed_columns_are_one_line(game):
    (game / "cards.csv").write_text("title" + "," * 100_001 + "count\nAlpha" + "," * 100_001 + "1\n")
    use_table(game, "cards.csv")
    one_line(*check(game), "cards.csv:1:", "100,002 columns", "at most 200")


def test_repeated_problems_are_capped_at_ten_lines_and_a_count(game):
    (game / "cards.csv").write_text("title" + "," * 151 + "count\nAlpha" + "," * 151 + "1\n")   # 150 unnamed
    use_table(game, "cards.csv")
    code, err = check(game)
    assert code == 2 and len(err) == 11, err
    assert all("has no name" in line for line in err[:10])
    assert "140 more problems" in err[10] and "cards.csv" in err[10]


@pytest.mark.parametrize("count", ["²", BIG], ids=["superscript", "5000-digits"])
def test_a_count_cell_that_is_not_a_whole_number_is_one_line(game, count):
    (game / "cards.csv").write_text(f"title,colour,count\nAlpha,#d35400,{count}\n")
    use_table(game, "cards.csv")
    one_line(*check(game), "cards.csv:2:", "count", "expected a whole number")


def test_blank_rows_never_hide_the_rows_after_them(game):
    """Rows past 10,002 lines of a file are read, not dropped: blank rows do not count towards the limit."""
    (game / "cards.csv").write_text("title,colour,count\n" + ",,\n" * 10_050 + "Alpha,#d35400,1\nBeta,#8e44ad,1\n"
                                    + "\n" * 100)
    use_table(game, "cards.csv")
    script = ("from generator.load import load_game; import sys; g = load_game(sys.argv[1]); "
              "print([r.fields['title'] for r in g.component('card').rows])")
    run = subprocess.run([sys.executable, "-c", script, str(game)], capture_output=True, text=True, timeout=QUICK,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.strip() == "['Alpha', 'Beta']"


def test_data_rows_past_the_limit_are_refused_with_their_line(game):
    rows = "".join(f"Card {i},#d35400,1\n" for i in range(10_001))
    (game / "cards.csv").write_text("title,colour,count\n" + rows)
    use_table(game, "cards.csv")
    one_line(*check(game), "cards.csv:10002:", "more than 10,000 rows")
