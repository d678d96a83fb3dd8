"""`pnp serve`: build, serve the gallery on 127.0.0.1, rebuild when an input changes.

The page (output/<game>-sheets-svg/index.html: serve builds the sheets and the SVGs, the job of
`pnp build --formats sheets,svg`, and leaves the default job's output/<game>/ alone) asks /__status every
0.1 s: it reloads itself when a rebuild has finished, and shows the build's errors above the last
good build when a change breaks it. `/__status?after=SEQ` waits (up to WAIT_S) until the state moves
on from SEQ, for a script that wants the change the moment it is built. A rebuild redoes only what
a change touched (generator/output/incremental.py): the files it serves are those a cold build writes. Inputs are
watched with `watchfiles` (Rust notify, debounced):
the game folder (spec, tables, art, its own templates), the shared templates, the theme's folder
and the font folders; the output folder is never watched, so a build cannot trigger itself.
Every build starts once the watch that sees the next change is armed, and "serving" is said after
the first one, so no edit made during a build or after that line is missed. The watch is armed
again whenever a watched folder comes, goes or is replaced (a game folder renamed away and back);
while the game folder is gone /__status says so.

The server answers only requests addressed to this machine's loopback names with its own port
(a web page elsewhere cannot reach it through DNS rebinding), and serves only regular files of
the build, opened without following any link. The watcher walks the folders' own trees itself,
never through a link, and watches each folder on its own, since notify follows links when it
walks a tree.
"""

from __future__ import annotations

import dataclasses
import errno
import functools
import json
import os
import signal
import stat
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import BinaryIO, Callable, Iterable, TextIO
from urllib.parse import unquote

from generator.common import paths
from generator.commands.build import BuildOptions, build_game, output_folder
from generator.common.errors import OptionError, Problem, PunchboardError, display_path
from generator.output.incremental import Memo
from generator.load import load_game

LOOPBACK = ("127.0.0.1", "localhost", "[::1]")
WAIT_S = 20                       # how long /__status?after=N holds a page's request before answering anyway
STEP_MS = 20                      # a change is built once no other came for this long (an editor's save is a burst)
POLL_MS = 250                     # with no change, the watch wakes this often to see whether a watched folder came back
MAX_WATCHED_FOLDERS = 10_000      # as many as `pnp new --from` copies files: a game is far smaller
SKIPPED = {".git", ".hg", ".svn", "__pycache__", "node_modules", ".venv", ".tox", ".mypy_cache", ".pytest_cache"}
WAITING = ('<!doctype html><body data-version="0"><div id="errors"></div><script>setInterval(function(){'
           'fetch("/__status").then(function(r){return r.json()}).then(function(s){document.getElementById("errors")'
           '.textContent=s.errors.join("\\n");if(s.version>0)location.reload();})},700)</script></body>\n')


@dataclasses.dataclass
class Status:
    version: int = 0
    errors: list[str] = dataclasses.field(default_factory=list)
    worded: Callable[[Problem], Problem] = lambda p: p   # a problem as the user's command line says it
    seq: int = 0                  # moves on with every change of the two above (a page waits for it)
    changed: threading.Condition = dataclasses.field(default_factory=threading.Condition, repr=False)

    def update(self, version: int, errors: list[str]) -> None:
        """Set the state and wake every page waiting for a change."""
        with self.changed:
            self.version, self.errors, self.seq = version, errors, self.seq + 1
            self.changed.notify_all()

    def answer(self, after: int | None) -> bytes:
        """The state as JSON; with `after` (the seq a page has seen), once it has moved on or after WAIT_S."""
        with self.changed:
            if after is not None:
                self.changed.wait_for(lambda: self.seq != after, timeout=WAIT_S)
            return json.dumps({"version": self.version, "errors": self.errors, "seq": self.seq}).encode()


class _Server(ThreadingHTTPServer):
    hosts: frozenset[str] = frozenset()      # the Host headers answered

    def handle_error(self, request: object, client_address: object) -> None:
        """A browser that hangs up mid-answer is normal: say nothing. Anything else is one line."""
        exc = sys.exc_info()[1]
        if not isinstance(exc, (ConnectionError, TimeoutError)):
            print(Problem(f"answering a request failed ({exc})", where="pnp serve"), file=sys.stderr, flush=True)


