"""Print-then-cut: the sheets carry a cutting machine's registration marks, and each layout of the marked front
sheets gets a cut file (SVG and DXF) under cut/, named after the sheets it serves; cut/how-to-cut.txt lists the
files with their sheets and the values to type into the cutter's software."""

from __future__ import annotations

from generator.output.job import Format, Job, Written

GUIDE = "how-to-cut.txt"


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
    if files:
        (folder / GUIDE).write_text(guide(job, files), encoding="utf-8")
        names.append(GUIDE)
    by_hand = sorted({pl.design for p in job.plan.pages if p.side == "front" and not marked(p)
                      for pl in p.placements})
    notes: tuple[str, ...] = (cut_words(job, files),) if files else ()
    notes += (f"{job.game.id}: too large to clear the registration marks, on sheets without them (cut by hand): "
              f"{', '.join(by_hand)}",) if by_hand else ()
    job.steps.tick()
    return Written(len(names), listed=(("cut", [f"cut/{n}" for n in names]),), notes=notes)


def marks_words(job: Job) -> str:
    """The registration marks' settings, as a cutter's software asks for them."""
    from generator.layout.registration import LENGTH_MM, THICK_MM

    o = job.sheet
    style = "Type 1 (a square and two L's)" if o.corners == 3 else "an L in each of the four corners"
    return f"{style}, length {LENGTH_MM:g} mm, thickness {THICK_MM:g} mm, inset {o.reg_inset:g} mm"


def cut_words(job: Job, files: list[tuple[str, list[int]]]) -> str:
    """The summary's line: how many cut files serve how many sheets, how they are named, and the marks to set."""
    from generator.output.cut import sheets_words

    sheets = sum(len(s) for _, s in files)
    base, served = max(files, key=lambda f: len(f[1]))
    return (f"{job.game.id}: {len(files)} cut file{'s' if len(files) > 1 else ''} (SVG and DXF) for {sheets} marked "
            f"sheet{'s' if sheets > 1 else ''}, one per layout, each named after the sheets it serves (cut/{base}.svg: "
            f"{sheets_words(served)}; cut/{GUIDE} lists them); set the registration marks to {marks_words(job)}")


def guide(job: Job, files: list[tuple[str, list[int]]]) -> str:
    """cut/how-to-cut.txt: the marks' settings, then each cut file, the sheets it serves, and where the top-left
    corner of its cut lines lies on the sheet (to check that the software kept the file's positions)."""
    from generator.common.units import fmt_number
    from generator.layout.paper import paper_words
    from generator.output.cut import sheets_words

    assert job.plan is not None
    fronts = [p for p in job.plan.pages if p.side == "front"]
    w, h = job.sheet.page_mm
    lines = [f"{job.game.title}: print and cut", "",
             f"Print the sheets PDF at 100 % (actual size) on {paper_words(job.sheet.paper)} "
             f"({fmt_number(w, 1)} x {fmt_number(h, 1)} mm), portrait.",
             f"Registration marks to set in the cutter's software: {marks_words(job)}.",
             "Open the cut file a sheet's number names (SVG, or DXF in Silhouette Studio's free Basic Edition), delete "
             "the registration marks drawn in it (the software draws its own), and cut.", "",
             "cut file (.svg, .dxf)  sheets  top-left of the cut lines, mm from the paper's top-left corner (x, y)"]
    for base, sheets in files:
        page = fronts[sheets[0] - 1]
        x, y = min(pl.x for pl in page.placements), min(pl.y for pl in page.placements)
        lines.append(f"{base}  {sheets_words(sheets)}  {fmt_number(x, 2)}, {fmt_number(y, 2)}")
    return "\n".join(lines) + "\n"


FORMAT = Format("cut", "cutting-machine marks and files", 60, write, plan=True, implies=("sheets",),
                registration=True)
