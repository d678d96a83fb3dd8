"""Data tables as people really save them: CSV from Excel, Google Sheets or LibreOffice, and XLSX.

CSV: UTF-8 with or without Excel's byte-order mark; comma, semicolon or tab separated (sniffed
from the first lines, or tab for .tsv); fully blank rows (Google Sheets pads its exports) are
skipped; a row with more cells than the header is reported with its line instead of guessed at.
XLSX: the first sheet, or the one named, streamed within bounds by xlsx.py; formulas give their saved values.
Every row keeps its spreadsheet row number (the header is row 1), so errors point where a person
looks. Sizes are bounded: the file (confine.LIMITS["table"]), MAX_ROWS rows under the header and
MAX_COLUMNS columns, applied before anything that grows with them (the header's names are checked
only within the limit; the separator is sniffed from a bounded sample). Blank rows anywhere are
skipped: rows after them are read, never dropped.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.common.limits import MAX_COLUMNS, MAX_ROWS
from generator.common.confine import read_bytes
from generator.common.errors import Problem, ProblemCollector, display_path
from generator.load.yamlio import MAX_DIGITS

DELIMITERS = ",;\t"
SNIFF_SAMPLE = 4 * 1024   # characters the separator is sniffed from (the Sniffer is quadratic in them)


@dataclass(frozen=True)
class Table:
    rows: list[dict[str, Any]]
    lines: list[int]          # the spreadsheet row number of each row
    shown: str


def read_table(path: Path, folder: Path, sheet: str | None = None) -> tuple[Table | None, list[Problem]]:
    """A table of rows keyed by the header, or the problems that keep it from being read."""
    shown = display_path(path)
    data = read_bytes(path, [folder], "table")
    if path.suffix.lower() == ".xlsx":
        return _xlsx(data, shown, sheet)
    if sheet is not None:
        return None, [Problem(f'a sheet ("{sheet}") can only be named for an .xlsx file', shown)]
    return _csv(data, shown, "\t" if path.suffix.lower() == ".tsv" else None)


def _csv(data: bytes, shown: str, delimiter: str | None) -> tuple[Table | None, list[Problem]]:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        return None, [Problem('expected UTF-8 text (in Excel: save as "CSV UTF-8")', shown, None, line)]
    if "\x00" in text:
        line = text[:text.index("\x00")].count("\n") + 1
        return None, [Problem("a NUL character: expected text (is this a spreadsheet saved as CSV?)", shown, None, line)]
    if delimiter is None:
        sample = "\n".join(text[:SNIFF_SAMPLE].splitlines()[:20])
        try:
            delimiter = csv.Sniffer().sniff(sample, DELIMITERS).delimiter
        except csv.Error:
            delimiter = ","
    records = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    grid: list[tuple[int, list[Any]]] = []
    try:
        for i, record in enumerate(records):
            cells = _trimmed([c.strip() for c in record])
            if cells and len(grid) > MAX_ROWS:
                return None, [_too_many_rows(shown, i + 1)]
            if cells:
                grid.append((i + 1, cells))
    except csv.Error as exc:
        return None, [Problem(f"malformed CSV: {exc}", shown, None, records.line_num)]
    return _grid(grid, shown)


def _trimmed(cells: list[Any]) -> list[Any]:
    """The cells up to the last one that is not empty (a padded export keeps only what it holds)."""
    end = len(cells)
    while end and cells[end - 1] == "":
        end -= 1
    return cells[:end]


def _too_many_rows(shown: str, line: int) -> Problem:
    return Problem(f"more than {MAX_ROWS:,} rows under the header (the limit)", shown, None, line)


def _xlsx(data: bytes, shown: str, sheet: str | None) -> tuple[Table | None, list[Problem]]:
    from generator.load.xlsx import read_sheet   # only games with spreadsheets pay for openpyxl

    title, grid, problems = read_sheet(data, shown, sheet)
    if problems:
        return None, problems
    return _grid([(n, _trimmed([_cell(v) for v in cells])) for n, cells in grid], f"{shown} [{title}]")


def whole_number(cell: Any) -> int | None:
    """The whole number a table cell holds: typed already (a column declared `whole`), or the decimal digits its
    text spells (at most MAX_DIGITS), else None."""
    if isinstance(cell, int) and not isinstance(cell, bool) and cell >= 0:
        return cell
    if isinstance(cell, str) and cell.isascii() and cell.isdigit() and len(cell) <= MAX_DIGITS:
        return int(cell)
    return None


def _cell(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, (dt.datetime, dt.date, dt.time)):
        return value.isoformat()
    return value.strip() if isinstance(value, str) else value


def _grid(grid: list[tuple[int, list[Any]]], shown: str) -> tuple[Table | None, list[Problem]]:
    """Header and rows: blank rows skipped, ragged rows reported, cells keyed by the header's names."""
    grid = [(n, cells) for n, cells in grid if any(c != "" for c in cells)]
    if not grid:
        return None, [Problem("expected a header row and at least one row of data", shown)]
    header_line, header = grid[0]
    header = _trimmed(header)
    if len(header) > MAX_COLUMNS:    # before anything per column: a header may hold a million names
        return None, [Problem(f"{len(header):,} columns; expected at most {MAX_COLUMNS} (the limit)", shown, None,
                              header_line)]
    if len(grid) - 1 > MAX_ROWS:
        return None, [_too_many_rows(shown, grid[MAX_ROWS + 1][0])]
    first: dict[Any, int] = {}
    problems = []
    for k, name in enumerate(header):
        if name == "":
            problems.append(Problem(f"column {k + 1} of the header has no name", shown, None, header_line))
        elif name in first:
            problems.append(Problem(f'column {k + 1} repeats the name "{name}" of an earlier column (column '
                                    f'{first[name] + 1})', shown, None, header_line))
        else:
            first[name] = k
    rows, lines = [], []
    for n, cells in grid[1:]:
        extra = [c for c in cells[len(header):] if c != ""]
        if extra:
            problems.append(Problem(f"{len(header) + len(extra)} cells in a row under a header of {len(header)}; "
                                    "quote text that holds the separator, or check the separator", shown, None, n))
            continue
        cells = cells + [""] * (len(header) - len(cells))
        rows.append({str(h): c for h, c in zip(header, cells)})
        lines.append(n)
    if problems:
        return None, problems
    return Table(rows, lines, shown), []


class TableProblems(ProblemCollector):
    """Problems of table rows, named as a spreadsheet user sees them: the table's file, the row's
    spreadsheet row number and the column (`rows[3].count` -> cards.csv:5: count: ...)."""

    def __init__(self, shown: str, row_lines: list[int]):
        super().__init__(shown, {})
        self.row_lines = row_lines

    def add(self, where: str | None, message: str) -> None:
        m = _ROW.match(where or "")
        if m:
            self.problems.append(Problem(message, self.file, m.group(2), self.row_lines[int(m.group(1))]))
        else:
            self.problems.append(Problem(message, self.file, None if where == "rows" else where))

    def line_of(self, where: str) -> int | None:
        """The spreadsheet row number of `rows[3]` (or of a cell of it)."""
        m = _ROW.match(where)
        return self.row_lines[int(m.group(1))] if m else None


_ROW = re.compile(r"rows\[(\d+)\](?:\.(.+))?$")
