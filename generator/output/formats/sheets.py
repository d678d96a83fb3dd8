"""Home-print sheets: every piece packed onto the paper with its marks and a footer saying how to print it, backs
behind their fronts; and the duplex calibration sheet when anything has a back."""

from __future__ import annotations

from generator.output.job import Format, Job, Written


def write(job: Job) -> Written:
    from generator.layout.calibration import calibration_plan
    from generator.layout.paper import PAPERS_MM
    from generator.output.design_files import write_sheets
    from generator.output.typst_pdf import sheets_pdf

    assert job.plan is not None               # Format.plan: the build laid the sheets out
    job.steps.stage(f"{job.game.id}: sheets", 1)
    name = sheets_name(job)
    write_sheets(job.runner, job.plan, job.pages, job.game.title, job.stage / name, kept=(job.reuse, job.keys))
    listed: tuple[tuple[str, str | list[str]], ...] = ()
    # not none, fold; and only on a named paper, the only ones a sheet's code can name (layout/calibration_code.py)
    if any(s.face == "back" for s in job.specs) and job.sheet.duplex in ("long", "short") and job.sheet.paper in PAPERS_MM:
        calibration = f"calibration-{job.sheet.paper}.pdf"
        plan = calibration_plan(job.sheet)
        def make(_: list[int]) -> None:
            (job.stage / calibration).write_bytes(sheets_pdf(job.runner, plan, {}, "Duplex calibration"))
        job.reuse.files("sheets", [(job.stage / calibration, job.reuse.key("calibration", plan, job.fonts))], make)
        listed = (("calibration", calibration),)
    job.steps.tick()
    return Written(1 + len(listed), listed=listed, main=name)


def sheets_name(job: Job) -> str:
    """`<game>-<paper>.pdf`: the sheets' file, which the print-and-play kit binds in."""
    from generator.layout.paper import paper_label
    return f"{job.game.id}-{paper_label(job.sheet.paper)}.pdf"


FORMAT = Format("sheets", "home-print PDF sheets", 10, write, default=True,
                plan=True, compiles=True)
