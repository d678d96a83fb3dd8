"""The print-and-play kit put together: its cover art as an SVG for Typst, and the one PDF bound from the kit's
own pages, the rulebook and the sheets (pikepdf), with bookmarks to each part.

The cover art is the spec's (`cover:`, or the art named `cover` or `emblem`), after a theme, read and made
safe by the same reader as every design's art (render/art.py) and drawn in the build's style. The sheets are
the very file the sheets format wrote: the kit holds the same pages, not a second layout of them.
"""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf

from generator.common.units import fmt_number
from generator.load.theme import Appearance
from generator.model.game import ArtSource, Game
from generator.output.shop import save_pdf

COVER_MM = (110.0, 95.0)      # the largest box the cover art is drawn in (it keeps its proportions)
SVG_NS = "http://www.w3.org/2000/svg"


def cover_svg(game: Game, look: Appearance) -> tuple[str, tuple[float, float]] | None:
    """The cover art as a standalone SVG and the box it fills in mm; None for a title-only cover (no art named,
    or a placeholder for a file not there yet)."""
    from generator.render.art import load_art
    from generator.render.ink import ink_saver

    source = look.art.get(game.cover) if game.cover else None
    if not isinstance(source, ArtSource):
        return None
    art = load_art(source, look.style.line_art, look.placeholders)
    if art.kind == "placeholder":
        return None
    ratio = (art.pixels[0] / art.pixels[1]) if art.pixels else (art.view_box[2] / art.view_box[3])
    w, h = COVER_MM
    w, h = (w, w / ratio) if w / ratio <= h else (h * ratio, h)
    size = f'width="{fmt_number(w)}mm" height="{fmt_number(h)}mm" viewBox="0 0 {fmt_number(w)} {fmt_number(h)}"'
    svg = (f'<svg xmlns="{SVG_NS}" xmlns:xlink="http://www.w3.org/1999/xlink" {size}>'
           f'{art.markup("cover", 0, 0, w, h)}</svg>')
    return (ink_saver(svg, "the kit's cover") if look.style.ink_saver else svg), (w, h)


def page_count(pdf: bytes) -> int:
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        return len(doc.pages)


def bind(own: bytes, rulebook: pikepdf.Pdf | None, sheets: Path, target: Path, title: str) -> None:
    """`target`: the kit's own pages, the rulebook's, then the sheets', with a bookmark to each part (the own
    pages' headings keep theirs). Same inputs, same bytes."""
    with pikepdf.open(io.BytesIO(own)) as front, pikepdf.open(sheets) as sheet_pdf, pikepdf.new() as out:
        marks = [("Cover", 0)] + _headings(front)
        out.pages.extend(front.pages)
        if rulebook is not None:
            marks.append(("Rulebook", len(out.pages)))
            out.pages.extend(rulebook.pages)
        marks.append(("Sheets", len(out.pages)))
        out.pages.extend(sheet_pdf.pages)
        with out.open_outline() as outline:
            outline.root.extend(pikepdf.OutlineItem(name, index) for name, index in marks)
        out.Root.PageMode = pikepdf.Name.UseOutlines
        out.docinfo = out.make_indirect(pikepdf.Dictionary(Title=pikepdf.String(f"{title}: print-and-play kit"),
                                                           Creator=pikepdf.String("Punchboard")))
        save_pdf(out, target, deterministic_id=True, compress_streams=True,
                 object_stream_mode=pikepdf.ObjectStreamMode.generate)


def _headings(front: pikepdf.Pdf) -> list[tuple[str, int]]:
    """The bookmarks Typst made of the own pages' headings, as (title, page index)."""
    found = []
    with front.open_outline() as outline:
        for item in outline.root:
            dest = item.destination
            if isinstance(dest, pikepdf.Array) and len(dest):
                found.append((item.title, pikepdf.Page(dest[0]).index))
    return found
