"""300 dpi PNGs of every design with its bleed, under png/. Most of a full build's time: it runs on a thread of
its own beside the other formats (commands/build.py)."""

from __future__ import annotations

from generator.output.job import Format, Job, Written


def write(job: Job) -> Written:
    from generator.output.png import write_pngs

    b = job.sheet.bleed_mm
    targets = [(job.stage / "png" / f"{s.id}.png", s.component.width_mm + 2 * b, s.component.height_mm + 2 * b)
               for s in job.specs]
    sources = [(job.runner.root / job.pages[s.id][0], job.pages[s.id][1] - 1) for s in job.specs]
    if not job.reuse.on:
        write_pngs(sources, targets, job.steps.tick)
    else:                   # a PNG is its design's page drawn: its SVG, size and fonts
        keys = [job.reuse.key("png", job.digest(s.id), w, h, job.fonts) for s, (_, w, h) in zip(job.specs, targets)]
        made = job.reuse.files("png", [(path, key) for (path, _, _), key in zip(targets, keys)],
                               lambda missing: write_pngs(sources, targets, job.steps.tick, missing))
        for _ in range(len(targets) - made):
            job.steps.tick()
    return Written(len(job.specs), job.each(lambda s: f"png/{s.id}.png"))


FORMAT = Format("png", "300 dpi PNGs", 30, write, default=True, rasters=True)
