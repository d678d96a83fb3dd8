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
