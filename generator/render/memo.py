"""Designs keyed by what they read, so `pnp serve` renders again only the designs a change touched.

A design's key is a hash of: its template and every template that one includes or imports (their
source text), the context names those templates read (of a mapping read only as `aid.key`, just
those keys; every name, and every template, when a template is named while rendering), the design
itself (its row, component and seat: what fit, place and rich work from), its geometry, the
appearance, the bleed, and a stamp (size, time) of every art, icon and font file. A hit gives the
SVG a render would write and replays what rendering it told the build summary (low-resolution art,
placeholders, replaced font families), so a rebuild from the memo is the same as a cold one. A
design that fails is never remembered.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jinja2
from jinja2 import meta, nodes
from markupsafe import Markup

from generator.common import paths
from generator.common.cache import keyed_json
from generator.common.stamps import tree_stamps
from generator.model.designs import DesignSpec
from generator.common.errors import PunchboardError
from generator.render.art import Art

DATA_SUFFIXES = {".yaml", ".yml", ".csv", ".tsv", ".xlsx", ".json", ".md", ".txt"}  # reach designs through the context
READS = 1                            # the version of _reads: a change to what it finds must change this
ALWAYS = {"uid", "design", "geo"}    # what the context's helpers (fit, place, rich) work from


Closure = tuple[str, "dict[str, frozenset[str] | None] | None"]  # a template's hash with all it includes, the names read


@dataclasses.dataclass
class Filed:
    """A rendered design whose SVG is in a file of its own in the build's cache (DesignMemo)."""
    notes: list[tuple[str, tuple]]
    families: list[tuple[str, str]]


@dataclasses.dataclass
class Rendered:
    svg: str
    notes: list[tuple[str, tuple]]          # RenderNotes calls, in order
    families: list[tuple[str, str]]         # (family as named, family used) replaced in this design


class Recorder:
    """Forwards to the build's RenderNotes and remembers the calls, to replay them on a hit."""

    def __init__(self, notes: Any):
        self.notes = notes
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    def __getattr__(self, name: str) -> Callable[..., None]:
        target = getattr(self.notes, name)

        def call(*args: Any) -> None:
            self.calls.append((name, args))
            target(*args)
        return call


PACKED_CHARS = 200_000        # a larger SVG (a photograph's) is kept in a file of its own, read when it is used


