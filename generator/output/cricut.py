"""Cricut Design Space's Print Then Cut: one PNG per design and a table of the sizes and counts to enter.

Design Space prints its own sensor frame around the images it is given, so our sheets are of no use to it;
it takes images, at most 6.75 x 9.25 in each, and cuts along the edge of an image's opaque pixels. Every
image is therefore the piece's trim at 300 dpi, opaque inside the cut outline (round, hex, a fold-up net)
and transparent outside it. Bleed cannot sit in the image: opaque bleed would move the cut out to the bleed
line. Design Space adds its own when printing (its "Add Bleed" setting), extending the edge colours. The
image is exactly the outline's bounding box, so the size to type in is the piece's own, whether or not
Design Space trims transparent margins on upload.

A piece that fits only turned is written turned (portrait); a piece too large either way gets no image and
is named in the build summary (print the sheets, or order it from a shop).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from generator.model.designs import DesignSpec
from generator.output.mask import outline_mask
from generator.output.png import DPI, pixel_size, rasterise
from generator.common.units import MM_PER_IN

MAX_IN = (6.75, 9.25)                         # Print Then Cut's largest image, width x height (portrait)
MAX_PX = (round(MAX_IN[0] * DPI), round(MAX_IN[1] * DPI))
TABLE = "sizes.csv"
COLUMNS = ("file", "design", "face", "back", "back_of", "width_in", "height_in", "width_mm", "height_mm",
           "count", "turned", "note")
TOO_LARGE = "too large for Print Then Cut: print the sheets or order it from a shop"


@dataclass(frozen=True)
class Entry:
    """One row of the table: a design's image (or none when it does not fit) and what to enter for it."""

    spec: DesignSpec
    file: str | None
    size_px: tuple[int, int]      # as written (turned when `turned`)
    turned: bool

    def row(self, back_of: list[str]) -> dict[str, str]:
        c = self.spec.component          # the piece's own size, not the whole pixels' (rounded)
        w_mm, h_mm = (c.height_mm, c.width_mm) if self.turned else (c.width_mm, c.height_mm)
        return {"file": self.file or "", "design": self.spec.id, "face": self.spec.face,
                "back": self.spec.back or "", "back_of": "; ".join(back_of),
                "width_in": f"{w_mm / MM_PER_IN:.3f}", "height_in": f"{h_mm / MM_PER_IN:.3f}",
                "width_mm": f"{w_mm:.1f}", "height_mm": f"{h_mm:.1f}",
                "count": str(self.spec.count), "turned": "yes" if self.turned else "",
                "note": "" if self.file else TOO_LARGE}


def placement(spec: DesignSpec) -> tuple[tuple[int, int], bool, bool]:
    """(pixel size as written, turned, fits): upright when it fits upright, else turned if that fits."""
    size = pixel_size(spec.component.width_mm, spec.component.height_mm)
    if size[0] <= MAX_PX[0] and size[1] <= MAX_PX[1]:
        return size, False, True
    turned = (size[1], size[0])
    if turned[0] <= MAX_PX[0] and turned[1] <= MAX_PX[1]:
        return turned, True, True
    return size, False, False


def cut_out(page, spec: DesignSpec, bleed_mm: float):
    """The design's trim at 300 dpi as RGBA, transparent outside its cut outline."""
    c = spec.component
    size = pixel_size(c.width_mm, c.height_mm)
    offset = round(bleed_mm / MM_PER_IN * DPI)
    full = pixel_size(c.width_mm + 2 * bleed_mm, c.height_mm + 2 * bleed_mm)
    scale = DPI / 72
    if round(page.get_width() * scale) < full[0] or round(page.get_height() * scale) < full[1]:
        scale *= 1.0005            # a page a hair smaller than its size in mm: as png.write_pngs does
    rgba = rasterise(page, scale, size, (offset, offset)).image().convert("RGBA")
    rgba.putalpha(outline_mask(c.cut_path(), size[0] / c.width_mm, size))
    return rgba


def write_cricut(designs_pdf: Path, folder: Path, specs: list[DesignSpec], bleed_mm: float,
                 tick: Callable[[], None] = lambda: None) -> list[Entry]:
    """Every design that fits as folder/<id>.png, and folder/sizes.csv; returns the table's rows."""
    import pypdfium2 as pdfium
    from PIL.Image import Transpose

    images = []
    pdf = pdfium.PdfDocument(str(designs_pdf))
    try:
        for i, spec in enumerate(specs):
            size, turned, fits = placement(spec)
            name = f"{spec.id}.png" if fits else None
            if name is not None:
                page = pdf[i]
                rgba = cut_out(page, spec, bleed_mm)
                page.close()
                if turned:
                    rgba = rgba.transpose(Transpose.ROTATE_270)       # a quarter turn clockwise
                rgba.save(folder / name, "PNG", dpi=(DPI, DPI), compress_level=6)   # same pixels, same bytes
            images.append(Entry(spec, name, size, turned))
            tick()
    finally:
        pdf.close()
    (folder / TABLE).write_text(table(images), encoding="utf-8", newline="")
    return images


def table(images: list[Entry]) -> str:
    """The CSV: one row per design, fronts then backs, each back naming the fronts it goes with."""
    fronts_of: dict[str, list[str]] = {}
    of_component: dict[str, int] = {}
    for im in images:
        if im.spec.face == "front":
            of_component[im.spec.component.id] = of_component.get(im.spec.component.id, 0) + 1
            if im.spec.back:
                fronts_of.setdefault(im.spec.back, []).append(im.spec.id)
    out = io.StringIO()
    writer = csv.DictWriter(out, COLUMNS, lineterminator="\n")
    writer.writeheader()
    for im in images:
        fronts = fronts_of.get(im.spec.id, [])
        if len(fronts) > 1 and len(fronts) == of_component.get(im.spec.component.id):
            fronts = [f"every {im.spec.component.id} front"]      # one back shared by the whole component
        writer.writerow(im.row(fronts))
    return out.getvalue()


def too_large(images: list[Entry]) -> list[str]:
    """The designs that got no image, each with its size."""
    return [f"{im.spec.id} ({im.spec.component.width_mm:g} x {im.spec.component.height_mm:g} mm)"
            for im in images if im.file is None]
