"""__TITLE__'s rules package: what `pnp check __ID__` proves beyond the inventory, written by `pnp new --rules`.

This is code, and a game folder may come from anyone, so Punchboard runs it only when you allow it: add
--trust-rules to pnp check, build or serve, or run `pnp trust __ID__` once (until a file of rules/ changes).
It imports Punchboard's names from generator.solver.api only, and its own modules relatively
(`from . import scenarios`). Punchboard's docs/reference/rules-api.md describes every name and hook.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.solver.api import CheckResult, Game, ProblemCollector, Rules, describe, whole_number

from . import scenarios

CARD = "card"          # the component whose rows (cards.csv) are the cards
MAX_COST = 5           # the rulebook's dearest card


@dataclass(frozen=True)
class Card:
    title: str
    cost: int


def read_spec(game: Game) -> tuple[Card, ...]:
    """The cards as these rules read them, from the rows of cards.csv; a cost that is not a whole number is
    one line naming its row (a SpecError, like any mistake in the spec)."""
    component = game.component(CARD)
    problems = ProblemCollector(component.rows_from or None)      # the table the rows come from
    cards = []
    for row in component.rows:
        cost = whole_number(row.fields.get("cost"))
        if cost is None:
            problems.add(f"{row.key}.cost", f"expected a whole number of coins, got {describe(row.fields.get('cost'))}")
        else:
            cards.append(Card(str(row.fields["title"]), cost))
    problems.raise_if_any()
    return tuple(cards)


def costs_in_range(game: Game, cards: tuple[Card, ...]) -> CheckResult:
    """Every card costs 1 to MAX_COST coins, so any card can be bought and none is free."""
    wrong = [f"{c.title} costs {c.cost}" for c in cards if not 1 <= c.cost <= MAX_COST]
    detail = "; ".join(wrong) or f"{len(cards)} cards, each costing 1 to {MAX_COST} coins"
    return CheckResult("spec", f"every card costs 1 to {MAX_COST} coins", not wrong, detail)


class GameRules(Rules[tuple[Card, ...]]):
    """__TITLE__ for `pnp check`: the spec check over the cards, and the `buy` scenario of examples.yaml."""

    read_spec = staticmethod(read_spec)
    SPEC_CHECKS = (costs_in_range,)
    SCENARIO_MODULE = scenarios


RULES = GameRules
