"""Izakaya's grid engine and referee against the rulebook (seed 001) and geometry worked out here by hand."""

from __future__ import annotations

import dataclasses
import json
import math

import pytest

from conftest import run_cli
from generator.common.errors import SpecError
from generator.geometry.nets import tetrahedron
from generator.solver.check import check_game
from generator.solver.games.izakaya.grid import Grid, edge
from generator.solver.games.izakaya.rules import Building, Position, bid, claim_ruling, drink_ruling, score
from generator.solver.games.izakaya.spec import read_spec
from generator.solver.registry import rules_for
from generator.load.game import load_game

THRESHOLDS = {2: 1500, 3: 2300, 4: 3000, 5: 4000}          # seed L53


@pytest.fixture(scope="module")
def spec():
    return rules_for(load_game("izakaya")).spec


def solve(*argv: str) -> dict:
    code, out, err = run_cli("solve", "izakaya", *argv, "--json")
    assert code == 0, err
    return json.loads(out)


# -- the grid ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_spots_edges_and_lines_of_a_full_grid(n):
    g = Grid(n)
    kinds = list(g.spots.values())
    assert kinds.count(4) == (n - 1) ** 2                  # inner corners
    assert kinds.count(2) == 4 * (n - 1)                   # border corners but the four outer ones
    assert len(g.spots) == (n + 1) ** 2 - 4
    assert len(g.edges) == 2 * n * (n - 1)
    assert len(g.lines) == 2 * (n - 1) * (n - 2)           # per grid line of n edges: n - 2 runs of three


def test_the_flipped_centre_removes_its_edges_and_every_line():
    g = Grid(3, frozenset({(1, 1)}))
    assert len(g.edges) == 12 - 4 and g.lines == ()
    assert all((1, 1) not in e for e in g.edges)
    assert list(g.spots.values()).count(4) == 4             # its corners still take drinks (the default reading)
    barred = Grid(3, frozenset({(1, 1)}), disabled_corners_usable=False)
    assert list(barred.spots.values()).count(4) == 0


def test_a_line_of_three_is_straight_and_of_one_player():
    g = Grid(4)
    vertical = {edge((0, 1), (0, 2)), edge((1, 1), (1, 2))}
    assert g.forms_line(vertical, edge((2, 1), (2, 2)))
    assert not g.forms_line(vertical, edge((2, 2), (2, 3)))          # shifted: not on the same grid line
    assert not g.forms_line({edge((0, 1), (0, 2))}, edge((2, 1), (2, 2)))   # a gap
    bent = {edge((0, 0), (0, 1)), edge((0, 1), (1, 1))}
    assert not g.forms_line(bent, edge((1, 1), (1, 2)))
    row = {edge((1, 0), (2, 0)), edge((1, 1), (2, 1))}
    assert g.forms_line(row, edge((1, 2), (2, 2)))


# -- setup and bids, as the issue shows them -------------------------------------------------------------------
def test_setup_at_four_and_two_players():
    four = solve("setup", "--players", "4")
    assert {k: four[k] for k in ("players", "grid", "disabled", "threshold", "drink_spots", "claim_edges",
                                 "line_of_three_possible")} == {
        "players": 4, "grid": 4, "disabled": [], "threshold": 3000, "drink_spots": {"four_card": 9, "two_card": 12},
        "claim_edges": 24, "line_of_three_possible": True}
    assert list(four["prices"].values()) == [100, 100, 200, 200, 300, 300]        # L21, left to right
    assert four["prices"]["white"] == 200 and four["prices"]["blue"] == 300       # as the worked example needs
    for p in (2, 3):
        out = solve("setup", "--players", str(p))
        assert (out["grid"], out["disabled"], out["threshold"]) == (3, [[1, 1]], THRESHOLDS[p])
        assert out["line_of_three_possible"] is False


def test_bid_as_the_issue_shows():
    assert solve("bid", "--order", "A,B,C", "--yen", "1000,1000,1000", "--bids", "200,300,200", "--pile", "0") == {
        "order": ["B", "C", "A"], "yen": {"A": 800, "B": 700, "C": 800}, "pile": 700, "last_round": False}


def test_bids_tie_in_groups_and_trigger_the_end_at_each_threshold(spec):
    out = bid(spec, ["A", "B", "C", "D", "E"], {p: 1000 for p in "ABCDE"}, {"A": 0, "B": 300, "C": 0, "D": 300, "E": 0}, 0)
    assert out["order"] == ["D", "B", "E", "C", "A"]          # both tied groups reverse their previous order
    for p, t in THRESHOLDS.items():
        players = list("ABCDE"[:p])
        yen = {x: 1000 for x in players}
        just = bid(spec, players, yen, {x: (100 if x == "A" else 0) for x in players}, t - 100)
        short = bid(spec, players, yen, {x: 0 for x in players}, t - 100)
        assert just["last_round"] and not short["last_round"]


