"""Kamiza's referee: the five judging steps, both open readings, card names, `pnp solve kamiza` and the spec checks."""

from __future__ import annotations

import dataclasses
import io
import json

import pytest

from generator.cli import main
from generator.common.errors import SpecError
from generator.solver.check import check_game
from generator.solver.games.kamiza.game import KamizaRules
from generator.solver.games.kamiza.parse import parse_plays
from generator.solver.games.kamiza.referee import judge
from generator.solver.games.kamiza.spec import read_spec
from generator.solver.games.kamiza.tiebreak import chickens
from generator.load import load_game

CARDS = 'kumicho (boss, 組長), waka-gashira (underboss, 若頭), teppo-dama (hit man, 鉄砲玉) or te-ire (police raid, 手入れ)'
PLAY_ERROR = "error: pnp solve kamiza: argument --play: "


@pytest.fixture(scope="module")
def game():
    return load_game("kamiza")


@pytest.fixture(scope="module")
def spec(game):
    return read_spec(game)


def ruling(spec, plays: str, **options: str) -> dict:
    """The JSON ruling of one round, plus scores and won for short asserts."""
    out = judge(parse_plays(plays, spec, 6), spec, options.get("two_raids_apart"), options.get("hit_man")).as_json()
    out["scores"] = {p: v["points"] for p, v in out["players"].items()}
    out["won"] = [p for p, v in out["players"].items() if v["won"]]
    return out


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


# -- step 1: squealing --------------------------------------------------------------------------
@pytest.mark.parametrize("side", ["kamiza", "shimoza"])
def test_a_single_police_raid_on_either_side_ends_the_round(spec, side):
    r = ruling(spec, f"A:te-ire@{side} B:kumicho@kamiza C:waka-gashira@shimoza D:teppo-dama@shimoza")
    assert r["raid_ended"] and r["next_start"] == "A" and r["round_winner"] == "A"
    assert r["scores"] == {"A": 0, "B": 0, "C": 0, "D": 0} and r["won"] == ["A"]


def test_the_police_raid_comes_before_the_hit_man(spec):
    r = ruling(spec, "A:kumicho@kamiza B:teppo-dama@kamiza C:te-ire@kamiza", hit_man="before-seats")
    assert r["raid_ended"] and r["next_start"] == "C" and r["upside_down"] == []


def test_without_a_raid_no_start_player_is_named(spec):
    r = ruling(spec, "A:kumicho@kamiza B:waka-gashira@shimoza C:teppo-dama@shimoza")
    assert r["raid_ended"] is False and r["next_start"] is None and r["round_winner"] is None


# -- step 2: men in battle (1) --------------------------------------------------------------------
def test_two_raids_on_one_side_do_not_squeal_and_cancel(spec):
    r = ruling(spec, "A:te-ire@shimoza B:te-ire@shimoza C:kumicho@kamiza D:waka-gashira@shimoza")
    assert not r["raid_ended"] and r["scores"] == {"A": 0, "B": 0, "C": 5, "D": 2} and r["won"] == ["C", "D"]


def test_the_same_role_cancels_on_one_side_only(spec):
    assert ruling(spec, "A:kumicho@kamiza B:kumicho@shimoza C:waka-gashira@shimoza")["scores"] == {"A": 5, "B": 5, "C": 2}
    r = ruling(spec, "A:kumicho@shimoza B:kumicho@shimoza C:waka-gashira@shimoza D:teppo-dama@shimoza E:waka-gashira@kamiza")
    assert r["scores"] == {"A": 0, "B": 0, "C": 2, "D": 1, "E": 2} and r["lost_because"].keys() == {"A", "B"}


def test_cancelling_can_leave_kamiza_empty_or_the_hit_man_without_a_target(spec):
    assert ruling(spec, "A:kumicho@kamiza B:kumicho@kamiza C:teppo-dama@shimoza")["won"] == ["C"]
    r = ruling(spec, "A:kumicho@kamiza B:kumicho@kamiza C:teppo-dama@kamiza", hit_man="before-seats")
    assert r["scores"] == {"A": 0, "B": 0, "C": 1} and r["upside_down"] == []


