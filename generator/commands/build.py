"""Run the pipeline for one game: spec -> designs -> SVG -> sheet plan -> files, written all or nothing."""

from __future__ import annotations

import dataclasses
import functools
import shutil
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from generator.model.designs import DesignSpec, expand, slugify
from generator.commands.formats import EXTRA_FORMATS, FORMATS
from generator.layout.calibration import calibration_plan
from generator.layout.plan import PieceInput, SheetOptions, SheetPlan
from generator.layout.sheets import plan_sheets
from generator.model.game import Game
from generator.model.selection import Selection, select
from generator.common.errors import PunchboardError
from generator.output.gallery import DESIGN_DPI, PAGE_DPI, manifest_of, svg_key, write_gallery, write_previews
from generator.output.manifest import manifest
from generator.output.png import write_pngs
from generator.output.shop import write_boxed, write_shop_files
from generator.output.typst_pdf import TypstRunner, designs_pdf, sheets_pdf
from generator.commands.incremental import page_keys
from generator.output.writer import staged_folder
from generator.output.preset import decks, preset_notes, proof_plan, safe_insets, write_per_card, write_per_deck
from generator.output.tts import write_tts
from generator.output.cricut import too_large, write_cricut
from generator.output.cut import write_cut_files
from generator.layout.registration import marked
from generator.output.press import Converter
from generator.commands.progress import Progress, Ticks
from generator.render import render_designs
from generator.render.context import SAFE_MM
from generator.load.fonts import font_book
from generator.load.shops import Preset
from generator.solver.registry import rules_for
from generator.load import load_game
from generator.load.theme import appearance


@dataclass(frozen=True)
class BuildOptions:
    sheet: SheetOptions = field(default_factory=SheetOptions)
    out: Path = Path("output")
    theme: Path | None = None
    style: str = "colour"
    formats: tuple[str, ...] = FORMATS
    version: int = 0              # pnp serve's rebuild counter, for the gallery's reload
    preview_cache: dict | None = field(default=None, compare=False, hash=False, repr=False)  # pnp serve's
    shop: Preset | None = None    # pnp build --shop: the shop's files under shop-<id>/
    press: bool = False           # pnp build --press: <game>-press.pdf, every colour DeviceCMYK
    ink_limit: int | None = None  # total ink of press files, percent (default: the shop's, else 300)
    pdfx: str = "4"               # --pdfx: the PDF/X standard of the press file (4 or 1a)
    press_profile: Any = None     # --press-profile: the shop's ICC profile (PressProfile), else the shipped one
    selection: Selection = field(default_factory=Selection)   # --players N / --only: a partial build
    placeholders: bool = False    # --placeholders: missing art prints as labelled placeholders
    memo: Any = field(default=None, compare=False, hash=False, repr=False)  # pnp serve's caches (incremental.py)


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


def output_folder(game: Game, options: BuildOptions) -> Path:
    """output/<game>/ for the default look; a theme, a style or a partial build goes beside it, named after each
    (output/<game>-<theme file>-<style>-3p/), so no build replaces another and any two can be compared."""
    parts = [game.id, theme_name(options.theme) if options.theme else "",
             "" if options.style == "colour" else options.style]
    return options.out / ("-".join(p for p in parts if p) + options.selection.suffix())


def theme_name(theme: Path) -> str:
    """A theme file's part of a folder name: its name without .yaml, as an id (`My Theme.yaml` -> my-theme)."""
    return slugify(Path(theme).stem) or "theme"


def pieces_of(specs: list[DesignSpec]) -> list[PieceInput]:
    return [PieceInput(s.id, s.back, s.component.width_mm, s.component.height_mm, s.component.shape, s.count,
                       s.component.cut_path(), tuple((f.x1, f.y1, f.x2, f.y2) for f in s.component.folds),
                       s.component.rotatable, s.component.kind == "board")
            for s in specs if s.face == "front"]


