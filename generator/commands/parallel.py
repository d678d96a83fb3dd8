"""`pnp build` of several games: one after another, or one per core at once.

A game's build is deterministic and writes only its own folder, so games built side by side give the very
same bytes as games built in turn; only the wall-clock time changes (about 1.6x on 2 cores for the five
shipped games). Each worker is a fresh process (spawned, so no thread of the parent is copied half-way),
returns the result or its error lines, and the parent prints them in the games' order, as before. One game,
or `--jobs 1`, builds in this process with the usual progress bar.
"""

from __future__ import annotations

import os
import signal
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Callable, Sequence
from typing import TextIO

from generator.commands.build import BuildOptions, BuildResult, build_game
from generator.common.errors import Problem, PunchboardError, display_path
from generator.commands.progress import Progress


@dataclass(frozen=True)
class Outcome:
    """One game's build: its result, or the lines that say why it failed."""

    result: BuildResult | None
    errors: tuple[Problem, ...] = ()


def default_jobs() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))


def build_one(name: str | Path, options: BuildOptions, progress: Progress | None = None) -> Outcome:
    """Build one game; its input problems and file-system errors become lines, never a traceback."""
    progress = progress or Progress(enabled=False)
    try:
        return Outcome(build_game(name, options, progress))
    except PunchboardError as exc:
        progress.done()
        return Outcome(None, tuple(exc.problems))
    except BrokenPipeError:
        raise
    except OSError as exc:       # a full disk, a read-only folder: one line, and the previous output stays
        progress.done()
        from generator.output.writer import final_path
        shown = display_path(final_path(exc.filename)) if exc.filename else None
        return Outcome(None, (Problem(exc.strerror or str(exc), shown, f"building {name}"),))


def build_many(names: Sequence[str | Path], options: BuildOptions, progress: Progress, jobs: int) -> list[Outcome]:
    """Every game's outcome, in the order of `names`."""
    jobs = max(1, min(jobs, len(names)))
    if jobs == 1:
        return [build_one(name, options, progress) for name in names]
    from concurrent.futures import ProcessPoolExecutor, as_completed   # multiprocessing: only several games pay for it
    from multiprocessing import get_context

    progress.stage(f"{len(names)} games on {jobs} cores", len(names))
    outcomes: dict[int, Outcome] = {}
    with ProcessPoolExecutor(jobs, mp_context=get_context("spawn"), initializer=_worker_signals) as pool:
        futures = {pool.submit(_build_in_worker, names[i], options): i for i in _largest_first(names)}
        try:
            for future in as_completed(futures):
                outcomes[futures[future]] = future.result()
                progress.tick()
        except (KeyboardInterrupt, SystemExit):      # Ctrl-C, or SIGTERM (cli._terminate)
            _stop_workers(pool)
            raise
    progress.done()
    return [outcomes[i] for i in range(len(names))]


_state = "idle"          # in a worker: "idle", "building", or "stopping" for good once a signal came


def _worker_signals() -> None:
    """A worker stops on Ctrl-C or SIGTERM without a traceback of its own: a running build unwinds (its
    staging folder is removed) and its result goes back to the parent; an idle worker waits for the pool's
    word to exit (leaving at once could hold the pool's queue lock and hang the other workers)."""
    signal.signal(signal.SIGINT, _interrupt)
    signal.signal(signal.SIGTERM, _interrupt)


def _interrupt(signum: int, frame: object) -> None:
    """Once: Ctrl-C reaches a worker from the terminal and again from the parent, and a second interrupt would
    cut its clean-up short (the handler stays in place: one swapped for SIG_IGN with a signal pending raises)."""
    global _state
    was, _state = _state, "stopping"
    if was == "building":
        raise KeyboardInterrupt


def _build_in_worker(name: str | Path, options: BuildOptions) -> Outcome:
    """One game's build in a worker; once stopping, a game the pool had already queued is not started."""
    global _state
    if _state == "stopping":
        raise KeyboardInterrupt
    _state = "building"
    try:
        return build_one(name, options)
    finally:
        _state = "idle" if _state == "building" else _state


def _stop_workers(pool) -> None:
    """Ctrl-C in the parent: no build starts, every running one unwinds, and the parent waits for them (a
    signal sent to the parent alone reaches the workers too); a worker that does not stop in a minute is killed."""
    processes = list((getattr(pool, "_processes", None) or {}).values())    # no public handle before 3.14
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=60)
        if process.is_alive():
            process.kill()


def _largest_first(names: Sequence[str | Path]) -> list[int]:
    """Indexes of `names`, the games with the most pieces first, so the longest build never starts last
    (the five shipped games: 9.5 s one after another, 7.6 s in the order given, 6.5 s largest first)."""
    from generator.model.designs import expand
    from generator.load import load_game

    def pieces(name: str | Path) -> int:
        try:
            return sum(d.count for d in expand(load_game(name)))
        except PunchboardError:          # its build reports the problem; where it runs does not matter
            return 0
    sizes = [pieces(n) for n in names]
    return sorted(range(len(names)), key=lambda i: -sizes[i])


def report(outcomes: list[Outcome], err: TextIO,
           worded: Callable[[Problem], Problem] = lambda p: p) -> tuple[list[BuildResult], bool]:
    """Print the failures' lines (`worded` as the caller's users say them); return the results and whether
    anything failed."""
    for outcome in outcomes:
        for problem in outcome.errors:
            print(worded(problem), file=err)
    return [o.result for o in outcomes if o.result], any(o.result is None for o in outcomes)
