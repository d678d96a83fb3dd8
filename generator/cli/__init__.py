"""`pnp`: a thin command line over the library. Exit codes: 0 success, 1 a check failed, 2 bad input."""

from __future__ import annotations

import argparse
import json
import os
import signal
import threading
import sys
from pathlib import Path
from typing import Any, TextIO

from generator import __version__, paths
from generator.cli import options as opt
from generator.cli.options import EXIT_BAD_INPUT, EXIT_CHECK_FAILED, EXIT_OK
from generator.cli.solve import SOLVE_DESCRIPTION, cmd_solve, solve_options
from generator.formats import FORMATS
from generator.designs import expand
from generator.errors import OptionError, PunchboardError, display_path
from generator.layout.fold import check_fold
from generator.layout.plan import DUPLEX, MARKS, PAPERS_MM, SheetOptions
from generator.progress import Progress, table
from generator.selection import Selection
from generator.spec import game_folders, load_game, local_game_folders


def _add_games(p: argparse.ArgumentParser) -> None:
    p.add_argument("games", nargs="*", metavar="GAME", help="game ids or game folders (default: every game)")
    p.add_argument("--all", action="store_true", help="every game under components/ (the default)")


def parser() -> argparse.ArgumentParser:
    p = opt.Parser(prog="pnp", description="Punchboard: print-and-play components from a declarative spec, "
                "and a solver that proves the printed set complete.")
    p.add_argument("--version", action="version", version=f"pnp {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=opt.Parser)
    sub.required = True

    ls = sub.add_parser("list", help="list the games: players, components, pieces, designs",
                        description="List every game under components/ and every game folder in the current "
                                    "folder (where pnp new writes them, marked local) with its players, components, "
                                    "pieces and designs.")
    ls.add_argument("games", nargs="*", metavar="GAME", help="game ids or game folders (default: the shipped games "
                    "and the game folders here)")

    b = sub.add_parser("build", help="render and impose games into print-ready files",
                       description="Render every design to SVG and lay the pieces out as home-print PDF sheets, "
                       "print-shop PDFs and 300 dpi PNGs under output/<game>/.")
    _add_games(b)
    b.add_argument("--paper", choices=sorted(PAPERS_MM), type=opt.any_case(sorted(PAPERS_MM)), default="a4",
                   help="home-print paper (default a4)")
    b.add_argument("--bleed", type=opt.bleed_length, default=3.0, metavar="LENGTH", help="bleed around every piece (default 3mm)")
    b.add_argument("--marks", choices=MARKS, type=opt.any_case(MARKS), default="crop",
                   help="crop marks outside the bleed, full cut lines with shared cuts, both, or none (default crop)")
    b.add_argument("--duplex", choices=DUPLEX, type=opt.any_case(DUPLEX), default="long",
                   help="how the printer flips the sheet for backs: long or short edge, none (backs on pages of their "
                   "own), or fold (each back beside its front, to fold and glue; every page single-sided) (default long)")
    b.add_argument("--back-offset", type=opt.back_offset, default=(0.0, 0.0), metavar="X,Y",
                   help="shift backs by X,Y mm (read off the calibration page; write --back-offset=-1,0.5 for negatives)")
    b.add_argument("--reg-inset", type=opt.reg_inset, metavar="LENGTH", help="with --formats cut: the registration "
                   "marks' inset from the paper edge, as set in the cutter's software (default 10mm, Silhouette "
                   "Studio's smallest)")
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
    b.add_argument("--pdfx", type=str.lower, choices=("4", "1a"), default=None, metavar="4|1a",
                   help="the PDF/X standard of the press file: 4 (default; PDF 1.6, transparency kept) or 1a "
                   "(PDF/X-1a:2003: PDF 1.4, transparency flattened)")
    b.add_argument("--press-profile", type=Path, metavar="FILE",
                   help="the CMYK ICC profile your shop names (FOGRA39, SWOP, GRACoL...): press files and CMYK "
                   "shop decks are separated through it and name it (default: the shipped profile)")
    b.add_argument("--ink-limit", type=opt.ink_limit, metavar="PERCENT",
                   help="total ink of press files (default: the shop's, else 300)")
    b.add_argument("--formats", type=opt.formats, default=FORMATS, metavar="LIST",
                   help="any of sheets,shop,png,svg (default: these four; sheets alone for quick proofs), tts "
                        "(Tabletop Simulator decks, tiles and tokens), cut (cutting-machine marks and files) and "
                        "cricut (cut-out PNGs and their sizes for Cricut Design Space's Print Then Cut)")
    b.add_argument("--players", type=opt.players, metavar="N", help="only what an N-player game uses, from the setup "
                   "table pnp check proves; writes output/<game>-Np/")
    b.add_argument("--jobs", type=opt.jobs, metavar="N", help="games built at once, one per core (default: the "
                   "cores this process may use); the files are the same either way")
    b.add_argument("--placeholders", action="store_true", help="print a labelled placeholder (the file's name, "
                   "a cross, the size) for every missing art file instead of stopping; the summary counts them")
    b.add_argument("--only", type=opt.only, metavar="SELECTOR[:N],...", help="replacement pieces: component or design "
                   "ids or globs (boat-red:2,koban,'screen-*'), N copies each (default: all); writes output/<game>-only/")
    b.add_argument("--printer", metavar="NAME", help="the back offset pnp calibrate --save NAME measured for this "
                   "--paper and --duplex (a --back-offset given too is added to it)")

    c = sub.add_parser("check", help="prove setups for every player count and the rulebook's worked examples",
                       description="Check inventory for every player count, the spec's own invariants, the rulebook's "
                       "gaps (as notes) and every worked example. Exit code 1 if any check fails.")
    _add_games(c)
    c.add_argument("--json", action="store_true", help="print the report as JSON")
    c.add_argument("--examples", type=Path, action="append", default=[], metavar="FILE",
                   help="run more scenarios from a file in the examples.yaml format (repeatable)")
    c.add_argument("--simulate", type=int, default=0, metavar="N",
                   help="also play N random legal games at each player count of the setup, checking the "
                        "game's invariants after every move")
    c.add_argument("--seed", type=int, default=1, metavar="S", help="seed for --simulate (default 1)")
    c.add_argument("--theme", type=Path, metavar="FILE",
                   help="check the colours of a theme: seats colour-blind players cannot tell apart, text below "
                   "WCAG 2 AA contrast (warnings; failures if the spec sets colour_checks: {strict: true})")
    c.add_argument("--style", type=opt.lower, default="colour", metavar="NAME",
                   help="check the colours of a style (colour, ink-saver, or one the game declares)")

    v = sub.add_parser("serve", help="build, serve a live gallery on 127.0.0.1 and rebuild on every change",
                       description="Build GAME, serve its gallery (designs, sheet pages, check results) on "
                                   "127.0.0.1 and rebuild when the spec, a table, a template, a theme or art changes; "
                                   "the page updates itself. Ctrl-C stops it.")
    v.add_argument("game", nargs="?", metavar="GAME", help="a game id or folder (default: the first)")
    v.add_argument("--port", type=opt.port, default=8000, help="port (default 8000; 0 picks a free one)")
    v.add_argument("--host", default="127.0.0.1", help=argparse.SUPPRESS)
    v.add_argument("--paper", choices=sorted(PAPERS_MM), type=opt.any_case(sorted(PAPERS_MM)), default="a4",
                   help="paper of the sheets (default a4)")
    v.add_argument("--out", type=Path, default=Path("output"), metavar="DIR", help="output folder (default output/)")
    v.add_argument("--theme", type=Path, metavar="FILE", help="YAML file overriding colours, fonts and art")
    v.add_argument("--style", type=opt.lower, default="colour", metavar="NAME",
                   help="colour (default), ink-saver, or a style the game declares")

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
                   "or WxH in mm (63x88) or with units (2.5inx3.5in)")

    k = sub.add_parser("calibrate", help="measure how far the printer puts backs off their fronts, from two photos",
                       description="Read two pictures (phone photos on a darker surface, or scans with the lid open) "
                       "of the printed calibration sheet, calibration-<paper>.pdf: its front, then its back. Say how "
                       "far the back lies from where it belongs and the --back-offset to build with.")
    k.add_argument("front", type=Path, metavar="FRONT", help="picture of the sheet's front (JPEG, PNG, TIFF)")
    k.add_argument("back", type=Path, metavar="BACK", help="picture of the sheet's back")
    k.add_argument("--json", action="store_true", help="print the measurement as JSON")
    k.add_argument("--save", metavar="NAME", help="keep the offset as printer profile NAME for this paper and flip "
                   "(pnp build --printer NAME)")
    k.add_argument("--paper", choices=sorted(PAPERS_MM), type=opt.any_case(sorted(PAPERS_MM)),
                   help="the paper the sheet must be for (default: whatever its code says)")
    k.add_argument("--duplex", choices=("long", "short"), type=opt.any_case(("long", "short")),
                   help="the flip the sheet must be for (default: whatever its code says)")

    solve_options(sub.add_parser("solve", help="game-specific searches (pnp solve GAME --help)", add_help=False,
                                  description=SOLVE_DESCRIPTION))
    return p


