"""Boards larger than the paper, split into tiles that overlap, with alignment marks and labels.

Tiles are labelled by row letter and column number (A1, A2, ... B1). Every tile but the first
column is cut along its left art edge, every tile but the first row along its top edge; the cut
edge is laid over the neighbour's overlap strip, where a dashed line shows where it goes and
registration crosses, printed on both tiles at the same board position, line the two up.
"""

from __future__ import annotations

import math
import string

from generator.common.units import rounded
from generator.common.errors import OptionError
from generator.layout.pack import printable
from generator.layout.paper import paper_words
from generator.layout.plan import MARK_MAX_MM, MARK_OFFSET_MM, Line, Page, PieceInput, Placement, SheetOptions, Text
from generator.layout.turn import turned_size

OVERLAP_MM = 12.0      # the strip a tile shares with its right and lower neighbours
TOP_BAND_MM = 11.0     # label and assembly map above the art
SIDE_BAND_MM = MARK_OFFSET_MM + MARK_MAX_MM
CROSS_MM = 3.0         # half the size of a registration cross


def tile_label(row: int, col: int) -> str:
    return f"{string.ascii_uppercase[row]}{col + 1}"


def _spans(length: float, window: float) -> list[tuple[float, float]]:
    """Equal windows covering `length` with OVERLAP_MM shared between neighbours."""
    if length <= window:
        return [(0.0, length)]
    n = math.ceil((length - OVERLAP_MM) / (window - OVERLAP_MM))
    step = (length - OVERLAP_MM) / n
    return [(rounded(i * step, 4), rounded(step + OVERLAP_MM, 4)) for i in range(n)]


def _tiling(piece: PieceInput, options: SheetOptions) -> tuple[int, list, list]:
    """Rotation and the column and row windows, turned a quarter when that takes fewer sheets
    (windows are then in the turned board's coordinates)."""
    b = options.bleed_mm
    area = printable(options)
    win_w = area.w - 2 * SIDE_BAND_MM
    win_h = area.h - TOP_BAND_MM - SIDE_BAND_MM
    layouts = []
    for rotation in (0, 90):
        full_w, full_h = turned_size(rotation, piece.w + 2 * b, piece.h + 2 * b)
        cols, rows = _spans(full_w, win_w), _spans(full_h, win_h)
        layouts.append((len(cols) * len(rows), rotation, cols, rows))
    _, rotation, cols, rows = min(layouts, key=lambda t: (t[0], t[1]))
    return rotation, cols, rows


def board_pages(piece: PieceInput, options: SheetOptions) -> int:
    """How many sheets one copy of a board larger than the paper takes."""
    _, cols, rows = _tiling(piece, options)
    return len(cols) * len(rows)


def tile_board(piece: PieceInput, options: SheetOptions, first_index: int, title: str,
               sheet: tuple[int, int]) -> list[Page]:
    """One page per tile; windows include the bleed on the board's outer edges. `sheet`: the first
    tile's sheet number and the build's sheet count, for the label's "sheet n of N"."""
    if piece.back:
        raise OptionError(f'"{piece.design}" is larger than the paper and double-sided; '
                          "a tiled board can only be single-sided")
    b = options.bleed_mm
    area = printable(options)
    rotation, cols, rows = _tiling(piece, options)
    if len(rows) > len(string.ascii_uppercase):
        raise OptionError(f'"{piece.design}" needs more than 26 rows of tiles on {options.paper}; choose a larger paper')
    pages: list[Page] = []
    for r, (sy, sh) in enumerate(rows):
        for c, (sx, sw) in enumerate(cols):
            x0 = area.x + (area.w - sw) / 2
            y0 = area.y + TOP_BAND_MM
            ox, oy = sx - b, sy - b                   # board trim coordinates of the window's corner
            label = tile_label(r, c)
            place = Placement(piece.design, rounded(x0, 4), rounded(y0, 4), rounded(sw, 4), rounded(sh, 4), rotation,
                              (0.0, 0.0, 0.0, 0.0), piece.shape, piece.cut, piece.w, piece.h,
                              rounded(ox, 4), rounded(oy, 4), label)
            lines = _edge_marks(x0, y0, sw, sh, c, r, len(cols), len(rows), b)
            lines += _alignment(x0, y0, sw, sh, c, r, len(cols), len(rows))
            texts = [Text(area.x, area.y + 7.5, label, 20, "start", 700),
                     Text(area.x + 16, area.y + 4.2, f"{title} · sheet {sheet[0] + len(pages)} "
                          f"of {sheet[1]} · tile {label} of {len(rows) * len(cols)} ({len(rows)} rows x {len(cols)} columns) · "
                          f"{paper_words(options.paper)} at 100 % (actual size) · print single-sided", 6.5),
                     Text(area.x + 16, area.y + 8.2, _instructions(c, r), 6.5)]
            lines += _assembly_map(area.x + area.w, area.y + 1, r, c, len(rows), len(cols))
            pages.append(Page(first_index + len(pages), "front", (place,), tuple(lines), (), tuple(texts)))
    return pages


