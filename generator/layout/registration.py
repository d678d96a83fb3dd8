"""Registration marks for print-then-cut machines, and the room they leave for pieces.

A cutting machine's optical eye finds the marks on the printed sheet and cuts the paths of the cut file in
the same sheet coordinates. Two patterns (`--reg-corners`):

- 3 (default; Silhouette "Type 1", every Silhouette but the Cameo 5 Alpha): a filled 5 mm square in the
  top-left corner and an L in the top-right and bottom-left corners;
- 4 (the Cameo 5 Alpha's pattern, as other newer cutters read): an L in each of the four corners.

Each L has arms of LENGTH_MM, THICK_MM thick, its outer corner `inset` mm inside both paper edges (10 mm by
default, the smallest inset Silhouette Studio's Registration Marks panel accepts; `--reg-inset` for other
machines). 5 mm and 0.5 mm are the shortest and thinnest marks the panel takes (5-20 mm, 0.5-1 mm, as
silhouette-card-maker's layout code bounds them): short marks leave the corners to the pieces.

The room: nothing is printed in a mark's zone, its LENGTH_MM square box (the hatched square Silhouette Studio
keeps clear round a mark) grown by CLEAR_MM; every cut (a piece's trim) lies inside the marks' frame, the
rectangle `inset` in from the paper edges, where the machine cuts; ink (bleed, crop marks, the footer) may
go on out to the home printer's margin away from the zones.
"""

from __future__ import annotations

from generator.layout.plan import MARGIN_MM, Line

INSET_MM = 10.0          # from the paper edge to each mark's outer edge: Silhouette Studio's smallest
SQUARE_MM = 5.0          # the top-left square's side
LENGTH_MM = 5.0          # each arm of an L: Silhouette Studio's shortest
THICK_MM = 0.5           # an arm's thickness: Silhouette Studio's thinnest
CLEAR_MM = 0.25          # kept free of ink round each mark's box, beyond the box itself
CORNERS = (3, 4)         # the patterns: marks in three corners (square and two L's) or four (four L's)

Box = tuple[float, float, float, float]        # x, y, w, h in sheet millimetres, y down


def mark_boxes(page_w: float, page_h: float, inset: float = INSET_MM, corners: int = 3) -> dict[str, Box]:
    """Each mark's box by corner: "top_left" (the square, or an L with four corners), "top_right", "bottom_left"
    and, with four corners, "bottom_right"."""
    n, right, bottom = LENGTH_MM, page_w - inset, page_h - inset
    boxes = {"top_left": (inset, inset, SQUARE_MM, SQUARE_MM) if corners == 3 else (inset, inset, n, n),
             "top_right": (right - n, inset, n, n), "bottom_left": (inset, bottom - n, n, n)}
    if corners == 4:
        boxes["bottom_right"] = (right - n, bottom - n, n, n)
    return boxes


def zones(page_w: float, page_h: float, inset: float = INSET_MM, corners: int = 3) -> list[Box]:
    """The places kept free of ink: each mark's corner box, LENGTH_MM square (the square mark's too), grown by
    CLEAR_MM."""
    n, c = max(LENGTH_MM, SQUARE_MM), CLEAR_MM
    near, far_x, far_y = inset - c, page_w - inset - n - c, page_h - inset - n - c
    spots = {"top_left": (near, near), "top_right": (far_x, near), "bottom_left": (near, far_y),
             "bottom_right": (far_x, far_y)}
    return [(*spots[key], n + 2 * c, n + 2 * c) for key in mark_boxes(page_w, page_h, inset, corners)]


def ink_area(page_w: float, page_h: float, bleed: float, inset: float = INSET_MM) -> Box:
    """Where pieces with their bleed go: their trims inside the marks' frame (`inset` in from the edges), their
    bleed on out to the printer's margin at most."""
    edge = max(MARGIN_MM, inset - bleed)
    return (edge, edge, page_w - 2 * edge, page_h - 2 * edge)


def registration_lines(page_w: float, page_h: float, inset: float = INSET_MM, corners: int = 3) -> list[Line]:
    """The marks as lines drawn with butt caps at their own width (the square is one thick stroke)."""
    t, out = THICK_MM, []
    for key, (x, y, w, h) in mark_boxes(page_w, page_h, inset, corners).items():
        if key == "top_left" and corners == 3:
            out.append(Line(x, y + h / 2, x + w, y + h / 2, "reg-square"))
            continue
        row = y + t / 2 if key.startswith("top") else y + h - t / 2          # the arm along the top or bottom
        col = x + t / 2 if key.endswith("left") else x + w - t / 2           # the arm along the left or right
        out += [Line(x, row, x + w, row, "reg-line"), Line(col, y, col, y + h, "reg-line")]
    return out


def marked(page) -> bool:
    """Whether a planned page carries the marks (a page of pieces too large for them does not)."""
    return any(line.kind in ("reg-square", "reg-line") for line in page.lines)


def l_outline(box: Box, key: str, t: float = THICK_MM) -> list[tuple[float, float]]:
    """An L's six corners (sheet millimetres), starting at its outer corner: its arms run along the paper's
    edges from there."""
    x, y, w, h = box
    ox, ix = (x, x + t) if key.endswith("left") else (x + w, x + w - t)     # outer and inner x of the upright arm
    oy, iy = (y, y + t) if key.startswith("top") else (y + h, y + h - t)
    far_x = x + w if key.endswith("left") else x
    far_y = y + h if key.startswith("top") else y
    return [(ox, oy), (far_x, oy), (far_x, iy), (ix, iy), (ix, far_y), (ox, far_y)]
