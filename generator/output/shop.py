"""Print-shop files: one PDF per design with MediaBox = trim + bleed and TrimBox/BleedBox set."""

from __future__ import annotations

import io
from pathlib import Path

from generator.common.units import mm_to_pt, rounded


def write_shop_files(designs_pdf: Path, targets: list[tuple[Path, float]]) -> None:
    """`targets[i]` is (file, bleed_mm) for page i of designs.pdf."""
    import pikepdf  # only builds that write shop files pay for it
    with pikepdf.open(designs_pdf) as src:
        for page, (target, bleed_mm) in zip(src.pages, targets):
            out = pikepdf.new()
            out.pages.append(page)
            new = out.pages[0]
            x0, y0, x1, y1 = (float(v) for v in new.mediabox)
            b = mm_to_pt(bleed_mm)
            new.obj.BleedBox = pikepdf.Array([x0, y0, x1, y1])
            new.obj.TrimBox = pikepdf.Array([rounded(x0 + b, 4), rounded(y0 + b, 4), rounded(x1 - b, 4), rounded(y1 - b, 4)])
            new.obj.CropBox = pikepdf.Array([x0, y0, x1, y1])
            # pikepdf's annotation asks for a Mapping; its constructor copies a Dictionary as well
            out.docinfo = out.make_indirect(pikepdf.Dictionary(src.docinfo))  # type: ignore[arg-type]
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
