"""Nyakuza's rules module: bids, placement on the printed board, groups and Stalls, the Grand Market, the
final ranking, the Secret Resource variant, `pnp solve nyakuza bid`, the spec checks and the simulation."""

from __future__ import annotations

import dataclasses
import io
import json
import random

import pytest

from generator.cli import main
from generator.common.errors import SpecError
from generator.geometry.hexmap import HexMap, Space
from generator.model.game import Row
from generator.solver.check import check_game
from generator.solver import play
from generator.solver.games.nyakuza.bidding import IllegalBid, final_winners, resolve_bids
from generator.solver.games.nyakuza.engine import NyakuzaGame, simulation_report
from generator.solver.games.nyakuza.game import NyakuzaRules
from generator.solver.games.nyakuza.scenarios import Given, position
from generator.solver.games.nyakuza.spec import read_spec
from generator.solver.games.nyakuza.moves import BID, IllegalMove
from generator.solver.games.nyakuza.state import NyakuzaState
from generator.solver.games.nyakuza import stalls
from generator.load import load_game

SEATS = ["Purple", "Red", "Blue", "Green"]


@pytest.fixture(scope="module")
def game():
    return load_game("nyakuza")


@pytest.fixture(scope="module")
def spec(game):
    return read_spec(game)


def solve(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["solve", "nyakuza", *argv], stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def at(spec, player: str = "red", to_place: int = 3, **given) -> NyakuzaState:
    """A scripted position on the printed board (`given` as in examples.yaml), `player` about to place Boats."""
    state = position(Given(spec, given))
    state.begin_turn(state.seats.index(player), to_place)
    return state


def place(state: NyakuzaState, *space_ids: str) -> list:
    return [state.apply_action(state.board.index[s]) for s in space_ids]


def ids(state: NyakuzaState, builds) -> list:
    return [(state.board.ids[b.shore], list(b.tiles), b.market) for b in builds]


# -- bids ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seats, amulet, wharf, held, bids, order_rule, expected", [
    # NYA-EX-01, the rulebook's example
    (SEATS, "Green", 0, 12, [5, 5, 0, 0], "pay-then-split",
     ({"Purple": 3, "Red": 2, "Blue": 0, "Green": 0}, [7, 12, 14, 14], 1, "Purple", ["Purple", "Red"])),
    # the other reading of NYA-GAP-03
    (SEATS, "Green", 0, 12, [5, 5, 0, 0], "split-then-pay",
     ({"Purple": 3, "Red": 2, "Blue": 0, "Green": 0}, [7, 12, 12, 12], 5, "Purple", ["Purple", "Red"])),
    # NYA-DX-02
    (["A", "B", "C"], "C", 0, 16, [4, 2, 1], "pay-then-split",
     ({"A": 3, "B": 2, "C": 1}, [12, 16, 16], 4, "A", ["A", "B", "C"])),
    # NYA-DX-03: one bidder, the pool of 7 splits 2 each, 1 stays
    (["A", "B", "C", "D"], "A", 5, 12, [0, 2, 0, 0], "pay-then-split",
     ({"A": 0, "B": 3, "C": 0, "D": 0}, [14, 10, 14, 14], 1, "B", ["B"])),
    # NYA-DX-04: the B/D tie goes to B; 1-Boat players from the new holder C
    (["A", "B", "C", "D"], "A", 0, 12, [3, 1, 5, 1], "pay-then-split",
     ({"A": 2, "B": 1, "C": 3, "D": 1}, [12, 12, 7, 12], 5, "C", ["C", "A", "D", "B"])),
    # everybody bids zero: no Boats, the Amulet stays, 5 // 3 each and 2 stay
    (["A", "B", "C"], "B", 5, 16, [0, 0, 0], "pay-then-split",
     ({"A": 0, "B": 0, "C": 0}, [17, 17, 17], 2, "B", [])),
    # a three-way tie: the Amulet holder first, then clockwise; the zero-bidder takes the whole Wharf
    (["A", "B", "C", "D"], "C", 0, 12, [4, 4, 4, 0], "pay-then-split",
     ({"A": 2, "B": 1, "C": 3, "D": 0}, [12, 12, 8, 16], 0, "C", ["C", "A", "B"])),
])
def test_bid_resolution(seats, amulet, wharf, held, bids, order_rule, expected):
    out = resolve_bids(seats, amulet, wharf, dict.fromkeys(seats, held), dict(zip(seats, bids)), (3, 2, 1), order_rule)
    boats, kobans, wharf_after, holder, order = expected
    assert out.boats == boats
    assert [out.kobans[s] for s in seats] == kobans
    assert (out.wharf, out.amulet, list(out.order)) == (wharf_after, holder, order)


