"""A component's data rows: written in the spec, read from a table file (CSV, TSV, XLSX), or one per image of a
folder; and `key`, the row fields that name a design."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field as dataclass_field
from typing import Any, Mapping

from generator.common.confine import confined
from generator.common.errors import Problem, did_you_mean, display_path
from generator.model.columns import Column
from generator.model.designs import slugify
from generator.model.game import Row, frozen_map
from generator.load.images import ImageFolderReader
from generator.load.piece import GameParts, Piece
from generator.load.reader import Reader
from generator.load.schema import MAX_COPIES, keys
from generator.load.tables import TableProblems, read_table, whole_number
from generator.load.yamlio import join
from generator.common.units import describe

RESERVED_ROW_KEYS = ("id", "count")


def read_key(p: Piece) -> list[str] | None:
    """`key: title` or `key: [title, colour]`: the row fields that name a design."""
    value = p.m.get("key")
    if value is None:
        return None
    value = [value] if isinstance(value, str) else value
    where = p.at("key")
    return [k for i, k in enumerate(p.r.sequence(value, where) or []) if p.r.text(k, join(where, i))]


def read_rows(p: Piece) -> list[Row] | None:
    """`rows`, each printed `count` times unless it says otherwise; one row without fields when not written.
    The declared columns' values are typed (generator/model/columns.py)."""
    return rows(p.r, p.game, p.m.get("rows"), p.at("rows"), p.got["count"] or 0, p.got["key"], p.got["columns"] or {})


def rows(r: Reader, game: GameParts, value: Any, where: str, default_count: int,
         key_fields: list[str] | None = None, columns: Mapping[str, Column] | None = None) -> list[Row] | None:
    """Data rows; a row's id is its `id`, else its `key` fields' values, else all its values joined."""
    art = frozenset(k for k, v in game.art.items() if isinstance(v, dict))
    shape = RowShape(default_count, key_fields, columns or {}, game.languages, game.default_language, art)
    if value is None:
        return [Row("", frozen_map({}), default_count)]
    if isinstance(value, dict) and "images" in value:
        return image_rows(r, game, value, where, shape)
    if isinstance(value, str) or (isinstance(value, dict) and "file" in value):
        found = table(r, game, value, where)
        if found is None:
            return None
        value, sink = found
        try:
            return listed_rows(Reader(sink), value, "rows", shape)
        finally:
            r.problems.problems.extend(sink.problems)
    return listed_rows(r, value, where, shape)


@dataclass(frozen=True)
class RowShape:
    """What every row of a component is read with: its copies unless it says, its key fields, its columns."""

    default_count: int
    key_fields: list[str] | None = None
    columns: Mapping[str, Column] = dataclass_field(default_factory=dict)
    languages: tuple[str, ...] = ()          # the languages its `field@code` columns may name
    default_language: str = "en"
    art_fields: frozenset[str] = frozenset()  # fields whose values pick art: never translated


def listed_rows(r: Reader, value: Any, where: str, shape: RowShape) -> list[Row] | None:
    """A list of mappings sharing the first one's fields, each with its own design id, its line (a table's row
    number) and its declared columns typed: a cell that breaks its column keeps its value as written."""
    items = r.sequence(value, where, min_items=1)
    if items is None:
        return None
    out, ids, fields, key_fields = [], set(), None, shape.key_fields
    checked: set[str] = set()       # the translation columns checked already (each is said once, not per row)
    for i, item in enumerate(items):
        here = join(where, i)
        m = r.mapping(item, here, free=True)
        if m is None:
            continue
        data = {k: v for k, v in m.items() if k not in RESERVED_ROW_KEYS and not _translation(k)}
        fields = _same_fields(r, data, fields, here, shape.columns)
        translations = _translations(r, m, here, fields, shape, checked)
        count = r.integer(m.get("count", shape.default_count), join(here, "count"), minimum=0, maximum=MAX_COPIES)
        key = _row_key(r, m, data, here, key_fields)
        if key in ids:
            said = f'{", ".join(key_fields)} (the key)' if key_fields and m.get("id") is None else "values"
            r.add(here, f'duplicate row "{key}"; give each row its own {said} or an "id"')
        ids.add(key)
        if count is not None and key is not None:
            typed = {**data, **{k: c.judge(data.get(k))[0] for k, c in shape.columns.items()}}
            written = frozen_map(data)
            out.append(Row(key, frozen_map(typed) if shape.columns else written, count, r.problems.line_of(here),
                           written, translations))
    return out


def _translation(key: Any) -> bool:
    """A column `field@code`: the field's text in another language (generator/model/edition.py)."""
    return isinstance(key, str) and "@" in key


def _translations(r: Reader, m: dict, here: str, fields: list[str], shape: RowShape,
                  said: set[str]) -> Mapping[str, Mapping[str, Any]]:
    """language -> field -> cell of a row's `field@code` columns (an empty cell is kept: no translation, which an
    edition reports); each column's name is checked once, where it first appears."""
    out: dict[str, dict[str, Any]] = {}
    for key, value in m.items():
        if not _translation(key):
            continue
        field, code = key.rsplit("@", 1)
        if key not in said:
            said.add(key)
            if not _translation_column(r, join(here, key), field, code, fields, shape):
                continue
        elif field not in fields and field not in shape.columns or code not in shape.languages:
            continue
        if value is not None and (isinstance(value, bool) or not isinstance(value, (str, int, float))):
            r.add(join(here, key), f"expected text or a number, got {describe(value)}")
            continue
        out.setdefault(code, {})[field] = value
    return frozen_map({code: frozen_map(cells) for code, cells in out.items()})


