"""The template context of one design, computed in Python so that templates only format.

Geometry is in millimetres, the template's own unit (every design's viewBox is its full size
including bleed, origin at the bleed corner). Text is fitted with the real font's metrics and
clamped to the safe zone; art is loaded, confined and nested by `place`.
"""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass, field
from collections.abc import Iterator, Mapping
from typing import Any, Callable, Protocol

from markupsafe import Markup

from generator.model.designs import DesignSpec
from generator.common.errors import Problem, RenderError
from generator.geometry.hexmap import centre_mm, extent_mm
from generator.geometry.hexagon import corner_radius, hex_box_mm, hex_points
from generator.model.game import ArtSource, Game
from generator.render import richtext
from generator.render.art import Art, check_art, load_art
from generator.render.bleed import Box, bleed_markup, fit_to_trim
from generator.render.corners import filled_corners
from generator.render.placeholder import placeholder_markup
from generator.load.fonts import font_book, metrics
from generator.render.svg import nest
from generator.render.textfit import Paragraph, TextOverflow, fit_flow
from generator.render.textnotes import TextFit, text_fit
from generator.load.theme import Appearance
from generator.common.units import MM_PER_IN, MM_PER_PT as PT_TO_MM, fmt_number

SAFE_MM = 3.0
MIN_DPI = 300
DPI_TOLERANCE = 0.005       # an export a pixel or two short (749 px for 750) is 300 dpi, not low resolution
FITS = ("meet", "slice", "bleed")
PLACEHOLDER_FONT = "Lato"   # shipped in fonts/: labels placeholders of a game that declares no fonts


class Notes(Protocol):
    """What rendering tells the build summary: RenderNotes, or memo.Recorder forwarding to it."""

    def warn(self, text: str) -> None: ...
    def low(self, shown: str, dpi: float, w: float, h: float, design: str) -> None: ...
    def placeholder(self, shown: str, design: str) -> None: ...
    def text(self, fitted: TextFit) -> None: ...


@dataclass
class RenderNotes:
    """What rendering found that the build summary says, each once per build: low-resolution art
    (once per file, at its lowest resolution), art of an unexpected shape, and placeholders."""

    warnings: list[str] = field(default_factory=list)
    low_dpi: dict[str, tuple[float, float, float, str]] = field(default_factory=dict)  # file -> dpi, w, h, design
    placeholders: dict[str, set[str]] = field(default_factory=dict)                    # file -> designs
    texts: list[TextFit] = field(default_factory=list)     # text below its floor, or that does not fit

    def text(self, fitted: TextFit) -> None:
        self.texts.append(fitted)

    def warn(self, text: str) -> None:
        if text not in self.warnings:
            self.warnings.append(text)

    def low(self, shown: str, dpi: float, w: float, h: float, design: str) -> None:
        if shown not in self.low_dpi or dpi < self.low_dpi[shown][0]:
            self.low_dpi[shown] = (dpi, w, h, design)

    def placeholder(self, shown: str, design: str) -> None:
        self.placeholders.setdefault(shown, set()).add(design)

    def summary(self) -> list[str]:
        lines = [f"warning: {shown}: {dpi:.0f} dpi at its printed size of {w:.1f} x {h:.1f} mm on {design} "
                 f"(print needs {MIN_DPI} dpi)" for shown, (dpi, w, h, design) in self.low_dpi.items()]
        lines += self.warnings
        if self.placeholders:
            designs = set().union(*self.placeholders.values())
            lines.append(f"placeholders: {len(self.placeholders)} missing art file(s) printed as labelled "
                         f"placeholders on {len(designs)} design(s): {', '.join(sorted(self.placeholders))}")
        return lines


