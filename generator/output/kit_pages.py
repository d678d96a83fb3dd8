"""What the print-and-play kit's own pages say (templates/typst/kit.typ draws them): the cover, the contents and
how to print, each from what this build is.

The contents are the inventory `pnp check` proves: every component this build prints with its pieces, and
for each player count of the setup table what that count uses (`Game.setup_need`, the one computation of a
setup's demand). How to print reads the sheet plan (which pages have backs behind them), the footer's own
words for a flip (layout/footer.py, layout/fold.py) and the build's options; its page numbers are the kit's,
counted past its own pages and the rulebook.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.common.units import rounded
from generator.layout.fold import fold_words
from generator.layout.footer import backs_words
from generator.layout.paper import paper_words
from generator.layout.plan import Page, SheetPlan
from generator.model.designs import DesignSpec, fronts_by_component
from generator.model.game import Component, FontRole, Game, SetupEntry
from generator.model.selection import Selection

MAX_COLUMNS = 6               # player counts shown side by side on the contents page
BODY_FONTS = ["Lato", "Noto Sans CJK JP"]     # shipped (fonts/): Latin, then Japanese
KIND_WORDS = {"hex-tile": "hex tile"}
SHAPE_WORDS = {"circle": "round", "hex": "hex", "outline": "shaped"}
BY, TO = "\u00d7", "\u2013"     # the multiplication sign of sizes, the en dash of page ranges
PAPER_WORDS = {"a4": f"A4 (210 {BY} 297 mm)", "letter": f"US Letter (8.5 {BY} 11 in)", "a3": f"A3 (297 {BY} 420 mm)",
               "tabloid": f"Tabloid (11 {BY} 17 in)"}


def paper_name(paper: str) -> str:
    """The paper as the kit names it: `US Letter`, or a size of one's own as `216 × 356 mm`."""
    return PAPER_WORDS[paper].split(" (")[0] if paper in PAPER_WORDS else paper_words(paper).replace(" x ", f" {BY} ")


@dataclass(frozen=True)
class Parts:
    """How many pages each part of the kit has: its own (cover, contents, how-to), the rulebook's, the sheets'."""

    own: int
    rulebook: int
    sheets: int

    @property
    def total(self) -> int:
        return self.own + self.rulebook + self.sheets

    @property
    def first_sheet(self) -> int:
        return self.own + self.rulebook + 1


def kit_data(game: Game, specs: list[DesignSpec], plan: SheetPlan, selection: Selection, parts: Parts,
             cover: tuple[float, float] | None, cut_files: bool, title: FontRole | None) -> dict[str, Any]:
    """kit.typ's plan. `cover`: the cover art's box in mm, when there is art to draw; `title`: the font role
    the game's titles are set in (after a theme), if it has one."""
    page_w, page_h = plan.options.page_mm
    return {"title": game.title, "subtitle": game.subtitle, "edition": game.edition,
            "players": players_words(game), "scope": selection.words(), "paper": paper_name(plan.options.paper),
            "page_w": page_w, "page_h": page_h, "total": parts.total,
            "fonts": {"title": [title.family if title else "Vollkorn", *BODY_FONTS], "body": BODY_FONTS,
                      "title_weight": title.weight if title else 700},
            "cover": cover is not None, "cover_w": cover[0] if cover else 0, "cover_h": cover[1] if cover else 0,
            "contents": contents(game, specs, plan, selection, parts),
            "steps": steps(specs, plan, parts, cut_files)}


def players_words(game: Game) -> str:
    low, high = game.players_min, game.players_max
    return f"{low} players" if low == high else f"{low} to {high} players"


def pages_words(first: int, last: int) -> str:
    return f"Page {first}" if first == last else f"Pages {first}{TO}{last}"


# -- contents ---------------------------------------------------------------------------------------

def contents(game: Game, specs: list[DesignSpec], plan: SheetPlan, selection: Selection,
             parts: Parts) -> dict[str, Any]:
    """The components this build prints, each with its pieces and what each player count uses of it."""
    fronts = fronts_by_component(specs)
    entries = shown_entries(game, selection)
    listed = {d.component for e in game.setup for d in e.demands}
    rows: list[dict[str, Any]] = [
        {"name": c.name, "what": what_it_is(c, fronts[c.id]), "pieces": sum(s.count for s in fronts[c.id]),
         "uses": [use(game, c, e, c.id in listed) for e in entries]} for c in game.components if c.id in fronts]
    pieces = sum(r["pieces"] for r in rows)
    sheets = pages_words(parts.first_sheet, parts.total).lower()
    summary = (f"{pieces:,} pieces of {len(rows)} component{'s' if len(rows) != 1 else ''}, on {parts.sheets} "
               f"sheet page{'s' if parts.sheets != 1 else ''} ({sheets}).")
    return {"summary": summary, "note": scope_note(game, selection), "rows": rows,
            "columns": [f"{e.players} players" for e in entries],
            "columns_note": columns_note(game, entries)}


