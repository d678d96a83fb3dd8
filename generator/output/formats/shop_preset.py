"""What one print shop asks for (`--shop`), under shop-<id>/: its decks or cards as the shop names them, its
notes for the summary, and a proof PDF; a CMYK shop's files are separated as press files."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from generator.output.job import Choices, Format, Job, Written

if TYPE_CHECKING:
    from generator.model.designs import DesignSpec
    from generator.output.preset import Deck


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
    if preset.colour == "cmyk" and preset.files != "per-card":   # the shop wants CMYK: its decks become press files
        notes += _separated(job, folder, deck_list)
    notes += preset_notes(job.game.id, deck_list, preset)
    data = proof_plan(job.game.title, job.specs, deck_list, preset, job.sheet.bleed_mm, job.pages)
    (folder / "proof.pdf").write_bytes(job.runner.compile("proof.typ", data, "proof"))
    return Written(files + 1, notes=tuple(notes))


def _separated(job: Job, folder: Path, deck_list: list[Deck]) -> list[str]:
    """Each deck file made a press file of the shop's standard; the summary's line if pages were flattened,
    naming the art and templates of the designs on them."""
    from generator.output.flatten_cause import flatten_causes
    from generator.output.preset import deck_files, deck_sequence
    from generator.output.press_pdf import flattened_note, to_press  # pikepdf: only builds that need it pay
    from generator.output.pdfx import STANDARDS

    preset = job.options.shop
    assert preset is not None
    convert = job.converter(job.options.ink_limit or preset.ink_limit)
    standard = STANDARDS[preset.pdfx]
    files = deck_files(folder, deck_list, preset)
    by_id = {s.id: s for s in job.specs}
    flat: list[DesignSpec] = []
    for deck in sorted((d for d in deck_list if d.product is not None), key=lambda d: files[d.component]):
        pdf = folder / files[deck.component]
        sequence = deck_sequence(deck, preset)
        flat += [by_id[sequence[i]] for i in to_press(pdf, pdf, convert, pdf.stem, standard, job.options.press_profile)]
    if not flat:
        return []
    return flattened_note(job.game.id, len(flat), standard, flatten_causes(job.game, job.look(), flat, job.svgs))


def _asked(options: Choices) -> bool:
    return options.shop is not None


FORMAT = Format("shop-preset", "what the print shop --shop names asks for", 80, write, asked_by=_asked,
                after_rasters=True, designs=True)
