"""The validated, frozen game model that the renderer and the solver both read.

Lengths are millimetres (`_mm`); counts are expanded; every value the rulebook does not give
carries its provenance. Nothing here touches the disk or knows about PDFs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from generator.common.errors import ProblemCollector, display_path
from generator.geometry.fit import Footprint
from generator.geometry.hexagon import hex_box_mm
from generator.geometry.hexmap import HexMap
from generator.geometry.outline import piece_outline_d
from generator.geometry.segment import Segment
from generator.model.columns import Column

KINDS = ("card", "tile", "hex-tile", "token", "screen", "standee", "board", "sheet")
SHAPES = ("rect", "rounded", "circle", "hex", "outline")
SOURCES = ("rulebook", "reference", "external", "designed")


def frozen_map(data: Mapping[str, Any] | None = None) -> Mapping[str, Any]:
    """A read-only view, so a model cannot be changed after validation."""
    return MappingProxyType(dict(data or {}))


PATTERNS = ("plain", "dots", "stripes", "checks", "waves", "seigaiha")   # what macros.svg.j2 pattern_def draws
FONT_WEIGHTS = (100, 200, 300, 400, 500, 600, 700, 800, 900)
FONT_STYLES = ("normal", "italic")


@dataclass(frozen=True)
class Provenance:
    """Where a value came from when the rulebook does not give it."""

    source: str
    note: str = ""


@dataclass(frozen=True)
class ArtSource:
    """An art file named by a spec or theme, and the folder it must stay inside."""

    path: Path
    base: Path
    named_in: str   # "components/niya/game.yaml:60: art.vegetation.maple", for messages


@dataclass(frozen=True)
class PlayerColour:
    """A seat's colour and the second cue (pattern or symbol) that keeps it readable in greyscale."""

    id: str
    name: str
    colour: str
    pattern: str = "plain"
    symbol: str = ""


@dataclass(frozen=True)
class TextPair:
    """Text drawn in palette role `text` on palette role `background`: what the colour checks measure."""

    text: str
    background: str
    large: bool = False     # WCAG large text (18 pt, or 14 pt bold): 3:1 suffices instead of 4.5:1


@dataclass(frozen=True)
class ColourChecks:
    """The spec's `colour_checks:`: whether colour warnings fail `pnp check`, and the text pairs to measure."""

    strict: bool = False
    text: tuple[TextPair, ...] = (TextPair("ink", "paper"),)


@dataclass(frozen=True)
class FontRole:
    family: str
    weight: int = 400
    style: str = "normal"


INK_SAVER = "ink-saver"           # a style every game has
INK_SAVER_NOTE = ("Large fills as paper or a light tint of their colour, text and outlines dark, patterns at a "
                  "middle tone, pictures lightened with their edges kept")


@dataclass(frozen=True)
class Style:
    """A rendering style: palette overrides, whether art is reduced to line art for colouring, and
    whether the finished designs are lightened to save ink (the built-in ink-saver)."""

    name: str
    palette: Mapping[str, str] = field(default_factory=frozen_map)
    line_art: bool = False
    note: str = ""
    palette_cmyk: Mapping[str, tuple[float, ...]] = field(default_factory=frozen_map)  # exact press colours (0-1)
    ink_saver: bool = False       # every design lightened by one pass after rendering (render/ink.py)


@dataclass(frozen=True)
class Face:
    """One printed side: its template and, for backs, the row fields the design depends on."""

    template: str
    vary_by: tuple[str, ...] | None = None  # None: every field of the row (a front)


@dataclass(frozen=True)
class Row:
    """One data row of a component: its field values (a declared column's typed), how many copies are printed,
    and for `pnp check` its cells as written and where it is (its table's row number, or its spec line)."""

    key: str
    fields: Mapping[str, Any]
    count: int
    line: int | None = None
    written: Mapping[str, Any] = field(default_factory=frozen_map)   # its cells before typing (as fields, undeclared)
    translations: Mapping[str, Mapping[str, Any]] = field(default_factory=frozen_map)  # language -> field -> cell


