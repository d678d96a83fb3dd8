"""Tabletop Simulator: every deck as image sheets of at most 10 x 7 cards (the last slot kept for the hidden
card), a back image per deck, tiles, tokens and boards as custom tiles and tokens, and one saved-object JSON
that loads them all from the local files (`file:///` addresses of the finished output folder), or from the web
folder the images will be uploaded to (`--tts-url`, the spec's `tts_url:`).

Counts are kept: a design printed 40 times is 40 objects drawing one image. Fold-up pieces (standees,
screens) have no flat counterpart and are named in the build summary.

Token images are cut out: TTS takes a Custom_Token's shape from its image's transparency, so a token's PNG
is RGBA, transparent outside the piece's cut outline and in a small margin all round (TTS's own advice for
a clean cut-out). Objects are laid out on the table in rows, none overlapping: a design's copies form one
pile, a stack (rising by the token's thickness) of up to BAG_OVER pieces, a Bag beyond that (40 Boats in a
stack topple, and players draw from a supply); decks lie face down.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path

from generator.common.hosting import hosted
from generator.model.designs import DesignSpec, fronts_by_component
from generator.output.mask import outline_mask
from generator.output.png import Raster, rasterise, save_image, write_png
from generator.common.units import MM_PER_IN, rounded

SHEET_COLS, SHEET_ROWS = 10, 7            # Tabletop Simulator's largest deck sheet
PER_SHEET = SHEET_COLS * SHEET_ROWS - 1   # the last slot shows the hidden card
CARD_WIDTH_PX = 400                       # 10 cards make a 4000 px sheet, under TTS's 4096 px limit
TILE_PX_PER_MM = 300 / MM_PER_IN / 2      # tiles and tokens at 150 dpi
TILE_TYPE = {"rect": 0, "hex": 1, "circle": 2, "rounded": 3, "outline": 0}
FLAT = ("card", "tile", "hex-tile", "token", "board", "sheet")
THICKNESS = 0.2                           # TTS units (about an inch): the step between stacked pieces
BAG_OVER = 10                             # piles of more pieces go in a Bag
BAG_SIZE = 2.5                            # a Bag's footprint on the table, TTS units
GAP = 1.0                                 # between piles, TTS units
ROW_WIDTH = 40.0                          # piles wrap to a new row past this width
SLACK = 1.15                              # a piece's footprint over its size in inches (TTS units)
TOKEN_MARGIN_PX = 4                       # transparent border round a token image


def _render(pdf, index: int, spec: DesignSpec, bleed_mm: float, width_px: int) -> Raster:
    """A design's trim (no bleed: the table shows the cut piece) at `width_px` wide."""
    c = spec.component
    page = pdf[index]
    scale = width_px / (c.width_mm / MM_PER_IN * 72)
    b = round(bleed_mm / MM_PER_IN * 72 * scale)
    raster = rasterise(page, scale, (width_px, round(width_px * c.height_mm / c.width_mm)), (b, b))
    page.close()
    return raster


def _transform(x: float, z: float, scale: float = 1.0, y: float = 1.0, face_down: bool = False) -> dict:
    return {"posX": rounded(x, 3), "posY": rounded(y, 3), "posZ": rounded(z, 3), "rotX": 0, "rotY": 180,
            "rotZ": 180 if face_down else 0, "scaleX": rounded(scale, 4), "scaleY": 1.0, "scaleZ": rounded(scale, 4)}


def _footprint(c) -> tuple[float, float]:
    """A piece's extent on the table in TTS units (about an inch), with slack for TTS's own sizing."""
    return c.width_mm / MM_PER_IN * SLACK, c.height_mm / MM_PER_IN * SLACK


def _pile(pieces: list[dict], footprint: tuple[float, float], nickname: str) -> tuple[list[dict], tuple[float, float]]:
    """A design's copies as one pile: a stack rising by THICKNESS, or a Bag holding them past BAG_OVER."""
    if len(pieces) > BAG_OVER:
        bag = {"Name": "Bag", "Nickname": nickname, "Transform": _transform(0, 0),
               "ColorDiffuse": {"r": 0.7, "g": 0.6, "b": 0.45}, "ContainedObjects": pieces}
        return [bag], (max(BAG_SIZE, footprint[0]), max(BAG_SIZE, footprint[1]))
    for i, o in enumerate(pieces):
        o["Transform"]["posY"] = rounded(1.0 + i * THICKNESS, 3)
    return pieces, footprint


