"""Run the pipeline for one game: spec -> designs -> SVG -> sheet plan -> files, written all or nothing."""

from __future__ import annotations

import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path

from generator.designs import DesignSpec, expand
from generator.layout.calibration import calibration_plan
from generator.layout.plan import PieceInput, SheetOptions
from generator.layout.sheets import plan_sheets
from generator.model import Game
from generator.output.manifest import manifest
from generator.output.png import write_pngs
from generator.output.shop import write_shop_files
from generator.output.typst_pdf import TypstRunner, designs_pdf, sheets_pdf
from generator.output.writer import staged_folder
from generator.progress import Progress
from generator.render import render_designs
from generator.spec import load_game
from generator.theme import appearance

FORMATS = ("sheets", "shop", "png", "svg")


@dataclass(frozen=True)
class BuildOptions:
    sheet: SheetOptions = field(default_factory=SheetOptions)
    out: Path = Path("output")
    theme: Path | None = None
    style: str = "colour"
    formats: tuple[str, ...] = FORMATS


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


def output_folder(game: Game, options: BuildOptions) -> Path:
    """output/<game>/ for the default style; output/<game>-<style>/ beside it for another style."""
    name = game.id if options.style == "colour" else f"{game.id}-{options.style}"
    return options.out / name


def pieces_of(specs: list[DesignSpec]) -> list[PieceInput]:
    return [PieceInput(s.id, s.back, s.component.width_mm, s.component.height_mm, s.component.shape, s.count,
                       s.component.cut_path(), tuple((f.x1, f.y1, f.x2, f.y2) for f in s.component.folds),
                       s.component.rotatable, s.component.kind == "board")
            for s in specs if s.face == "front"]


def build_game(name: str | Path, options: BuildOptions, progress: Progress | None = None) -> BuildResult:
    started = time.perf_counter()
    progress = progress or Progress(enabled=False)
    game = load_game(name)
    look = appearance(game, options.theme, options.style)
    sheet = options.sheet
    specs = expand(game)
    progress.stage(f"{game.id}: render", len(specs))
    rendered, warnings = render_designs(game, look, sheet.bleed_mm, specs, progress.tick)
    plan = plan_sheets(pieces_of(specs), sheet, game.title) if "sheets" in options.formats else None
    target = output_folder(game, options)
    files = 0
    with staged_folder(target) as stage:
        work = stage / ".work"
        (work / "svg").mkdir(parents=True)
        for r in rendered:
            (work / "svg" / f"{r.spec.id}.svg").write_text(r.svg, encoding="utf-8")
        runner = TypstRunner(work, list(look.font_folders))
        b = sheet.bleed_mm
        progress.stage(f"{game.id}: pdf", 1)
        full = [(f"svg/{s.id}.svg", s.component.width_mm + 2 * b, s.component.height_mm + 2 * b) for s in specs]
        (work / "designs.pdf").write_bytes(designs_pdf(runner, full, game.title))
        progress.tick()
        entries: dict[str, dict[str, str | None]] = {s.id: {"svg": None, "shop": None, "png": None} for s in specs}
        sheets_file = None
        extra = {}
        if plan is not None:
            progress.stage(f"{game.id}: sheets", 1)
            sheets_file = f"{game.id}-{sheet.paper}.pdf"
            pages = {s.id: i + 1 for i, s in enumerate(specs)}
            (stage / sheets_file).write_bytes(sheets_pdf(runner, plan, pages, "designs.pdf", game.title, "sheets"))
            files += 1
            if any(s.face == "back" for s in specs) and sheet.duplex != "none":
                calibration = f"calibration-{sheet.paper}.pdf"
                (stage / calibration).write_bytes(
                    sheets_pdf(runner, calibration_plan(sheet), {}, "designs.pdf", "Duplex calibration", "calibration"))
                extra["calibration"] = calibration
                files += 1
            progress.tick()
        if "svg" in options.formats:
            (stage / "svg").mkdir()
            for r in rendered:
                (stage / "svg" / f"{r.spec.id}.svg").write_text(r.svg, encoding="utf-8")
                entries[r.spec.id]["svg"] = f"svg/{r.spec.id}.svg"
                files += 1
        if "shop" in options.formats:
            progress.stage(f"{game.id}: shop files", 1)
            (stage / "shop").mkdir()
            write_shop_files(work / "designs.pdf", [(stage / "shop" / f"{s.id}.pdf", b) for s in specs])
            for s in specs:
                entries[s.id]["shop"] = f"shop/{s.id}.pdf"
            files += len(specs)
            progress.tick()
        if "png" in options.formats:
            progress.stage(f"{game.id}: png", len(specs))
            (stage / "png").mkdir()
            write_pngs(work / "designs.pdf", [stage / "png" / f"{s.id}.png" for s in specs], progress.tick)
            for s in specs:
                entries[s.id]["png"] = f"png/{s.id}.png"
            files += len(specs)
        opts = {"paper": sheet.paper, "bleed_mm": sheet.bleed_mm, "marks": sheet.marks, "duplex": sheet.duplex,
                "back_offset_mm": list(sheet.back_offset_mm), "style": options.style,
                "theme": options.theme.name if options.theme else None, "formats": list(options.formats)}
        (stage / "manifest.json").write_text(
            manifest(game.id, opts, specs, b, entries, plan, sheets_file, extra), encoding="utf-8")
        files += 1
        shutil.rmtree(work)
    progress.done()
    pieces = sum(s.count for s in specs if s.face == "front")
    return BuildResult(game.id, target, pieces, len(specs), len(plan.pages) if plan else 0, files,
                       time.perf_counter() - started, tuple(warnings))