@dataclass(frozen=True)
class Component:
    """One component of the spec as validated: its size and shape, its faces' templates and its data rows."""

    id: str
    name: str
    kind: str
    shape: str
    width_mm: float
    height_mm: float
    front: Face
    back: Face | None
    rows: tuple[Row, ...]
    per_player: bool = False
    rows_from: str = ""         # the table its rows come from, as messages name it ("cafe/cards.csv"); "" inline
    from_images: bool = False   # its rows are a folder of card images (`rows: {images: DIR}`): an image deck
    corner_mm: float = 0.0
    fill_corners: bool | float = False   # images' round corners filled: True found in each image, a radius (mm) given
    hex_orientation: str = "pointy"
    params: Mapping[str, Any] = field(default_factory=frozen_map)
    folds: tuple[Segment, ...] = ()
    outline: str | None = None  # SVG path data in trim mm, for shape "outline"
    rotatable: bool = True
    hexmap: HexMap | None = None  # a board's spaces, drawn by its template and walked by the solver
    hex_space_mm: float = 0.0     # flat-to-flat size of one space of the hexmap
    hexmap_tiles: str | None = None  # the component whose row N covers resource space N
    panels: Mapping[str, tuple[float, float, float, float]] = field(default_factory=frozen_map)  # of a net
    stands_on_mm: tuple[float, float] | None = None   # a fold-up net's footprint once assembled
    spaces: Mapping[str, tuple[float, float]] = field(default_factory=frozen_map)  # named rectangles it prints
    fits: tuple["Fit", ...] = ()                       # which pieces sit on which of its spaces
    columns: Mapping[str, Column] = field(default_factory=frozen_map)   # its data columns' rules, by name

    def total_count(self, players: int) -> int:
        """Pieces printed: rows' counts, times the seats for a per-player component."""
        per_set = sum(r.count for r in self.rows)
        return per_set * players if self.per_player else per_set

    def footprint(self) -> Footprint:
        """What the piece covers lying (or, a net, standing) on a space."""
        if self.stands_on_mm is not None:
            return Footprint("rect", *self.stands_on_mm)
        if self.shape in ("circle", "hex"):
            return Footprint(self.shape, self.width_mm, self.height_mm, self.hex_orientation)
        return Footprint("rect", self.width_mm, self.height_mm)

    def space_footprint(self, name: str) -> Footprint:
        """A named rectangle of `spaces:`, or a space kind of the hex map (pointy hexes)."""
        if name in self.spaces:
            return Footprint("rect", *self.spaces[name])
        flat = self.hex_space_mm
        return Footprint("hex", *hex_box_mm(flat, "pointy"), "pointy")

    def cut_path(self) -> str:
        """The cut outline as SVG path data in trim coordinates."""
        return piece_outline_d(self.shape, self.width_mm, self.height_mm, self.hex_orientation, self.corner_mm,
                               self.outline)


@dataclass(frozen=True)
class Fit:
    """A piece that sits on a space of this component, with the gap it must leave on every side."""

    space: str
    holds: str
    clearance_mm: float
    where: str            # the spec key, for messages


@dataclass(frozen=True)
class Demand:
    """What a setup needs of one component: `total` pieces, or `each` per seat, plus returns to box."""

    component: str
    total: int | None = None
    each: int | None = None
    to_box: int = 0
    shared: int = 0       # beside `each`: pieces in play that belong to no player (a row face up for all, a common supply)
    exact: bool = False
    drawn: bool = False   # the setup takes its share from the whole set (at random, or a supply kept in play)

    @property
    def per_seat(self) -> int:
        """`each` of a demand without a `total`: the loader gives every demand exactly one of the two."""
        if self.each is None:
            raise ValueError(f"the demand of {self.component} has neither total nor each")
        return self.each


@dataclass(frozen=True)
class Invariant:
    """A fact the spec states about its own components and rows, proved by `pnp check` (solver/invariants.py):
    an expression of the templates' language, over the whole set, each row of a component, or each group."""

    name: str
    expect: str
    each: str | None = None      # a component: the expression holds for each of its rows
    by: str | None = None        # with `each`: for each group of rows sharing this column's value
    where: str = ""              # its key path in game.yaml (`invariants[2]`), for messages


@dataclass(frozen=True)
class SetupEntry:
    players: int
    demands: tuple[Demand, ...]


