"""Files for one print shop (`pnp build GAME --shop NAME`): what its preset asks for, under shop-<id>/.

Per-card shops get one image per card face at the product's exact pixel size and an order.csv with the
quantity of each; per-deck shops get one PDF per deck in the preset's page order with TrimBox and BleedBox.
A component the preset has no product for is named in the build summary instead of being written. Every
shop build also gets proof.pdf: every design once, at actual size, with its name, count and product.

A preset may come from anyone: every file name its patterns give is worked out before anything is
written, and must lie inside the shop folder and belong to one design only (order.csv and proof.pdf
included). A piece that matches its product on its side is turned a quarter, never cropped. order.csv
is opened by spreadsheets, so no cell of it can start a formula.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from generator.common.confine import inside
from generator.model.designs import DesignSpec, fronts_by_component
from generator.common.errors import SpecError
from generator.output.png import Raster, rasterise, write_png
from generator.output.shop import save_pdf
from generator.load.shops import Preset, Product
from generator.common.units import fmt_number, mm_to_pt, rounded

RESERVED = {"order.csv": "the order list", "proof.pdf": "the proof"}
TURN = {"front": 270, "back": 90}     # degrees anticlockwise: a card turned clockwise, seen from its back
FORMULA = ("=", "+", "-", "@", "\t", "\r")  # what makes a spreadsheet read a cell as a formula (OWASP)


@dataclass(frozen=True)
class Deck:
    """A component's designs as the shop prints them."""

    component: str
    product: Product | None
    scale: float
    turned: bool                      # printed a quarter turn round: a landscape piece as a portrait product
    fronts: tuple[DesignSpec, ...]


def decks(specs: list[DesignSpec], preset: Preset) -> list[Deck]:
    return [Deck(cid, *preset.product_for(fronts[0].component), tuple(fronts))
            for cid, fronts in fronts_by_component(specs).items()]


def safe_insets(specs: list[DesignSpec], preset: Preset, default_mm: float) -> dict[str, float]:
    """Each printed component's safe inset in its own millimetres: the shop's safe line lies `preset.safe_mm`
    inside its printed trim, and a design scaled by s puts a point d from the trim at s * d, so d >= safe / s.
    Never less than the default: the same designs go on the home sheets, which are cut by hand."""
    return {d.component: max(default_mm, preset.safe_mm / d.scale) for d in decks(specs, preset)
            if d.product is not None}


class FileNames:
    """The names a shop folder's files get, each checked before anything is written: inside the folder
    (a second guard behind the preset's own check) and given to one design, deck or file only."""

    def __init__(self, folder: Path, preset: Preset):
        self.folder, self.preset = folder, preset
        self.owners = dict(RESERVED)
        self.folders: dict[str, str] = {}

    def name(self, key: str, owner: str, **fields: str) -> str:
        pattern = getattr(self.preset, key)
        name = pattern.format(**fields)           # plain fields only: the pattern was checked when loaded
        if Path(name).is_absolute() or not inside(self.folder / name, [self.folder]):
            self._refuse(key, f'"{pattern}" puts {owner} at "{name}", outside the shop folder; expected a '
                              "file name inside it")
        folded = name.casefold()                  # one file on a case-insensitive disk (macOS, Windows)
        parents = [p.as_posix().casefold() for p in Path(name).parents if p != Path(".")]
        others = [self.owners.get(folded), self.folders.get(folded), *(self.owners.get(p) for p in parents)]
        if clash := next((o for o in others if o and o != owner), None):
            each = "deck" if key == "deck" else "design"
            self._refuse(key, f'"{pattern}" gives {owner} the file "{name}", which is also {clash}\'s; expected '
                              f"a pattern that gives every {each} a file of its own")
        self.owners[folded] = owner
        for p in parents:
            self.folders.setdefault(p, owner)
        return name

    def _refuse(self, key: str, message: str) -> None:
        raise SpecError(self.preset.problem(key, message))


def csv_cell(value: object) -> str:
    """A cell as text a spreadsheet shows as text: one that would start a formula gets a leading quote."""
    text = str(value)
    return "'" + text if text.startswith(FORMULA) else text


