"""300 dpi PNG proofs of every design at trim + bleed, rasterised from the same PDF pages.

The pixel size is computed once, the way print shops compute it: (trim + 2 x bleed) in inches
x 300, rounded to the nearest pixel (a poker card with 1/8 in bleed is 825 x 1125 px, as The Game
Crafter and DriveThruCards ask). PDFium rounds each side up from the page size in points, which
can add a column of almost nothing; that sliver is left outside the bitmap, never resampled.

Rasterising and encoding are most of a full build, so no pixel is copied between them: PDFium draws
straight into a buffer laid out as PNG scanlines (a filter byte of 0 before every row of RGB), and
that buffer is compressed as it stands. Pillow cannot be told which PNG filter to use and tries all
five on every row, which cost about 8 ms per poker card; unfiltered rows at zlib level 1 take about
3 ms and, on the games' art, come out smaller (figures in bench/README.md). Compression runs on one
thread per core (zlib releases the GIL); every file depends only on its page, so the bytes are the
same however the work is split.
"""

from __future__ import annotations

import ctypes
import math
import os
import struct
import zlib
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from generator.common.errors import OutputError, Problem
from generator.common.units import MM_PER_IN

if TYPE_CHECKING:               # Pillow loads when a picture is made, not with the module
    from PIL import Image

DPI = 300
ZLIB_LEVEL = 1
MIN_PAGES_PER_WORKER = 24        # below this, a second thread costs more than it saves
PROCESS_PAGES = 48               # from this many pages on, one process per core draws them (a start: 0.2 s)
SLICE_PAGES = 8                  # pages a process draws at a time
MAX_PENDING_BYTES = 1 << 30      # rasters waiting to be compressed (a 2 m board at 300 dpi is 1.7 GB alone)
SIGNATURE = b"\x89PNG\r\n\x1a\n"
MAX_BITMAP_BYTES = 1 << 31       # PDFium sizes bitmaps with a 32-bit int


def pixel_size(width_mm: float, height_mm: float, dpi: int = DPI) -> tuple[int, int]:
    """Shop pixel size of a full design (trim + bleed) in millimetres."""
    return round(width_mm / MM_PER_IN * dpi), round(height_mm / MM_PER_IN * dpi)


@dataclass(frozen=True)
class Raster:
    """RGB pixels as PNG scanlines: row y starts at y * stride with its filter byte (0, none)."""

    width: int
    height: int
    data: ctypes.Array

    @property
    def stride(self) -> int:
        return 3 * self.width + 1

    def scanlines(self) -> memoryview:
        return memoryview(self.data)[:self.stride * self.height]

    @classmethod
    def from_image(cls, image) -> "Raster":
        """A Pillow image's pixels as scanlines (for sheets composed in Pillow)."""
        rgb = image.convert("RGB")
        raw, row = rgb.tobytes(), 3 * rgb.width
        # rows joined as bytes: assigning each into a ctypes array copied it a byte at a time (50x slower)
        lines = b"".join(b"\0" + raw[y * row:(y + 1) * row] for y in range(rgb.height))
        return cls(rgb.width, rgb.height, ctypes.create_string_buffer(lines, len(lines) + 1))

    def image(self) -> Image.Image:
        """The pixels as a Pillow image (for pasting into sheets; one copy)."""
        from PIL import Image

        # Pillow's annotation leaves out memoryview, which it reads as a buffer (no copy of the pixels)
        return Image.frombuffer("RGB", (self.width, self.height), memoryview(self.data)[1:],  # type: ignore[arg-type]
                                "raw", "RGB", self.stride, 1)


