"""`python -m generator ...` for the tests, forked from a process that has already imported the generator.

Many tests run the real command in a process of its own (a traceback, an abort or a hang must show as a
failure, and a hostile input's cost is bounded by a timeout). Each such start spent about 0.3 s of CPU on
starting Python and importing the same modules; 160 of them were a sixth of the suite's CPU. Here one
server per test process imports the command's modules once and forks a child per command. The child is a
real process: it runs `generator/__main__.py` as `python -m generator` would (with the caller's working
folder, environment, argv, and stdout and stderr in files of its own), and exits with the command's code;
an abort kills only it, and a timeout kills it. Python's start and `site` are what it does not repeat.

The server stays single-threaded (a fork copies only the forking thread) and runs nothing of the
generator's before forking, so no cache of a module is warm in a child. A module that reads the
environment when imported reads the worker's, as a subprocess started then would.

    python tests/forked_pnp.py          # reads requests on stdin, one JSON object a line
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRELOAD = ("generator.cli", "generator.commands.build", "generator.solver.check")   # what most commands import


def _child(request: dict) -> None:
    """Become `python -m generator ARGV` in the request's folder and environment; never returns."""
    code = 1
    try:
        for fd, path, flags in ((0, os.devnull, os.O_RDONLY), (1, request["stdout"], os.O_WRONLY),
                                (2, request["stderr"], os.O_WRONLY)):
            os.dup2(os.open(path, flags), fd)
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        sys.path[0] = os.getcwd()                     # as `python -m` puts the working folder first
        sys.argv = [str(ROOT / "generator" / "__main__.py"), *request["argv"]]
        import runpy
        runpy.run_module("generator", run_name="__main__", alter_sys=True)
        code = 0
    except SystemExit as exc:
        code = _exit_code(exc.code)
    except BaseException:                             # what Python would print before exiting with 1
        import traceback
        traceback.print_exc()
    finally:
        try:
            threading._shutdown()                     # type: ignore[attr-defined]  # as at interpreter exit
            import atexit
            atexit._run_exitfuncs()
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)


def _exit_code(value: object) -> int:
    if value is None:
        return 0
    if isinstance(value, int):
        return value & 0xFF
    print(value, file=sys.stderr)
    return 1


def serve() -> None:
    """Answer each request line with {"pid": n} when its child starts and {"status": s} when it ends."""
    for name in PRELOAD:
        __import__(name)
    threads = len(os.listdir("/proc/self/task")) if os.path.isdir("/proc/self/task") else threading.active_count()
    if threads != 1:                                  # forking would copy a process with other threads in it
        print(json.dumps({"refused": f"{threads} threads after the imports"}), flush=True)
        return
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        sys.stdout.flush()
        pid = os.fork()
        if pid == 0:
            _child(request)
        print(json.dumps({"pid": pid}), flush=True)
        _, status = os.waitpid(pid, 0)
        print(json.dumps({"status": status}), flush=True)


class ForkServer:
    """The test process's side: one server, one command at a time."""

    def __init__(self) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen([sys.executable, __file__], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     env=env, cwd=ROOT, bufsize=0)
        self.lock, self.pending = threading.Lock(), b""
        hello = json.loads(self._line(60))
        if not hello.get("ready"):
            self.close()
            raise RuntimeError(hello.get("refused", "the fork server did not start"))

    def _line(self, timeout: float) -> bytes:
        """The server's next line; what it wrote beyond that line waits here (both of a quick command's
        lines can arrive in one read), so waiting on the pipe never misses a line already read."""
        deadline = time.monotonic() + timeout
        while b"\n" not in self.pending:
            ready, _, _ = select.select([self.proc.stdout], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                raise subprocess.TimeoutExpired(self.proc.args, timeout)
            chunk = os.read(self.proc.stdout.fileno(), 65536)
            if not chunk:
                raise RuntimeError("the fork server stopped")
            self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        return line

    def run(self, argv: list[str], cwd: Path, env: dict[str, str], timeout: float) -> subprocess.CompletedProcess:
        """Like subprocess.run(capture_output=True, text=True, timeout=...) of `python -m generator ARGV`."""
        with self.lock, tempfile.TemporaryDirectory() as tmp:
            out, err = Path(tmp, "out"), Path(tmp, "err")
            out.touch()
            err.touch()
            request = {"argv": argv, "cwd": str(cwd), "env": env, "stdout": str(out), "stderr": str(err)}
            data = memoryview(json.dumps(request).encode() + b"\n")
            while data:                                # a raw pipe may take a large environment in parts
                data = data[self.proc.stdin.write(data):]
            pid = json.loads(self._line(60))["pid"]
            try:
                status = json.loads(self._line(timeout))["status"]
            except subprocess.TimeoutExpired:
                os.kill(pid, signal.SIGKILL)
                self._line(60)
                raise subprocess.TimeoutExpired([sys.executable, "-m", "generator", *argv], timeout) from None
            code = os.waitstatus_to_exitcode(status)
            return subprocess.CompletedProcess([sys.executable, "-m", "generator", *argv], code,
                                               out.read_text(errors="replace"), err.read_text(errors="replace"))

    def close(self) -> None:
        """End the server (it stops at the end of its input) and wait for it."""
        self.proc.stdin.close()
        self.proc.wait(10)
        self.proc.stdout.close()


if __name__ == "__main__":
    serve()
