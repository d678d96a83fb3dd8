"""A print shop's generic files: one PDF per design, trim plus bleed, under shop/."""

from __future__ import annotations

from generator.output.job import Format, Job, Written


def write(job: Job) -> Written:
    from generator.output.shop import write_shop_files

    job.steps.stage(f"{job.game.id}: shop files", 1)
    (job.stage / "shop").mkdir()
    files = []
    for s in job.specs:
        name, page = job.pages[s.id]
        key = job.reuse.key("shop", job.keys.get(name), page, job.sheet.bleed_mm) if job.reuse.on else ""
        files.append((job.runner.root / name, page - 1, job.stage / "shop" / f"{s.id}.pdf", job.sheet.bleed_mm, key))
    write_shop_files(files, job.reuse)
    job.steps.tick()
    return Written(len(job.specs), job.each(lambda s: f"shop/{s.id}.pdf"))


FORMAT = Format("shop", "a PDF per design with its bleed", 20, write, default=True)
