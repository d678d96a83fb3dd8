"""<game>-kit-<paper>.pdf (`--formats kit`): the one file a backer prints. A cover from the game's title and art,
what the kit holds (the inventory `pnp check` proves), how to print this build, the designer's rulebook PDF
when the spec names one, then the home-print sheets themselves (the kit implies them)."""

from __future__ import annotations

from generator.output.job import Format, Job, Written

GUESS_OWN_PAGES = 3           # cover, contents, how-to: compiled again if the contents or steps run longer


def write(job: Job) -> Written:
    from generator.output.formats.sheets import sheets_name
    from generator.layout.paper import paper_label
    from generator.output.kit_book import bind, cover_svg, page_count
    from generator.output.kit_pages import Parts, kit_data
    from generator.output.kit_rulebook import open_rulebook

    assert job.plan is not None                   # Format.plan: the sheets were laid out
    job.steps.stage(f"{job.game.id}: print-and-play kit", 1)
    o = job.options
    look = job.look()
    cover = cover_svg(job.game, look)
    opened = open_rulebook(job.game)
    rulebook, notes = opened if opened else (None, [])
    try:
        parts = Parts(GUESS_OWN_PAGES, len(rulebook.pages) if rulebook else 0, len(job.plan.pages))
        for _ in range(3):                        # the page numbers it prints depend on its own length
            data = kit_data(job.game, job.specs, job.plan, o.selection, parts, cover[1] if cover else None,
                            "cut" in o.formats, look.fonts.get("title"))
            own = job.runner.compile("kit.typ", data, "kit's own pages", {"cover": cover[0]} if cover else None)
            if (n := page_count(own)) == parts.own:
                break
            parts = Parts(n, parts.rulebook, parts.sheets)
        name = f"{job.game.id}-kit-{paper_label(job.sheet.paper)}.pdf"
        bind(own, rulebook, job.stage / sheets_name(job), job.stage / name, job.game.title)
    finally:
        if rulebook is not None:
            rulebook.close()
    job.steps.tick()
    return Written(1, listed=(("kit", name),), notes=tuple(f"{job.game.id}: {n}" for n in notes))


FORMAT = Format("kit", "one PDF a backer prints: cover, contents, how to print, the rulebook PDF and the sheets",
                45, write, plan=True, implies=("sheets",), compiles=True)