class _Handler(SimpleHTTPRequestHandler):
    status: Status
    server: _Server

    def send_head(self) -> BinaryIO | None:   # GET and HEAD both answer from here
        """403 for another Host; else /__status, or a regular file of the build (404 for anything else)."""
        if self._addressed_to_us():
            return self._answer()
        self._reply(403, "text/plain; charset=utf-8", b"pnp serve answers only http://127.0.0.1:PORT/ "
                    b"or http://localhost:PORT/ with its own port\n")
        return None

    def _addressed_to_us(self) -> bool:
        """Exactly one Host header, a loopback name with our port or none (DNS rebinding sends another name)."""
        hosts = self.headers.get_all("Host") or []
        return len(hosts) == 1 and hosts[0].strip().lower() in self.server.hosts

    def _answer(self) -> BinaryIO | None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path == "/__status":
            self._reply(200, "application/json", self.status.answer(_after(self.path)))
            return None
        parts = [p for p in unquote(path).split("/") if p not in ("", ".")] if path.startswith("/") else [".."]
        if not parts or path.endswith("/"):
            parts.append("index.html")
        f = _open_regular(self.directory, parts)
        if f is None:
            if parts == ["index.html"]:          # no good build yet: a page that waits for one
                self._reply(200, "text/html; charset=utf-8", WAITING.encode())
            else:
                self.send_error(404, "File not found")
            return None
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(parts[-1]))
        self.send_header("Content-Length", str(os.fstat(f.fileno()).st_size))
        self.end_headers()
        return f

    def _reply(self, code: int, kind: str, body: bytes) -> None:
        self.send_response(code)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:   # quiet: the terminal shows builds
        pass


def _after(path: str) -> int | None:
    """`/__status?after=N`: the seq the page has seen (it waits for the next change), else None."""
    query = path.split("?", 1)[1].split("#", 1)[0] if "?" in path else ""
    for pair in query.split("&"):
        name, _, value = pair.partition("=")
        if name == "after" and value.isdigit() and len(value) < 12:
            return int(value)
    return None


def _open_regular(root: str, parts: list[str]) -> BinaryIO | None:
    """The regular file root/parts/..., opened one folder at a time without following a link
    (so a link planted in the output folder, a FIFO or a device is never opened), or None."""
    if ".." in parts:
        return None
    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
    folder = leaf = -1
    try:
        folder = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        for part in parts[:-1]:
            inner = os.open(part, flags | os.O_DIRECTORY, dir_fd=folder)
            os.close(folder)
            folder = inner
        leaf = os.open(parts[-1], flags, dir_fd=folder)
        if stat.S_ISREG(os.fstat(leaf).st_mode):
            leaf, f = -1, os.fdopen(leaf, "rb")
            return f
    except (OSError, ValueError):             # missing, a link, not a folder, a NUL in the name
        pass
    finally:
        for fd in (folder, leaf):
            if fd >= 0:
                os.close(fd)
    return None


def _rebuild(name: str, options: BuildOptions, status: Status, out: TextIO) -> None:
    try:
        result = build_game(name, dataclasses.replace(options, version=status.version + 1))
    except PunchboardError as exc:
        _report(status, [str(status.worded(p)) for p in exc.problems], out)
    except OSError as exc:          # a file gone or unreadable mid-build (a folder being renamed): the next change rebuilds
        _report(status, [str(Problem(f"reading or writing failed ({exc.strerror or exc})",
                                     display_path(exc.filename) if exc.filename else None))], out)
    else:
        status.update(status.version + 1, [])
        print(f"built {result.game}: {result.designs} designs, {result.pages} pages in {result.seconds:.1f} s "
              f"(version {status.version})", file=out, flush=True)


def _report(status: Status, errors: list[str], out: TextIO) -> None:
    """Show the errors over the last good build; print them only when they are not the ones already shown
    (a spreadsheet saved in several writes fails the same way at each rebuild of the save)."""
    shown = status.errors
    status.update(status.version, errors)
    if errors != shown:
        print("\n".join(errors), file=out, flush=True)


def _gone(folder: Path, status: Status, out: TextIO) -> None:
    """The game folder was renamed away or deleted: say so until it is back (then it is watched and built again)."""
    _report(status, [str(Problem("the game folder is gone (renamed, moved or deleted); pnp serve builds it again "
                                 "when it is back", display_path(folder)))], out)


def _watched(folder: Path, options: BuildOptions) -> list[Path]:
    """The roots watched: the game folder, the shared templates and fonts, the theme's folder."""
    folders = [folder, paths.TEMPLATES, paths.FONTS]
    if options.theme is not None:
        folders.append(options.theme.resolve().parent)
    return [Path(os.path.realpath(f)) for f in folders]


def _folders(roots: list[Path], output: Path, warned: set[str], out: TextIO) -> list[str]:
    """Every folder of the roots' own trees, found without following links, readable, bounded."""
    found: dict[str, None] = {}
    stack = list(reversed(roots))
    while stack:
        folder = stack.pop()
        if str(folder) in found or folder.is_relative_to(output):
            continue
        try:
            with os.scandir(folder) as entries:
                inner = [Path(e.path) for e in entries if e.name not in SKIPPED and e.is_dir(follow_symlinks=False)]
        except (FileNotFoundError, NotADirectoryError):     # gone: watched again when it is back
            continue
        except OSError as exc:
            _warn(f"{display_path(folder)}: cannot watch this folder ({exc.strerror}); a change inside it will "
                  f"not rebuild", warned, out)
            continue
        if len(found) == MAX_WATCHED_FOLDERS:
            _warn(f"watching the first {MAX_WATCHED_FOLDERS:,} folders only; a change in another will not rebuild",
                  warned, out)
            break
        found[str(folder)] = None
        stack.extend(sorted(inner, reverse=True))
    return list(found)


