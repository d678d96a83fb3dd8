"""Helpers that read real PDFs: pikepdf for structure, pypdfium2 for pixels."""

from __future__ import annotations

from dataclasses import dataclass
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


PT_PER_MM = 72 / 25.4


@dataclass(frozen=True)
class Stroke:
    """A straight stroked segment of a page's own content, in page millimetres from the top-left corner."""

    x1: float
    y1: float
    x2: float
    y2: float
    dashed: bool
    grey: float | None          # the stroke colour's first component (0 black .. 1 white), None if unset
    width_mm: float


def _times(m, n):
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s, e * p + f * r + t, e * q + f * s + u)


def strokes(pdf: Path, page: int) -> list[Stroke]:
    """Every straight segment the page's content stream strokes (not those inside the pieces' placed forms),
    read operator by operator with the graphics state (q/Q, cm, w, d, the stroke colour): the sheets' marks,
    cut lines and dashed fold lines, wherever the page draws them."""
    out: list[Stroke] = []
    with pikepdf.open(pdf) as doc:
        pg = doc.pages[page]
        height = float(pg.mediabox[3]) - float(pg.mediabox[1])
        state = {"ctm": (1, 0, 0, 1, 0, 0), "w": 1.0, "dash": False, "grey": None}
        stack, path, here = [], [], None
        for operands, op in pikepdf.parse_content_stream(pg):
            op = str(op)
            if op == "q":
                stack.append(dict(state))
            elif op == "Q":
                state = stack.pop()
            elif op == "cm":
                state["ctm"] = _times(tuple(float(x) for x in operands), state["ctm"])
            elif op == "w":
                state["w"] = float(operands[0])
            elif op == "d":
                state["dash"] = len(operands[0]) > 0
            elif op in ("SCN", "SC", "G"):
                state["grey"] = float(operands[0]) if operands and not isinstance(operands[0], pikepdf.Name) else None
            elif op == "RG":
                state["grey"] = sum(float(x) for x in operands) / 3
            elif op == "m":
                here = _page_mm(state["ctm"], float(operands[0]), float(operands[1]), height)
            elif op == "l":
                there = _page_mm(state["ctm"], float(operands[0]), float(operands[1]), height)
                path.append((here, there))
                here = there
            elif op in ("S", "s", "B", "b", "B*", "b*"):
                a, b, c, d = state["ctm"][:4]
                scale = ((abs(a * d - b * c)) ** 0.5) / PT_PER_MM
                out += [Stroke(p[0], p[1], q[0], q[1], state["dash"], state["grey"], state["w"] * scale)
                        for p, q in path]
                path = []
            elif op in ("n", "f", "F", "f*"):      # a clip or a fill: nothing stroked
                path = []
    return out


def _page_mm(ctm, x: float, y: float, height_pt: float) -> tuple[float, float]:
    a, b, c, d, e, f = ctm
    px, py = a * x + c * y + e, b * x + d * y + f
    return (round(px / PT_PER_MM, 4), round((height_pt - py) / PT_PER_MM, 4))
