"""300 dpi PNGs of every design with its bleed, under png/. Most of a full build's time: it runs on a thread of
its own beside the other formats (commands/build.py)."""

from __future__ import annotations

from generator.output.job import Format, Job, Written


def write(job: Job) -> Written:
    from generator.output.png import write_pngs

    b = job.sheet.bleed_mm
    write_pngs(job.designs_pdf, [(job.stage / "png" / f"{s.id}.png", s.component.width_mm + 2 * b,
                                  s.component.height_mm + 2 * b) for s in job.specs], job.steps.tick)
    return Written(len(job.specs), job.each(lambda s: f"png/{s.id}.png"))


FORMAT = Format("png", "300 dpi PNGs", 30, write, default=True, rasters=True, designs=True)
