"""The parsers of `pnp`'s commands, one function each; defaults come from the option dataclasses, so the
command line and the library cannot disagree on them."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from generator.cli import options as opt
from generator.output.formats import DEFAULT as DEFAULT_FORMATS
from generator.output.options import PDFX
from generator.layout.plan import DUPLEX, MARKS, PAPERS_MM, SheetOptions
from generator.layout.registration import CORNERS

SHEET = SheetOptions()   # the build's defaults (BuildOptions' own come with the build stack, imported late)


def add_games(p: argparse.ArgumentParser) -> None:
    p.add_argument("games", nargs="*", metavar="GAME", help="game ids or game folders (default: every game)")
    p.add_argument("--all", action="store_true", help="every game under components/ (the default)")


def add_paper(p: argparse.ArgumentParser, help: str, default: str | None) -> None:
    """--paper, any case: a paper the layout knows, or a size WxH (layout/paper.py)."""
    p.add_argument("--paper", type=opt.paper, default=default, metavar="PAPER",
                   help=f"{help}; {', '.join(sorted(PAPERS_MM))} or a size like 216x356mm or 8.5x14in")


def add_list(sub: Any) -> argparse.ArgumentParser:
    """pnp list."""
    ls = sub.add_parser("list", help="list the games: players, components, pieces, designs",
                        description="List every game under components/ and every game folder in the current "
                                    "folder (where pnp new writes them, marked local) with its players, components, "
                                    "pieces and designs.")
    ls.add_argument("games", nargs="*", metavar="GAME", help="game ids or game folders (default: the shipped games "
                    "and the game folders here); a game named also lists its builds")
    ls.add_argument("--out", type=Path, default=Path("output"), metavar="DIR",
                    help="where to look for builds (default output/): the builds column counts them")
    return ls


def add_printed(sub: Any) -> argparse.ArgumentParser:
    """pnp printed."""
    m = sub.add_parser("printed", help="mark a build as the set you printed (pnp build --changed compares with it)",
                       description="Mark the build in FOLDER as the set on the table: later `pnp build GAME --changed` "
                                   "of the same job prints only what changed since, and lists what to pull.")
    m.add_argument("folder", type=Path, metavar="FOLDER", help="a build's output folder, such as output/tide")
    return m


def add_build(sub: Any) -> argparse.ArgumentParser:
    """pnp build: what to build and where; its sheet options are add_sheet_options'."""
    b = sub.add_parser("build", help="render and impose games into print-ready files",
                       description="Render every design to SVG and lay the pieces out as home-print PDF sheets, "
                       "print-shop PDFs and 300 dpi PNGs under output/<game>/.")
    add_games(b)
    add_sheet_options(b)
    b.add_argument("--out", type=Path, default=Path("output"), metavar="DIR", help="output folder (default output/)")
    b.add_argument("--theme", type=Path, metavar="FILE", help="YAML file overriding colours, fonts and art")
    b.add_argument("--style", type=opt.lower, default="colour", metavar="NAME",
                   help="colour (default), ink-saver (any game: light fills, dark text and outlines; writes "
                   "output/<game>-ink-saver/) or a style the game declares, e.g. colour-in (line art to colour by hand)")
    b.add_argument("--shop", type=opt.shop, metavar="NAME", help="also write what a print shop asks for under shop-NAME/: "
                   "tgc (The Game Crafter), mpc (MakePlayingCards), dtc (DriveThruCards), or a preset file (.yaml); "
                   "sets the bleed to the shop's")
    b.add_argument("--press", action="store_true", help="also write <game>-press.pdf: every design, every colour "
                   "DeviceCMYK through the press profile, declared PDF/X-4 (or --pdfx 1a)")
    b.add_argument("--pdfx", type=str.lower, choices=PDFX, default=None, metavar="|".join(PDFX),
                   help="the PDF/X standard of the press file: 4 (default; PDF 1.6, transparency kept) or 1a "
                   "(PDF/X-1a:2003: PDF 1.4, transparency flattened)")
    b.add_argument("--press-profile", type=Path, metavar="FILE",
                   help="the CMYK ICC profile your shop names (FOGRA39, SWOP, GRACoL...): press files and CMYK "
                   "shop decks are separated through it and name it (default: the shipped profile)")
    b.add_argument("--ink-limit", type=opt.ink_limit, metavar="PERCENT",
                   help="total ink of press files (default: the shop's, else 300)")
    b.add_argument("--formats", type=opt.formats, default=DEFAULT_FORMATS, metavar="LIST", help=opt.formats_help())
    b.add_argument("--players", type=opt.players, metavar="N", help="only what an N-player game uses, from the setup "
                   "table pnp check proves; writes output/<game>-Np/")
    add_speed_options(b)
    b.add_argument("--placeholders", action="store_true", help="print a labelled placeholder (the file's name, "
                   "a cross, the size) for every missing art file instead of stopping; the summary counts them")
    b.add_argument("--only", type=opt.only, metavar="SELECTOR[:N],...", help="replacement pieces: component or design "
                   "ids or globs (boat-red:2,koban,'screen-*'), N copies each (default: all); writes output/<game>-only/")
    add_change_options(b)
    b.add_argument("--printer", metavar="NAME", help="the back offset pnp calibrate --save NAME measured for this "
                   "--paper and --duplex (a --back-offset given too is added to it)")
    add_rules_options(b, "build")
    return b


