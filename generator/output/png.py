"""300 dpi PNG proofs of every design at trim + bleed, rasterised from the same PDF pages."""

from __future__ import annotations

from pathlib import Path

DPI = 300


def write_pngs(designs_pdf: Path, targets: list[Path], tick=lambda: None) -> None:
    import pypdfium2 as pdfium  # only builds that write PNGs pay for it

    pdf = pdfium.PdfDocument(str(designs_pdf))
    try:
        for i, target in enumerate(targets):
            page = pdf[i]
            bitmap = page.render(scale=DPI / 72, may_draw_forms=False)
            image = bitmap.to_pil().convert("RGB")
            image.save(target, format="PNG", dpi=(DPI, DPI))
            page.close()
            tick()
    finally:
        pdf.close()
