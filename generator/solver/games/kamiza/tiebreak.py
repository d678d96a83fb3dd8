"""Kamiza's step 5, the chickens tiebreak: who wins a match when players tie on total points.

Kept apart from the referee because it settles a match, not a round: it reads only each player's total and the
card left in hand after the last game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from generator.solver.games.kamiza.spec import Card


@dataclass(frozen=True)
class MatchResult:
    totals: Mapping[str, int]
    left: Mapping[str, Card]
    tied: tuple[str, ...]               # the players on the highest total
    winners: tuple[str, ...]

    def as_json(self) -> dict[str, Any]:
        return {"winner": self.winners[0] if len(self.winners) == 1 else None, "winners": list(self.winners),
                "tied": list(self.tied), "chickens": len(self.tied) > 1}

    def text(self, games: int) -> str:
        head = f"After {games} games: " + ", ".join(f"{p} {n}" for p, n in self.totals.items()) + "."
        top, names = self.totals[self.tied[0]], " and ".join(self.tied)
        if len(self.tied) == 1:
            return f"{head}\n{self.tied[0]} wins with {top}; no tie, so no chickens."
        card = self.left[self.winners[0]]
        if len(self.winners) == 1:
            return (f"{head}\n{names} tie on {top}; chickens (step 5): {self.winners[0]} holds the lowest card left, "
                    f"{card.role} ({card.number}), and wins.")
        return (f"{head}\n{names} tie on {top}; chickens (step 5): {' and '.join(self.winners)} each hold "
                f"{card.role} ({card.number}) and share the win (KAM-GAP-07).")


def chickens(totals: Mapping[str, int], left: Mapping[str, Card]) -> MatchResult:
    """Step 5: the highest total wins; players tied on it are split by the card left in hand, lowest first.

    Tied players holding cards of the same number share the win (KAM-GAP-07).
    """
    top = max(totals.values())
    tied = tuple(p for p, n in totals.items() if n == top)
    low = min(left[p].number for p in tied)
    winners = tuple(p for p in tied if left[p].number == low)
    return MatchResult(dict(totals), dict(left), tied, winners)