def add_speed_options(b: argparse.ArgumentParser) -> None:
    """pnp build's --jobs and --no-cache: how fast, never what (docs/how-to/rebuilds.md)."""
    b.add_argument("--jobs", type=opt.jobs, metavar="N", help="games built at once, one per core (default: the "
                   "cores this process may use); the files are the same either way")
    b.add_argument("--no-cache", action="store_true", help="build everything afresh, neither reading nor keeping "
                   "what the job's last build kept for the next one (in ~/.cache/punchboard/builds/); the files are "
                   "the same either way")


def add_change_options(b: argparse.ArgumentParser) -> None:
    """pnp build's print diff, --changed and --since (docs/how-to/playtest-rounds.md), where a remote playtest's
    images will be hosted, --tts-url (docs/how-to/tabletop-simulator.md), and an edition's language, --lang
    (docs/how-to/editions.md)."""
    b.add_argument("--lang", type=opt.lower, metavar="CODE", help="the edition in this language of the game's "
                   "languages: (its field@CODE columns, fonts and labels); writes output/<game>-CODE/ beside the default "
                   "(default: the language the spec is written in)")
    b.add_argument("--tts-url", metavar="URL", help="with --formats tts: the web address the tts/ folder will be "
                   "uploaded to (https://example.org/tide/); the save loads its images from there instead of this "
                   "computer's files (default: the spec's tts_url)")
    b.add_argument("--changed", action="store_true", help="print only the designs new or changed since the set "
                   "marked printed (pnp printed), else since the last build of the same job; writes output/<job>-changed/ "
                   "with changes.txt: what to print and what to pull")
    b.add_argument("--since", type=Path, metavar="FOLDER", help="with --changed: compare with this build's folder (or "
                   "its manifest.json)")


def add_rules_options(p: argparse.ArgumentParser, command: str) -> None:
    """--trust-rules (and --debug, but for serve, whose page shows each failure): running a game folder's rules code."""
    p.add_argument("--trust-rules", action="store_true", help="run the rules code of the game folders named (their "
                   "rules/ package) for this command; read it first: it runs as you (pnp trust allows a folder for good)")
    if command != "serve":
        p.add_argument("--debug", action="store_true", help="print the traceback of rules code that raised, "
                       "besides its one line")


