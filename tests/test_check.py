"""pnp check: the JSON report's shape, more scenarios from a file, and exit code 1 when one fails."""

from __future__ import annotations

import json

from conftest import run_cli


def test_json_report_has_the_documented_shape():
    code, out, err = run_cli("check", "niya", "--json")
    assert code == 0, err
    report = json.loads(out)
    assert report["ok"] is True and [g["game"] for g in report["games"]] == ["niya"]
    kinds = {c["kind"] for c in report["games"][0]["checks"]}
    assert {"inventory", "spec", "example", "note", "decision"} <= kinds
    inventory = next(c for c in report["games"][0]["checks"] if c["kind"] == "inventory")
    assert {"name", "players", "ok", "needed", "available"} <= set(inventory)
    example = next(c for c in report["games"][0]["checks"] if c["kind"] == "example")
    assert {"name", "ok", "expected", "actual"} <= set(example)
    note = next(c for c in report["games"][0]["checks"] if c["name"] == "NIY-GAP-01")
    assert "4 x 5 = 20, not 16" in note["detail"]


def test_more_scenarios_come_from_a_file_and_a_wrong_expectation_fails(tmp_path):
    extra = tmp_path / "more.yaml"
    extra.write_text(
        "examples:\n"
        "  - name: first move in the middle is refused\n"
        "    scenario: game\n"
        "    given: {layout: PS MS MP IB / CR IS CP PB / IP CB MR CS / PP PR MB IR, moves: [[1, 2]]}\n"
        "    expected: {illegal_move: 1}\n"
        "  - name: a deliberately wrong expectation\n"
        "    scenario: game\n"
        "    given: {layout: PS MS MP IB / CR IS CP PB / IP CB MR CS / PP PR MB IR, moves: [[3, 3], [0, 0]]}\n"
        "    expected: {illegal_move: null}\n")
    code, out, err = run_cli("check", "niya", "--examples", str(extra), "--json")
    assert code == 1, err
    checks = {c["name"]: c for c in json.loads(out)["games"][0]["checks"]}
    assert checks["first move in the middle is refused"]["ok"] is True
    wrong = checks["a deliberately wrong expectation"]
    assert wrong["ok"] is False and wrong["actual"] == {"illegal_move": 2}


def test_a_malformed_examples_file_is_bad_input(tmp_path):
    extra = tmp_path / "more.yaml"
    extra.write_text("examples:\n  - name: no scenario\n    given: {}\n    expected: {}\n")
    code, out, err = run_cli("check", "niya", "--examples", str(extra))
    assert code == 2
    assert err.replace(str(tmp_path) + "/", "").splitlines() == ['error: more.yaml:2: examples[0]: missing key "scenario"']


def test_notes_and_decisions_are_information_not_passed_checks():
    code, out, err = run_cli("check", "niya", "--json")
    checks = json.loads(out)["games"][0]["checks"]
    info = [c for c in checks if c["kind"] in ("note", "decision")]
    assert info and all(c["ok"] is None for c in info)
    code, text, err = run_cli("check", "niya")
    proofs = [c for c in checks if c["kind"] not in ("note", "decision")]
    assert f"niya: ok ({len(proofs)} checks: {len(proofs)} passed; {len(info)} notes and decisions)" in text


def test_an_example_with_an_empty_expected_is_an_error(tmp_path):
    extra = tmp_path / "more.yaml"
    extra.write_text("examples:\n  - name: proves nothing\n    scenario: game\n"
                     "    given: {layout: PS MS MP IB / CR IS CP PB / IP CB MR CS / PP PR MB IR, moves: [[0, 0]]}\n"
                     "    expected: {}\n")
    code, out, err = run_cli("check", "niya", "--examples", str(extra))
    assert code == 2
    assert err.replace(str(tmp_path) + "/", "").splitlines() == [
        "error: more.yaml:5: examples[0].expected: expected at least one outcome to compare "
        "(an empty expected proves nothing)"]


def _demo_with_setup(tmp_path, setup: str):
    import shutil
    from conftest import DEMO
    game = tmp_path / "demo"
    shutil.copytree(DEMO, game)
    spec = (game / "game.yaml").read_text()
    start = spec.index("setup:")
    (game / "game.yaml").write_text(spec[:start] + setup)
    return game


def test_too_few_pieces_for_a_player_count_fails_the_check(tmp_path):
    # the demo prints 3 card rows x 2 copies = 6 cards and 3 coins per colour (tests/fixtures/demo/game.yaml)
    game = _demo_with_setup(tmp_path, "setup:\n  2: {card: 6, coin: {each: 3}}\n  3: {card: 7, coin: {each: 3}}\n")
    code, out, err = run_cli("check", str(game), "--json")
    assert code == 1, err
    failed = [(c["name"], c["players"]) for c in json.loads(out)["games"][0]["checks"] if c["ok"] is False]
    assert failed == [("card", 3)]


def test_exact_demands_fail_when_pieces_are_left_over(tmp_path):
    both = "setup:\n  2: {{card: 6, coin: {c}}}\n  3: {{card: 6, coin: {c}}}\n"
    game = _demo_with_setup(tmp_path, both.format(c="{each: 2, exact: true}"))   # 3 coins a colour are printed
    code, out, err = run_cli("check", str(game), "--json")
    assert code == 1, err
    coin = next(c for c in json.loads(out)["games"][0]["checks"] if c["name"] == "coin")
    assert (coin["ok"], coin["needed"], coin["available"]) == (False, 2, 3)
    game = _demo_with_setup(tmp_path / "b", both.format(c="{each: 2}"))          # without exact, 3 for 2 is fine
    code, out, err = run_cli("check", str(game))
    assert code == 0, out + err
