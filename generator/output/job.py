"""What an output format is and what it is handed: the registry's entry (`Format`), the build's record every
writer reads (`Job`), and what a writer reports back (`Written`).

A format is one module under output/formats/ that defines `FORMAT`; the build walks them in their `order`
(output/formats/__init__.py). Nothing here imports the writers' machinery, so the command line can list the
formats and their help without paying for PDF engines.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, Union

if TYPE_CHECKING:
    from generator.layout.plan import SheetOptions, SheetPlan
    from generator.load.shops import Preset
    from generator.load.theme import Appearance
    from generator.model.designs import DesignSpec
    from generator.model.game import Game
    from generator.model.selection import Selection
    from generator.output.incremental import Memo
    from generator.output.press import Converter
    from generator.output.press_profile import PressProfile
    from generator.output.reuse import Reuse
    from generator.output.typst_pdf import TypstRunner

def _no_reuse() -> Reuse:
    from generator.output.reuse import Reuse
    return Reuse(None)


ManifestValue = Union[str, list[str]]      # a file, or files, listed at the top level of manifest.json


class Choices(Protocol):
    """What a format reads of a build's options: output/options.py's BuildOptions, which decides them (and
    needs the registry to, so it is named here by what it offers, not imported)."""

    @property
    def sheet(self) -> SheetOptions: ...

    @property
    def formats(self) -> tuple[str, ...]: ...

    @property
    def shop(self) -> Preset | None: ...

    @property
    def press(self) -> bool: ...

    @property
    def ink_limit(self) -> int | None: ...

    @property
    def press_profile(self) -> PressProfile | None: ...

    @property
    def standard(self) -> str: ...

    @property
    def tts_url(self) -> str | None: ...

    @property
    def selection(self) -> Selection: ...

    @property
    def theme(self) -> Path | None: ...

    @property
    def style(self) -> str: ...

    @property
    def placeholders(self) -> bool: ...


class Steps(Protocol):
    """Where a writer says what it is doing: a stage of so many steps, each ticked (a progress bar, or nothing)."""

    def stage(self, label: str, total: int) -> None: ...

    def tick(self) -> None: ...


@dataclass(frozen=True)
class Written:
    """What one format wrote into the staging folder, for the summary and the manifest."""

    files: int = 0
    per_design: Mapping[str, str | None] = field(default_factory=dict)   # design id -> its file (manifest designs[])
    listed: tuple[tuple[str, ManifestValue], ...] = ()   # top-level manifest entries, each under its own key
    notes: tuple[str, ...] = ()                          # said in the build summary
    main: str | None = None                              # the home-print sheets' PDF, which the gallery previews


@dataclass(frozen=True)
class Job:
    """One game's build as every writer sees it: the designs, the decided options, the folders and the engines.
    A writer reads it and writes only below `stage`; what it wrote it returns as `Written`."""

    game: Game
    specs: list[DesignSpec]
    options: Choices
    stage: Path                  # the staging folder; it becomes `target` when the build succeeds
    work: Path                   # scratch below the stage (designs.pdf: every design once, at full bleed)
    target: Path                 # where the stage ends up (addresses written into files point there)
    runner: TypstRunner
    steps: Steps
    plan: SheetPlan | None       # the sheets' layout, when a format that needs it was asked for
    svgs: Mapping[str, str]      # design id -> its SVG text
    press_colours: Mapping[tuple[int, int, int], tuple[float, float, float, float]]   # the palette's exact CMYK
    memo: Memo | None = None     # pnp serve's caches (output/incremental.py): unchanged files are linked
    pages: Mapping[str, tuple[str, int]] = field(default_factory=dict)   # design id -> its designs file and page
    reuse: Reuse = field(default_factory=_no_reuse)   # what the job's last build kept (output/reuse.py)
    fonts: str = ""              # a digest of the build's font files, for the keys of what Typst wrote
    keys: Mapping[str, str] = field(default_factory=dict)   # designs file -> the key of what it was compiled from
    digests: dict[str, str] = field(default_factory=dict)   # design id -> its SVG's digest (Job.digest)

    @property
    def sheet(self) -> SheetOptions:
        return self.options.sheet

    @property
    def designs_pdf(self) -> Path:
        return self.work / "designs.pdf"

    def converter(self, ink_limit: int) -> Converter:
        """The press conversion: the palette's exact CMYK first, then the press profile (the shop's if given)."""
        from generator.output.press import Converter

        profile = self.options.press_profile
        return Converter(ink_limit, self.press_colours, profile.data if profile else None)

    def look(self) -> Appearance:
        """The build's appearance (theme and style applied), for a format that names or draws art files."""
        from generator.load.theme import appearance

        o = self.options
        return appearance(self.game, o.theme, o.style, placeholders=o.placeholders)

    def digest(self, design: str) -> str:
        """What a design's files are made from, for the keys of what a build keeps: its SVG's digest (worked out
        once a build: every copy of the job shares `digests`)."""
        known = self.digests.get(design)
        if known is None:
            from generator.output.gallery import svg_key
            known = self.digests[design] = svg_key(self.svgs[design])
        return known

    def each(self, path_of: Callable[[DesignSpec], str | None]) -> dict[str, str | None]:
        """Every design's file, for `Written.per_design`."""
        return {s.id: path_of(s) for s in self.specs}


@dataclass(frozen=True)
class Format:
    """One kind of output: its name (what `--formats` and the manifest's designs say), its help, when it is
    asked for, what it needs from the build, and its writer."""

    name: str
    help: str
    order: int                                   # where it runs among the others, and where it is listed
    write: Callable[[Job], Written]
    default: bool = False                        # written by a build that names no formats
    asked_by: Callable[[Choices], bool] | None = None   # an output an option asks for (a shop, a press file)
    #                                                     rather than a name in formats
    plan: bool = False                           # needs the sheets' layout
    implies: tuple[str, ...] = ()                # formats written beside it (cut files need their sheets)
    registration: bool = False                   # its sheets carry a cutting machine's registration marks
    rasters: bool = False                        # the designs' rasters: runs beside the others on a thread
    after_rasters: bool = False                  # draws with PDFium too, which serves one thread at a time
    designs: bool = False                        # reads every design from the one designs.pdf (design_files.py)
    compiles: bool = False                       # compiles with Typst: runs on a thread of its own, in order

    def wanted(self, options: Choices) -> bool:
        return self.asked_by(options) if self.asked_by else self.name in options.formats