def geometry(design: DesignSpec, bleed_mm: float, game: Game | None = None,
             safe_mm: float = SAFE_MM) -> dict[str, Any]:
    """Where a design's trim and safe zone lie; `safe_mm` is wider than SAFE_MM when a print shop asks more."""
    c = design.component
    b, w, h, m = bleed_mm, c.width_mm, c.height_mm, safe_mm
    trim = {"x": b, "y": b, "w": w, "h": h}
    safe = {"x": b + m, "y": b + m, "w": max(w - 2 * m, 0), "h": max(h - 2 * m, 0)}
    geo = {"W": w + 2 * b, "H": h + 2 * b, "b": b, "w": w, "h": h, "cx": b + w / 2, "cy": b + h / 2,
           "trim": trim, "safe": safe, "safe_mm": m, "cut": c.cut_path(),
           "folds": [{"x1": f.x1 + b, "y1": f.y1 + b, "x2": f.x2 + b, "y2": f.y2 + b} for f in c.folds],
           "panels": {name: {"x": x + b, "y": y + b, "w": pw, "h": ph} for name, (x, y, pw, ph) in c.panels.items()},
           "spaces": {name: {"w": sw, "h": sh} for name, (sw, sh) in c.spaces.items()}}
    if c.shape == "hex":
        geo["hex"] = [{"x": x + b, "y": y + b} for x, y in hex_points(w, h, c.hex_orientation)]
    if c.hexmap is not None:
        geo["map"] = map_geometry(c, b, game)
    return geo


def map_geometry(c, b: float, game: Game | None) -> dict[str, Any]:
    """Every space of a board's hex map placed on the board (centred in the trim), with its outline and,
    for a resource space, the row of the tile that covers it (`hexmap.tiles`)."""
    tiles = {}
    if game is not None and c.hexmap_tiles:
        tiles = {int(r.fields["number"]): dict(r.fields) for r in game.component(c.hexmap_tiles).rows}
    flat = c.hex_space_mm
    ext_w, ext_h = extent_mm(c.hexmap, flat)
    x0, y0 = b + (c.width_mm - ext_w) / 2, b + (c.height_mm - ext_h) / 2
    corners = hex_points(*hex_box_mm(flat, "pointy"), "pointy")

    def place(row: int, col: int) -> dict[str, Any]:
        cx, cy = centre_mm(row, col, flat)
        x, y = x0 + cx, y0 + cy
        pts = " ".join(f"{fmt_number(x + px - flat / 2)},{fmt_number(y + py - corner_radius(flat))}" for px, py in corners)
        return {"x": x, "y": y, "points": pts, "row": row, "col": col}

    spaces = [{"id": s.id, "kind": s.kind, "number": s.number, "tile": tiles.get(s.number), **place(s.row, s.col)}
              for s in c.hexmap.spaces]
    markers = [{"kind": kind, **place(row, col)} for kind, row, col in c.hexmap.markers]
    return {"x": x0, "y": y0, "w": ext_w, "h": ext_h, "space": flat, "radius": corner_radius(flat),
            "spaces": spaces, "markers": markers}


class ArtTable(Mapping[str, Art]):
    """A whole art table for a design whose row has no such field (a legend, a board, the back of a deck of
    images): each file is loaded when the template asks for it, not the table's thousands up front."""

    def __init__(self, sources: Mapping[str, ArtSource], line_art: bool, placeholders: bool):
        self._sources, self._line, self._stub = sources, line_art, placeholders

    def __getitem__(self, key: str) -> Art:
        return load_art(self._sources[key], self._line, self._stub)

    def __iter__(self) -> Iterator[str]:
        return iter(self._sources)

    def __len__(self) -> int:
        return len(self._sources)


