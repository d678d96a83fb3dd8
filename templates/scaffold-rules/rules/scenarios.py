"""__TITLE__'s worked-example runners: `scenario_<name>(rules, example)` runs the examples of scenario <name>
in examples.yaml and returns what comes out, which pnp check compares with the example's `expected`."""

from __future__ import annotations

from typing import Any

from generator.solver.api import Example, Problem, Rules, SpecError


def scenario_buy(rules: Rules[Any], example: Example) -> dict[str, Any]:
    """given: {cards: [TITLE, ...]}. What buying those cards costs, in coins."""
    given = rules.given(example, ("cards",))
    costs = {card.title: card.cost for card in rules.spec}
    unknown = [title for title in given["cards"] if title not in costs]
    if unknown:
        raise SpecError(Problem(f"expected card titles ({', '.join(costs)}), got {unknown[0]!r}", None, "given.cards"))
    return {"coins": sum(costs[title] for title in given["cards"])}
