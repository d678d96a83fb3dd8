"""Data tables as people really save them: CSV from Excel, Google Sheets or LibreOffice, and XLSX.

CSV: UTF-8 with or without Excel's byte-order mark; comma, semicolon or tab separated (sniffed
from the first lines, or tab for .tsv); fully blank rows (Google Sheets pads its exports) are
skipped; a row with more cells than the header is reported with its line instead of guessed at.
XLSX: the first sheet, or the one named, read with openpyxl; formulas give their saved values.
Every row keeps its spreadsheet row number (the header is row 1), so errors point where a person
looks. Sizes are bounded: the file (confine.LIMITS["table"]), MAX_ROWS rows and MAX_COLUMNS columns.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.confine import read_bytes
from generator.errors import Problem, ProblemCollector, display_path

MAX_ROWS = 10_000
MAX_COLUMNS = 200
DELIMITERS = ",;\t"


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
        try:
            delimiter = csv.Sniffer().sniff("\n".join(text.splitlines()[:20]), DELIMITERS).delimiter
        except csv.Error:
            delimiter = ","
    records = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    try:
        grid = [(i + 1, [c.strip() for c in rec]) for i, rec in enumerate(records) if i <= MAX_ROWS + 1]
    except csv.Error as exc:
        return None, [Problem(f"malformed CSV: {exc}", shown, None, records.line_num)]
    return _grid(grid, shown)


def _xlsx(data: bytes, shown: str, sheet: str | None) -> tuple[Table | None, list[Problem]]:
    import openpyxl   # only games with spreadsheets pay for it
    from openpyxl.utils.exceptions import InvalidFileException

    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except (InvalidFileException, OSError, KeyError, ValueError, EOFError) as exc:
        return None, [Problem(f"unreadable XLSX workbook ({type(exc).__name__})", shown)]
    except Exception as exc:   # zipfile and XML errors of a damaged workbook come in many kinds
        return None, [Problem(f"unreadable XLSX workbook ({type(exc).__name__})", shown)]
    try:
        if sheet is not None and sheet not in book.sheetnames:
            return None, [Problem(f'no sheet "{sheet}"; expected one of: {", ".join(book.sheetnames)}', shown)]
        ws = book[sheet] if sheet is not None else book.worksheets[0]
        grid = []
        for i, values in enumerate(ws.iter_rows(values_only=True, max_col=MAX_COLUMNS + 1)):
            if i > MAX_ROWS + 1:
                break
            grid.append((i + 1, [_cell(v) for v in values]))
    finally:
        book.close()
    return _grid(grid, f"{shown} [{ws.title}]")


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
    while header and header[-1] == "":
        header.pop()
    problems = [Problem(f"column {k + 1} of the header has no name", shown, None, header_line)
                for k, name in enumerate(header) if name == ""]
    problems += [Problem(f'column {k + 1} repeats the name "{name}" of an earlier column', shown, None, header_line)
                 for k, name in enumerate(header) if name != "" and name in header[:k]]
    if len(header) > MAX_COLUMNS:
        problems.append(Problem(f"more than {MAX_COLUMNS} columns (the limit)", shown, None, header_line))
    if len(grid) - 1 > MAX_ROWS:
        problems.append(Problem(f"more than {MAX_ROWS} rows (the limit)", shown))
    rows, lines = [], []
    for n, cells in grid[1:MAX_ROWS + 1]:
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
        m = re.match(r"rows\[(\d+)\](?:\.(.+))?$", where or "")
        if m:
            self.problems.append(Problem(message, self.file, m.group(2), self.row_lines[int(m.group(1))]))
        else:
            self.problems.append(Problem(message, self.file, None if where == "rows" else where))
