"""A copy of a PDF whose pictures are only as large as a preview needs, for the gallery's small PNGs.

Why: PDFium decodes every picture at its full size to draw it, whatever the size it is drawn at. A card
photograph of 750 x 1050 px takes it about 16 ms for a 100 dpi preview, nearly all of it the decoding and
the smooth scaling, and the same picture is decoded again for the sheet page's 40 dpi preview: for a folder
of card images, most of a build. Pillow decodes a JPEG at a half, quarter or eighth of its size in the
DCT itself (`draft`), several times faster than a full decode, so the copy's pictures are made that way and
the previews are drawn from the copy. The copy is a scratch file: what prints is never touched.

A picture keeps the pixels its largest use shows (its long side as drawn, through every matrix of the
content streams and forms that draw it, at the preview's dpi), with HEADROOM to spare so that PDFium
still scales down. Only 8-bit RGB and grey pictures are made smaller; anything else is copied as it is.
"""

from __future__ import annotations

import io
import math
from pathlib import Path
from typing import Any

HEADROOM = 1.25             # a picture keeps 1.25x the pixels its preview shows
MIN_SAVING = 2.0            # made smaller only if a side shrinks at least this much
SMALL_SPACES = {"/DeviceRGB": "RGB", "/DeviceGray": "L"}


def small_pages(source: Path, pages: list[int], target: Path, dpi: float) -> bool:
    """Write `target`: the `pages` of `source` (from 0, in that order) with each large picture downsampled for
    drawing at `dpi`. False, and nothing written, when no picture was worth it (vector art previews from its
    own file)."""
    import pikepdf

    with pikepdf.open(source) as pdf, pikepdf.new() as out:
        for i in pages:
            out.pages.append(pdf.pages[i])
        need: dict[tuple[int, int], tuple[Any, float]] = {}
        walked: dict[tuple[int, int], list[tuple[Any, Matrix]]] = {}
        for page in out.pages:
            _walk(page.obj, (1, 0, 0, 1, 0, 0), dpi / 72, need, walked)
        made = sum(_shrink(image, px) for image, px in need.values())
        if not made:
            return False
        out.save(target, deterministic_id=True)
    return True


Matrix = tuple[float, float, float, float, float, float]


def _walk(holder: Any, ctm: Matrix, px_per_pt: float, need: dict, walked: dict) -> None:
    """Every picture a page or form draws, with the most pixels any of its uses shows (its long side drawn,
    in points, at the preview's dpi); forms are followed through their matrix."""
    for obj, local in _draws(holder, walked):
        at = _times(local, ctm)
        if obj.get("/Subtype") == "/Image":
            px = max(math.hypot(at[0], at[1]), math.hypot(at[2], at[3])) * px_per_pt
            old = need.get(obj.objgen)
            need[obj.objgen] = (obj, max(px, old[1] if old else 0.0))
        elif obj.get("/Subtype") == "/Form":
            form = tuple(float(v) for v in list(obj.get("/Matrix", [1, 0, 0, 1, 0, 0]))[:6])
            _walk(obj, _times(form, at), px_per_pt, need, walked)    # type: ignore[arg-type]


def _draws(holder: Any, walked: dict) -> list[tuple[Any, Matrix]]:
    """The XObjects a content stream draws (`Do`), each with the matrix it is drawn under (relative to the
    holder's own space); read once per page or form."""
    import pikepdf

    key = holder.objgen
    if key in walked:
        return walked[key]
    resources = holder.get("/Resources")
    xobjects = resources.get("/XObject") if resources is not None else None
    out: list[tuple[Any, Matrix]] = []
    if xobjects is not None:
        ctm: Matrix = (1, 0, 0, 1, 0, 0)
        stack: list[Matrix] = []
        for instruction in pikepdf.parse_content_stream(holder, "q Q cm Do"):
            operands, name = list(instruction.operands), str(instruction.operator)
            if name == "q":
                stack.append(ctm)
            elif name == "Q":
                ctm = stack.pop() if stack else ctm
            elif name == "cm":
                ctm = _times(tuple(float(v) for v in operands), ctm)     # type: ignore[arg-type]
            elif operands and operands[0] in xobjects and isinstance(xobjects[operands[0]], pikepdf.Stream):
                out.append((xobjects[operands[0]], ctm))
    walked[key] = out
    return out


def _times(m: Matrix, n: Matrix) -> Matrix:
    """m then n: PDF's row-vector matrices multiplied (m x n)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _shrink(image: Any, bound: float) -> int:
    """Replace a picture's pixels by a smaller copy if its long side is much more than `bound` pixels (the
    most any use of it shows); 1 if it was."""
    w, h = int(image.get("/Width", 0)), int(image.get("/Height", 0))
    space = _space(image.get("/ColorSpace"))
    want = max(1, math.ceil(bound * HEADROOM))
    if space is None or int(image.get("/BitsPerComponent", 0)) != 8 or max(w, h) < want * MIN_SAVING:
        return 0
    least = max(1, math.ceil(bound)) / max(w, h)             # the DCT scale may stop anywhere above `bound`
    picture = _decoded(image, space, (math.ceil(w * least), math.ceil(h * least)))
    if picture is None:
        return 0
    import pikepdf

    scale = min(want / max(w, h), picture.width / w)
    size = (max(1, round(w * scale)), max(1, round(h * scale)))
    if picture.mode != space:
        picture = picture.convert(space)
    if picture.size != size:
        picture = picture.resize(size)
    buf = io.BytesIO()
    picture.save(buf, format="JPEG", quality=85)
    image.write(buf.getvalue(), filter=pikepdf.Name.DCTDecode)
    image.Width, image.Height = size
    for key in ("/DecodeParms", "/Decode", "/Interpolate"):
        if key in image:
            del image[key]
    return 1


def _space(value: Any) -> str | None:
    """Pillow's mode for a picture's colour space: device RGB or grey, or an ICC profile of 3 or 1 channels."""
    import pikepdf

    if isinstance(value, pikepdf.Array) and len(value) == 2 and value[0] == "/ICCBased":
        return {3: "RGB", 1: "L"}.get(int(value[1].get("/N", 0)))
    return SMALL_SPACES.get(str(value))


def _decoded(image: Any, space: str, size: tuple[int, int]) -> Any:
    """The picture as a Pillow image: a JPEG decoded at the smallest DCT scale still at least `size`; None for one
    that cannot be decoded here (pikepdf's image errors, among them an unsupported kind, are PikepdfErrors)."""
    from PIL import Image
    import pikepdf

    try:
        if image.get("/Filter") == "/DCTDecode":
            picture = Image.open(io.BytesIO(image.read_raw_bytes()))
            picture.draft(space, size)
            picture.load()
            return picture
        return pikepdf.PdfImage(image).as_pil_image()
    except (OSError, ValueError, pikepdf.PikepdfError):   # a picture Pillow or pikepdf cannot read: kept as it is
        return None
