"""Registration marks for print-then-cut machines, and the room they need.

A cutting machine's optical eye finds three marks on the printed sheet and cuts the paths of the cut file
in the same sheet coordinates. These are Silhouette "Type 1" marks: a filled 5 mm square in the top-left
corner and an L of 20 mm arms, 0.5 mm thick, in the top-right and bottom-left corners, `inset` mm inside the
paper edge: 10 mm by default, the smallest inset Silhouette Studio's Registration Marks panel accepts
(`--reg-inset` for other machines). The eye must see nothing but the marks near them, so nothing is printed
within CLEAR_MM of a mark's box: pieces are packed clear of bands along the top and bottom edges that hold the
marks' zones, and inside the inset plus that clearance at the sides.
"""

from __future__ import annotations

from generator.layout.plan import Line

INSET_MM = 10.0          # from the paper edge to each mark's outer edge: Silhouette Studio's smallest
SQUARE_MM = 5.0          # the top-left square's side
LENGTH_MM = 20.0         # each arm of an L
THICK_MM = 0.5           # an arm's thickness
CLEAR_MM = 3.0           # kept free of ink around each mark's box, so the eye sees the mark alone


def clear_area(page_w: float, page_h: float, inset: float = INSET_MM) -> tuple[float, float, float, float]:
    """The rectangle [x, y, w, h] pieces, their marks and the footer stay inside: below the top marks' zones,
    above the bottom-left one, and the inset plus the clearance in from the sides."""
    band, side = inset + LENGTH_MM + CLEAR_MM, inset + CLEAR_MM
    return (side, band, page_w - 2 * side, page_h - 2 * band)


def registration_lines(page_w: float, page_h: float, inset: float = INSET_MM) -> list[Line]:
    """The three marks as lines drawn with butt caps at their own width (a square is one thick stroke)."""
    i, s, n, t = inset, SQUARE_MM, LENGTH_MM, THICK_MM
    right, bottom = page_w - i, page_h - i
    return [
        Line(i, i + s / 2, i + s, i + s / 2, "reg-square"),
        Line(right - n, i + t / 2, right, i + t / 2, "reg-line"),          # top right: along the top
        Line(right - t / 2, i, right - t / 2, i + n, "reg-line"),          # and down the right side
        Line(i, bottom - t / 2, i + n, bottom - t / 2, "reg-line"),        # bottom left: along the bottom
        Line(i + t / 2, bottom - n, i + t / 2, bottom, "reg-line"),        # and up the left side
    ]


def marked(page) -> bool:
    """Whether a planned page carries the marks (a page of pieces too large for them does not)."""
    return any(line.kind == "reg-square" for line in page.lines)


def registration_box(page_w: float, page_h: float, inset: float = INSET_MM) -> dict[str, list[float]]:
    """Each mark's rectangle [x, y, w, h] in sheet millimetres (for the manifest and the cut file)."""
    i, s, n, t = inset, SQUARE_MM, LENGTH_MM, THICK_MM
    return {"square": [i, i, s, s], "top_right": [page_w - i - n, i, n, n], "bottom_left": [i, page_h - i - n, n, n],
            "thickness": [t]}
