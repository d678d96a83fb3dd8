"""The fonts a build may use, and their real glyph metrics for fitting text.

Only the project's own font files (and a game's or theme's `fonts/` folder) are used: Typst is
told to ignore system fonts, so the metrics measured here are the metrics printed.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from generator.common.cache import cached_json
from generator.common import paths
from generator.common.confine import read_bytes
from generator.common.errors import Problem, PunchboardError, SpecError, display_path

FONT_SUFFIXES = (".ttf", ".otf")


@dataclass(frozen=True)
class FontFace:
    family: str
    weight: int
    style: str
    path: Path
    data: bytes = field(default=b"", repr=False, compare=False)   # the bytes vetted, which Typst gets


# The first bytes of the font files Typst loads: TrueType, OpenType (CFF) and Apple's TrueType.
SFNT_TAGS = {b"\x00\x01\x00\x00", b"OTTO", b"true"}
OTHER_TAGS = {b"wOFF": "a WOFF web font", b"wOF2": "a WOFF2 web font", b"ttcf": "a font collection (.ttc)"}


@dataclass
class FontBook:
    folders: tuple[Path, ...]
    faces: list[FontFace] = field(default_factory=list)

    @classmethod
    def from_folders(cls, folders: list[Path]) -> "FontBook":
        """Every font file of the folders (not their sub-folders); a file that leads outside its folder, is
        not a regular file or is not a font Typst loads is one problem each, all raised together."""
        book = cls(tuple(f for f in folders if f.is_dir()))
        problems: list[Problem] = []
        for folder in book.folders:
            for path in sorted(folder.iterdir()):
                if path.suffix.lower() not in FONT_SUFFIXES:
                    continue
                try:   # a game's or theme's fonts/ must not lead outside that game or theme
                    data = read_bytes(path, [folder if folder == paths.FONTS else folder.parent], "font")
                    _check_format(data, path)
                    family, weight, style = cached_json("font-faces", path, lambda: _describe(data))
                except PunchboardError as exc:
                    problems.extend(exc.problems)
                    continue
                except Exception as exc:   # fontTools raises many kinds on a damaged file
                    problems.append(Problem(f"not a readable TrueType or OpenType font ({type(exc).__name__})",
                                            display_path(path)))
                    continue
                book.faces.append(FontFace(family, weight, style, path, data))
        if problems:
            raise SpecError(problems)
        return book

    def families(self) -> list[str]:
        return sorted({f.family for f in self.faces})

    def find(self, family: str, weight: int = 400, style: str = "normal", *, where: str = "fonts",
             file: str | None = None) -> FontFace:
        """The closest face of a family (style, then weight distance), as Typst would pick it."""
        candidates = [f for f in self.faces if f.family == family]
        if not candidates:
            raise SpecError(Problem(f'unknown font family "{family}"; expected one of: {", ".join(self.families())}',
                                    file, where))
        return min(candidates, key=lambda f: (f.style != style, abs(f.weight - weight), f.weight))


def _quiet_fonttools() -> None:
    """fontTools logs harmless remarks (an old 'created' date) that would read as build warnings."""
    logging.getLogger("fontTools").setLevel(logging.ERROR)


def _check_format(data: bytes, path: Path) -> None:
    """Refuse what Typst would not load (it would print another font in its place without a word)."""
    tag = data[:4]
    if tag not in SFNT_TAGS:
        what = OTHER_TAGS.get(tag, "not a TrueType or OpenType font")
        raise SpecError(Problem(f"{what}, which the PDF writer cannot use; expected a TrueType (.ttf) or OpenType "
                                "(.otf) file (convert it, e.g. with fontTools: pyftsubset or ttx)", display_path(path)))


def font_book(folders: tuple[Path, ...]) -> FontBook:
    """The vetted fonts of `folders`, read again only when a folder's listing or a file's size or time changed
    (pnp serve rebuilds often; the fonts rarely change)."""
    key = (folders, tuple(_listing(f) for f in folders))
    book = _BOOKS.get(key)
    if book is None:
        book = FontBook.from_folders(list(folders))
        _BOOKS.clear()
        _BOOKS[key] = book
    return book


_BOOKS: dict[tuple, FontBook] = {}


def _listing(folder: Path) -> tuple:
    try:
        return tuple((p.name, st.st_size, st.st_mtime_ns, st.st_ino) for p in sorted(folder.iterdir())
                     if p.suffix.lower() in FONT_SUFFIXES for st in [p.stat()])
    except OSError:
        return ()


def _describe(data: bytes) -> tuple[str, int, str]:
    import io

    from fontTools.ttLib import TTFont

    _quiet_fonttools()
    with TTFont(io.BytesIO(data), lazy=True, fontNumber=0) as font:
        name = font["name"]
        family = name.getDebugName(16) or name.getDebugName(1)
        italic = bool(font["OS/2"].fsSelection & 1) or "italic" in (name.getDebugName(2) or "").lower()
        return (family, font["OS/2"].usWeightClass, "italic" if italic else "normal")


@dataclass(frozen=True)
class Metrics:
    """A font's vertical metrics and cmap, and its shaper for measuring a string at any size.

    Widths come from HarfBuzz with the font's default features (kerning, ligatures), the way
    Typst sets the text, so a line measured to fit is the line printed.
    """

    path: str
    units_per_em: int
    ascender: float
    descender: float
    advances: dict[int, int]
    default_advance: int

    def width_em(self, text: str) -> float:
        return shaped_width(self.path, text) / self.units_per_em

    def has_glyphs(self, text: str) -> bool:
        return all(ord(ch) in self.advances or ch in "\n\t" for ch in text)


@lru_cache(maxsize=16)
def _hb_font(path: str):
    import uharfbuzz as hb

    blob = hb.Blob.from_file_path(path)
    return hb.Font(hb.Face(blob))


@lru_cache(maxsize=65536)
def shaped_width(path: str, text: str) -> int:
    """Advance of `text` in font units, shaped by HarfBuzz with kerning and ligatures."""
    import uharfbuzz as hb

    if not text:
        return 0
    buf = hb.Buffer()
    buf.add_str(text)
    buf.guess_segment_properties()
    hb.shape(_hb_font(path), buf, {"kern": True, "liga": True})
    return sum(p.x_advance for p in buf.glyph_positions or ())


@lru_cache(maxsize=32)
def metrics(path: Path) -> Metrics:
    upm, asc, desc, advances, default = cached_json("font-metrics", path, lambda: _read_metrics(path))
    return Metrics(str(path), upm, asc, desc, {int(k): v for k, v in advances.items()}, default)


def _read_metrics(path: Path) -> tuple[int, float, float, dict[int, int], int]:
    from fontTools.ttLib import TTFont

    _quiet_fonttools()
    with open(path, "rb") as fh, TTFont(fh, lazy=True, fontNumber=0) as font:
        upm = font["head"].unitsPerEm
        hmtx = font["hmtx"].metrics
        advances = {code: hmtx[glyph][0] for code, glyph in (font.getBestCmap() or {}).items() if glyph in hmtx}
        hhea = font["hhea"]
        return (upm, hhea.ascent / upm, -hhea.descent / upm, advances, hmtx.get(".notdef", (upm // 2, 0))[0])
