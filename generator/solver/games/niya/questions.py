"""`pnp solve niya`: one question, asked without a name: the exact value of every legal first move of a
garden (given, or dealt at random from the spec), declared as data for the command line."""

from __future__ import annotations

from functools import partial
from typing import Any

from generator.solver.api import OptionError, Param, Problem, Question, Questions, known
from generator.solver.games.niya.garden import Garden, random_garden, read_layout
from generator.solver.games.niya.search import RESULT_WORDS, solution_text, solve_garden
from generator.solver.games.niya.spec import FULL_BOARD, NiyaSpec

EXAMPLE_LAYOUT = "PS MS MP IB / CR IS CP PB / IP CB MR CS / PP PR MB IR"   # NIY-DX-01, for --help
DESCRIPTION = ("Solve a Niya garden exactly: for every legal first move, whether the first player wins, draws or "
               "loses under perfect play by both sides.")


def questions(spec: NiyaSpec) -> Questions:
    veg, sym = " ".join(v[0].upper() for v in spec.vegetation), " ".join(x[0].upper() for x in spec.symbols)
    params = (
        Param("layout", metavar="ROWS", one_of="deal",
              help=f'the garden, rows top to bottom separated by "/", each tile a vegetation code ({veg}) then a '
                   f'symbol code ({sym}), e.g. "{EXAMPLE_LAYOUT}"'),
        Param("random_layout", flag=True, one_of="deal", help="deal the spec's tiles at random (see --seed)"),
        Param("seed", kind=int, metavar="N", help="seed of --random-layout (default 1)"),
        Param("full_board", choices=FULL_BOARD, default=spec.full_board,
              help=f"a full garden with no line: a draw, or a win for the 16th mover "
                   f"(default {spec.full_board}, from the spec)"),
    )
    return Questions(DESCRIPTION, (Question("", None, params, partial(solve, spec), output="result"),))


def solve(spec: NiyaSpec, layout: str | None, random_layout: bool, seed: int | None,
          full_board: str) -> tuple[dict[str, Any], str]:
    """Every first move valued by perfect play, as JSON-like data and as the grid of results."""
    if layout is not None and seed is not None:
        raise OptionError(Problem("only used with --random-layout", where="--seed"))
    seed = 1 if seed is None else seed
    garden = random_garden(spec, seed) if random_layout else _layout(spec, layout or "")
    solution = solve_garden(garden, full_board)
    result = {"layout": garden.rows(), "full_board": full_board, **({"seed": seed} if random_layout else {}),
              "outcome": solution.outcome, "best_first_move": list(solution.best_move),
              "first_moves": {f"{r},{c}": RESULT_WORDS[v] for (r, c), v in solution.values.items()},
              "nodes": solution.nodes}
    return result, solution_text(solution)


def _layout(spec: NiyaSpec, text: str) -> Garden:
    garden, problems = read_layout(text.split("/"), spec, ' separated by "/"')
    if problems:
        raise OptionError([Problem(p, where="--layout") for p in problems])
    return known(garden)