def render_png(pdf, page_index: int, spec: DesignSpec, bleed_mm: float, product: Product, scale: float,
               target: Path, dpi: int, turn: int = 0) -> None:
    """The design scaled so its trim covers the product's trim, centred, at exactly the product's pixels
    (turned `turn` degrees anticlockwise, a multiple of 90, when it matches the product on its side)."""
    page = pdf[page_index]
    s = dpi / 72 * scale * 1.0002
    full = math.ceil(page.get_width() * s), math.ceil(page.get_height() * s)
    w, h = product.pixels if turn % 180 == 0 else product.pixels[::-1]
    if full[0] >= w and full[1] >= h:
        raster = rasterise(page, s, (w, h), ((full[0] - w) // 2, (full[1] - h) // 2))
    else:                                          # a hair short (a component larger than the product): extend the bleed
        image = _extend(rasterise(page, s).image(), (max(0, (w - full[0] + 1) // 2), max(0, (h - full[1] + 1) // 2)))
        left, top = (image.width - w) // 2, (image.height - h) // 2
        raster = Raster.from_image(image.crop((left, top, left + w, top + h)))
    page.close()
    if turn:
        raster = Raster.from_image(raster.image().rotate(turn, expand=True))
    write_png(raster, target, dpi)


def _extend(image, pad: tuple[int, int]):
    """Grow an image by a few pixels a side: a stretched copy lies under it, so the art runs on into the bleed."""
    from PIL import Image

    w, h = image.width + 2 * pad[0], image.height + 2 * pad[1]
    out = Image.new(image.mode, (w, h))
    out.paste(image.resize((w, h)), (0, 0))
    out.paste(image, pad)
    return out


def write_per_card(designs_pdf: Path, folder: Path, specs: list[DesignSpec], deck_list: list[Deck], preset: Preset,
                   bleed_mm: float, tick=lambda: None) -> int:
    import pypdfium2 as pdfium

    page_of = {s.id: i for i, s in enumerate(specs)}
    by_id = {s.id: s for s in specs}
    names = FileNames(folder, preset)

    def faces(deck: Deck, s: DesignSpec) -> dict[str, tuple[DesignSpec, str]]:
        """A card's faces, each with its design and file name (every name checked before a file is written)."""
        both = [("front", s)] + ([("back", by_id[s.back])] if s.back else [])
        return {face: (spec, names.name(face, f'design "{spec.id}"', component=deck.component, design=spec.id))
                for face, spec in both}

    cards = [(deck, deck.product, s, faces(deck, s)) for deck in deck_list if deck.product is not None
             for s in deck.fronts]
    rows, written = [], set()
    pdf = pdfium.PdfDocument(str(designs_pdf))
    try:
        for deck, product, s, named in cards:
            for face, (spec, name) in named.items():
                if name not in written:              # a shared back is written once
                    target = folder / name
                    target.parent.mkdir(parents=True, exist_ok=True)
                    render_png(pdf, page_of[spec.id], spec, bleed_mm, product, deck.scale, target, preset.dpi,
                               TURN[face] if deck.turned else 0)
                    written.add(name)
            rows.append([named["front"][1], named["back"][1] if "back" in named else "", s.count, deck.component,
                         product.name, f"{product.pixels[0]}x{product.pixels[1]}"])
            tick()
    finally:
        pdf.close()
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(["front", "back", "quantity", "component", "product", "pixels"])
    writer.writerows([csv_cell(v) for v in row] for row in rows)
    (folder / "order.csv").write_text(buf.getvalue(), encoding="utf-8")
    return len(written) + 1


def write_per_deck(designs_pdf: Path, folder: Path, specs: list[DesignSpec], deck_list: list[Deck], preset: Preset,
                   bleed_mm: float, tick=lambda: None) -> int:
    """One PDF per deck: every copy of every card, in the preset's page order, each page the product's trim
    plus the shop's bleed, the design scaled to it, with TrimBox and BleedBox."""
    import pikepdf

    page_of = {s.id: i for i, s in enumerate(specs)}
    face = {s.id: s.face for s in specs}
    files = deck_files(folder, deck_list, preset)
    with pikepdf.open(designs_pdf) as src:
        for deck in deck_list:
            if deck.product is None:
                continue
            out = pikepdf.new()
            forms: dict[str, object] = {}
            for design in deck_sequence(deck, preset):
                if design not in forms:                 # each design stored once, drawn on every page it fills
                    forms[design] = out.copy_foreign(src.pages[page_of[design]].as_form_xobject())
                _add_page(out, forms[design], src.pages[page_of[design]].mediabox, deck.product, deck.scale, bleed_mm,
                          TURN[face[design]] if deck.turned else 0)
            target = folder / files[deck.component]
            target.parent.mkdir(parents=True, exist_ok=True)
            save_pdf(out, target, deterministic_id=True, compress_streams=True,
                     object_stream_mode=pikepdf.ObjectStreamMode.generate)
            for _ in deck.fronts:
                tick()
    return len(files)


def deck_files(folder: Path, deck_list: list[Deck], preset: Preset) -> dict[str, str]:
    """Each printed deck's file in the shop folder, by component (every name checked: FileNames)."""
    names = FileNames(folder, preset)
    return {d.component: names.name("deck", f'deck "{d.component}"', component=d.component)
            for d in deck_list if d.product is not None}


def deck_sequence(deck: Deck, preset: Preset) -> list[str]:
    """The design on each page of a deck's file, in the preset's page order: every copy of every card."""
    order = []
    for s in deck.fronts:
        for _ in range(s.count):
            order.append([s.id] + ([s.back] if s.back else []))
    if preset.page_order == "back-front":
        return [p for pair in order for p in reversed(pair)]
    return [pair[0] for pair in order] + [pair[1] for pair in order if len(pair) > 1]


def _add_page(out, form, box, product: Product, scale: float, bleed_mm: float, turn: int = 0) -> None:
    """A page of the product's trim + bleed drawing the design's form at `scale`, centred (turned `turn`
    degrees anticlockwise, a multiple of 90), with its boxes."""
    import pikepdf

    w = mm_to_pt(product.trim_mm[0] + 2 * bleed_mm)
    h = mm_to_pt(product.trim_mm[1] + 2 * bleed_mm)
    x0, y0, x1, y1 = (float(v) for v in box)
    cos, sin = round(math.cos(math.radians(turn))), round(math.sin(math.radians(turn)))
    m = (scale * cos, scale * sin, -scale * sin, scale * cos)      # the design's centre on the page's
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    dx, dy = w / 2 - (m[0] * cx + m[2] * cy), h / 2 - (m[1] * cx + m[3] * cy)
    b = mm_to_pt(bleed_mm)
    full = pikepdf.Array([0, 0, rounded(w, 4), rounded(h, 4)])
    page = pikepdf.Dictionary(
        Type=pikepdf.Name.Page, MediaBox=full, CropBox=full, BleedBox=full,
        TrimBox=pikepdf.Array([rounded(b, 4), rounded(b, 4), rounded(w - b, 4), rounded(h - b, 4)]),
        Resources=pikepdf.Dictionary(XObject=pikepdf.Dictionary(Design=form)),
        Contents=pikepdf.Stream(out, f"q {' '.join(fmt_number(v, 6, fixed=True) if v else '0' for v in m)} "
                                     f"{fmt_number(dx, 4, fixed=True)} {fmt_number(dy, 4, fixed=True)} cm /Design Do Q".encode()))
    out.pages.append(pikepdf.Page(page))


def preset_notes(game_id: str, deck_list: list[Deck], preset: Preset) -> list[str]:
    """What the build summary says: components the shop has no product for, and any printed scaled."""
    notes = []
    missing = [f"{d.fronts[0].component.id} ({d.fronts[0].component.width_mm:g} x "
               f"{d.fronts[0].component.height_mm:g} mm)" for d in deck_list if d.product is None]
    if missing:
        notes.append(f"{game_id}: {preset.name}: this preset has no product for {', '.join(missing)}: not written; "
                     "print them at home or at another shop")
    for d in deck_list:
        c = d.fronts[0].component
        if d.product is not None and abs(d.scale - 1) > 1e-6:
            notes.append(f"{game_id}: {c.id} ({c.width_mm:g} x {c.height_mm:g} mm) is printed as "
                         f"{preset.name} {d.product.name}, scaled {100 * (d.scale - 1):+.1f} %")
        if d.product is not None and d.turned:
            notes.append(f"{game_id}: {c.id} ({c.width_mm:g} x {c.height_mm:g} mm) is printed on its side as "
                         f"{preset.name} {d.product.name}: its files are turned a quarter, fronts clockwise")
    return notes


def _product_line(d: Deck, preset: Preset) -> str:
    """The proof shows a design at its own size: a deck the shop scales says so, with the printed trim."""
    if d.product is None:
        return f"not printed: the {preset.name} preset has no product for it"
    if abs(d.scale - 1) <= 1e-6:
        return d.product.name
    w, h = d.product.trim_mm
    return f"{d.product.name}: the shop prints it at {rounded(100 * d.scale, 1):g} % ({w:g} x {h:g} mm trim)"


def proof_plan(title: str, specs: list[DesignSpec], deck_list: list[Deck], preset: Preset,
               bleed_mm: float, pages: Mapping[str, tuple[str, int]]) -> dict:
    """proof.typ's data: every design once, with its name, count, trim and the product it becomes."""
    products = {d.component: _product_line(d, preset) for d in deck_list}
    b = bleed_mm
    return {"title": f"{title}: proof for {preset.name}", "designs_list": [
        {"file": pages[s.id][0], "page": pages[s.id][1], "w": s.component.width_mm + 2 * b, "h": s.component.height_mm + 2 * b, "b": b, "name": s.id,
         "line": f"{s.component.name} · {s.face} · {s.count} printed · trim {s.component.width_mm:g} x "
                 f"{s.component.height_mm:g} mm", "product": products.get(s.component.id, "")}
        for s in specs]}
