"""SVG designs and sheet plans to PDF with Typst: vector, fonts embedded as subsets, same bytes every run.

Typst gets its plans and SVGs in memory (`sys.inputs`) and reads no file outside the build's work
folder (its `root`, where only designs.pdf and the vetted fonts lie), uses only the font files the
project vetted (no system fonts, none of its own), and gets a fixed timestamp.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import typst

from generator.common import paths
from generator.common.errors import OutputError, Problem, SpecError, display_path
from generator.layout.plan import SheetPlan
from generator.layout.registration import SQUARE_MM, THICK_MM
from generator.layout.turn import frame_matrix
from generator.load.fonts import FontFace
from generator.render.svg import own_environment
from generator.common.units import MM_PER_PT as PT, fmt_number
from generator.output.typst_worker import TypstWorker, WorkerError

TIMESTAMP = int(os.environ.get("SOURCE_DATE_EPOCH", "1767225600"))  # 2026-01-01, fixed for byte-identical files
INK = {"crop": "#000000", "cut": "#3c3c3c", "fold": "#5a5a5a", "text": "#4a4a4a", "target": "#000000",
       "tick": "#000000", "zero": "#000000", "halo": "#ffffff", "reg": "#000000", "align": "#000000", "map": "#4a4a4a",
       "fold-halo": "#ffffff", "cut-halo": "#ffffff", "reg-square": "#000000", "reg-line": "#000000",
       "code": "#000000"}   # the calibration sheet's markers and code strip: solid black, for a camera
# Stroke widths in mm: crop marks and cut lines hairline but printable (>= 0.25 pt), folds a little heavier.
WIDTH_MM = {"crop": 0.3 * PT, "cut": 0.3 * PT, "fold": 0.45 * PT, "target": 1.0 * PT, "tick": 0.3 * PT, "zero": 0.8 * PT,
            "halo": 1.2 * PT, "reg": 0.35 * PT, "align": 0.4 * PT, "map": 0.3 * PT, "fold-halo": 1.3 * PT, "cut-halo": 1.2 * PT,
            "reg-square": SQUARE_MM, "reg-line": THICK_MM}   # print-then-cut marks, exact (layout/registration.py)
DASH = {"fold": "2 1.4", "fold-halo": "2 1.4", "align": "1.2 1.2"}
LABEL_FONT = "Lato"


class TypstRunner:
    """One Typst compiler per build, so fonts are read once (pnp serve keeps one for all its rebuilds:
    Typst's own caches then keep what did not change). `overlays`: sheet overlays by their page, kept
    by pnp serve."""

    overlays: dict[str, str] | None = None

    def __init__(self, work: Path, faces: list[FontFace], isolated: bool = False):
        self.root = work
        fonts = vetted_fonts(work / "fonts", faces)
        # a build of many photographs compiles in a process that is replaced as it grows (output/typst_worker.py)
        self.worker = TypstWorker(str(work), str(work / "fonts")) if isolated else None
        self.compiler = None if isolated else typst.Compiler(root=str(work), font_paths=fonts, ignore_system_fonts=True)

    def close(self) -> None:
        """Stop the worker process, if there is one."""
        if self.worker is not None:
            self.worker.close()

    def compile(self, template: str, data: dict[str, Any], what: str, inputs: dict[str, str] | None = None) -> bytes:
        """Compile a template under templates/typst. The plan (`data`) and any `inputs` (SVG texts by key)
        reach Typst in memory as sys.inputs, not as files it would read back."""
        source = (paths.TEMPLATES / "typst" / template).read_bytes()
        args: dict[str, Any] = {"input": source, "format": "pdf", "timestamp": TIMESTAMP, "pdf_tags": False,
                                "sys_inputs": {**(inputs or {}), "plan": json.dumps(data, sort_keys=True)}}
        try:
            engine: Any = self.worker if self.worker is not None else self.compiler   # one of the two, never both
            pdf = engine.compile(**args)
        except (typst.TypstError, WorkerError) as exc:
            detail = " ".join(str(getattr(exc, "message", exc)).split())
            raise OutputError(Problem(f"Typst could not compile the {what}: {detail}")) from None
        if not isinstance(pdf, bytes):          # one PDF file: a list of pages only comes with format="png"
            raise OutputError(Problem(f"Typst gave no PDF file for the {what}"))
        return pdf


def vetted_fonts(folder: Path, faces: list[FontFace]) -> typst.Fonts:
    """Typst's fonts: exactly the faces the project vetted (their bytes, in a folder of the build's own),
    none of the system's and none of Typst's bundled ones, so nothing is printed in a font that was not
    measured. Typst would walk a font folder's sub-folders, follow its links and load collections; this
    folder has none. A face Typst cannot load is refused rather than silently replaced."""
    folder.mkdir()
    names = {}
    for i, face in enumerate(faces):
        name = folder / f"{i:03d}{face.path.suffix.lower()}"
        name.write_bytes(face.data)
        names[str(name)] = face
    fonts = typst.Fonts(include_system_fonts=False, include_embedded_fonts=False, font_paths=[str(folder)])
    missing = set(names) - {str(Path(f.path)) for f in fonts.fonts() if f.path}
    if missing:
        raise SpecError([Problem("the PDF writer cannot load this font; expected a TrueType (.ttf) or OpenType "
                                 "(.otf) file", display_path(names[m].path)) for m in sorted(missing)])
    return fonts


def designs_pdf(runner: TypstRunner, svgs: list[tuple[str, float, float]], title: str) -> bytes:
    """`svgs`: (SVG text, full width mm, full height mm), one page each."""
    keys = [f"svg-{i}" for i in range(len(svgs))]
    data = {"title": title, "designs": [{"svg": k, "w": w, "h": h} for k, (_, w, h) in zip(keys, svgs)]}
    return runner.compile("designs.typ", data, "designs", {k: svg for k, (svg, _, _) in zip(keys, svgs)})


def sheets_pdf(runner: TypstRunner, plan: SheetPlan, design_pages: Mapping[str, tuple[str, int]], title: str) -> bytes:
    """The sheets; `design_pages`: each design's file of designs (below the runner's root) and page there."""
    page_w, page_h = plan.options.page_mm
    pages, overlays = [], {}
    for page in plan.pages:
        overlay = None
        if page.lines or page.outlines or page.texts or page.fills:
            overlay = f"overlay-{page.index}"
            overlays[overlay] = _overlay(runner.overlays, page, page_w, page_h)
        zoom = plan.options.back_zoom if page.side == "back" else None
        pages.append({
            "overlay": overlay, **({"zoom": dict(zip(("k", "dx", "dy"), zoom))} if zoom else {}),
            "placements": [{"file": design_pages[pl.design][0], "page": design_pages[pl.design][1], "x": pl.x, "y": pl.y, "w": pl.w, "h": pl.h,
                            "keep": list(pl.keep), "turn": _turn(pl, plan.options.bleed_mm),
                            "src_w": pl.src_w, "src_h": pl.src_h, "ox": pl.ox, "oy": pl.oy}
                           for pl in page.placements]})
    data = {"title": title, "page_w": page_w, "page_h": page_h, "bleed": plan.options.bleed_mm, "pages": pages}
    return runner.compile("sheets.typ", data, "sheets", overlays)


def _overlay(cache: dict[str, str] | None, page, page_w: float, page_h: float) -> str:
    """A page's overlay, from the cache when the same page was drawn before."""
    if cache is None:
        return overlay_svg(page, page_w, page_h)
    key = repr((page, page_w, page_h))
    if key not in cache:
        cache[key] = overlay_svg(page, page_w, page_h)
    return cache[key]


