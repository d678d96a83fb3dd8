"""pnp new: a game that builds and checks from an empty folder, and copies of the shipped games."""

from __future__ import annotations

import json

import pytest

from conftest import run_cli


def test_a_new_game_builds_and_checks_from_an_empty_folder(tmp_path):
    code, out, err = run_cli("new", "my-game", "--dir", str(tmp_path))
    assert code == 0, err
    game = tmp_path / "my-game"
    for f in ("game.yaml", "cards.csv", "examples.yaml", "README.md", "templates/my-game/card.svg.j2",
              "templates/my-game/back.svg.j2", "templates/my-game/token.svg.j2", "templates/my-game/standee.svg.j2"):
        assert (game / f).is_file(), f
    code, out, err = run_cli("build", str(game), "--out", str(tmp_path / "out"))
    assert code == 0, err
    doc = json.loads((tmp_path / "out" / "my-game" / "manifest.json").read_text())
    kinds = {d["component"]: d["shape"] for d in doc["designs"]}
    assert kinds == {"card": "rounded", "token": "circle", "standee": "outline"}
    assert sum(d["count"] for d in doc["designs"] if d["component"] == "card" and d["face"] == "front") == 12
    card = next((tmp_path / "out" / "my-game" / "svg").glob("card-harbour.svg")).read_text()
    assert 'font-weight="700"' in card and card.count("<circle") >= 2      # **Gain** and the {coin} icons
    code, out, err = run_cli("check", str(game), "--json")
    assert code == 0, err
    example = next(c for c in json.loads(out)["games"][0]["checks"] if c["kind"] == "example")
    assert example["ok"] is True and example["actual"]["card"] == {"needed": 12, "printed": 12, "left": 0}


@pytest.mark.parametrize("source", ["niya", "kamiza"])
def test_a_copy_builds_and_keeps_its_originals_rules(tmp_path, source):
    code, out, err = run_cli("new", "mine", "--from", source, "--dir", str(tmp_path))
    assert code == 0, err
    spec = (tmp_path / "mine" / "game.yaml").read_text()
    assert "id: mine\n" in spec and f"rules_from: {source}" in spec and "front: mine/" in spec
    assert (tmp_path / "mine" / "templates" / "mine").is_dir()
    code, out, err = run_cli("build", str(tmp_path / "mine"), "--out", str(tmp_path / "out"), "--formats", "svg")
    assert code == 0, err
    code, out, err = run_cli("check", str(tmp_path / "mine"))
    assert code == 0 and "not run" not in out, out + err


def test_a_copy_without_rules_says_so_plainly(tmp_path):
    run_cli("new", "mine", "--from", "niya", "--dir", str(tmp_path))
    spec = tmp_path / "mine" / "game.yaml"
    spec.write_text("\n".join(l for l in spec.read_text().splitlines() if not l.startswith("rules_from:")) + "\n")
    code, out, err = run_cli("check", str(tmp_path / "mine"), "--json")
    assert code == 1, err           # not run is not ok: the headline must not say ok for what it did not check
    report = json.loads(out)["games"][0]
    examples = [c for c in report["checks"] if c["kind"] == "example" and c.get("not_run")]
    assert examples and all(c["ok"] is False and "needs a rules package" in c["detail"] for c in examples)
    assert report["counts"]["not_run"] == len(examples)
    failed = [c for c in report["checks"] if c["ok"] is False and not c.get("not_run")]
    # and the rules: values niya's package read are now read by nobody, which the report says too
    assert [c["name"] for c in failed] == ["every rules key is read"] and "grid" in failed[0]["unread"]


@pytest.mark.parametrize("argv, message", [
    (["new", "My Game"], 'expected a game id of lower-case letters, digits and hyphens like "my-game"'),
    (["new", "niya", "--from", "chess"], 'unknown game "chess"'),
])
def test_bad_names_are_one_line(tmp_path, argv, message):
    code, out, err = run_cli(*argv, "--dir", str(tmp_path))
    assert code == 2 and len(err.splitlines()) == 1 and message in err


def test_an_existing_folder_is_never_touched(tmp_path):
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "keep.txt").write_text("mine")
    code, out, err = run_cli("new", "taken", "--dir", str(tmp_path))
    assert code == 2 and "already exists" in err and (tmp_path / "taken" / "keep.txt").read_text() == "mine"
