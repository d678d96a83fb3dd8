"""A component's cut: its shape, size, fold-up net, fold lines and outline path, each read from its own key of the
spec (the key table in generator/load/components.py says which function reads which key)."""

from __future__ import annotations

from typing import Any

from generator.geometry.hexagon import hex_box_mm
from generator.geometry.nets import NETS, Net
from generator.geometry.outline import OutlineError, polygons
from generator.model.game import Segment
from generator.load.piece import Piece
from generator.load.reader import Reader
from generator.load.schema import keys
from generator.load.yamlio import join
from generator.common.units import describe, rounded

DEFAULT_SHAPE = {"hex-tile": "hex"}    # a kind whose shape, unwritten, is not the table's default


def read_shape(p: Piece) -> str | None:
    """`shape`: as declared, but a hex-tile written without one is a hex."""
    kind = p.got["kind"]
    return DEFAULT_SHAPE[kind] if kind in DEFAULT_SHAPE and "shape" not in p.m else p.declared("shape")


def read_net(p: Piece) -> Net | None:
    """`net`: one kind of fold-up net with its sizes; None when not written."""
    return net(p.r, p.m["net"], p.at("net")) if "net" in p.m else None


def read_size(p: Piece) -> tuple[float, float] | None:
    """`size`, read for the shape: a net that reads sets the size itself (rule `a_net_is_its_own_cut`)."""
    if p.got["net"] is not None or "size" not in p.m:
        return None
    return size(p.r, p.m["size"], p.at("size"), p.got["shape"], p.got["orientation"])


def read_folds(p: Piece) -> list[Segment] | None:
    """`folds`: fold lines (section fold); a net that reads brings its own (rule `outline_fits_the_shape`)."""
    return None if p.got["net"] is not None else folds(p.r, p.declared("folds"), p.at("folds"))


def read_outline(p: Piece) -> Any:
    """`outline`: text, taken for a shape "outline" (rule `outline_fits_the_shape` parses it, wants it there and
    refuses it on any other shape); a net that reads brings its own."""
    value = p.m.get("outline")
    if value is None or p.got["net"] is not None:
        return None
    return p.r.text(value, p.at("outline")) if p.got["shape"] == "outline" else value


def read_fill_corners(p: Piece) -> bool | float | None:
    """`fill_corners`: false, true (each image's own round corners, found in its pixels), or the images' corner
    radius at the card's size, at most half its shorter side (render/corners.py)."""
    value = p.r.unwrap(p.declared("fill_corners"), p.at("fill_corners"))
    if isinstance(value, bool):
        return value
    if not isinstance(value, str) or value.strip()[:1] not in tuple("+-.0123456789"):
        p.r.add(p.at("fill_corners"), "expected true, false or the images' corner radius like \"3mm\", got "
                                      + describe(value))
        return None
    mm = p.r.length(value, p.at("fill_corners"))
    size = p.got["size"]
    if mm is not None and size and mm > min(size) / 2:
        p.r.add(p.at("fill_corners"), f"expected a corner radius of at most half the shorter side "
                                      f"({min(size) / 2:g} mm), got {mm:g} mm")
        return None
    return mm


def net(r: Reader, value: Any, where: str) -> Net | None:
    """`{box: {width: 22mm, ...}}`: one kind of net with its sizes (see generator.geometry.nets)."""
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


def size(r: Reader, value: Any, where: str, shape: str | None, orientation: str | None) -> tuple[float, float] | None:
    """`[width, height]`, or one length: a square, a circle's diameter or a hex's flat-to-flat width."""
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
        w, h = hex_box_mm(side, orientation or "pointy")
        return rounded(w, 4), rounded(h, 4)
    return (side, side)


def folds(r: Reader, value: Any, where: str) -> list[Segment] | None:
    """Fold lines, `[{from: [x, y], to: [x, y]}, ...]` in trim coordinates."""
    items = r.sequence(value, where)
    if items is None:
        return None
    out = []
    for i, item in enumerate(items):
        here = join(where, i)
        m = r.mapping(item, here, *keys("fold"))
        if m is None or "from" not in m or "to" not in m:
            continue
        ends = _fold_ends(r, m, here)
        if len(ends) == 4:
            out.append(Segment(*ends))
    return out


def _fold_ends(r: Reader, m: dict, here: str) -> list[float]:
    """x1, y1, x2, y2 of one fold line; fewer after a problem."""
    ends = []
    for end in ("from", "to"):
        pair = r.sequence(m[end], join(here, end))
        if pair is None or len(pair) != 2:
            if pair is not None:
                r.add(join(here, end), f"expected [x, y], got a list of {len(pair)}")
            break
        xy = [r.length(v, join(join(here, end), k), positive=False) for k, v in enumerate(pair)]
        read = [v for v in xy if v is not None]
        if len(read) != len(xy):
            break
        ends.extend(read)
    return ends


def outline_path(r: Reader, path: str, where: str) -> str | None:
    """The outline parsed now, so a path the cut files, masks and pages could not read is a spec error."""
    try:
        closed = polygons(path)
    except OutlineError as exc:
        r.add(where, f"expected an SVG path of M, L, H, V, A and Z in trim millimetres: {exc}")
        return None
    if not closed:
        r.add(where, "expected a closed outline of at least three points, like \"M 0 0 L 40 0 L 20 30 Z\"")
        return None
    return path