def _lay_out(piles: list[tuple[list[dict], tuple[float, float]]]) -> list[dict]:
    """Piles in rows left to right (wrapping at ROW_WIDTH), each centred in its own footprint: no overlaps."""
    out, x, z, row_depth = [], 0.0, 0.0, 0.0
    for objs, (w, d) in piles:
        if x > 0 and x + w > ROW_WIDTH:
            x, z, row_depth = 0.0, z - row_depth - GAP, 0.0
        for o in objs:
            o["Transform"]["posX"] = rounded(x + w / 2 - ROW_WIDTH / 2, 3)
            o["Transform"]["posZ"] = rounded(z - d / 2, 3)
        out += objs
        x += w + GAP
        row_depth = max(row_depth, d)
    return out


def write_tts(designs_pdf: Path, stage: Path, final: Path, specs: list[DesignSpec], title: str, bleed_mm: float,
              tick=lambda: None, base_url: str | None = None, game_id: str | None = None) -> tuple[int, list[str]]:
    """Write stage/ (images and <game>.json, named after `game_id`, else the output folder); addresses point at
    `final`, where stage/ ends up, or, given a `base_url`, at the web folder the user uploads it to."""
    import pypdfium2 as pdfium

    page_of = {s.id: i for i, s in enumerate(specs)}
    by_id = {s.id: s for s in specs}
    groups = fronts_by_component(specs)
    piles, skipped, files = [], [], 0
    url = _addresses(final, base_url)
    pdf = pdfium.PdfDocument(str(designs_pdf))
    try:
        for cid, fronts in groups.items():
            c = fronts[0].component
            if c.kind not in FLAT:
                skipped.append(cid)
                continue
            if c.kind == "card":
                obj, n = _deck(pdf, page_of, by_id, cid, fronts, bleed_mm, stage, url)
            else:
                obj, n = _tiles(pdf, page_of, by_id, cid, fronts, bleed_mm, stage, url)
            piles.extend(obj)
            files += n
            tick()
    finally:
        pdf.close()
    saved = {"SaveName": title, "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "", "Rules": "",
             "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": _lay_out(piles), "TabStates": {},
             "VersionNumber": ""}
    game = game_id or final.parent.name
    (stage / f"{game}.json").write_text(json.dumps(saved, indent=1, sort_keys=False), encoding="utf-8")
    notes = [f"{game}: not written for Tabletop Simulator (fold-up pieces): {', '.join(skipped)}"] if skipped else []
    return files + 1, notes


def _addresses(final: Path, base_url: str | None) -> Callable[[str], str]:
    """A file's address in the save: below the hosting base (quoted), else the finished folder's file:/// one."""
    if base_url:
        return lambda name: hosted(base_url, name)
    return lambda name: (final / name).resolve().as_uri()


def _deck(pdf, page_of, by_id, cid, fronts, bleed_mm, stage, url) -> tuple[list, int]:
    """A deck as TTS custom-deck sheets: the fronts, the deck's back in each sheet's hidden slot, and
    one back image for the deck (or a sheet of backs when the backs differ)."""
    from PIL import Image

    c = fronts[0].component
    w, h = CARD_WIDTH_PX, round(CARD_WIDTH_PX * c.height_mm / c.width_mm)
    draw = lambda spec: _render(pdf, page_of[spec.id], spec, bleed_mm, w).image()  # noqa: E731
    hidden = by_id[fronts[0].back] if fronts[0].back else None
    unique_back = len({f.back for f in fronts}) > 1
    custom, cards, files = {}, [], 0
    if not unique_back:
        back = f"{cid}-back.png"
        if hidden:
            write_png(_render(pdf, page_of[hidden.id], hidden, bleed_mm, w), stage / back, None)
        else:
            save_image(Image.new("RGB", (w, h), "white"), stage / back)
        files += 1
    for k in range(math.ceil(len(fronts) / PER_SHEET)):
        chunk, key = fronts[k * PER_SHEET:(k + 1) * PER_SHEET], str(k + 1)
        cols, rows, faces, backs = _deck_sheet(chunk, hidden, draw, w, h, by_id if unique_back else None)
        face = f"{cid}-{key}.png"
        save_image(faces, stage / face)
        files += 1
        if backs is not None:
            back = f"{cid}-{key}-backs.png"
            save_image(backs, stage / back)
            files += 1
        custom[key] = {"FaceURL": url(face), "BackURL": url(back), "NumWidth": cols, "NumHeight": rows,
                       "BackIsHidden": True, "UniqueBack": unique_back, "Type": 0}
        for i, s in enumerate(chunk):
            for _ in range(s.count):
                cards.append({"Name": "Card", "Nickname": s.id, "CardID": (k + 1) * 100 + i,
                              "Transform": _transform(0, 0, c.width_mm / 63.5, face_down=True),
                              "CustomDeck": {key: custom[key]}})
    return [([_deck_object(c, custom, cards)], _footprint(c))], files


