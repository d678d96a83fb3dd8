"""Registration marks for print-then-cut machines, and the margin they need.

A cutting machine's optical eye finds three marks on the printed sheet and cuts the paths of the cut file
in the same sheet coordinates. These are Silhouette "Type 1" marks: a filled 5 mm square in the top-left
corner and an L of 20 mm arms, 0.5 mm thick, in the top-right and bottom-left corners, 5 mm inside the
paper edge (the home-print margin, so a 252 mm screen still fits A4; set Inset 5 mm, Length 20 mm,
Thickness 0.5 mm in Silhouette Studio's Registration Marks panel). Pieces keep clear: 11 mm margin.
"""

from __future__ import annotations

from generator.layout.plan import Line

INSET_MM = 5.0           # from the paper edge to each mark's outer edge
SQUARE_MM = 5.0          # the top-left square's side
LENGTH_MM = 20.0         # each arm of an L
THICK_MM = 0.5           # an arm's thickness
MARGIN_MM = INSET_MM + max(SQUARE_MM, THICK_MM) + 1.0   # nothing else is printed closer to the edge


def registration_lines(page_w: float, page_h: float) -> list[Line]:
    """The three marks as lines drawn with butt caps at their own width (a square is one thick stroke)."""
    i, s, n, t = INSET_MM, SQUARE_MM, LENGTH_MM, THICK_MM
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


def registration_box(page_w: float, page_h: float) -> dict[str, list[float]]:
    """Each mark's rectangle [x, y, w, h] in sheet millimetres (for the manifest and the cut file)."""
    i, s, n, t = INSET_MM, SQUARE_MM, LENGTH_MM, THICK_MM
    return {"square": [i, i, s, s], "top_right": [page_w - i - n, i, n, n], "bottom_left": [i, page_h - i - n, n, n],
            "thickness": [t]}