# -- step 3: men in battle (2) --------------------------------------------------------------------
def test_the_lowest_number_loses_when_seats_run_out(spec):
    assert ruling(spec, "A:kumicho@kamiza B:waka-gashira@kamiza C:teppo-dama@shimoza")["scores"] == {"A": 5, "B": 0, "C": 1}
    r = ruling(spec, "A:kumicho@shimoza B:waka-gashira@shimoza C:teppo-dama@shimoza")
    assert r["scores"] == {"A": 5, "B": 2, "C": 0} and "(step 3)" in r["lost_because"]["C"]


# -- step 4: the hit man --------------------------------------------------------------------------
@pytest.mark.parametrize("reading", ["exactly-two", "before-seats"])
def test_the_hit_man_defeats_the_boss_on_kamiza(spec, reading):
    r = ruling(spec, "A:kumicho@kamiza B:teppo-dama@kamiza C:waka-gashira@shimoza", hit_man=reading)
    assert r["scores"] == {"A": 0, "B": 4, "C": 2} and r["upside_down"] == ["B"] and r["won"] == ["B", "C"]


@pytest.mark.parametrize("reading, scores, upside_down", [
    ("exactly-two", {"A": 5, "B": 0, "C": 0, "D": 2}, []),
    ("before-seats", {"A": 0, "B": 4, "C": 0, "D": 2}, ["B"]),
])
def test_a_third_card_on_kamiza_under_both_hit_man_readings(spec, reading, scores, upside_down):
    r = ruling(spec, "A:kumicho@kamiza B:teppo-dama@kamiza C:waka-gashira@kamiza D:waka-gashira@shimoza", hit_man=reading)
    assert r["scores"] == scores and r["upside_down"] == upside_down


def test_the_spec_reading_of_the_hit_man_is_the_default(spec):
    assert spec.hit_man == "exactly-two"
    r = ruling(spec, "A:kumicho@kamiza B:teppo-dama@kamiza C:waka-gashira@kamiza")
    assert r["scores"] == {"A": 5, "B": 0, "C": 0}


def test_the_hit_man_strikes_on_kamiza_only_and_alone_scores_his_number(spec):
    assert ruling(spec, "A:kumicho@shimoza B:teppo-dama@shimoza C:waka-gashira@kamiza")["scores"] == {"A": 5, "B": 1, "C": 2}
    r = ruling(spec, "A:teppo-dama@kamiza B:kumicho@shimoza C:waka-gashira@shimoza")
    assert r["scores"] == {"A": 1, "B": 5, "C": 2} and r["upside_down"] == []


# -- KAM-GAP-04: two police raids on different sides ----------------------------------------------
@pytest.mark.parametrize("reading, scores, won", [
    ("both-lose", {"A": 0, "B": 0, "C": 5, "D": 1}, ["C", "D"]),
    ("zero-point", {"A": 0, "B": 0, "C": 5, "D": 1}, ["A", "C", "D"]),
])
def test_two_raids_apart_under_both_readings(spec, reading, scores, won):
    r = ruling(spec, "A:te-ire@kamiza B:te-ire@shimoza C:kumicho@shimoza D:teppo-dama@shimoza", two_raids_apart=reading)
    assert not r["raid_ended"] and r["next_start"] is None and r["scores"] == scores and r["won"] == won


@pytest.mark.parametrize("reading, won", [("both-lose", ["D"]), ("zero-point", ["C", "D"])])
def test_three_raids_two_cancel_and_the_third_follows_the_reading(spec, reading, won):
    r = ruling(spec, "A:te-ire@shimoza B:te-ire@shimoza C:te-ire@kamiza D:waka-gashira@shimoza", two_raids_apart=reading)
    assert r["won"] == won and r["scores"]["D"] == 2


