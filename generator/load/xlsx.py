"""An XLSX sheet read within bounds, every damaged cell one line naming the sheet and the cell.

A workbook is a zip of XML parts, and a file of 2 MB may unpack to gigabytes or hold a row of ten
million cells. So before any part is unpacked, each part's unpacked size and their total are checked
(zipfile never inflates a part past the size its directory declares: it fails the part's checksum
instead; methods other than deflate, whose inflation it cannot bound, are refused). Then only the
parts a table needs are streamed, element by element, each dropped once read: the workbook's sheet
list, its shared text, its number formats (which cells are dates) and the one sheet. The sheet's
declared dimension and each row's and cell's place are checked against the table limits before the
cell is kept, and each cell's value is converted here, so a malformed or mistyped cell names itself.
openpyxl supplies the date and column-name arithmetic; its own readers build whole parts in memory
and take seconds over a large shared-text part, so they are not used.
"""

from __future__ import annotations

import io
import posixpath
import re
import zipfile
import zlib
from typing import Any, Iterator
from xml.etree.ElementTree import ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import iterparse
from openpyxl.styles.numbers import builtin_format_code, is_date_format, is_timedelta_format
from openpyxl.utils.cell import get_column_letter, range_boundaries
from openpyxl.utils.datetime import MAC_EPOCH, WINDOWS_EPOCH, from_excel, from_ISO8601

from generator.common.confine import MB
from generator.common.errors import Problem, PunchboardError
from generator.common.limits import MAX_COLUMNS, MAX_ROWS
from generator.load.yamlio import MAX_DIGITS

MAX_PART = 20 * MB          # one part of a workbook, unpacked (docs/reference/limits.md)
MAX_UNPACKED = 50 * MB      # all its parts together
MAX_RATIO = 100             # unpacked size over packed size, for a part over RATIO_FROM: spreadsheets pack 5-20 times
RATIO_FROM = 1 * MB
MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
ROW, CELL, DIMENSION, VALUE, TEXT, RUN, FORMULA = (MAIN + t for t in ("row", "c", "dimension", "v", "t", "r", "f"))
REL_ID = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
RELATIONSHIP = "{http://schemas.openxmlformats.org/package/2006/relationships}Relationship"
CELL_NAME = re.compile(r"([A-Z]{1,3})([0-9]{1,7})")
COLUMNS = {get_column_letter(i): i for i in range(1, MAX_COLUMNS + 1)}     # "A" -> 1 ... "GR" -> 200
EXPECTED = {"n": "a number", "b": "0 or 1 (false or true)", "d": "a date like 2024-05-01", "s": "shared text"}


class _Damaged(PunchboardError):
    """A problem of the workbook that ends the reading."""


class _BadCell(ValueError):
    """What is wrong with a cell's value, in words."""


def read_sheet(data: bytes, shown: str, sheet: str | None) -> tuple[str, list[tuple[int, list[Any]]], list[Problem]]:
    """The sheet's title and its rows (spreadsheet row number, values by column), or the problems."""
    problem = _check_parts(data, shown)
    if problem is not None:
        return "", [], [problem]
    title = ""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            book = _Book(archive, shown)
            names = [name for name, _ in book.sheets]
            if not names:
                return "", [], [Problem("the workbook has no worksheet; expected at least one", shown)]
            if sheet is not None and sheet not in names:
                listed = ", ".join(names[:20]) + (f" and {len(names) - 20:,} more" if len(names) > 20 else "")
                return "", [], [Problem(f'no sheet "{sheet}"; expected one of: {listed}', shown)]
            title, path = book.sheets[names.index(sheet) if sheet is not None else 0]
            return title, _Walk(book, f"{shown} [{title}]").rows(path), []
    except _Damaged as exc:
        return title, [], exc.problems
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError):   # a part failing its checksum, say
        return title, [], [Problem("unreadable XLSX workbook: a part is damaged (its checksum or its packing); "
                                   "expected a workbook saved by a spreadsheet program", shown)]