def _translation_column(r: Reader, where: str, field: str, code: str, fields: list[str], shape: RowShape) -> bool:
    """Whether `field@code` names a field of the rows and one of the game's other languages; if not, one line."""
    known = [*fields, *(c for c in shape.columns if c not in fields)]
    if field not in known or field in RESERVED_ROW_KEYS:
        r.add(where, f'a translation of "{field}", which is no field of the rows; expected one of: '
                     f"{', '.join(known) or 'none'}{did_you_mean(field, known)}")
    elif field in shape.art_fields:
        r.add(where, f'the values of "{field}" pick its art (art.{field}), so they stay as written; give the '
                     "translated words a column of their own and print that")
    elif code == shape.default_language:
        r.add(where, f'"{code}" is the default language (language: {code}): its text is the column "{field}" itself')
    elif code not in shape.languages:
        known_codes = list(shape.languages)
        r.add(where, f'unknown language "{code}"; ' + (f"expected one of: {', '.join(known_codes)}"
                                                       f"{did_you_mean(code, known_codes)}" if known_codes else
                                                       "declare it under languages: in game.yaml"))
    else:
        return True
    return False


def _same_fields(r: Reader, data: dict, fields: list[str] | None, here: str, declared: Mapping[str, Column]) -> list[str]:
    """The fields of the first row, which every other row has too (a declared column may be missing: its rules
    say what that means); each value a text or a number (or true/false, in a declared column: its rules judge)."""
    if fields is None:
        fields = list(data)
    else:
        for k in data:
            if k not in fields and k not in declared:
                r.add(join(here, k), f"unknown field; expected the fields of the first row: {', '.join(fields) or 'none'}")
        for k in fields:
            if k not in data and k not in declared:
                r.add(here, f'missing field "{k}"')
    for k, v in data.items():
        if not isinstance(v, (str, int, float)) or isinstance(v, bool) and k not in declared:
            r.add(join(here, k), f"expected text or a number, got {describe(v)}")
    return fields


def _row_key(r: Reader, m: dict, data: dict, here: str, key_fields: list[str] | None) -> str | None:
    """A row's design id: its `id`, else its key fields' values, else all its values, slugified and joined."""
    if m.get("id") is not None:
        return r.slug(m["id"], join(here, "id"))
    if key_fields:
        for f in [f for f in key_fields if f not in data]:
            r.add(here, f"missing key field \"{f}\"")
        return "-".join(slugify(data[f]) for f in key_fields if f in data)
    return "-".join(slugify(v) for v in data.values())


def image_rows(r: Reader, game: GameParts, value: Any, where: str, shape: RowShape) -> list[Row] | None:
    """`rows: {images: fronts/, back: back.png}`: a row per image file (load/images.py); the art
    tables `image` and `back` its templates place are added to the game's art."""
    m = r.mapping(value, where, *keys("rows_images"))
    found = ImageFolderReader(r, game.folder, game.placeholders).read(m, where) if m is not None else None
    if found is None:
        return None
    for name, art in found.art.items():
        if name in game.art and name not in game.image_art:
            r.add(join("art", name), f'the art "{name}" is made from the images of {where}; '
                                     f"give the game's own art another name")
            return None
        game.art[name] = {**game.art.get(name, {}), **art}
        game.image_art.add(name)
    rows = listed_rows(r, found.rows, where, dataclasses.replace(shape, key_fields=None))
    return [dataclasses.replace(row, line=None) for row in rows] if rows is not None else None   # no line: files


def table(r: Reader, game: GameParts, value: Any, where: str) -> tuple[list[dict], TableProblems] | None:
    """Rows from a data table: `rows: cards.csv`, or `rows: {file: cards.xlsx, sheet: Buildings}`."""
    if isinstance(value, str):
        name, sheet = value, None
    else:
        m = r.mapping(value, where, *keys("rows_table"))
        if m is None or "file" not in m:
            return None
        name = r.field(m, "rows_table", "file", where)
        sheet = r.field(m, "rows_table", "sheet", where)
        if name is None or ("sheet" in m and sheet is None):
            return None
    path = game.folder / name
    if path.suffix.lower() not in (".csv", ".tsv", ".txt", ".xlsx"):
        r.add(where, f'expected a .csv, .tsv or .xlsx table, got "{name}"')
        return None
    if not path.is_file():
        r.add(where, f'table file not found: "{name}"')
        return None
    at = Problem("", r.problems.file, where, r.problems.line_of(where))
    found, problems = read_table(confined(path, [game.folder], "table", at), game.folder, sheet)
    if found is None:
        r.problems.problems.extend(problems)
        return None
    rows = [{k: (whole_number(v) if k == "count" and whole_number(v) is not None else v) for k, v in row.items()}
            for row in found.rows]
    return rows, TableProblems(found.shown, found.lines)


def rows_from(game: GameParts, value: Any) -> str:
    """The table a component's rows come from, as messages name it: `cafe/cards.xlsx [Cards]`."""
    if isinstance(value, dict) and "images" in value:
        return f'the images in {display_path(game.folder / str(value["images"]))}'
    name = value if isinstance(value, str) else value.get("file") if isinstance(value, dict) else None
    if not isinstance(name, str):
        return ""
    sheet = value.get("sheet") if isinstance(value, dict) else None
    return display_path(game.folder / name) + (f" [{sheet}]" if sheet else "")
