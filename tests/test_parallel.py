"""`pnp build` of several games uses every core and writes the same bytes as one game after another."""

from __future__ import annotations

from pathlib import Path

from conftest import job_folder, run_cli


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_games_built_side_by_side_are_byte_identical_to_games_built_in_turn(tmp_path):
    argv = ("build", "niya", "kamiza", "--formats", "sheets,svg")
    code, out, err = run_cli(*argv, "--jobs", "2", "--out", str(tmp_path / "two"))
    assert code == 0, err
    assert run_cli(*argv, "--jobs", "1", "--out", str(tmp_path / "one"))[0] == 0
    two, one = _files(tmp_path / "two"), _files(tmp_path / "one")
    assert len(one) > 20 and two.keys() == one.keys()
    assert [k for k in one if one[k] != two[k]] == []
    rows = [line.split()[0] for line in out.splitlines()[2:]]
    assert rows == ["niya", "kamiza"]                      # the summary in the order asked for


def test_a_failing_game_among_others_is_reported_and_the_rest_built(tmp_path):
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "game.yaml").write_text("id: bad\ntitle: Bad\nplayers: {min: 2, max: 2}\ncomponents: []\n")
    code, out, err = run_cli("build", "niya", str(bad), "--formats", "sheets", "--jobs", "2", "--out",
                             str(tmp_path / "o"))
    assert code == 2 and "Traceback" not in err and err.strip(), err
    assert (job_folder(tmp_path / "o", "niya") / "niya-a4.pdf").exists()


def test_jobs_out_of_range_is_one_line():
    code, _, err = run_cli("build", "niya", "--jobs", "0")
    assert code == 2 and "expected a whole number of games from 1 to 64" in err


def test_a_game_named_twice_is_built_once(tmp_path):
    code, out, err = run_cli("build", "niya", "niya", "--formats", "sheets", "--out", str(tmp_path))
    assert code == 0, err
    assert [line.split()[0] for line in out.splitlines()[2:]] == ["niya"]
