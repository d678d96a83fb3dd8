"""Every design once, at trim + bleed, in PDF files of bounded size, which the sheets and proofs draw from.

Why several files: Typst's cost of drawing a page of a PDF grows with the size of the whole file the page
comes from (measured with Typst 0.15: 540 distinct pages of one 242 MB file of card photographs drawn on
sheets in 29 s; the same pages as 540 single-page files in 0.8 s). One file of every design made the sheets
of a folder of images grow with the square of the deck. So designs are grouped in order into files of at
most CHUNK_CHARS of SVG text (a larger design is a file of its own) and at most GROUP designs: a deck of
photographs becomes `designs-001.pdf`, `designs-002.pdf`, ... of a few cards each, and a game of vector
cards files of 24, so that an edited card is compiled again with its file only (0.02 s of Typst where all
221 designs of Nusfjord take 0.2 s) and the sheets, drawing on smaller files, compile faster (0.15 s
against 0.22 s) for a larger file (1.0 MB against 0.8 MB: each designs file's fonts are their own subsets).

The PNGs and previews read each design from its own file; the writers that read every design page by page
with PDFium or pikepdf (TTS, Cricut, press, a shop's preset) read `designs.pdf`: the files joined when there
are several (output/pdf_join.py: object by object, about 1.6 s and 30 MB for 250 MB of card photographs).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from generator.layout.plan import Page, SheetPlan
from generator.output.pdf_join import join_pdfs
from generator.output.reuse import Reuse
from generator.output.typst_pdf import TypstRunner, designs_pdf, sheets_pdf

Kept = tuple[Reuse, Callable[[str], str], str]   # a build's cache, each design's digest, its fonts' digest

CHUNK_CHARS = 2_000_000          # SVG text per file; a photograph's data URI is about 600,000 characters
GROUP = 24                       # designs per file: an edit compiles its file again (0.02 s), not all (0.2 s for 221)
JOINED = "designs.pdf"
BATCH_BYTES = 64 << 20           # designs files one compile of sheets draws from


def chunk_names(sizes: Sequence[int], budget: int | None = None, group: int = GROUP) -> list[str]:
    """Each design's file, by its SVG's size in order: consecutive designs share a file of at most `group` designs
    until the next would take it past `budget` characters; all in `designs.pdf` when they fit in one. The count
    does not move with an edit, so an edited design's file is the only one compiled again (output/reuse.py)."""
    budget = CHUNK_CHARS if budget is None else budget
    index, used, count, out = 0, 0, 0, []
    for size in sizes:
        if count and (used + size > budget or count >= group):
            index, used, count = index + 1, 0, 0
        used += size
        count += 1
        out.append(index)
    if not out or out[-1] == 0:
        return [JOINED] * len(out)
    return [f"designs-{i + 1:03d}.pdf" for i in out]


def design_pages(ids: Sequence[str], size: Callable[[str], int]) -> dict[str, tuple[str, int]]:
    """Design id -> (its file below the Typst root, its page there, from 1); `size`: a design's SVG length."""
    names = chunk_names([size(i) for i in ids])
    pages: dict[str, tuple[str, int]] = {}
    count: dict[str, int] = {}
    for design, name in zip(ids, names):
        count[name] = count.get(name, 0) + 1
        pages[design] = (name, count[name])
    return pages