def test_the_spec_reading_of_two_raids_is_the_default(spec):
    assert spec.two_raids_apart == "both-lose"
    assert ruling(spec, "A:te-ire@kamiza B:te-ire@shimoza C:kumicho@shimoza")["won"] == ["C"]


# -- step 5: chickens -----------------------------------------------------------------------------
def test_chickens_lowest_card_left_wins_a_tie(spec):
    assert chickens({"X": 12, "Y": 12, "Z": 9}, {"X": spec.card("te-ire"), "Y": spec.card("kumicho"),
                                                  "Z": spec.card("waka-gashira")}).as_json()["winner"] == "X"
    order = ["te-ire", "teppo-dama", "waka-gashira", "kumicho"]
    for i in range(len(order) - 1):
        left = {"X": spec.card(order[i + 1]), "Y": spec.card(order[i])}
        assert chickens({"X": 8, "Y": 8}, left).winners == ("Y",)


def test_chickens_same_card_shares_and_no_tie_needs_no_chickens(spec):
    shared = chickens({"X": 10, "Y": 10, "Z": 7}, {p: spec.card("te-ire") for p in "XYZ"}).as_json()
    assert shared == {"winner": None, "winners": ["X", "Y"], "tied": ["X", "Y"], "chickens": True}
    clear = chickens({"X": 11, "Y": 10}, {"X": spec.card("kumicho"), "Y": spec.card("te-ire")}).as_json()
    assert clear["winner"] == "X" and clear["chickens"] is False


# -- card names -----------------------------------------------------------------------------------
@pytest.mark.parametrize("name, role", [
    ("kumicho", "kumicho"), ("Boss", "kumicho"), ("組長", "kumicho"), ("ＢＯＳＳ", "kumicho"),
    ("waka-gashira", "waka-gashira"), ("waka gashira", "waka-gashira"), ("Underboss", "waka-gashira"), ("若頭", "waka-gashira"),
    ("teppo-dama", "teppo-dama"), ("teppo_dama", "teppo-dama"), ("hit man", "teppo-dama"), ("hit-man", "teppo-dama"),
    ("HITMAN", "teppo-dama"), ("鉄砲玉", "teppo-dama"),
    ("te-ire", "te-ire"), ("TE_IRE", "te-ire"), ("police raid", "te-ire"), ("Police-Raid", "te-ire"), ("手入れ", "te-ire"),
])
def test_card_names_in_romaji_english_or_japanese(spec, name, role):
    assert spec.card(name).role == role
    assert ruling(spec, f"A:{name}@shimoza B:kumicho@kamiza C:waka-gashira@kamiza")["players"]["A"]["card"] == role


@pytest.mark.parametrize("name", ["joker", "boss man", "", "組"])
def test_unknown_card_names(spec, name):
    assert spec.card(name) is None


def test_names_come_from_the_spec_rows(game):
    rows = game.component("role-card").rows
    renamed = tuple(dataclasses.replace(r, fields={**r.fields, "en": "godfather"}) if r.fields["role"] == "kumicho"
                    else r for r in rows)
    spec = read_spec(_with_rows(game, renamed))
    assert spec.card("godfather").role == "kumicho" and spec.card("boss") is None


# -- pnp solve kamiza ---------------------------------------------------------------------------
def test_solve_play_json_word_for_word():
    code, out, err = run("solve", "kamiza", "--play", "A:kumicho@kamiza B:teppo-dama@kamiza C:waka-gashira@shimoza",
                         "--json")
    assert code == 0 and err == ""
    assert out.startswith(
        '{"raid_ended": false, "next_start": null, "players": {"A": {"card": "kumicho", "side": "kamiza", "won": false, '
        '"points": 0}, "B": {"card": "teppo-dama", "side": "kamiza", "won": true, "points": 4}, "C": {"card": '
        '"waka-gashira", "side": "shimoza", "won": true, "points": 2}}')
    assert list(json.loads(out))[:3] == ["raid_ended", "next_start", "players"]
    assert json.loads(out)["upside_down"] == ["B"]


