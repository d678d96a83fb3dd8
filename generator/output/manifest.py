"""manifest.json: every design and every piece's trim rectangle on every page (the acceptance checks read it)."""

from __future__ import annotations

import json
from typing import Any

from generator.common.units import rounded
from generator.model.designs import DesignSpec
from generator.layout.plan import SheetPlan
from generator.layout.turn import turned_size



PER_DESIGN = ("svg", "shop", "png")    # every design's files of these formats, null when not built (DESIGN.md)


def _mm(v: float) -> float:
    """A length in the manifest: always a JSON float (80.0, not 80), at 3 decimals."""
    return rounded(float(v), 3)

def _piece(pl) -> dict[str, Any]:
    """A piece's trim rectangle on the page and the bleed printed round it (left, top, right, bottom: less than
    the build's bleed where neighbours share a gutter); a board tile gives the part of the board it shows."""
    if not pl.tile:
        return {"design": pl.design, "trim_mm": [_mm(v) for v in pl.trim], "rotation": pl.rotation,
                "bleed_mm": [_mm(v) for v in pl.keep]}
    w, h = turned_size(pl.rotation, pl.src_w, pl.src_h)
    x0, y0 = max(pl.x, pl.x - pl.ox), max(pl.y, pl.y - pl.oy)
    x1, y1 = min(pl.x + pl.w, pl.x - pl.ox + w), min(pl.y + pl.h, pl.y - pl.oy + h)
    return {"design": pl.design, "trim_mm": [_mm(x0), _mm(y0), _mm(x1 - x0), _mm(y1 - y0)], "rotation": pl.rotation,
            "tile": pl.tile, "board_window_mm": [_mm(pl.ox), _mm(pl.oy), _mm(pl.w), _mm(pl.h)],
            "page_window_mm": [_mm(pl.x), _mm(pl.y), _mm(pl.w), _mm(pl.h)]}


def manifest(game_id: str, options: dict[str, Any], specs: list[DesignSpec], bleed_mm: float,
             files: dict[str, dict[str, str | None]], plan: SheetPlan | None, sheets_file: str | None,
             extra: dict[str, Any] | None = None) -> str:
    designs = []
    for s in specs:
        c = s.component
        design: dict[str, Any] = {"id": s.id, "component": c.id, "face": s.face, "shape": c.shape,
                                  "trim_mm": [_mm(c.width_mm), _mm(c.height_mm)], "bleed_mm": _mm(bleed_mm),
                                  "count": s.count, **files[s.id]}
        design["back"] = s.back
        if s.player is not None:
            design["player"] = s.player.id
        designs.append(design)
    doc: dict[str, Any] = {"game": game_id, "options": options, "designs": designs}
    if plan is not None and sheets_file:
        pages = []
        for page in plan.pages:
            entry: dict[str, Any] = {"index": page.index, "side": page.side}
            if page.backs_of is not None:
                entry["backs_of"] = page.backs_of
            entry["pieces"] = [_piece(pl) for pl in page.placements]
            folds = [o for o in page.outlines if o.kind == "fold"]
            if folds:
                entry["fold_lines"] = len(folds)
            if page.pairs:    # --duplex fold: pieces[front] and pieces[back] fold together along fold_mm
                entry["fold_pairs"] = [{"front": f.front, "back": f.back, "fold_mm": [_mm(v) for v in f.line]}
                                       for f in page.pairs]
            pages.append(entry)
        doc["sheets"] = {"file": sheets_file, "page_mm": [_mm(v) for v in plan.options.page_mm], "pages": pages}
    doc.update(extra or {})
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
