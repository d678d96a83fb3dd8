"""Positions for the worked examples of components/nyakuza/examples.yaml.

Given reads an example's `given` (clans, spaces and tiles named as a designer writes them) into the state's
terms, collecting every mistake into one SpecError; position builds the scripted NyakuzaState from it.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from generator.errors import ProblemCollector
from generator.solver.games.nyakuza.spec import Board, NyakuzaSpec
from generator.solver.games.nyakuza.state import Build, NyakuzaState
from generator.spec.reader import Reader
from generator.spec.yamlio import join


class Given:
    """Reads an example's `given` into the state's terms; every mistake is one Problem of one SpecError."""

    def __init__(self, spec: NyakuzaSpec, given: Mapping[str, Any]):
        self.spec, self.given = spec, given
        self.problems = ProblemCollector()
        self.r = Reader(self.problems)

    def get(self, key: str, default: Any = None) -> Any:
        return self.given.get(key, default)

    def clan(self, value: Any, where: str) -> str | None:
        found = self.spec.clan_lookup.get(str(value).casefold())
        if found is None:
            self.r.add(where, f"unknown clan {value!r}; expected one of: {', '.join(c.id for c in self.spec.clans)}")
        return found

    def space(self, value: Any, where: str) -> int | None:
        found = self.spec.board.index.get(str(value).upper())
        if found is None:
            self.r.add(where, f'unknown space {value!r}; expected an id like "R12", "S1-1" or "~7-0"')
        return found

    def number(self, value: Any, where: str) -> int | None:
        if not isinstance(value, int) or value not in self.spec.tile_type:
            self.r.add(where, f"unknown tile {value!r}; expected a number of a tile")
            return None
        return value

    def per_clan(self, key: str, read: Callable[[Any, str], Any]) -> dict[str, Any]:
        m = self.r.mapping(self.get(key, {}), f"given.{key}", free=True) or {}
        return {c: read(v, f"given.{key}.{k}") for k, v in m.items() if (c := self.clan(k, f"given.{key}.{k}"))}

    def seat(self, labels: Sequence[str], value: Any, where: str) -> str | None:
        """A clan named any way, spelled as the seat list spells it."""
        clan = self.clan(value, where)
        found = next((x for x in labels if self.spec.clan_lookup.get(x.casefold()) == clan), None)
        if clan and found is None:
            self.r.add(where, f"{value!r} is not among the seats")
        return found

    def per_seat(self, key: str, labels: Sequence[str], default: int | None = None) -> dict[str, int]:
        """Whole numbers per seat: a mapping, or one number for every seat."""
        raw, where = self.get(key, default), f"given.{key}"
        if isinstance(raw, int) and not isinstance(raw, bool):
            raw = {x: raw for x in labels}
        m = self.r.mapping(raw, where, free=True) or {}
        out = {self.seat(labels, k, join(where, k)): self.r.integer(v, join(where, k)) for k, v in m.items()}
        missing = [x for x in labels if x not in out]
        if m and missing:
            self.r.add(where, f"missing {', '.join(missing)}")
        return out

    def items(self, key: str, read: Callable[[Any, str], Any]) -> list[Any]:
        items = self.r.sequence(self.get(key, []), f"given.{key}") or []
        return [read(v, f"given.{key}[{i}]") for i, v in enumerate(items)]

    def done(self) -> None:
        self.problems.raise_if_any()


def position(g: Given) -> NyakuzaState:
    """A scripted position: the tiles and Boats on the board, Kōbans, Stalls, used tiles, Secret tiles."""
    spec = g.spec
    seats = g.items("seats", g.clan) if "seats" in g.given else [c.id for c in spec.clans[:g.get("players", 4)]]
    boats = g.per_clan("boats", lambda v, w: [g.space(x, f"{w}[{i}]") for i, x in enumerate(v or [])])
    held = g.per_clan("kobans", lambda v, w: g.r.integer(v, w, minimum=0))
    stalls = g.per_clan("stalls", lambda v, w: g.r.integer(v, w, minimum=0))
    secret = g.per_clan("secret", g.number)
    tiles, used = g.items("tiles", g.number), g.items("used", g.number)
    built = {g.space(k, f"given.stall_spaces.{k}"): g.clan(v, f"given.stall_spaces.{k}")
             for k, v in (g.r.mapping(g.get("stall_spaces", {}), "given.stall_spaces", free=True) or {}).items()}
    if len(seats) not in spec.setups or None in seats:
        g.r.add("given.seats", f"expected the clans of a {'/'.join(map(str, sorted(spec.setups)))}-player game")
    g.done()
    state = NyakuzaState(spec, len(seats), 0, seats=seats, variant=bool(secret), deal=False)
    for clan, spaces in boats.items():
        for s in spaces:
            if state.board.numbers[s] is not None:
                tiles.append(state.board.numbers[s])
            state.owner[s] = seats.index(clan)
            state.on_board[seats.index(clan)] += 1
    _finish_position(state, seats, tiles, used, built, held, stalls, secret)
    return state


def _finish_position(state: NyakuzaState, seats: list[str], tiles: list[int], used: list[int], built: dict,
                     held: dict, stalls: dict, secret: dict) -> None:
    for n in set(tiles) | set(used):
        state._put_tile(n)
    for n in used:
        state.used[state.board.resource[n]] = True
        state.used_count += 1
    for s, clan in built.items():
        state.stall[s] = state.owner[s] = seats.index(clan)
        state.on_board[seats.index(clan)] += 1
    for i, clan in enumerate(seats):
        state.kobans[i] = held.get(clan, state.kobans[i])
        state.stalls_left[i] = stalls.get(clan, state.stalls_left[i])
        state.secret[i] = secret.get(clan)
        state.frontier[i] = {t for s in range(len(state.owner)) if state.owner[s] == i
                             for t in state.board.neighbours[s] if state.board.kinds[t] != "resource"
                             and state.owner[t] < 0}
    state.bag = [n for n, _ in state.spec.tiles if not state.tile[state.board.resource[n]] and n not in secret.values()]
    state.round = 2


def placement_step(board: Board, where: str, secret: bool, builds: list[Build]) -> dict[str, Any]:
    """One placement of a worked example: where the Boat went and the Stalls (or Grand Market) it forced."""
    out: dict[str, Any] = {"place": where, "stalls": [{"shore": board.ids[b.shore], "tiles": list(b.tiles)}
                                                      for b in builds if not b.market]}
    if secret:
        out["secret"] = True
    if any(b.market for b in builds):
        out["grand_market"] = next(board.ids[b.shore] for b in builds if b.market)
    return out
