"""Render every unique face design to SVG text."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from dataclasses import dataclass

from generator.model.designs import DesignSpec
from generator.common.errors import PunchboardError, RenderError, display_path
from generator.model.game import Game
from generator.render.context import ContextBuilder, RenderNotes
from generator.render.families import Families
from generator.render.ink import ink_saver
from generator.render.memo import DesignMemo, Recorder, Rendered, replaced_in, replay
from generator.render.missing import rows_source
from generator.render.store import SvgStore
from generator.render.paper import MASKED_SHAPES, keep_paper_outside
from generator.render.svg import environment, render_template
from generator.load.theme import Appearance


@dataclass(frozen=True)
class RenderedDesign:
    spec: DesignSpec
    svg: str


def render_designs(game: Game, look: Appearance, bleed_mm: float, specs: list[DesignSpec],
                   tick: Callable[[], None] = lambda: None,
                   aid: dict | None = None,
                   safe_mm: dict[str, float] | None = None,
                   memo: DesignMemo | None = None,
                   store: SvgStore | None = None,
                   notes: RenderNotes | None = None) -> tuple[list[RenderedDesign], list[str]]:
    """All designs, or every problem found across them (each reported once). `aid`: what the game's
    rules module says its printed aids show (templates get it as `aid`); `safe_mm`: a component's safe
    inset where a print shop asks more than the default; `memo` (pnp serve's): designs whose inputs
    did not change are taken from it, not rendered again (render/memo.py). With a `store`, each SVG goes
    there as it is made (render/store.py) and the designs returned carry none; `notes`: where what rendering
    found is kept (its text fits, render/textnotes.py), when the caller reads more than the summary's lines."""
    notes = notes if notes is not None else RenderNotes()
    builder = ContextBuilder(game, look, bleed_mm, notes, aid or {}, safe_mm)
    families = Families(builder.book.families(), display_path(game.folder / "fonts"))
    if memo is not None:
        memo.start(game.folder, look, repr((bleed_mm, safe_mm)), environment(game.folder))   # aid: in the context
    out: list[RenderedDesign] = []
    problems, seen = [], set()

    def keep(spec: DesignSpec, svg: str, file: Path | None = None) -> None:
        """`file`: where the build's cache holds exactly this SVG, which the store may read instead of a copy."""
        if store is None:
            out.append(RenderedDesign(spec, svg))
        else:
            store.put(spec.id, svg, file)
            out.append(RenderedDesign(spec, ""))

    for spec in specs:
        try:
            context = builder.context(spec)
            key = memo.key(spec, context) if memo is not None else None
            hit = memo.get(key) if memo is not None else None
            if hit is not None:
                replay(hit, notes, families, spec.id)
                keep(spec, hit.svg, memo.file(key) if memo is not None else None)
                tick()
                continue
            builder.notes = recorder = Recorder(notes)
            svg = _render(game, look, bleed_mm, spec, context, families)
            filed = memo.put(key, Rendered(svg, recorder.calls, replaced_in(families, spec.id))) if memo else None
            keep(spec, svg, filed)
        except PunchboardError as exc:
            for p in exc.problems:  # a broken template is one problem, not one per design using it
                if (p.message, p.file, p.line) not in seen:
                    seen.add((p.message, p.file, p.line))
                    problems.append(p)
        finally:
            builder.notes = notes
        tick()
    if problems:
        raise RenderError(problems)
    if memo is not None:
        memo.finish()
    return out, notes.summary() + families.warnings()


def _render(game: Game, look: Appearance, bleed_mm: float, spec: DesignSpec, context: dict,
            families: Families) -> str:
    """One design's SVG: its template, then the passes every design gets."""
    svg = render_template(game.folder, spec.template, context, spec.id, rows_source(game, spec))
    svg = families.resolve(svg, spec.id)     # art's fonts the build lacks: the closest shipped family
    if look.style.ink_saver:        # one pass for every game: no template knows about it
        svg = ink_saver(svg, spec.id)
    c = spec.component
    if c.shape in MASKED_SHAPES and bleed_mm > 0:
        svg = keep_paper_outside(svg, spec.id, c.cut_path(), bleed_mm)
    return svg
