"""The footer every home-print page carries, and the place packing keeps free for it.

The footer tells a person how to print the page: sheet n of N, at 100 % (actual size), single-
or double-sided and with which flip. It goes where the packed page has room left, clear of every
mark (reading along the page, else up it); only a page with no such room is packed clear of a strip
along the bottom edge, or along the right edge (read bottom to top) when that leaves room for more
pieces, as when eight poker cards fill an A4 page from top to bottom.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.common.units import rounded
from generator.layout.pack import PackedPage, Rect, keep_outs, printable
from generator.layout.rects import overlaps
from generator.layout.plan import SheetOptions, Text
from generator.layout.turn import Flip

FOOTER_PT = 6.0
FOOTER_MM = 2.6          # the strip's depth: a 6 pt line of text with its descenders


@dataclass(frozen=True)
class Footer:
    edge: str            # "bottom" (the line reads along the page) or "right" (it reads up the page)
    area: Rect           # the printable area left for pieces and their marks
    spot: Rect | None = None   # where the line goes: a strip along the edge, or a free place on the page

    def text(self, words: str, options: SheetOptions, back: bool = False) -> Text:
        """The footer line on a front page, or at the mirrored place on its back page."""
        full = printable(options)
        spot = self.spot or strip(self.edge, full, keep_outs(options))
        page_w, page_h = options.page_mm
        baseline = FOOTER_MM * 0.72
        flip = Flip(options.duplex if back else "none")
        if self.edge == "bottom":
            x, y, anchor = spot.x, spot.bottom - FOOTER_MM + baseline, "start"
            if flip.swaps_x:
                x, anchor = flip.x(spot.x, 0, page_w), "end"
            if flip.swaps_y:
                y = flip.y(spot.bottom, 0, page_h) + baseline
            return Text(x, y, words, FOOTER_PT, anchor)
        x, y, anchor = spot.right - FOOTER_MM + baseline, spot.bottom, "start"
        if flip.swaps_x:
            x = flip.x(spot.right, 0, page_w) + baseline
        if flip.swaps_y:
            y, anchor = flip.y(spot.bottom, 0, page_h), "end"
        return Text(x, y, words, FOOTER_PT, anchor, angle=-90)


def strip(edge: str, full: Rect, keep_out: tuple[Rect, ...] = ()) -> Rect:
    """The footer's strip along the bottom or the right edge of the printable area, shortened to the longest
    stretch clear of `keep_out` (the registration marks' zones)."""
    if edge == "bottom":
        s = Rect(full.x, full.bottom - FOOTER_MM, full.w, FOOTER_MM)
        cuts = sorted((k.x, k.right) for k in keep_out if overlaps(k, s))
        start, end = _clear_stretch(s.x, s.right, cuts)
        return Rect(start, s.y, end - start, FOOTER_MM)
    s = Rect(full.right - FOOTER_MM, full.y, FOOTER_MM, full.h)
    start, end = _clear_stretch(s.y, s.bottom, sorted((k.y, k.bottom) for k in keep_out if overlaps(k, s)))
    return Rect(s.x, start, FOOTER_MM, end - start)


def _clear_stretch(start: float, end: float, cuts: list[tuple[float, float]]) -> tuple[float, float]:
    """The longest part of [start, end] outside the sorted intervals `cuts` (the first of equals)."""
    best, here = (start, start), start
    for a, b in cuts + [(end, end)]:
        if a - here > best[1] - best[0]:
            best = (here, a)
        here = max(here, b)
    return best


def footers(options: SheetOptions) -> list[Footer]:
    """The places a footer can go, bottom first (preferred when both hold the same pieces)."""
    full = printable(options)
    return [Footer("bottom", Rect(full.x, full.y, full.w, full.h - FOOTER_MM)),
            Footer("right", Rect(full.x, full.y, full.w - FOOTER_MM, full.h))]


def footer_length(words: str) -> float:
    """A generous estimate of the footer line's length in mm (Lato at FOOTER_PT: about 0.45 em a letter,
    0.55 em a digit; 1 em a CJK character), so the place kept for it is never too short."""
    em = FOOTER_PT * 25.4 / 72
    return rounded(sum(0.6 if ch.isascii() else 1.05 for ch in words) * em + 2.0, 1)


def packed_footer(page: PackedPage) -> Footer:
    """The footer of a page packed by `pack_pages`: in its strip or in the free place found for it."""
    edge = "bottom" if page.label.w >= page.label.h else "right"
    return Footer(edge, page.area, page.label)


def how_to_print(options: SheetOptions, double: bool, duplex_pages: int) -> str:
    if not double:
        return "print single-sided"
    return f"pages 1-{duplex_pages}: {backs_words(options)}"


def backs_words(options: SheetOptions) -> str:
    """How the pages that carry backs are printed (long, short or none; fold has no such pages): the footer's
    words, and the print-and-play kit's."""
    if options.duplex == "none":
        return "backs on their own pages, not mirrored: print single-sided and cut each"
    return f"print double-sided, {options.duplex}-edge flip"
