"""`pnp`: a thin command line over the library. Exit codes: 0 success, 1 a check failed, 2 bad input."""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import signal
import threading
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from generator import __version__
from generator.common.units import rounded
from generator.common import paths
from generator.cli import options as opt
from generator.cli import parsers
from generator.cli.options import EXIT_BAD_INPUT, EXIT_CHECK_FAILED, EXIT_OK
from generator.cli.solve import SOLVE_DESCRIPTION, cmd_solve, solve_options
from generator.cli.trust import cmd_trust
from generator.model.designs import expand
from generator.common.errors import OptionError, PunchboardError, display_path, printable
from generator.layout.plan import SheetOptions
from generator.commands.progress import Progress, table
from generator.model.selection import Selection
from generator.load import game_folders, load_game, local_game_folders
from generator.output.writer import builds_of

if TYPE_CHECKING:
    from generator.output.options import BuildOptions


def parser() -> argparse.ArgumentParser:
    p = opt.Parser(prog="pnp", description="Punchboard: print-and-play components from a declarative spec, "
                "and a solver that proves the printed set complete.")
    p.add_argument("--version", action="version", version=f"pnp {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=opt.Parser)
    sub.required = True
    for add in (parsers.add_list, parsers.add_build, parsers.add_printed, parsers.add_check, parsers.add_serve,
                parsers.add_new, parsers.add_trust, parsers.add_calibrate):
        add(sub)
    solve_options(sub.add_parser("solve", help="game-specific searches (pnp solve GAME --help)", add_help=False,
                                  description=SOLVE_DESCRIPTION))
    return p


EXIT_INTERRUPTED = 128 + signal.SIGINT     # 130, as shells report a command stopped by Ctrl-C


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
            print(opt.worded(problem), file=err)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:    # Ctrl-C: what was being written is already removed; say so once
        print("pnp: interrupted; nothing half-written is left, and earlier output stays as it was", file=err)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # `pnp check | head`: the reader left; stop quietly, as other tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK


def _games(args: argparse.Namespace) -> list[str]:
    return list(args.games) or [p.name for p in game_folders()]


def cmd_list(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """The shipped games and the game folders here (or the games given, with their builds); a folder that does not
    load is one line on stderr, and the others are still listed (exit 2 only when it was named)."""
    given = list(args.games)
    names = given or [p.name for p in game_folders()] + [str(p) for p in local_game_folders()]
    rows, failed = [], False
    shown: list[tuple[str, list[Path]]] = []
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
        built = builds_of(args.out, game.id)
        rows.append([game.id, game.title, players, len(game.components),
                     sum(s.count for s in specs if s.face == "front"), len(specs), len(built), place])
        shown += [(game.id, built)] if given else []
    print(table(["game", "title", "players", "components", "pieces", "designs", "builds", "where"], rows), file=out)
    for game_id, built in shown:
        print(f"{game_id}: " + (", ".join(printable(display_path(b)) for b in built) if built
                                else f"no builds in {display_path(args.out)}"), file=out)
    return EXIT_BAD_INPUT if failed else EXIT_OK


def cmd_build(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from generator.commands.parallel import build_many, default_jobs, report

    options, printer_note = _build_options(args)
    names = list(dict.fromkeys(_games(args)))   # a game named twice is built once (two builds of one folder would collide)
    results, failed = report(build_many(names, options, Progress(stream=err), args.jobs or default_jobs()), err,
                             opt.worded)
    for r in results:
        for warning in r.warnings:
            print(printable(warning), file=err)
        for trace in r.traces if args.debug else ():
            print(trace, file=err, end="")
    if results:
        rows = [[" ".join(filter(None, (r.game, r.scope))), r.pieces, r.designs, r.pages, r.files, rounded(r.seconds, 2),
                 printable(str(r.folder))] for r in results]
        print(table(["game", "pieces", "designs", "pages", "files", "seconds", "folder"], rows), file=out)
        if printer_note:
            print(printer_note, file=out)
    return EXIT_BAD_INPUT if failed else EXIT_OK


def _build_options(args: argparse.Namespace) -> tuple[BuildOptions, str | None]:
    """The BuildOptions the flags name (the library refuses what makes no sense, output/options.py), and the
    printer profile's line for the summary."""
    from generator.output.options import BuildOptions

    preset = None
    if args.shop:
        from generator.load.shops import load_preset
        preset = load_preset(args.shop)
    back_offset, back_scale, printer_note = args.back_offset, 1.0, None
    if args.printer is not None:     # a printer profile (pnp calibrate --save) plus any --back-offset; '' is a bad name
        from generator.calibrate.profiles import build_offset
        back_offset, back_scale, printer_note = build_offset(args.printer, args.paper, args.duplex, args.back_offset)
    sheet = SheetOptions(args.paper, preset.bleed_mm if preset else args.bleed, args.marks, args.duplex, back_offset,
                         reg_inset_mm=args.reg_inset, reg_corners=args.reg_corners, back_scale=back_scale)
    options = BuildOptions(sheet, args.out, args.theme, args.style, args.formats, shop=preset, press=args.press,
                           ink_limit=args.ink_limit, pdfx=args.pdfx, press_profile_file=args.press_profile,
                           selection=Selection(args.players, args.only or ()), placeholders=args.placeholders,
                           changed=args.changed, since=args.since, trust_rules=args.trust_rules,
                           tts_url=args.tts_url, lang=args.lang, cache=not args.no_cache)
    return options, printer_note


def cmd_check(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    reports = [_check_one(load_game(name), args) for name in _games(args)]
    ok = all(r.ok for r in reports)
    if args.json:
        print(json.dumps({"ok": ok, "games": [r.as_json() for r in reports]}, indent=2, ensure_ascii=False), file=out)
    else:
        for r in reports:
            rows = [[_mark(c), c.kind, c.name, c.data.get("players", ""), _short(c.detail)] for c in r.checks]
            print(r.headline(), file=out)
            print(table(["", "kind", "check", "players", "detail"], rows), file=out)
            for c in r.checks:
                if c.ok is False and c.kind == "example" and "expected" in c.data:
                    _print_failed_example(c, out)
                if c.data.get("severity") == "warning" and c.ok is not True:   # what, why and the remedy, whole
                    print(f"  {c.kind}: {c.detail}", file=out)
                if c.kind == "data" and c.ok is False:           # the first rows that break the column
                    _print_breaches(c, out)
                elif c.ok is False and c.kind not in WHOLE_APART and c.detail != _short(c.detail):   # a failure, whole
                    print(f"  {c.name}: {c.detail}", file=out)
                if c.kind == "rules" and c.ok is False:         # the package, the hook and the exception, whole
                    print(f"  {c.detail}", file=out)
            print(file=out)
    for c in (c for r in reports for c in r.checks if c.trace and args.debug):
        print(c.trace, file=err, end="")
    return EXIT_OK if ok else EXIT_CHECK_FAILED


def _mark(c: Any) -> str:
    """The report's first column: ok, FAIL, NOT RUN, skip, warn or info."""
    if c.data.get("not_run"):
        return "NOT RUN"
    if "skipped" in c.data:
        return "skip"
    if c.data.get("severity") == "warning" and c.ok is not False:
        return "warn"
    return "info" if c.informational else "ok" if c.ok else "FAIL"


def _print_breaches(c: Any, out: TextIO) -> None:
    """A failed data check's first breaches, under the table (every one: pnp check --json)."""
    from generator.solver.data_checks import breach_lines

    for line in breach_lines(c):
        print(f"  {printable(line)}", file=out)


def _check_one(game: Any, args: argparse.Namespace) -> Any:
    """One game's report; with --theme or --style its colour checks read the themed colours."""
    from generator.commands.text_checks import language_checks
    from generator.solver.check import check_game
    from generator.load.theme import appearance

    look = appearance(game, args.theme, args.style) if args.theme or args.style != "colour" else None
    report = check_game(game, args.examples, look, trusted=args.trust_rules, simulate=args.simulate, seed=args.seed)
    extra = language_checks(game, args.theme, args.style, args.trust_rules)    # they render: beside the solver's
    return dataclasses.replace(report, checks=report.checks + tuple(extra))


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
WHOLE_APART = ("example", "data", "colour", "rules")   # kinds whose failures are printed whole in their own way


def _short(text: str, n: int = 90) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def cmd_serve(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from generator.commands.serve import serve

    from generator.output.options import BuildOptions

    game = args.game or game_folders()[0].name
    options = BuildOptions(SheetOptions(args.paper), args.out, args.theme, args.style, ("sheets", "svg"),
                           trust_rules=args.trust_rules)
    serve(game, options, args.host, args.port, out, opt.worded)
    return EXIT_OK


def cmd_new(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from generator.commands.scaffold import contents, new_game

    deck = _image_deck(args)
    if args.rules and (deck is not None or args.source is not None):
        raise OptionError("pnp new: --rules writes a rules package for a new game; a copy (--from) keeps its "
                          "original's, and a deck of images (--images) has no rules to prove")
    target = new_game(args.name, args.dir, args.source, deck, args.rules)
    shown = display_path(target)
    hint = f": add images to {shown}/fronts/ for more cards" if deck is not None else ""
    print(f"wrote {shown}/ ({contents(target)}){hint}", file=out)
    trust = f" --trust-rules (read {shown}/rules/ first: it is code that runs as you)" if args.rules else ""
    print(f"next: pnp build {shown} && pnp check {shown}{trust}", file=out)
    return EXIT_OK


def _image_deck(args: argparse.Namespace):
    """--images and the options of a deck of images, or None; those options mean nothing without --images."""
    from generator.commands.scaffold_images import ImageDeck

    if args.images is None:
        given = [f"--{k.replace('_', '-')}" for k in ("back", "size", "corner_radius") if getattr(args, k) is not None]
        given += ["--fill-corners"] if args.fill_corners else []
        if given:
            raise OptionError(f"pnp new: {' and '.join(given)} only go with --images DIR (a deck from card images)")
        return None
    if args.source is not None:
        raise OptionError("pnp new: --images and --from are two kinds of new game; give one of them")
    return ImageDeck(args.images, args.back, args.size or "poker", args.corner_radius, args.fill_corners)


def cmd_printed(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from generator.commands.printed import mark_printed

    mark = mark_printed(args.folder)
    print(f"marked {display_path(args.folder)} as printed ({display_path(mark)}): pnp build --changed of the same "
          "job now prints only what changed since", file=out)
    return EXIT_OK


def cmd_calibrate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from generator.calibrate.run import run   # OpenCV: only pnp calibrate pays for it

    return run(args, out)


COMMANDS = {"list": cmd_list, "build": cmd_build, "check": cmd_check, "solve": cmd_solve, "new": cmd_new,
            "serve": cmd_serve, "trust": cmd_trust, "calibrate": cmd_calibrate, "printed": cmd_printed}
