"""The worked-example scenarios of components/nyakuza/examples.yaml (setup, bid, turn, legal, ranking) and the
positions they play on.

Given reads an example's `given` (clans, spaces and tiles named as a designer writes them) into the state's
terms, collecting every mistake into one SpecError; position builds the scripted NyakuzaState from it. Each
`scenario_*` function takes the game's Rules and an Example and returns the outcome as JSON-like data, compared
key by key with the example's `expected`; NyakuzaRules (game.py) binds them as its methods.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from generator.solver.api import Example, Problem, ProblemCollector, Reader, Rules, SpecError, join, known
from generator.solver.games.nyakuza.bidding import IllegalBid, clockwise_from, final_winners, resolve_bids
from generator.solver.games.nyakuza.chance import put_tile
from generator.solver.games.nyakuza.spec import WHARF_ORDERS, Board, NyakuzaSpec
from generator.solver.games.nyakuza.state import Build, Choice, IllegalMove, NyakuzaState


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
        read = [(self.seat(labels, k, join(where, k)), self.r.integer(v, join(where, k))) for k, v in m.items()]
        out = {seat: n for seat, n in read if seat is not None and n is not None}   # a None is reported already
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
        put_tile(state, n)
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


# -- the scenarios: each returns JSON-like data compared key by key with the example's `expected` ----------
def scenario_setup(rules: Rules[NyakuzaSpec], ex: Example) -> dict[str, Any]:
    players: Any = ex.given.get("players")        # as the example writes it
    if players not in rules.spec.setups:
        raise SpecError(Problem(f"expected a player count of the setup, got {players!r}", where="given.players"))
    s = rules.spec.setups[players]
    with_tiles = 1 + -(-(len(rules.spec.tiles) - s.first) // s.later)
    return {"kobans_each": s.kobans, "stalls_each": s.stalls, "stalls_to_box": s.to_box, "boats_each": s.boats,
            "tiles_round_1": s.first, "tiles_later": s.later, "rounds_with_tiles": with_tiles,
            "max_rounds": with_tiles + 1}


def scenario_bid(rules: Rules[NyakuzaSpec], ex: Example) -> dict[str, Any]:
    g = Given(rules.spec, ex.given)
    clans = g.items("seats", g.clan)
    labels = [str(x) for x in g.get("seats")] if clans else []
    if len(set(clans)) != len(clans):
        g.r.add("given.seats", "expected each clan once")
    amulet = g.seat(labels, g.get("amulet", labels[0] if labels else None), "given.amulet")
    deal = rules.spec.setups[len(labels)].kobans if len(labels) in rules.spec.setups else None
    held, bids = g.per_seat("kobans", labels, deal), g.per_seat("bids", labels)
    wharf = g.r.integer(g.get("wharf", 0), "given.wharf", minimum=0)
    order = g.r.choice(g.get("wharf_order", rules.spec.wharf_order), "given.wharf_order", WHARF_ORDERS)
    holders = [g.seat(labels, x, f"given.secret[{i}]") for i, x in enumerate(g.get("secret", []))]
    g.done()
    try:
        out = resolve_bids(labels, known(amulet), known(wharf), held, bids, rules.spec.boats_by_rank, known(order))
    except IllegalBid as exc:
        return {"rejected": str(exc)}
    answer = out.as_json()
    if "secret" in ex.given:
        answer["turns"] = list(out.order) + [p for p in clockwise_from(labels, out.amulet)
                                             if not out.boats[p] and p in holders]
    return answer


def scenario_turn(rules: Rules[NyakuzaSpec], ex: Example) -> dict[str, Any]:
    """One clan's placements in a position; stops at the first illegal one and says why."""
    g = Given(rules.spec, ex.given)
    state = position(g)
    player = g.clan(g.get("player"), "given.player")
    read = [_move(rules, g, m, f"given.place[{i}]") for i, m in enumerate(g.items("place", lambda v, w: v))]
    if player and player not in state.seats:
        g.r.add("given.player", f'"{player}" is not among the seats')
    g.done()
    moves = [known(m) for m in read]
    seat = state.seats.index(player)
    state.begin_turn(seat, sum(a != state.SECRET for a, _ in moves))
    steps, illegal = [], None
    for action, choices in moves:
        where = state.board.ids[state.target(action)] if state.secret[seat] or action != state.SECRET else "secret"
        try:
            builds = state.apply_action(action, choices)
        except IllegalMove as exc:
            illegal = {"place": where, "why": str(exc)}
            break
        steps.append(placement_step(state.board, where, action == state.SECRET, builds))
    return _outcome(state, seat, steps, illegal)


def scenario_legal(rules: Rules[NyakuzaSpec], ex: Example) -> dict[str, Any]:
    g = Given(rules.spec, ex.given)
    state = position(g)
    player = g.clan(g.get("player"), "given.player")
    spaces = g.items("candidates", g.space)
    g.done()
    state.begin_turn(state.seats.index(player), g.get("boats", 1))
    why = {state.board.ids[s]: state.why_illegal(s) for s in spaces}
    return {"legal": {k: v is None for k, v in why.items()}, "why": {k: v for k, v in why.items() if v}}


def scenario_ranking(rules: Rules[NyakuzaSpec], ex: Example) -> dict[str, Any]:
    g = Given(rules.spec, ex.given)
    built = g.per_clan("stalls_built", lambda v, w: g.r.integer(v, w, minimum=0))
    held = g.per_clan("kobans", lambda v, w: g.r.integer(v, w, minimum=0))
    if set(built) != set(held) or not built:
        g.r.add("given", "expected stalls_built and kobans for the same clans")
    g.done()
    seats = [c.id for c in rules.spec.clans if c.id in built]
    return {"winners": list(final_winners(seats, built, held))}


def _move(rules: Rules[NyakuzaSpec], g: Given, move: Any, where: str) -> tuple[int, list[Choice]] | None:
    """A placement of an example and the Stalls it chooses; None once a mistake in it is reported."""
    m = move if isinstance(move, dict) else {"place": move}
    m = g.r.mapping(m, where, ("place",), ("build",)) or {"place": None}
    builds = g.r.sequence(m.get("build", []), join(where, "build")) or []
    read = [_choice(g, b, join(where, "build") + f"[{i}]") for i, b in enumerate(builds) if isinstance(b, dict)]
    choices = [c for c in read if c is not None]
    if str(m["place"]).lower() == "secret":
        action: int | None = len(rules.spec.board.ids)
    else:
        action = g.space(m["place"], join(where, "place"))
    return (action, choices) if action is not None and len(choices) == len(read) else None


def _choice(g: Given, build: dict[str, Any], where: str) -> Choice | None:
    shore = g.space(build.get("shore"), where + ".shore")
    read = [g.number(n, where + ".tiles") for n in build.get("tiles", [])]
    tiles = tuple(n for n in read if n is not None)
    return (shore, tiles) if shore is not None and len(tiles) == len(read) else None


def _outcome(state: NyakuzaState, seat: int, steps: list, illegal: dict | None) -> dict[str, Any]:
    clan = state.seats[seat]
    return {"steps": steps, "illegal": illegal, "kobans": {clan: state.kobans[seat]},
            "stalls_left": {clan: state.stalls_left[seat]},
            "used": sorted(n for n, s in state.board.resource.items() if state.used[s]),
            "winners": [state.seats[i] for i in state.winners], "how": state.how or None}