def rasterise(page, scale: float, size: tuple[int, int] | None = None, offset: tuple[int, int] = (0, 0)) -> Raster:
    """Draw a PDFium page at `scale` pixels per point on white. `size` (default: the whole page, each side
    rounded up) and `offset` (the page pixel at the raster's top-left corner) cut a window out of it."""
    import pypdfium2.raw as pdfium_c

    full_w = math.ceil(page.get_width() * scale)
    full_h = math.ceil(page.get_height() * scale)
    width, height = size or (full_w, full_h)
    stride = 3 * width + 1
    if stride * height >= MAX_BITMAP_BYTES:
        raise OutputError(Problem(f"a page of {width} x {height} px is too large to rasterise (PDFium draws at most "
                                  f"{MAX_BITMAP_BYTES >> 30} GB a bitmap); lower the dpi or split the piece"))
    data = ctypes.create_string_buffer(stride * height + 1)      # zeroed: every filter byte is 0
    bitmap = pdfium_c.FPDFBitmap_CreateEx(width, height, pdfium_c.FPDFBitmap_BGR,
                                          ctypes.cast(ctypes.addressof(data) + 1, ctypes.c_void_p), stride)
    if not bitmap:
        raise OutputError(Problem(f"PDFium could not make a {width} x {height} px bitmap"))
    try:
        pdfium_c.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xFFFFFFFF)
        pdfium_c.FPDF_RenderPageBitmap(bitmap, page, -offset[0], -offset[1], full_w, full_h, 0,
                                       pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER)
    finally:
        pdfium_c.FPDFBitmap_Destroy(bitmap)
    return Raster(width, height, data)


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(body, zlib.crc32(kind)))


def png_bytes(raster: Raster, dpi: int | None) -> bytes:
    """A PNG file: 8-bit RGB, not interlaced, the resolution (if given) in a pHYs chunk (pixels per metre)."""
    chunks = [SIGNATURE, _chunk(b"IHDR", struct.pack(">IIBBBBB", raster.width, raster.height, 8, 2, 0, 0, 0))]
    if dpi:
        ppm = round(dpi / 0.0254)
        chunks.append(_chunk(b"pHYs", struct.pack(">IIB", ppm, ppm, 1)))
    chunks += [_chunk(b"IDAT", zlib.compress(raster.scanlines(), ZLIB_LEVEL)), _chunk(b"IEND", b"")]
    return b"".join(chunks)


def write_png(raster: Raster, target: str | Path, dpi: int | None) -> None:
    Path(target).write_bytes(png_bytes(raster, dpi))


def save_image(image, target: str | Path, dpi: int | None = None) -> None:
    """A Pillow image written the same way (Pillow's own encoder tries every filter on every row)."""
    write_png(Raster.from_image(image), target, dpi)


Job = tuple[int, str, float, "tuple[int, int] | None"]   # page, file, scale (pixels per point), size


