"""The footer every home-print page carries, and the strip packing keeps free for it.

The footer tells a person how to print the page: sheet n of N, at 100 % (actual size), single-
or double-sided and with which flip. It sits in a strip of the printable area that packing never
uses: along the bottom edge, or along the right edge (read bottom to top) when that leaves
room for more pieces, as when eight poker cards fill an A4 page from top to bottom.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.layout.pack import Rect, printable
from generator.layout.plan import SheetOptions, Text

FOOTER_PT = 6.0
FOOTER_MM = 2.6          # the strip's depth: a 6 pt line of text with its descenders


@dataclass(frozen=True)
class Footer:
    edge: str            # "bottom" or "right"
    area: Rect           # the printable area left for pieces and their marks

    def text(self, words: str, options: SheetOptions, back: bool = False) -> Text:
        """The footer line on a front page, or at the mirrored place on its back page."""
        full = printable(options)
        baseline = FOOTER_MM * 0.72
        if self.edge == "bottom":
            x, y, anchor = full.x, full.bottom - FOOTER_MM + baseline, "start"
            if back and options.duplex == "long":
                x, anchor = full.right, "end"
            if back and options.duplex == "short":
                y = full.y + baseline
            return Text(x, y, words, FOOTER_PT, anchor)
        x, y, anchor = full.right - FOOTER_MM + baseline, full.bottom, "start"
        if back and options.duplex == "long":
            x = full.x + baseline
        if back and options.duplex == "short":
            y, anchor = full.y, "end"
        return Text(x, y, words, FOOTER_PT, anchor, angle=-90)


def footers(options: SheetOptions) -> list[Footer]:
    """The places a footer can go, bottom first (preferred when both hold the same pieces)."""
    full = printable(options)
    return [Footer("bottom", Rect(full.x, full.y, full.w, full.h - FOOTER_MM)),
            Footer("right", Rect(full.x, full.y, full.w - FOOTER_MM, full.h))]


def how_to_print(options: SheetOptions, double: bool, duplex_pages: int) -> str:
    if not double:
        return "print single-sided"
    if options.duplex == "none":
        return f"pages 1-{duplex_pages}: backs on their own pages, not mirrored: print single-sided and cut each"
    return f"pages 1-{duplex_pages}: print double-sided, {options.duplex}-edge flip"