@dataclass
class _Job:
    """What every format writer needs: the designs, the staging and work folders and the Typst runner."""

    game: Game
    specs: list[DesignSpec]
    sheet: SheetOptions
    stage: Path
    work: Path
    runner: TypstRunner
    progress: Progress
    plan: object = None
    entries: dict = field(default_factory=dict)
    extra: dict = field(default_factory=dict)
    files: int = 0
    shop: Preset | None = None
    target: Path = Path(".")                    # where the stage ends up (for addresses written into files)
    press_colours: dict = field(default_factory=dict)   # exact press colours of the palette (sRGB -> CMYK)
    ink_limit: int | None = None
    pdfx: str = "4"
    press_profile: Any = None
    notes: list = field(default_factory=list)   # said in the build summary (a component a shop cannot print)
    svgs: dict = field(default_factory=dict)    # design id -> its SVG text
    memo: Any = None                            # pnp serve's caches (incremental.py): unchanged files are linked

    def converter(self, ink_limit: int) -> Converter:
        """The press conversion: the palette's exact CMYK first, then the press profile (the shop's if given)."""
        return Converter(ink_limit, self.press_colours, self.press_profile.data if self.press_profile else None)

    def flattened(self, pages: int, standard) -> None:
        if pages:
            from generator.output.flatten import FLATTEN_DPI
            self.notes.append(f"{self.game.id}: {pages} page{'s' if pages != 1 else ''} drawn with transparency "
                              f"flattened into {FLATTEN_DPI} dpi images, as {standard.version} allows no "
                              "transparency")

    def record(self, fmt: str, path_of) -> None:
        for s in self.specs:
            self.entries[s.id][fmt] = path_of(s)
        self.files += len(self.specs)


def _write_sheets(job: _Job) -> None:
    """Home-print sheets, and the duplex calibration sheet when anything has a back."""
    job.progress.stage(f"{job.game.id}: sheets", 1)
    name = f"{job.game.id}-{job.sheet.paper}.pdf"
    pages = {s.id: i + 1 for i, s in enumerate(job.specs)}
    (job.stage / name).write_bytes(sheets_pdf(job.runner, job.plan, pages, "designs.pdf", job.game.title))
    job.extra["sheets_file"], job.files = name, job.files + 1
    if any(s.face == "back" for s in job.specs) and job.sheet.duplex in ("long", "short"):   # not none, fold
        calibration = f"calibration-{job.sheet.paper}.pdf"
        plan = calibration_plan(job.sheet)
        (job.stage / calibration).write_bytes(
            sheets_pdf(job.runner, plan, {}, "designs.pdf", "Duplex calibration"))
        job.extra["calibration"], job.files = calibration, job.files + 1
    job.progress.tick()


def _write_svgs(job: _Job) -> None:
    """The SVGs Typst compiled (it had them in memory)."""
    (job.stage / "svg").mkdir()
    for s in job.specs:
        path = job.stage / "svg" / f"{s.id}.svg"
        if job.memo:
            job.memo.write(job.stage, path, job.svgs[s.id].encode("utf-8"))
        else:
            path.write_text(job.svgs[s.id], encoding="utf-8")
    job.record("svg", lambda s: f"svg/{s.id}.svg")


def _write_shop(job: _Job) -> None:
    job.progress.stage(f"{job.game.id}: shop files", 1)
    (job.stage / "shop").mkdir()
    write_shop_files(job.work / "designs.pdf", [(job.stage / "shop" / f"{s.id}.pdf", job.sheet.bleed_mm)
                                                for s in job.specs])
    job.record("shop", lambda s: f"shop/{s.id}.pdf")
    job.progress.tick()


def _rasterise_designs(job: _Job, options: BuildOptions, tick: Callable[[], None]) -> None:
    """The PNG format, or else the gallery's design previews. Runs beside the other writers (see
    _write_formats) and touches nothing of the job but its own folder."""
    if "png" in options.formats:
        b = job.sheet.bleed_mm
        write_pngs(job.work / "designs.pdf", [(job.stage / "png" / f"{s.id}.png", s.component.width_mm + 2 * b,
                                               s.component.height_mm + 2 * b) for s in job.specs], tick)
    else:
        write_previews(job.work / "designs.pdf", job.stage / "preview", [s.id for s in job.specs], DESIGN_DPI,
                       [svg_key(job.svgs[s.id]) for s in job.specs], options.preview_cache, tick,
                       functools.partial(job.memo.write, job.stage) if job.memo else None)


