"""The fonts a build may use, and their real glyph metrics for fitting text.

Only the project's own font files (and a game's or theme's `fonts/` folder) are used: Typst is
told to ignore system fonts, so the metrics measured here are the metrics printed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from fontTools.ttLib import TTFont

from generator.errors import Problem, SpecError

FONT_SUFFIXES = (".ttf", ".otf")


@dataclass(frozen=True)
class FontFace:
    family: str
    weight: int
    style: str
    path: Path


@dataclass
class FontBook:
    folders: tuple[Path, ...]
    faces: list[FontFace] = field(default_factory=list)

    @classmethod
    def from_folders(cls, folders: list[Path]) -> "FontBook":
        book = cls(tuple(f for f in folders if f.is_dir()))
        for folder in book.folders:
            for path in sorted(folder.iterdir()):
                if path.suffix.lower() in FONT_SUFFIXES:
                    book.faces.append(_describe(path))
        return book

    def families(self) -> list[str]:
        return sorted({f.family for f in self.faces})

    def find(self, family: str, weight: int = 400, style: str = "normal", *, where: str = "fonts",
             file: str | None = None) -> FontFace:
        """The closest face of a family (weight distance, then style), as Typst would pick it."""
        candidates = [f for f in self.faces if f.family == family]
        if not candidates:
            raise SpecError(Problem(f'unknown font family "{family}"; expected one of: {", ".join(self.families())}',
                                    file, where))
        return min(candidates, key=lambda f: (f.style != style, abs(f.weight - weight), f.weight))


def _describe(path: Path) -> FontFace:
    font = TTFont(path, lazy=True, fontNumber=0)
    name = font["name"]
    family = name.getDebugName(16) or name.getDebugName(1)
    weight = font["OS/2"].usWeightClass
    italic = bool(font["OS/2"].fsSelection & 1) or "italic" in (name.getDebugName(2) or "").lower()
    font.close()
    return FontFace(family, weight, "italic" if italic else "normal", path)


@dataclass(frozen=True)
class Metrics:
    """Advance widths in em units, for measuring a string at any size."""

    units_per_em: int
    ascender: float
    descender: float
    advances: dict[int, int]
    default_advance: int

    def width_em(self, text: str) -> float:
        adv = self.advances
        return sum(adv.get(ord(ch), self.default_advance) for ch in text) / self.units_per_em

    def has_glyphs(self, text: str) -> bool:
        return all(ord(ch) in self.advances or ch in "\n\t" for ch in text)


@lru_cache(maxsize=32)
def metrics(path: Path) -> Metrics:
    font = TTFont(path, lazy=True, fontNumber=0)
    upm = font["head"].unitsPerEm
    hmtx = font["hmtx"].metrics
    cmap = font.getBestCmap() or {}
    advances = {code: hmtx[glyph][0] for code, glyph in cmap.items() if glyph in hmtx}
    hhea = font["hhea"]
    default = hmtx.get(".notdef", (upm // 2, 0))[0]
    result = Metrics(upm, hhea.ascent / upm, -hhea.descent / upm, advances, default)
    font.close()
    return result