def test_boats_by_rank_come_from_the_spec():
    out = resolve_bids(["A", "B", "C"], "A", 0, dict.fromkeys("ABC", 9), {"A": 1, "B": 2, "C": 3}, (4, 2))
    assert out.boats == {"A": 2, "B": 2, "C": 4} and out.order == ("C", "A", "B")


@pytest.mark.parametrize("bids, message", [
    ([13, 5, 0, 0], "Purple bids 13 but has only 12 Kōbans"),
    ([5, -1, 0, 0], "Red bids -1; a bid is 0 Kōbans or more"),
])
def test_impossible_bids_are_rejected(bids, message):
    with pytest.raises(IllegalBid) as exc:
        resolve_bids(SEATS, "Green", 0, dict.fromkeys(SEATS, 12), dict(zip(SEATS, bids)))
    assert str(exc.value) == message


def test_one_koban_is_singular():
    with pytest.raises(IllegalBid, match="^Red bids 2 but has only 1 Kōban$"):
        resolve_bids(["Red", "Blue"], "Red", 0, {"Red": 1, "Blue": 3}, {"Red": 2, "Blue": 0})


def test_every_worked_example_passes(game):
    report = check_game(game)
    examples = [c for c in report.checks if c.kind == "example"]
    assert len(examples) >= 25
    assert [c.name for c in examples if not c.ok] == []
    assert {"NYA-EX-01 bid example", "NYA-EX-03 two Stalls in one turn"} <= {c.name for c in examples}
    assert sum(c.name.startswith("NYA-DX-0") for c in examples) >= 8


# -- placement on the printed board -------------------------------------------------------------------------
def test_board_fragment_of_the_two_stall_example(spec):
    n = spec.board.neighbours
    i = spec.board.index
    assert i["S1-1"] in n[i["R4"]] and i["S5-0"] in n[i["R5"]]
    assert i["R8"] in n[i["R4"]] and i["R1"] in n[i["R8"]] and i["R5"] in n[i["R1"]]
    assert [spec.tile_type[k] for k in (1, 4, 5, 8)] == ["octopus", "spider-crab", "squid", "spider-crab"]


def test_where_a_boat_may_go(spec):
    state = at(spec, boats={"red": ["R43"], "blue": ["R2"]}, stall_spaces={"S6-0": "blue"}, tiles=[9])
    why = {s: state.why_illegal(state.board.index[s]) for s in ("R9", "~7-0", "~7-4", "R3", "R2", "S6-0", "R43")}
    assert why == {"R9": None, "~7-0": None, "~7-4": "~7-4 is a Sea space not next to a red Boat",
                   "R3": "R3 has no tile yet", "R2": "R2 is taken by a blue Boat", "S6-0": "S6-0 holds a Stall",
                   "R43": "R43 is taken by a red Boat"}


def test_boats_placed_this_turn_count_for_adjacency(spec):
    state = at(spec, boats={"red": ["R4"]})
    s12 = state.board.index["S1-2"]
    assert state.why_illegal(s12) == "S1-2 is a Shore space not next to a red Boat"
    place(state, "S1-1")
    assert state.why_illegal(s12) is None
    place(state, "S1-2")
    assert state.pending == 1


