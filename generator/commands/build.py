"""Run the pipeline for one game: spec -> designs -> SVG -> sheet plan -> files, written all or nothing.

The files are the output formats' (output/formats/: one module each, walked here in their order); this module
only orders the steps every format shares: load, select, render, lay out, designs.pdf, then each asked-for
format, the manifest and the gallery, in a staging folder that replaces the last build of the same job."""

from __future__ import annotations

import dataclasses
import functools
import pickle
import shutil
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from generator.commands.progress import Progress, Ticks
from generator.commands.text_checks import summary_lines
from generator.common.errors import OptionError, PunchboardError, display_path, option_problem
from generator.layout.plan import PieceInput, SheetPlan
from generator.layout.sheets import fewer_sheets, plan_sheets
from generator.load import load_game
from generator.load.fonts import FontFace, font_book
from generator.load.theme import Appearance, appearance
from generator.model.designs import DesignSpec, expand
from generator.model.edition import edition
from generator.model.game import Game
from generator.model.selection import select
from generator.output import formats
from generator.output.design_files import design_pages, write_designs
from generator.output.gallery import DESIGN_DPI, PAGE_DPI, manifest_of, write_gallery, write_previews
from generator.output.incremental import check_key, page_keys
from generator.output.reuse import Remembered, Reuse, fonts_key, inputs_key, job_reuse
from generator.render.memo import DesignMemo
from generator.output.job import Format, Job, Written
from generator.output.changes import Changes, diff, fingerprints, printed_mark, read_manifest, to_print
from generator.output.manifest import PER_DESIGN, manifest
from generator.output.options import BuildOptions
from generator.output.preset import safe_insets
from generator.output.typst_pdf import TypstRunner
from generator.output.writer import MARKER, staged_folder
from generator.render import render_designs
from generator.render.store import SvgStore
from generator.render.context import SAFE_MM, RenderNotes
from generator.solver import guard
from generator.solver.data_checks import data_summary
from generator.solver.registry import load_rules
from generator.solver.result import CheckResult

__all__ = ["BuildOptions", "BuildResult", "build_game", "output_folder"]
T = TypeVar("T")


@dataclass(frozen=True)
class BuildResult:
    game: str
    folder: Path
    pieces: int
    designs: int
    pages: int
    files: int
    seconds: float
    warnings: tuple[str, ...] = ()
    scope: str = ""               # "for 3 players", "replacements": a partial build says so in the summary
    traces: tuple[str, ...] = ()  # tracebacks of rules code that raised (pnp build --debug prints them)


def output_folder(game: Game, options: BuildOptions) -> Path:
    """output/<game>/ for the default job; any other job beside it, named after what differs (BuildOptions.folder_name:
    output/<game>-fold/, output/<game>-sheets/, output/<game>-ink-saver-tgc-3p/), so no build replaces another
    job's files and any two can be compared."""
    return options.out / options.folder_name(game.id)


def pieces_of(specs: list[DesignSpec]) -> list[PieceInput]:
    """What the planner packs: each front design with its size, shape and count (an image deck's pictures share
    their bleed with their neighbours, layout/pack.py)."""
    return [PieceInput(s.id, s.back, s.component.width_mm, s.component.height_mm, s.component.shape, s.count,
                       s.component.cut_path(), tuple((f.x1, f.y1, f.x2, f.y2) for f in s.component.folds),
                       s.component.rotatable, s.component.kind == "board", s.component.from_images)
            for s in specs if s.face == "front"]


def build_game(name: str | Path, options: BuildOptions, progress: Progress | None = None) -> BuildResult:
    started = time.perf_counter()
    progress = progress or Progress(enabled=False)
    game, options = _edition(load_game(name, placeholders=options.placeholders), options)
    look = appearance(game, options.theme, options.style, placeholders=options.placeholders)
    store = SvgStore(options.out)           # a deck of photographs keeps most of its SVGs on disk, not in memory
    reuse = job_reuse(options.out, options.folder_name(game.id), options.cache and not options.memo)
    try:
        return _build(game, look, options, progress, (store, reuse), (started, str(name)))
    except BaseException:
        reuse.abandon()
        raise
    finally:
        store.close()