def test_solve_play_as_separate_words_and_text():
    code, out, err = run("solve", "kamiza", "--play", "A:組長@kamiza", "B:hit man@kamiza", "C:Underboss@shimoza")
    assert code == 0 and out.splitlines() == [
        "A  kumicho       kamiza   lost  0  defeated by B's hit man (step 4)",
        "B  teppo-dama    kamiza   won   4  struck the boss: placed face up and upside down (step 4)",
        "C  waka-gashira  shimoza  won   2",
        "Next start player: not named by this round; the start player passes clockwise.",
    ]


def test_solve_options_override_the_spec_readings():
    play = "A:kumicho@kamiza B:teppo-dama@kamiza C:waka-gashira@kamiza D:te-ire@kamiza E:te-ire@shimoza"
    _, out, _ = run("solve", "kamiza", "--play", play, "--json")
    assert {p: v["points"] for p, v in json.loads(out)["players"].items()} == {"A": 5, "B": 0, "C": 0, "D": 0, "E": 0}
    _, out, _ = run("solve", "kamiza", "--play", play, "--hit-man", "before-seats", "--two-raids-apart", "zero-point",
                    "--json")
    result = json.loads(out)
    assert {p: v["won"] for p, v in result["players"].items()} == {"A": False, "B": True, "C": False, "D": False, "E": True}
    assert result["upside_down"] == ["B"] and result["players"]["B"]["points"] == 4


def test_solve_raid_names_the_next_start_player():
    _, out, _ = run("solve", "kamiza", "--play", "A:kumicho@kamiza B:police raid@shimoza C:boss@shimoza", "--json")
    result = json.loads(out)
    assert result["raid_ended"] is True and result["next_start"] == "B" and result["players"]["B"]["won"] is True


def test_solve_match_runs_the_chickens_tiebreak():
    code, out, _ = run("solve", "kamiza", "--match", "X:12@te-ire Y:12@kumicho Z:9@waka-gashira", "--json")
    assert code == 0 and json.loads(out) == {"winner": "X", "winners": ["X"], "tied": ["X", "Y"], "chickens": True}
    _, out, _ = run("solve", "kamiza", "--match", "X:12@te-ire", "Y:12@police raid", "Z:9@waka-gashira")
    assert out.splitlines()[-1] == ("X and Y tie on 12; chickens (step 5): X and Y each hold te-ire (0) and share the win "
                                    "(KAM-GAP-07).")


@pytest.mark.parametrize("play, message", [
    ("A:kumicho", 'expected PLAYER:CARD@SIDE for each player, like "A:kumicho@kamiza B:teppo-dama@shimoza", '
                  'got "A:kumicho"'),
    ("A:joker@kamiza B:boss@kamiza", f'unknown card "joker" in "A:joker@kamiza"; expected {CARDS}'),
    ("A:kumicho@middle B:boss@kamiza", 'unknown side "middle" in "A:kumicho@middle"; expected kamiza or shimoza'),
    ("A:kumicho@kamiza A:boss@shimoza", 'player "A" appears 2 times; expected one play per player'),
    ("A:kumicho@kamiza", "expected 2 to 6 players, one play each, got 1"),
    (" ".join(f"{p}:boss@kamiza" for p in "ABCDEFG"), "expected 2 to 6 players, one play each, got 7"),
])
def test_bad_play_is_one_line_and_exit_2(play, message):
    code, out, err = run("solve", "kamiza", "--play", play)
    assert code == 2 and out == "" and err.splitlines() == [PLAY_ERROR + message]


def test_solve_needs_play_or_match():
    code, _, err = run("solve", "kamiza")
    assert code == 2 and err.splitlines() == ["error: pnp solve kamiza: one of the arguments --play --match is required"]


def test_bad_match_is_one_line_and_exit_2():
    code, _, err = run("solve", "kamiza", "--match", "X:twelve@te-ire Y:3@boss")
    assert code == 2 and err.splitlines() == [
        'error: pnp solve kamiza: argument --match: expected a whole number of points in "X:twelve@te-ire", got "twelve"']