def test_legal_actions_match_every_space_checked_one_by_one(spec):
    """The incremental candidate lists (free tiles, each clan's frontier) agree with the rules read plainly."""
    agent, state = random.Random(7), NyakuzaState(spec, 3, "legal")
    checked = 0
    while not state.is_terminal() and checked < 60:
        if state.phase == BID:
            state.apply_bids([agent.randint(0, k) for k in state.kobans])
            continue
        if state.pending:
            plain = [s for s in range(len(state.board.ids)) if state.why_illegal(s) is None]
            assert [a for a in state.legal_actions() if a < state.SECRET] == plain
            checked += 1
        state.apply_action(state.random_action(agent))
    assert checked == 60


def test_an_illegal_placement_is_refused_and_changes_nothing(spec):
    state = at(spec, boats={"red": ["R4"]})
    with pytest.raises(IllegalMove, match="S1-2 is a Shore space not next to a red Boat"):
        place(state, "S1-2")
    assert state.owner[state.board.index["S1-2"]] == -1 and state.pending == 3


# -- groups and Stalls --------------------------------------------------------------------------------------
def test_two_stalls_in_one_turn_nya_ex_03(spec):
    state = at(spec, boats={"red": ["R4", "R8", "R1"]}, tiles=[5], kobans={"red": 10}, stalls={"red": 5})
    steps = [ids(state, b) for b in place(state, "S1-1", "R5", "S5-0")]
    assert steps == [[("S1-1", [4, 8], False)], [], [("S5-0", [1, 5], False)]]
    assert (state.kobans[0], state.stalls_left[0], state.used_count) == (6, 3, 4)
    assert sorted(n for n, s in state.board.resource.items() if state.used[s]) == [1, 4, 5, 8]


def test_the_kobans_must_be_there_before_the_boat_nya_dx_05(spec):
    state = at(spec, boats={"red": ["R4", "R8", "R1"]}, tiles=[5], kobans={"red": 1})
    s = state.board.index["S1-1"]
    assert state.why_illegal(s) == ("a Boat on S1-1 would build a Stall on S1-1 with tiles 4, 8, costing 2 Kōbans, "
                                    "but red has only 1 Kōban")
    assert s not in state.legal_actions()
    assert state.board.index["S1-0"] not in state.legal_actions()     # the same group, the same Stall
    assert state.board.index["R5"] in state.legal_actions()           # no Shore: nothing to pay yet


def test_exactly_enough_kobans_is_enough(spec):
    state = at(spec, boats={"red": ["R4", "R8"]}, kobans={"red": 2})
    assert ids(state, place(state, "S1-1")[0]) == [("S1-1", [4, 8], False)]
    assert state.kobans[0] == 0


def test_a_stall_shore_keeps_the_group_together(spec):
    """R4 reaches S1-2 only through the Stall on S1-1; the new Spider Crab on R3 completes the pair."""
    state = at(spec, boats={"red": ["R4", "S1-2"]}, stall_spaces={"S1-1": "red"}, tiles=[3], stalls={"red": 4})
    assert state.board.index["S1-2"] not in state.board.neighbours[state.board.index["R4"]]
    assert ids(state, place(state, "R3")[0]) == [("S1-2", [3, 4], False)]


def test_used_tiles_stay_in_the_group_but_are_used_once(spec):
    state = at(spec, boats={"red": ["R4", "R8", "R1"]}, used=[4, 8], stall_spaces={"S1-1": "red"}, tiles=[5])
    assert place(state, "S1-0") == [[]]                 # 4 and 8 are used: no second Spider Crab Stall
    assert ids(state, place(state, "R5")[0]) == [("S1-0", [1, 5], False)]   # the group still reaches S1-0


def test_one_boat_forces_two_stalls(spec):
    state = at(spec, boats={"red": ["R4", "R8", "R5", "S5-0", "S4-0"]}, tiles=[1], kobans={"red": 10})
    assert ids(state, place(state, "R1")[0]) == [("S4-0", [1, 5], False), ("S5-0", [4, 8], False)]
    assert (state.kobans[0], state.stalls_left[0]) == (6, 3)


