"""Izakaya's grid of site cards: cards, corner spots, claim edges and lines of three.

A card is (row, col) from the top-left, 0-based; a corner is (row, col) from 0 to n, the point where up to
four cards meet; an edge is the pair of orthogonally adjacent cards it separates, smaller card first.
A corner touching 4 cards is a 4-card spot, one on the grid's border but not an outer corner a 2-card
spot; an outer corner touches one card and never takes a drink. An edge is claimable when both its cards
are usable (IZA-GAP-10: the edges of a flipped card are not, which is why a line of three needs 4-5
players); the corners of a flipped card still take drinks unless the spec says otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

Card = tuple[int, int]
Corner = tuple[int, int]
Edge = tuple[Card, Card]


def edge(a: Card, b: Card) -> Edge:
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True)
class Grid:
    n: int
    disabled: frozenset[Card] = frozenset()
    disabled_corners_usable: bool = True

    @cached_property
    def cards(self) -> tuple[Card, ...]:
        return tuple((r, c) for r in range(self.n) for c in range(self.n))

    @cached_property
    def usable(self) -> tuple[Card, ...]:
        return tuple(card for card in self.cards if card not in self.disabled)

    def on_grid(self, card: Card) -> bool:
        return 0 <= card[0] < self.n and 0 <= card[1] < self.n

    def cards_at(self, corner: Corner) -> list[Card]:
        """The cards meeting at a corner."""
        r, c = corner
        return [(r + dr, c + dc) for dr in (-1, 0) for dc in (-1, 0) if self.on_grid((r + dr, c + dc))]

    def corners_of(self, card: Card) -> list[Corner]:
        r, c = card
        return [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]

    def spot_kind(self, corner: Corner) -> int:
        """4 or 2 for a drink spot, 0 for an outer corner, a corner off the grid, or a barred one."""
        r, c = corner
        if not (0 <= r <= self.n and 0 <= c <= self.n):
            return 0
        cards = self.cards_at(corner)
        if len(cards) < 2:
            return 0
        if not self.disabled_corners_usable and any(card in self.disabled for card in cards):
            return 0
        return len(cards)

    @cached_property
    def spots(self) -> dict[Corner, int]:
        out = {}
        for r in range(self.n + 1):
            for c in range(self.n + 1):
                kind = self.spot_kind((r, c))
                if kind:
                    out[(r, c)] = kind
        return out

    @cached_property
    def edges(self) -> tuple[Edge, ...]:
        """Claimable edges: between two usable cards."""
        out = []
        for r, c in self.usable:
            for other in ((r, c + 1), (r + 1, c)):
                if self.on_grid(other) and other not in self.disabled:
                    out.append(edge((r, c), other))
        return tuple(out)

    @cached_property
    def lines(self) -> tuple[tuple[Edge, Edge, Edge], ...]:
        """Every straight line of three claimable edges: three consecutive edges along one grid line."""
        claimable = set(self.edges)
        out: list[tuple[Edge, Edge, Edge]] = []
        for r in range(self.n):
            for c in range(self.n):
                for step, across in (((1, 0), (0, 1)), ((0, 1), (1, 0))):
                    run = [edge((r + k * step[0], c + k * step[1]),
                                (r + k * step[0] + across[0], c + k * step[1] + across[1])) for k in range(3)]
                    if all(e in claimable for e in run):
                        first, second, third = run
                        out.append((first, second, third))
        return tuple(out)

    def forms_line(self, claimed: set[Edge], new: Edge) -> bool:
        """Whether `new` completes a straight line of three with edges already in `claimed`."""
        have = claimed | {new}
        return any(new in line and all(e in have for e in line) for line in self.lines)


def grid_for(size: int, disabled: list[Card], disabled_corners_usable: bool = True) -> Grid:
    return Grid(size, frozenset(disabled), disabled_corners_usable)
