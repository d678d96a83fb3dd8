"""A build's options, decided in one place: what a build writes and how, each combination that makes no
sense refused once, when the options are made, in words about options (`option_problem`), which the command
line rewords as its flags. Layout and output trust what they are given here."""

from __future__ import annotations

import dataclasses
import hashlib
import math
from dataclasses import InitVar, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from generator.common.errors import OptionError, Problem, option_problem
from generator.common.hosting import base_problem, hosted_base
from generator.layout.plan import BACK_SCALES as SCALES, SheetOptions
from generator.layout.registration import CORNERS
from generator.load.values import LANGUAGE
from generator.model.designs import slugify
from generator.model.selection import Selection
from generator.output import formats

if TYPE_CHECKING:
    from generator.load.shops import Preset
    from generator.output.incremental import Memo
    from generator.output.press_profile import PressProfile

PDFX = ("4", "1a")           # the PDF/X standards a press file can declare (output/pdfx.py)


@dataclass(frozen=True)
class BuildOptions:
    sheet: SheetOptions = field(default_factory=SheetOptions)
    out: Path = Path("output")
    theme: Path | None = None
    style: str = "colour"
    formats: tuple[str, ...] = formats.DEFAULT
    version: int = 0                  # pnp serve's rebuild counter, for the gallery's reload
    shop: Preset | None = None        # the shop's files under shop-<id>/
    press: bool = False               # <game>-press.pdf, every colour DeviceCMYK
    ink_limit: int | None = None      # total ink of press files, percent (default: the shop's, else 300)
    pdfx: str | None = None           # the PDF/X standard of the press file (None: PDF/X-4)
    press_profile: PressProfile | None = None   # the shop's ICC profile, else the shipped one
    selection: Selection = field(default_factory=Selection)   # a partial build: N players, or some designs
    placeholders: bool = False        # missing art prints as labelled placeholders
    changed: bool = False             # print only what changed since the printed set (output/changes.py)
    since: Path | None = None         # with `changed`: the build (folder) to compare with
    trust_rules: bool = False         # run the game folder's own rules code (--trust-rules)
    tts_url: str | None = None        # where the tts/ folder will be hosted (None: the spec's, else file:///)
    lang: str | None = None           # the edition's language (None: the spec's own; model/edition.py)
    memo: Memo | None = field(default=None, compare=False, hash=False, repr=False)   # pnp serve's caches
    cache: bool = field(default=True, compare=False, hash=False, repr=False)   # keep work for the next build (reuse.py)
    press_profile_file: InitVar[Path | None] = None   # the profile's file: read once the options make sense

    def __post_init__(self, press_profile_file: Path | None) -> None:
        problems = _problems(self, press_profile_file is not None)
        if problems:
            raise OptionError(problems)
        if self.tts_url is not None:
            object.__setattr__(self, "tts_url", hosted_base(self.tts_url))
        if press_profile_file is not None:
            from generator.output.press_profile import load_profile
            object.__setattr__(self, "press_profile", load_profile(press_profile_file))
        wanted = [f for f in formats.named() if f.name in self.formats]
        implied = tuple(dict.fromkeys(n for f in wanted for n in f.implies if n not in self.formats))
        object.__setattr__(self, "formats", implied + tuple(self.formats))
        if any(f.registration for f in wanted) and not self.sheet.registration:
            object.__setattr__(self, "sheet", dataclasses.replace(self.sheet, registration=True))

    def job_parts(self) -> list[str]:
        """What the build's folder is named after, beside the game's id: the language, the look (theme, style), the
        sheets (paper, duplex, marks, bleed), the formats (unless exactly the default four), a shop, a press file and
        a partial build, each when not the default, in a fixed order (docs/reference/output.md). Builds that differ in
        any of them never write the same folder; rebuilding a job replaces its own folder. A back offset, an ink
        limit and a press profile correct a job for a printer or a press: the same job, the same folder."""
        s, default = self.sheet, SheetOptions()
        parts = [self.lang or "", theme_name(self.theme) if self.theme else "", "" if self.style == "colour" else self.style,
                 "" if s.paper == default.paper else s.paper,
                 "fold" if s.duplex == "fold" else "" if s.duplex == default.duplex else f"duplex-{s.duplex}",
                 "" if s.marks == default.marks else f"marks-{s.marks}",
                 "" if self.shop is not None or s.bleed_mm == default.bleed_mm else f"bleed-{s.bleed_mm:g}mm",
                 "" if s.reg_corners in (None, 3) else f"reg-{s.reg_corners}",
                 "" if s.reg_inset_mm is None else f"reg-inset-{s.reg_inset_mm:g}mm", _formats_part(self.formats), self.shop.id if self.shop else "",
                 ("press" + ("" if self.standard == "4" else f"-{self.standard}")) if self.press else "",
                 self.selection.suffix().lstrip("-"), "changed" if self.changed else ""]
        return [p for p in parts if p]

    def folder_name(self, game_id: str) -> str:
        """`nusfjord`, `nusfjord-fold`, `nusfjord-tts`, `nusfjord-ink-saver-tgc-3p`: the game's id and the job's parts,
        shortened with a digest of the whole past MAX_FOLDER characters (file systems allow 255 bytes)."""
        name = "-".join([game_id, *self.job_parts()])
        if len(name) <= MAX_FOLDER:
            return name
        return f"{name[:MAX_FOLDER - 9]}-{hashlib.sha256(name.encode()).hexdigest()[:8]}"

    @property
    def cmyk(self) -> bool:
        """Whether anything this build writes is separated to CMYK (a press file, or a CMYK shop's decks)."""
        return self.press or (self.shop is not None and self.shop.colour == "cmyk")

    @property
    def standard(self) -> str:
        return self.pdfx or "4"


