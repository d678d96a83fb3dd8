"""The SVG of every design as rendered (what Typst compiled), under svg/."""

from __future__ import annotations

from generator.output.job import Format, Job, Written


def write(job: Job) -> Written:
    (job.stage / "svg").mkdir()
    for s in job.specs:
        path = job.stage / "svg" / f"{s.id}.svg"
        if job.memo:
            job.memo.write(job.stage, path, job.svgs[s.id].encode("utf-8"))
        else:
            path.write_text(job.svgs[s.id], encoding="utf-8")
    return Written(len(job.specs), job.each(lambda s: f"svg/{s.id}.svg"))


FORMAT = Format("svg", "the SVG of each design", 40, write, default=True)
