"""Benchmark: how long an edited card takes to reach `pnp serve`, against a cold sheets build, same run.

Copies Nusfjord (`pnp new <name> --from nusfjord`, 221 designs) into a temporary folder, times a cold
`python -m generator build COPY --formats sheets` (the whole command, start-up included, median of
--builds runs), then starts `pnp serve` on the copy and edits one card's data (a herring building's
text in herring.csv) --edits times, timing each from the file's write until `/__status` reports the
next version (asked with `?after=SEQ`, which answers as soon as the state changes, so no polling
interval is measured). Prints both medians and their ratio; the goal (issue 21) is at most 0.25.

    python bench/bench_serve.py [--builds 3] [--edits 5] [--tree OTHER_COPY]
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TREE = ROOT                      # --tree: another copy of the project, to time a version before a change
GOAL = 0.25


def env() -> dict[str, str]:
    """Bytecode caching on, as on a user's machine, and the checkout (or --tree) importable."""
    e = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    e["PYTHONPATH"] = str(TREE)
    return e


def pnp(*argv: str, cwd: Path) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "generator", *argv], cwd=cwd, check=True, capture_output=True, env=env())
    return time.perf_counter() - start


def status(port: int, after: int | None = None) -> dict:
    query = f"?after={after}" if after is not None else ""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/__status{query}", timeout=60) as r:
        return json.load(r)


def wait_version(port: int, at_least: int, seconds: float = 120) -> dict:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            s = status(port)
            if s["version"] >= at_least:
                return s
        except OSError:
            pass
        time.sleep(0.1)
    raise SystemExit(f"pnp serve did not reach version {at_least} in {seconds:.0f} s")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def edit_latency(port: int, table: Path, original: str, n: int) -> float:
    """Write the table with the first herring card's text changed; seconds until the next version."""
    before = status(port)
    changed = original.replace("A,1,,,,,,", f"A,1,,,,,,Edited {n}", 1)
    assert changed != original, "the first herring card's row was not found"
    started = time.perf_counter()
    table.write_text(changed, encoding="utf-8")
    s = before
    while s["version"] <= before["version"]:
        s = status(port, s.get("seq", 0))     # a server without ?after= answers at once: polled
        if s["errors"]:
            raise SystemExit("the edit broke the build: " + "; ".join(s["errors"]))
    return time.perf_counter() - started


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--builds", type=int, default=3)
    ap.add_argument("--edits", type=int, default=5)
    ap.add_argument("--tree", type=Path, default=ROOT, help="the project copy to time (default: this one)")
    args = ap.parse_args()
    global TREE
    TREE = args.tree.resolve()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        pnp("new", "mynus", "--from", "nusfjord", cwd=work)
        game = work / "mynus"
        cold = [pnp("build", str(game), "--formats", "sheets", "--out", str(work / f"cold{i}"), cwd=work)
                for i in range(args.builds)]
        port = free_port()
        serve = subprocess.Popen([sys.executable, "-m", "generator", "serve", str(game), "--port", str(port),
                                  "--out", str(work / "served")], cwd=work, env=env(),
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_version(port, 1)
            time.sleep(1.0)                      # let the first build's files settle before editing
            table = game / "herring.csv"
            original = table.read_text(encoding="utf-8")
            latencies = []
            for n in range(args.edits):
                latencies.append(edit_latency(port, table, original, n))
                time.sleep(0.5)
        finally:
            serve.terminate()
            serve.wait(timeout=30)
    c, e = statistics.median(cold), statistics.median(latencies)
    print(f"cold `pnp build --formats sheets` of a Nusfjord copy (221 designs): median {c:.2f} s "
          f"({', '.join(f'{x:.2f}' for x in cold)})")
    print(f"edit one card -> /__status moves on under `pnp serve`: median {e:.3f} s "
          f"({', '.join(f'{x:.3f}' for x in latencies)})")
    print(f"ratio {e / c:.3f} (goal <= {GOAL}): {'met' if e / c <= GOAL else 'NOT met'}")


if __name__ == "__main__":
    main()