def _check_parts(data: bytes, shown: str) -> Problem | None:
    """Each part's unpacked size, their total and their compression, from the zip's directory."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            parts = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        return Problem("unreadable XLSX workbook; expected a zip archive, as spreadsheet programs save .xlsx", shown)
    for part in parts:
        if part.flag_bits & 0x1:
            return Problem(f"part {_quoted(part.filename)} is encrypted; expected a workbook saved without a password",
                           shown)
        if part.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            return Problem(f"part {_quoted(part.filename)} is compressed with method {part.compress_type}; expected "
                           "deflate, as spreadsheet programs write", shown)
        if part.file_size > MAX_PART:
            return Problem(f"part {_quoted(part.filename)} unpacks to {_size(part.file_size)}; expected at most "
                           f"{_size(MAX_PART)} for one part of a workbook (the limit)", shown)
        if part.file_size > RATIO_FROM and part.file_size > MAX_RATIO * max(part.compress_size, 1):
            return Problem(f"part {_quoted(part.filename)} unpacks to {_size(part.file_size)} from "
                           f"{_size(part.compress_size)}, {part.file_size // max(part.compress_size, 1):,} times; "
                           f"expected at most {MAX_RATIO} times (the limit; spreadsheet programs pack 5 to 20 times)",
                           shown)
    total = sum(p.file_size for p in parts)
    if total > MAX_UNPACKED:
        return Problem(f"the workbook unpacks to {_size(total)}; expected at most {_size(MAX_UNPACKED)} (the limit)",
                       shown)
    return None


def _events(archive: zipfile.ZipFile, part: str, shown: str, whole: str = "") -> Iterator[tuple[str, Any]]:
    """A part's (event, element) pairs, each element dropped from the tree once it has ended, except inside a
    `whole` element (a cell, a shared text) which is dropped with it: memory stays one element deep. A
    missing, malformed or entity-laden part is one problem naming it."""
    stack: list[Any] = []
    depth = 0          # of the open `whole` element
    try:
        with archive.open(part) as src:
            for event, element in iterparse(src, events=("start", "end"), forbid_dtd=True):
                if event == "start":
                    stack.append(element)
                    depth = depth or (len(stack) if element.tag == whole else 0)
                    yield event, element
                    continue
                stack.pop()
                yield event, element
                if depth == len(stack) + 1:
                    depth = 0
                if stack and not depth:
                    stack[-1].remove(element)
    except KeyError:
        raise _Damaged(Problem(f"it has no part {_quoted(part)}; expected a workbook saved by a spreadsheet program",
                               shown)) from None
    except ParseError as exc:
        raise _Damaged(Problem(f"part {_quoted(part)} is not well-formed XML ({exc})", shown)) from None
    except DefusedXmlException:
        raise _Damaged(Problem(f"part {_quoted(part)} declares a DTD or an entity; expected plain XML, as "
                               "spreadsheet programs write", shown)) from None


class _Book:
    """What a table needs of a workbook: its worksheets in order (name, part), its shared text, which cell
    styles show dates or durations, and its date system."""

    def __init__(self, archive: zipfile.ZipFile, shown: str):
        self.archive, self.shown = archive, shown
        workbook = next((t for kind, t in self._rels("").values() if kind.endswith("/officeDocument")),
                        "xl/workbook.xml")
        rels = self._rels(workbook)
        self.sheets: list[tuple[str, str]] = []
        self.epoch = WINDOWS_EPOCH
        for element in self._elements(workbook):
            if element.tag == MAIN + "sheet":
                kind, target = rels.get(element.get(REL_ID, ""), ("", ""))
                if kind.endswith("/worksheet"):
                    self.sheets.append((element.get("name", ""), target))
            elif element.tag == MAIN + "workbookPr" and element.get("date1904") in ("1", "true"):
                self.epoch = MAC_EPOCH
        parts = {kind.rpartition("/")[2]: target for kind, target in rels.values()}
        self.strings = self._strings(parts["sharedStrings"]) if "sharedStrings" in parts else []
        self.dates, self.durations = self._styles(parts["styles"]) if "styles" in parts else (set(), set())

    def _elements(self, part: str, whole: str = "") -> Iterator[Any]:
        """The part's elements as each ends (a `whole` one with its children)."""
        return (element for event, element in _events(self.archive, part, self.shown, whole) if event == "end")

    def _rels(self, part: str) -> dict[str, tuple[str, str]]:
        """The relationships of a part (id -> type and the target's part name), none if it has no .rels."""
        folder, name = posixpath.split(part)
        rels = posixpath.join(folder, "_rels", name + ".rels")
        if rels not in self.archive.namelist():
            return {}
        out = {}
        for element in self._elements(rels):
            if element.tag == RELATIONSHIP and element.get("TargetMode") != "External":
                target = element.get("Target", "")
                target = target.lstrip("/") if target.startswith("/") else posixpath.normpath(
                    posixpath.join(folder, target))
                out[element.get("Id", "")] = (element.get("Type", ""), target)
        return out

    def _strings(self, part: str) -> list[str]:
        """Shared text: each item's plain text and its rich runs' text (phonetic guides left out), as openpyxl."""
        out = []
        for element in self._elements(part, MAIN + "si"):
            if element.tag == MAIN + "si":
                out.append(_text(element).replace("x005F_", ""))
        return out

    def _styles(self, part: str) -> tuple[set[int], set[int]]:
        """The cell styles (their index in cellXfs) whose number format shows a date, and a duration."""
        custom: dict[int, str] = {}
        formats: list[int] = []
        in_cells = False
        for event, element in _events(self.archive, part, self.shown):
            if element.tag == MAIN + "cellXfs":
                in_cells = event == "start"
            elif event == "end" and element.tag == MAIN + "numFmt":
                custom[_whole(element.get("numFmtId"), part, self.shown)] = element.get("formatCode", "")
            elif event == "end" and element.tag == MAIN + "xf" and in_cells:
                formats.append(_whole(element.get("numFmtId", "0"), part, self.shown))
        codes = [custom.get(f, builtin_format_code(f)) for f in formats]
        return ({i for i, c in enumerate(codes) if is_date_format(c)},
                {i for i, c in enumerate(codes) if is_timedelta_format(c)})