def _build(game: Game, look: Appearance, options: BuildOptions, progress: Progress, kept: tuple[SvgStore, Reuse],
           asked: tuple[float, str]) -> BuildResult:
    """The build of a loaded game; `kept`: where its SVGs go, and what the job's last build kept; `asked`: when the
    command started and the game as it was named. A job whose last build read the very same files and options,
    and whose folder is as that build left it, is done."""
    (store, reuse), (started, name) = kept, asked
    said = f"{name}\n{options!r}"
    inputs = inputs_key(game, look, said, options.theme, options.out) if reuse.on and not options.changed else ""
    last = reuse.unchanged(inputs, output_folder(game, options)) if inputs else None
    if isinstance(last, BuildResult) and _relinked(game, options, reuse, (inputs, last)):
        return dataclasses.replace(last, seconds=time.perf_counter() - started)
    drawn = _draw(game, look, options, progress, store, reuse)
    if not drawn.specs:                       # --changed, and nothing changed: nothing is written
        return BuildResult(game.id, output_folder(game, options), 0, 0, 0, 0, time.perf_counter() - started,
                           drawn.warnings, "changes")
    title = " · ".join([game.title] + ([options.selection.words()] if options.selection else [])
                       + (["changes"] if options.changed else []))
    wanted = [f for f in formats.ALL if f.wanted(options)]
    plan = _plan(game.id, drawn.specs, title, options, progress, reuse) if any(f.plan for f in wanted) else None
    result = _staged(game, look, options, progress, (drawn, plan, reuse, store), (name, inputs))
    return dataclasses.replace(result, seconds=time.perf_counter() - started)


class _Changed(Exception):
    """The job's folder changed between the look and the lock: it is built as any other."""


def _relinked(game: Game, options: BuildOptions, reuse: Reuse, last: tuple[str, BuildResult]) -> bool:
    """The job built again from the same inputs: its folder replaced, as any build's, by a staging folder of links
    to the very files it holds (under the job's lock, so another build is refused and a killed one's leftovers
    go). False when the folder changed in the meantime."""
    inputs, result = last
    target = output_folder(game, options)
    try:
        with staged_folder(target, game.id, [game.folder] + ([options.theme] if options.theme else [])) as stage:
            if not reuse.relink(inputs, target, stage, [MARKER]):
                raise _Changed()
            reuse.finish(inputs, stage, result, target)
    except _Changed:
        return False
    return True


def _staged(game: Game, look: Appearance, options: BuildOptions, progress: Progress,
            made: tuple[Drawn, SheetPlan | None, Reuse, SvgStore], asked: tuple[str, str]) -> BuildResult:
    """Every file of the job, written into a staging folder that replaces the job's folder when all succeeded."""
    (drawn, plan, reuse, store), (name, inputs) = made, asked
    specs, memo, target = drawn.specs, options.memo, output_folder(game, options)
    wanted = [f for f in formats.ALL if f.wanted(options)]
    if memo:
        memo.start(target)
    with staged_folder(target, game.id, [game.folder] + ([options.theme] if options.theme else [])) as stage:
        work = stage / ".work"
        work.mkdir()
        runner = memo.runner(drawn.faces) if memo else TypstRunner(work, drawn.faces, isolated=store.spilled)
        if reuse.on:                          # the sheets' overlays (marks, lines, labels), by what each page draws
            runner.overlays = Remembered(reuse.value("overlays", "all", dict))
        job = Job(game, specs, options, stage, work, target, runner, progress, plan, drawn.svgs,
                  look.press_colours(), memo, design_pages([sp.id for sp in specs], store.size), reuse,
                  fonts_key(drawn.faces) if reuse.on else "")
        try:
            written, checks = _write_everything(job, options, wanted, progress, look, drawn.record)
        finally:
            if not memo:
                runner.close()
        shutil.rmtree(work)
        if isinstance(runner.overlays, Remembered):
            reuse.put("overlays", "all", pickle.dumps(runner.overlays.kept(), protocol=pickle.HIGHEST_PROTOCOL))
        result = _result(game, options, drawn, plan, written, checks, name, target)
        reuse.finish(inputs, stage, result, target)
    if memo:
        memo.done()
    progress.done()
    return result


def _result(game: Game, options: BuildOptions, drawn: Drawn, plan: SheetPlan | None, written: dict[str, Written],
            checks: list[dict] | str, name: str, target: Path) -> BuildResult:
    """The summary's row and lines (its time is set by the caller)."""
    notes = tuple(n for w in written.values() for n in w.notes) + tuple(filter(None, [data_summary(game.id, name,
                                                                                                 checks)]))
    return BuildResult(game.id, target, sum(s.count for s in drawn.specs if s.face == "front"), len(drawn.specs),
                       len(plan.pages) if plan else 0, sum(w.files for w in written.values()), 0.0,
                       drawn.warnings + notes + tuple(f"{game.id}: {note}" for note in (plan.notes if plan else ())),
                       " ".join(filter(None, (options.selection.words(), "changes" if options.changed else "",
                                              f"in {options.lang}" if options.lang else ""))),
                       drawn.traces)


