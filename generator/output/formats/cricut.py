"""Cricut Print Then Cut: a cut-out PNG per design that fits Design Space, and the sizes to enter, under
cricut/."""

from __future__ import annotations

from generator.output.job import Format, Job, Written


def write(job: Job) -> Written:
    from generator.output.cricut import too_large, write_cricut

    job.steps.stage(f"{job.game.id}: Cricut", len(job.specs))
    folder = job.stage / "cricut"
    folder.mkdir()
    images = write_cricut(job.designs_pdf, folder, job.specs, job.sheet.bleed_mm, job.steps.tick)
    large = too_large(images)
    notes = (f"{job.game.id}: larger than Cricut Print Then Cut's 6.75 x 9.25 in, no image (print the sheets or "
             f"order from a shop): {', '.join(large)}",) if large else ()
    return Written(sum(1 for im in images if im.file) + 1,
                   {im.spec.id: f"cricut/{im.file}" if im.file else None for im in images},
                   listed=(("cricut", "cricut/sizes.csv"),), notes=notes)


FORMAT = Format("cricut", "cut-out PNGs and their sizes for Cricut Design Space's Print Then Cut", 70, write,
                after_rasters=True, designs=True)
