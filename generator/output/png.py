"""300 dpi PNG proofs of every design at trim + bleed, rasterised from the same PDF pages.

The pixel size is computed once, the way print shops compute it: (trim + 2 x bleed) in inches
x 300, rounded to the nearest pixel (a poker card with 1/8 in bleed is 825 x 1125 px, as The Game
Crafter and DriveThruCards ask). pypdfium2 rounds each side up from the page size in points, which
can add a column of almost nothing; that sliver is dropped, never resampled.
"""

from __future__ import annotations

from pathlib import Path

from generator.units import MM_PER_IN

DPI = 300


def pixel_size(width_mm: float, height_mm: float, dpi: int = DPI) -> tuple[int, int]:
    """Shop pixel size of a full design (trim + bleed) in millimetres."""
    return round(width_mm / MM_PER_IN * dpi), round(height_mm / MM_PER_IN * dpi)


def write_pngs(designs_pdf: Path, targets: list[tuple[Path, float, float]], tick=lambda: None) -> None:
    """`targets`: (file, full width mm, full height mm) for each page of `designs_pdf`, in order."""
    import pypdfium2 as pdfium  # only builds that write PNGs pay for it

    pdf = pdfium.PdfDocument(str(designs_pdf))
    try:
        for i, (target, w_mm, h_mm) in enumerate(targets):
            page = pdf[i]
            want = pixel_size(w_mm, h_mm)
            scale = DPI / 72
            if round(page.get_width() * scale) < want[0] or round(page.get_height() * scale) < want[1]:
                scale *= 1.0005  # a page a hair smaller than its size in mm: render a hair larger, then crop
            image = page.render(scale=scale, may_draw_forms=False).to_pil().convert("RGB")
            image.crop((0, 0, *want)).save(target, format="PNG", dpi=(DPI, DPI))
            page.close()
            tick()
    finally:
        pdf.close()
