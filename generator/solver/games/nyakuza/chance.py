"""Chance in Nyakuza: the bag, drawn blind by the Amulet holder, and the variant's Secret tiles, each drawn with
the table's seeded random generator."""

from __future__ import annotations

from generator.solver.games.nyakuza.moves import BID
from generator.solver.games.nyakuza.table import Table


def deal_secrets(t: Table) -> None:
    """Variant (L352-360): each clan draws one hidden tile; a redraw type goes back and is drawn again."""
    for p in range(len(t.seats)):
        while any(t.spec.tile_type[n] not in t.spec.secret_redraw for n in t.bag):
            i = t.rng.randrange(len(t.bag))
            if t.spec.tile_type[t.bag[i]] not in t.spec.secret_redraw:
                t.secret[p] = t.bag.pop(i)
                break


def start_round(t: Table) -> None:
    """Place Resources (L229-236): the Amulet holder draws blind; an empty bag makes this the final round."""
    t.round += 1
    t.phase = BID
    if not t.bag:
        t.final = True
        return
    draw = t.setup.first if t.round == 1 else t.setup.later
    for _ in range(min(draw, len(t.bag))):
        put_tile(t, t.bag.pop(t.rng.randrange(len(t.bag))))


def put_tile(t: Table, number: int) -> None:
    s = t.board.resource[number]
    t.tile[s] = True
    if t.owner[s] < 0:
        t.free_tiles.add(s)