def _warn(message: str, warned: set[str], out: TextIO) -> None:
    if message not in warned:
        warned.add(message)
        print(f"warning: {message}", file=out, flush=True)


def _bind(host: str, port: int, handler: type[_Handler], target: Path) -> _Server:
    """The listening server, or a one-line error when the port is taken or the address is wrong."""
    try:
        server = _Server((host, port), functools.partial(handler, directory=str(target)))
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise OptionError(f"pnp serve: port {port} is in use; stop the program using it or choose another "
                              f"port; try --port 0 for a free one") from None
        raise OptionError(f"pnp serve: cannot listen on {host}:{port} ({exc.strerror or exc})") from None
    bound = server.server_address[1]
    names = set(LOOPBACK) | {f"[{host}]" if ":" in host else host.lower()}
    server.hosts = frozenset(names | {f"{n}:{bound}" for n in names})
    return server


def serve(name: str, options: BuildOptions, host: str, port: int, out: TextIO,
          worded: Callable[[Problem], Problem] = lambda p: p) -> None:
    """Serve until interrupted (Ctrl-C); `worded`: how the caller's users name options in a problem."""
    status = Status(worded=worded)
    _stop_on_term()
    game = load_game(name)
    handler = type("Handler", (_Handler,), {"status": status})
    server = _bind(host, port, handler, output_folder(game, options))
    memo = Memo(Path(os.path.realpath(options.out)))   # a rebuild redoes only what a change touched
    options = dataclasses.replace(options, memo=memo)
    threading.Thread(target=server.serve_forever, daemon=True).start()   # the waiting page until a build is done
    serving = f"serving http://{host}:{server.server_address[1]}/ (Ctrl-C to stop)"
    try:
        _watch(name, options, status, Path(os.path.realpath(game.folder)), out, serving)
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()
        server.server_close()
        memo.close()


def _stop_on_term() -> None:
    """SIGTERM (a test, a service manager) stops serve as Ctrl-C does, so its work folder is removed."""
    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, stop)


def _watch(name: str, options: BuildOptions, status: Status, game: Path, out: TextIO, serving: str) -> None:
    """Build, say `serving`, and rebuild on every change, each build once the watch is armed.

    watchfiles arms its watches before its first wait, and yields an empty set when POLL_MS pass with no
    change: the first yield is the sign that a change from then on is seen. After a change the trees are
    walked again; when a folder came, went or was replaced, the watch is armed again and the build waits
    for it. With no change, the roots alone are looked at (a game folder coming back sends no event: its
    parent is not watched)."""
    import watchfiles

    output, warned, pending = Path(os.path.realpath(options.out)), set[str](), True
    roots = _watched(game, options)
    while True:
        folders = _folders(roots, output, warned, out)
        if not folders:
            raise OptionError("pnp serve: none of the game's folders can be watched any more")
        armed, roots_armed = _identity(folders), _identity(roots)
        try:
            for changes in watchfiles.watch(*folders, watch_filter=lambda _c, p: not Path(p).is_relative_to(output),
                                            debounce=300, step=STEP_MS, rust_timeout=POLL_MS, yield_on_timeout=True,
                                            recursive=False, ignore_permission_denied=True):
                if _identity(roots) != roots_armed or (changes and (
                        _folders(roots, output, warned, out) != folders or _identity(folders) != armed)):
                    pending = True          # built once the watch of the folders as they are now is armed
                    break
                if changes or pending:
                    pending = False
                    if os.path.isdir(game):
                        _rebuild(name, options, status, out)
                    else:
                        _gone(game, status, out)
                if serving:
                    print(serving, file=out, flush=True)
                    serving = ""
            else:
                return
        except FileNotFoundError:        # a folder went away between the walk and the watch
            continue
        except OSError as exc:           # the system's limit of watches, say
            raise OptionError(f"pnp serve: cannot watch the game's folders ({exc.strerror or exc})") from None


def _identity(folders: Iterable[str | Path]) -> list[tuple[int, int] | None]:
    """Which folder each path names now (device, inode), None where none is: a watch follows the folder it
    was armed on, so a path that names another folder (or none) needs the watch armed again."""
    found: list[tuple[int, int] | None] = []
    for folder in folders:
        try:
            st = os.stat(folder, follow_symlinks=False)
        except OSError:
            found.append(None)
            continue
        found.append((st.st_dev, st.st_ino) if stat.S_ISDIR(st.st_mode) else None)
    return found