def test_two_forced_stalls_must_both_be_affordable(spec):
    state = at(spec, boats={"red": ["R4", "R8", "R5", "S5-0", "S4-0"]}, tiles=[1], kobans={"red": 3})
    assert "costing 4 Kōbans, but red has only 3 Kōbans" in state.why_illegal(state.board.index["R1"])


def test_a_scripted_choice_must_be_a_recipe(spec):
    state = at(spec, boats={"red": ["R4", "R8", "R5", "S5-0", "S4-0"]}, tiles=[1])
    s = state.board.index
    with pytest.raises(IllegalMove, match=r"tiles \[4, 5\] are not a recipe"):
        state.apply_action(s["R1"], [(s["S5-0"], (4, 5))])
    with pytest.raises(IllegalMove, match="S1-1 is not an empty Shore of the group"):
        state.apply_action(s["R1"], [(s["S1-1"], (4, 8))])


# -- the end of the game ------------------------------------------------------------------------------------
def test_the_grand_market_wins_at_once(spec):
    state = at(spec, boats={"red": ["R4", "R8"]}, kobans={"red": 5}, stalls={"red": 0})
    assert ids(state, place(state, "S1-1")[0]) == [("S1-1", [4, 8], True)]
    assert state.is_terminal() and state.how == "grand-market"
    assert state.returns() == [1.0, -1.0, -1.0, -1.0]
    assert state.legal_actions() == [] and state.why_illegal(0) == "the game is over"
    assert state.stalls_left[0] == 0 and state.stall[state.board.index["S1-1"]] == -1


def test_the_grand_market_needs_its_kobans_too(spec):
    state = at(spec, boats={"red": ["R4", "R8"]}, kobans={"red": 1}, stalls={"red": 0})
    assert state.why_illegal(state.board.index["S1-1"]).startswith("a Boat on S1-1 would build the Grand Market")


@pytest.mark.parametrize("built, held, winners", [
    ({"A": 4, "B": 4, "C": 2}, {"A": 3, "B": 5, "C": 9}, ("B",)),          # NYA-DX-06
    ({"A": 4, "B": 4, "C": 2}, {"A": 5, "B": 5, "C": 9}, ("A", "B")),      # NYA-DX-06: the clans merge
    ({"A": 3, "B": 3, "C": 3, "D": 1}, {"A": 2, "B": 7, "C": 6, "D": 20}, ("B",)),
    ({"A": 0, "B": 0}, {"A": 24, "B": 24}, ("A", "B")),
])
def test_final_ranking(built, held, winners):
    assert final_winners(list(built), built, held) == winners


def test_the_final_round_comes_after_the_bag_is_empty(spec):
    """4 players: 8 + 13 x 4 tiles in 14 rounds, then round 15 without tiles; a ranking ends it."""
    for seed in range(5):
        state, _, broken = play.play(NyakuzaGame(spec, 4, f"final:{seed}"), f"final:{seed}")
        assert broken == [] and not state.bag
        if state.how == "ranking":
            assert state.round == 15 and state.final
        assert state.round <= 15


# -- the Secret Resource variant ----------------------------------------------------------------------------
def test_secret_tiles_are_never_driftwood(spec):
    for seed in range(20):
        state = NyakuzaState(spec, 4, seed, variant=True)
        assert all(spec.tile_type[n] != "driftwood" for n in state.secret)
        assert len(state.bag) == 60 - 4 - 8
        assert not any(state.tile[spec.board.resource[n]] for n in state.secret)


def test_a_zero_bidder_plays_the_secret_tile(spec):
    state = at(spec, to_place=0, boats={"red": ["R1", "S5-0"]}, secret={"red": 5}, kobans={"red": 10})
    r5 = state.board.index["R5"]
    assert state.legal_actions() == [state.SECRET, state.PASS]
    builds = state.apply_action(state.SECRET)
    assert ids(state, builds) == [("S5-0", [1, 5], False)]
    assert state.tile[r5] and state.owner[r5] == 0 and state.secret[0] is None
    assert state.kobans[0] == 8