def _edition(game: Game, options: BuildOptions) -> tuple[Game, BuildOptions]:
    """The game in the language asked for (model/edition.py), and the options; the game's own language asked for
    by name is its default build, in its default folder."""
    if options.lang is None:
        return game, options
    if options.lang == game.default_language:
        return game, dataclasses.replace(options, lang=None)
    return edition(game, options.lang), options


@dataclass(frozen=True)
class Drawn:
    """The designs a build prints, rendered: their SVGs, the fonts they use, what each prints and the summary's
    lines so far (render warnings; with --changed, what changed since the printed set)."""

    specs: list[DesignSpec]
    svgs: Mapping[str, str]
    faces: list[FontFace]
    record: Record
    warnings: tuple[str, ...]
    traces: tuple[str, ...] = ()       # tracebacks of rules code that raised (pnp build --debug prints them)


def _draw(game: Game, look: Appearance, options: BuildOptions, progress: Progress, store: SvgStore,
          reuse: Reuse) -> Drawn:
    """Every design of the selection rendered and fingerprinted; with --changed, only the designs to print."""
    specs = select(game, expand(game), options.selection) if options.selection else expand(game)
    progress.stage(f"{game.id}: render", len(specs))
    safe = safe_insets(specs, options.shop, SAFE_MM) if options.shop else None   # the shop's safe zone, scaled
    aid, unruled = _aid(game, options.trust_rules)
    notes = RenderNotes()
    memo = options.memo.designs if options.memo else DesignMemo(options.out, reuse) if reuse.on else None
    _, rendering = render_designs(game, look, options.sheet.bleed_mm, specs, progress.tick, aid, safe, memo, store,
                                  notes)
    warnings = (tuple(rendering) + tuple(summary_lines(game, notes.texts))
                + tuple(f"{game.id}: {c.detail}; the templates got an empty aid" for c in unruled))
    traces = tuple(c.trace for c in unruled if c.trace)
    faces = font_book(look.font_folders).faces
    prints = fingerprints(specs, store, options.sheet.bleed_mm, faces)
    if not options.changed:
        return Drawn(specs, store, faces, Record(prints), warnings, traces)
    changes, specs = _since(game, options, specs, prints)
    said = _changes_line(changes) if specs else _nothing_to_print(changes)
    return Drawn(specs, store, faces, Record(prints, changes),
                 warnings + (f"{game.id}: {said}",), traces)


@dataclass(frozen=True)
class Record:
    """What the manifest says of the designs beyond their files: what each prints, and what changed."""

    prints: dict[str, str]
    changes: Changes | None = None


def _since(game: Game, options: BuildOptions, specs: list[DesignSpec],
           prints: dict[str, str]) -> tuple[Changes, list[DesignSpec]]:
    """The changes since the build named by --since, else the set marked printed (`pnp printed`), else the last
    build of the same job (`_last_print`); and the designs to print for them."""
    if options.since is not None:
        path = options.since / "manifest.json" if options.since.is_dir() else options.since
        said = display_path(options.since)
    else:
        path, said = _last_print(game, options)
    if not path.is_file():
        raise OptionError(option_problem("{changed}: no earlier build of this job at {path} to compare with; build "
                                         "it once, or name one with {since}", path=display_path(path)))
    changes = diff(read_manifest(path), specs, prints, said)
    return changes, to_print(specs, changes)


def _last_print(game: Game, options: BuildOptions) -> tuple[Path, str]:
    """The manifest --changed compares with, and its words: the job's set marked printed, else its last build. A
    proof of some of the default four formats (`--formats sheets`) prints what the default job prints, so the
    default job's mark, then its build, stand in for its own (marks before builds: what is on the table first)."""
    same = dataclasses.replace(options, changed=False, since=None)
    jobs = [output_folder(game, same)]
    if set(same.formats) < set(formats.DEFAULT):
        jobs.append(output_folder(game, dataclasses.replace(same, formats=formats.DEFAULT)))
    marks = [(printed_mark(job), f"the set marked printed from {display_path(job)}") for job in jobs]
    builds = [(job / "manifest.json", f"the last build, {display_path(job)}") for job in jobs]
    return next((c for c in marks + builds if c[0].is_file()), builds[0])