def _write_formats(job: _Job, options: BuildOptions) -> None:
    """Every asked-for format. The designs are rasterised (the PNGs, most of a full build, or else the gallery's
    previews) on a thread of their own while the writers that do not rasterise run; PDFium serves one thread
    at a time, so the writers that rasterise (RASTERISING) wait for it."""
    png = "png" in options.formats
    wanted = [fmt for fmt in FORMATS + EXTRA_FORMATS if fmt in options.formats and fmt != "png"]
    with ThreadPoolExecutor(max_workers=1) as side:
        done = Ticks()
        (job.stage / ("png" if png else "preview")).mkdir()
        rasters = side.submit(_rasterise_designs, job, options, done.tick)
        try:
            for fmt in wanted:
                if fmt not in RASTERISING:
                    WRITERS[fmt](job)
            if png:
                job.progress.follow(f"{job.game.id}: png", len(job.specs), rasters, done)
            rasters.result()
        except BaseException:           # a writer failed or Ctrl-C: the side thread stops at its next page
            done.stop()
            raise
    if png:
        job.record("png", lambda s: f"png/{s.id}.png")
    for fmt in wanted:
        if fmt in RASTERISING:
            WRITERS[fmt](job)


def _write_preset(job: _Job) -> None:
    """The files one print shop asks for, its summary notes, and the proof PDF."""
    preset = job.shop
    folder = job.stage / f"shop-{preset.id}"
    folder.mkdir()
    deck_list = decks(job.specs, preset)
    job.progress.stage(f"{job.game.id}: {preset.name}", sum(len(d.fronts) for d in deck_list if d.product))
    write = write_per_card if preset.files == "per-card" else write_per_deck
    job.files += write(job.work / "designs.pdf", folder, job.specs, deck_list, preset, job.sheet.bleed_mm,
                       job.progress.tick)
    if preset.colour == "cmyk":                  # the shop wants CMYK: its decks become press files
        from generator.output.press_pdf import to_press  # pikepdf: only builds that need it pay for it
        from generator.output.pdfx import STANDARDS
        convert = job.converter(job.ink_limit or preset.ink_limit)
        flat = sum(to_press(pdf, pdf, convert, pdf.stem, STANDARDS[preset.pdfx], job.press_profile)
                   for pdf in sorted(folder.rglob("*.pdf")))
        job.flattened(flat, STANDARDS[preset.pdfx])
    job.notes.extend(preset_notes(job.game.id, deck_list, preset))
    data = proof_plan(job.game.title, job.specs, deck_list, preset, job.sheet.bleed_mm)
    (folder / "proof.pdf").write_bytes(job.runner.compile("proof.typ", data, "proof"))
    job.files += 1


def _write_press(job: _Job) -> None:
    """<game>-press.pdf: every design once, trim + bleed with TrimBox and BleedBox, every colour DeviceCMYK."""
    from generator.output.press_pdf import to_press

    job.progress.stage(f"{job.game.id}: press file", 1)
    boxed = job.work / "press-rgb.pdf"
    write_boxed(job.work / "designs.pdf", boxed, job.sheet.bleed_mm)
    name = f"{job.game.id}-press.pdf"
    from generator.output.pdfx import STANDARDS
    standard = STANDARDS[job.pdfx]
    job.flattened(to_press(boxed, job.stage / name, job.converter(job.ink_limit or 300), f"{job.game.title} (press)",
                           standard, job.press_profile), standard)
    job.extra["press"], job.files = name, job.files + 1
    job.progress.tick()


