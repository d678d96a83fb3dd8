"""300 dpi PNG proofs of every design at trim + bleed, rasterised from the same PDF pages.

The pixel size is computed once, the way print shops compute it: (trim + 2 x bleed) in inches
x 300, rounded to the nearest pixel (a poker card with 1/8 in bleed is 825 x 1125 px, as The Game
Crafter and DriveThruCards ask). pypdfium2 rounds each side up from the page size in points, which
can add a column of almost nothing; that sliver is dropped, never resampled.

Rasterising and encoding are most of a full build, so pages are shared among the machine's cores
(each worker opens the PDF itself; every file depends only on its page, so the bytes are the same
however the work is split), and PNGs are encoded with zlib's run-length strategy at level 1: our art
is flat colour, which that encodes smaller than the default level 6 and in about three quarters of
the time.
"""

from __future__ import annotations

import multiprocessing
import os
import zlib
from pathlib import Path
from typing import Callable

from generator.units import MM_PER_IN

DPI = 300
PNG_OPTIONS = {"compress_level": 1, "compress_type": zlib.Z_RLE}
MIN_PAGES_PER_WORKER = 24        # below this, starting a process costs more than it saves


def pixel_size(width_mm: float, height_mm: float, dpi: int = DPI) -> tuple[int, int]:
    """Shop pixel size of a full design (trim + bleed) in millimetres."""
    return round(width_mm / MM_PER_IN * dpi), round(height_mm / MM_PER_IN * dpi)


Job = tuple[int, str, float, "tuple[int, int] | None"]   # page, file, scale (pixels per point), crop


def _render_some(args: tuple[str, list[Job]]) -> int:
    """Worker: render the listed pages of one PDF to their PNG files."""
    import pypdfium2 as pdfium  # only builds that write PNGs pay for it

    pdf_path, jobs = args
    pdf = pdfium.PdfDocument(pdf_path)
    try:
        for i, target, scale, crop in jobs:
            page = pdf[i]
            image = page.render(scale=scale, may_draw_forms=False).to_pil().convert("RGB")
            if crop is not None:
                image = image.crop((0, 0, *crop))
            image.save(target, format="PNG", dpi=(round(scale * 72), round(scale * 72)), **PNG_OPTIONS)
            page.close()
    finally:
        pdf.close()
    return len(jobs)


def workers_for(pages: int) -> int:
    return max(1, min(os.cpu_count() or 1, pages // MIN_PAGES_PER_WORKER))


def render_pages(pdf_path: Path, jobs: list[Job], tick: Callable[[], None] = lambda: None) -> None:
    """Render pages to PNG files, on as many cores as the work is worth."""
    n = workers_for(len(jobs))
    chunks = [jobs[k::n] for k in range(n)]
    batches = [(str(pdf_path), c[s:s + 16]) for c in chunks for s in range(0, len(c), 16)]
    if n == 1 or "fork" not in multiprocessing.get_all_start_methods():
        for batch in batches:
            for _ in range(_render_some(batch)):
                tick()
        return
    with multiprocessing.get_context("fork").Pool(n) as pool:
        for done in pool.imap_unordered(_render_some, batches):
            for _ in range(done):
                tick()


def write_pngs(designs_pdf: Path, targets: list[tuple[Path, float, float]], tick: Callable[[], None] = lambda: None) -> None:
    """`targets`: (file, full width mm, full height mm) for each page of `designs_pdf`, in order."""
    import pypdfium2 as pdfium

    jobs = []
    pdf = pdfium.PdfDocument(str(designs_pdf))
    try:
        for i, (target, w_mm, h_mm) in enumerate(targets):
            want = pixel_size(w_mm, h_mm)
            w_pt, h_pt = pdf.get_page_size(i)
            scale = DPI / 72
            if round(w_pt * scale) < want[0] or round(h_pt * scale) < want[1]:
                scale *= 1.0005  # a page a hair smaller than its size in mm: render a hair larger, then crop
            jobs.append((i, str(target), scale, want))
    finally:
        pdf.close()
    render_pages(designs_pdf, jobs, tick)
