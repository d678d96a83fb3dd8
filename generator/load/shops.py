"""Print-shop presets: what a shop asks for, as data (`shops/<id>.yaml`, or any YAML file a user writes).

A preset names the shop's bleed, safe zone, resolution, colour, file type, how files are named and split
(one per card face, or one PDF per deck with its page order), and its products by trim size and pixel
size. A component is printed as the product whose trim matches it within the preset's tolerance (scaled
to it, turned a quarter when it matches on its side); a component with no such product is reported, never
written as a wrong file.

A preset may come from anyone, so it is checked whole when it is loaded: a file name pattern uses only its
plain fields and names files inside the shop folder, one per design; a product's pixels are its trim plus
the bleed at the preset's dpi (a mismatch would print a crop or a shrunk card) and within the raster limit.
"""

from __future__ import annotations

import re
import string
import unicodedata
from dataclasses import dataclass, field
from typing import Any
from pathlib import Path

from generator.common import paths
from generator.common.errors import OptionError, option_problem, Problem, ProblemCollector, display_path
from generator.model.game import KINDS, Component
from generator.common.limits import MAX_RASTER_PIXELS, MAX_RASTER_SIDE
from generator.load.reader import Reader, known
from generator.load.yamlio import join, load_yaml
from generator.common.units import MAX_BLEED_MM, MM_PER_IN, describe

KEYS = ("name", "source", "dpi", "bleed", "safe", "colour", "format", "files", "tolerance", "products")
OPTIONAL = ("front", "back", "deck", "page_order", "ink_limit", "pdfx")
FILES = ("per-card", "per-deck")
FORMAT_OF = {"per-card": "png", "per-deck": "pdf"}   # what each way of filing writes
PATTERNS = {                    # a file name pattern: the fields it may use, the one naming each file, its type
    "front": (("component", "design"), "design", ".png"),
    "back": (("component", "design"), "design", ".png"),
    "deck": (("component",), "component", ".pdf"),
}
LITERAL = re.compile(r"[\w\-./]*")  # a pattern's text besides its fields
MAX_PATTERN = 200
PIXEL_SLACK = 0.01              # a template's pixels may round trim + bleed at its dpi by 1 % (at least 2 px)


@dataclass(frozen=True)
class Product:
    name: str
    kinds: tuple[str, ...]
    trim_mm: tuple[float, float]
    pixels: tuple[int, int]


@dataclass(frozen=True)
class Preset:
    id: str
    name: str
    source: str
    dpi: int
    bleed_mm: float
    safe_mm: float
    colour: str                  # rgb or cmyk
    format: str                  # png or pdf
    files: str                   # per-card or per-deck
    tolerance: float             # percent
    products: tuple[Product, ...]
    front: str = "{component}/{design}.png"
    back: str = "{component}/{design}.png"
    deck: str = "{component}.pdf"
    page_order: str = "fronts-then-backs"
    ink_limit: int = 300
    pdfx: str = "4"              # the PDF/X standard of CMYK decks: 4 or 1a (DriveThruCards asks for 1a)
    file: str = ""                                                   # where it was read, for errors at build time
    lines: dict[str, int] = field(default_factory=dict, compare=False)

    def product_for(self, c: Component) -> tuple[Product | None, float, bool]:
        """The product a component prints as, the scale from its trim to the product's (1.0 = exact), and
        whether it is turned a quarter to match (a landscape card as a portrait product)."""
        best = None
        sides = ((c.width_mm, c.height_mm, False), (c.height_mm, c.width_mm, True))
        for p in self.products:
            if c.kind not in p.kinds:
                continue
            for w, h, turned in sides if c.rotatable else sides[:1]:
                off = max(abs(p.trim_mm[0] / w - 1), abs(p.trim_mm[1] / h - 1)) * 100
                if off <= self.tolerance and (best is None or off < best[3]):
                    best = (p, max(p.trim_mm[0] / w, p.trim_mm[1] / h), turned, off)
        return best[:3] if best else (None, 0.0, False)

    def problem(self, key: str, message: str) -> Problem:
        """A problem at one of the preset's keys, found only once a game is built with it."""
        return Problem(message, self.file, key, self.lines.get(key))


def shop_names() -> list[str]:
    return sorted(p.stem for p in paths.SHOPS.glob("*.yaml"))