@pytest.mark.parametrize("argv", [
    ["bid", "--order", "A,B", "--yen", "1000,1000", "--bids", "150,0"],          # not whole 100s
    ["bid", "--order", "A,B", "--yen", "100,1000", "--bids", "200,0"],           # above the yen held
    ["bid", "--order", "A,B", "--yen", "1000", "--bids", "0,0"],                 # one amount short
    ["bid", "--order", "A,A", "--yen", "1000,1000", "--bids", "0,0"],
    ["bid", "--order", "A", "--yen", "1000", "--bids", "0"],
    ["bid", "--order", "A,B", "--yen", "1000,1000", "--bids", "-100,0"],
    ["setup", "--players", "6"],
    ["drink", "--position", "missing.json", "--corner", "1,1"],
    ["claim", "--position", "missing.json", "--player", "A", "--edge", "1,2"],
])
def test_bad_arguments_are_one_line_and_exit_2(argv):
    code, out, err = run_cli("solve", "izakaya", *argv)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err


# -- positions -------------------------------------------------------------------------------------------------
POSITION = {"players": ["A", "B", "C", "D"], "grid": 4, "prices": {"white": 200, "blue": 300},
            "drinks": [{"corner": [1, 1], "colour": "white"}, {"corner": [0, 1], "colour": "white"},
                       {"corner": [1, 0], "colour": "blue"}],
            "claims": [{"edge": [[0, 0], [0, 1]], "player": "A"}], "pyramids": [{"card": [0, 0], "player": "A"}],
            "buildings": [{"card": [0, 0], "owner": "A", "floors": 3}], "yen": {"A": 300, "B": 400, "C": 0, "D": 0}}


def write(tmp_path, data) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    return str(path)


def test_score_drink_and_claim_on_a_position_file(tmp_path):
    path = write(tmp_path, POSITION)
    out = solve("score", "--position", path)
    assert out["payouts"] == [{"card": [0, 0], "owner": "A", "drinks": 700, "floors": 3, "payout": 2100}]
    assert out["scores"] == {"A": 2400, "B": 400, "C": 0, "D": 0} and out["winners"] == ["A"]
    assert solve("drink", "--position", path, "--corner", "1,1")["legal"] is False      # taken
    assert solve("drink", "--position", path, "--corner", "2,2")["legal"] is True       # an empty 4-card spot
    assert solve("drink", "--position", path, "--corner", "0,2")["legal"] is False      # 2-card, 4-card spots empty
    claim = solve("claim", "--position", path, "--player", "A", "--edge", "1,2-1,3")
    assert claim["legal"] is True and claim["line_of_three"] is False
    assert solve("claim", "--position", path, "--player", "B", "--edge", "0,0-0,1")["legal"] is False


def test_a_position_that_breaks_the_rules_is_one_line_per_problem(tmp_path):
    bad = {"players": ["A", "B"], "grid": 3,
           "drinks": [{"corner": [1, 1], "colour": "white"}, {"corner": [1, 1], "colour": "blue"},
                      {"corner": [0, 0], "colour": "blue"}, {"corner": [7, 1], "colour": "red"}],
           "buildings": [{"card": [1, 1], "owner": "A", "floors": 2}],
           "claims": [{"edge": [[0, 1], [1, 1]], "player": "A"}]}
    code, out, err = run_cli("solve", "izakaya", "score", "--position", write(tmp_path, bad))
    lines = err.strip().splitlines()
    assert code == 2 and out == "" and len(lines) == 5, err
    assert "two drinks on corner [1, 1]" in lines[0] and "flipped card" in err and "[7, 1]" in err
    assert all(line.startswith("error: ") and "game.json" in line for line in lines)


def test_drinks_fill_every_4_card_spot_first(spec):
    pos = Position(["A", "B", "C", "D", "E"], spec.grid(5), dict(spec.prices))
    inner = [c for c, k in pos.grid.spots.items() if k == 4]
    border = [c for c, k in pos.grid.spots.items() if k == 2]
    for i, c in enumerate(inner):
        assert not drink_ruling(pos, border[0])[0]
        assert drink_ruling(pos, c)[0]
        pos.drinks[c] = spec.colours[i % 6]
    assert all(drink_ruling(pos, c)[0] for c in border)
    assert not drink_ruling(pos, (0, 0))[0] and not drink_ruling(pos, (6, 2))[0]
    six = Position(["A", "B", "C", "D"], spec.grid(4), dict(spec.prices),
                   drinks={c: "red" for c in list(spec.grid(4).spots)[:6]})
    assert not drink_ruling(six, list(six.grid.spots)[8], "red", spec)[0]             # the red crate is empty