DEFAULT_LANGUAGE = "en"          # the language a spec's text is written in when it does not say
SHRINK_FLOOR_PT = 7.0            # text set smaller than this after shrinking to fit is reported (pnp check)


@dataclass(frozen=True)
class Language:
    """An edition's language as the spec's `languages:` declares it: what it changes beside the rows' text
    (their `field@code` columns). None and empty mean "as the default language has it"."""

    code: str
    title: str | None = None
    subtitle: str | None = None
    fonts: Mapping[str, FontRole] = field(default_factory=frozen_map)       # role -> font, over the game's
    labels: Mapping[str, str] = field(default_factory=frozen_map)           # over the game's labels
    players: Mapping[str, str] = field(default_factory=frozen_map)          # seat id -> its name
    shrink_floor_pt: float | None = None


@dataclass(frozen=True)
class Game:
    """A game's validated spec, read-only: what the renderer draws and the rules package reads."""

    id: str
    title: str
    folder: Path
    spec_file: Path
    players_min: int
    players_max: int
    player_colours: tuple[PlayerColour, ...]
    palette: Mapping[str, str]
    fonts: Mapping[str, FontRole]
    styles: Mapping[str, Style]
    art: Mapping[str, Any]  # name -> path, or field -> {value -> path}
    labels: Mapping[str, str]  # display names of data values ("iris" -> "Iris")
    components: tuple[Component, ...]
    setup: tuple[SetupEntry, ...]
    rules: Mapping[str, Any]
    notes: tuple[Mapping[str, Any], ...]
    provenance: Mapping[str, Provenance]
    subtitle: str = ""
    edition: str = ""
    rulebook: str = ""
    rulebook_pdf: str = ""          # the rulebook PDF the kit binds in, relative to the folder (output/kit_rulebook.py)
    cover: str = ""                 # the art name on the kit's cover ("": the title alone)
    tts_url: str = ""               # where the Tabletop Simulator images will be hosted ("": file:/// addresses)
    icons: Mapping[str, str] = field(default_factory=dict)   # inline icons of rich text: name -> art path
    rules_from: str | None = None   # the rules package that referees it, when not its own id (a copy)
    palette_cmyk: Mapping[str, tuple[float, ...]] = field(default_factory=frozen_map)  # exact press colours (0-1)
    lines: Mapping[str, int] = field(default_factory=frozen_map)  # key path -> line in game.yaml
    colour_checks: ColourChecks = field(default_factory=lambda: ColourChecks())   # `pnp check`'s colour warnings
    invariants: tuple[Invariant, ...] = ()
    language: str = DEFAULT_LANGUAGE        # the language of this model's text (an edition's, model/edition.py)
    default_language: str = DEFAULT_LANGUAGE   # the language the spec's own text is written in
    languages: Mapping[str, Language] = field(default_factory=frozen_map)   # the other languages, by code
    shrink_floor_pt: float = SHRINK_FLOOR_PT    # of this model's language

    def problems(self) -> ProblemCollector:
        """A collector for later checks of this spec (a rules module's), pointing at file and line."""
        return ProblemCollector(display_path(self.spec_file), dict(self.lines))

    def component(self, component_id: str) -> Component:
        for c in self.components:
            if c.id == component_id:
                return c
        raise KeyError(component_id)

    @property
    def seats(self) -> int:
        """Seats that per-player components are printed for."""
        return len(self.player_colours)

    def setup_need(self, demand: "Demand", players: int) -> tuple[int, int]:
        """(needed, printed): what a `players`-player setup takes of the demand's component, and what is printed
        to take it from. The one computation of a setup's demand: `pnp check` proves needed against printed,
        the deal scenario reports both, `--players` prints `needed - demand.to_box` (the pieces a setup sends
        back to the box are needed to deal it, not to play it). A per-player component counts one seat's pieces
        against one colour's set, unless the demand gives a total."""
        comp = self.component(demand.component)
        if demand.total is not None:
            return demand.total, comp.total_count(self.seats)
        if comp.per_player:
            return demand.per_seat, comp.total_count(1)
        return demand.per_seat * players + demand.shared + demand.to_box, comp.total_count(self.seats)
