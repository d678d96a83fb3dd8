"""A position file for `pnp solve izakaya score|drink|claim`: read as untrusted input (YAML or JSON, through
the project's bounded loader), every problem one line naming the file and the key."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from generator.solver.api import ProblemCollector, Reader, describe, display_path, join, known, load_yaml
from generator.solver.games.izakaya.grid import Edge, edge
from generator.solver.games.izakaya.rules import Building, Position
from generator.solver.games.izakaya.spec import IzakayaSpec

KEYS = ("players",)
FOOTPRINTS = 2          # footprints a site card side prints at most (0 and 1)
OPTIONAL = ("grid", "prices", "drinks", "claims", "pyramids", "buildings", "yen")


def _pair(r: Reader, value: Any, where: str, what: str) -> tuple[int, int] | None:
    """[row, col]: two whole numbers, or the text "row,col" as on the command line. Anything else (1.5,
    .inf, a word) is refused, never rounded."""
    items = [x.strip() for x in value.split(",")] if isinstance(value, str) else value
    if isinstance(items, list) and len(items) == 2:
        pair = [int(x) if isinstance(x, str) and re.fullmatch(r"-?[0-9]{1,9}", x) else x for x in items]
        if all(isinstance(x, int) and not isinstance(x, bool) for x in pair):
            return pair[0], pair[1]
    shown = "[" + ", ".join(map(describe, items)) + "]" if isinstance(items, list) else describe(value)
    r.add(where, f"expected {what} as [row, col], two whole numbers, got {shown}")
    return None


def read_position(path: Path, spec: IzakayaSpec) -> Position:
    data, lines = load_yaml(path)
    return parse_position(data, spec, ProblemCollector(display_path(path), lines))


def parse_position(data: Any, spec: IzakayaSpec, problems: ProblemCollector) -> Position:
    """A position from a file's (or an example's) data; every problem is one line, raised together."""
    r = Reader(problems)
    m = r.mapping(data, "", KEYS, OPTIONAL) or {}
    players = [str(p) for p in (r.sequence(m.get("players"), "players", min_items=2) or [])]
    if len(set(players)) != len(players):
        r.add("players", "expected distinct names")
    if players and len(players) not in spec.grids:
        r.add("players", f"expected {min(spec.grids)}-{max(spec.grids)} players, got {len(players)}")
    size = r.integer(m.get("grid"), "grid", minimum=2, maximum=12) if "grid" in m else None
    grid = None
    if players and len(players) in spec.grids:
        want, disabled = spec.grids[len(players)]
        if size is not None and size != want:
            r.add("grid", f"expected {want} for {len(players)} players, got {size}")
        grid = spec.grid(len(players))
    prices = dict(spec.prices)
    for colour, price in (r.mapping(m.get("prices", {}), "prices", free=True) or {}).items():
        if colour not in prices:
            r.add(join("prices", colour), f"expected one of the colours {', '.join(spec.colours)}")
        elif r.integer(price, join("prices", colour), minimum=0) is not None:
            prices[colour] = price
    if grid is None:
        problems.raise_if_any()
    pos = Position(players, known(grid), prices)
    _drinks(r, m, pos, spec)
    _claims(r, m, pos)
    _pyramids(r, m, pos)
    _buildings(r, m, pos, spec)
    for p, amount in (r.mapping(m.get("yen", {}), "yen", free=True) or {}).items():
        if str(p) not in players:
            r.add(join("yen", p), f"expected one of the players {', '.join(players)}")
        elif r.integer(amount, join("yen", p), minimum=0) is not None:
            pos.yen[str(p)] = amount
    problems.raise_if_any()
    return pos


def _drinks(r: Reader, m: dict, pos: Position, spec: IzakayaSpec) -> None:
    for i, item in enumerate(r.sequence(m.get("drinks", []), "drinks") or []):
        at = join("drinks", i)
        d = r.mapping(item, at, ("corner", "colour")) or {}
        corner = _pair(r, d.get("corner"), join(at, "corner"), "a corner") if "corner" in d else None
        colour = d.get("colour")
        if "colour" in d and colour not in spec.prices:
            r.add(join(at, "colour"), f"expected one of {', '.join(spec.colours)}, got {describe(colour)}")
            continue
        if corner is None or colour is None:        # a colour missing is reported already
            continue
        if pos.grid.spot_kind(corner) == 0:
            r.add(join(at, "corner"), f"{list(corner)} is not a drink spot of the {pos.grid.n} x {pos.grid.n} grid "
                  "(an outer corner, off the grid, or barred)")
        elif corner in pos.drinks:
            r.add(join(at, "corner"), f"two drinks on corner {list(corner)}")
        else:
            pos.drinks[corner] = colour


def _claims(r: Reader, m: dict, pos: Position) -> None:
    for i, item in enumerate(r.sequence(m.get("claims", []), "claims") or []):
        at = join("claims", i)
        c = r.mapping(item, at, ("edge", "player")) or {}
        cards = r.sequence(c.get("edge"), join(at, "edge")) if "edge" in c else None
        if c.get("player") not in pos.players:
            r.add(join(at, "player"), f"expected one of the players {', '.join(pos.players)}")
            continue
        if not cards or len(cards) != 2:
            r.add(join(at, "edge"), "expected the two cards it separates, [[row, col], [row, col]]")
            continue
        a, b = (_pair(r, x, join(at, "edge"), "a card") for x in cards)
        if a is None or b is None:
            continue
        e: Edge = edge(a, b)
        if e not in set(pos.grid.edges):
            r.add(join(at, "edge"), f"{[list(a), list(b)]} is not an edge between two usable cards")
        elif e in pos.claims:
            r.add(join(at, "edge"), f"edge {[list(a), list(b)]} is claimed twice")
        else:
            pos.claims[e] = c["player"]


def _card(r: Reader, pos: Position, value: Any, where: str) -> tuple[int, int] | None:
    card = _pair(r, value, where, "a card")
    if card is None:
        return None
    if not pos.grid.on_grid(card):
        r.add(where, f"{list(card)} is off the {pos.grid.n} x {pos.grid.n} grid")
        return None
    if card in pos.grid.disabled:
        r.add(where, f"{list(card)} is the flipped card: it cannot be used")
        return None
    return card


def _pyramids(r: Reader, m: dict, pos: Position) -> None:
    for i, item in enumerate(r.sequence(m.get("pyramids", []), "pyramids") or []):
        at = join("pyramids", i)
        p = r.mapping(item, at, ("card", "player")) or {}
        card = _card(r, pos, p.get("card"), join(at, "card")) if "card" in p else None
        if p.get("player") not in pos.players:
            r.add(join(at, "player"), f"expected one of the players {', '.join(pos.players)}")
        elif card is not None and card in pos.pyramids:
            r.add(join(at, "card"), f"two pyramids on card {list(card)}")
        elif card is not None:
            pos.pyramids[card] = p["player"]


def _buildings(r: Reader, m: dict, pos: Position, spec: IzakayaSpec) -> None:
    """Each building: a usable card, its owner, its floors (at most the most any footprint prints) and which
    of the card's footprints (0 or 1: a card holds one or two) it stands on."""
    printed = [f.floors for sides in spec.footprints.values() for fps in sides.values() for f in fps]
    taken: set[tuple[tuple[int, int], int]] = set()
    for i, item in enumerate(r.sequence(m.get("buildings", []), "buildings") or []):
        at = join("buildings", i)
        b = r.mapping(item, at, ("card", "owner", "floors"), ("footprint",)) or {}
        card = _card(r, pos, b.get("card"), join(at, "card")) if "card" in b else None
        floors = r.integer(b.get("floors"), join(at, "floors"), minimum=1,
                           maximum=max(printed, default=None)) if "floors" in b else None
        footprint = r.integer(b["footprint"], join(at, "footprint"), minimum=0, maximum=FOOTPRINTS - 1) \
            if "footprint" in b else 0
        if b.get("owner") not in pos.players:
            r.add(join(at, "owner"), f"expected one of the players {', '.join(pos.players)}")
        elif card is not None and "footprint" in b and footprint is not None and (card, footprint) in taken:
            r.add(join(at, "footprint"), f"two buildings on footprint {footprint} of card {list(card)}")
        elif card is not None and floors is not None and footprint is not None:
            if "footprint" in b:
                taken.add((card, footprint))
            pos.buildings.append(Building(card, b["owner"], floors, footprint))