def test_zero_bidders_with_a_secret_get_a_turn_after_the_others(spec):
    state = NyakuzaState(spec, 4, 3, variant=True)
    state.apply_bids([0, 5, 0, 3])          # red 0, purple 5, blue 0, green 3
    assert state.current == 1 and state.queue == [3, 2, 0]   # purple, green, then blue and red from purple
    assert state.pending == 3


def test_a_seeded_variant_game_conserves_kobans(spec):
    for seed in range(3):
        state, _, broken = play.play(NyakuzaGame(spec, 2, f"variant:{seed}", variant=True), f"variant:{seed}")
        assert broken == [] and state.is_terminal()


# -- pnp solve nyakuza bid ----------------------------------------------------------------------------------
def test_bid_cli_prints_the_rulebook_example_word_for_word():
    code, out, err = solve("bid", "--seats", "Purple,Red,Blue,Green", "--amulet", "Green", "--wharf", "0",
                           "--kobans", "12,12,12,12", "--bids", "5,5,0,0", "--json")
    assert (code, err) == (0, "")
    assert out == ('{"boats": {"Purple": 3, "Red": 2, "Blue": 0, "Green": 0}, "kobans": {"Purple": 7, "Red": 12, '
                   '"Blue": 14, "Green": 14}, "wharf": 1, "amulet": "Purple", "order": ["Purple", "Red"]}\n')


def test_bid_cli_takes_clans_any_way_and_defaults_to_the_setup():
    code, out, err = solve("bid", "--seats", "purple,Red Clan,BLUE,green", "--amulet", "Green Clan",
                           "--bids", "5,5,0,0", "--wharf-order", "split-then-pay", "--json")
    assert code == 0
    assert json.loads(out) == {"boats": {"purple": 3, "Red Clan": 2, "BLUE": 0, "green": 0},
                               "kobans": {"purple": 7, "Red Clan": 12, "BLUE": 12, "green": 12},
                               "wharf": 5, "amulet": "purple", "order": ["purple", "Red Clan"]}


def test_bid_cli_text():
    code, out, err = solve("bid", "--seats", "Purple,Red,Blue,Green", "--amulet", "Green", "--bids", "5,5,0,0")
    assert code == 0
    assert out.splitlines() == [
        "Bids: Purple 5, Red 5, Blue 0, Green 0; Wharf before: 0 (pay-then-split)",
        "Purple wins the bid, pays 5 into the Wharf and takes the Amulet.",
        "Boats:  Purple 3, Red 2, Blue 0, Green 0",
        "Kōbans: Purple 7, Red 12, Blue 14, Green 14",
        "Wharf:  1",
        "Amulet: Purple",
        "Placement order: Purple, Red"]


@pytest.mark.parametrize("argv, message", [
    (["--seats", "Purple,Red,Blue,Green", "--amulet", "Green", "--kobans", "12,12,12,12", "--bids", "13,5,0,0"],
     "pnp solve nyakuza bid: --bids: Purple bids 13 but has only 12 Kōbans"),
    (["--seats", "Purple,Red,Blue,Green", "--bids", "5,5,0"],
     "pnp solve nyakuza bid: --bids: expected 4 values separated by commas (one per seat), got 3"),
    (["--seats", "Purple,Red,Orange", "--bids", "5,5,0"],
     'pnp solve nyakuza bid: --seats: unknown clan "Orange"; expected one of: red, purple, blue, green '
     '(or their names)'),
    (["--seats", "Purple,Red,Blue", "--amulet", "Green", "--bids", "5,5,0"],
     'pnp solve nyakuza bid: --amulet: "Green" is not among the seats (Purple, Red, Blue)'),
    (["--seats", "Purple,Red,purple", "--bids", "5,5,0"],
     'pnp solve nyakuza bid: --seats: expected 2 to 4 different clans, got "Purple,Red,purple"'),
    (["--seats", "Purple,Red", "--bids", "5,x"],
     'pnp solve nyakuza bid: --bids: expected whole numbers of 0 or more, got "x"'),
    (["--seats", "Purple,Red"], "pnp solve nyakuza bid: the following arguments are required: --bids"),
])
def test_bid_cli_bad_input_is_one_line_and_exit_2(argv, message):
    code, out, err = solve("bid", *argv)
    assert (code, out) == (2, "")
    assert err.splitlines() == [f"error: {message}"]


