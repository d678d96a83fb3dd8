"""Typst in a process of its own, started again when it has grown, for builds of many photographs.

Why: Typst keeps what every compile read (its memoisation is global to the process and the Python
binding never evicts it), so one process that compiles the designs and sheets of 3,000 card photographs
would hold every one of them to the end: measured, about 42 MB more after each compile of 90 photo cards,
never given back. The worker is a fresh process (spawn, never fork: pnp serve has threads), compiles
what it is sent, reports its resident memory, and is replaced once that passes RECYCLE_MB, so the build's
memory stays bounded whatever the deck's size. A small build never starts one (about 0.3 s to start).
"""

from __future__ import annotations

import multiprocessing
from multiprocessing.connection import Connection
from typing import Any

RECYCLE_MB = 300


class WorkerError(Exception):
    """Typst refused the document (the message is its own), or the worker process died."""


class TypstWorker:
    """One Typst compiler in a child process; `compile` has typst.Compiler.compile's arguments."""

    def __init__(self, root: str, font_folder: str):
        self._args = (root, font_folder)
        self._process: Any = None
        self._conn: Connection | None = None

    def compile(self, **kwargs: Any) -> bytes:
        if self._conn is None:
            self._start()
        assert self._conn is not None
        try:
            self._conn.send(kwargs)
            status, value, rss_mb = self._conn.recv()
        except (EOFError, OSError, BrokenPipeError) as exc:
            self.close()
            raise WorkerError(f"the Typst process stopped ({exc.__class__.__name__})") from None
        if rss_mb > RECYCLE_MB:
            self.close()
        if status != "ok":
            raise WorkerError(value)
        return value

    def _start(self) -> None:
        ctx = multiprocessing.get_context("spawn")
        ours, theirs = ctx.Pipe()
        self._process = ctx.Process(target=_serve, args=(theirs, *self._args), daemon=True)
        self._process.start()
        theirs.close()
        self._conn = ours

    def close(self) -> None:
        """Stop the process (it is started again by the next compile)."""
        if self._conn is not None:
            try:
                self._conn.send(None)
            except (OSError, BrokenPipeError):
                pass
            self._conn.close()
            self._conn = None
        if self._process is not None:
            self._process.join(timeout=10)
            if self._process.is_alive():
                self._process.kill()
                self._process.join()
            self._process = None


def _serve(conn: Connection, root: str, font_folder: str) -> None:
    """The child: compile each request until told to stop (None) or the parent goes."""
    import typst

    fonts = typst.Fonts(include_system_fonts=False, include_embedded_fonts=False, font_paths=[font_folder])
    compiler = typst.Compiler(root=root, font_paths=fonts, ignore_system_fonts=True)
    while True:
        try:
            request = conn.recv()
        except EOFError:
            return
        if request is None:
            return
        try:
            reply: tuple[str, Any, float] = ("ok", compiler.compile(**request), _rss_mb())
        except typst.TypstError as exc:
            reply = ("error", " ".join(str(exc.message).split()), _rss_mb())
        conn.send(reply)


def _rss_mb() -> float:
    """This process's resident memory in MB (Linux's /proc; elsewhere its peak, which only grows)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import sys
    try:
        import resource
    except ImportError:             # Windows: no measure, so the worker is never replaced
        return 0.0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1 << 20) if sys.platform == "darwin" else peak / 1024
