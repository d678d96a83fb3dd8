"""Print-then-cut: the sheets carry a cutting machine's registration marks, and each front sheet gets a cut file
(SVG and DXF) under cut/."""

from __future__ import annotations

from generator.output.job import Format, Job, Written


def write(job: Job) -> Written:
    from generator.layout.registration import marked
    from generator.layout.paper import paper_label
    from generator.output.cut import write_cut_files

    assert job.plan is not None
    job.steps.stage(f"{job.game.id}: cut files", 1)
    folder = job.stage / "cut"
    folder.mkdir()
    names = write_cut_files(job.plan, folder, f"{job.game.id}-{paper_label(job.sheet.paper)}")
    by_hand = sorted({pl.design for p in job.plan.pages if p.side == "front" and not marked(p)
                      for pl in p.placements})
    notes = (f"{job.game.id}: too large to clear the registration marks, on sheets without them (cut by hand): "
             f"{', '.join(by_hand)}",) if by_hand else ()
    job.steps.tick()
    return Written(len(names), listed=(("cut", [f"cut/{n}" for n in names]),), notes=notes)


FORMAT = Format("cut", "cutting-machine marks and files", 60, write, plan=True, implies=("sheets",),
                registration=True)