def _write_tts(job: _Job) -> None:
    job.progress.stage(f"{job.game.id}: Tabletop Simulator", len({s.component.id for s in job.specs}))
    folder = job.stage / "tts"
    folder.mkdir()
    files, notes = write_tts(job.work / "designs.pdf", folder, job.target / "tts", job.specs, job.game.title,
                             job.sheet.bleed_mm, job.progress.tick)
    job.files += files
    job.notes.extend(notes)


def _write_cut(job: _Job) -> None:
    """Print-then-cut: a cut file per front sheet (the sheets carry the registration marks)."""
    job.progress.stage(f"{job.game.id}: cut files", 1)
    folder = job.stage / "cut"
    folder.mkdir()
    names = write_cut_files(job.plan, folder, f"{job.game.id}-{job.sheet.paper}")
    by_hand = sorted({pl.design for p in job.plan.pages if p.side == "front" and not marked(p) for pl in p.placements})
    if by_hand:
        job.notes.append(f"{job.game.id}: too large to clear the registration marks, on sheets without them "
                         f"(cut by hand): {', '.join(by_hand)}")
    job.extra["cut"], job.files = [f"cut/{n}" for n in names], job.files + len(names)
    job.progress.tick()


def _write_cricut(job: _Job) -> None:
    """Cricut Print Then Cut: a cut-out PNG per design that fits Design Space, and the sizes to enter."""
    job.progress.stage(f"{job.game.id}: Cricut", len(job.specs))
    folder = job.stage / "cricut"
    folder.mkdir()
    images = write_cricut(job.work / "designs.pdf", folder, job.specs, job.sheet.bleed_mm, job.progress.tick)
    for im in images:
        job.entries[im.spec.id]["cricut"] = f"cricut/{im.file}" if im.file else None
    job.extra["cricut"] = "cricut/sizes.csv"
    job.files += sum(1 for im in images if im.file) + 1
    if too_large(images):
        job.notes.append(f"{job.game.id}: larger than Cricut Print Then Cut's 6.75 x 9.25 in, no image (print the "
                         f"sheets or order from a shop): {', '.join(too_large(images))}")


WRITERS = {"sheets": _write_sheets, "shop": _write_shop, "svg": _write_svgs, "tts": _write_tts, "cut": _write_cut,
           "cricut": _write_cricut}
RASTERISING = {"tts", "cricut"}


def _plan(game_id: str, specs: list[DesignSpec], sheet: SheetOptions, title: str, options: BuildOptions,
          progress: Progress) -> SheetPlan | None:
    """The sheets' layout when sheets are asked for (a plan over the paper goal is searched: seconds, shown)."""
    if "sheets" not in options.formats:
        return None
    progress.stage(f"{game_id}: planning sheets", 1)
    return (options.memo.plan if options.memo else plan_sheets)(pieces_of(specs), sheet, title)


