"""Flatten one page's transparency the faithful way: draw the page, then print the drawing.

PDF/X-1a holds no transparency. The shipped templates draw without it; what a user brings may not (PNG art
with an alpha channel, an SVG with opacity). Computing the flattened vector regions, as Acrobat does, takes
a full planar-map engine; drawing the page with PDFium (which composites exactly as a viewer shows it) and
placing that image in place of the page's content is always faithful, at the cost of vectors on that page.
The image is drawn from the sRGB source and separated through the same press conversion as every colour.
"""

from __future__ import annotations

import zlib
from pathlib import Path

import pikepdf

from generator.output.press import Converter

FLATTEN_DPI = 600           # twice the 300 dpi the shops ask of raster art: text stays crisp
MAX_PIXELS = 60_000_000     # a board-size page is drawn at a lower resolution, never below 300 dpi
MIN_DPI = 300


def flatten_page(pdf: pikepdf.Pdf, index: int, src: Path, convert: Converter) -> None:
    """Replace page `index` of `pdf` by an opaque image of the same page of `src`, boxes kept."""
    import pypdfium2 as pdfium

    page = pdf.pages[index]
    x0, y0, x1, y1 = (float(v) for v in page.obj.MediaBox)
    w_in, h_in = (x1 - x0) / 72, (y1 - y0) / 72
    dpi = max(MIN_DPI, min(FLATTEN_DPI, (MAX_PIXELS / max(w_in * h_in, 1e-6)) ** 0.5))
    doc = pdfium.PdfDocument(str(src))
    try:
        bitmap = doc[index].render(scale=dpi / 72, fill_color=(255, 255, 255, 255))
        rgb = bitmap.to_pil().convert("RGB")
    finally:
        doc.close()
    cmyk = convert.image(rgb)
    image = pikepdf.Stream(pdf, zlib.compress(cmyk.tobytes(), 6))
    image.Type, image.Subtype = pikepdf.Name.XObject, pikepdf.Name.Image
    image.Width, image.Height = cmyk.size
    image.ColorSpace, image.BitsPerComponent = pikepdf.Name.DeviceCMYK, 8
    image.Filter = pikepdf.Name.FlateDecode
    page.obj.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Flat=pdf.make_indirect(image)))
    page.obj.Contents = pdf.make_stream(
        f"q {x1 - x0:.4f} 0 0 {y1 - y0:.4f} {x0:.4f} {y0:.4f} cm /Flat Do Q".encode())
    if "/Group" in page.obj:
        del page.obj["/Group"]