def shown_entries(game: Game, selection: Selection) -> list[SetupEntry]:
    """The setup table's player counts the contents show: this build's count only, none for replacements."""
    if selection.only:
        return []
    if selection.players is not None:
        return [e for e in game.setup if e.players == selection.players]
    return list(game.setup[:MAX_COLUMNS])


def scope_note(game: Game, selection: Selection) -> str:
    if selection.only:
        return "Replacement pieces: this kit holds only the pieces named, not the whole game."
    if selection.players is not None:
        return (f"For {selection.players} players: this kit holds what a {selection.players}-player game uses, "
                f"not the whole game ({players_words(game)}).")
    return ""


def columns_note(game: Game, entries: list[SetupEntry]) -> str:
    more = len(game.setup) - len(entries)
    said = f" The setup table has {more} more player count{'s' if more != 1 else ''}: see the rulebook." if \
        more > 0 and len(entries) == MAX_COLUMNS else ""
    return ("Each player-count column is what the setup uses; \"each\" is per player, \"all\" a supply or "
            "reference used whole, \"-\" not used at that count." + said)


def what_it_is(c: Component, fronts: list[DesignSpec]) -> str:
    """`round token, 20 x 20 mm, two-sided, 5 in each colour`."""
    kind = KIND_WORDS.get(c.kind, c.kind)
    shape = SHAPE_WORDS.get(c.shape, "")
    parts = [f"{shape} {kind}" if shape and shape not in kind else kind, size_words(c)]
    if any(s.back for s in fronts):
        parts.append("two-sided")
    if c.per_player:
        parts += [colours_words(fronts)]
    return ", ".join(p for p in parts if p)


def size_words(c: Component) -> str:
    """`63.5 × 88.9 mm`, or `20 mm across` for a round piece; to a tenth (22.2, not 22.225: 7/8 in)."""
    w, h = (f"{rounded(v, 1):g}" for v in (c.width_mm, c.height_mm))
    return f"{w} mm across" if c.shape == "circle" else f"{w} {BY} {h} mm"


def colours_words(fronts: list[DesignSpec]) -> str:
    """`4 in each of 6 colours`, `Crimson's` (one seat), or `in 3 colours` (a replacement build, uneven)."""
    per: dict[str, int] = {}
    for s in fronts:
        if s.player is not None:
            per[s.player.name] = per.get(s.player.name, 0) + s.count
    if len(per) == 1:
        return f"{next(iter(per))}'s"
    if len(set(per.values())) == 1:
        return f"{next(iter(per.values()))} in each of {len(per)} colours"
    return f"in {len(per)} colours" if per else ""


def use(game: Game, c: Component, entry: SetupEntry, listed: bool) -> str:
    """What `entry`'s setup takes of `c` in play (less what it sends back to the box, as --players prints)."""
    demand = next((d for d in entry.demands if d.component == c.id), None)
    if demand is None:
        return "-" if listed else "all"
    if demand.drawn:
        return "all"
    needed = game.setup_need(demand, entry.players)[0] - demand.to_box
    if c.per_player and demand.total is None:
        return f"{demand.per_seat} each"
    return f"{needed}"


# -- how to print -----------------------------------------------------------------------------------

def steps(specs: list[DesignSpec], plan: SheetPlan, parts: Parts, cut_files: bool) -> list[dict[str, Any]]:
    """The how-to page: paper and scale, which pages and how, checking the backs, cutting, folding, boards."""
    o = plan.options
    fronts = [s for s in specs if s.face == "front"]
    sample = measured(fronts, plan)
    name = sample.name.lower() if sample else ""
    measure = (f"After the first sheet, measure a piece: {'an' if name[:1] in tuple('aeiou') else 'a'} {name} "
               f"should be {size_words(sample)} once cut." if sample else "")
    out = [{"title": "Print at actual size",
            "lines": [f"{PAPER_WORDS.get(o.paper) or paper_name(o.paper)} paper, at 100 % (actual size): turn off \"fit to page\" or \"shrink "
                      "to fit\" in the print dialogue.", measure]},
           {"title": "Which pages, and how", "lines": page_lines(plan, parts)}]
    backed = sum(1 for p in plan.pages if p.side == "back")
    if backed > 1 and o.duplex in ("long", "short"):     # more than one sheet: try the first alone
        first = parts.first_sheet
        other = "short" if o.duplex == "long" else "long"
        out.append({"title": "Try the backs first", "lines": [
            f"Print pages {first}{TO}{first + 1} alone, as one double-sided sheet, and hold it against a window: each "
            f"back should sit behind its front. Upside down? Use the {other}-edge flip instead.",
            f"A shift of a millimetre or two is hidden: the colour runs {o.bleed_mm:g} mm past every cut."]})
    out.append({"title": "Cut", "lines": cut_lines(fronts, plan, cut_files)})
    folded = list(dict.fromkeys(s.component.name for s in fronts if s.component.folds))
    if folded or any(p.pairs for p in plan.pages):
        out.append({"title": "Fold", "lines": fold_lines(folded, any(p.pairs for p in plan.pages))})
    if any(tiled(p) for p in plan.pages):
        out.append({"title": "Join the boards", "lines": [
            "A board larger than the paper is split over pages labelled A1, A2, B1...: trim each along its dashed "
            "edge, lay it over its neighbour's overlap so the crosses meet, and tape or glue it from behind."]})
    return [{**s, "lines": [line for line in s["lines"] if line]} for s in out]


