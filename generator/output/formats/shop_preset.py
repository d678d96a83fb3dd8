"""What one print shop asks for (`--shop`), under shop-<id>/: its decks or cards as the shop names them, its
notes for the summary, and a proof PDF; a CMYK shop's files are separated as press files."""

from __future__ import annotations

from generator.output.job import Choices, Format, Job, Written


def write(job: Job) -> Written:
    from generator.output.preset import decks, preset_notes, proof_plan, write_per_card, write_per_deck

    preset = job.options.shop
    assert preset is not None                        # asked_by: only a build with a shop
    folder = job.stage / f"shop-{preset.id}"
    folder.mkdir()
    deck_list = decks(job.specs, preset)
    job.steps.stage(f"{job.game.id}: {preset.name}", sum(len(d.fronts) for d in deck_list if d.product))
    write_files = write_per_card if preset.files == "per-card" else write_per_deck
    files = write_files(job.designs_pdf, folder, job.specs, deck_list, preset, job.sheet.bleed_mm, job.steps.tick)
    notes: list[str] = []
    if preset.colour == "cmyk":                  # the shop wants CMYK: its decks become press files
        from generator.output.press_pdf import flattened_note, to_press  # pikepdf: only builds that need it pay
        from generator.output.pdfx import STANDARDS
        convert = job.converter(job.options.ink_limit or preset.ink_limit)
        standard = STANDARDS[preset.pdfx]
        flat = sum(to_press(pdf, pdf, convert, pdf.stem, standard, job.options.press_profile)
                   for pdf in sorted(folder.rglob("*.pdf")))
        notes += flattened_note(job.game.id, flat, standard)
    notes += preset_notes(job.game.id, deck_list, preset)
    data = proof_plan(job.game.title, job.specs, deck_list, preset, job.sheet.bleed_mm)
    (folder / "proof.pdf").write_bytes(job.runner.compile("proof.typ", data, "proof"))
    return Written(files + 1, notes=tuple(notes))


def _asked(options: Choices) -> bool:
    return options.shop is not None


FORMAT = Format("shop-preset", "what the print shop --shop names asks for", 80, write, asked_by=_asked,
                after_rasters=True)
