"""`pnp solve` declared as data (issue 22): the rules never import argparse, every game's questions are
frozen data with typed parameters, and only the command line builds parsers from them."""

from __future__ import annotations

import ast
import dataclasses
import inspect
from pathlib import Path

import pytest

from conftest import run_cli
from generator.common.errors import OptionError
from generator.solver.questions import BadValue, Param, Question, Questions
from generator.solver.registry import rules_for
from generator.load import load_game

SOLVER = Path(__file__).resolve().parents[1] / "generator" / "solver"
CLI = Path(__file__).resolve().parents[1] / "generator" / "cli"

# What each game answers, as its README section and rulebook questions list them ("" is asked without a name).
ASKED = {"niya": {"": ("layout", "random_layout", "seed", "full_board")},
         "kamiza": {"": ("play", "match", "hit_man", "two_raids_apart")},
         "nyakuza": {"bid": ("seats", "amulet", "wharf", "kobans", "bids", "wharf_order")},
         "nusfjord": {"setup": ("players",), "rounds": ("seats", "first"),
                      "fish": ("haul", "elders", "action_board_shares", "foreign_shares", "own_shares", "reserve"),
                      "score": ("ships", "buildings", "conditional", "shares", "gold", "free_spaces", "unissued")},
         "izakaya": {"setup": ("players",), "bid": ("order", "yen", "bids", "pile"), "score": ("position",),
                     "drink": ("position", "corner", "colour"), "claim": ("position", "player", "edge")}}


def questions(game: str) -> Questions:
    return rules_for(load_game(game)).questions()


