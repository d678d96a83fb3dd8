"""`pnp solve nyakuza bid`: resolve one round of bids for Boats (rulebook L69-115), declared as data for the
command line; lists are in seat order, clans by id or name, and a bad value is one line naming its option."""

from __future__ import annotations

from functools import partial
from typing import Any, Mapping

from generator.solver.api import OptionError, Param, Question, Questions
from generator.solver.games.nyakuza.bidding import BidOutcome, IllegalBid, resolve_bids
from generator.solver.games.nyakuza.spec import WHARF_ORDERS, NyakuzaSpec

ASKED = "pnp solve nyakuza bid"


def questions(spec: NyakuzaSpec) -> Questions:
    params = (
        Param("seats", required=True, metavar="LIST", help="clans in clockwise order, e.g. Purple,Red,Blue,Green"),
        Param("amulet", metavar="CLAN", help="who holds the Amulet (default: the first seat)"),
        Param("wharf", default="0", metavar="N", help="Kōbans in the Wharf before the bids (default 0)"),
        Param("kobans", metavar="LIST", help="Kōbans behind each screen (default: the setup's deal)"),
        Param("bids", required=True, metavar="LIST", help="each seat's bid, e.g. 5,5,0,0"),
        Param("wharf_order", choices=WHARF_ORDERS, help=f"default: the spec's ({spec.wharf_order})"),
    )
    bid = Question("bid", "resolve one round of bids: Boats, Kōbans, Wharf, Amulet, placement order", params,
                   partial(answer_bid, spec), description="Resolve one round of bids (rulebook L69-115, ties to the "
                   "Amulet holder then clockwise). Lists are in seat order.")
    return Questions("Nyakuza rulings. `bid` resolves one round of bids for Boats.", (bid,), metavar="SEARCH")


def answer_bid(spec: NyakuzaSpec, seats: str, amulet: str | None, wharf: str, kobans: str | None, bids: str,
               wharf_order: str | None) -> tuple[dict[str, Any], str]:
    """Who wins the bid, the Boats, Kōbans, Wharf and Amulet after it, and the placement order."""
    labels = _split(seats, "seats")
    clans = [_clan(spec, x, "seats") for x in labels]
    if len(set(clans)) != len(clans) or not 2 <= len(clans) <= len(spec.clans):
        raise OptionError(f'{ASKED}: --seats: expected 2 to {len(spec.clans)} different clans, got "{seats}"')
    holder = labels[0] if amulet is None else _seat(spec, amulet, clans, labels)
    in_wharf = _whole(wharf.strip(), "wharf")
    if kobans is None and len(clans) not in spec.setups:
        raise OptionError(f"{ASKED}: --kobans: no setup for {len(clans)} players; give the Kōbans")
    held = [_whole(x, "kobans") for x in _split(kobans, "kobans", len(clans))] if kobans else \
        [spec.setups[len(clans)].kobans] * len(clans)
    bid = [_whole(x, "bids") for x in _split(bids, "bids", len(clans))]
    order = wharf_order or spec.wharf_order
    try:
        out = resolve_bids(labels, holder, in_wharf, dict(zip(labels, held)), dict(zip(labels, bid)),
                           spec.boats_by_rank, order)
    except IllegalBid as exc:
        raise OptionError(f"{ASKED}: --bids: {exc}") from None
    return out.as_json(), _bid_text(out, labels, bid, in_wharf, order)


def _split(text: str, what: str, n: int | None = None) -> list[str]:
    items = [t.strip() for t in text.split(",")]
    if n is not None and len(items) != n:
        raise OptionError(f"{ASKED}: --{what}: expected {n} values separated by commas (one per seat), "
                          f"got {len(items)}")
    return items


def _whole(text: str, what: str) -> int:
    if not text.isdigit():
        raise OptionError(f'{ASKED}: --{what}: expected whole numbers of 0 or more, got "{text}"')
    return int(text)


def _clan(spec: NyakuzaSpec, text: str, what: str) -> str:
    found = spec.clan_lookup.get(text.casefold())
    if found is None:
        raise OptionError(f'{ASKED}: --{what}: unknown clan "{text}"; expected one of: '
                          f"{', '.join(c.id for c in spec.clans)} (or their names)")
    return found


def _seat(spec: NyakuzaSpec, text: str, clans: list[str], labels: list[str]) -> str:
    clan = _clan(spec, text.strip(), "amulet")
    if clan not in clans:
        raise OptionError(f'{ASKED}: --amulet: "{text}" is not among the seats ({", ".join(labels)})')
    return labels[clans.index(clan)]


def _bid_text(out: BidOutcome, labels: list[str], bids: list[int], wharf: int, order: str) -> str:
    def row(values: Mapping[str, int]) -> str:
        return ", ".join(f"{p} {values[p]}" for p in labels)

    lines = [f"Bids: {row(dict(zip(labels, bids)))}; Wharf before: {wharf} ({order})"]
    if out.order:
        lines.append(f"{out.order[0]} wins the bid, pays {max(bids)} into the Wharf and takes the Amulet.")
    else:
        lines.append("Nobody bid: nobody places Boats and the Amulet stays.")
    lines += [f"Boats:  {row(out.boats)}", f"Kōbans: {row(out.kobans)}", f"Wharf:  {out.wharf}",
              f"Amulet: {out.amulet}", f"Placement order: {', '.join(out.order) or 'nobody'}"]
    return "\n".join(lines)