def test_solve_without_a_search_is_exit_2():
    code, out, err = solve()
    assert code == 2 and len(err.splitlines()) == 1


# -- spec checks and validation ------------------------------------------------------------------------------
def _replace_component(game, component_id, **changes):
    return dataclasses.replace(game, components=tuple(dataclasses.replace(c, **changes) if c.id == component_id else c
                                                      for c in game.components))


def _failing(game) -> dict[str, str]:
    return {c.name: c.detail for c in NyakuzaRules(game).spec_checks() if not c.ok}


def test_spec_checks_pass_on_the_shipped_spec(game):
    assert _failing(game) == {}


def test_a_missing_resource_space_fails_nya_inv_09(game):
    hexmap = game.component("board").hexmap
    broken = _replace_component(game, "board", hexmap=dataclasses.replace(
        hexmap, spaces=tuple(s for s in hexmap.spaces if s.id != "R60")))
    assert _failing(broken) == {"NYA-INV-09 one resource space per tile": "tiles without a space: [60]"}


def test_a_detached_space_fails_the_connection_check(game):
    hexmap = game.component("board").hexmap
    broken = _replace_component(game, "board", hexmap=HexMap(hexmap.rows, hexmap.cols,
                                                             hexmap.spaces + (Space("~20-20", "sea", 20, 20),),
                                                             hexmap.markers))
    assert _failing(broken) == {"board connected": "not reachable from S1-0: ~20-20"}


def test_a_wrong_tile_fails_the_mix_and_a_short_koban_sheet_fails_nya_inv_01(game):
    tiles = game.component("resource-tile")
    rows = tuple(Row(r.key, {"number": "7", "type": "salmon"}, 1) if r.fields["number"] == "7" else r
                 for r in tiles.rows)
    koban = game.component("koban")
    broken = _replace_component(_replace_component(game, "resource-tile", rows=rows), "koban",
                                rows=(dataclasses.replace(koban.rows[0], count=47),))
    failing = _failing(broken)
    assert failing["tile mix = rules.tile_mix"] == "driftwood 5 (rules say 6); salmon 10 (rules say 9)"
    assert failing["NYA-INV-01 Kōbans dealt out exactly"] == "12 each x 4 = 48, 47 printed"


def test_boats_not_printed_per_clan_fail_nya_inv_10(game):
    assert _failing(_replace_component(game, "boat", per_player=False)) == {
        "NYA-INV-10 screen colours = boat colours": "boat is not printed per clan"}


def test_rules_mistakes_are_one_problem_each(game):
    rules = dict(game.rules)
    rules["recipies"] = []
    rules["recipes"] = [{"driftwood": 1}, {"salmon": "one", "tuna": 1}]
    rules["wharf_order"] = "split"
    rules["tile_mix"] = {"kelp": 3}
    del rules["draws"]
    with pytest.raises(SpecError) as exc:
        read_spec(dataclasses.replace(game, rules=rules))
    got = {(p.where, p.message) for p in exc.value.problems}
    assert {p.file for p in exc.value.problems} == {"components/nyakuza/game.yaml"}
    assert got == {
        ("rules.recipies", "unknown key; expected one of: boats_by_rank, draws, "
                           "out_of_boats, recipes, resources, secret_resource, tile_mix, wharf_order"),
        ("rules", 'missing key "draws"'),
        ("rules.recipes[1].salmon", 'expected a whole number, got "one"'),
        ("rules.wharf_order", 'expected one of pay-then-split, split-then-pay, got "split"'),
        ("rules.tile_mix.kelp", 'expected one of driftwood, salmon, tuna, octopus, squid, spider-crab, got "kelp"'),
        ("rules.draws", "missing player count 2 (the setup lists it)"),
        ("rules.draws", "missing player count 3 (the setup lists it)"),
        ("rules.draws", "missing player count 4 (the setup lists it)")}