def _tolerance(r: Reader, m: dict) -> Any:
    """How far a card's pixels may be off the product's, in percent (0 to 10; anything else is reported)."""
    tolerance = m.get("tolerance", 0)
    if "tolerance" in m and (not isinstance(tolerance, (int, float)) or isinstance(tolerance, bool)
                             or not 0 <= tolerance <= 10):
        r.add("tolerance", f"expected a percentage from 0 to 10, got {describe(tolerance)}")
    return tolerance


def _check_format(r: Reader, fmt: str | None, files: str | None) -> None:
    """The file type must be the one the way of filing writes, or the shop would get another than it asked for."""
    if fmt and files and fmt != FORMAT_OF[files]:
        r.add("format", f'expected "{FORMAT_OF[files]}" with files: {files} (per-card writes a PNG a card face, '
                        f'per-deck a PDF a deck), got "{fmt}"')


def load_preset(name: str) -> Preset:
    """A shipped preset by id (`tgc`), or a preset file (`my-shop.yaml`)."""
    own = name.endswith((".yaml", ".yml"))
    path = Path(name) if own else paths.SHOPS / f"{name}.yaml"
    if own and not path.exists():
        raise OptionError(option_problem('{shop}: preset file "{name}" not found', name=name))
    if not (path.is_file() and (own or name in shop_names())):      # a shipped id, not a path into shops/
        raise OptionError(option_problem('{shop}: expected one of {known} or a preset file (.yaml), got "{name}"',
                                         known=", ".join(shop_names()), name=name))
    data, lines = load_yaml(path)
    shown = display_path(path)
    problems = ProblemCollector(shown, lines)
    r = Reader(problems)
    m = r.mapping(data, "", KEYS, OPTIONAL) or {}
    text = {k: _line(r, m.get(k), k) for k in ("name", "source") if k in m}
    dpi = r.integer(m.get("dpi"), "dpi", minimum=72, maximum=1200) if "dpi" in m else None
    bleed = r.length(m.get("bleed"), "bleed", positive=False, maximum=MAX_BLEED_MM) if "bleed" in m else None
    safe = r.length(m.get("safe"), "safe", positive=False) if "safe" in m else None
    colour = r.choice(m.get("colour"), "colour", ("rgb", "cmyk")) if "colour" in m else None
    fmt = r.choice(m.get("format"), "format", ("png", "pdf")) if "format" in m else None
    files = r.choice(m.get("files"), "files", FILES) if "files" in m else None
    _check_format(r, fmt, files)
    tolerance = _tolerance(r, m)
    for key in PATTERNS:
        if key in m and (why := pattern_problem(key, m[key])):
            r.add(key, why)
    order = r.choice(m.get("page_order", "fronts-then-backs"), "page_order", ("fronts-then-backs", "back-front"))
    ink = r.integer(m.get("ink_limit", 300), "ink_limit", minimum=100, maximum=400)
    pdfx = r.choice(str(m.get("pdfx", "4")), "pdfx", ("4", "1a"))
    items = r.sequence(m["products"], "products", min_items=1) if "products" in m else []
    products = [_product(r, item, join("products", i)) for i, item in enumerate(items or [])]
    for i, p in enumerate(products):
        if p and dpi and bleed is not None:
            _check_pixels(r, p, join(join("products", i), "pixels"), dpi, bleed)
    problems.raise_if_any()
    extra = {k: m[k] for k in PATTERNS if k in m}
    return Preset(path.stem, known(text["name"]), known(text["source"]), known(dpi), known(bleed), known(safe),
                  known(colour), known(fmt), known(files), float(tolerance), tuple(p for p in products if p),
                  page_order=known(order), ink_limit=known(ink), pdfx=pdfx or "4", file=shown,
                  lines={k: lines[k] for k in PATTERNS if k in lines}, **extra)


def pattern_problem(key: str, value: object) -> str | None:
    """Why a file name pattern cannot name files, or None: it uses its plain fields only (no attributes,
    indexes or formats, which reach into Python), names a file inside the shop folder, and one per design."""
    fields, naming, suffix = PATTERNS[key]
    if not isinstance(value, str):
        return f'expected a file name pattern such as "{{{naming}}}{suffix}", got {describe(value)}'
    why = _pattern_fault(value, fields, naming, suffix)
    return f"expected a file name pattern {why}, got {describe(value)}" if why else None