class ArtBook(Mapping[str, Any]):
    """A design's named art (`art.emblem`, `art.front`), each loaded when the template first asks for it: a
    file, the one its row names, or a whole table (ArtTable). `identity` says what a name would load (the files,
    their size and time, how) without loading it, which is what a rebuild's key needs (render/memo.py): a deck
    of 3,000 photographs is not decoded again to find the one that changed."""

    def __init__(self, entries: Mapping[str, ArtSource | Mapping[str, ArtSource]], line_art: bool, placeholders: bool):
        self._entries, self._line, self._stub = entries, line_art, placeholders
        self._loaded: dict[str, Art | Mapping[str, Art]] = {}
        for src in entries.values():           # a file named but missing is the spec's mistake, used or not
            if isinstance(src, ArtSource):
                check_art(src, placeholders)

    def __getitem__(self, name: str) -> Art | Mapping[str, Art]:
        if name not in self._loaded:
            src = self._entries[name]
            self._loaded[name] = (load_art(src, self._line, self._stub) if isinstance(src, ArtSource)
                                  else ArtTable(src, self._line, self._stub))
        return self._loaded[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, name: object) -> bool:     # without loading it
        return name in self._entries

    def identity(self, name: str) -> list:
        src = self._entries[name]
        if isinstance(src, ArtSource):
            return ["art", _identity(src), self._line, self._stub]
        return ["table", [[k, _identity(v)] for k, v in src.items()], self._line, self._stub]


def _identity(src: ArtSource) -> list:
    """An art file as a key: its path, size and modification time (load_art reads nothing else)."""
    try:
        st = src.path.stat()
        return [str(src.path), str(src.base), st.st_size, st.st_mtime_ns]
    except OSError:
        return [str(src.path), str(src.base), None]