def measured(fronts: list[DesignSpec], plan: SheetPlan) -> Component | None:
    """The piece to measure the first sheet by: the first one on the first page that is not a tile of a board."""
    by_id = {s.id: s.component for s in fronts}
    page = next((p for p in plan.pages if p.placements and not tiled(p)), None)
    return by_id.get(page.placements[0].design) if page else None


def page_lines(plan: SheetPlan, parts: Parts) -> list[str]:
    """Each run of pages and how it prints: the kit's own, the rulebook, the sheets with backs, the others."""
    o = plan.options
    lines = [f"{pages_words(1, parts.own)}: this cover, the contents and these steps (print them, or read them "
             "on screen)."]
    if parts.rulebook:
        lines.append(f"{pages_words(parts.own + 1, parts.own + parts.rulebook)}: the rulebook, one- or two-sided "
                     "as you like.")
    first = parts.first_sheet
    if o.duplex == "fold":
        pairs = any(p.pairs for p in plan.pages)
        lines.append(f"{pages_words(first, parts.total)}: the sheets: {fold_words(pairs)}.")
        return lines
    backed = 2 * sum(1 for p in plan.pages if p.side == "back")
    if backed:
        how = ("each front page is followed by a page of its backs: glue each back behind its front" if
               o.duplex == "none" else "print this range as one job: each front page is followed by its backs")
        lines.append(f"{pages_words(first, first + backed - 1)}: the sheets with backs: {backs_words(o)} ({how}).")
        lines.append(f"The sheets' own footers count from the first sheet: their \"pages 1-{backed}\" are "
                     f"{pages_words(first, first + backed - 1).lower()} of this kit.")
    if backed < parts.sheets:
        lines.append(f"{pages_words(first + backed, parts.total)}: the {'other ' if backed else ''}sheets: print "
                     "single-sided.")
    return lines


def cut_lines(fronts: list[DesignSpec], plan: SheetPlan, cut_files: bool) -> list[str]:
    """How the marks this build drew are cut along, and what the outlines and the bleed mean."""
    o = plan.options
    lines = [{"crop": "Each piece has short crop marks outside its corners: lay a metal ruler across two marks and "
                      "cut with a craft knife on a mat (straighter than scissors).",
              "lines": "Cut along the thin grey lines between the pieces; neighbours share a cut.",
              "both": "Cut along the thin grey lines; the crop marks outside the corners show where each begins.",
              "none": "No cut marks are printed: cut along each piece's edge."}[o.marks]]
    shapes = {s.component.shape for s in fronts}
    if "rounded" in shapes and o.marks != "none":
        lines.append("Pieces with rounded corners carry a thin line round each corner: cut the straight edges, then "
                     "round the corners along it (a corner punch is quickest).")
    if shapes & {"circle", "hex", "outline"} and o.marks != "none":
        lines.append("Round, hex and shaped pieces carry their own thin cut line: follow it (a circle punch of the "
                     "right size is quickest for round tokens).")
    shared = sorted({k for p in plan.pages for pl in p.placements for k in pl.keep if 0 < k < o.bleed_mm})
    if o.bleed_mm > 0:
        lines.append(f"The colour runs {o.bleed_mm:g} mm past each cut (the bleed), so a cut a little off shows no "
                     "white edge" + (f"; between neighbours that share it, {shared[0]:g} mm each side of the narrow gap"
                                     if shared else "") + ".")
    if cut_files:
        lines.append("These sheets carry a cutting machine's registration marks: the cut files in cut/, beside this "
                     "kit, cut them (one file per layout, named after the sheets it serves; see the machine's "
                     "print-then-cut guide).")
    return lines


def fold_lines(folded: list[str], pairs: bool) -> list[str]:
    """`folded`: the names of the components that fold up (standees, screens)."""
    lines = []
    if pairs:
        lines.append("Each two-sided piece is printed beside its back: cut out the pair, fold it on the dashed line "
                     "between them (art outside) and glue the halves together.")
    if folded:
        names = ", ".join(folded[:-1]) + " and " + folded[-1] if len(folded) > 1 else folded[0]
        lines.append(f"{names}: fold along the dashed lines; score each line first with a ruler and a blunt blade, "
                     "so the fold is crisp.")
    return lines


def tiled(page: Page) -> bool:
    """A page holding one tile of a board larger than the paper (a window onto it, not the whole piece)."""
    return any(pl.ox or pl.oy or pl.w < pl.src_w - 0.01 or pl.h < pl.src_h - 0.01 for pl in page.placements
               if pl.rotation % 180 == 0) or any(pl.ox or pl.oy for pl in page.placements)