class DesignMemo:
    """Rendered designs by key; only the keys of the last build are kept. With `disk` (a CLI build's cache,
    output/reuse.py), they are also kept for the next build: one file for them all, and one for each SVG
    larger than PACKED_CHARS, so a deck of photographs is never held in memory together."""

    def __init__(self, output: Path, disk: Any = None) -> None:
        self.output = output                  # never an input: its files are not stamped
        self.disk = disk
        self.rendered: dict[str, Rendered | Filed] = {}
        self.used: dict[str, Rendered | Filed] = {}
        self.hits = self.misses = 0
        self.parsed: dict[str, tuple] = {}    # a template's source -> the templates it names, the names it reads

    def start(self, game_folder: Path, look: Any, extra: str, env: jinja2.Environment) -> None:
        """Before a build: what every design's key shares, computed once. `extra`: the build's own inputs
        to rendering (bleed, safe zones)."""
        self.env, self.used, self.hits, self.misses = env, {}, 0, 0
        self.closures: dict[str, Closure | None] = {}
        roots = [game_folder] + [Path(f) for f in look.font_folders]
        art = {os.path.realpath(p) for p in (getattr(s, "path", None) for s in _sources(look.art)) if p}  # in keys
        world = [repr(look), extra] + _stamps(roots, game_folder, self.output, art) + art_stamps(look, art=False)
        self.world = _sha("\n".join(world))
        if self.disk is not None:
            self.rendered = self.disk.value("rendered", "all", dict)
            self.parsed = self.disk.value("templates", "parsed", dict)

    def key(self, spec: DesignSpec, context: dict[str, Any]) -> str | None:
        """The design's key, or None when its templates cannot be read (rendering says why). Of the
        context it takes the names its templates read (all, when one is named while rendering), and
        always its design (what the helpers fit, place and rich measure against) and geometry."""
        closure = self._closure(spec.template)
        if closure is None:
            return None
        sources, names = closure
        data = {k: _part(v, None if names is None or k in ALWAYS else names[k]) for k, v in context.items()
                if not callable(v) and (names is None or k in names or k in ALWAYS)}
        own = dataclasses.replace(spec, component=dataclasses.replace(spec.component, rows=()))  # not its siblings' rows
        text = json.dumps([self.world, spec.template, sources, repr(own), data], sort_keys=True, default=_plain)
        return _sha(text)

    def get(self, key: str | None) -> Rendered | None:
        if key is None:
            return None
        found = self.rendered.get(key)
        if isinstance(found, Filed):              # a photograph's design: read from its file
            data = self.disk.get("design", key) if self.disk is not None else None
            self.used[key] = found
            if data is None:
                return None
            found = Rendered(data.decode("utf-8", "surrogatepass"), found.notes, found.families)
        elif found is not None:
            self.used[key] = found
        if found is not None:
            self.hits += 1
        return found

    def put(self, key: str | None, rendered: Rendered) -> Path | None:
        """Remember a design just rendered; returns the file its SVG was kept in, if one of its own (a build's
        SvgStore reads it from there rather than writing it a second time)."""
        self.misses += 1
        if key is None:
            return None
        if self.disk is not None and len(rendered.svg) > PACKED_CHARS:
            self.used[key] = Filed(rendered.notes, rendered.families)
            return self.disk.put("design", key, rendered.svg.encode("utf-8", "surrogatepass"))
        self.used[key] = rendered
        return None

    def file(self, key: str | None) -> Path | None:
        """The file holding a remembered design's SVG, when it has one of its own."""
        return self.disk.file("design", key) if key is not None and self.disk is not None else None

    def finish(self) -> None:
        """After a build that rendered every design: keep exactly its designs."""
        self.rendered = self.used
        if self.disk is not None:
            self.disk.put("rendered", "all", pickle.dumps(self.used, protocol=pickle.HIGHEST_PROTOCOL))
            self.disk.put("templates", "parsed", pickle.dumps(self.parsed, protocol=pickle.HIGHEST_PROTOCOL))
            for key, found in self.used.items():
                if isinstance(found, Filed):
                    self.disk.file("design", key)          # still used: kept

    def _closure(self, name: str) -> Closure | None:
        if name not in self.closures:
            self.closures[name] = self._read_closure(name)
        return self.closures[name]

    def _read_closure(self, name: str) -> Closure | None:
        """A hash of the template and all it includes or imports (found by name as jinja finds them), and
        the context names they read (each with the keys read from it, or None for all of it); None for the
        names when a template is named while rendering."""
        found: dict[str, str] = {}
        names: dict[str, frozenset[str] | None] = {}
        todo = [name]
        loader = self.env.loader
        if loader is None:           # an environment without templates: nothing to key on
            return None
        while todo:
            current = todo.pop()
            if current in found:
                continue
            try:
                source = loader.get_source(self.env, current)[0]
                refs, reads = self._parsed(source)
            except (jinja2.TemplateError, PunchboardError, OSError, ValueError, RecursionError, MemoryError):
                return None          # missing, unreadable, broken or hostile: rendering reports it, nothing is kept
            found[current] = source
            for read, keys in reads.items():
                before = names.get(read, frozenset())
                names[read] = None if keys is None or before is None else before | keys
            if None in refs:         # a name made while rendering: any template, any name may be read
                try:
                    every = "".join(s for _, s in _all_templates(loader))
                except OSError:
                    return None
                return _sha(every + json.dumps(sorted(found.items()))), None
            todo.extend(r for r in refs if r is not None)
        return _sha(json.dumps(sorted(found.items()))), names

    def _parsed(self, source: str) -> tuple[list[str | None], dict[str, frozenset[str] | None]]:
        """The templates a source names (None: one named while rendering) and the names it reads from
        its context; parsed once per source."""
        key = _sha(source)
        if key not in self.parsed:
            def parse() -> list:
                tree = self.env.parse(source)
                return [list(meta.find_referenced_templates(tree)),
                        {k: None if v is None else sorted(v) for k, v in _reads(tree).items()}]
            # what a template names and reads, worked out once per machine for each text (and jinja2, and this code)
            refs, reads = keyed_json("template-reads", _sha(f"{jinja2.__version__}:{READS}:{source}"), parse)
            self.parsed[key] = (refs, {k: None if v is None else frozenset(v) for k, v in reads.items()})
        return self.parsed[key]