def _pattern_fault(value: str, fields: tuple[str, ...], naming: str, suffix: str) -> str | None:
    allowed = " and ".join(f"{{{f}}}" for f in fields)
    if len(value) > MAX_PATTERN:
        return f"of at most {MAX_PATTERN} characters (this one has {len(value)})"
    try:
        parsed = list(string.Formatter().parse(value))
    except ValueError:
        return f'with "{{" and "}}" only around a field ({allowed})'
    used, sample = set(), ""
    for text, name, spec, conversion in parsed:
        if bad := next((ch for ch in text if not LITERAL.fullmatch(ch)), None):
            return f'of letters, digits, "-", "_", "." and "/" besides its fields (not {_character(bad)})'
        sample += text
        if name is None:
            continue
        if name not in fields or spec or conversion:
            written = "{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}"
            return (f"using only {allowed}, each as it is (no attributes, indexes or formats), not "
                    f"{describe(written)}")
        used.add(name)
        sample += "x"
    if sample.startswith("/"):
        return 'naming a file inside the shop folder, not one starting with "/"'
    if any(part == "" or part.startswith(".") for part in sample.split("/")):
        return 'whose file and folder names are not empty and do not start with "." (no "..")'
    if naming not in used:
        what = "design" if naming == "design" else "deck"
        return f"with {{{naming}}} in it, so that every {what} gets a file of its own"
    if not sample.lower().endswith(suffix):
        return f'ending in "{suffix}" (the files are {suffix[1:].upper()})'
    return None


def _line(r: Reader, value: object, where: str) -> str | None:
    """Text printed in the build summary and written into order.csv: one line, no control characters."""
    text = r.text(value, where)
    if text is not None and (bad := next((ch for ch in text if unicodedata.category(ch) == "Cc" and ch != "\t"
                                          or ch in "\u2028\u2029"), None)):
        r.add(where, f"expected one line of text, got {_character(bad)} in it")
        return None
    return text


def _character(ch: str) -> str:
    return f'"{ch}"' if ch.isprintable() and not ch.isspace() else f"U+{ord(ch):04X}"


def _product(r: Reader, value, where: str) -> Product | None:
    m = r.mapping(value, where, ("name", "kinds", "trim", "pixels")) or {}
    if any(k not in m for k in ("name", "kinds", "trim", "pixels")):
        return None
    name = _line(r, m["name"], join(where, "name"))
    kinds = r.sequence(m["kinds"], join(where, "kinds"), min_items=1) or []
    kinds = [r.choice(k, join(join(where, "kinds"), i), KINDS) for i, k in enumerate(kinds)]
    trim = r.sequence(m["trim"], join(where, "trim")) or []
    pixels = r.sequence(m["pixels"], join(where, "pixels")) or []
    sizes = [r.length(v, join(join(where, "trim"), i)) for i, v in enumerate(trim)]
    px = [r.integer(v, join(join(where, "pixels"), i), minimum=1, maximum=MAX_RASTER_SIDE)
          for i, v in enumerate(pixels)]
    if len(sizes) != 2 or len(px) != 2:
        r.add(where, "expected trim: [width, height] and pixels: [width, height]")
    trim_mm = [v for v in sizes if v is not None]
    pixels_read = [v for v in px if v is not None]
    if len(trim_mm) != 2 or len(pixels_read) != 2 or len(sizes) != 2 or len(px) != 2:   # each wrong number said already
        return None
    if pixels_read[0] * pixels_read[1] > MAX_RASTER_PIXELS:
        r.add(join(where, "pixels"), f"{pixels_read[0]} x {pixels_read[1]} px is larger than the limit of "
                                     f"{MAX_RASTER_PIXELS // 1_000_000} megapixels an image")
        return None
    kinds_read = [k for k in kinds if k is not None]
    if name is None or not kinds or len(kinds_read) != len(kinds):
        return None
    return Product(name, tuple(kinds_read), (trim_mm[0], trim_mm[1]), (pixels_read[0], pixels_read[1]))


def _check_pixels(r: Reader, p: Product, where: str, dpi: int, bleed_mm: float) -> None:
    """A product's pixels are its trim plus the bleed at the preset's dpi: anything else would be written
    as a crop of the card (too few pixels) or with the card shrunk in a wide border (too many)."""
    expected = [(t + 2 * bleed_mm) * dpi / MM_PER_IN for t in p.trim_mm]
    if any(abs(px - e) > max(2, PIXEL_SLACK * e) for px, e in zip(p.pixels, expected)):
        r.add(where, f"{p.pixels[0]} x {p.pixels[1]} px do not fit a trim of {p.trim_mm[0]:g} x {p.trim_mm[1]:g} mm "
                     f"and {bleed_mm:g} mm of bleed a side at {dpi} dpi, which is about {round(expected[0])} x "
                     f"{round(expected[1])} px; expected the pixels and dpi of the same template")