class ContextBuilder:
    """Builds contexts for every design of a game under one appearance and bleed."""

    def __init__(self, game: Game, look: Appearance, bleed_mm: float, notes: RenderNotes,
                 aid: dict[str, Any] | None = None, safe_mm: dict[str, float] | None = None):
        self.game = game
        self.safe_mm = safe_mm or {}     # component id -> its safe inset, when a print shop asks more than SAFE_MM
        self.aid = aid or {}
        self.look = look
        self.bleed_mm = bleed_mm
        self.notes: Notes = notes
        self.floor_pt = game.shrink_floor_pt       # text set below it after shrinking is reported (TextFit)
        self.book = font_book(tuple(look.font_folders))
        where_file = str(look.theme_file or game.spec_file)
        self.faces = {role: self.book.find(f.family, f.weight, f.style, where=f"fonts.{role}", file=where_file)
                      for role, f in look.fonts.items()}

    def art_for(self, design: DesignSpec) -> ArtBook:
        """Named art; per-value art resolved for this design's row, or the whole table when the row
        has no such field (a legend, a board); each loaded when the template asks for it."""
        out: dict[str, ArtSource | Mapping[str, ArtSource]] = {}
        for name, src in self.look.art.items():
            if isinstance(src, ArtSource):
                out[name] = src
            else:
                value = design.fields.get(name)
                if value is not None and str(value) in src:
                    out[name] = src[str(value)]
                if name not in design.fields:
                    out[name] = src
        return ArtBook(out, self.look.style.line_art, self.look.placeholders)

    def context(self, design: DesignSpec) -> dict[str, Any]:
        game, comp = self.game, design.component
        geo = geometry(design, self.bleed_mm, self.game, self.safe_mm.get(comp.id, SAFE_MM))
        fit, flow = self._fitter(design, geo)
        seat = None
        if design.player is not None:
            seat = next(p for p in self.look.players if p.id == design.player.id)
        return {
            "uid": design.id,
            "design": {"id": design.id, "face": design.face, "count": design.count},
            "game": {"id": game.id, "title": game.title, "subtitle": game.subtitle, "edition": game.edition},
            "component": {"id": comp.id, "name": comp.name, "kind": comp.kind, "shape": comp.shape},
            "row": dict(design.fields),
            "player": None if seat is None else {"id": seat.id, "name": seat.name, "colour": seat.colour,
                                                 "pattern": seat.pattern, "symbol": seat.symbol,
                                                 "seat": [p.id for p in self.look.players].index(seat.id) + 1},
            "players": [{"id": p.id, "name": p.name, "colour": p.colour, "pattern": p.pattern, "symbol": p.symbol}
                        for p in self.look.players],
            "params": _plain(comp.params),
            "colours": {"white": "#ffffff", "black": "#000000", **self.look.palette},   # white and black always there
            "style": {"name": self.look.style.name, "line_art": self.look.style.line_art},
            "fonts": {role: {"family": f.family, "weight": f.weight, "style": f.style} for role, f in self.faces.items()},
            "geo": geo,
            "art": self.art_for(design),
            "place": self._placer(design),
            "fit": fit,
            "flow": flow,
            "rich": self._rich(design, geo),
            "labels": dict(game.labels),
            "setup": [{"players": e.players, "needs": {d.component: {"total": d.total, "each": d.each, "to_box": d.to_box}
                                                        for d in e.demands}} for e in game.setup],
            "rules": {k: _plain(v["value"] if _sourced(v) else v) for k, v in game.rules.items()},
            "aid": self.aid,
            "mix": mix,
            "readable": readable,
        }

    def _placer(self, design: DesignSpec) -> Callable[..., Markup]:
        """`place(art, x, y, w, h, fit="meet")`: art in a box (default: the trim). fit "meet" shows it whole,
        "slice" fills the box, "bleed" covers the piece to its bleed edge (render/bleed.py)."""
        serial = itertools.count(1)  # each nested art gets its own id prefix, stable across runs
        c = design.component

        def place(art: Art, x: float = self.bleed_mm, y: float = self.bleed_mm, w: float = c.width_mm,
                  h: float = c.height_mm, fit: str = "meet") -> Markup:
            where = f"design {design.id}"
            if not isinstance(art, Art):
                raise RenderError(Problem(f"place() expects art, got {type(art).__name__}", None, where))
            _finite("place", design, x=x, y=y, w=w, h=h)
            if w <= 0 or h <= 0:
                raise RenderError(Problem(f"place() expects a box of positive size, got {w:g} x {h:g} mm", None, where))
            if fit not in FITS:
                raise RenderError(Problem(f'place() expects fit "meet", "slice" or "bleed", got {fit!r}', None, where))
            if art.kind == "placeholder":
                return self._placeholder(art, design, x, y, w, h, fit)
            if fit == "bleed" and art.pixels:
                return self._full_bleed(art, art.pixels, design, Box(x, y, w, h))
            dpi = art.dpi_at(w, h)
            if dpi is not None and dpi < MIN_DPI * (1 - DPI_TOLERANCE):
                self.notes.low(art.shown, dpi, w, h, design.id)
            if fit == "bleed":           # vector art has no pixels to extend: its trim on the trim, its bleed if drawn
                b = self.bleed_mm
                x, y, w, h = x - b, y - b, w + 2 * b, h + 2 * b
            return nest(art.shown, art.markup(f"{design.id}-a{next(serial)}", x, y, w, h,
                                              "meet" if fit == "meet" else "slice"))
        return place

    def _full_bleed(self, art: Art, pixels: tuple[int, int], design: DesignSpec, trim: Box) -> Markup:
        fitted = fit_to_trim(pixels, trim, self.bleed_mm)
        dpi = pixels[0] / (fitted.image.w / MM_PER_IN)
        if dpi < MIN_DPI * (1 - DPI_TOLERANCE):
            self.notes.low(art.shown, dpi, trim.w, trim.h, design.id)
        if fitted.own_bleed_mm is None:
            pw, ph = pixels
            self.notes.warn(f"warning: {art.shown}: {pw} x {ph} px is the shape of neither the trim "
                            f"({trim.w:g} x {trim.h:g} mm) nor trim + bleed; printed whole inside the trim, its edges "
                            f"extended to fill the rest")
        fill, filled = design.component.fill_corners, None
        if fill is not False:           # true: each image's own corners; a length: their radius at the card's size
            filled = filled_corners(art.body, None if fill is True else fill * pixels[0] / fitted.image.w)
        return nest(art.shown, bleed_markup(art, trim, self.bleed_mm, fitted, filled))

    def _placeholder(self, art: Art, design: DesignSpec, x: float, y: float, w: float, h: float, fit: str) -> Markup:
        """A missing file (--placeholders): a labelled box at the size the art would print at."""
        self.notes.placeholder(art.shown, design.id)
        size = f"{w:g} x {h:g} mm" + (f" + {self.bleed_mm:g} mm bleed" if fit == "bleed" and self.bleed_mm else "")
        if fit == "bleed":
            b = self.bleed_mm
            x, y, w, h = x - b, y - b, w + 2 * b, h + 2 * b
        face = next(iter(self.faces.values()), None) or self.book.find(PLACEHOLDER_FONT)
        m = metrics(face.path)

        def width_em(text: str) -> float:
            return m.width_em("".join(ch if m.has_glyphs(ch) else "?" for ch in text))

        name = "".join(ch if m.has_glyphs(ch) else "?" for ch in art.shown)
        return nest(art.shown, placeholder_markup(name, x, y, w, h, size, face.family, width_em))

    def _rich(self, design: DesignSpec, geo: dict[str, Any]) -> Callable[..., dict]:
        """`rich(text, role, x, y, w, h, max_pt, min_pt=6)`: text with {icons}, **bold** and *italic*,
        fitted like fit() (HarfBuzz widths, never outside the safe zone); see render/richtext.py."""
        safe = geo["safe"]
        serial = itertools.count(1)   # each rich() call of the design gets its own icon id prefix

        def rich(text: Any, role: str, x: float, y: float, w: float, h: float, max_pt: float, min_pt: float = 6.0,
                 align: str = "start", valign: str = "top", leading: float = 1.25) -> dict:
            _finite("rich", design, x=x, y=y, w=w, h=h, max_pt=max_pt, min_pt=min_pt, leading=leading)
            where = f"design {design.id}"
            if role not in self.faces:
                raise RenderError(Problem(f'unknown font role "{role}"; expected one of: {", ".join(self.faces)}',
                                          None, where))
            base = self.faces[role]
            faces = {(b, i): self.book.find(base.family, 700 if b else base.weight, "italic" if i else base.style)
                     for b in (False, True) for i in (False, True)}
            try:
                lines = richtext.parse(str(text), set(self.look.icons))
            except richtext.RichTextError as exc:
                raise RenderError(Problem(str(exc), None, where)) from None

            def measure(p: richtext.Piece) -> float:
                if p.kind == "icon":
                    return richtext.ICON_EM + 2 * richtext.ICON_GAP_EM
                m = metrics(faces[(p.bold, p.italic)].path)
                if not m.has_glyphs(p.value):
                    raise RenderError(Problem(f'font "{base.family}" has no glyph for some of "{_short(p.value)}"'
                                              f"{self.glyph_hint(role)}", None, where))
                return m.width_em(p.value)

            x0, y0 = max(x, safe["x"]), max(y, safe["y"])
            x1, y1 = min(x + w, safe["x"] + safe["w"]), min(y + h, safe["y"] + safe["h"])
            m = metrics(base.path)
            try:
                size, fitted = richtext.fit(lines, x1 - x0, y1 - y0, max_pt * PT_TO_MM, min_pt * PT_TO_MM, leading,
                                            measure, m.ascender, m.descender)
            except richtext.TextOverflow as exc:
                raise self.overflow(design, [str(text)], max_pt, exc, geo) from None
            self.measured(design, [str(text)], size, max_pt)
            height = size * (m.ascender + m.descender + (len(fitted) - 1) * leading)
            top = {"top": y0, "bottom": y1 - height}.get(valign, y0 + (y1 - y0 - height) / 2)
            return {"size": size, "height": height,
                    "lines": [self._rich_line(line, faces, size, top + size * (m.ascender + k * leading),
                                              x0, x1, align, f"{design.id}-r{next(serial)}-{k}", design)
                              for k, line in enumerate(fitted)]}
        return rich

    def _rich_line(self, line: richtext.RichLine, faces: dict, size: float, baseline: float, x0: float, x1: float,
                   align: str, uid: str, design: DesignSpec) -> dict[str, Any]:
        """One fitted line: text runs with their faces, icons as nested art with ids of their own."""
        start = {"start": x0, "end": x1 - line.width_em * size}.get(align, (x0 + x1 - line.width_em * size) / 2)
        runs: list[dict[str, Any]] = []
        for k, placed in enumerate(line.pieces):
            p, x = placed.piece, start + placed.x_em * size
            if p.kind == "icon":
                s = richtext.ICON_EM * size
                art = load_art(self.look.icons[p.value], self.look.style.line_art, self.look.placeholders)
                box = (x + richtext.ICON_GAP_EM * size, baseline - 0.8 * s, s, s)
                if art.kind == "placeholder":
                    runs.append({"markup": self._placeholder(art, design, *box, "meet")})
                else:
                    runs.append({"markup": nest(art.shown, art.markup(f"{uid}-{k}", *box))})
            elif p.value.strip():
                face = faces[(p.bold, p.italic)]
                runs.append({"x": x, "text": p.value.rstrip(), "family": face.family, "weight": face.weight,
                             "style": face.style})
        return {"y": baseline, "size": size, "runs": runs}

    def measured(self, design: DesignSpec, texts: list[str], size_mm: float | None, max_pt: float) -> None:
        """Tell the notes of text that shrank below the floor, set at `size_mm` where `max_pt` was asked (its
        smallest line's sizes), or (None) that does not fit at all."""
        fitted = text_fit(design, self.game, texts, size_mm, max_pt, self.floor_pt)
        if fitted is not None:
            self.notes.text(fitted)

    def overflow(self, design: DesignSpec, texts: list[str], max_pt: float, exc: Exception, geo: dict) -> RenderError:
        """The error of text that does not fit its box even at its smallest size, told to the notes first."""
        self.measured(design, texts, None, max_pt)
        return RenderError(Problem(f'text "{_short(texts[0])}" {exc} (safe zone {geo["safe_mm"]:g} mm inside the trim)',
                                   None, f"design {design.id}"))

    def glyph_hint(self, role: str) -> str:
        """What to change when an edition's text has characters its role's font lacks (Japanese in Lato)."""
        code = self.game.language
        if code == self.game.default_language:
            return ""
        return f"; give languages.{code}.fonts.{role} in game.yaml a font that has them (Japanese: Noto Sans CJK JP)"

    def _face_for(self, design: DesignSpec, role: str, text: str):
        """The face of a font role and its metrics; an unknown role or a glyph the face lacks is one problem."""
        if role not in self.faces:
            raise RenderError(Problem(f'unknown font role "{role}"; expected one of: {", ".join(self.faces)}',
                                      None, f"design {design.id}"))
        face = self.faces[role]
        m = metrics(face.path)
        if not m.has_glyphs(text):
            missing = "".join(sorted({ch for ch in text if ord(ch) not in m.advances and ch not in "\n\t"}))
            raise RenderError(Problem(f'font "{face.family}" has no glyph for "{missing}" in "{_short(text)}"'
                                      f"{self.glyph_hint(role) or '; choose a font role that covers it'}", None,
                                      f"design {design.id}"))
        return face, m

    def _fitter(self, design: DesignSpec, geo: dict[str, Any]) -> tuple[Callable[..., dict], Callable[..., dict]]:
        """`flow` fits paragraphs (each with its font role and scale) into a box clamped to the safe zone;
        `fit` is the one-paragraph case."""
        safe = geo["safe"]

        def flow(paragraphs: list[dict[str, Any]], x: float, y: float, w: float, h: float, max_pt: float,
                 min_pt: float = 5.0, align: str = "middle", valign: str = "middle", leading: float = 1.2) -> dict:
            _finite("fit", design, x=x, y=y, w=w, h=h, max_pt=max_pt, min_pt=min_pt, leading=leading)
            x0, y0 = max(x, safe["x"]), max(y, safe["y"])
            x1, y1 = min(x + w, safe["x"] + safe["w"]), min(y + h, safe["y"] + safe["h"])
            faces, paras = [], []
            for p in paragraphs:
                text = str(p["text"])
                face, m = self._face_for(design, p.get("role", "body"), text)
                faces.append(face)
                paras.append(Paragraph(text, m, float(p.get("scale", 1.0)), float(p.get("space", 0.0))))
            try:
                fitted = fit_flow(paras, x1 - x0, y1 - y0, max_pt * PT_TO_MM, min_pt * PT_TO_MM, leading)
            except TextOverflow as exc:
                raise self.overflow(design, [p.text for p in paras], max_pt, exc, geo) from None
            small = min(p.scale for p in paras)        # the smallest paragraph's size is the one to read
            self.measured(design, [p.text for p in paras if p.scale == small], fitted.base_size * small, max_pt * small)
            return _placed(fitted, faces, (x0, y0, x1, y1), align, valign)

        def fit(text: Any, role: str, x: float, y: float, w: float, h: float, max_pt: float, min_pt: float = 5.0,
                align: str = "middle", valign: str = "middle", leading: float = 1.2) -> dict:
            return flow([{"text": text, "role": role}], x, y, w, h, max_pt, min_pt, align, valign, leading)

        return fit, flow


