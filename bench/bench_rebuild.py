"""Benchmark: rebuilds that reuse the last build's work, against a cold build of the same job, same run.

Copies Nusfjord (`pnp new <name> --from nusfjord`, 221 designs) into a temporary folder. For each job (the
default build: sheets, shop files, PNGs and SVGs; and `--formats sheets`) it times, as whole commands:
a cold build (`--no-cache`, a fresh output folder), the first build into an empty cache (what a cold build
costs when it also keeps its work; the benchmark's own cache folder), an unchanged rebuild, and a rebuild
after one card's text was edited (a herring building's text in herring.csv, a new text each time). After
the last edit it builds the same folder cold elsewhere and compares every file: the rebuilt folder must be
byte-identical.

    python bench/bench_rebuild.py [--runs 5] [--jobs default,sheets]

Each figure is the median of --runs runs; ratios are to the cold build's median. The goals (issue 33):
one card edited at most 0.2x, unchanged at most 0.1x.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

JOBS = {"default": [], "sheets": ["--formats", "sheets"]}
ROW = "A,1,,,,,,"                 # the first herring card's row in herring.csv, with an empty text


def pnp(*args: str, cwd: Path) -> float:
    """Seconds the whole command took (it must succeed); its cache folder is the benchmark's own (cwd/cache)."""
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "generator", *args], cwd=cwd, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, env={**os.environ, "PUNCHBOARD_CACHE": str(cwd / "cache")})
    return time.perf_counter() - started


def edit(table: Path, original: str, n: int) -> None:
    changed = original.replace(ROW, f"{ROW}Edited {n}", 1)
    assert changed != original, "the first herring card's row was not found"
    table.write_text(changed, encoding="utf-8")


def same_tree(a: Path, b: Path) -> bool:
    """Every file under `a` is under `b` with the same bytes, and the other way round."""
    files_a = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    files_b = sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file())
    return files_a == files_b and all(filecmp.cmp(a / f, b / f, shallow=False) for f in files_a)


def bench_job(work: Path, game: str, flags: list[str], runs: int) -> dict[str, object]:
    table = work / game / "herring.csv"
    original = table.read_text(encoding="utf-8")
    cold = [pnp("build", game, *flags, "--no-cache", "--out", str(work / f"cold-{i}"), cwd=work) for i in range(runs)]
    out = work / "out"
    first = []
    for _ in range(runs):
        shutil.rmtree(out, ignore_errors=True)
        shutil.rmtree(work / "cache" / "builds", ignore_errors=True)
        first.append(pnp("build", game, *flags, "--out", str(out), cwd=work))
    same = [pnp("build", game, *flags, "--out", str(out), cwd=work) for _ in range(runs)]
    edited = []
    for n in range(runs):
        edit(table, original, n)
        edited.append(pnp("build", game, *flags, "--out", str(out), cwd=work))
    check = work / "check"
    shutil.rmtree(check, ignore_errors=True)
    pnp("build", game, *flags, "--no-cache", "--out", str(check), cwd=work)
    job = next(p.name for p in check.iterdir() if not p.name.startswith("."))
    identical = same_tree(out / job, check / job)
    table.write_text(original, encoding="utf-8")
    for folder in [*(work / f"cold-{i}" for i in range(runs)), out, check]:
        shutil.rmtree(folder, ignore_errors=True)
    return {"cold": statistics.median(cold), "first": statistics.median(first), "same": statistics.median(same),
            "edited": statistics.median(edited), "identical": identical, "job": job}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--jobs", default="default,sheets", help="which jobs: " + ", ".join(JOBS))
    args = ap.parse_args()
    load = f"; load average before: {os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else ""
    print(f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}{load}; "
          f"median of {args.runs} runs")
    with tempfile.TemporaryDirectory(prefix="punchboard-bench-rebuild-") as tmp:
        work = Path(tmp)
        subprocess.run([sys.executable, "-m", "generator", "new", "mynus", "--from", "nusfjord"], cwd=work, check=True,
                       stdout=subprocess.DEVNULL)
        print("\n| job | cold (--no-cache) | first build, empty cache | unchanged rebuild | one card edited "
              "| byte-identical to cold |")
        print("| --- | --- | --- | --- | --- | --- |")
        for name in args.jobs.split(","):
            r = bench_job(work, "mynus", JOBS[name], args.runs)
            cold = float(r["cold"])          # type: ignore[arg-type]
            print(f"| {r['job']} | {cold:.2f} s | {r['first']:.2f} s | {r['same']:.2f} s "
                  f"(**{float(r['same']) / cold:.2f}x**) | {r['edited']:.2f} s (**{float(r['edited']) / cold:.2f}x**) "   # type: ignore[arg-type]
                  f"| {'yes' if r['identical'] else 'NO'} |", flush=True)


if __name__ == "__main__":
    main()