def _reads(tree: nodes.Template) -> dict[str, frozenset[str] | None]:
    """The context names a template reads; for a name only ever read as `name.key` or `name["key"]`,
    those keys (a design that reads `aid.first_player` does not change with `aid.elder_stacks`)."""
    loads: dict[str, int] = {}
    keyed: dict[str, list[str]] = {}
    for n in tree.find_all(nodes.Name):
        if n.ctx == "load":
            loads[n.name] = loads.get(n.name, 0) + 1
    for item in tree.find_all((nodes.Getattr, nodes.Getitem)):
        if isinstance(item, nodes.Getattr):
            key: object = item.attr
        elif isinstance(item, nodes.Getitem) and isinstance(item.arg, nodes.Const):
            key = item.arg.value
        else:
            continue
        if isinstance(item.node, nodes.Name) and item.node.ctx == "load" and isinstance(key, str):
            keyed.setdefault(item.node.name, []).append(key)
    return {name: frozenset(keyed[name]) if len(keyed.get(name, ())) == loads.get(name) else None
            for name in meta.find_undeclared_variables(tree)}


def _part(value: Any, keys: frozenset[str] | None) -> Any:
    """What a design reads of a context value: all of it, or only some keys of a mapping (a key that is
    also a method of the mapping, like `items`, reads all of it)."""
    if keys is None or not hasattr(value, "keys") or any(hasattr(type(value), k) for k in keys):
        return value
    if hasattr(value, "identity"):            # art (render/context.py's ArtBook): what it loads, not loaded
        return {k: value.identity(k) if k in value else "(missing)" for k in sorted(keys)}
    return {k: [value[k]] if k in value else "(missing)" for k in sorted(keys)}


def replaced_in(families: Any, design: str) -> list[tuple[str, str]]:
    """The font families Families.resolve replaced in one design."""
    return [(said, used) for said, (used, designs) in families.replaced.items() if design in designs]


def replay(hit: Rendered, notes: Any, families: Any, design: str) -> None:
    """Tell the build's notes and families what rendering this design told them."""
    for name, args in hit.notes:
        getattr(notes, name)(*args)
    for said, used in hit.families:
        designs = families.replaced.setdefault(said, (used, []))[1]
        if design not in designs:
            designs.append(design)


def _all_templates(loader: Any) -> list[tuple[str, str]]:
    out = []
    for folder, _ in getattr(loader, "searchpath", []):
        for path in sorted(Path(folder).rglob("*")):
            if path.is_file() and not path.is_symlink():
                out.append((str(path), path.read_text(encoding="utf-8", errors="replace")))
    return out


def _stamps(roots: list[Path], game_folder: Path, output: Path, art: set[str]) -> list[str]:
    """Name, size and modification time of every file under the roots the context's helpers may read
    (icons, fonts): not templates (keyed by content), not data (reaches the context) and not the art files
    the appearance names (`art`: a design that reads one has its identity in its key, render/context.py)."""
    return tree_stamps(roots, [game_folder / "templates", paths.TEMPLATES, output],
                       lambda path: Path(path).suffix.lower() not in DATA_SUFFIXES and os.path.realpath(path) not in art)


def art_stamps(look: Any, art: bool = True) -> list[str]:
    """Name, size and time of every icon the appearance names, and with `art` every art file (a theme's may lie
    outside the game's folder)."""
    out = []
    for src in _sources(look.icons) + (_sources(look.art) if art else []):
        try:
            st = os.stat(src.path)
            out.append(f"{src.path}:{st.st_size}:{st.st_mtime_ns}")
        except (OSError, AttributeError, TypeError):
            out.append(f"{getattr(src, 'path', src)}:missing")
    return out


def _sources(table: Any) -> list[Any]:
    """The files of an appearance's art or icons: each value a file, or a table of files by a row's value."""
    out = []
    for value in table.values():
        out += list(value.values()) if hasattr(value, "values") else [value]
    return out


def _plain(value: Any) -> Any:
    """JSON for what a context holds besides plain data: art by its content, markup as text."""
    if isinstance(value, Art):
        return ["art", value.kind, _sha(value.body), list(value.view_box), value.pixels, value.shown,
                sorted((k, _sha(v)) for k, v in (value.edges or {}).items())]
    if isinstance(value, Markup):
        return str(value)
    if hasattr(value, "identity"):            # art read whole: what each name loads
        return {k: value.identity(k) for k in value}
    if hasattr(value, "items"):
        return {str(k): v for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted(map(repr, value))
    if dataclasses.is_dataclass(value):
        return repr(value)
    return repr(value)


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
