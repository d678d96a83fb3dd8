"""Ink of the ink-saver style against the default build, per game and over the shipped games together.

Ink coverage of a sheet: the mean over its pixels, rasterised with pypdfium2 at 100 dpi, of
(C + M + Y) / 3 with C = 1 - R, M = 1 - G, Y = 1 - B (sRGB, 0 to 1): 0 for blank paper, 1 for
solid black. A game's coverage is the mean over every page of its home-print sheets (the duplex
calibration sheet apart); "together" weighs every page alike (the ink of printing all five games).
The luma column says the same with 1 - Rec. 709 luma instead, so the choice of measure does not
decide the result. 100 dpi because PDFium draws a line at least one pixel wide: at 50 dpi a 0.2 mm
outline counts as 0.5 mm of ink (Niya's ratio reads 43 % at 50 dpi, 36.5 % at 100, 36 % at 150).

Words: the text of every page (pypdfium2's text layer) must be the same in both builds, and no
character may be fainter than in the default build. A character is faint (rasterised at 200 dpi)
where its darkest pixel is lighter than 0.5 luma, or less than 0.3 darker than the lightest pixel
of its box grown by a third of its height; "fainter" counts those faint in the ink-saver build
that are not faint in the default one (the sheets' own small grey footer is faint in both).

    python bench/ink.py [GAME ...] [--paper a4] [--dpi 100]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from generator.commands.build import BuildOptions, build_game  # noqa: E402
from generator.layout.plan import SheetOptions  # noqa: E402

GAMES = sorted(p.parent.name for p in (HERE.parent / "components").glob("*/game.yaml"))


def pages(pdf: Path, dpi: int):
    doc = pdfium.PdfDocument(str(pdf))
    try:
        for page in doc:
            yield page, np.asarray(page.render(scale=dpi / 72).to_pil().convert("RGB"), dtype=np.float64) / 255
    finally:
        doc.close()


def coverage(pdf: Path, dpi: int = 100) -> tuple[list[float], list[float]]:
    """Per page: CMY coverage and 1 - luma."""
    cmy, lum = [], []
    for _, px in pages(pdf, dpi):
        cmy.append(float(1 - px.mean()))
        lum.append(float(1 - (px @ np.array([0.2126, 0.7152, 0.0722])).mean()))
    return cmy, lum


def words(pdf: Path) -> list[str]:
    doc = pdfium.PdfDocument(str(pdf))
    try:
        out = []
        for page in doc:
            tp = page.get_textpage()
            out.append(" ".join(tp.get_text_range().split()))
        return out
    finally:
        doc.close()


def faint_characters(pdf: Path, dpi: int = 200) -> dict[tuple[int, int], str]:
    """Every printed character that does not stand out from the paper around it: (page, index) -> where."""
    doc = pdfium.PdfDocument(str(pdf))
    faint = {}
    scale = dpi / 72
    try:
        for n, page in enumerate(doc):
            px = np.asarray(page.render(scale=scale).to_pil().convert("L"), dtype=np.float64) / 255
            h_px = px.shape[0]
            tp = page.get_textpage()
            for i in range(tp.count_chars()):
                ch = tp.get_text_range(i, 1)
                if not ch.strip():
                    continue
                left, bottom, right, top = tp.get_charbox(i)
                x0, x1 = int(left * scale), int(np.ceil(right * scale))
                y0, y1 = int(h_px - top * scale), int(np.ceil(h_px - bottom * scale))
                if x1 <= x0 or y1 <= y0 or x0 < 0 or y0 < 0 or x1 >= px.shape[1] or y1 >= h_px:
                    continue
                pad = max(1, (y1 - y0) // 3)
                inside = px[y0:y1 + 1, x0:x1 + 1]
                around = px[max(0, y0 - pad):y1 + pad + 1, max(0, x0 - pad):x1 + pad + 1]
                if inside.min() > 0.5 or around.max() - inside.min() < 0.3:
                    word = tp.get_text_range(max(0, i - 8), 17).replace("\n", " ")
                    faint[(n, i)] = f"page {n + 1} {ch!r} in {word!r} ({inside.min():.2f} on {around.max():.2f})"
    finally:
        doc.close()
    return faint


def build(game: str, out: Path, paper: str, style: str) -> Path:
    result = build_game(game, BuildOptions(SheetOptions(paper), out, style=style, formats=("sheets",)))
    return result.folder / f"{game}-{paper}.pdf"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", default=GAMES)
    ap.add_argument("--paper", default="a4")
    ap.add_argument("--dpi", type=int, default=100)
    args = ap.parse_args()
    total = {"colour": [], "ink-saver": []}
    print(f"{'game':10} {'pages':>5} {'default':>8} {'saver':>8} {'ratio':>6} {'luma':>6} "
          f"{'words':>6} {'fainter':>7}  seconds")
    with tempfile.TemporaryDirectory() as tmp:
        for game in args.games:
            t = time.perf_counter()
            default = build(game, Path(tmp), args.paper, "colour")
            saver = build(game, Path(tmp), args.paper, "ink-saver")
            (c0, l0), (c1, l1) = coverage(default, args.dpi), coverage(saver, args.dpi)
            total["colour"] += c0
            total["ink-saver"] += c1
            same = words(default) == words(saver)
            before = faint_characters(default)
            lost = {k: v for k, v in faint_characters(saver).items() if k not in before}
            print(f"{game:10} {len(c0):5d} {np.mean(c0):8.2%} {np.mean(c1):8.2%} {np.mean(c1) / np.mean(c0):6.1%} "
                  f"{np.mean(l1) / np.mean(l0):6.1%} {'same' if same else 'DIFFER':>6} {len(lost):7d}"
                  f"{time.perf_counter() - t:8.1f}")
            for e in list(lost.values())[:5]:
                print(f"    fainter than the default: {e}")
    a, b = np.mean(total["colour"]), np.mean(total["ink-saver"])
    print(f"{'together':10} {len(total['colour']):5d} {a:8.2%} {b:8.2%} {b / a:6.1%}")


if __name__ == "__main__":
    main()
