"""Where a Boat may go: free tiles, Shores and Seas next to the clan, and only if its owner can pay
for every Stall the Boat would force (the rulebook's ATTENTION, L295-303); and a Boat put down."""

from __future__ import annotations

from typing import Sequence

from generator.solver.games.nyakuza import stalls
from generator.solver.games.nyakuza.bidding import kobans
from generator.solver.games.nyakuza.moves import OVER, PLACE, Build, Choice, IllegalMove
from generator.solver.games.nyakuza.table import Table


def target(t: Table, action: int) -> int:
    """The space an action puts a Boat on: the Secret Resource's Boat goes on that tile (proposed, NYA-GAP-08)."""
    return t.board.resource[secret_tile(t)] if action == t.SECRET else action


def secret_tile(t: Table) -> int:
    """The number of the Secret Resource tile behind the current clan's screen."""
    number = t.secret[t.current]
    if number is None:
        raise IllegalMove(f"{t.seats[t.current]} holds no Secret Resource tile")
    return number


def why_illegal(t: Table, action: int, choices: Sequence[Choice] = ()) -> str | None:
    """None if the current player may take `action`, else the rule that forbids it."""
    if t.phase != PLACE:
        return "the game is over" if t.phase == OVER else "Boats are placed after the bids"
    p, clan = t.current, t.seats[t.current]
    if action == t.PASS:
        return None if not t.pending or not _any_space(t, p) else f"{clan} must place their Boats first"
    if action == t.SECRET:
        if t.secret[p] is None:
            return f"{clan} holds no Secret Resource tile"
        if not t.supply[p]:
            return f"{clan} has no Boat left for the Secret Resource tile"
        return cannot_pay(t, p, target(t, action), choices)
    if not t.pending:
        return f"{clan} has no Boat left to place this turn"
    return _where_illegal(t, p, action) or cannot_pay(t, p, action, choices)


def _where_illegal(t: Table, p: int, s: int) -> str | None:
    name, kind = t.board.ids[s], t.board.kinds[s]
    if t.stall[s] >= 0 or s == t.market:
        return f"{name} holds a Stall"
    if t.owner[s] >= 0:
        return f"{name} is taken by a {t.seats[t.owner[s]]} Boat"
    if kind == "resource" and not t.tile[s]:
        return f"{name} has no tile yet"
    if kind != "resource" and not any(t.owner[n] == p for n in t.board.neighbours[s]):
        return f"{name} is a {kind.capitalize()} space not next to a {t.seats[p]} Boat"
    return None


def cannot_pay(t: Table, p: int, s: int, choices: Sequence[Choice] = ()) -> str | None:
    """The rulebook's ATTENTION (L295-303): a Boat may not complete Stalls its owner cannot pay for."""
    builds = stalls.plan(t, p, stalls.group(t, p, s), choices)
    cost = sum(len(b.tiles) for b in builds)
    if cost <= t.kobans[p]:
        return None
    what = "; ".join(f"{'the Grand Market' if b.market else 'a Stall'} on {t.board.ids[b.shore]} with tiles "
                     f"{', '.join(map(str, b.tiles))}" for b in builds)
    return f"a Boat on {t.board.ids[s]} would build {what}, costing {kobans(cost)}, but {t.seats[p]} " \
           f"has only {kobans(t.kobans[p])}"


def candidates(t: Table, p: int) -> list[int]:
    """Spaces that may take a Boat before the Kōban test: free tiles, and free Shores and Seas next to p."""
    return sorted(t.free_tiles | t.frontier[p])


def _any_space(t: Table, p: int) -> bool:
    return any(cannot_pay(t, p, s) is None for s in candidates(t, p))


def place(t: Table, p: int, s: int, choices: Sequence[Choice] = ()) -> list[Build]:
    """p's Boat on space s, and the Stalls it forces built (stalls.build, looked up at each call)."""
    t.owner[s] = p
    t.on_board[p] += 1
    t.free_tiles.discard(s)
    for f in t.frontier:
        f.discard(s)
    for n in t.board.neighbours[s]:
        if t.board.kinds[n] != "resource" and t.owner[n] < 0:
            t.frontier[p].add(n)
    builds = stalls.plan(t, p, stalls.group(t, p, s), choices)
    for b in builds:
        stalls.build(t, p, b)
    return builds
