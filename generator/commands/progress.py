"""A progress bar on stderr for long builds (only on a terminal), and the summary table at the end."""

from __future__ import annotations

import sys
from concurrent.futures import FIRST_EXCEPTION, CancelledError, Future, wait
from typing import TextIO

BAR = 28


class Progress:
    def __init__(self, enabled: bool | None = None, stream: TextIO | None = None):
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.label, self.total, self.count = "", 0, 0

    def stage(self, label: str, total: int) -> None:
        self.label, self.total, self.count = label, max(total, 1), 0
        self._draw()

    def tick(self) -> None:
        self.count += 1
        self._draw()

    def follow(self, label: str, total: int, work: list[Future], done: "Ticks") -> None:
        """Show the progress `done` counts while work runs on other threads, until all of it ended or a part of
        it failed (the caller reads the results, and the failure)."""
        self.stage(label, total)
        while True:
            finished, running = wait(work, timeout=0.1, return_when=FIRST_EXCEPTION)
            self.count = done.count
            self._draw()
            if not running or any(f.exception() is not None for f in finished if not f.cancelled()):
                return

    def done(self) -> None:
        if self.enabled:
            self.stream.write("\r\033[K")
            self.stream.flush()

    def _draw(self) -> None:
        if not self.enabled:
            return
        filled = int(BAR * min(self.count, self.total) / self.total)
        self.stream.write(f"\r\033[K[{'#' * filled}{'.' * (BAR - filled)}] {self.count}/{self.total} {self.label}")
        self.stream.flush()


class Ticks:
    """A count that a worker thread raises and the thread drawing the bar reads. Once `stop()` is
    called (the build failed or was interrupted elsewhere), the worker's next tick raises, so it
    ends at its next page instead of finishing work nobody will keep."""

    def __init__(self) -> None:
        self.count = 0
        self.stopped = False

    def stage(self, label: str, total: int) -> None:
        """Nothing: the thread drawing the bar names the stage it follows (Progress.follow)."""

    def tick(self) -> None:
        if self.stopped:
            raise CancelledError("the build stopped")
        self.count += 1

    def stop(self) -> None:
        self.stopped = True


def table(headers: list[str], rows: list[list[object]]) -> str:
    """A plain-text table: text left-aligned, numbers right-aligned."""
    cells = [[str(c) for c in headers]] + [[_fmt(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    numeric = [all(isinstance(row[i], (int, float)) for row in rows) if rows else False for i in range(len(headers))]

    def line(r: list[str]) -> str:
        return "  ".join(c.rjust(w) if numeric[i] else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(cells[0]), rule, *(line(r) for r in cells[1:])])


def _fmt(value: object) -> str:
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)