class _Walk:
    """A sheet walked element by element: rows in order, the cells of a row in order, none past the limits,
    each element dropped once read."""

    def __init__(self, book: _Book, shown: str):
        self.book, self.shown = book, shown
        self.max_rows, self.max_columns = MAX_ROWS + 1, MAX_COLUMNS     # the header is a row of the sheet
        self.grid: list[tuple[int, list[Any]]] = []
        self.row_number = 0
        self.unsaved: list[tuple[str, int, str]] = []     # formula cells without a saved value: name, row, formula

    def rows(self, part: str) -> list[tuple[int, list[Any]]]:
        for event, element in _events(self.book.archive, part, self.shown, CELL):
            if event == "start" and element.tag == ROW:
                self.row(element)
            elif event == "end" and element.tag == DIMENSION:
                self.dimension(element.get("ref"))
            elif event == "end" and element.tag == CELL:
                self.cell(element)
        if self.unsaved:
            raise _Damaged(self.unsaved_problem())
        return self.grid

    def unsaved_problem(self) -> Problem:
        """One line for every formula without a saved value: a program that writes workbooks (openpyxl,
        pandas) writes formulas but cannot compute them; a spreadsheet program saves each one's result."""
        name, row, formula = self.unsaved[0]
        said = f" ({_quoted('=' + formula)[1:-1]})" if formula else ""
        more = ""
        if len(self.unsaved) > 1:
            names = [n for n, _, _ in self.unsaved[1:]]
            listed = ", ".join(names[:5]) + (", …" if len(names) > 5 else "")
            more = f"; so do {len(names):,} more cells ({listed})"
        return Problem(f"a formula{said} without a saved value (the file was written by a program, not saved by a "
                       "spreadsheet program); open it in one (Excel, LibreOffice Calc) and save it, or write values "
                       f"instead of formulas{more}", self.shown, name, row)

    def fail(self, message: str, where: str | None = None, line: int | None = None) -> _Damaged:
        return _Damaged(Problem(message, self.shown, where, line))

    def dimension(self, ref: str | None) -> None:
        """The sheet's declared size (`<dimension ref="A1:C20">`), checked before any row is read."""
        try:
            _, _, columns, rows = range_boundaries(ref or "")
        except (ValueError, TypeError):
            raise self.fail(f"its dimension is {_quoted(ref or '')}; expected a range like A1:C20") from None
        if columns and columns > self.max_columns:
            raise self.fail(f"its dimension {ref} declares {columns:,} columns; expected at most {self.max_columns} "
                            "(the limit)")
        if rows and rows > self.max_rows:
            raise self.fail(f"its dimension {ref} declares {rows:,} rows; expected at most {self.max_rows - 1:,} "
                            "under the header (the limit)")

    def row(self, element: Any) -> None:
        ref = element.get("r")
        number = self.row_number + 1 if ref is None else int(ref) if ref.isdigit() and len(ref) < 8 else 0
        if number <= self.row_number:
            raise self.fail(f"a row numbered {_quoted(ref or '')} after row {self.row_number}; expected rows "
                            "numbered in order, each once", None, self.row_number or None)
        if number > self.max_rows:
            raise self.fail(f"row {number:,} lies past row {self.max_rows:,}; expected at most {self.max_rows - 1:,} "
                            "rows under the header (the limit)", None, number)
        self.row_number = number
        self.grid.append((number, []))

    def cell(self, element: Any) -> None:
        if not self.grid:
            raise self.fail("a cell outside any row; expected cells inside rows")
        number, cells = self.grid[-1]
        column = self._column(element.get("r"), number, len(cells))
        if column > len(cells) + 1:
            cells.extend([None] * (column - 1 - len(cells)))
        if self._unsaved(element):
            self.unsaved.append((_cell_name(column, number), number, element.findtext(FORMULA) or ""))
            cells.append(None)
            return
        try:
            cells.append(self._value(element))
        except _BadCell as exc:
            raise self.fail(str(exc), _cell_name(column, number), number) from None

    @staticmethod
    def _unsaved(element: Any) -> bool:
        """A formula with no result saved beside it: no <v>, or an empty one where only text may be empty."""
        if element.find(FORMULA) is None:
            return False
        value = element.find(VALUE)
        return value is None or not value.text and element.get("t", "n") != "str"

    def _column(self, ref: str | None, number: int, last: int) -> int:
        """The cell's column, after checking that it lies in its row, after the row's last cell, within the limit."""
        if ref is None:
            column = last + 1
        else:
            match = CELL_NAME.fullmatch(ref)
            if match is None or int(match[2]) != number:
                raise self.fail(f"a cell named {_quoted(ref)} in row {number}; expected a name like C{number}", None,
                                number)
            column = COLUMNS.get(match[1], self.max_columns + 1)
            if column <= last:
                raise self.fail(f"cell {ref} after cell {_cell_name(last, number)}; expected the cells of a row in "
                                "order, each once", None, number)
        if column > self.max_columns:
            name = ref or _cell_name(column, number)
            raise self.fail(f"cell {name} lies past column {get_column_letter(self.max_columns)}; expected at most "
                            f"{self.max_columns} columns (the limit)", None, number)
        return column

    def _value(self, element: Any) -> Any:
        """The cell's value (a formula's saved result), as openpyxl would give it, or _BadCell saying what is wrong."""
        kind, style = element.get("t", "n"), element.get("s", "0")
        if kind == "inlineStr":
            found = element.find(MAIN + "is")
            return _text(found) if found is not None else None
        text = element.findtext(VALUE) or None
        if not (style.isdigit() and len(style) < 8):
            raise _BadCell(f"its style {_quoted(style)}; expected a style number")
        if text is None:
            return None
        try:
            if kind == "n":
                number = _number(text)
                if int(style) not in self.book.dates:
                    return number
                return from_excel(number, self.book.epoch, timedelta=int(style) in self.book.durations)
            if kind == "s":
                return self.book.strings[_index(text, len(self.book.strings))]
            if kind == "b" and text in ("0", "1"):
                return text == "1"
            if kind == "d":
                return from_ISO8601(text)
            if kind in ("str", "e"):
                return text
        except _BadCell:
            raise
        except (ValueError, OverflowError, TypeError):     # what the conversions raise on text they cannot read
            pass
        if kind == "n" and int(style) in self.book.dates:
            raise _BadCell(f"expected a date (a day number within the calendar), got {_quoted(text)}")
        if kind not in EXPECTED:
            raise _BadCell(f"its type {_quoted(kind)}; expected one of n, s, b, d, str, inlineStr or e")
        raise _BadCell(f"expected {EXPECTED[kind]}, got {_quoted(text)}")


