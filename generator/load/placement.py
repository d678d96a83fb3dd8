"""Where pieces sit: the named rectangles a component prints (`spaces:`) and which piece sits on which
of its spaces (`fits:`), read from the spec; `pnp check` proves each fit (generator/solver/fits.py)."""

from __future__ import annotations

from typing import Any

from generator.model.game import Component, Fit
from generator.load.reader import Reader
from generator.load.schema import keys
from generator.load.yamlio import join


def read_spaces(r: Reader, value: Any, where: str) -> dict[str, tuple[float, float]]:
    """Named rectangles the component prints (`spaces: {building: [66mm, 91mm]}`); templates get them as
    geo.spaces and `fits:` checks pieces against them."""
    out = {}
    for name, size in (r.mapping(value, where, free=True) or {}).items():
        here = join(where, name)
        pair = r.sequence(size, here)
        if r.slug(name, here) and pair is not None:
            if len(pair) != 2:
                r.add(here, f"expected [width, height], got a list of {len(pair)}")
                continue
            w, h = (r.length(v, join(here, k)) for k, v in enumerate(pair))
            if w and h:
                out[name] = (w, h)
    return out


def read_fits(r: Reader, value: Any, where: str) -> list[Fit]:
    """`fits: [{space: building, holds: card, clearance: 1mm}]`; names are checked once all components are read."""
    out = []
    for i, item in enumerate(r.sequence(value, where) or []):
        here = join(where, i)
        m = r.mapping(item, here, *keys("fit"))
        if m is None or "space" not in m or "holds" not in m:
            continue
        space, holds, gap = (r.field(m, "fit", k, here) for k in ("space", "holds", "clearance"))
        if space and holds and gap is not None:
            out.append(Fit(space, holds, gap, here))
    return out


def link_fits(r: Reader, components: list[Component], declared: set[str]) -> None:
    """Every fit names a component that exists and a space its component prints."""
    ids = {c.id for c in components}
    for c in components:
        kinds = {s.kind for s in c.hexmap.spaces} if c.hexmap else set()
        for f in c.fits:
            if f.holds not in ids and f.holds not in declared:
                r.add(join(f.where, "holds"), f'unknown component "{f.holds}"; expected one of: '
                                                   f'{", ".join(sorted(ids))}')
            if f.space not in c.spaces and f.space not in kinds:
                known = sorted(set(c.spaces) | kinds) or ["none (declare spaces: or a hexmap)"]
                r.add(join(f.where, "space"), f'unknown space "{f.space}"; expected one of: {", ".join(known)}')