# -- simulation --------------------------------------------------------------------------------------------
def simulate(spec, players, games, seed):
    return play.simulate(lambda p, s: NyakuzaGame(spec, p, s), players, games, seed)


def test_a_small_seeded_simulation_is_deterministic_and_conserves_kobans(spec):
    first, again = simulate(spec, 3, 5, 11), simulate(spec, 3, 5, 11)
    assert first == again
    assert first.games == 5 and first.failed_games == 0
    assert sum(first.endings.values()) == 5 and 6 <= first.rounds / 5 <= 20
    assert simulate(spec, 3, 5, 12) != first


def test_the_simulation_reports_per_player_count(game):
    checks = NyakuzaRules(game).extra_checks(simulate=3, seed=5)
    assert [(c.kind, c.data["players"], c.data["games"]) for c in checks] == [("simulation", p, 3) for p in (2, 3, 4)]
    assert all(c.data["failed_games"] == 0 and c.data["max_boats_on_board"] <= 40 for c in checks)
    assert NyakuzaRules(game).extra_checks(simulate=0, seed=5) == []


def test_a_koban_leak_fails_the_simulation(spec, monkeypatch):
    real = stalls.build

    def leaky(table, p, build):
        real(table, p, build)
        table.kobans[p] += 1         # a Stall that forgets to take one Kōban

    monkeypatch.setattr(stalls, "build", leaky)
    tally = simulate(spec, 4, 4, 1)
    check = simulation_report(spec, tally, 1)
    assert tally.failed_games > 0 and not check.ok and "Kōbans NOT conserved" in check.detail
    assert "game 1:4:0: step " in check.detail      # the seed and the step that replay it


def test_running_out_of_boats_fails_until_the_rules_say_what_happens(game, spec):
    tally = simulate(spec, 2, 10, 1)
    check = simulation_report(spec, tally, 1)
    assert check.data["max_boats_needed"] > 40 and check.data["max_boats_on_board"] == 40
    assert check.ok and check.data["first_short_game"]          # the spec rules it: place what is left
    silent = read_spec(dataclasses.replace(game, rules={k: v for k, v in game.rules.items() if k != "out_of_boats"}))
    refused = simulation_report(silent, simulate(silent, 2, 10, 1), 1)
    assert not refused.ok and "NYA-GAP-10: add rules.out_of_boats" in refused.detail
    state, _, _ = play.play(NyakuzaGame(spec, 2, check.data["first_short_game"]), check.data["first_short_game"])
    assert max(b + m for b, m in zip(state.on_board, state.missing)) > 40        # the named game replays


def test_a_bid_round_leads_to_placements(spec):
    state = NyakuzaState(spec, 4, 0)
    assert state.phase == BID and sum(state.tile) == 8 and state.current_player() == -2
    state.apply_bids([5, 5, 0, 0])
    assert state.current_player() == 0 and state.pending == 3 and state.wharf == 1


@pytest.mark.parametrize("ruling, placed", [("place-what-is-left", 1), ("unlimited", 3)])
def test_out_of_boats_ruling_decides_what_a_clan_places(spec, ruling, placed):
    """The highest bid earns 3 Boats (rules.boats_by_rank); a clan with 1 Boat left places 1, or all 3."""
    state = NyakuzaState(dataclasses.replace(spec, out_of_boats=ruling), 4, 0)
    state.supply[0] = 1
    state.apply_bids([5, 0, 0, 0])
    assert state.current_player() == 0 and state.pending == placed
    assert state.missing[0] == 2   # either way the need is recorded for --simulate


def test_rules_with_one_reading_are_notes_not_options(game):
    """all_bids_zero, build_choice and last_round had one allowed value that the engine ignored."""
    notes = {n["id"]: n for n in game.notes}
    assert {"NYA-GAP-05", "NYA-GAP-06", "NYA-RULE-01"} <= set(notes)
    assert not {"all_bids_zero", "build_choice", "last_round"} & set(game.rules)