def _number(text: str) -> int | float:
    """A number cell's text as openpyxl reads it: a float if it has a point or exponent, else a whole number
    of at most MAX_DIGITS digits."""
    if any(c in text for c in ".eE"):
        return float(text)
    digits = text.strip().lstrip("+-")
    if len(digits) > MAX_DIGITS:
        raise _BadCell(f"a whole number of {len(digits):,} digits; expected at most {MAX_DIGITS} digits (the limit)")
    return int(text)


def _index(text: str, count: int) -> int:
    """A shared-text index: a whole number below `count` (a negative one would count from the end)."""
    if text.isdigit() and len(text) < 10 and int(text) < count:
        return int(text)
    held = f"a number from 0 to {count - 1:,}" if count else "text in the cell: the workbook holds no shared text"
    raise _BadCell(f"refers to shared text number {_quoted(text)}; expected {held} (is the file damaged?)")


def _whole(text: str | None, part: str, shown: str) -> int:
    if text is None or not (text.isdigit() and len(text) < 8):
        raise _Damaged(Problem(f"part {_quoted(part)} has a number format {_quoted(text or '')}; expected a whole "
                               "number", shown))
    return int(text)


def _text(element: Any) -> str:
    """The text of a shared or inline string: its own <t> and its rich runs' <t>, in order."""
    return "".join((child.text or "") if child.tag == TEXT else child.findtext(TEXT) or ""
                   for child in element if child.tag in (TEXT, RUN))


def _cell_name(column: int, row: int | str) -> str:
    return f"{get_column_letter(column)}{row}" if column else f"A{row}"


def _quoted(text: str) -> str:
    text = " ".join(text.split())
    return f'"{text if len(text) <= 40 else text[:39] + "…"}"'


def _size(n: int) -> str:
    return f"{n / MB:,.0f} MB" if n >= MB else f"{max(1, round(n / 1024)):,} KB"
