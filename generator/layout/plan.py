"""The sheet plan: pure geometry in millimetres, top-left origin, y down (like SVG).

Packing, marks and duplex mirroring produce these values; only the output stage draws them. So
bleed, gaps, mark positions and mirrored backs get exact numeric tests with no PDF parsing.
"""

from __future__ import annotations

from generator.common.units import rounded
from dataclasses import dataclass, field

from generator.layout.paper import PAPERS_MM as PAPERS_MM, paper_mm   # still importable from here

MARKS = ("crop", "lines", "both", "none")
DUPLEX = ("long", "short", "none", "fold")   # fold: each back beside its front (layout/fold.py)

BACK_SCALES = (0.5, 2.0)   # a back printed at under half or over twice its front's size is not a printer's error
MARGIN_MM = 5.0        # a home printer's unprintable edge: nothing is drawn closer to the paper edge
MARK_OFFSET_MM = 0.5   # crop marks start this far beyond the bleed edge (so at least bleed + 0.5 from trim)
MARK_MIN_MM = 3.0      # the band packing reserves for marks; marks grow into free space up to
MARK_MAX_MM = 5.0      # this length
GUTTER_MM = 1.25       # between the trims of neighbours that share their bleed (print-then-cut, image decks):
                       # each keeps half of it, silhouette-card-maker's published spacing


@dataclass(frozen=True)
class SheetOptions:
    paper: str = "a4"
    bleed_mm: float = 3.0
    marks: str = "crop"
    duplex: str = "long"
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    registration: bool = False             # print-then-cut marks (layout/registration.py) and their margin
    reg_inset_mm: float | None = None      # the marks' inset from the paper edge, as set in the cutter's software
    reg_corners: int | None = None         # the marks' pattern: 3 corners (square and two L's) or 4 (four L's)
    back_scale: float = 1.0                # a printer profile's back size relative to its front (0.98: 2 % short)

    @property
    def reg_inset(self) -> float:
        """The registration marks' inset: as given, else 10 mm (Silhouette Studio's smallest)."""
        return 10.0 if self.reg_inset_mm is None else self.reg_inset_mm

    @property
    def corners(self) -> int:
        """The registration marks' pattern: as given, else 3 (Silhouette Type 1)."""
        return 3 if self.reg_corners is None else self.reg_corners

    @property
    def back_zoom(self) -> tuple[float, float, float] | None:
        """How a back page is drawn to undo the printer's scale: enlarged by 1/back_scale about the back's centre as
        drawn (the page centre shifted by the back offset, where the offset was measured, so it stays right) as
        (factor, dx, dy): p -> factor * p + (dx, dy). None at scale 1, so such builds stay byte for byte the same."""
        if self.back_scale == 1:
            return None
        k = 1 / self.back_scale
        w, h = self.page_mm
        cx, cy = w / 2 + self.back_offset_mm[0], h / 2 + self.back_offset_mm[1]
        return k, (1 - k) * cx, (1 - k) * cy

    @property
    def page_mm(self) -> tuple[float, float]:
        return paper_mm(self.paper)


@dataclass(frozen=True)
class PieceInput:
    """One kind of piece to impose: a front design, its size, shape and how many copies."""

    design: str
    back: str | None
    w: float
    h: float
    shape: str
    count: int
    cut: str = ""                          # SVG path of the trim outline, trim coordinates
    folds: tuple[tuple[float, float, float, float], ...] = ()
    rotatable: bool = True
    tileable: bool = False                 # a board: split across pages when larger than the paper
    shares_bleed: bool = False             # a picture of an image deck: packed with a gutter, sharing bleed


@dataclass(frozen=True)
class Placement:
    """A piece on a page: its trim rectangle (after rotation) and how much bleed it keeps per side."""

    design: str
    x: float
    y: float
    w: float
    h: float
    rotation: int = 0                       # clockwise degrees: 0, 90, 180 or 270 (layout/turn.py)
    keep: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)   # bleed kept left, top, right, bottom
    shape: str = "rect"
    cut: str = ""
    src_w: float = 0.0                      # trim size of the design itself (before rotation)
    src_h: float = 0.0
    ox: float = 0.0                         # the design's trim coordinate shown at (x, y): non-zero only
    oy: float = 0.0                         # for a tile of a board larger than the paper
    tile: str = ""                          # that tile's assembly label ("A1")

    @property
    def trim(self) -> tuple[float, float, float, float]:
        return (rounded(self.x, 3), rounded(self.y, 3), rounded(self.w, 3), rounded(self.h, 3))


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    kind: str  # "crop", "cut" or "fold"

    def snapped(self) -> Line:
        """The line with its ends rounded to 0.0001 mm, as the sheet writers draw it."""
        return Line(rounded(self.x1, 4), rounded(self.y1, 4), rounded(self.x2, 4), rounded(self.y2, 4), self.kind)


@dataclass(frozen=True)
class Fill:
    """A filled vector shape in page coordinates (an SVG path, mm): the calibration sheet's markers and code."""

    path: str
    kind: str = "code"


@dataclass(frozen=True)
class Outline:
    """A cut outline of a non-rectangular piece, or a fold line, in page coordinates."""

    path: str               # trim-coordinate path of the design
    x: float                # where the design's trim origin lands on the page
    y: float
    rotation: int
    src_w: float
    src_h: float
    kind: str = "cut"


@dataclass(frozen=True)
class Text:
    x: float
    y: float                                # baseline
    text: str
    size_pt: float = 7.0
    anchor: str = "start"                   # start, middle or end
    weight: int = 400
    angle: int = 0                          # degrees, clockwise, about (x, y): -90 reads bottom to top


@dataclass(frozen=True)
class Page:
    index: int
    side: str                               # "front" or "back"
    placements: tuple[Placement, ...]
    lines: tuple[Line, ...] = ()
    outlines: tuple[Outline, ...] = ()
    texts: tuple[Text, ...] = ()
    backs_of: int | None = None
    pairs: tuple[FoldPair, ...] = ()         # --duplex fold: fronts and the backs folded over them
    fills: tuple[Fill, ...] = ()             # filled shapes (the calibration sheet's markers and code)


@dataclass(frozen=True)
class FoldPair:
    """A front and its back side by side on one page (indexes into the page's placements), and the fold
    line between them: the back's trim reflected across that line is the front's."""

    front: int
    back: int
    line: tuple[float, float, float, float]


@dataclass(frozen=True)
class SheetPlan:
    options: SheetOptions
    pages: tuple[Page, ...] = field(default_factory=tuple)
    notes: tuple[str, ...] = ()              # said in the build summary (pieces too large to fold)
