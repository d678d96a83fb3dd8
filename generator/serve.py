"""`pnp serve`: build, serve the gallery on 127.0.0.1, rebuild when an input changes.

The page (output/<game>/index.html, the same one every build writes) asks /__status every
0.7 s: it reloads itself when a rebuild has finished, and shows the build's errors above the last
good build when a change breaks it. Inputs are watched with `watchfiles` (Rust notify, debounced):
the game folder (spec, tables, art, its own templates), the shared templates, the theme's folder
and the font folders; the output folder is never watched, so a build cannot trigger itself.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TextIO

from generator import paths
from generator.build import BuildOptions, build_game, output_folder
from generator.errors import PunchboardError
from generator.spec import load_game


@dataclasses.dataclass
class Status:
    version: int = 0
    errors: list[str] = dataclasses.field(default_factory=list)


class _Handler(SimpleHTTPRequestHandler):
    status: Status

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        if self.path.split("?")[0] == "/__status":
            body = json.dumps(dataclasses.asdict(self.status)).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Cache-Control", "no-store")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:   # quiet: the terminal shows builds
        pass


def _rebuild(name: str, options: BuildOptions, status: Status, out: TextIO) -> None:
    try:
        result = build_game(name, dataclasses.replace(options, version=status.version + 1))
        status.version, status.errors = status.version + 1, []
        print(f"built {result.game}: {result.designs} designs, {result.pages} pages in {result.seconds:.1f} s "
              f"(version {status.version})", file=out, flush=True)
    except PunchboardError as exc:
        status.errors = [str(p) for p in exc.problems]
        print("\n".join(status.errors), file=out, flush=True)


def _watched(name: str, options: BuildOptions) -> list[Path]:
    game = load_game(name)
    folders = [game.folder, paths.TEMPLATES, paths.FONTS]
    if options.theme is not None:
        folders.append(options.theme.resolve().parent)
    return [f for f in folders if f.is_dir()]


def serve(name: str, options: BuildOptions, host: str, port: int, out: TextIO) -> None:
    """Serve until interrupted (Ctrl-C)."""
    import watchfiles

    status = Status()
    options = dataclasses.replace(options, preview_cache={})   # unchanged designs are not rasterised again
    _rebuild(name, options, status, out)
    target = output_folder(load_game(name), options)
    target.mkdir(parents=True, exist_ok=True)
    if not (target / "index.html").exists():     # the first build failed: a page that waits for a good one
        (target / "index.html").write_text('<!doctype html><body data-version="0"><div id="errors"></div>'
                                           '<script>setInterval(function(){fetch("/__status").then(function(r){'
                                           'return r.json()}).then(function(s){document.getElementById("errors")'
                                           '.textContent=s.errors.join("\\n");if(s.version>0)location.reload();'
                                           '})},700)</script></body>\n', encoding="utf-8")
    handler = type("Handler", (_Handler,), {"status": status})
    server = ThreadingHTTPServer((host, port), functools.partial(handler, directory=str(target)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"serving http://{host}:{server.server_address[1]}/ (Ctrl-C to stop)", file=out, flush=True)
    output = options.out.resolve()
    try:
        for _ in watchfiles.watch(*_watched(name, options), watch_filter=lambda _c, p: not Path(p).is_relative_to(output),
                                  debounce=300, raise_interrupt=False):
            _rebuild(name, options, status, out)
    finally:
        server.shutdown()