def add_sheet_options(b: argparse.ArgumentParser) -> None:
    """pnp build's sheet options: paper, bleed, marks, duplex, back offset, registration inset."""
    add_paper(b, f"home-print paper (default {SHEET.paper})", SHEET.paper)
    b.add_argument("--bleed", type=opt.bleed_length, default=SHEET.bleed_mm, metavar="LENGTH",
                   help=f"bleed around every piece (default {SHEET.bleed_mm:g}mm)")
    b.add_argument("--marks", choices=MARKS, type=opt.any_case(MARKS), default=SHEET.marks,
                   help="crop marks outside the bleed, full cut lines with shared cuts, both, or none (default crop)")
    b.add_argument("--duplex", choices=DUPLEX, type=opt.any_case(DUPLEX), default=SHEET.duplex,
                   help="how the printer flips the sheet for backs: long or short edge, none (backs on pages of their "
                   "own), or fold (each back beside its front, to fold and glue; every page single-sided) (default long)")
    b.add_argument("--back-offset", type=opt.back_offset, default=SHEET.back_offset_mm, metavar="X,Y",
                   help="shift backs by X,Y mm (read off the calibration page; write --back-offset=-1,0.5 for negatives)")
    b.add_argument("--reg-inset", type=opt.reg_inset, metavar="LENGTH", help="with --formats cut: the registration "
                   "marks' inset from the paper edge, as set in the cutter's software (default 10mm, Silhouette "
                   "Studio's smallest)")
    b.add_argument("--reg-corners", type=int, choices=CORNERS, metavar="N", help="with --formats cut: registration "
                   "marks in 3 corners (a square and two L's, Silhouette Type 1; the default) or 4 (an L in each "
                   "corner, as the Silhouette Cameo 5 Alpha reads)")


def add_check(sub: Any) -> argparse.ArgumentParser:
    """pnp check."""
    c = sub.add_parser("check", help="prove setups for every player count and the rulebook's worked examples",
                       description="Check inventory for every player count, the spec's own invariants, the rulebook's "
                       "gaps (as notes) and every worked example. Exit code 1 if any check fails.")
    add_games(c)
    c.add_argument("--json", action="store_true", help="print the report as JSON")
    c.add_argument("--examples", type=Path, action="append", default=[], metavar="FILE",
                   help="run more scenarios from a file in the examples.yaml format (repeatable)")
    c.add_argument("--simulate", type=opt.games, default=0, metavar="N",
                   help=f"also play N random legal games (up to {opt.MAX_SIMULATED:,}) at each player count of the "
                        "setup, checking the game's invariants after every move")
    c.add_argument("--seed", type=opt.seed, default=1, metavar="S", help="seed for --simulate (default 1)")
    c.add_argument("--theme", type=Path, metavar="FILE",
                   help="check the colours of a theme: seats colour-blind players cannot tell apart, text below "
                   "WCAG 2 AA contrast (warnings; failures if the spec sets colour_checks: {strict: true})")
    c.add_argument("--style", type=opt.lower, default="colour", metavar="NAME",
                   help="check the colours of a style (colour, ink-saver, or one the game declares)")
    add_rules_options(c, "check")
    return c


def add_serve(sub: Any) -> argparse.ArgumentParser:
    """pnp serve."""
    v = sub.add_parser("serve", help="build, serve a live gallery on 127.0.0.1 and rebuild on every change",
                       description="Build GAME, serve its gallery (designs, sheet pages, check results) on "
                                   "127.0.0.1 and rebuild when the spec, a table, a template, a theme or art changes; "
                                   "the page updates itself. Ctrl-C stops it.")
    v.add_argument("game", nargs="?", metavar="GAME", help="a game id or folder (default: the first)")
    v.add_argument("--port", type=opt.port, default=8000, help="port (default 8000; 0 picks a free one)")
    v.add_argument("--host", default="127.0.0.1", help=argparse.SUPPRESS)
    add_paper(v, f"paper of the sheets (default {SHEET.paper})", SHEET.paper)
    v.add_argument("--out", type=Path, default=Path("output"), metavar="DIR", help="output folder (default output/)")
    v.add_argument("--theme", type=Path, metavar="FILE", help="YAML file overriding colours, fonts and art")
    v.add_argument("--style", type=opt.lower, default="colour", metavar="NAME",
                   help="colour (default), ink-saver, or a style the game declares")
    add_rules_options(v, "serve")
    return v