# -- the rules never see the command line --------------------------------------------------------------------
def argparse_importers(root: Path) -> list[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            if any(n == "argparse" or n.startswith("argparse.") for n in names):
                found.append(str(path.relative_to(root)))
    return found


def test_no_solver_module_imports_argparse():
    assert argparse_importers(SOLVER) == []


def test_the_scan_finds_an_argparse_import(tmp_path):
    (tmp_path / "a.py").write_text("import argparse\n")
    (tmp_path / "b.py").write_text("from argparse import ArgumentParser\n")
    (tmp_path / "c.py").write_text('"""argparse is named in prose only."""\n')
    assert argparse_importers(tmp_path) == ["a.py", "b.py"]


def test_the_command_line_reaches_into_no_private_parser_attribute():
    text = "".join(p.read_text(encoding="utf-8") for p in sorted(CLI.glob("*.py")))
    assert "def cmd_solve" in text
    assert not [w for w in ("._subparsers", "._group_actions", "_SubParsersAction", "._actions") if w in text]


# -- every game's questions are data ---------------------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(ASKED))
def test_every_game_declares_its_questions_as_frozen_data(game):
    asked = questions(game)
    assert isinstance(asked, Questions) and asked.description
    assert {q.name: tuple(p.name for p in q.params) for q in asked.asked} == ASKED[game]
    for q in asked.asked:
        assert isinstance(q, Question) and all(isinstance(p, Param) for p in q.params)
        with pytest.raises(dataclasses.FrozenInstanceError):
            q.name = "changed"      # type: ignore[misc]
        assert all(callable(p.kind) and p.name.isidentifier() for p in q.params)
        inspect.signature(q.answer).bind(**{p.name: p.default for p in q.params})   # one keyword a parameter


@pytest.mark.parametrize("game, question, name, text, value", [
    ("niya", "", "seed", "7", 7),
    ("nusfjord", "setup", "players", "4", 4),
    ("nusfjord", "fish", "haul", "10", 10),
    ("nusfjord", "fish", "elders", "2,0", [2, 0]),
    ("nusfjord", "fish", "foreign_shares", "Blue:1,Green:2", {"Blue": 1, "Green": 2}),
    ("izakaya", "drink", "corner", "1,2", (1, 2)),
    ("izakaya", "claim", "edge", "1,3-1,2", ((1, 2), (1, 3))),
    ("izakaya", "score", "position", "game.json", Path("game.json")),
])
def test_parameters_are_typed(game, question, name, text, value):
    param = next(p for q in questions(game).asked if q.name == question for p in q.params if p.name == name)
    assert param.kind(text) == value


@pytest.mark.parametrize("game, question, name, text, message", [
    ("nusfjord", "fish", "haul", "-1", "expected a whole number of at least 0, got -1"),
    ("nusfjord", "fish", "foreign_shares", "Blue", 'expected PLAYER:SHARES like "Blue:1", got "Blue"'),
    ("izakaya", "drink", "corner", "1", 'expected row,col like 1,2, got "1"'),
])
def test_a_refused_value_says_what_is_expected(game, question, name, text, message):
    param = next(p for q in questions(game).asked if q.name == question for p in q.params if p.name == name)
    with pytest.raises(BadValue, match=message):
        param.kind(text)


# -- the help lists what the data declares -----------------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(ASKED))
def test_help_lists_every_question_and_each_question_its_options(game):
    code, out, err = run_cli("solve", game, "--help")
    assert (code, err) == (0, "")
    for name, params in ASKED[game].items():
        if name:
            assert f"\n    {name} " in out
            code, out_q, _ = run_cli("solve", game, name, "--help")
        else:
            out_q = out
        assert code == 0 and out_q.startswith(f"usage: pnp solve {game}{' ' + name if name else ''} [-h]")
        assert all(f"--{p.replace('_', '-')}" in out_q for p in params) and "--json" in out_q


def test_a_game_without_a_rules_module_says_it_has_no_questions(tmp_path):
    assert run_cli("new", "plainy", "--dir", str(tmp_path))[0] == 0
    assert run_cli("solve", str(tmp_path / "plainy")) == (0, "No searches are defined for plainy.\n", "")
    assert run_cli("solve", str(tmp_path / "plainy"), "--json") == \
        (2, "", "error: pnp solve plainy: unrecognized arguments: --json\n")


# -- the command line builds parsers from any declaration ----------------------------------------------------------
def toy() -> Questions:
    def whole(text: str) -> int:
        if not text.isdigit():
            raise BadValue(f'expected a whole number, got "{text}"')
        return int(text)

    ask = Question("ask", "a toy question", (
        Param("n", kind=whole, required=True), Param("word", many=True), Param("pick", choices=("a", "b"), default="a"),
        Param("this", flag=True, one_of="x"), Param("that", flag=True, one_of="x")),
        lambda n, word, pick, this, that: ({"n": n, "word": word, "pick": pick, "this": this}, f"{n}"))
    return Questions("A toy.", (ask,))


def parse(argv: list[str]) -> dict:
    from generator.cli.solve import question_parsers

    top, named = question_parsers("pnp solve toy", toy())
    assert set(named) == {"ask"}
    return vars(top.parse_args(argv))


def test_the_builder_converts_types_lists_choices_flags_and_groups():
    got = parse(["ask", "--n", "12", "--word", "x", "y", "--this", "--json"])
    assert {k: got[k] for k in ("n", "word", "pick", "this", "that", "json")} == \
        {"n": 12, "word": ["x", "y"], "pick": "a", "this": True, "that": False, "json": True}


@pytest.mark.parametrize("argv, message", [
    (["ask", "--n", "x", "--this"], 'pnp solve toy ask: argument --n: expected a whole number, got "x"'),
    (["ask", "--n", "1", "--this", "--that"], "pnp solve toy ask: argument --that: not allowed with argument --this"),
    (["ask", "--n", "1"], "pnp solve toy ask: one of the arguments --this --that is required"),
    (["ask", "--n", "1", "--this", "--pick", "c"], 'pnp solve toy ask: argument --pick: expected one of a, b, got "c"'),
    (["asks"], 'pnp solve toy: argument QUESTION: expected one of ask, got "asks" (did you mean "ask"?)'),
])
def test_the_builder_refuses_bad_input_in_one_line(argv, message):
    with pytest.raises(OptionError) as exc:
        parse(argv)
    assert [str(p.message) for p in exc.value.problems] == [message]