def overlay_svg(page, page_w: float, page_h: float) -> str:
    outlines = [{"path": o.path, "kind": o.kind, "transform": _transform(o)} for o in page.outlines]
    tpl = own_environment().get_template("overlay.svg.j2")
    return tpl.render(page={"w": page_w, "h": page_h, "lines": page.lines, "outlines": outlines, "fills": page.fills,
                            "texts": [{"x": t.x, "y": t.y, "text": t.text, "size": t.size_pt * PT,
                                       "anchor": t.anchor, "weight": t.weight, "angle": t.angle} for t in page.texts]},
                      ink=INK, width=WIDTH_MM, dash=DASH, font=LABEL_FONT)


def _turn(pl, bleed: float) -> dict[str, float]:
    """Angle and offset of a piece's full design (trim + bleed) in its turned frame."""
    _, _, _, _, e, f = frame_matrix(pl.rotation, pl.src_w + 2 * bleed, pl.src_h + 2 * bleed)
    return {"angle": pl.rotation, "dx": e, "dy": f}


def _transform(o) -> str:
    """Design trim coordinates to the page, for a piece turned 0, 90, 180 or 270 degrees clockwise."""
    a, b, c, d, e, f = frame_matrix(o.rotation, o.src_w, o.src_h)
    return "matrix(" + " ".join(fmt_number(v) for v in (a, b, c, d, o.x + e, o.y + f)) + ")"
