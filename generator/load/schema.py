"""Every key the spec, a theme and an examples file accept, declared once: section -> fields (key, kind, default, doc).

The readers validate from this table (`Reader.mapping` takes a section's keys from it, `Reader.field` reads a
simple value with the reader function its kind holds and the default written here), and docs/spec.md's key tables
are generated from it (`python tools/make_spec_doc.py`; a test fails when the page and the table differ), so a
key, its default and its documentation cannot drift apart. Values the loader reads with code of its own
(sections, lists, template names) have a kind without a reader; their defaults still come from here, and a
component's keys are read by walking this table's "component" section (generator/load/components.py).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field as dataclass_field
from typing import Any, Callable

from generator.common.limits import MAX_PLAYERS
from generator.load.values import ValueReader
from generator.model.columns import KINDS as COLUMN_KINDS
from generator.model.game import FONT_STYLES, KINDS, PATTERNS, SHAPES

MISSING = object()           # no default: an absent key is simply absent


@dataclass(frozen=True)
class Kind:
    """What a value is, as the docs show it, and the reader function (with its options) that validates it: a
    function of ValueReader, called with the Reader, the value and its key path."""

    label: str
    reader: Callable[..., Any] | None = None
    options: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class Field:
    key: str
    kind: Kind
    doc: str
    required: bool = False
    default: Any = MISSING
    shown_default: str = ""           # the default in words, where the value alone would not say it


@dataclass(frozen=True)
class Section:
    intro: str
    fields: tuple[Field, ...] = dataclass_field(default=())


TEXT = Kind("text", ValueReader.text)
ANY_TEXT = Kind("text", ValueReader.text, (("allow_empty", True),))
ID = Kind("id", ValueReader.slug)
YES_NO = Kind("true/false", ValueReader.boolean)
COLOUR = Kind("`#rrggbb`", ValueReader.colour)
PATTERN = Kind("pattern", ValueReader.pattern)
MAPPING = Kind("mapping")
LIST = Kind("list")
TEMPLATE = Kind("template")
ANYTHING = Kind("any")
LANGUAGE = Kind("language code", ValueReader.language)
POINTS = Kind("size in points, 1 to 72", ValueReader.points)


def whole(minimum: int | None = None, maximum: int | None = None) -> Kind:
    label = "whole number" + (f", {minimum:,} to {maximum:,}" if maximum is not None else
                              f", at least {minimum}" if minimum is not None else "")
    return Kind(label, ValueReader.integer, (("minimum", minimum), ("maximum", maximum)))


def length(positive: bool = True) -> Kind:
    return Kind("length", ValueReader.length, (("positive", positive),))


def one_of(options: tuple[str, ...]) -> Kind:
    return Kind("one of " + ", ".join(options), ValueReader.choice, (("options", options),))


def section(intro: str, *fields: Field) -> Section:
    return Section(intro, fields)


MAX_PATTERN = 200          # characters of a column's regular expression
MAX_COPIES = 10_000        # copies of one row; a build holds at most MAX_PIECES pieces in all

SCHEMA: dict[str, Section] = {
    "game": section(
        "The top of `game.yaml`.",
        Field("id", ID, "the game's id (lower-case letters, digits, hyphens); a shipped game's folder name", True),
        Field("title", TEXT, "shown on aids, footers and `pnp list`", True),
        Field("players", Kind("`{min, max}` or a whole number"), "`{min, max}` (or one number)", True),
        Field("components", LIST, "the list of components (section *component*)", True),
        Field("subtitle", TEXT, "shown under the title on aids"),
        Field("edition", TEXT, "the edition printed"),
        Field("rulebook", TEXT, "where the rulebook text is, for reference"),
        Field("rulebook_pdf", TEXT, "the rulebook as a PDF file inside the game folder (`rules.pdf`), bound into the "
              "print-and-play kit (`--formats kit`) after its contents and how-to pages"),
        Field("cover", TEXT, "the art (a name of `art:` with one file) on the print-and-play kit's cover",
              shown_default="the art named `cover` or `emblem`, else the title alone"),
        Field("tts_url", TEXT, "the web address the `tts/` folder will be uploaded to (`https://example.org/tide/`; a "
              "closing `/` is added): the Tabletop Simulator save loads its images from there (`--tts-url` "
              "overrides it)", shown_default="`file:///` addresses of the output folder"),
        Field("player_colours", LIST, "the seats, in order (section *player_colours*)", default=[]),
        Field("palette", MAPPING, "colour name -> `#rrggbb`, or `{colour: \"#rrggbb\", cmyk: [c, m, y, k]}` (percent) "
              "to fix its press colour; templates get it as `colours` (with `white` and `black`)", default={}),
        Field("fonts", MAPPING, "role -> font (section *font*); roles are what templates name (`title`, `body`, ...)",
              default={}),
        Field("styles", MAPPING, "style name -> style (section *style*); `colour` and `ink-saver` are always there "
              "(a game's own `ink-saver` entry sets colours before the same lightening pass)", default={}),
        Field("art", MAPPING, "name -> file, field -> {value -> file}, or field -> `folder/` (art by folder)", default={}),
        Field("labels", MAPPING, "data value -> display name", default={}),
        Field("language", LANGUAGE, "the language the spec's own text (rows, labels, title) is written in, a code "
              "like `en`, `de`, `ja` or `pt-br`", default="en"),
        Field("languages", MAPPING, "language code -> section *language*: the other languages the game prints in "
              "(`pnp build GAME --lang de`); rows give a field's translation in a column `field@code` beside it "
              "(`title@de`)", default={}, shown_default="none: one language"),
        Field("shrink_floor_pt", POINTS, "text that shrinks below this size to fit its box is reported by `pnp check` "
              "and the build summary, naming the design and the field", default=7),
        Field("setup", MAPPING, "player count -> component -> demand (section *setup_demand*, or a whole number)",
              default={}),
        Field("rules", MAPPING, "values the rules package, the templates (`rules.<key>`) and the invariants read; "
              "a key none of them reads is reported by `pnp check`", default={}),
        Field("invariants", LIST, "facts that must hold across components and rows, proved by `pnp check` "
              "(section *invariant*)", default=[]),
        Field("notes", LIST, "the rulebook's gaps and contradictions (section *note*)", default=[]),
        Field("icons", MAPPING, "inline icons of rich text: name -> file, or a folder whose files are the icons",
              default={}),
        Field("rules_from", ID, "the rules package that referees this game when it is not its own id (a copy)"),
        Field("colour_checks", MAPPING, "how `pnp check` treats colour warnings and which text colours it measures "
              "(section *colour_checks*)", default={})),
    "players": section(
        "",
        Field("min", whole(1, MAX_PLAYERS), "fewest players", True),
        Field("max", whole(1, MAX_PLAYERS), "most players", True)),
    "language": section(
        "`languages: {de: {fonts: {body: Lato}, labels: {iris: Schwertlilie}}, ja: {fonts: {body: Noto Sans CJK JP}}}`: "
        "one language beside the default (`language:`). Its text is in the rows, a column `field@code` beside the "
        "field (`title@de`, in CSV, XLSX and YAML rows); an empty or missing cell prints the default language's "
        "text and is reported. Design ids, file names and selectors come from the default language's text, so "
        "they are the same in every edition. `pnp build GAME --lang de` writes output/GAME-de/.",
        Field("fonts", MAPPING, "role -> font (section *font*) in place of the game's role of that name (Japanese "
              "needs a CJK face, `Noto Sans CJK JP`)", default={}, shown_default="the game's"),
        Field("labels", MAPPING, "data value -> display name in this language, over the game's `labels`", default={},
              shown_default="the game's (reported)"),
        Field("players", MAPPING, "seat id -> the seat's name in this language", default={},
              shown_default="the game's"),
        Field("title", TEXT, "the game's title in this language", shown_default="the game's"),
        Field("subtitle", TEXT, "the subtitle in this language", shown_default="the game's"),
        Field("shrink_floor_pt", POINTS, "the shrink floor of this language's text", shown_default="the game's")),
    "player_colours": section(
        "One seat.",
        Field("id", ID, "the seat's id (per-player designs are named after it)", True),
        Field("name", TEXT, "shown on the pieces", True),
        Field("colour", COLOUR, "the seat's colour", True),
        Field("pattern", PATTERN, "the second cue besides colour: " + ", ".join(PATTERNS), default="plain"),
        Field("symbol", ANY_TEXT, "a character printed with the name", default="", shown_default="none")),
    "font": section(
        "A font role (or just a family name).",
        Field("family", TEXT, "a family found in `fonts/`, the game's `fonts/` or the theme's", True),
        Field("weight", Kind("100-900"), "how bold", default=400),
        Field("style", one_of(FONT_STYLES), "upright or slanted", default="normal")),
    "style": section(
        "",
        Field("palette", MAPPING, "colours that change in this style", default={}),
        Field("line_art", YES_NO, "true: fills turn white and outlines dark, to colour in by hand", default=False),
        Field("note", ANY_TEXT, "why the style exists", default="", shown_default="none")),
    "component": section(
        "",
        Field("id", ID, "the component's id", True),
        Field("kind", one_of(KINDS), "what the piece is", True),
        Field("front", TEMPLATE, "the front's template, `<game>/<name>.svg.j2`", True),
        Field("name", TEXT, "display name", shown_default="its id"),
        Field("shape", one_of(SHAPES), "the outline cut", default="rect", shown_default="rect (hex for a hex-tile)"),
        Field("corner", length(positive=False), "corner radius of a rounded shape (at most half the shorter side); "
              "refused on another shape, which would ignore it", default="0mm"),
        Field("fill_corners", Kind("true/false or a length"), "round corners of card images (scans) filled with the "
              "colour beside them, so no white shows inside the cut or in the bleed: `true` finds each image's white "
              "or transparent round corners, a length like `3mm` is the images' corner radius at the card's size "
              "(any colour outside it); raster art placed with fit \"bleed\" (docs/how-to/images.md)", default=False),
        Field("orientation", one_of(("pointy", "flat")), "of a hex", default="pointy"),
        Field("back", Kind("template or mapping"), "a template, or section *back*; omit for single-sided"),
        Field("rows", Kind("list, file or mapping"), "a list of mappings, a table file, section *rows_table*, or a folder "
              "of images (section *rows_images*)", shown_default="one row"),
        Field("count", whole(0, MAX_COPIES), "copies of each row (per seat when per-player)", default=1),
        Field("per_player", YES_NO, "true: printed once per seat", default=False),
        Field("params", MAPPING, "anything the template needs, as `params`", default={}),
        Field("folds", LIST, "fold lines (section *fold*)", default=[]),
        Field("outline", TEXT, "the cut outline of an outline shape, SVG path data in trim millimetres"),
        Field("rotatable", YES_NO, "false: never turned on the sheet or on its space", default=True),
        Field("note", TEXT, "a remark"),
        Field("hexmap", MAPPING, "a board's map (section *hexmap*)"),
        Field("net", MAPPING, "a fold-up net, `{box: ...}` or `{tetrahedron: ...}` (sections *net_box*, "
              "*net_tetrahedron*)"),
        Field("size", Kind("`[width, height]` or a length"), "the trim size; one length for a circle or hex"),
        Field("key", Kind("field or list of fields"), "the row fields that make a design's id",
              shown_default="all of them"),
        Field("columns", MAPPING, "column name -> what its cells hold (section *column*, or just its kind): "
              "`pnp check` proves every row, templates get the values typed", default={},
              shown_default="none: cells as written"),
        Field("spaces", MAPPING, "named rectangles the template prints, `{slot: [66mm, 91mm]}` (geo.spaces)",
              default={}),
        Field("fits", LIST, "pieces on its spaces, proved by `pnp check` (section *fit*)", default=[])),
    "back": section(
        "",
        Field("template", TEMPLATE, "the back's template", True),
        Field("vary_by", LIST, "row fields (or `player`) that give a back of its own", default=[],
              shown_default="none: one shared back")),
    "column": section(
        "`columns: {cost: {kind: whole, min: 0, max: 5}, name: text}`: a column of the component's rows, from a "
        "table or written in the spec. `pnp check` proves every row against it (one check of kind `data` per "
        "column), and templates get its values typed: `whole` an integer, `number` a number as written (2 stays "
        "2, 2.5 is 2.5), `yes-no` true or false, `length` millimetres, the rest text. An empty cell is missing. "
        "A cell that breaks its rules still prints (one of another kind, `free` for a whole number, as written), "
        "and `pnp build` counts the rules that fail. Columns not declared stay as written.",
        Field("kind", one_of(COLUMN_KINDS), "`whole`, `number`, `text`, `choice` (one of `of`), `yes-no` "
              "(true/false or yes/no), `colour` (`#rgb` or `#rrggbb`), `length` (with a unit)", True),
        Field("required", YES_NO, "true: an empty or missing cell breaks the rule", default=False),
        Field("default", ANYTHING, "the value of an empty or missing cell; it must hold the rules itself "
              "(a required column has none)", shown_default="none: the cell stays empty"),
        Field("min", Kind("number or length"), "the least value of a whole, number or length column"),
        Field("max", Kind("number or length"), "the greatest value of a whole, number or length column"),
        Field("of", LIST, "the values of a choice column (text)"),
        Field("pattern", Kind("regular expression"), f"a text column's cells match it whole (Python syntax, at "
              f"most {MAX_PATTERN} characters; a repeat inside a repeat, `(a+)+`, is refused: it can take hours "
              f"to fail)"),
        Field("unique", YES_NO, "true: no two rows hold the same value", default=False),
        Field("min_length", whole(0), "a text's fewest characters"),
        Field("max_length", whole(1), "a text's most characters")),
    "rows_table": section(
        "`rows: {file: cards.xlsx, sheet: Cards}`.",
        Field("file", TEXT, "a `.csv`, `.tsv` or `.xlsx` table inside the game folder", True),
        Field("sheet", TEXT, "the XLSX sheet", shown_default="the first")),
    "rows_images": section(
        "`rows: {images: fronts/, back: back.png}`: a card per PNG, JPEG or WebP file of a folder, read at every "
        "build (an image added to the folder is a new card). Natural order of file names (`card 2` before "
        "`card 10`); `name_x3.png` (or `name_X3.png`) prints 3 copies, from 1 to 10,000 (`_x0` is an error naming "
        "the file). Each row has the fields `image` (the file), `name` (its name without `_xN` and extension) "
        "and, with a back, `back`; the art tables `image` and `back` hold the same "
        "files, for the shared templates `shared/image-front.svg.j2` and `shared/image-back.svg.j2` "
        "(`back: {template: shared/image-back.svg.j2, vary_by: [back]}`).",
        Field("images", TEXT, "a folder of card images inside the game folder", True),
        Field("back", TEXT, "one back file for every card, or a folder of backs paired with the cards by file name")),
    "fold": section(
        "",
        Field("from", Kind("`[x, y]`"), "one end, trim coordinates", True),
        Field("to", Kind("`[x, y]`"), "the other end", True)),
    "hexmap": section(
        "",
        Field("map", TEXT, "one line of tokens per row of pointy hexes, odd rows shifted right", True),
        Field("space", length(), "flat-to-flat size of a space", True),
        Field("legend", MAPPING, "token -> space kind, `{marker: name}` or null (nothing)", True),
        Field("numbered", ID, "the kind of numbered spaces (a number N in the map)", True),
        Field("tiles", ID, "the component whose row N covers numbered space N")),
    "hexmap_marker": section(
        "",
        Field("marker", ID, "the name of a place drawn on the board that is not a space", True)),
    "net_box": section(
        "`net: {box: ...}`: an open-bottomed box with a roof.",
        Field("width", length(), "front and back walls and the roof", True),
        Field("depth", length(), "side walls and the roof", True),
        Field("height", length(), "the walls", True),
        Field("tab", length(), "the glue and roof tabs", True)),
    "net_tetrahedron": section(
        "`net: {tetrahedron: ...}`: a triangular pyramid; it stands on its base triangle.",
        Field("edge", length(), "the side of each of its four triangles", True),
        Field("tab", length(), "the depth of the three glue tabs", True)),
    "fit": section(
        "",
        Field("space", ID, "a hex map space kind, or a name in `spaces:`", True),
        Field("holds", ID, "the component that sits there", True),
        Field("clearance", length(positive=False), "the gap it must leave on every side", default="0.5mm")),
    "setup_demand": section(
        "`setup: {3: {card: 12, token: {each: 5, to_box: 2, exact: true}, site: {total: 10, drawn: true}}}`. "
        "A whole number is `{total: N}`; `{each: 4, shared: 5}` is four a player and five for all. `pnp check` "
        "proves each demand against the printed pieces (and says what is left in the supply), and "
        "`pnp build --players N` prints what the N-player entry demands: per-player components for the "
        "first N seats, a shared component's `total` (or `each` x N plus `shared`; pieces `to_box` are not printed), "
        "taken evenly across its rows in spec order (9 ships of 3 kinds: 3 of each); a "
        "component the entry does not list but another entry does is not printed; one no entry lists "
        "(a general supply, a reference card) prints whole.",
        Field("each", whole(0), "pieces per player (give `each` or `total`)"),
        Field("total", whole(0), "pieces in all"),
        Field("shared", whole(0), "pieces in play but no player's, beside `each` (4 each plus 5 face up for everyone: "
              "`{each: 4, shared: 5}`); printed by `--players N`", default=0),
        Field("to_box", whole(0), "pieces that go back to the box (beside `each`)", default=0),
        Field("exact", YES_NO, "true: what is printed must be dealt out exactly", default=False),
        Field("drawn", YES_NO, "true: the share is taken from the whole set (shuffled and dealt at random, or from a "
              "general supply kept in play), so `--players N` prints the whole set", default=False)),
    "note": section(
        "",
        Field("id", TEXT, "the reference id (`NYA-GAP-01`)", True),
        Field("text", TEXT, "the gap or contradiction", True),
        Field("severity", one_of(("blocker", "major", "minor")), "how much it matters"),
        Field("decision", TEXT, "what the spec decides")),
    "colour_checks": section(
        "`pnp check` (and the gallery) warns when seat colours become hard to tell apart for colour-blind "
        "players (Machado et al. 2009 simulation, CIEDE2000 under 10) and when text falls below WCAG 2 AA "
        "contrast, for the build's colours after a theme and a style.",
        Field("strict", YES_NO, "true: a seat pair that only colour tells apart (same pattern and symbol), or text "
              "below AA, fails the check (exit 1); false: warnings", default=False),
        Field("text", LIST, "the text colours the templates draw, as palette roles (section *text_pair*)",
              shown_default="`[{text: ink, background: paper}]`")),
    "text_pair": section(
        "",
        Field("text", TEXT, "the palette colour of the text (`white` and `black` too)", True),
        Field("background", TEXT, "the palette colour behind it", True),
        Field("large", YES_NO, "true: only large text (18 pt, or 14 pt bold) uses it, so 3:1 suffices instead of "
              "4.5:1", default=False)),
    "theme": section(
        "`pnp build GAME --theme FILE`.",
        Field("palette", MAPPING, "colours to change (names the game has)", default={}),
        Field("players", MAPPING, "seat id -> section *theme_player*", default={}),
        Field("fonts", MAPPING, "role -> font (section *font*)", default={}),
        Field("art", MAPPING, "art name -> file (or value -> file), relative to the theme", default={})),
    "theme_player": section(
        "",
        Field("colour", COLOUR, "the seat's colour"),
        Field("pattern", PATTERN, "one of the patterns"),
        Field("name", TEXT, "the seat's name"),
        Field("symbol", TEXT, "the seat's symbol")),
    "examples_file": section(
        "",
        Field("examples", LIST, "the list of examples (section *example*)", True)),
    "example": section(
        "",
        Field("name", TEXT, "shown in the check report", True),
        Field("scenario", TEXT, "`deal`, or a scenario of the game's rules package", True),
        Field("given", MAPPING, "the starting state", True),
        Field("expected", MAPPING, "what must come out (at least one key)", True),
        Field("ref", ANY_TEXT, "the reference id", default="", shown_default="none"),
        Field("rule", ANY_TEXT, "the rule exercised", default="", shown_default="none"),
        Field("provenance", ANY_TEXT, "where the example comes from", default="", shown_default="none"),
        Field("note", ANY_TEXT, "a remark", default="", shown_default="none"),
        Field("skip", ANY_TEXT, "why the example is not run yet: it is reported as information, not as a check "
              "(an example that cannot run and says no reason fails)", default="", shown_default="none")),
    "invariant": section(
        "`invariants: [{name: 48 creatures, expect: \"components.creature.count == 48\"}, {name: suits of 13, each: "
        "card, by: suit, expect: \"count == 13\"}, {name: affordable, each: card, expect: \"row.cost <= "
        "rules.hand\"}]`. An expression of the templates' language (jinja2), true or false, run in the same "
        "sandbox with a time limit. It sees `components` (by id: `count` pieces, `rows`, `name`, `per_player`), "
        "each row's columns with its `key` and `count`, `rules`, `players` (`min`, `max`) and `setup` (player "
        "count -> component -> pieces needed). With `each`, it is proved for every row of that component (`row`); "
        "with `by` too, for every group of rows sharing a column's value (`value`, its `rows` and their `count`); "
        "the rows or groups that break it are named.",
        Field("name", TEXT, "shown in the check report", True),
        Field("expect", TEXT, "the expression that must be true", True),
        Field("each", ID, "a component: prove the expression for each of its rows (as `row`)"),
        Field("by", TEXT, "with `each`: a column; prove it for each group of rows sharing its value"),
        Field("note", ANY_TEXT, "why it must hold (a rule's reference)", default="", shown_default="none")),
}


def keys(name: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A section's (required, optional) keys, in the table's order."""
    fields = SCHEMA[name].fields
    return tuple(f.key for f in fields if f.required), tuple(f.key for f in fields if not f.required)


_BY_KEY = {(name, f.key): f for name, section in SCHEMA.items() for f in section.fields}


def field(name: str, key: str) -> Field:
    return _BY_KEY[(name, key)]


def default(name: str, key: str) -> Any:
    """The value an absent key takes (a fresh copy: a reader may fill in a list or mapping it was given), or
    MISSING for a key without one."""
    value = field(name, key).default
    return value if value is MISSING else copy.copy(value)