def _instructions(col: int, row: int) -> str:
    cuts = [side for side, needed in (("left", col > 0), ("top", row > 0)) if needed]
    first = f"Cut the {' and '.join(cuts)} edge along the art; " if cuts else "Keep this tile whole; "
    return first + "lay each cut edge on its neighbour's dashed line and match the crosses."


def _edge_marks(x0, y0, w, h, col, row, cols, rows, b) -> list[Line]:
    """Crop marks on the board's own trim lines, and on the cut edges of the window."""
    lines = []
    length, gap = MARK_MAX_MM - 1.5, MARK_OFFSET_MM
    xs, ys = _cut_positions(x0, w, col, cols, b), _cut_positions(y0, h, row, rows, b)
    for x in xs:
        lines.append(Line(x, y0 - gap - length, x, y0 - gap, "crop"))
        lines.append(Line(x, y0 + h + gap, x, y0 + h + gap + length, "crop"))
    for y in ys:
        lines.append(Line(x0 - gap - length, y, x0 - gap, y, "crop"))
        lines.append(Line(x0 + w + gap, y, x0 + w + gap + length, y, "crop"))
    return [l.snapped() for l in lines]


def _cut_positions(start: float, size: float, k: int, n: int, b: float) -> list[float]:
    """Along one axis: the board's trim lines on its first and last tile, and the cut edge of every later one."""
    out = []
    if k == 0:
        out.append(start + b)
    if k == n - 1:
        out.append(start + size - b)
    if k > 0:
        out.append(start)
    return out


def _cross(x: float, y: float) -> list[Line]:
    out = []
    for kind in ("halo", "reg"):
        out.append(Line(x - CROSS_MM, y, x + CROSS_MM, y, kind))
        out.append(Line(x, y - CROSS_MM, x, y + CROSS_MM, kind))
    return out


def _alignment(x0, y0, w, h, col, row, cols, rows) -> list[Line]:
    """Where the right and lower neighbours' cut edges go, and crosses shared with every neighbour."""
    lines: list[Line] = []
    if col < cols - 1:
        ex = x0 + w - OVERLAP_MM
        lines += [Line(ex, y0, ex, y0 + h, "halo"), Line(ex, y0, ex, y0 + h, "align")]
    if row < rows - 1:
        ey = y0 + h - OVERLAP_MM
        lines += [Line(x0, ey, x0 + w, ey, "halo"), Line(x0, ey, x0 + w, ey, "align")]
    for side in ("left", "right", "top", "bottom"):
        if (side == "left" and col == 0) or (side == "right" and col == cols - 1) or \
           (side == "top" and row == 0) or (side == "bottom" and row == rows - 1):
            continue
        for f in (0.25, 0.75):
            if side in ("left", "right"):
                x = x0 + OVERLAP_MM / 2 if side == "left" else x0 + w - OVERLAP_MM / 2
                lines += _cross(x, y0 + h * f)
            else:
                y = y0 + OVERLAP_MM / 2 if side == "top" else y0 + h - OVERLAP_MM / 2
                lines += _cross(x0 + w * f, y)
    return [l.snapped() for l in lines]


def _assembly_map(right: float, top: float, row: int, col: int, rows: int, cols: int) -> list[Line]:
    """A small grid of the tiles, ending at `right`, with this tile crossed out."""
    cell = 2.6
    x0 = right - cols * cell
    lines = []
    for r in range(rows + 1):
        lines.append(Line(x0, top + r * cell, x0 + cols * cell, top + r * cell, "map"))
    for c in range(cols + 1):
        lines.append(Line(x0 + c * cell, top, x0 + c * cell, top + rows * cell, "map"))
    cx, cy = x0 + col * cell, top + row * cell
    lines += [Line(cx, cy, cx + cell, cy + cell, "map"), Line(cx + cell, cy, cx, cy + cell, "map")]
    return [l.snapped() for l in lines]