def _terminate(signum: int, frame: object) -> None:
    """SIGTERM unwinds like Ctrl-C, so a build in progress removes its staging folder."""
    raise SystemExit(128 + signum)


def main(argv: list[str] | None = None, stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    out, err = stdout or sys.stdout, stderr or sys.stderr
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _terminate)
    try:
        args = parser().parse_args(argv)
        return COMMANDS[args.command](args, out, err)
    except PunchboardError as exc:
        for problem in exc.problems:
            print(problem, file=err)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # `pnp check | head`: the reader left; stop quietly, as other tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK


def _games(args: argparse.Namespace) -> list[str]:
    return list(args.games) or [p.name for p in game_folders()]


def cmd_list(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """The shipped games and the game folders here (or the games given); a folder that does not load is one
    line on stderr, and the others are still listed (exit 2 only when it was named)."""
    given = list(args.games)
    names = given or [p.name for p in game_folders()] + [str(p) for p in local_game_folders()]
    rows, failed = [], False
    for name in names:
        try:
            game = load_game(name)
        except PunchboardError as exc:
            failed = failed or bool(given)
            more = f" (and {len(exc.problems) - 1} more: pnp check {name})" if len(exc.problems) > 1 else ""
            print(f"{exc.problems[0]}{more}", file=err)
            continue
        specs = expand(game)
        players = f"{game.players_min}" if game.players_min == game.players_max else f"{game.players_min}-{game.players_max}"
        shipped = Path(game.folder).resolve().parent == paths.COMPONENTS.resolve()
        place = "shipped" if shipped else f"local: {display_path(game.folder)}"
        rows.append([game.id, game.title, players, len(game.components),
                     sum(s.count for s in specs if s.face == "front"), len(specs), place])
    print(table(["game", "title", "players", "components", "pieces", "designs", "where"], rows), file=out)
    return EXIT_BAD_INPUT if failed else EXIT_OK


def cmd_build(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from generator.build import BuildOptions   # only builds pay for the render and output stack

    preset = None
    if args.shop:
        from generator.shops import load_preset
        preset = load_preset(args.shop)
    bleed = preset.bleed_mm if preset else args.bleed
    if args.reg_inset is not None and "cut" not in args.formats:
        raise OptionError("--reg-inset places print-then-cut registration marks: add cut to --formats")
    back_offset, printer_note = args.back_offset, None
    if args.printer:                     # a printer profile (pnp calibrate --save), plus any --back-offset
        from generator.calibrate.profiles import build_offset
        back_offset, printer_note = build_offset(args.printer, args.paper, args.duplex, args.back_offset)
    sheet = SheetOptions(args.paper, bleed, args.marks, args.duplex, back_offset,
                         reg_inset_mm=10.0 if args.reg_inset is None else args.reg_inset)
    check_fold(SheetOptions(duplex=args.duplex, back_offset_mm=back_offset, registration="cut" in args.formats))
    cmyk = args.press or (preset is not None and preset.colour == "cmyk")
    if args.pdfx and not args.press:
        raise OptionError("--pdfx declares the press file: add --press (a shop's decks follow the shop's standard)")
    if args.press_profile and not cmyk:
        raise OptionError("--press-profile separates CMYK files: add --press, or --shop with a CMYK shop such as dtc")
    if args.press_profile:
        from generator.output.press_profile import load_profile
    profile = load_profile(args.press_profile) if args.press_profile else None
    options = BuildOptions(sheet, args.out, args.theme, args.style, args.formats, shop=preset, press=args.press,
                           ink_limit=args.ink_limit, pdfx=args.pdfx or "4", press_profile=profile,
                           selection=Selection(args.players, args.only or ()),
                           placeholders=args.placeholders)
    from generator.parallel import build_many, default_jobs, report

    names = list(_games(args))
    results, failed = report(build_many(names, options, Progress(stream=err), args.jobs or default_jobs()), err)
    for r in results:
        for warning in r.warnings:
            print(warning, file=err)
    if results:
        rows = [[" ".join(filter(None, (r.game, r.scope))), r.pieces, r.designs, r.pages, r.files, round(r.seconds, 2),
                 str(r.folder)] for r in results]
        print(table(["game", "pieces", "designs", "pages", "files", "seconds", "folder"], rows), file=out)
        if printer_note:
            print(printer_note, file=out)
    return EXIT_BAD_INPUT if failed else EXIT_OK


def cmd_check(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    reports = [_check_one(load_game(name), args) for name in _games(args)]
    ok = all(r.ok for r in reports)
    if args.json:
        print(json.dumps({"ok": ok, "games": [r.as_json() for r in reports]}, indent=2, ensure_ascii=False), file=out)
    else:
        for r in reports:
            rows = [["warn" if c.data.get("severity") == "warning" and c.ok is not False else "info" if c.informational
                     else "ok" if c.ok else "FAIL", c.kind, c.name, c.data.get("players", ""),
                     _short(c.detail)] for c in r.checks]
            info = len(r.checks) - len(r.proofs)
            print(f"{r.game}: {'ok' if r.ok else 'FAILED'} ({sum(bool(c.ok) for c in r.proofs)}/{len(r.proofs)} checks"
                  f" passed; {info} notes and decisions)", file=out)
            print(table(["", "kind", "check", "players", "detail"], rows), file=out)
            for c in r.checks:
                if c.ok is False and c.kind == "example":
                    _print_failed_example(c, out)
                if c.kind == "colour" and c.ok is not True:     # the pair, the figures and the remedy, whole
                    print(f"  colour: {c.detail}", file=out)
            print(file=out)
    return EXIT_OK if ok else EXIT_CHECK_FAILED


def _check_one(game: Any, args: argparse.Namespace) -> Any:
    """One game's report; with --theme or --style its colour checks read the themed colours."""
    from generator.solver.check import check_game
    from generator.theme import appearance

    look = appearance(game, args.theme, args.style) if args.theme or args.style != "colour" else None
    return check_game(game, args.examples, look, simulate=args.simulate, seed=args.seed)


def _print_failed_example(c: Any, out: TextIO) -> None:
    """Each value that differs, by its path, first; the whole expected and actual only when they are short."""
    print(f"  {c.name}:", file=out)
    for line in c.data.get("differences", ()):
        print(f"    {line}", file=out)
    whole = f"expected {json.dumps(c.data['expected'], ensure_ascii=False)}, got " \
            f"{json.dumps(c.data['actual'], ensure_ascii=False)}"
    print(f"    {whole}" if len(whole) <= WHOLE_SHOWN else "    (the whole expected and actual: pnp check --json)",
          file=out)


WHOLE_SHOWN = 200     # characters of an example's expected and actual printed after its differences


def _short(text: str, n: int = 90) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def cmd_serve(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from generator.serve import serve

    from generator.build import BuildOptions

    game = args.game or game_folders()[0].name
    options = BuildOptions(SheetOptions(args.paper), args.out, args.theme, args.style, ("sheets", "svg"))
    serve(game, options, args.host, args.port, out)
    return EXIT_OK


def cmd_new(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from generator.scaffold import contents, new_game

    deck = _image_deck(args)
    target = new_game(args.name, args.dir, args.source, deck)
    shown = display_path(target)
    hint = f": add images to {shown}/fronts/ for more cards" if deck is not None else ""
    print(f"wrote {shown}/ ({contents(target)}){hint}", file=out)
    print(f"next: pnp build {shown} && pnp check {shown}", file=out)
    return EXIT_OK


def _image_deck(args: argparse.Namespace):
    """--images, --back and --size, or None; --back and --size mean nothing without --images."""
    from generator.scaffold_images import ImageDeck

    if args.images is None:
        given = [f"--{k}" for k in ("back", "size") if getattr(args, k) is not None]
        if given:
            raise OptionError(f"pnp new: {' and '.join(given)} only go with --images DIR (a deck from card images)")
        return None
    if args.source is not None:
        raise OptionError("pnp new: --images and --from are two kinds of new game; give one of them")
    return ImageDeck(args.images, args.back, args.size or "poker")


def cmd_calibrate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from generator.calibrate.run import run   # OpenCV: only pnp calibrate pays for it

    return run(args, out)


COMMANDS = {"list": cmd_list, "build": cmd_build, "check": cmd_check, "solve": cmd_solve, "new": cmd_new,
            "serve": cmd_serve, "calibrate": cmd_calibrate}
