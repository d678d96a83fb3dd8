"""The rules between a component's keys, each a named step of the walk in generator/load/components.py: it runs
as soon as the keys it relates are read (RULES there says after which), so the problems of a spec come out in
the order its keys are read. Each rule reports a problem, or settles a value the keys give together (a net's
shape and size); the last, between components, runs once all of them are read."""

from __future__ import annotations

import dataclasses
from typing import Any

from generator.model.game import Component
from generator.load.component_shape import outline_path
from generator.load.piece import Piece
from generator.load.reader import Reader
from generator.load.yamlio import join


def a_net_is_its_own_cut(p: Piece) -> None:
    """Shape and size together: a net is cut as its own outline at its own size, so a `size`, `shape`, `outline`
    or `folds` beside it would contradict it and is refused. Without a net a component needs a size (a net
    that failed to read has its own problems, and no size is asked for on top)."""
    net = p.got["net"]
    if net is not None:
        if "size" in p.m or "outline" in p.m or "folds" in p.m or p.m.get("shape", "outline") != "outline":
            p.r.add(p.at("net"), "a net sets the size, shape, outline and folds; remove those keys")
        p.got.update(shape="outline", size=(net.width_mm, net.height_mm))
    elif "size" not in p.m and "net" not in p.m:
        p.r.add(p.where, 'missing key "size"')


def a_rounded_corner_is_round(p: Piece) -> None:
    """A shape "rounded" with no corner radius (the table's default is 0) would be cut square, and a corner radius
    on any other shape would be ignored: a deck of images given `corner: 3mm` alone would print square."""
    corner, shape = p.got["corner"], p.got["shape"]
    if shape == "rounded" and corner is not None and corner <= 0:
        p.r.add(p.at("corner"), 'a rounded shape needs a corner radius like "3mm"')
    elif shape is not None and shape != "rounded" and corner and "corner" in p.m:
        p.r.add(p.at("corner"), f'a corner radius rounds only shape "rounded", got shape "{shape}"; add '
                                f'shape: rounded, or remove corner')


def image_backs_vary_by_back(p: Piece) -> None:
    """Image rows with backs: the back face must vary by the `back` field, or every card would print the first
    card's back."""
    rows, back, raw = p.got["rows"], p.got["back"], p.m.get("rows")
    if not rows or "back" not in rows[0].fields or not isinstance(raw, dict) or "images" not in raw:
        return
    if back is None or "back" not in (back.vary_by or ()):
        p.r.add(p.at("back"), "the images have backs; expected back: {template: shared/image-back.svg.j2, "
                              "vary_by: [back]}")


def outline_fits_the_shape(p: Piece) -> None:
    """Folds with a net or an outline: a net brings its own fold lines and outline. Otherwise a shape "outline"
    is cut along its `outline`, parsed now so a path the cut files, masks and pages could not read is a spec
    error, and no other shape takes one (it would be ignored)."""
    net = p.got["net"]
    if net is not None:
        p.got.update(folds=list(net.folds), outline=net.outline)
    elif p.got["shape"] == "outline":
        if p.got["outline"] is None:
            p.r.add(p.where, 'a shape "outline" needs an "outline" path in trim millimetres')
        else:
            p.got["outline"] = outline_path(p.r, p.got["outline"], p.at("outline"))
    elif p.got["outline"] is not None:
        p.r.add(p.at("outline"), 'only a component with shape "outline" takes an outline')


def back_varies_by_row_fields(p: Piece) -> None:
    """A back's `vary_by` names `player` or fields of the rows: a field the rows lack is a typo, and would
    silently print one back for all."""
    back, rows = p.got["back"], p.got["rows"]
    if back is None or not rows or not back.vary_by:
        return
    for fieldname in back.vary_by:
        if fieldname != "player" and fieldname not in rows[0].fields:
            known = ", ".join(["player", *rows[0].fields])
            p.r.add(join(p.at("back"), "vary_by"), f'unknown field "{fieldname}"; expected one of: {known}')


def every_value_has_art(p: Piece) -> None:
    """Art values: a field with art by value (`art: {colour: {red: red.svg}}`) needs art for every value its rows
    hold, or a template would place nothing (art by folder is checked once for all rows, in game.py)."""
    art, where = p.game.art, p.at("rows")
    for i, row in enumerate(p.got["rows"] or ()):
        for fieldname, value in row.fields.items():
            table = art.get(fieldname)
            if isinstance(table, dict) and str(value) not in table and fieldname not in p.game.folder_tables:
                p.r.add(join(join(where, i), fieldname),
                        f'no art for "{value}"; expected one of: {", ".join(table)} (see art.{fieldname})')


def corner_fits_the_size(p: Piece) -> None:
    """Corner and size: a rounded corner of more than half the shorter side cannot be cut; the corner is then
    None, so the piece is not built."""
    corner, size = p.got["corner"], p.got["size"]
    if p.got["shape"] == "rounded" and corner and size and corner > min(size) / 2:
        p.r.add(p.at("corner"), f"expected a corner radius of at most half the shorter side "
                                f"({min(size) / 2:g} mm), got {corner:g} mm")
        p.got["corner"] = None


def map_tiles_match_their_spaces(r: Reader, raw: Any, components: list[Component]) -> None:
    """Map tiles, between components: a board whose `hexmap.tiles` names a component has numbered space N
    covered by that component's row with number N, one for one, so the board prints the type of the tile that
    covers it. Runs once every component is read."""
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
            r.add(where, f'expected a component whose rows have a "number" field, got "{raw_map["tiles"]}"')
            continue
        numbers = {int(row.fields["number"]) for row in tiles.rows}
        spaces = {s.number for s in comp.hexmap.spaces if s.number is not None}
        if numbers != spaces:
            kind = next((s.kind for s in comp.hexmap.spaces if s.number is not None), "numbered")
            r.add(where, f"expected a {tiles.id} row for every {kind} space and a space for every row; "
                         f"spaces without a row: {sorted(spaces - numbers) or 'none'}, rows without a space: "
                         f"{sorted(numbers - spaces) or 'none'}")
            continue
        components[i] = dataclasses.replace(comp, hexmap_tiles=tiles.id)
