"""<game>-press.pdf (`--press`): every design once, trim plus bleed with TrimBox and BleedBox, every colour
DeviceCMYK through the press profile, declared PDF/X."""

from __future__ import annotations

from generator.output.job import Choices, Format, Job, Written


def write(job: Job) -> Written:
    from generator.output.pdfx import STANDARDS
    from generator.output.flatten_cause import flatten_causes
    from generator.output.press_pdf import flattened_note, to_press
    from generator.output.shop import write_boxed

    job.steps.stage(f"{job.game.id}: press file", 1)
    boxed = job.work / "press-rgb.pdf"
    write_boxed(job.designs_pdf, boxed, job.sheet.bleed_mm)
    name = f"{job.game.id}-press.pdf"
    standard = STANDARDS[job.options.standard]
    flat = to_press(boxed, job.stage / name, job.converter(job.options.ink_limit or 300),
                    f"{job.game.title} (press)", standard, job.options.press_profile)
    job.steps.tick()
    causes = flatten_causes(job.game, job.look(), [job.specs[i] for i in flat], job.svgs) if flat else ""
    return Written(1, listed=(("press", name),), notes=tuple(flattened_note(job.game.id, len(flat), standard, causes)))


def _asked(options: Choices) -> bool:
    return options.press


FORMAT = Format("press", "a PDF/X press file of every design", 90, write, asked_by=_asked, after_rasters=True, designs=True)