def _placed(fitted, faces: list, box: tuple[float, float, float, float], align: str, valign: str) -> dict:
    """Fitted lines placed in their box (x0, y0, x1, y1), aligned as asked: what `fit` and `flow` return."""
    x0, y0, x1, y1 = box
    top = {"top": y0, "bottom": y1 - fitted.height}.get(valign, y0 + (y1 - y0 - fitted.height) / 2)
    ax = {"start": x0, "end": x1}.get(align, (x0 + x1) / 2)
    anchor = align if align in ("start", "end") else "middle"
    return {"size": fitted.base_size, "height": fitted.height, "top": top, "anchor": anchor,
            "lines": [{"text": ln.text, "x": ax, "y": top + ln.baseline, "size": ln.size,
                       "width": ln.width, "paragraph": ln.paragraph,
                       "family": faces[ln.paragraph].family, "weight": faces[ln.paragraph].weight,
                       "style": faces[ln.paragraph].style} for ln in fitted.lines]}


def _finite(helper: str, design: DesignSpec, **values: Any) -> None:
    """Numbers a template passes to a helper must be finite numbers (never NaN or infinite)."""
    for name, v in values.items():
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise RenderError(Problem(f"{helper}() expects a finite number for {name}, got {v!r}", None,
                                      f"design {design.id}"))