def _deck_object(c, custom: dict, cards: list[dict]) -> dict:
    """The saved deck (a single card when the deck holds one), face down."""
    deck = {"Name": "DeckCustom" if len(cards) > 1 else "Card", "Nickname": c.name,
            "Transform": _transform(0, 0, c.width_mm / 63.5, face_down=True), "CustomDeck": custom}
    if len(cards) > 1:
        deck.update({"DeckIDs": [card["CardID"] for card in cards], "ContainedObjects": cards})
    else:
        deck.update({"CardID": cards[0]["CardID"]})
    return deck


def _deck_sheet(chunk, hidden, draw, w: int, h: int, by_id) -> tuple[int, int, object, object]:
    """One sheet of up to 69 fronts with the deck's back in the last (hidden) slot; with `by_id` (the
    backs differ) also the sheet of their backs, in the same slots."""
    from PIL import Image

    rows = min(SHEET_ROWS, math.ceil((len(chunk) + 1) / SHEET_COLS))
    cols = SHEET_COLS if rows > 1 else len(chunk) + 1
    faces = Image.new("RGB", (cols * w, rows * h), "white")
    backs = Image.new("RGB", (cols * w, rows * h), "white") if by_id is not None else None
    for i, s in enumerate(chunk):
        at = ((i % cols) * w, (i // cols) * h)
        faces.paste(draw(s), at)
        if backs is not None and s.back:
            backs.paste(draw(by_id[s.back]), at)
    if hidden is not None:
        last = cols * rows - 1
        faces.paste(draw(hidden), ((last % cols) * w, (last // cols) * h))
    return cols, rows, faces, backs


def _tiles(pdf, page_of, by_id, cid, fronts, bleed_mm, stage, url) -> tuple[list, int]:
    """Each design's copies as one pile of Custom_Tiles, or of Custom_Tokens cut out of RGBA images."""
    piles, files = [], 0
    for s in fronts:
        c = s.component
        token = c.kind == "token"
        w = max(16, round(c.width_mm * TILE_PX_PER_MM))
        face = f"{s.id}.png"
        files += _piece_image(pdf, page_of[s.id], s, bleed_mm, w, token, stage / face)
        image = {"ImageURL": url(face), "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0}
        if s.back:
            back = f"{s.back}.png"
            if not (stage / back).exists():
                files += _piece_image(pdf, page_of[s.back], by_id[s.back], bleed_mm, w, token, stage / back)
            image["ImageSecondaryURL"] = url(back)
        scale = c.width_mm / 25.4 / 2
        if token:
            scale *= (w + 2 * TOKEN_MARGIN_PX) / w      # the image's transparent margin is not token
            image["CustomToken"] = {"Thickness": THICKNESS, "MergeDistancePixels": 15.0, "StandUp": False,
                                    "Stackable": True}
        else:
            image["CustomTile"] = {"Type": TILE_TYPE.get(c.shape, 0), "Thickness": THICKNESS,
                                   "Stackable": c.kind != "board", "Stretch": True}
        pieces = [{"Name": "Custom_Token" if token else "Custom_Tile", "Nickname": s.id,
                   "Transform": _transform(0, 0, scale), "CustomImage": image} for _ in range(s.count)]
        piles.append(_pile(pieces, _footprint(c), s.id))
    return piles, files


def _piece_image(pdf, index: int, spec: DesignSpec, bleed_mm: float, w: int, token: bool, target: Path) -> int:
    """A tile's trim as RGB; a token's as RGBA, transparent outside its cut outline and in a margin round it."""
    raster = _render(pdf, index, spec, bleed_mm, w)
    if not token:
        write_png(raster, target, None)
        return 1
    from PIL import Image

    m = TOKEN_MARGIN_PX
    rgba = Image.new("RGBA", (raster.width + 2 * m, raster.height + 2 * m), (255, 255, 255, 0))
    rgba.paste(raster.image(), (m, m))
    rgba.putalpha(outline_mask(spec.component.cut_path(), raster.width / spec.component.width_mm, rgba.size, m))
    rgba.save(target, "PNG", compress_level=6)       # Pillow's encoder: the same bytes for the same pixels
    return 1