def _changes_line(changes: Changes) -> str:
    told = [f"{len(changes.new)} new", f"{len(changes.changed)} changed", f"{len(changes.more)} with more copies"]
    return (f"since {changes.since}: printing {', '.join(told)}; pulling {len(changes.pull)} "
            "(the lists: changes.txt)")


def _nothing_to_print(changes: Changes) -> str:
    pulls = ", ".join(f"{d} x {n} ({why})" for d, (n, why) in changes.pull.items())
    return f"nothing to print since {changes.since}" + (f"; pull from the printed set: {pulls}" if pulls else "")


def _aid(game: Game, trusted: bool) -> tuple[dict, list[CheckResult]]:
    """What the game's rules package says its printed aids show (templates get it as `aid`), and the one line
    when its package was not run, not loaded or raised in aid(): the sheets are written all the same."""
    loaded = load_rules(game, trusted)
    aid, failed = guard.aid(loaded)
    unruled = [c for c in loaded.status if c.ok is False] + ([failed] if failed else [])
    return aid, unruled[:1]


def _plan(game_id: str, specs: list[DesignSpec], title: str, options: BuildOptions, progress: Progress,
          reuse: Reuse) -> SheetPlan:
    """The sheets' layout (a plan over the paper goal is searched: seconds, shown), or the last build's for the
    same pieces and options."""
    progress.stage(f"{game_id}: planning sheets", 1)
    pieces = pieces_of(specs)
    if options.memo:
        return options.memo.plan(pieces, options.sheet, title)
    saying = "sheets" in options.formats             # the summary's word on another --marks choice

    def planned() -> SheetPlan:
        plan = plan_sheets(pieces, options.sheet, title)
        sheets = sum(1 for p in plan.pages if p.side == "front")
        if saying and (saving := fewer_sheets(pieces, options.sheet, title, sheets)):
            plan = dataclasses.replace(plan, notes=plan.notes + (saving,))
        return plan
    return reuse.value("plan", reuse.key(pieces, options.sheet, title, saying), planned)


def _write_everything(job: Job, options: BuildOptions, wanted: list[Format], progress: Progress,
                      look: Appearance, record: Record) -> tuple[dict[str, Written], list[dict] | str]:
    """The designs files (every design once, the pages the other writers draw from: output/design_files.py),
    then each asked-for format, the manifest and the gallery. Returns what each wrote, by format, in the order
    they ran, and the gallery's check results (the build's summary counts the data rules that fail from them,
    not from a second check)."""
    progress.stage(f"{job.game.id}: pdf", 1)
    b = job.sheet.bleed_mm
    sizes = {s.id: (s.component.width_mm + 2 * b, s.component.height_mm + 2 * b) for s in job.specs}
    keys = write_designs(job.runner, job.svgs, sizes, job.pages, job.game.title,
                         job.designs_pdf if any(f.designs for f in wanted) else None,
                         (job.reuse, job.digest, job.fonts) if job.reuse.on else None)
    job = dataclasses.replace(job, keys=keys)
    progress.tick()
    written, checks = _write_formats(job, wanted, progress, lambda: _checks(job, look, options.trust_rules))
    _write_manifest(job, options, written, record)
    _write_gallery(job, options.version, written, checks, look)
    return written, checks


def _write_formats(job: Job, wanted: list[Format], progress: Progress,
                   meanwhile: Callable[[], T]) -> tuple[dict[str, Written], T]:
    """Every asked-for format. The designs are rasterised (a rasters format such as the PNGs, most of a full
    build, or else the gallery's previews) on a thread of their own, and the formats that compile with Typst
    (which lets go of Python while it works) on another, in their order, while the others run here, and then
    `meanwhile` (whose value is returned beside them); PDFium serves one thread at a time, so the formats that
    draw with it (after_rasters) wait."""
    rasters = next((f for f in wanted if f.rasters), None)
    results: dict[str, Written] = {}
    with ThreadPoolExecutor(max_workers=1) as side, ThreadPoolExecutor(max_workers=1) as typst:
        done, compiled = Ticks(), Ticks()
        (job.stage / (rasters.name if rasters else "preview")).mkdir()
        running = side.submit(rasters.write if rasters else _previews, dataclasses.replace(job, steps=done))
        compiling = {f.name: typst.submit(f.write, dataclasses.replace(job, steps=compiled))
                     for f in wanted if f.compiles}
        try:
            for fmt in wanted:
                if not (fmt.rasters or fmt.after_rasters or fmt.compiles):
                    results[fmt.name] = fmt.write(job)
            aside = meanwhile()
            progress.follow(f"{job.game.id}: {rasters.name if rasters else 'previews'}", len(job.specs),
                            [running, *compiling.values()], done)
            results |= {name: future.result() for name, future in compiling.items()}
            side_written = running.result()
        except BaseException:           # a writer failed or Ctrl-C: the threads stop at their next page
            done.stop()
            compiled.stop()
            typst.shutdown(cancel_futures=True)
            raise
    written = {f.name: results[f.name] for f in wanted if f.name in results}
    if rasters:
        written[rasters.name] = side_written
    for fmt in wanted:
        if fmt.after_rasters:
            written[fmt.name] = fmt.write(job)
    return written, aside