# -- the spec ---------------------------------------------------------------------------------------
def _with_rows(game, rows):
    return dataclasses.replace(game, components=tuple(
        dataclasses.replace(c, rows=rows) if c.id == "role-card" else c for c in game.components))


def _with_rules(game, **rules):
    return dataclasses.replace(game, rules={**game.rules, **rules})


def _failed(game) -> list[str]:
    return [c.name.split()[0] for c in KamizaRules(game).spec_checks() if not c.ok]


def test_spec_checks_pass_on_the_spec(game):
    checks = KamizaRules(game).spec_checks()
    assert [c.name.split()[0] for c in checks] == ["KAM-INV-01", "KAM-INV-02", "KAM-HAND", "KAM-INV-03"]
    assert all(c.ok and c.kind == "spec" for c in checks)


def test_spec_checks_fail_on_a_broken_spec(game):
    rows = game.component("role-card").rows
    boss_3 = tuple(dataclasses.replace(r, fields={**r.fields, "number": 3}) if r.fields["role"] == "kumicho" else r
                   for r in rows)
    assert _failed(_with_rows(game, boss_3)) == ["KAM-INV-01"]
    no_raid = tuple(r for r in rows if r.fields["role"] != "te-ire")
    assert _failed(_with_rows(game, no_raid)) == ["KAM-INV-01", "KAM-HAND"]
    two_bosses = tuple(dataclasses.replace(r, count=2) if r.fields["role"] == "kumicho" else r for r in rows)
    assert _failed(_with_rows(game, two_bosses)) == ["KAM-HAND"]
    assert _failed(_with_rules(game, seats={"kamiza": 2, "shimoza": 2})) == ["KAM-INV-02"]
    assert _failed(_with_rules(game, rounds_per_game={"value": 2, "source": "designed", "note": "short"})) == ["KAM-HAND"]
    shared = dataclasses.replace(game, components=tuple(
        dataclasses.replace(c, per_player=False) if c.id == "role-card" else c for c in game.components))
    assert _failed(shared) == ["KAM-HAND"]


def test_bad_rules_are_one_problem_each_with_key_paths(game):
    broken = dict(game.rules, hit_man="sometimes", seats={"kamiza": 0, "shimoza": 2}, colour="red")
    del broken["hit_score"]
    with pytest.raises(SpecError) as exc:
        read_spec(dataclasses.replace(game, rules=broken))
    assert sorted(p.where for p in exc.value.problems) == ["rules", "rules.colour", "rules.hit_man", "rules.seats.kamiza"]
    assert all(p.file == "components/kamiza/game.yaml" for p in exc.value.problems)
    messages = [str(p) for p in exc.value.problems]
    assert (f"error: components/kamiza/game.yaml:{game.lines['rules.hit_man']}: rules.hit_man: expected one of "
            'exactly-two, before-seats, '
            'got "sometimes"') in messages


def test_check_runs_every_example(game):
    report = check_game(game)
    examples = [c for c in report.checks if c.kind == "example"]
    assert report.ok and len(examples) >= 20
    assert {c.name.split()[0] for c in examples} >= {f"KAM-EX-0{i}" for i in range(1, 8)}
    assert {c.data["provenance"] for c in examples} == {"seed", "reconstructed", "derived"}


def test_a_bad_example_names_its_file_and_key(game, tmp_path):
    path = tmp_path / "more.yaml"
    path.write_text("examples:\n  - name: bad\n    scenario: round\n    given:\n      plays:\n"
                    "        - {player: A, card: joker, side: kamiza}\n        - {player: B, card: boss, side: kamiza}\n"
                    "    expected: {won: [B]}\n", encoding="utf-8")
    with pytest.raises(SpecError) as exc:
        check_game(game, [path])
    assert [p.where for p in exc.value.problems] == ["examples[0].given.plays[0]"]
    assert exc.value.problems[0].message.startswith('unknown card "joker"')
