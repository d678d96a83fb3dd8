"""The designs' SVG texts of one build, in memory up to a bound and in files beyond it.

A design that places a photograph carries it as a data URI (render/art.py), about 600,000 characters for a
poker card scan: a folder of 3,000 such cards would hold 1.8 GB of SVG text if every design were kept in
memory until the last writer ran. So the first MEMORY_CHARS of SVG stay in memory (a game of vector cards
never touches the disk) and every design after them is written to a file of a scratch folder, read again
when a writer asks for it.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator, Mapping
from pathlib import Path

MEMORY_CHARS = 64_000_000


class SvgStore(Mapping[str, str]):
    """Design id -> SVG text, in the order they were put. `spill`: the folder in which a scratch folder is made
    for the designs past the bound (made when first needed; `close` removes it); None keeps no SVG at all, only
    their sizes (pnp check renders to measure text, not to print)."""

    def __init__(self, spill: Path | None, budget: int | None = None):
        self._spill, self._budget, self._used = spill, MEMORY_CHARS if budget is None else budget, 0
        self._held: dict[str, str] = {}
        self._files: dict[str, Path] = {}
        self._sizes: dict[str, int] = {}
        self._folder: Path | None = None

    def put(self, design: str, svg: str, file: Path | None = None) -> None:
        """`file`: one that holds exactly this SVG (UTF-8) for the whole build (the build's cache keeps it), read
        from there rather than written again when the SVG goes past the bound."""
        self._sizes[design] = len(svg)
        if self._spill is None:
            return
        if self._used + len(svg) <= self._budget:
            self._held[design] = svg
            self._used += len(svg)
            return
        if file is not None:
            self._files[design] = file
            return
        if self._folder is None:
            self._spill.mkdir(parents=True, exist_ok=True)
            self._folder = Path(tempfile.mkdtemp(prefix=".svgs-", dir=self._spill))
        path = self._folder / f"{len(self._files):06d}.svg"
        path.write_text(svg, encoding="utf-8", newline="")
        self._files[design] = path

    @property
    def spilled(self) -> bool:
        """Some SVGs did not fit the bound: a build of many photographs (it compiles in a worker process)."""
        return bool(self._files)

    def size(self, design: str) -> int:
        """The SVG's length in characters, without reading it."""
        return self._sizes[design]

    def __getitem__(self, design: str) -> str:
        if design in self._held:
            return self._held[design]
        with open(self._files[design], encoding="utf-8", newline="") as f:
            return f.read()

    def __iter__(self) -> Iterator[str]:
        return iter(self._sizes)

    def __len__(self) -> int:
        return len(self._sizes)

    def close(self) -> None:
        """Remove the scratch folder, if one was made."""
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None