MAX_FOLDER = 120            # characters of an output folder's name


def theme_name(theme: Path) -> str:
    """A theme file's part of a folder name: its name without .yaml, as an id (`My Theme.yaml` -> my-theme)."""
    return slugify(Path(theme).stem) or "theme"


def _formats_part(names: tuple[str, ...]) -> str:
    """None for exactly the default four; else every format the build writes, in the registry's order, less those
    another one implies (`--formats cut` writes sheets too, and is named `cut`): a quick proof of the sheets is
    `sheets`, not the default job, whose shop files, PNGs and SVGs it would replace."""
    wanted = [f for f in formats.named() if f.name in names]
    if {f.name for f in wanted} == set(formats.DEFAULT):
        return ""
    implied = {n for f in wanted for n in f.implies}
    return "-".join(f.name for f in wanted if f.name not in implied)


def _problems(o: BuildOptions, profile_file: bool) -> list[Problem]:
    """Every combination of options that means nothing or the wrong thing, each once."""
    named = [f.name for f in formats.named()]
    problems: list[Problem] = [option_problem('{formats}: unknown format "{name}"; expected any of {known}',
                                              name=n, known=", ".join(named)) for n in o.formats if n not in named]
    cutting = o.sheet.registration or any(f.registration for f in formats.named() if f.name in o.formats)
    if o.sheet.reg_inset_mm is not None and not cutting:
        problems.append(option_problem("{reg_inset_mm} places print-then-cut registration marks: add cut to "
                                       "{formats}"))
    if o.sheet.reg_corners is not None and not cutting:
        problems.append(option_problem("{reg_corners} chooses the print-then-cut registration marks: add cut to "
                                       "{formats}"))
    if o.sheet.reg_corners not in (None, *CORNERS):
        problems.append(option_problem("{reg_corners}: expected 3 or 4 (the corners the marks are in), got {said}",
                                       said=str(o.sheet.reg_corners)))
    if o.sheet.duplex == "fold" and cutting:
        problems.append(option_problem("{duplex} fold cannot be used with {formats} cut: a cutting machine would "
                                       "cut each pair apart at its fold; use {duplex} long, short or none for "
                                       "print-then-cut"))
    if o.sheet.duplex == "fold" and any(o.sheet.back_offset_mm):
        problems.append(option_problem("{back_offset_mm} shifts backs printed on the other side of the sheet; with "
                                       "{duplex} fold every back is on the same side as its front: leave it out"))
    if o.since is not None and not o.changed:
        problems.append(option_problem("{since} names the build to compare with: add {changed}"))
    if o.pdfx is not None and not o.press:
        problems.append(option_problem("{pdfx} declares the press file: add {press} (a shop's decks follow the "
                                       "shop's standard)"))
    if o.pdfx is not None and o.pdfx not in PDFX:
        problems.append(option_problem('{pdfx}: expected one of {known}, got "{said}"', known=", ".join(PDFX),
                                       said=o.pdfx))
    if (o.press_profile is not None or profile_file) and not o.cmyk:
        problems.append(option_problem("{press_profile} separates CMYK files: add {press}, or {shop} with a CMYK "
                                       "shop such as dtc"))
    return problems + _more_problems(o)


def _more_problems(o: BuildOptions) -> list[Problem]:
    """The edition's language, the hosted Tabletop Simulator save's and the print-and-play kit's refusals."""
    problems: list[Problem] = []
    if o.lang is not None and not LANGUAGE.match(o.lang):
        problems.append(option_problem('{lang}: expected a language code like de, ja or pt-br, got "{said}"',
                                       said=o.lang))
    if o.tts_url is not None and "tts" not in o.formats:
        problems.append(option_problem("{tts_url} says where the Tabletop Simulator images will be hosted: add tts "
                                       "to {formats}"))
    if o.tts_url is not None and (said := base_problem(o.tts_url)):
        problems.append(option_problem("{tts_url}: {said}", said=said))
    if not (math.isfinite(o.sheet.back_scale) and SCALES[0] <= o.sheet.back_scale <= SCALES[1]):
        problems.append(option_problem("{back_scale}: expected from {low} to {high} (a back printed at that share of "
                                       "its front's size), got {said}", low=f"{SCALES[0]:g}", high=f"{SCALES[1]:g}",
                                       said=f"{o.sheet.back_scale:g}"))
    elif o.sheet.back_scale != 1 and o.sheet.duplex not in ("long", "short"):
        problems.append(option_problem("{back_scale} enlarges backs printed on the other side of the sheet; with "
                                       "{duplex} {said} there are none", said=o.sheet.duplex))
    if "kit" in o.formats and (any(o.sheet.back_offset_mm) or o.sheet.back_scale != 1):
        problems.append(option_problem("{back_offset_mm} (or a printer profile) shifts the backs for one printer, and "
                                       "a kit is printed on others: leave it out of a build with {formats} kit"))
    return problems
