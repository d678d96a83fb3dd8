"""A component's printed sides: `front` and `back`, each a template (a back may vary by row fields or the seat)."""

from __future__ import annotations

from typing import Any

from generator.model.game import Face
from generator.load.piece import Piece
from generator.load.reader import Reader
from generator.load.schema import keys
from generator.load.yamlio import join


def read_front(p: Piece) -> Face | None:
    """`front`: a template, or `{template: ...}`; required (the schema's table says so)."""
    return face(p.r, p.m.get("front"), p.at("front"), back=False) if "front" in p.m else None


def read_back(p: Piece) -> Face | None:
    """`back`: a template, or section back with `vary_by`; none (null or not written) is single-sided."""
    return face(p.r, p.m["back"], p.at("back"), back=True) if p.m.get("back") is not None else None


def face(r: Reader, value: Any, where: str, *, back: bool) -> Face | None:
    """One side: a template file ending in ".svg.j2" and, for a back, the row fields it varies by."""
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