def test_claims_limit_discs_pyramids_and_cards(spec):
    pos = Position(["A", "B", "C", "D"], spec.grid(4), dict(spec.prices))
    edges = list(pos.grid.edges)
    for e in edges[:6]:
        ok, _, _ = claim_ruling(spec, pos, "A", e)
        assert ok
        pos.claims[e] = "A"
        pos.pyramids[next(c for c in e if c not in pos.pyramids)] = "A"
    ok, why, _ = claim_ruling(spec, pos, "A", edges[10])
    assert not ok and "6 claim discs" in why


def test_scoring_uses_current_prices_and_breaks_ties_by_yen_kept(spec):
    pos = Position(["A", "B"], spec.grid(2), {**spec.prices, "white": 200, "blue": 300},
                   drinks={(0, 1): "white", (0, 2): "white", (1, 1): "blue"},
                   buildings=[Building((0, 1), "A", 3)], yen={"A": 0, "B": 2100})
    out = score(pos)
    assert out["payouts"][0]["payout"] == 3 * (200 + 200 + 300) == 2100
    assert out["winners"] == ["B"] and out["tie_broken"]                 # 2100 each; B kept more yen
    pos.prices["blue"] -= 100
    pos.prices["white"] += 100
    assert score(pos)["payouts"][0]["payout"] == 3 * 800                  # IZA-DX-05


# -- pnp check ---------------------------------------------------------------------------------------------
def test_check_passes_and_reports_the_disc_contradiction():
    report = check_game(load_game("izakaya"), simulate=20, seed=3)
    assert report.ok
    note = next(c for c in report.checks if c.name == "IZA-INV-07 the rulebook's disc count")
    assert note.ok is None and "gives 9 discs" in note.detail and "use 10" in note.detail
    sims = [c for c in report.checks if c.kind == "simulation"]
    assert [c.data["players"] for c in sims] == [2, 3, 4, 5] and all(c.ok for c in sims)
    assert all("yen conserved (players + pile + market) in 20" in c.detail for c in sims)


def test_the_tetrahedron_net_stands_on_one_face():
    e = 20.0
    net = tetrahedron(e, 5.0)
    h = e * math.sqrt(3) / 2
    assert net.stands_on == (e, round(h, 4))
    assert len(net.folds) == 3 and all(math.isclose(math.dist((f.x1, f.y1), (f.x2, f.y2)), e) for f in net.folds)
    assert net.width_mm >= 2 * e and net.height_mm >= 2 * h          # the big triangle and its tabs
    numbers = [float(t) for t in net.outline.replace("M", " ").replace("L", " ").replace("Z", " ").split()]
    assert min(numbers) >= 0 and len(numbers) == 12 * 2                # 3 corners, 3 midpoints, 6 tab points


def test_runtime_invariants_are_checked_over_random_games():
    report = check_game(load_game("izakaya"))
    for ref in ("IZA-INV-08", "IZA-INV-09"):
        found = [c for c in report.checks if c.name.startswith(ref)]
        assert [c.data["players"] for c in found] == [2, 3, 4, 5] and all(c.ok for c in found)


def test_an_example_that_breaks_the_rules_is_refused_like_a_position_file(tmp_path):
    bad = tmp_path / "more.yaml"
    bad.write_text("examples:\n  - name: outer corner\n    scenario: score\n"
                   "    given: {players: [A, B], drinks: [{corner: [0, 0], colour: white}]}\n    expected: {scores: {}}\n")
    code, out, err = run_cli("check", "izakaya", "--examples", str(bad))
    assert code == 2 and "examples[0].given.drinks[0].corner: [0, 0] is not a drink spot" in err
    assert len(err.strip().splitlines()) == 1


def test_a_disabled_card_off_the_grid_is_a_spec_error():
    """A card [row, col] outside its grid names its key path (it once raised a TypeError building the path)."""
    game = load_game("izakaya")
    grids = {k: dict(v) for k, v in game.rules["grids"].items()}
    first = next(iter(grids))
    grids[first]["disabled"] = [[99, 0]]
    with pytest.raises(SpecError) as exc:
        read_spec(dataclasses.replace(game, rules={**game.rules, "grids": grids}))
    assert [p.where for p in exc.value.problems] == [f"rules.grids[{first}].disabled[0]"]