def workers_for(pages: int) -> int:
    return max(1, min(os.cpu_count() or 1, pages // MIN_PAGES_PER_WORKER))


Part = tuple[Path, list[Job]]       # a PDF and the pages to draw from it
Small = tuple[float, Path]          # previews: the dpi they are drawn at, and a folder for scratch files


def render_pages(pdf_path: Path, jobs: list[Job], tick: Callable[[], None] = lambda: None) -> None:
    """Render pages of one PDF to PNG files (render_parts)."""
    render_parts([(pdf_path, jobs)], tick)


def render_parts(parts: list[Part], tick: Callable[[], None] = lambda: None, small: Small | None = None) -> None:
    """Render pages to PNG files, in slices of SLICE_PAGES pages of one PDF. PDFium serves one thread at a
    time and drawing is most of the work (a photograph's card: about 16 ms, its compression 3 ms), so from
    PROCESS_PAGES pages on the slices are drawn by one process per core, each with its own PDFium; below
    that one after another here, compressed on a pool of threads. Processes are started fresh (spawn),
    never forked: a build inside pnp serve runs beside other threads. With `small` (previews), each slice is
    drawn from a copy of its pages with the pictures made small (output/preview_pdf.py); a slice is the same
    however many cores draw, so the files are too."""
    slices = [(pdf, jobs[i:i + SLICE_PAGES]) for pdf, jobs in parts for i in range(0, len(jobs), SLICE_PAGES)]
    cores = os.cpu_count() or 1
    if cores > 1 and sum(len(jobs) for _, jobs in slices) >= PROCESS_PAGES:
        _render_in_processes(slices, tick, cores, small)
    else:
        for pdf, jobs in slices:
            _render_slice(pdf, jobs, tick, small)


def _render_in_processes(slices: list[Part], tick: Callable[[], None], cores: int, small: Small | None) -> None:
    """The slices on a pool of `cores` processes; a failed slice, or a tick that raises (the build stopped),
    cancels the slices not started."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(max_workers=min(cores, len(slices)), mp_context=multiprocessing.get_context("spawn"))
    try:
        for done in [pool.submit(_render_slice, pdf, jobs, _no_tick, small) for pdf, jobs in slices]:
            for _ in range(done.result()):
                tick()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _no_tick() -> None:
    """A worker process's tick (the parent counts its pages when the slice is done); a function, since a
    lambda cannot be sent to another process."""


def _render_slice(pdf_path: Path, jobs: list[Job], tick: Callable[[], None], small: Small | None) -> int:
    """One slice, from a small copy of its pages when asked and worth it; returns how many pages."""
    if small is None:
        return _render_here(pdf_path, jobs, tick)
    import tempfile
    from generator.output.preview_pdf import small_pages

    handle, name = tempfile.mkstemp(suffix=".pdf", prefix=".small-", dir=small[1])
    os.close(handle)
    try:
        if small_pages(pdf_path, [job[0] for job in jobs], Path(name), small[0]):
            return _render_here(Path(name), [(k, *job[1:]) for k, job in enumerate(jobs)], tick)
        return _render_here(pdf_path, jobs, tick)
    finally:
        os.unlink(name)


def _render_here(pdf_path: Path, jobs: list[Job], tick: Callable[[], None] = lambda: None) -> int:
    """The pages drawn on this thread, compressed on a pool of threads; returns how many."""
    import pypdfium2 as pdfium  # only builds that write PNGs pay for it

    n = workers_for(len(jobs))
    pdf = pdfium.PdfDocument(str(pdf_path))
    try:
        with ThreadPoolExecutor(max_workers=n) as pool:
            pending: list[tuple[Future, int]] = []
            for i, target, scale, size in jobs:
                page = pdf[i]
                raster = rasterise(page, scale, size)
                page.close()
                pending.append((pool.submit(write_png, raster, target, round(scale * 72)), len(raster.data)))
                # keep a few rasters in memory, not every page, and not several boards of a metre
                while len(pending) > 2 * n or (len(pending) > 1 and sum(b for _, b in pending) > MAX_PENDING_BYTES):
                    pending.pop(0)[0].result()
                    tick()
            for job, _ in pending:
                job.result()
                tick()
    finally:
        pdf.close()
    return len(jobs)


def write_pngs(sources: list[tuple[Path, int]], targets: list[tuple[Path, float, float]],
               tick: Callable[[], None] = lambda: None, only: list[int] | None = None) -> None:
    """`targets[i]`: (file, full width mm, full height mm) of the design on page `sources[i]` (a designs file and
    its page, from 0); `only`: the designs to draw, when not all (the others were kept from the last build)."""
    import pypdfium2 as pdfium

    parts: list[Part] = []
    opened: dict[Path, Any] = {}
    try:
        for i in range(len(targets)) if only is None else only:
            (path, page), (target, w_mm, h_mm) = sources[i], targets[i]
            pdf = opened.get(path) or opened.setdefault(path, pdfium.PdfDocument(str(path)))
            want = pixel_size(w_mm, h_mm)
            w_pt, h_pt = pdf.get_page_size(page)
            scale = DPI / 72
            if round(w_pt * scale) < want[0] or round(h_pt * scale) < want[1]:
                scale *= 1.0005  # a page a hair smaller than its size in mm: render a hair larger, then crop
            if not parts or parts[-1][0] != path:
                parts.append((path, []))
            parts[-1][1].append((page, str(target), scale, want))
    finally:
        for pdf in opened.values():
            pdf.close()
    render_parts(parts, tick)
