"""Helpers that read real PDFs: pikepdf for structure, pypdfium2 for pixels."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
from PIL import Image

DPI = 300
PX_PER_MM = DPI / 25.4


def render(pdf: Path, page: int, dpi: int = DPI) -> Image.Image:
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return doc[page].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        doc.close()


def fonts(pdf: Path) -> list[tuple[str, bool]]:
    """Every font in the file and whether its program is embedded."""
    out = []
    with pikepdf.open(pdf) as doc:
        for obj in doc.objects:
            if not isinstance(obj, pikepdf.Dictionary) or obj.get("/Type") != "/Font":
                continue
            if obj.get("/Subtype") == "/Type0":
                continue  # judged by its descendant
            desc = obj.get("/FontDescriptor")
            embedded = desc is not None and any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            out.append((str(obj.get("/BaseFont")), embedded))
    return out


def dark(px: tuple[int, int, int], limit: int = 150) -> bool:
    return sum(px) / 3 < limit


def mm(v: float) -> int:
    return int(round(v * PX_PER_MM))