def readable(background: str, *inks: str) -> str:
    """Of `inks`, the one that reads best on `background` (the highest WCAG 2 contrast ratio; the first on a
    tie): templates ask this instead of deciding by hand which palette colours are dark, so a theme that
    lightens a colour gets dark marks on it without a template edit."""
    from generator.common.colours import contrast

    if not inks or not all(re.fullmatch(r"#[0-9a-fA-F]{6}", str(c)) for c in (background, *inks)):
        raise ValueError(f'readable() expects a background colour and one or more ink colours like "#1a2b3c", '
                         f"got {background!r}, {inks!r}")
    return max(inks, key=lambda ink: (contrast(background, ink), -inks.index(ink)))


def mix(a: str, b: str, t: float) -> str:
    """The colour a fraction `t` of the way from `a` to `b` (both #rrggbb), t from 0 to 1."""
    if not (isinstance(t, (int, float)) and 0 <= t <= 1) or not all(re.fullmatch(r"#[0-9a-fA-F]{6}", str(c))
                                                                      for c in (a, b)):
        raise ValueError(f'mix() expects two colours like "#1a2b3c" and a fraction from 0 to 1, got {a!r}, {b!r}, {t!r}')
    ca = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * float(t)):02x}" for x, y in zip(ca, cb))


def _short(text: str, n: int = 40) -> str:
    text = text.replace("\n", " ")
    return text if len(text) <= n else text[: n - 1] + "…"


def _sourced(value: Any) -> bool:
    """A value written with its provenance: {value: ..., source: ..., note: ...}."""
    return hasattr(value, "keys") and "value" in value and "source" in value


def _plain(value: Any) -> Any:
    if hasattr(value, "items"):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
