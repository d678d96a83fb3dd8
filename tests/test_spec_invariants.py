"""A spec's own facts, proved without Python: invariants over the whole set, each row and each group, setups as
rulebooks say them (a share per player plus a shared part, and what is left in the supply), deal examples that
state any of their figures, and a report that never calls ok what it did not check.

The game is `pnp new`'s: six cards in cards.csv (costs 2, 3, 1, 4, 2, 5), two copies each, 2-4 players."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import run_cli
from generator.common.expressions import ExpressionError, bounded, evaluator
from generator.load import load_game
from generator.model.designs import expand
from generator.model.selection import Selection, select


@pytest.fixture
def tide(tmp_path: Path) -> Path:
    code, _, err = run_cli("new", "tide", "--dir", str(tmp_path))
    assert code == 0, err
    return tmp_path / "tide"


def add(game: Path, text: str, examples: str | None = None) -> None:
    with open(game / "game.yaml", "a") as f:
        f.write(text)
    if examples is not None:
        (game / "examples.yaml").write_text(examples)


def report(game: Path) -> tuple[int, dict, str]:
    code, out, err = run_cli("check", str(game), "--json")
    return code, (json.loads(out)["games"][0] if out else {}), err


def check(rep: dict, name: str) -> dict:
    return next(c for c in rep["checks"] if c["name"] == name)


INVARIANTS = """rules: {hand: 4}
invariants:
  - {name: twelve cards, expect: "components.card.count == 12"}
  - {name: thirteen cards, expect: "components.card.count == 13"}
  - {name: a hand affords every card, each: card, expect: "row.cost | int <= rules.hand"}
  - {name: two of each cost, each: card, by: cost, expect: "count == 2"}
"""


def test_invariants_hold_or_name_the_rows_and_groups_that_break_them(tide):
    add(tide, INVARIANTS)
    code, rep, err = report(tide)
    assert code == 1, err
    assert check(rep, "twelve cards")["ok"] is True
    assert check(rep, "thirteen cards")["ok"] is False
    afford = check(rep, "a hand affords every card")
    assert afford["ok"] is False and afford["breaks"] == ['"shipyard"']          # the one card of cost 5
    groups = check(rep, "two of each cost")
    assert groups["ok"] is False and groups["breaks"] == ['cost "2" (4 pieces)']  # Harbour and Warehouse
    assert rep["counts"] == {**rep["counts"], "failed": 3}


def test_the_report_names_the_breaking_rows_in_words(tide):
    add(tide, INVARIANTS)
    _, out, _ = run_cli("check", str(tide))
    assert 'false for 1 of 6 card rows: "shipyard"' in out
    assert 'false for 1 of 5 cost groups: cost "2" (4 pieces)' in out


@pytest.mark.parametrize("expect, words", [
    ("components.cards.count > 1", 'components has no "cards" (did you mean "card"?)'),
    ("components.card.count", "expected true or false, got 12"),
    ("components.card.__class__ == 1", "unsafe"),
    ("rules.hnad > 1", 'rules has no "hnad" (did you mean "hand"?)'),
    ("nothing > 1", "'nothing' is undefined"),
])
def test_an_invariant_that_cannot_be_evaluated_fails_saying_why(tide, expect, words):
    add(tide, f'rules: {{hand: 4}}\ninvariants:\n  - {{name: odd, expect: "{expect}"}}\n')
    code, rep, _ = report(tide)
    odd = check(rep, "odd")
    assert code == 1 and odd["ok"] is False and words in odd["detail"], odd


@pytest.mark.parametrize("item, words", [
    ('{name: a, expect: "components.card.count ==== 1"}', "invariants[0].expect: not an expression"),
    ("{name: a, each: cards, expect: \"row.cost\"}", 'invariants[0].each: unknown component "cards"; expected one '
                                                     'of: card, token, standee (did you mean "card"?)'),
    ("{name: a, each: card, by: costs, expect: \"count > 0\"}", 'invariants[0].by: "card" has no column "costs"; '
                                                                'expected one of: cost, text, title (did you mean '
                                                                '"cost"?)'),
    ('{name: a, by: cost, expect: "count > 0"}', 'invariants[0].by: expected "each" beside "by"'),
    ('{name: a, expect: "1 == 1", when: never}', "invariants[0].when: unknown key"),
])
def test_a_mistake_in_an_invariant_is_one_line_naming_its_line(tide, item, words):
    add(tide, f"invariants:\n  - {item}\n")
    line = len((tide / "game.yaml").read_text().splitlines())
    code, rep, err = report(tide)
    assert code == 2 and len(err.splitlines()) == 1 and words in err, err
    assert f"game.yaml:{line}: " in err


def test_an_expression_runs_in_the_templates_sandbox_with_a_time_limit():
    heavy = evaluator("range(99999) | map('string') | map('length') | sum > 0")   # about 0.2 s a run
    with pytest.raises(ExpressionError, match="longer than 0.05 s"):
        with bounded(0.05):
            heavy({})
    with pytest.raises(ExpressionError, match="more than the limit"):
        evaluator("'x' * 10 ** 9")({})


# -- setups as rulebooks say them -------------------------------------------------------------------------

SHARED = """
  - id: coin
    name: Coin
    kind: token
    shape: circle
    size: 20mm
    count: 24
    front: tide/token.svg.j2