def add_new(sub: Any) -> argparse.ArgumentParser:
    """pnp new."""
    n = sub.add_parser("new", help="write a new game folder that builds and checks, or a copy of a game",
                       description="Write NAME/: a spec with a card deck from a CSV (rich text with an icon), a "
                                   "shared back, a round token, a fold-up standee, templates, examples and a "
                                   "README; or, with --from, a copy of a game to change.")
    n.add_argument("name", metavar="NAME", help="the new game's id (lower-case letters, digits, hyphens)")
    n.add_argument("--from", dest="source", metavar="GAME", help="copy this game (an id or a folder) instead")
    n.add_argument("--dir", type=Path, default=Path("."), metavar="DIR", help="where to write it (default: here)")
    n.add_argument("--images", type=Path, metavar="DIR", help="a deck from a folder of card images (PNG, JPEG, "
                   "WebP), copied into NAME/fronts/; the spec reads the folder, so new images are new cards")
    n.add_argument("--back", type=Path, metavar="FILE|DIR", help="with --images: one back for every card, or a "
                   "folder of backs paired with the cards by file name")
    n.add_argument("--size", metavar="SIZE", help="with --images: poker (default), bridge, tarot, mini, square, "
                   "or WxH in mm (63x88) or with a unit (2.5x3.5in, 2.5inx3.5in); each side 10 to 420 mm")
    n.add_argument("--corner-radius", metavar="LENGTH", help="with --images: cut with round corners of this radius "
                   "(3mm, 0.125in, 1/8in; a bare number is mm): the cut file, Cricut images and sheets follow it; "
                   "default: square")
    n.add_argument("--fill-corners", action="store_true", help="with --images: fill the images' white or "
                   "transparent round corners (scans of real cards) with the colour beside them")
    n.add_argument("--rules", action="store_true", help="also a rules package, NAME/rules/: a spec check over the "
                   "cards and the scenario of a worked example, run by pnp check NAME --trust-rules")
    return n


def add_trust(sub: Any) -> argparse.ArgumentParser:
    """pnp trust."""
    t = sub.add_parser("trust", help="allow a game folder's rules code to run, until its files change",
                       description="Allow the rules/ package of the game folder FOLDER to run in pnp check, build, "
                                   "serve and solve: its resolved path and the sha256 of its files are kept in "
                                   "trusted.json in your configuration folder. When a file of the package changes, "
                                   "the consent lapses until you read it and run pnp trust again.")
    t.add_argument("folder", nargs="?", metavar="FOLDER", help="the game folder (the one holding game.yaml and rules/)")
    t.add_argument("--list", action="store_true", help="list the allowed folders and whether their code changed")
    t.add_argument("--remove", action="store_true", help="take FOLDER off the list (it may be gone)")
    return t


def add_calibrate(sub: Any) -> argparse.ArgumentParser:
    """pnp calibrate."""
    k = sub.add_parser("calibrate", help="measure how far the printer puts backs off their fronts, from two photos",
                       description="Read two pictures (phone photos on a darker surface, or scans with the lid open) "
                       "of the printed calibration sheet, calibration-<paper>.pdf: its front, then its back. Say how "
                       "far the back lies from where it belongs and the --back-offset to build with.")
    k.add_argument("front", type=Path, metavar="FRONT", help="picture of the sheet's front (JPEG, PNG, TIFF)")
    k.add_argument("back", type=Path, metavar="BACK", help="picture of the sheet's back")
    k.add_argument("--json", action="store_true", help="print the measurement as JSON")
    k.add_argument("--save", metavar="NAME", help="keep the offset as printer profile NAME for this paper and flip "
                   "(pnp build --printer NAME)")
    add_paper(k, "the paper the sheet must be for (default: whatever its code says)", None)
    k.add_argument("--duplex", choices=("long", "short"), type=opt.any_case(("long", "short")),
                   help="the flip the sheet must be for (default: whatever its code says)")
    return k


