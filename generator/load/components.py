"""Reading the components of a spec: sizes and shapes, faces, data rows, folds, nets and board maps."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from generator.common.confine import confined
from generator.model.designs import slugify
from generator.common.errors import Problem, display_path
from generator.geometry.hexmap import HexMap, Legend, extent_mm, parse_map
from generator.geometry.hexagon import hex_box_mm
from generator.model.game import Component, Face, Row, Segment, frozen_map
from generator.geometry.nets import NETS, Net
from generator.geometry.outline import OutlineError, polygons
from generator.load.images import ImageFolderReader
from generator.load.placement import read_fits, read_spaces
from generator.load.reader import Reader
from generator.load.schema import MAX_COPIES, keys
from generator.load.tables import TableProblems, read_table, whole_number
from generator.load.yamlio import join
from generator.common.units import describe, rounded

COMPONENT_REQUIRED, COMPONENT_OPTIONAL = keys("component")
DEFAULT_SHAPE = {"hex-tile": "hex"}
RESERVED_ROW_KEYS = ("id", "count")


class ComponentReader:
    """Reads `components:`; every problem goes to the shared Reader, so a file is checked in one pass."""

    def __init__(self, r: Reader, folder: Path, folder_tables: set[str] = frozenset(), placeholders: bool = False):
        self.r = r
        self.folder = folder
        self.folder_tables = folder_tables   # art by folder: checked once for all rows (game.py)
        self.declared: set[str] = set()     # every component id written, read without errors or not
        self.placeholders = placeholders     # --placeholders: a missing image is printed as a placeholder
        self.art: dict[str, Any] = {}        # the game's art, which rows from a folder of images add to
        self.image_art: set[str] = set()     # the art tables made from folders of images

    def components(self, value: Any, art: dict[str, Any]) -> list[Component]:
        r = self.r
        self.art = art
        items = r.sequence(value, "components", min_items=1) or []
        out, seen = [], set()
        for i, item in enumerate(items):
            if isinstance(item, dict) and isinstance(item.get("id"), str):
                self.declared.add(item["id"])   # known to cross-references even if it fails to read
            c = self.component(item, join("components", i), art)
            if c is None:
                continue
            if c.id in seen:
                r.add(join(join("components", i), "id"), f'duplicate component id "{c.id}"')
            seen.add(c.id)
            out.append(c)
        return out

    def component(self, value: Any, where: str, art: dict[str, Any]) -> Component | None:
        r = self.r
        m = r.mapping(value, where, COMPONENT_REQUIRED, COMPONENT_OPTIONAL)
        if m is None:
            return None
        cid = r.field(m, "component", "id", where)
        kind = r.field(m, "component", "kind", where)
        shape = DEFAULT_SHAPE[kind] if kind in DEFAULT_SHAPE and "shape" not in m else r.field(m, "component", "shape", where)
        orientation = r.field(m, "component", "orientation", where)
        net, shape, size = self.shape_and_size(m, where, shape, orientation)
        corner = r.field(m, "component", "corner", where)
        if shape == "rounded" and corner is not None and corner <= 0:
            r.add(join(where, "corner"), 'a rounded shape needs a corner radius like "3mm"')
        front = self.face(m.get("front"), join(where, "front"), back=False) if "front" in m else None
        back = self.face(m["back"], join(where, "back"), back=True) if m.get("back") is not None else None
        count = r.field(m, "component", "count", where)
        key = self.key(m.get("key"), join(where, "key"))
        rows = self.rows(m.get("rows"), join(where, "rows"), count or 0, key)
        self.check_image_backs(m, rows, back, where)
        per_player = r.field(m, "component", "per_player", where)
        params = r.mapping(r.field(m, "component", "params", where), join(where, "params"), free=True)
        folds, outline = self.folds_and_outline(m, where, net, shape)
        rotatable = r.field(m, "component", "rotatable", where)
        hexmap, space = self.hexmap(m["hexmap"], join(where, "hexmap"), size) if "hexmap" in m else (None, 0.0)
        self.check_vary_by(m, back, rows, where)
        self.check_art_values(rows, art, join(where, "rows"))
        corner = self.corner_fits(corner, shape, size, where)
        if None in (cid, kind, shape, size, corner, front, count, per_player, params, rotatable, orientation) or rows is None:
            return None
        return Component(
            id=cid, name=m.get("name", cid), kind=kind, shape=shape, width_mm=size[0], height_mm=size[1],
            front=front, back=back, rows=tuple(rows), per_player=per_player, corner_mm=corner,
            rows_from=self.rows_from(m.get("rows")),
            hex_orientation=orientation, params=frozen_map(params), folds=tuple(folds or ()), outline=outline,
            rotatable=rotatable, hexmap=hexmap, hex_space_mm=space,
            panels=frozen_map(net.panels if net else {}), stands_on_mm=net.stands_on if net else None,
            spaces=frozen_map(read_spaces(r, r.field(m, "component", "spaces", where), join(where, "spaces"))),
            fits=tuple(read_fits(r, r.field(m, "component", "fits", where), join(where, "fits"))))

    def shape_and_size(self, m: dict, where: str, shape: str | None, orientation: str | None) -> tuple:
        """(net, shape, size): a net sets the shape and size itself; otherwise the `size` is read for `shape`."""
        r = self.r
        net = self.net(m["net"], join(where, "net")) if "net" in m else None
        if net is not None:
            if "size" in m or "outline" in m or "folds" in m or m.get("shape", "outline") != "outline":
                r.add(join(where, "net"), "a net sets the size, shape, outline and folds; remove those keys")
            return net, "outline", (net.width_mm, net.height_mm)
        if "size" in m:
            return None, shape, self.size(m.get("size"), join(where, "size"), shape, orientation)
        if "net" not in m:
            r.add(where, 'missing key "size"')
        return None, shape, None

    def key(self, value: Any, where: str) -> list[str] | None:
        """`key: title` or `key: [title, colour]`: the row fields that name a design."""
        if value is None:
            return None
        value = [value] if isinstance(value, str) else value
        return [k for i, k in enumerate(self.r.sequence(value, where) or []) if self.r.text(k, join(where, i))]

    def folds_and_outline(self, m: dict, where: str, net: Net | None, shape: str | None) -> tuple:
        """The fold lines and the cut outline: a net's own, or `folds` and (for shape "outline" only) `outline`."""
        r = self.r
        if net is not None:
            return list(net.folds), net.outline
        folds, outline = self.folds(r.field(m, "component", "folds", where), join(where, "folds")), m.get("outline")
        if shape == "outline":
            outline = r.text(outline, join(where, "outline")) if outline is not None else None
            if outline is None:
                r.add(where, 'a shape "outline" needs an "outline" path in trim millimetres')
            else:
                outline = self.outline_path(outline, join(where, "outline"))
        elif outline is not None:
            r.add(join(where, "outline"), 'only a component with shape "outline" takes an outline')
        return folds, outline

    def outline_path(self, path: str, where: str) -> str | None:
        """The outline parsed now, so a path the cut files, masks and pages could not read is a spec error."""
        try:
            closed = polygons(path)
        except OutlineError as exc:
            self.r.add(where, f"expected an SVG path of M, L, H, V, A and Z in trim millimetres: {exc}")
            return None
        if not closed:
            self.r.add(where, "expected a closed outline of at least three points, like \"M 0 0 L 40 0 L 20 30 Z\"")
            return None
        return path

    def corner_fits(self, corner: float | None, shape: str | None, size, where: str) -> float | None:
        """The corner radius of a rounded piece, or None (a problem) when it is more than half the shorter side."""
        if shape == "rounded" and corner and size and corner > min(size) / 2:
            self.r.add(join(where, "corner"), f"expected a corner radius of at most half the shorter side "
                                              f"({min(size) / 2:g} mm), got {corner:g} mm")
            return None
        return corner

    def check_vary_by(self, m: dict, back, rows, where: str) -> None:
        """`name` and `note` are texts, and a back's `vary_by` names `player` or fields of the rows."""
        for text_key in ("name", "note"):
            self.r.field(m, "component", text_key, where)
        if back is not None and rows and back.vary_by:
            for fieldname in back.vary_by:
                if fieldname != "player" and fieldname not in rows[0].fields:
                    known = ", ".join(["player", *rows[0].fields])
                    self.r.add(join(join(where, "back"), "vary_by"), f'unknown field "{fieldname}"; expected one of: {known}')

    def net(self, value: Any, where: str) -> Net | None:
        """`{box: {width: 22mm, ...}}`: one kind of net with its sizes (see generator.geometry.nets)."""
        r = self.r
        m = r.mapping(value, where, free=True)
        if m is None:
            return None
        if len(m) != 1 or next(iter(m)) not in NETS:
            r.add(where, f"expected one kind of net: {', '.join(NETS)}")
            return None
        kind, sizes = next(iter(m.items()))
        sizes_keys = keys(f"net_{kind}")[0]
        here = join(where, kind)
        given = r.mapping(sizes, here, sizes_keys)
        if given is None or any(k not in given for k in sizes_keys):
            return None
        values = [r.length(given[k], join(here, k)) for k in sizes_keys]
        return None if None in values else NETS[kind](*values)

    def hexmap(self, value: Any, where: str, size: tuple[float, float] | None) -> tuple[HexMap | None, float]:
        """A board's map as text (see generator.geometry.hexmap), and the size of one space; it must fit the board."""
        r = self.r
        m = r.mapping(value, where, *keys("hexmap"))
        if m is None or any(k not in m for k in ("map", "space", "legend", "numbered")):
            return None, 0.0
        r.field(m, "hexmap", "tiles", where)
        space, text = r.field(m, "hexmap", "space", where), r.field(m, "hexmap", "map", where)
        legend = self.legend(m["legend"], m["numbered"], where)
        if text is None or space is None or legend is None:
            return None, 0.0
        hexmap, problems = parse_map(text, legend)
        for message in problems:
            r.add(join(where, "map"), message)
        if hexmap is not None and size is not None:
            w, h = extent_mm(hexmap, space)
            if w > size[0] or h > size[1]:
                r.add(where, f"the map is {w:.1f} x {h:.1f} mm with {space:g} mm spaces; expected it to fit the "
                             f"board's {size[0]:g} x {size[1]:g} mm")
        return hexmap, space

    def legend(self, value: Any, numbered: Any, where: str) -> Legend | None:
        """The map's vocabulary, e.g. `legend: {f: forest, C: {marker: castle}, ".": null}`, `numbered: field`."""
        r = self.r
        kind = r.field({"numbered": numbered}, "hexmap", "numbered", where)
        m = r.mapping(value, join(where, "legend"), free=True)
        if m is None or kind is None:
            return None
        spaces, markers, blank = {}, {}, []
        for letter, meaning in m.items():
            here = join(join(where, "legend"), str(letter))
            if not isinstance(letter, str) or len(letter.split()) != 1 or letter.isdigit():
                r.add(here, "expected a token without spaces that is not a number")
            elif meaning is None:
                blank.append(letter)
            elif isinstance(meaning, str):
                spaces[letter] = r.slug(meaning, here)
            else:
                mk = r.mapping(meaning, here, *keys("hexmap_marker"))
                if mk is not None and "marker" in mk:
                    markers[letter] = r.field(mk, "hexmap_marker", "marker", here)
        return Legend(spaces, markers, tuple(blank), kind)

    def link_map_tiles(self, raw: Any, components: list[Component]) -> None:
        """A board whose `hexmap.tiles` names a component: resource space N must match that component's
        row with number N, one for one, so the board prints the type of the tile that covers it."""
        if not isinstance(raw, list) or len(raw) != len(components):
            return  # a component failed to read; its own problems are reported
        by_id = {c.id: c for c in components}
        for i, comp in enumerate(components):
            raw_map = raw[i].get("hexmap") if isinstance(raw[i], dict) else None
            if comp.hexmap is None or not isinstance(raw_map, dict) or "tiles" not in raw_map:
                continue
            where = f"components[{i}].hexmap.tiles"
            tiles = by_id.get(raw_map["tiles"])
            if tiles is None or not tiles.rows or "number" not in tiles.rows[0].fields:
                self.r.add(where, f'expected a component whose rows have a "number" field, got "{raw_map["tiles"]}"')
                continue
            numbers = {int(row.fields["number"]) for row in tiles.rows}
            spaces = {s.number for s in comp.hexmap.spaces if s.number is not None}
            if numbers != spaces:
                missing = sorted(spaces - numbers)
                extra = sorted(numbers - spaces)
                kind = next((s.kind for s in comp.hexmap.spaces if s.number is not None), "numbered")
                self.r.add(where, f"expected a {tiles.id} row for every {kind} space and a space for every row; "
                                  f"spaces without a row: {missing or 'none'}, rows without a space: {extra or 'none'}")
                continue
            components[i] = dataclasses.replace(comp, hexmap_tiles=tiles.id)

    def size(self, value: Any, where: str, shape: str | None, orientation: str | None) -> tuple[float, float] | None:
        r = self.r
        value = r.unwrap(value, where)
        if isinstance(value, list):
            if len(value) != 2:
                r.add(where, f"expected a length or [width, height], got a list of {len(value)}")
                return None
            w, h = r.length(value[0], join(where, 0)), r.length(value[1], join(where, 1))
            if w is None or h is None:
                return None
            if shape in ("circle", "hex"):
                r.add(where, f'a {shape} takes one length (its {"diameter" if shape == "circle" else "flat-to-flat width"})')
                return None
            return (w, h)
        side = r.length(value, where)
        if side is None:
            return None
        if shape == "hex":
            return tuple(rounded(v, 4) for v in hex_box_mm(side, orientation or "pointy"))
        return (side, side)

    def face(self, value: Any, where: str, *, back: bool) -> Face | None:
        r = self.r
        if isinstance(value, str):
            value = {"template": value}
        m = r.mapping(value, where, keys("back")[0], keys("back")[1] if back else ())
        if m is None:
            return None
        template = r.text(m.get("template"), join(where, "template")) if "template" in m else None
        vary_by: tuple[str, ...] | None = None
        if back:
            items = r.sequence(r.field(m, "back", "vary_by", where), join(where, "vary_by")) or []
            vary_by = tuple(v for i, v in enumerate(items) if r.text(v, join(join(where, "vary_by"), i)))
        if template and not template.endswith(".svg.j2"):
            r.add(join(where, "template"), f'expected a template file ending in ".svg.j2", got "{template}"')
            return None
        return Face(template, vary_by) if template else None

    def rows(self, value: Any, where: str, default_count: int, key_fields: list[str] | None = None) -> list[Row] | None:
        """Data rows; a row's id is its `id`, else its `key` fields' values, else all its values joined."""
        r = self.r
        if value is None:
            return [Row("", frozen_map({}), default_count)]
        if isinstance(value, dict) and "images" in value:
            return self.image_rows(value, where, default_count)
        if isinstance(value, str) or (isinstance(value, dict) and "file" in value):
            found = self.table(value, where)
            if found is None:
                return None
            value, sink = found
            spec_reader, r, where = r, Reader(sink), "rows"
            try:
                return self._rows(r, value, where, default_count, key_fields)
            finally:
                spec_reader.problems.problems.extend(sink.problems)
        return self._rows(r, value, where, default_count, key_fields)

    def _rows(self, r: Reader, value: Any, where: str, default_count: int,
              key_fields: list[str] | None) -> list[Row] | None:
        items = r.sequence(value, where, min_items=1)
        if items is None:
            return None
        rows, keys, fields = [], set(), None
        for i, item in enumerate(items):
            here = join(where, i)
            m = r.mapping(item, here, free=True)
            if m is None:
                continue
            data = {k: v for k, v in m.items() if k not in RESERVED_ROW_KEYS}
            if fields is None:
                fields = list(data)
            else:
                for k in data:
                    if k not in fields:
                        r.add(join(here, k),
                              f"unknown field; expected the fields of the first row: {', '.join(fields) or 'none'}")
                for k in fields:
                    if k not in data:
                        r.add(here, f'missing field "{k}"')
            for k, v in data.items():
                if not isinstance(v, (str, int, float)) or isinstance(v, bool):
                    r.add(join(here, k), f"expected text or a number, got {describe(v)}")
            count = r.integer(m.get("count", default_count), join(here, "count"), minimum=0, maximum=MAX_COPIES)
            key = _row_key(r, m, data, here, key_fields)
            if key in keys:
                said = f'{", ".join(key_fields)} (the key)' if key_fields and m.get("id") is None else "values"
                r.add(here, f'duplicate row "{key}"; give each row its own {said} or an "id"')
            keys.add(key)
            if count is not None and key is not None:
                rows.append(Row(key, frozen_map(data), count))
        return rows

    def image_rows(self, value: Any, where: str, default_count: int) -> list[Row] | None:
        """`rows: {images: fronts/, back: back.png}`: a row per image file (load/images.py); the art
        tables `image` and `back` its templates place are added to the game's art."""
        m = self.r.mapping(value, where, *keys("rows_images"))
        found = ImageFolderReader(self.r, self.folder, self.placeholders).read(m, where) if m is not None else None
        if found is None:
            return None
        for name, table in found.art.items():
            if name in self.art and name not in self.image_art:
                self.r.add(join("art", name), f'the art "{name}" is made from the images of {where}; '
                                              f"give the game's own art another name")
                return None
            self.art[name] = {**self.art.get(name, {}), **table}
            self.image_art.add(name)
        return self._rows(self.r, found.rows, where, default_count, None)

    def check_image_backs(self, m: dict, rows: list[Row] | None, back: Face | None, where: str) -> None:
        """Images with backs need a back face that varies by them, or every card would share the first."""
        if not rows or "back" not in rows[0].fields or not isinstance(m.get("rows"), dict) or "images" not in m["rows"]:
            return
        if back is None or "back" not in (back.vary_by or ()):
            self.r.add(join(where, "back"), "the images have backs; expected back: {template: "
                                            "shared/image-back.svg.j2, vary_by: [back]}")

    def table(self, value: Any, where: str) -> tuple[list[dict], "TableProblems"] | None:
        """Rows from a data table: `rows: cards.csv`, or `rows: {file: cards.xlsx, sheet: Buildings}`."""
        r = self.r
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
        path = self.folder / name
        if path.suffix.lower() not in (".csv", ".tsv", ".txt", ".xlsx"):
            r.add(where, f'expected a .csv, .tsv or .xlsx table, got "{name}"')
            return None
        if not path.is_file():
            r.add(where, f'table file not found: "{name}"')
            return None
        table, problems = read_table(confined(path, [self.folder], "table", self._at(where)), self.folder, sheet)
        if table is None:
            self.r.problems.problems.extend(problems)
            return None
        rows = [{k: (whole_number(v) if k == "count" and whole_number(v) is not None else v) for k, v in row.items()}
                for row in table.rows]
        return rows, TableProblems(table.shown, table.lines)

    def rows_from(self, value: Any) -> str:
        """The table a component's rows come from, as messages name it: `cafe/cards.xlsx [Cards]`."""
        if isinstance(value, dict) and "images" in value:
            return f'the images in {display_path(self.folder / str(value["images"]))}'
        name = value if isinstance(value, str) else value.get("file") if isinstance(value, dict) else None
        if not isinstance(name, str):
            return ""
        sheet = value.get("sheet") if isinstance(value, dict) else None
        return display_path(self.folder / name) + (f" [{sheet}]" if sheet else "")

    def _at(self, where: str) -> Problem:
        return Problem("", self.r.problems.file, where, self.r.problems.line_of(where))

    def folds(self, value: Any, where: str) -> list[Segment] | None:
        r = self.r
        items = r.sequence(value, where)
        if items is None:
            return None
        out = []
        for i, item in enumerate(items):
            here = join(where, i)
            m = r.mapping(item, here, *keys("fold"))
            if m is None or "from" not in m or "to" not in m:
                continue
            ends = []
            for end in ("from", "to"):
                pair = r.sequence(m[end], join(here, end))
                if pair is None or len(pair) != 2:
                    if pair is not None:
                        r.add(join(here, end), f"expected [x, y], got a list of {len(pair)}")
                    break
                xy = [r.length(v, join(join(here, end), k), positive=False) for k, v in enumerate(pair)]
                if None in xy:
                    break
                ends.extend(xy)
            if len(ends) == 4:
                out.append(Segment(*ends))
        return out

    def check_art_values(self, rows: list[Row] | None, art: dict[str, Any], where: str) -> None:
        """Every data value that has art by field must have art for its value too."""
        for i, row in enumerate(rows or ()):
            for fieldname, value in row.fields.items():
                table = art.get(fieldname)
                if isinstance(table, dict) and str(value) not in table and fieldname not in self.folder_tables:
                    self.r.add(join(join(where, i), fieldname),
                               f'no art for "{value}"; expected one of: {", ".join(table)} (see art.{fieldname})')


def _row_key(r: Reader, m: dict, data: dict, here: str, key_fields: list[str] | None) -> str | None:
    """A row's design id: its `id`, else its key fields' values, else all its values, slugified and joined."""
    if m.get("id") is not None:
        return r.slug(m["id"], join(here, "id"))
    if key_fields:
        for f in [f for f in key_fields if f not in data]:
            r.add(here, f"missing key field \"{f}\"")
        return "-".join(slugify(data[f]) for f in key_fields if f in data)
    return "-".join(slugify(v) for v in data.values())
