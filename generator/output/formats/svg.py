"""The SVG of every design as rendered (what Typst compiled), under svg/."""

from __future__ import annotations

from generator.output.job import Format, Job, Written


def write(job: Job) -> Written:
    (job.stage / "svg").mkdir()
    targets = [(job.stage / "svg" / f"{s.id}.svg", s.id) for s in job.specs]
    if job.memo:
        for path, design in targets:
            job.memo.write(job.stage, path, job.svgs[design].encode("utf-8"))
    else:
        def make(missing: list[int]) -> None:
            for i in missing:
                targets[i][0].write_text(job.svgs[targets[i][1]], encoding="utf-8")
        keys = [job.digest(design) if job.reuse.on else "" for _, design in targets]   # hashed only to be kept
        job.reuse.files("svg", [(path, key) for (path, _), key in zip(targets, keys)], make)
    return Written(len(job.specs), job.each(lambda s: f"svg/{s.id}.svg"))


FORMAT = Format("svg", "the SVG of each design", 40, write, default=True)
