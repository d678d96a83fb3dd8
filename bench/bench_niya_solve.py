"""Time `pnp solve niya`'s exact search against the plain memoised reference of tests/test_niya_rules.py.

    /tmp/venv/bin/python bench/bench_niya_solve.py [--layouts 10] [--reference 2] [--full-board draw|block]

Solves N seeded random gardens (random_garden(spec, seed) for seeds 1..N) plus the NIY-DX-01 garden, every
legal first move exactly, and prints the median and max wall-clock seconds per full solve and the positions
searched; then times the reference on the first few of those gardens and prints the speed-up. Figures only.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import time
from pathlib import Path

from generator.solver.games.niya.game import NiyaRules
from generator.solver.games.niya.garden import random_garden, read_layout
from generator.solver.games.niya.questions import EXAMPLE_LAYOUT
from generator.solver.games.niya.search import solve_garden
from generator.load import load_game

TESTS = Path(__file__).resolve().parents[1] / "tests" / "test_niya_rules.py"


def reference_values():
    """The reference lives with the tests, so the bench times exactly what the tests trust."""
    spec = importlib.util.spec_from_file_location("test_niya_rules", TESTS)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.reference_values


def timed(fn, *args):
    start = time.perf_counter()
    result = fn(*args)
    return result, time.perf_counter() - start


def main() -> None:
    rules = NiyaRules(load_game("niya"))
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--layouts", type=int, default=10, help="seeded random gardens to solve (default 10)")
    p.add_argument("--reference", type=int, default=2, help="gardens to solve with the reference too (default 2)")
    p.add_argument("--full-board", choices=("draw", "block"), default=rules.spec.full_board)
    args = p.parse_args()

    gardens = [(f"seed {s}", random_garden(rules.spec, s)) for s in range(1, args.layouts + 1)]
    gardens.append(("NIY-DX-01", read_layout(EXAMPLE_LAYOUT.split("/"), rules.spec)[0]))
    runs = [(name, *timed(solve_garden, garden, args.full_board)) for name, garden in gardens]
    seconds = [s for _, _, s in runs]
    nodes = [solution.nodes for _, solution, _ in runs]
    print(f"Niya exact solve, full board {args.full_board}: {len(runs)} gardens "
          f"(seeds 1-{args.layouts} and NIY-DX-01), all legal first moves each")
    for name, solution, s in runs:
        print(f"  {name:10} {s:7.3f} s {solution.nodes:8d} nodes  {solution.outcome}")
    print(f"search:    median {statistics.median(seconds):.3f} s, max {max(seconds):.3f} s per full solve; "
          f"nodes median {statistics.median(nodes):.0f}, max {max(nodes)}")

    reference = reference_values()
    ratios, agree = [], 0
    ref_seconds = []
    for (name, garden), (_, solution, fast) in list(zip(gardens, runs))[:args.reference]:
        values, s = timed(reference, garden.tiles, args.full_board)
        ref_seconds.append(s)
        ratios.append(s / fast)
        agree += values == solution.values
        print(f"  reference {name:10} {s:7.2f} s  ({s / fast:.0f}x the search)")
    if ref_seconds:
        print(f"reference: median {statistics.median(ref_seconds):.2f} s, max {max(ref_seconds):.2f} s per full solve "
              f"on {len(ref_seconds)} gardens; same values on {agree}/{len(ref_seconds)}")
        print(f"speed-up:  {statistics.median(ratios):.0f}x (median of per-garden ratios)")


if __name__ == "__main__":
    main()