def write_designs(runner: TypstRunner, svgs: Mapping[str, str], sizes: Mapping[str, tuple[float, float]],
                  pages: Mapping[str, tuple[str, int]], title: str, joined: Path | None,
                  kept: Kept | None = None) -> dict[str, str]:
    """Compile each file of designs below the runner's root (`sizes`: each design's width and height in mm at
    trim + bleed, in page order; its SVG read only while its file is compiled), and `joined`, if a writer
    reads every design from one file: every page in order (a file as large as the pictures, so only then).
    With `kept` (a build's cache, its designs' digests and fonts), a file made from the same designs is
    linked from the last build. Returns each file's key ({} without `kept`)."""
    files: dict[str, list[str]] = {}
    for design in sizes:
        files.setdefault(pages[design][0], []).append(design)
    keys: dict[str, str] = {}
    for name, designs in files.items():
        def compile_file(_: list[int], name: str = name, designs: list[str] = designs) -> None:
            pdf = designs_pdf(runner, [(svgs[d], *sizes[d]) for d in designs], title)
            (runner.root / name).write_bytes(pdf)
        if kept is None:
            compile_file([])
            continue
        reuse, digest, fonts = kept
        keys[name] = reuse.key("designs", title, fonts, [(digest(d), sizes[d]) for d in designs])
        reuse.files("designs", [(runner.root / name, keys[name])], compile_file)
    if joined is None:
        return keys
    if list(files) == [JOINED]:
        if runner.root / JOINED != joined:
            joined.write_bytes((runner.root / JOINED).read_bytes())
        return keys
    join_pdfs([runner.root / name for name in files], joined)
    return keys


def write_sheets(runner: TypstRunner, plan: SheetPlan, pages: Mapping[str, tuple[str, int]], title: str,
                 target: Path, budget: int | None = None, kept: tuple[Reuse, Mapping[str, str]] | None = None) -> None:
    """The sheets at `target`, compiled a batch of pages at a time: Typst holds every designs file a compile
    draws from, and its output, so the pages of a deck of photographs go in batches whose designs files
    come to at most `budget` bytes, joined when there are several (one batch: the file as Typst wrote it).
    With `kept` (a build's cache and its designs files' keys), sheets made from the same plan and designs
    files are linked from the last build, and so is each batch whose pages and designs files are the same
    (a deck of 3,000 photographs with one changed compiles one batch again, then joins them)."""
    reuse, keys = kept if kept is not None else (Reuse(None), {})

    def make(_: list[int]) -> None:
        batches = _batches(plan, pages, lambda name: (runner.root / name).stat().st_size,
                           BATCH_BYTES if budget is None else budget)
        if len(batches) == 1:
            target.write_bytes(sheets_pdf(runner, plan, pages, title))
            return
        parts = []
        for k, batch in enumerate(batches):
            part, drawn = runner.root / f"sheets-part-{k + 1:03d}.pdf", dataclasses.replace(plan, pages=batch)
            used = {pl.design: pages[pl.design] for page in batch for pl in page.placements}
            key = reuse.key("sheets-part", drawn, used, {pages[d][0]: keys.get(pages[d][0]) for d in used},
                            title) if reuse.on else ""

            def compile_part(_: list[int], part: Path = part, drawn: SheetPlan = drawn) -> None:
                part.write_bytes(sheets_pdf(runner, drawn, pages, title))
            reuse.files("sheets-part", [(part, key)], compile_part)
            parts.append(part)
        join_pdfs(parts, target)
    key = reuse.key("sheets", plan, dict(pages), keys, title, budget) if reuse.on else ""
    reuse.files("sheets", [(target, key)], make)


def _batches(plan: SheetPlan, pages: Mapping[str, tuple[str, int]], size: Callable[[str], int],
             budget: int) -> list[tuple[Page, ...]]:
    """The plan's pages in order, cut where the designs files drawn so far would pass `budget` bytes."""
    out: list[tuple[Page, ...]] = []
    batch: list[Page] = []
    files: set[str] = set()
    used = 0
    for page in plan.pages:
        new = {pages[pl.design][0] for pl in page.placements} - files
        more = sum(size(name) for name in new)
        if batch and used + more > budget:
            out.append(tuple(batch))
            batch, files, used = [], set(), 0
            new = {pages[pl.design][0] for pl in page.placements}
            more = sum(size(name) for name in new)
        batch.append(page)
        files |= new
        used += more
    return out + [tuple(batch)] if batch or not out else out
