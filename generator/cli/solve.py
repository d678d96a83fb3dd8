"""`pnp solve`: the parsers of a game's questions, built from what its rules module declares as data
(generator/solver/questions.py); no rules module sees argparse."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any, TextIO

from generator.cli.options import EXIT_OK, Parser
from generator.common.errors import OptionError
from generator.load import load_game

if TYPE_CHECKING:
    from generator.solver.questions import Question, Questions


SOLVE_DESCRIPTION = "Game-specific searches and rulings; see pnp solve GAME --help."


def solve_options(s: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """`pnp solve`'s own options: the game, and the rest for the game's questions (parsed by cmd_solve)."""
    s.add_argument("game", nargs="?", metavar="GAME", help="a game id or folder")
    s.add_argument("rest", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    s.add_argument("-h", "--help", action="store_true", help="show this help, or GAME's")
    return s


def cmd_solve(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from generator.solver.registry import rules_for

    if args.game is None:
        if args.help:
            bare = Parser(prog="pnp solve", add_help=False, description=SOLVE_DESCRIPTION)
            print(solve_options(bare).format_help(), file=out, end="")
            return EXIT_OK
        raise OptionError("pnp solve: expected a game, e.g. pnp solve niya --help")
    game = load_game(args.game)
    asked = rules_for(game).questions()
    top, named = question_parsers(f"pnp solve {game.id}", asked)
    if args.help or any(a in ("-h", "--help") for a in args.rest):    # the question's help, or the game's
        print(named.get(args.rest[0] if args.rest else "", top).format_help(), file=out, end="")
        return EXIT_OK
    values = vars(top.parse_args(args.rest))
    question = asked.unnamed or next(q for q in asked.asked if q.name == values[QUESTION])
    try:
        result, text = question.answer(**{p.name: values[p.name] for p in question.params})
        shown = json.dumps(result, ensure_ascii=False) if values.get("json") else text
    except ValueError as exc:   # Python's limit on a number's digits, read or printed; other errors are bugs
        if "integer string conversion" not in str(exc):
            raise
        raise OptionError(f"pnp solve {game.id}: a number of more than {sys.get_int_max_str_digits():,} digits in "
                          "the question or its answer; expected smaller numbers") from None
    print(shown, file=out)
    return EXIT_OK


QUESTION = " question"     # where the parser keeps a named question's name (no parameter can be called that)


def question_parsers(prog: str, asked: Questions) -> tuple[Parser, dict[str, Parser]]:
    """The parser of `pnp solve GAME`, built from the game's declared questions, and each named question's own."""
    top = Parser(prog=prog, description=asked.description)
    if asked.unnamed:
        add_params(top, asked.unnamed)
        return top, {}
    sub = top.add_subparsers(dest=QUESTION, metavar=asked.metavar, required=True)
    named = {q.name: sub.add_parser(q.name, help=q.help, description=q.description) for q in asked.asked}
    for q in asked.asked:
        add_params(named[q.name], q)
    return top, named


def add_params(p: argparse.ArgumentParser, question: Question) -> None:
    """One option a parameter (exclusive ones in a required group), then --json when the answer has a JSON form."""
    groups: dict[str, Any] = {}
    for param in question.params:
        if param.one_of and param.one_of not in groups:
            groups[param.one_of] = p.add_mutually_exclusive_group(required=True)
        into = groups.get(param.one_of, p)
        if param.flag:
            into.add_argument(param.option, dest=param.name, action="store_true", help=param.help)
            continue
        into.add_argument(param.option, dest=param.name, type=typed(param.kind), default=param.default,
                          required=param.required, choices=param.choices, metavar=param.metavar,
                          nargs="+" if param.many else None, help=param.help)
    if question.output:
        p.add_argument("--json", action="store_true", help=f"print the {question.output} as JSON")


def typed(kind: Any) -> Any:
    """The parameter's converter as an argparse type: a value it refuses (BadValue) is one line naming the option."""
    from generator.solver.questions import BadValue

    if kind is str:
        return None

    def convert(text: str) -> Any:
        try:
            return kind(text)
        except BadValue as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    convert.__name__ = getattr(kind, "__name__", "value")     # argparse's "invalid int value: 'x'" names it
    return convert
