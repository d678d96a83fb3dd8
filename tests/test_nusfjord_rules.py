"""Nusfjord's referee: the setup table, the rounds, the Fishing phase, scoring, the Building flow and the
checks, against the rulebook's numbers (seed 002) written here, never imported from the package."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from conftest import run_cli
from generator.solver.check import check_game
from generator.solver.games.nusfjord.fishing import fish
from generator.solver.registry import rules_for
from generator.load.game import load_game

COMPONENTS = Path(__file__).parent.parent / "components"

# seed L40-50, L196-202: players -> plates, Ships per type, Round 3 A, Round 4 C each, Round 5 B
RULEBOOK = {2: (1, 3, 0, 4, 0), 3: (2, 4, 3, 3, 2), 4: (3, 5, 4, 2, 2), 5: (4, 6, 5, 2, 3)}


def solve(*argv: str) -> dict:
    code, out, err = run_cli("solve", "nusfjord", *argv, "--json")
    assert code == 0, err
    return json.loads(out)


@pytest.fixture(scope="module")
def spec():
    return rules_for(load_game("nusfjord")).spec


# -- pnp solve, as the issue shows it ------------------------------------------------------------------
def test_setup_at_four_players_answers_as_the_rulebook():
    out = solve("setup", "--players", "4")
    expected = {"players": 4, "action_board": "3-5", "imitation_tile": "4-player", "banquet_fish": 3,
                "ships_per_type": 5, "face_up": {"A": 9, "B": 6},
                "round_spaces": {"3": {"add_A": 4}, "4": {"draw_C_each": 2}, "5": {"add_B": 2}, "6": {"reveal_C": True}}}
    assert {k: out[k] for k in expected} == expected
    assert [s["face_up"] for s in out["elder_stacks"]] == [[1, 7], [2, 8], [3, 9], [4, 10], [5, 11], [6, 12]]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_table_for_every_player_count(players):
    out = solve("setup", "--players", str(players))
    plates, ships, add_a, c_each, add_b = RULEBOOK[players]
    assert out["banquet_fish"] == plates == players - 1
    assert out["banquet_plates"] == list(range(1, plates + 1))
    assert out["ships_per_type"] == ships == players + 1
    assert out["round_spaces"] == {"3": {"add_A": add_a}, "4": {"draw_C_each": c_each}, "5": {"add_B": add_b},
                                   "6": {"reveal_C": True}}
    assert out["action_board"] == ("1-2" if players == 2 else "3-5")
    assert out["imitation_tile"] == {4: "4-player", 5: "5-player"}.get(players)
    assert out["left_over_AB"] == ("box" if players == 2 else "aside")
    assert out["C_drawn"] == players * c_each <= 14


def test_five_players_stack_three_elders_and_report_the_contradiction():
    out = solve("setup", "--players", "5")
    assert all(s["face_up"] == [s["space"], s["space"] + 6] and s["face_down"] == 1 for s in out["elder_stacks"])
    assert len(out["elder_stacks"]) * 3 == 18
    assert any("NUS-GAP-06" in n for n in out["notes"])
    assert "notes" not in solve("setup", "--players", "4")


def test_rounds_pass_the_ship_to_the_right():
    assert solve("rounds", "--seats", "P1,P2,P3,P4", "--first", "P1") == {
        "first_players": ["P1", "P4", "P3", "P2", "P1", "P4", "P3"]}
    assert solve("rounds", "--seats", "A,B", "--first", "B")["first_players"] == ["B", "A", "B", "A", "B", "A", "B"]
    assert solve("rounds", "--seats", "R,G,B,Y,P", "--first", "G")["first_players"] == ["G", "R", "P", "Y", "B", "G", "R"]


def test_fish_answers_every_step_as_the_issue_shows():
    assert solve("fish", "--haul", "10", "--elders", "2,0", "--action-board-shares", "1", "--foreign-shares",
                 "Blue:1", "--own-shares", "2", "--reserve", "6") == {
        "elders": [0, 1], "action_board_shares": 1, "foreign_shares": {"Blue": 1}, "own_shares": 2, "reserve": 8,
        "excess": 2, "to_personal_supply": 3, "to_general_supply": 5, "to_other_players": {"Blue": 1}}


def test_score_is_35_with_each_part():
    out = solve("score", "--ships", "7", "--buildings", "4", "--conditional", "8", "--shares", "3", "--gold", "18",
                "--free-spaces", "3", "--unissued", "2")
    assert out["total"] == 11 + 8 + 21 - 5 == 35
    assert (out["ships"], out["buildings"], out["conditional"], out["shares"], out["gold"]) == (7, 4, 8, 3, 18)
    assert (out["free_spaces"], out["unissued"]) == (-3, -2)


@pytest.mark.parametrize("argv", [
    ["fish", "--haul", "-1"],
    ["fish", "--haul", "3", "--reserve", "-2"],
    ["fish", "--haul", "3", "--elders", "1,3"],
    ["fish", "--haul", "3", "--elders", "1,x"],
    ["fish", "--haul", "3", "--foreign-shares", "Blue"],
    ["fish", "--haul", "3", "--foreign-shares", "Blue:1,Blue:2"],
    ["score", "--gold", "-1"],
    ["rounds", "--seats", "P1,P2,P3", "--first", "P7"],
    ["rounds", "--seats", "P1,P1,P2"],
    ["rounds", "--seats", "P1"],
    ["rounds", "--seats", "P1,P2,P3,P4,P5,P6"],
    ["setup", "--players", "6"],
    ["setup"],
    [],
])
def test_bad_arguments_are_one_line_and_exit_2(argv):
    code, out, err = run_cli("solve", "nusfjord", *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err


def test_solve_help_lists_the_four_questions_and_each_question_has_its_own():
    code, out, _ = run_cli("solve", "nusfjord", "--help")
    assert code == 0 and all(q in out for q in ("setup", "rounds", "fish", "score"))
    code, out, _ = run_cli("solve", "nusfjord", "fish", "--help")
    assert code == 0 and "--foreign-shares" in out and "--haul" in out


# -- the Fishing phase beyond the reference --------------------------------------------------------------
def test_a_short_haul_feeds_elders_in_the_order_given(spec):
    c = fish(spec, 2, [0, 2, 1], 1, {"Blue": 1}, 2, 0)
    assert c.elders == [1, 0, 1] and c.elder_payouts == 1        # the second Elder reaches 3 and pays out
    assert (c.action_board_shares, c.foreign_shares, c.own_shares, c.reserve) == (0, {"Blue": 0}, 0, 0)
    assert (c.to_personal_supply, c.to_general_supply) == (1, 2)


def test_a_zero_haul_changes_nothing(spec):
    c = fish(spec, 0, [2, 2], 1, {"Blue": 1}, 2, 5)
    assert c.elders == [2, 2] and c.reserve == 5 and c.excess == 0 and c.to_general_supply == 0


def test_reserve_fills_to_exactly_8_and_a_full_reserve_is_kept(spec):
    assert fish(spec, 6, [], 0, {}, 0, 5).reserve == 8
    c = fish(spec, 6, [], 0, {}, 0, 11)
    assert c.reserve == 11 and c.excess == 6


def test_foreign_shares_are_fed_in_order_after_the_action_board(spec):
    c = fish(spec, 4, [], 2, {"Blue": 1, "Green": 3}, 2, 0)
    assert (c.action_board_shares, c.foreign_shares, c.own_shares) == (2, {"Blue": 1, "Green": 1}, 0)
    assert c.as_json()["to_other_players"] == {"Blue": 1, "Green": 1}


def test_every_fish_of_a_haul_is_accounted_for(spec):
    """NUS-INV-13 over many random positions: haul = Elders + Shares + Reserve + excess, and the phase end
    sends every fish somewhere (personal, general, other players, Reserve, still on Elders)."""
    rng = random.Random(7)
    for _ in range(2000):
        elders = [rng.randrange(3) for _ in range(rng.randrange(4))]
        foreign = {f"P{i}": rng.randrange(3) for i in range(rng.randrange(3))}
        haul, reserve = rng.randrange(16), rng.randrange(12)
        c = fish(spec, haul, elders, rng.randrange(3), foreign, rng.randrange(6), reserve)
        assert c.placed == haul
        on_elders = sum(c.elders) - sum(elders) + 3 * c.elder_payouts
        assert on_elders + c.action_board_shares + sum(c.foreign_shares.values()) + c.own_shares \
            + (c.reserve - reserve) + c.excess == haul
        assert all(0 <= e < 3 for e in c.elders)
        assert c.reserve <= max(8, reserve)


# -- pnp check: the spec, the flow, the fits ------------------------------------------------------------
def test_check_passes_with_every_example():
    report = check_game(load_game("nusfjord"))
    assert report.ok
    names = [c.name for c in report.checks if c.kind == "example"]
    for ref in [f"NUS-EX-{n:02d}" for n in (1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14)] + \
               [f"NUS-DX-{n:02d}" for n in range(1, 6)]:
        assert any(n.startswith(ref) for n in names), ref
    flows = {c.data["players"]: c.data["left"] for c in report.checks if c.name.startswith("NUS-INV-04/05")}
    # piles left after the seven rounds: 18 A - 9 - p (none at 2: back to the box), 12 B - 6 - Round 5, 14 C - drawn
    assert flows == {2: {"A": 0, "B": 0, "C": 6}, 3: {"A": 6, "B": 4, "C": 5}, 4: {"A": 5, "B": 4, "C": 6},
                     5: {"A": 4, "B": 3, "C": 4}}
    note = next(c for c in report.checks if c.name == "NUS-TEXT cards with text")
    assert note.ok is None and "building-herring 1/44" in note.detail and "elder 0/18" in note.detail


def copy_of_nusfjord(tmp_path: Path, *edits: tuple[str, str]) -> Path:
    folder = tmp_path / "nusfjord"
    shutil.copytree(COMPONENTS / "nusfjord", folder)
    spec = folder / "game.yaml"
    text = spec.read_text()
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    spec.write_text(text)
    return folder


def failed(folder: Path) -> list:
    return [c for c in check_game(load_game(folder)).checks if c.ok is False]


def test_a_too_small_double_space_fails_naming_forest_and_harbor(tmp_path):
    bad = failed(copy_of_nusfjord(tmp_path, ("double: [134mm, 91mm]", "double: [92mm, 60mm]")))
    assert [c.name for c in bad] == ["forest on harbor double space"]
    assert "forest does not fit harbor's double space" in bad[0].detail


def test_too_many_round_3_buildings_fail_the_flow(tmp_path):
    bad = failed(copy_of_nusfjord(tmp_path, ("add_A: 5, draw_C_each: 2, add_B: 3", "add_A: 10, draw_C_each: 2, add_B: 3")))
    flow = [c for c in bad if c.name.startswith("NUS-INV-04/05")]
    assert flow and "Round 3: 10 A to add but 9 left" in flow[0].detail
    assert any(c.name.startswith("NUS-INV-01/02") for c in bad)      # and it is not the rulebook's table


def test_too_many_c_cards_drawn_fail_the_flow(tmp_path):
    bad = failed(copy_of_nusfjord(tmp_path, ("add_A: 4, draw_C_each: 2", "add_A: 4, draw_C_each: 4")))
    assert any("4 x 4 C to draw but 14 left" in c.detail for c in bad)


def test_a_deck_with_a_missing_card_fails(tmp_path):
    folder = copy_of_nusfjord(tmp_path)
    rows = (folder / "cod.csv").read_text().splitlines()
    (folder / "cod.csv").write_text("\n".join(r for r in rows if not r.startswith("C,14,")) + "\n")
    bad = failed(folder)
    assert any(c.name == "NUS-INV-03 Building decks" and "building-cod" in c.detail for c in bad)


def test_fewer_wood_than_the_cap_needs_fails(tmp_path):
    bad = failed(copy_of_nusfjord(tmp_path, ("      - {good: wood, times: 5, count: 3}", "      - {good: wood, times: 5, count: 1}")))
    assert [c.data["players"] for c in bad if c.name == "NUS-INV-12 wood cap"] == [5]   # 60 > 50 + 5


def test_a_text_in_a_row_is_counted(tmp_path):
    folder = copy_of_nusfjord(tmp_path)
    table = folder / "elders.csv"
    table.write_text(table.read_text().replace("7,Builder,", '7,Builder,"Pay 1 {wood}: build a **Building**."'))
    note = next(c for c in check_game(load_game(folder)).checks if c.name == "NUS-TEXT cards with text")
    assert "elder 1/18" in note.detail


def test_wrong_setup_numbers_fail_against_the_rulebook(tmp_path):
    bad = failed(copy_of_nusfjord(tmp_path, ("banquet_fish: 3, ships_per_type: 5", "banquet_fish: 4, ships_per_type: 5")))
    assert [c.data.get("players") for c in bad if c.name.startswith("NUS-INV-01/02 setup")] == [4]


def test_a_harbor_with_fewer_rows_than_the_rules_count_fails(tmp_path):
    bad = failed(copy_of_nusfjord(tmp_path, ("      rows: 3\n", "      rows: 2\n")))
    assert [c.name for c in bad] == ["NUS-HARBOR spaces and starting Forests"]
    assert "7 spaces (rules.harbor_spaces 11)" in bad[0].detail
