"""Print-then-cut: the sheets carry a cutting machine's registration marks, and each layout of the marked front
sheets gets a cut file (SVG and DXF) under cut/, named after the sheets it serves."""

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
    files = write_cut_files(job.plan, folder, f"{job.game.id}-{paper_label(job.sheet.paper)}")
    names = [f"{base}{ext}" for base, _ in files for ext in (".svg", ".dxf")]
    by_hand = sorted({pl.design for p in job.plan.pages if p.side == "front" and not marked(p)
                      for pl in p.placements})
    notes: tuple[str, ...] = (cut_words(job, files),) if files else ()
    notes += (f"{job.game.id}: too large to clear the registration marks, on sheets without them (cut by hand): "
              f"{', '.join(by_hand)}",) if by_hand else ()
    job.steps.tick()
    return Written(len(names), listed=(("cut", [f"cut/{n}" for n in names]),), notes=notes)


def cut_words(job: Job, files: list[tuple[str, list[int]]]) -> str:
    """The summary's line: how many cut files serve how many sheets, how they are named, and the marks to set."""
    from generator.layout.registration import LENGTH_MM, THICK_MM

    sheets = sum(len(s) for _, s in files)
    base, served = max(files, key=lambda f: len(f[1]))
    shown = ", ".join(str(n) for n in served[:3]) + (f" ... {served[-1]}" if len(served) > 3 else "")
    options = job.sheet
    marks = "Type 1 (square and two L's)" if options.corners == 3 else "four L's (Cameo 5 Alpha)"
    return (f"{job.game.id}: {len(files)} cut file{'s' if len(files) > 1 else ''} (SVG and DXF) for {sheets} marked "
            f"sheet{'s' if sheets > 1 else ''}, one per layout, each named after the sheets it serves (cut/{base}.svg: "
            f"sheet{'s' if len(served) > 1 else ''} {shown}); set the registration marks to {marks}, length "
            f"{LENGTH_MM:g} mm, thickness {THICK_MM:g} mm, inset {options.reg_inset:g} mm")


FORMAT = Format("cut", "cutting-machine marks and files", 60, write, plan=True, implies=("sheets",),
                registration=True)
