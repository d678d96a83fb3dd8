"""What `pnp serve` keeps between rebuilds, so a change costs what it touched, not a whole build.

Every cache is keyed by the inputs of the work it saves, and a rebuild from them writes the bytes a
cold build writes (tests/test_serve_incremental.py): designs by template, context, art and fonts
(render/memo.py); the sheet plan by the pieces, sheet options and title; each sheet overlay and each
preview by what it draws; the check results by the game and its appearance; and one Typst compiler,
whose own caches keep unchanged SVGs and pages, rooted in a work folder that lives as long as serve.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from generator.layout.sheets import plan_sheets
from generator.output.typst_pdf import TypstRunner
from generator.render.memo import DesignMemo


class Memo:
    """pnp serve's caches, for one game and one set of options, from one rebuild to the next."""

    def __init__(self, output: Path) -> None:
        self.designs = DesignMemo(output)
        self.previews: dict[str, bytes] = {}      # design previews, by DPI and SVG
        self.pages: dict[str, bytes] = {}         # sheet page previews, by DPI and what the page draws
        self.overlays: dict[str, str] = {}        # sheet overlays, by the page's plan
        self._plan: tuple[str, Any] | None = None
        self._checks: tuple[str, Any] | None = None
        self._runner: tuple[str, TypstRunner] | None = None
        self.work = Path(tempfile.mkdtemp(prefix=f"punchboard-serve-{os.getpid()}-"))   # removed by close()
        self.target: Path | None = None
        self.files: dict[str, tuple[bytes, tuple[int, int, int]]] = {}   # last build's files: sha, inode/size/time
        self.next: dict[str, tuple[bytes, tuple[int, int, int]]] = {}

    def write(self, stage: Path, path: Path, data: bytes) -> None:
        """Write a file of the build being staged; when the last build wrote the same bytes to the same
        place and that file is still the one it wrote (same inode, size and time: nobody replaced it),
        link to it instead (a write costs a millisecond a file here, a link almost nothing)."""
        rel, digest = str(path.relative_to(stage)), hashlib.sha256(data).digest()
        known = self.files.get(rel)
        if known is not None and known[0] == digest and self.target is not None:
            old = self.target / rel
            try:
                st = os.lstat(old)
                if stat.S_ISREG(st.st_mode) and (st.st_ino, st.st_size, st.st_mtime_ns) == known[1]:
                    os.link(old, path, follow_symlinks=False)
                    self.next[rel] = known
                    return
            except OSError:
                pass
        path.write_bytes(data)
        st = os.lstat(path)
        self.next[rel] = (digest, (st.st_ino, st.st_size, st.st_mtime_ns))

    def start(self, target: Path) -> None:
        """Before a build into `target` (what it replaces is what files were linked from)."""
        self.target, self.next = target, {}

    def done(self) -> None:
        """After a build that replaced the output: its files are the ones to link from next time."""
        self.files, self.next = self.next, {}

    def close(self) -> None:
        shutil.rmtree(self.work, ignore_errors=True)

    def plan(self, pieces: list, sheet: Any, title: str) -> Any:
        """The sheet plan; packing is a search, and a change to a design's look never moves a piece."""
        key = _sha(repr((pieces, sheet, title)))
        if self._plan is None or self._plan[0] != key:
            self._plan = (key, plan_sheets(pieces, sheet, title))
            self.overlays.clear()                 # another plan: its pages' overlays are others
        return self._plan[1]

    def runner(self, faces: list) -> TypstRunner:
        """One Typst compiler for as long as the fonts stay the same (a font change makes a new one)."""
        key = _sha(repr([(str(f.path), hashlib.sha256(f.data).hexdigest()) for f in faces]))
        if self._runner is None or self._runner[0] != key:
            root = self.work / key[:16]
            shutil.rmtree(root, ignore_errors=True)
            root.mkdir()
            runner = TypstRunner(root, faces)
            runner.overlays = self.overlays
            self._runner = (key, runner)
        return self._runner[1]

    def checks(self, game: Any, look: Any, run: Callable[[], Any], rules: str = "") -> Any:
        """The check results: they read the game (spec, tables, rules' numbers), its colours, its
        examples.yaml (check_game) and, for a game folder's own rules package, its code (`rules`: its digest
        and whether it may run) only."""
        key = check_key(game, look, rules)
        if self._checks is None or self._checks[0] != key:
            self._checks = (key, run())
        return self._checks[1]


def check_key(game: Any, look: Any, rules: str) -> str:
    """What the check results read (Memo.checks)."""
    examples = game.folder / "examples.yaml"
    return _sha(repr((game, look, examples.read_bytes() if examples.is_file() else None, rules)))


def page_keys(plan: Any, digest: Callable[[str], str]) -> list[str]:
    """What each sheet page draws: its own plan (placements, lines, labels) and its designs (`digest`: a design's
    SVG's digest, worked out once a build: Job.digest)."""
    common = repr((plan.options, plan.options.page_mm))
    return [_sha("\n".join([common, repr(page)] + [digest(pl.design) for pl in page.placements]))
            for page in plan.pages]


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
