"""Print-shop files: one PDF per design with MediaBox = trim + bleed and TrimBox/BleedBox set."""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.common.units import mm_to_pt, rounded

if TYPE_CHECKING:
    from generator.output.reuse import Reuse

ShopFile = tuple[Path, int, Path, float, str]   # designs file, page there (from 0), the shop file, bleed, key


def write_shop_files(files: Sequence[ShopFile], reuse: Reuse) -> None:
    """Each design's file, cut from its page of its designs file (output/design_files.py): the page with its
    boxes, the fonts and images it uses (the designs file's subsets, which change only when a design of that
    file does). A file whose key (its designs file's and its page) is the last build's is linked (`reuse`)."""
    import pikepdf  # only builds that write shop files pay for it

    opened: dict[Path, Any] = {}
    try:
        for source, index, target, bleed_mm, key in files:
            def make(_: list[int], source: Path = source, index: int = index, target: Path = target,
                     bleed_mm: float = bleed_mm) -> None:
                src = opened.get(source) or opened.setdefault(source, pikepdf.open(source))
                _shop_file(src, index, target, bleed_mm)
            reuse.files("shop", [(target, key)], make)
    finally:
        for src in opened.values():
            src.close()


def _shop_file(src: Any, index: int, target: Path, bleed_mm: float) -> None:
    """Page `index` of `src` alone, with its TrimBox (the bleed inside) and BleedBox."""
    import pikepdf
    out = pikepdf.new()
    out.pages.append(src.pages[index])
    new = out.pages[0]
    x0, y0, x1, y1 = (float(v) for v in new.mediabox)
    b = mm_to_pt(bleed_mm)
    new.obj.BleedBox = pikepdf.Array([x0, y0, x1, y1])
    new.obj.TrimBox = pikepdf.Array([rounded(x0 + b, 4), rounded(y0 + b, 4), rounded(x1 - b, 4), rounded(y1 - b, 4)])
    new.obj.CropBox = pikepdf.Array([x0, y0, x1, y1])
    out.docinfo = out.make_indirect(pikepdf.Dictionary(src.docinfo))
    out.remove_unreferenced_resources()
    save_pdf(out, target, deterministic_id=True, compress_streams=True,
             object_stream_mode=pikepdf.ObjectStreamMode.generate)


def write_boxed(designs_pdf: Path, target: Path, bleed_mm: float) -> None:
    """All of designs.pdf in one file, each page with its TrimBox (the bleed inside) and BleedBox."""
    import pikepdf
    with pikepdf.open(designs_pdf) as pdf:
        b = mm_to_pt(bleed_mm)
        for page in pdf.pages:
            x0, y0, x1, y1 = (float(v) for v in page.mediabox)
            page.obj.BleedBox = pikepdf.Array([x0, y0, x1, y1])
            page.obj.TrimBox = pikepdf.Array([rounded(x0 + b, 4), rounded(y0 + b, 4), rounded(x1 - b, 4), rounded(y1 - b, 4)])
        save_pdf(pdf, target, deterministic_id=True)


def save_pdf(pdf, target: Path, **options) -> None:
    """Save through memory and write the bytes with Python: QPDF writing a file itself aborts the whole
    process (SIGABRT, the staging folder left behind) when the disk fills up, where Python raises an
    OSError that the build reports in one line."""
    buf = io.BytesIO()
    pdf.save(buf, **options)
    Path(target).write_bytes(buf.getbuffer())