"""


def with_coins(tide: Path, demand: str) -> None:
    text = (tide / "game.yaml").read_text()
    text = text.replace("setup:\n", SHARED + "setup:\n")
    for players in (2, 3, 4):
        text = text.replace(f"  {players}: {{card: 12,", f"  {players}: {{coin: {demand}, card: 12,")
    (tide / "game.yaml").write_text(text)


def test_a_share_per_player_plus_a_shared_part_and_the_supply_left(tide):
    """4 coins each plus 5 to the market: 13 at 2 players, 17 at 3, 21 at 4, of 24 printed."""
    with_coins(tide, "{each: 4, shared: 5}")
    code, rep, err = report(tide)
    assert code == 0, err
    coins = {c["players"]: c for c in rep["checks"] if c["kind"] == "inventory" and c["name"] == "coin"}
    assert {p: (c["needed"], c["left"]) for p, c in coins.items()} == {2: (13, 11), 3: (17, 7), 4: (21, 3)}
    assert coins[3]["detail"] == "4 each x 3 + 5 shared = 17, 24 printed; 7 left in the supply"


def test_players_prints_the_shared_part_too(tide):
    with_coins(tide, "{each: 4, shared: 5}")
    game = load_game(tide)
    coins = [s for s in select(game, expand(game), Selection(3)) if s.component.id == "coin"]
    assert sum(s.count for s in coins) == 17


def test_a_shortage_says_how_many_are_missing(tide):
    with_coins(tide, "{each: 6, shared: 5}")           # 6 x 4 + 5 = 29 of 24
    code, rep, _ = report(tide)
    four = next(c for c in rep["checks"] if c["name"] == "coin" and c["players"] == 4)
    assert code == 1 and four["ok"] is False and four["detail"].endswith("29, 24 printed; 5 short")


@pytest.mark.parametrize("demand, words", [
    ("{total: 10, shared: 2}", 'coin.shared: expected "shared" only beside "each"'),
])
def test_a_shared_part_beside_a_total_is_refused(tide, demand, words):
    with_coins(tide, demand)
    code, _, err = report(tide)
    assert code == 2 and words in err


def test_a_per_player_component_has_no_shared_part(tide):
    text = (tide / "game.yaml").read_text().replace("token: {each: 5}", "token: {each: 5, shared: 1}", 1)
    (tide / "game.yaml").write_text(text)
    code, _, err = report(tide)
    assert code == 2 and err.startswith("error: ") and '"token" is per player' in err


# -- deal examples ----------------------------------------------------------------------------------------

def deal(expected: str) -> str:
    return f"examples:\n  - name: two players\n    scenario: deal\n    given: {{players: 2}}\n    expected: {expected}\n"


@pytest.mark.parametrize("expected", ["{card: {printed: 12}}", "{card: {left: 0}, token: {needed: 5}}",
                                      "{standee: {needed: 1, printed: 1}}"])
def test_a_deal_example_states_any_of_its_figures(tide, expected):
    add(tide, "", deal(expected))
    code, rep, err = report(tide)
    assert code == 0 and check(rep, "two players")["ok"] is True, (err, rep)


def test_a_wrong_figure_is_the_one_difference_named(tide):
    add(tide, "", deal("{card: {printed: 13}}"))
    code, out, _ = run_cli("check", str(tide))
    assert code == 1 and "    card.printed: expected 13, got 12" in out.splitlines()


@pytest.mark.parametrize("expected, words", [
    ("{cards: {printed: 12}}", 'examples[0].expected.cards: unknown component; expected one of: card, token, standee '
                               '(did you mean "card"?)'),
    ("{card: {printd: 12}}", "examples[0].expected.card: expected a mapping of any of needed, printed, left"),
])
def test_a_deal_example_naming_what_the_spec_lacks_is_an_input_error(tide, expected, words):
    add(tide, "", deal(expected))
    code, _, err = report(tide)
    assert code == 2 and len(err.splitlines()) == 1 and words in err and "examples.yaml:5: " in err, err


# -- honest results ---------------------------------------------------------------------------------------

NOT_RUN = """examples:
  - name: a trick
    scenario: trick
    given: {players: 2}
    expected: {winner: red}
"""


def test_an_example_that_cannot_run_fails_as_not_run(tide):
    add(tide, "", NOT_RUN)
    code, rep, _ = report(tide)
    trick = check(rep, "a trick")
    assert code == 1 and trick["ok"] is False and trick["not_run"] is True
    assert rep["counts"]["not_run"] == 1 and rep["counts"]["failed"] == 0
    _, out, _ = run_cli("check", str(tide))
    assert out.startswith("tide: FAILED (") and "1 not run" in out.splitlines()[0]
    assert any(line.startswith("NOT RUN  example") for line in out.splitlines())


def test_an_example_that_says_skip_is_information(tide):
    add(tide, "", NOT_RUN + "    skip: the trick rules are not written yet\n")
    code, rep, _ = report(tide)
    trick = check(rep, "a trick")
    assert code == 0 and trick["ok"] is None and trick["skipped"] == "the trick rules are not written yet"
    assert rep["counts"]["skipped"] == 1
    _, out, _ = run_cli("check", str(tide))
    assert "; 1 skipped;" in out.splitlines()[0]


def test_a_rules_key_nobody_reads_is_named_with_the_close_match(tide):
    add(tide, 'rules: {hand: 4, hnd_size: 5}\ninvariants:\n  - {name: h, expect: "rules.hand > 0 and '
              'rules.hand_size > 0"}\n')
    code, rep, _ = report(tide)
    read = check(rep, "every rules key is read")
    assert code == 1 and read["ok"] is False and read["unread"] == ["hnd_size"]
    assert 'rules.hnd_size (did you mean "hand_size"?)' in read["detail"]


def test_rules_keys_read_by_invariants_are_read(tide):
    add(tide, 'rules: {hand: 4}\ninvariants:\n  - {name: h, expect: "rules[\'hand\'] > 0"}\n')
    code, rep, _ = report(tide)
    assert code == 0 and check(rep, "every rules key is read")["ok"] is True
