"""Print-shop presets: what a shop asks for, as data (`shops/<id>.yaml`, or any YAML file a user writes).

A preset names the shop's bleed, safe zone, resolution, colour, file type, how files are named and split
(one per card face, or one PDF per deck with its page order), and its products by trim size and pixel
size. A component is printed as the product whose trim matches it within the preset's tolerance (scaled
to it); a component with no such product is reported, never written as a wrong file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from generator import paths
from generator.errors import OptionError, ProblemCollector, display_path
from generator.model import Component
from generator.spec.reader import Reader
from generator.spec.yamlio import join, load_yaml
from generator.units import describe

KEYS = ("name", "source", "dpi", "bleed", "safe", "colour", "format", "files", "tolerance", "products")
OPTIONAL = ("front", "back", "deck", "page_order", "ink_limit")
FILES = ("per-card", "per-deck")
NAMING = re.compile(r"^[\w{}\-./]+$")


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

    def product_for(self, c: Component) -> tuple[Product | None, float]:
        """The product a component prints as, and the scale from its trim to the product's (1.0 = exact)."""
        best = None
        for p in self.products:
            if c.kind not in p.kinds:
                continue
            for w, h in ((c.width_mm, c.height_mm), (c.height_mm, c.width_mm)) if c.rotatable else ((c.width_mm, c.height_mm),):
                off = max(abs(p.trim_mm[0] / w - 1), abs(p.trim_mm[1] / h - 1)) * 100
                if off <= self.tolerance and (best is None or off < best[2]):
                    best = (p, max(p.trim_mm[0] / w, p.trim_mm[1] / h), off)
        return (best[0], best[1]) if best else (None, 0.0)


def shop_names() -> list[str]:
    return sorted(p.stem for p in paths.SHOPS.glob("*.yaml"))


def load_preset(name: str) -> Preset:
    """A shipped preset by id (`tgc`), or a preset file (`my-shop.yaml`)."""
    path = Path(name) if name.endswith((".yaml", ".yml")) else paths.SHOPS / f"{name}.yaml"
    if not path.is_file():
        raise OptionError(f'pnp build: argument --shop: expected one of {", ".join(shop_names())} or a preset '
                          f'file (.yaml), got "{name}"')
    data, lines = load_yaml(path)
    problems = ProblemCollector(display_path(path), lines)
    r = Reader(problems)
    m = r.mapping(data, "", KEYS, OPTIONAL) or {}
    text = {k: r.text(m.get(k), k) for k in ("name", "source") if k in m}
    dpi = r.integer(m.get("dpi"), "dpi", minimum=72, maximum=1200) if "dpi" in m else None
    bleed = r.length(m.get("bleed"), "bleed", positive=False) if "bleed" in m else None
    safe = r.length(m.get("safe"), "safe", positive=False) if "safe" in m else None
    colour = r.choice(m.get("colour"), "colour", ("rgb", "cmyk")) if "colour" in m else None
    fmt = r.choice(m.get("format"), "format", ("png", "pdf")) if "format" in m else None
    files = r.choice(m.get("files"), "files", FILES) if "files" in m else None
    tolerance = m.get("tolerance", 0)
    if "tolerance" in m and (not isinstance(tolerance, (int, float)) or isinstance(tolerance, bool)
                             or not 0 <= tolerance <= 10):
        r.add("tolerance", f"expected a percentage from 0 to 10, got {describe(tolerance)}")
    for key in ("front", "back", "deck"):
        if key in m and not (isinstance(m[key], str) and NAMING.match(m[key]) and ".." not in m[key]):
            r.add(key, f"expected a file name pattern with {{component}} and {{design}}, got {m[key]!r}")
    order = r.choice(m.get("page_order", "fronts-then-backs"), "page_order", ("fronts-then-backs", "back-front"))
    ink = r.integer(m.get("ink_limit", 300), "ink_limit", minimum=100, maximum=400)
    items = r.sequence(m["products"], "products", min_items=1) if "products" in m else []
    products = [_product(r, item, join("products", i)) for i, item in enumerate(items or [])]
    problems.raise_if_any()
    extra = {k: m[k] for k in ("front", "back", "deck") if k in m}
    return Preset(path.stem, text["name"], text["source"], dpi, bleed, safe, colour, fmt, files, float(tolerance),
                  tuple(p for p in products if p), page_order=order, ink_limit=ink, **extra)


def _product(r: Reader, value, where: str) -> Product | None:
    m = r.mapping(value, where, ("name", "kinds", "trim", "pixels")) or {}
    if any(k not in m for k in ("name", "kinds", "trim", "pixels")):
        return None
    trim = r.sequence(m["trim"], join(where, "trim")) or []
    pixels = r.sequence(m["pixels"], join(where, "pixels")) or []
    sizes = [r.length(v, join(join(where, "trim"), i)) for i, v in enumerate(trim)]
    px = [r.integer(v, join(join(where, "pixels"), i), minimum=1, maximum=20000) for i, v in enumerate(pixels)]
    if len(sizes) != 2 or len(px) != 2 or None in sizes or None in px:
        r.add(where, "expected trim: [width, height] and pixels: [width, height]")
        return None
    return Product(str(m["name"]), tuple(str(k) for k in m["kinds"]), (sizes[0], sizes[1]), (px[0], px[1]))
