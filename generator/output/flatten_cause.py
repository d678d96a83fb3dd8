"""Why a PDF/X-1a press file had to flatten pages, in words a designer can act on: the art files and templates
that carry the transparency, and what to change.

`to_press` knows which pages it flattened; the writer maps them to designs (the press file's pages are the
designs in build order, a shop's deck pages its deck's sequence). Each such design is looked at through its
inputs: the art it can place (as the renderer resolves it: the art of one file, its row's entry of a table,
the icons its text names; of those, the ones its SVG shows it placed) and its own template, each scanned as
`pnp check` scans them (load/transparency.py).
What none of them explains is said by design, so the line never stays silent about where to look.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

from generator.common import paths
from generator.common.errors import PunchboardError
from generator.load.theme import Appearance
from generator.load.transparency import art_transparency, shown, svg_transparency
from generator.model.designs import DesignSpec
from generator.model.game import ArtSource, Game

SHOWN = 6                    # causes named in the summary line; more are counted
REMEDY = "use solid colours and opaque pictures, or flatten them in your editor"


def flatten_causes(game: Game, look: Appearance, designs: Iterable[DesignSpec], svgs: Mapping[str, str]) -> str:
    """`art/wave.svg uses opacity 0.5; use solid colours ...`: what carries the transparency of `designs` (`svgs`:
    each design's SVG, which tells the art it placed from the art it could have)."""
    causes: dict[str, str] = {}
    unexplained: list[str] = []
    for spec in dict((s.id, s) for s in designs).values():
        art = [(src, r) for src in reachable_art(look, spec) if (r := art_transparency(src))]
        placed = [(src, r) for src, r in art if is_placed(src, look, svgs.get(spec.id, ""))]
        found = {shown(src): ", ".join(r) for src, r in placed}
        if template := template_transparency(game.folder, spec.template):
            found[template[0]] = ", ".join(template[1])
        found = found or {shown(src): ", ".join(r) for src, r in art}   # none seen placed: what it could place
        causes.update(found)
        if not found:
            unexplained.append(spec.id)
    named = [f"{name} uses {what}" for name, what in causes.items()]
    if unexplained:
        named.append(f"design{'s' if len(unexplained) > 1 else ''} {', '.join(unexplained[:SHOWN])} "
                     f"{'draw' if len(unexplained) > 1 else 'draws'} with transparency its art and template do not "
                     "show (look for opacity, masks or transparent pictures they include)")
    more = f"; and {len(named) - SHOWN} more" if len(named) > SHOWN else ""
    return "; ".join(named[:SHOWN]) + more + f"; {REMEDY}"


def reachable_art(look: Appearance, spec: DesignSpec) -> Iterator[ArtSource]:
    """The art files a design's template can place, as the renderer offers them (render/context.py art_for),
    and the inline icons its text names."""
    for name, src in look.art.items():
        if isinstance(src, ArtSource):
            yield src
            continue
        value = spec.fields.get(name)
        if value is not None and str(value) in src:
            yield src[str(value)]
        if name not in spec.fields:
            yield from src.values()
    text = " ".join(str(v) for v in spec.fields.values())
    yield from (src for name, src in look.icons.items() if f"{{{name}}}" in text)


def is_placed(src: ArtSource, look: Appearance, svg: str) -> bool:
    """Whether the design's SVG holds the art as the renderer nests it: a picture's data, or the longest run of
    an SVG's markup (its ids are prefixed per placing). A style that redraws art (ink-saver) hides it: then
    every art file the design could place is named."""
    from generator.render.art import PREFIX, load_art

    try:
        art = load_art(src, look.style.line_art, look.placeholders)
    except PunchboardError:
        return False
    piece = art.body if art.kind == "raster" else max(art.body.split(PREFIX), key=len)
    return bool(piece.strip()) and piece in svg


def template_transparency(game_folder: Path, template: str) -> tuple[str, list[str]] | None:
    """The design's template as it is named (its path in the game folder, or under the shipped templates/) and
    what in it is transparent."""
    from generator.render.svg import environment

    env = environment(game_folder)
    try:
        source, filename, _ = env.loader.get_source(env, template)  # type: ignore[union-attr]
    except (PunchboardError, OSError, LookupError):
        return None
    reasons = svg_transparency(source)
    return (_named(Path(str(filename)), game_folder), reasons) if reasons else None


def _named(path: Path, game_folder: Path) -> str:
    """A template's path inside its game folder, or inside the shipped templates/."""
    for root, prefix in ((game_folder, ""), (paths.TEMPLATES, "templates/")):
        if path.is_relative_to(root):
            return prefix + path.relative_to(root).as_posix()
    return path.as_posix()
