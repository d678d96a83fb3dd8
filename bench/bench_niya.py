"""Benchmark: the full Niya build (every format) and the Niya perfect-play solve.

Prints medians over several runs: the whole `pnp build niya` command (start-up included) and the
build in-process; then `pnp solve niya` on the rulebook-example layout and on seeded random layouts
(every legal first move valued exactly), with positions searched. Figures only, no assertions.

    python bench/bench_niya.py [--runs 5] [--layouts 5]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from generator.commands.build import BuildOptions, build_game
from generator.layout.plan import SheetOptions
from generator.solver.registry import rules_for
from generator.load import load_game

EXAMPLE = "PS MS MP IB / CR IS CP PB / IP CB MR CS / PP PR MB IR"


def timed(fn):
    start = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--layouts", type=int, default=5)
    args = ap.parse_args()
    med = statistics.median

    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "generator", "build", "niya", "--out", tmp]
        whole = [timed(lambda: subprocess.run(cmd, check=True, capture_output=True))[1] for _ in range(args.runs)]
        inproc = [timed(lambda: build_game("niya", BuildOptions(SheetOptions(), Path(tmp))))[1]
                  for _ in range(args.runs)]
        result = build_game("niya", BuildOptions(SheetOptions(), Path(tmp)))
    print(f"niya build, all formats ({args.runs} runs): {result.pieces} pieces, {result.designs} designs, "
          f"{result.pages} pages, {result.files} files")
    print(f"  whole command   median {med(whole):.2f} s  (runs: {', '.join(f'{t:.2f}' for t in whole)})")
    print(f"  in-process      median {med(inproc):.2f} s")

    rules = rules_for(load_game("niya"))
    ask = rules.questions().unnamed.answer         # `pnp solve niya`'s answer, without the command line
    board = rules.spec.full_board
    jobs = [("rulebook example", dict(layout=EXAMPLE, random_layout=False, seed=None, full_board=board))]
    jobs += [(f"random seed {s}", dict(layout=None, random_layout=True, seed=s, full_board=board))
             for s in range(1, args.layouts + 1)]
    times = []
    print(f"niya solve, every legal first move valued exactly ({len(jobs)} layouts)")
    for name, values in jobs:
        (answer, _), seconds = timed(lambda: ask(**values))
        times.append(seconds)
        print(f"  {name:18} {seconds:6.2f} s  {answer['outcome']:20} best {answer['best_first_move']}  "
              f"{answer.get('nodes', '?')} positions")
    print(f"  median {med(times):.2f} s per layout, max {max(times):.2f} s")


if __name__ == "__main__":
    main()