def build_game(name: str | Path, options: BuildOptions, progress: Progress | None = None) -> BuildResult:
    started = time.perf_counter()
    progress = progress or Progress(enabled=False)
    game = load_game(name, placeholders=options.placeholders)
    look = appearance(game, options.theme, options.style, placeholders=options.placeholders)
    sheet = options.sheet
    if "cut" in options.formats:            # print-then-cut: sheets with the machine's marks, and cut files
        sheet = dataclasses.replace(sheet, registration=True)
        options = dataclasses.replace(options, sheet=sheet, formats=tuple(dict.fromkeys(("sheets", *options.formats))))
    specs = select(game, expand(game), options.selection) if options.selection else expand(game)
    title = " · ".join([game.title] + ([options.selection.words()] if options.selection else []))
    progress.stage(f"{game.id}: render", len(specs))
    safe = safe_insets(specs, options.shop, SAFE_MM) if options.shop else None   # the shop's safe zone, scaled
    memo = options.memo
    rendered, warnings = render_designs(game, look, sheet.bleed_mm, specs, progress.tick, rules_for(game).aid(), safe,
                                        memo.designs if memo else None)
    plan = _plan(game.id, specs, sheet, title, options, progress)
    target = output_folder(game, options)
    keep = [game.folder] + ([options.theme] if options.theme else [])
    if memo:
        memo.start(target)
    with staged_folder(target, game.id, keep) as stage:
        work = stage / ".work"
        work.mkdir()
        faces = font_book(look.font_folders).faces
        job = _Job(game, specs, sheet, stage, work, memo.runner(faces) if memo else TypstRunner(work, faces), progress,
                   plan, {s.id: {"svg": None, "shop": None, "png": None} for s in specs}, shop=options.shop,
                   target=target, press_colours=look.press_colours(), ink_limit=options.ink_limit,
                   pdfx=options.pdfx, press_profile=options.press_profile, svgs={r.spec.id: r.svg for r in rendered},
                   memo=memo)
        _write_everything(job, options)
        shutil.rmtree(work)
    if memo:
        memo.done()
    progress.done()
    pieces = sum(s.count for s in specs if s.face == "front")
    return BuildResult(game.id, target, pieces, len(specs), len(plan.pages) if plan else 0, job.files,
                       time.perf_counter() - started, tuple(warnings) + tuple(job.notes) +
                       tuple(f"{game.id}: {note}" for note in (plan.notes if plan else ())), options.selection.words())


def _write_everything(job: _Job, options: BuildOptions) -> None:
    """designs.pdf (every design once, the page the other writers draw from), then each asked-for file."""
    job.progress.stage(f"{job.game.id}: pdf", 1)
    b = job.sheet.bleed_mm
    full = [(job.svgs[s.id], s.component.width_mm + 2 * b, s.component.height_mm + 2 * b) for s in job.specs]
    (job.work / "designs.pdf").write_bytes(designs_pdf(job.runner, full, job.game.title))
    if job.memo:
        job.memo.keep_designs((job.work / "designs.pdf").read_bytes())
    job.progress.tick()
    _write_formats(job, options)
    if options.shop is not None:
        _write_preset(job)
    if options.press:
        _write_press(job)
    _write_manifest(job, options)
    _write_gallery(job, options)


def _write_gallery(job: _Job, options: BuildOptions) -> None:
    """index.html beside the files: designs, sheet pages and the check results (pnp serve shows it)."""
    from generator.solver.check import check_game

    if "sheets_file" in job.extra:
        pages = len(job.plan.pages)
        write_previews(job.stage / job.extra["sheets_file"], job.stage / "pages",
                       [f"page-{i + 1}" for i in range(pages)], PAGE_DPI,
                       *((page_keys(job.plan, job.svgs), options.memo.pages, lambda: None,
                          functools.partial(options.memo.write, job.stage)) if options.memo else ()))
    look = appearance(job.game, options.theme, options.style, placeholders=options.placeholders)  # colour checks

    def run() -> list[dict] | str:
        try:
            return [c.as_json() for c in check_game(job.game, look=look).checks]
        except PunchboardError as exc:
            return "pnp check could not run: " + "; ".join(str(p) for p in exc.problems)
    checks = options.memo.checks(job.game, look, run) if options.memo else run()
    write_gallery(job.stage, manifest_of(job.stage), checks, options.version, job.game)
    job.files += 1


def _write_manifest(job: _Job, options: BuildOptions) -> None:
    sheet = job.sheet
    opts = {"paper": sheet.paper, "bleed_mm": sheet.bleed_mm, "marks": sheet.marks, "duplex": sheet.duplex}
    extra = {k: v for k, v in job.extra.items() if k != "sheets_file"}
    extra["build"] = {"back_offset_mm": list(sheet.back_offset_mm), "style": options.style,
                      "theme": options.theme.name if options.theme else None, "formats": list(options.formats),
                      **options.selection.as_json()}
    text = manifest(job.game.id, opts, job.specs, sheet.bleed_mm, job.entries, job.plan,
                    job.extra.get("sheets_file"), extra)
    (job.stage / "manifest.json").write_text(text, encoding="utf-8")
    job.files += 1
