"""Backs seen as a person sees them: the printed sheet turned over, the piece cut out and turned over.

Everything here comes from pixels: the back page's raster is flipped the way the paper turns
(left-right for a long-edge flip, top-bottom for a short-edge flip), the front's orientation is
found by matching its own 300 dpi proof in the four turns, and the back seen through the paper is
turned over like a card and compared with the back's own proof. Only the trim rectangles come from
the manifest (their positions are checked against the crop marks elsewhere).
"""

from __future__ import annotations

import json
from pathlib import Path

from PIL import Image, ImageChops, ImageOps, ImageStat

from pdfcheck import render

ASYMMETRIC = 10     # mean grey-level difference between a back and itself upside down, to be judged
MARGIN = 4          # how much closer to upright than to upside down the back seen must be
SAMPLE = (12, 12)   # coarse enough that patterns average out, fine enough for layout
UNDO = {0: None, 90: Image.Transpose.ROTATE_90, 180: Image.Transpose.ROTATE_180, 270: Image.Transpose.ROTATE_270}
TURN = {0: None, 90: Image.Transpose.ROTATE_270, 180: Image.Transpose.ROTATE_180, 270: Image.Transpose.ROTATE_90}


def _apply(img: Image.Image, op) -> Image.Image:
    return img if op is None else img.transpose(op)


def _diff(a: Image.Image, b: Image.Image) -> float:
    a, b = (im.convert("L").resize(SAMPLE, Image.Resampling.BOX) for im in (a, b))
    return ImageStat.Stat(ImageChops.difference(a, b)).mean[0]


def proof(build: Path, design: str, bleed_mm: float) -> Image.Image:
    """The design's own upright PNG proof, cut to its trim."""
    img = Image.open(build / "png" / f"{design}.png").convert("RGB")
    b = round(bleed_mm * 300 / 25.4)
    return img.crop((b, b, img.width - b, img.height - b))


def crop(page: Image.Image, trim_mm, dpi: int) -> Image.Image:
    x, y, w, h = (v * dpi / 25.4 for v in trim_mm)
    return page.crop((round(x), round(y), round(x + w), round(y + h)))


def front_turn(piece: Image.Image, upright: Image.Image) -> int:
    """How far (clockwise) the front is turned on the page, by matching its proof in every turn."""
    scores = {}
    for r, op in TURN.items():
        turned = _apply(upright, op)
        if (turned.width > turned.height) == (piece.width > piece.height) or abs(piece.width - piece.height) < 3:
            scores[r] = _diff(piece, turned)
    return min(scores, key=scores.get)


def back_as_seen(back_page: Image.Image, duplex: str, trim_mm, dpi: int, turn: int) -> Image.Image:
    """The back behind a front at `trim_mm`, once the piece is cut out and turned over like a card."""
    seen = ImageOps.mirror(back_page) if duplex == "long" else ImageOps.flip(back_page)
    behind = _apply(crop(seen, trim_mm, dpi), UNDO[turn])   # through the paper, in the front's upright frame
    return ImageOps.mirror(behind)                           # turned over about its own vertical axis


def upside_down_backs(build: Path, dpi: int = 60) -> tuple[list[str], int]:
    """(pieces whose back is not upright behind its front, how many asymmetric backs were judged)."""
    doc = json.loads((build / "manifest.json").read_text())
    duplex, bleed = doc["options"]["duplex"], doc["options"]["bleed_mm"]
    sheets = build / doc["sheets"]["file"]
    pages = doc["sheets"]["pages"]
    wrong, judged = [], 0
    for back in (p for p in pages if p["side"] == "back"):
        front = pages[back["backs_of"]]
        front_img, back_img = render(sheets, front["index"], dpi), render(sheets, back["index"], dpi)
        fronts = [p for p in front["pieces"] if _has_back(doc, p["design"])]
        for f, b in zip(fronts, back["pieces"]):
            want = proof(build, b["design"], bleed)
            if _diff(want, _apply(want, Image.Transpose.ROTATE_180)) < ASYMMETRIC:
                continue  # a back that reads (almost) the same upside down cannot tell
            judged += 1
            turn = front_turn(crop(front_img, f["trim_mm"], dpi), proof(build, f["design"], bleed))
            seen = back_as_seen(back_img, duplex, f["trim_mm"], dpi, turn)
            upright, flipped = _diff(seen, want), _diff(seen, _apply(want, Image.Transpose.ROTATE_180))
            if not upright < flipped - MARGIN:
                wrong.append(f'page {back["index"] + 1}: {b["design"]} behind {f["design"]} '
                             f"(upright {upright:.1f}, upside down {flipped:.1f})")
    return wrong, judged


def _has_back(doc: dict, design: str) -> bool:
    return any(d["id"] == design and d.get("back") for d in doc["designs"])