def _previews(job: Job) -> Written:
    """The gallery's small design previews, when no format rasterises the designs."""
    memo = job.memo
    keys = [f"{job.digest(s.id)}:{job.fonts}" for s in job.specs] if memo or job.reuse.on else None
    write_previews([(job.runner.root / job.pages[s.id][0], job.pages[s.id][1] - 1) for s in job.specs],
                   job.stage / "preview", [s.id for s in job.specs], DESIGN_DPI, keys, memo.previews if memo else None,
                   job.steps.tick, functools.partial(memo.write, job.stage) if memo else None, job.work,
                   job.reuse if job.reuse.on else None)
    return Written()


def _checks(job: Job, look: Appearance, trusted: bool) -> list[dict] | str:
    """The check results the gallery shows (pnp check's), or the line saying why they could not run."""
    from generator.solver.check import check_game

    def run() -> list[dict] | str:
        try:
            return [c.as_json() for c in check_game(job.game, look=look, trusted=trusted).checks]
        except PunchboardError as exc:
            return "pnp check could not run: " + "; ".join(str(p) for p in exc.problems)
    if job.memo:
        return job.memo.checks(job.game, look, run, load_rules(job.game, trusted).fingerprint)
    if job.reuse.on:
        return job.reuse.value("checks", check_key(job.game, look, load_rules(job.game, trusted).fingerprint), run)
    return run()


def _write_gallery(job: Job, version: int, written: dict[str, Written], checks: list[dict] | str,
                   look: Appearance) -> None:
    """index.html beside the files: designs, sheet pages and the check results (pnp serve shows it)."""
    sheets = next((w.main for w in written.values() if w.main), None)
    memo = job.memo
    if sheets and job.plan:
        pages = [f"page-{i + 1}" for i in range(len(job.plan.pages))]
        sources = [(job.stage / sheets, i) for i in range(len(pages))]
        if memo:
            write_previews(sources, job.stage / "pages", pages, PAGE_DPI, page_keys(job.plan, job.digest),
                           memo.pages, lambda: None, functools.partial(memo.write, job.stage))
        else:
            keys = [f"{key}:{job.fonts}" for key in page_keys(job.plan, job.digest)] if job.reuse.on else None
            write_previews(sources, job.stage / "pages", pages, PAGE_DPI, keys, scratch=job.work,
                           reuse=job.reuse if job.reuse.on else None)
    write_gallery(job.stage, manifest_of(job.stage), checks, version, job.game)
    written["gallery"] = Written(1)


def _write_manifest(job: Job, options: BuildOptions, written: dict[str, Written], record: Record) -> None:
    sheet = job.sheet
    entries: dict[str, dict[str, str | None]] = {s.id: dict.fromkeys(PER_DESIGN) for s in job.specs}
    for name, w in written.items():
        for design, file in w.per_design.items():
            entries[design][name] = file
    opts = {"paper": sheet.paper, "bleed_mm": sheet.bleed_mm, "marks": sheet.marks, "duplex": sheet.duplex}
    extra: dict[str, object] = {key: value for w in written.values() for key, value in w.listed}
    extra["build"] = {"back_offset_mm": list(sheet.back_offset_mm), "style": options.style,
                      "theme": options.theme.name if options.theme else None, "formats": list(options.formats),
                      **options.selection.as_json(), **({"language": options.lang} if options.lang else {})}
    sheets = next((w.main for w in written.values() if w.main), None)
    if record.changes is not None:
        extra["changes"] = record.changes.as_json()
        (job.stage / "changes.txt").write_text("\n".join(record.changes.words()) + "\n", encoding="utf-8")
    for s in job.specs:
        entries[s.id]["fingerprint"] = record.prints[s.id]
    text = manifest(job.game.id, opts, job.specs, sheet.bleed_mm, entries, job.plan, sheets, extra)
    (job.stage / "manifest.json").write_text(text, encoding="utf-8")
    written["manifest"] = Written(1 + (record.changes is not None))
