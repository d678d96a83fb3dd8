"""300 dpi PNG proofs of every design at trim + bleed, rasterised from the same PDF pages.

The pixel size is computed once, the way print shops compute it: (trim + 2 x bleed) in inches
x 300, rounded to the nearest pixel (a poker card with 1/8 in bleed is 825 x 1125 px, as The Game
Crafter and DriveThruCards ask). pypdfium2 rounds each side up from the page size in points, which
can add a column of almost nothing; that sliver is dropped, never resampled.

Rasterising and encoding are most of a full build, so PNGs are encoded on one thread per core (every
file depends only on its page, so the bytes are the same however the work is split), with zlib's
run-length strategy at level 1: our art is flat colour, which that encodes smaller than the default
level 6 and in about three quarters of the time.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
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


def workers_for(pages: int) -> int:
    return max(1, min(os.cpu_count() or 1, pages // MIN_PAGES_PER_WORKER))


def _save(image, target: str, dpi: int) -> None:
    image.save(target, format="PNG", dpi=(dpi, dpi), **PNG_OPTIONS)


def render_pages(pdf_path: Path, jobs: list[Job], tick: Callable[[], None] = lambda: None) -> None:
    """Render pages to PNG files. PDFium is not thread-safe, so pages are rasterised one after another
    here; encoding (most of the time, and Pillow releases the GIL while it compresses) runs on a pool of
    threads, one per core. No process is forked: a build inside pnp serve runs beside other threads."""
    import pypdfium2 as pdfium  # only builds that write PNGs pay for it

    n = workers_for(len(jobs))
    pdf = pdfium.PdfDocument(str(pdf_path))
    try:
        with ThreadPoolExecutor(max_workers=n) as pool:
            pending = []
            for i, target, scale, crop in jobs:
                page = pdf[i]
                image = page.render(scale=scale, may_draw_forms=False).to_pil().convert("RGB")
                page.close()
                if crop is not None:
                    image = image.crop((0, 0, *crop))
                pending.append(pool.submit(_save, image, target, round(scale * 72)))
                while len(pending) > 2 * n:              # keep a few images in memory, not every page
                    pending.pop(0).result()
                    tick()
            for job in pending:
                job.result()
                tick()
    finally:
        pdf.close()


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
