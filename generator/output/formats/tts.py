"""Tabletop Simulator: deck sheets, tiles and tokens and a saved object file, under tts/."""

from __future__ import annotations

from generator.output.job import Format, Job, Written


def write(job: Job) -> Written:
    from generator.output.tts import write_tts

    job.steps.stage(f"{job.game.id}: Tabletop Simulator", len({s.component.id for s in job.specs}))
    folder = job.stage / "tts"
    folder.mkdir()
    base = job.options.tts_url or job.game.tts_url or None      # the option's, else the spec's: hosted images
    files, notes = write_tts(job.designs_pdf, folder, job.target / "tts", job.specs, job.game.title,
                             job.sheet.bleed_mm, job.steps.tick, base, job.game.id)
    if base:
        notes.append(f"{job.game.id}: the Tabletop Simulator save loads its images from {base}: upload the files of "
                     "tts/ there before sharing it")
    return Written(files, notes=tuple(notes))


FORMAT = Format("tts", "Tabletop Simulator decks, tiles and tokens", 50, write, after_rasters=True, designs=True)
