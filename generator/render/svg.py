"""The jinja2 environment for SVG templates: sandboxed, autoescaped, and strict about undefined names."""

from __future__ import annotations

import re
import secrets
import xml.etree.ElementTree as ET
from collections import Counter
from contextvars import ContextVar
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, ContextManager

import jinja2
from jinja2.loaders import split_template_path
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup

from generator.common import paths
from generator.common.cache import cache_dir
from generator.common.confine import read_bytes
from generator.common.errors import ArtError, Problem, PunchboardError, RenderError, display_path
from generator.render.missing import MissingValue, StrictFields, missing_message, strict_helpers
from generator.common.sandbox import (MEMORY_HEADROOM, BoundedSandbox, bounded_filters, bounded_items, deadline,
                                      memory_limit)
from generator.common.units import fmt_number


class ConfinedLoader(jinja2.BaseLoader):
    """Templates (and whatever they include or import) only from inside their search folders, after
    resolving symlinks, and no larger than a template can reasonably be; nothing outside is read."""

    def __init__(self, searchpath: list[tuple[Path, Path]]):
        self.searchpath = searchpath      # (folder searched, folder its files must stay inside)

    def get_source(self, environment: jinja2.Environment, template: str):
        parts = split_template_path(template)
        for folder, root in self.searchpath:
            path = folder.joinpath(*parts)
            if not path.is_file():
                continue
            data = read_bytes(path, [root], "template")
            try:
                source = data.decode("utf-8")
            except UnicodeDecodeError:
                raise RenderError(Problem("expected a UTF-8 text template", display_path(path))) from None
            mtime = path.stat().st_mtime
            return source, str(path), lambda: path.is_file() and path.stat().st_mtime == mtime
        raise jinja2.TemplateNotFound(template)


@lru_cache(maxsize=8)
def environment(game_folder: Path) -> SandboxedEnvironment:
    """A game folder's own templates/ come first, then the shared ones."""
    search = [(game_folder / "templates", game_folder), (paths.TEMPLATES, paths.TEMPLATES)]
    cached = cache_dir("templates")
    env = BoundedSandbox(
        loader=ConfinedLoader(search),
        bytecode_cache=jinja2.FileSystemBytecodeCache(str(cached), BYTECODE_NAMES) if cached else None,
        autoescape=jinja2.select_autoescape(enabled_extensions=("svg", "j2"), default_for_string=True),
        undefined=StrictFields,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["mm"] = fmt_number
    env.filters["repeated"] = repeated
    env.filters["headed"] = headed
    env.filters.update(bounded_filters(env.filters))
    env.globals["range"] = safe_range
    env.globals.pop("lipsum", None)      # placeholder text of any length: no design needs it
    return env


@lru_cache(maxsize=1)
def own_environment() -> jinja2.Environment:
    """Punchboard's own templates that no game can change (the sheet overlay with its marks and labels):
    rendered without the sandbox, whose checks on every attribute and call cost more than the drawing
    (0.1 s on a 540-card build). A game's templates, and the shared ones a game's may include, always go
    through `environment`."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(paths.TEMPLATES / "sheet")),
        autoescape=jinja2.select_autoescape(enabled_extensions=("svg", "j2"), default_for_string=True),
        undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.filters["mm"] = fmt_number
    return env


def repeated(counts: Any) -> list[Any]:
    """`{a: 2, b: 1}` -> [a, a, b]: one icon per piece a recipe or cost asks for."""
    bounded_items(sum(int(n) for n in counts.values()), "repeated()")
    return [key for key, n in counts.items() for _ in range(int(n))]


def render_template(game_folder: Path, template: str, context: dict[str, Any], design_id: str,
                    rows: tuple[str, str] | None = None) -> str:
    """Render one design; every failure names the template (and line) and the design. `rows`: where
    the design's `row` comes from and what its keys are called there (missing.rows_source)."""
    env = environment(game_folder)
    try:
        tpl = env.get_template(template)
    except jinja2.TemplateNotFound as exc:
        missing = exc.name if exc.name != template else template
        raise RenderError(Problem(f'template not found: "{missing}" (searched {display_path(game_folder / "templates")} '
                                  f"and {display_path(paths.TEMPLATES)})")) from None
    except jinja2.TemplateSyntaxError as exc:
        raise RenderError(_syntax_problem(exc)) from None
    shown = f"{_template_file(tpl.filename)}: design {design_id}"
    nested = Nested()
    was = _NESTED.set(nested)
    try:
        with memory_limit(), time_limit(RENDER_SECONDS, shown):
            text = _bounded(tpl, strict_helpers(context))
    except MemoryError as exc:
        raise RenderError(Problem(f"the template used more than {MEMORY_HEADROOM // 1024 ** 3} GB of memory (the "
                                  "limit); check its loops", _template_file(tpl.filename), f"design {design_id}",
                                  _error_line(exc, tpl))) from None
    except PunchboardError as exc:   # a helper (fit, place) refused: say which template line called it
        line = _error_line(exc, tpl)
        raise type(exc)([p if p.file else Problem(p.message, _template_file(tpl.filename), p.where, line)
                         for p in exc.problems]) from None
    except jinja2.UndefinedError as exc:
        said = missing_message(exc, context, rows) if isinstance(exc, MissingValue) else None
        raise RenderError(Problem(said or f"undefined template variable: {exc.message}",
                                  _template_file(tpl.filename), f"design {design_id}", _error_line(exc, tpl))) from None
    except jinja2.TemplateSyntaxError as exc:
        raise RenderError(_syntax_problem(exc)) from None
    except jinja2.TemplateError as exc:
        raise RenderError(Problem(f"template error: {exc}", _template_file(tpl.filename), f"design {design_id}",
                                  _error_line(exc, tpl))) from None
    except Exception as exc:   # anything else a template can raise while running: one line, never a traceback
        said = re.sub(r"[\w.]*<locals>\.", "", str(exc))    # fit(), not ContextBuilder._fitter.<locals>.fit()
        raise RenderError(Problem(f"template error: {type(exc).__name__}: {said}", _template_file(tpl.filename),
                                  f"design {design_id}", _error_line(exc, tpl))) from None
    finally:
        _NESTED.reset(was)
    return nested.fill(text, check_output(text, shown), shown)


def check_output(text: str, shown: str) -> ET.Element:
    """A design's SVG, as a template wrote it, held to the same allow-list as art: a template from
    a shared game folder cannot put a script, an event handler or an outside reference into the
    SVG files a person opens in a browser."""
    from generator.render.svg_safety import parse_svg, sanitise   # svg_safety imports nothing of ours above

    try:
        root = parse_svg(text.encode("utf-8"), shown)
        sanitise(root, shown)
        return root
    except ArtError as exc:
        raise RenderError([Problem(p.message.replace("in SVG art", "in a design").replace("SVG art", "a design"),
                                   *_split(shown)) for p in exc.problems]) from None


def _split(shown: str) -> tuple[str | None, str | None]:
    file, _, where = shown.partition(": ")
    return file or None, where or None


RENDER_SECONDS = 20          # one design's template; a loop beyond that is a mistake, not a design
MAX_OUTPUT = 20 * 1024 * 1024
MAX_RANGE = 10_000
BYTECODE_NAMES = "__punchboard_bounded_%s.cache"   # not the names of templates compiled without the bounds
_NESTED: ContextVar[Nested | None] = ContextVar("nested_art", default=None)


class Nested:
    """Art a design places, kept out of the template's text until that text has been checked: the
    template's limits (its size, its depth, the allow-list) are about what it writes, and each art
    file was held to the art limits when it was loaded. Art placed more than once counts towards
    the template's size from its second time on."""

    def __init__(self) -> None:
        self.token = secrets.token_hex(8)          # a template cannot forge a placeholder
        self.pieces: list[tuple[str, str]] = []    # (art file, markup)

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        """Compiled only for a design that places art (a fresh pattern per design cost 0.25 ms each)."""
        return re.compile(f'<g data-nested="{self.token}-(\\d+)"/>')

    def add(self, art: str, markup: str) -> Markup:
        self.pieces.append((art, markup))
        return Markup(f'<g data-nested="{self.token}-{len(self.pieces) - 1}"/>')

    def fill(self, text: str, root: ET.Element, shown: str) -> str:
        """The design with its art in place. A placeholder the template moved where it is not an
        element (a comment, say) places nothing."""
        if not self.pieces:
            return text
        in_text = Counter(self.pattern.findall(text))
        mine = f"{self.token}-"
        in_tree = Counter(el.get("data-nested", "")[len(mine):] for el in root.iter()
                          if el.get("data-nested", "").startswith(mine))
        placed = {k for k, n in in_text.items() if in_tree[k] == n}
        seen, size = set(), len(text)
        for m in self.pattern.finditer(text):
            art, markup = self.pieces[int(m.group(1))]
            if m.group(1) in placed:
                size += len(markup) if art in seen else 0
                seen.add(art)
        if size > MAX_OUTPUT:
            raise RenderError(Problem(f"the template wrote more than {MAX_OUTPUT // 1024 // 1024} MB of SVG (the "
                                      "limit), counting art it places more than once; check its loops",
                                      *_split(shown)))
        return self.pattern.sub(lambda m: self.pieces[int(m.group(1))][1] if m.group(1) in placed else "", text)


def nest(art: str, markup: str) -> Markup:
    """Markup of a piece of art (`art`: its file) for the design being rendered: a placeholder
    while a template runs, filled in once its output has been checked; the markup itself elsewhere."""
    current = _NESTED.get()
    return Markup(markup) if current is None else current.add(art, markup)


def _bounded(tpl: jinja2.Template, context: dict[str, Any]) -> str:
    """Render, stopping as soon as the output is larger than any design can be."""
    parts, size = [], 0
    for chunk in tpl.generate(context):
        size += len(chunk)
        if size > MAX_OUTPUT:
            raise RenderError(Problem(f"the template wrote more than {MAX_OUTPUT // 1024 // 1024} MB of SVG (the "
                                      "limit); check its loops", _template_file(tpl.filename)))
        parts.append(chunk)
    return "".join(parts)


def headed(items: Any, head: str = "label", body: str = "body", scale: float = 1.1, gap: float = 0.6,
           space: float = 0.2, inline: bool = False) -> list[dict[str, Any]]:
    """Aid steps ({n?, title, text}) as paragraphs for flow(): a heading in role `head` over its text
    in role `body`, or, `inline`, one paragraph "n  title: text" per step."""
    out: list[dict[str, Any]] = []
    for k, item in enumerate(items):
        title = f"{item['n']} {item['title']}" if "n" in item else item["title"]
        if inline:
            out.append({"text": f"{title}: {item['text']}", "role": body, "space": gap if k else space})
            continue
        out.append({"text": title, "role": head, "scale": scale, "space": gap if k else 0.0})
        out.append({"text": item["text"], "role": body, "space": space})
    return out


def safe_range(*args: int) -> range:
    """range() for templates: at most MAX_RANGE items (jinja's sandbox allows 100,000)."""
    r = range(*args)
    if len(r) > MAX_RANGE:
        raise OverflowError(f"range() of {len(r)} items is more than the limit of {MAX_RANGE}")
    return r


def time_limit(seconds: float, what: str) -> ContextManager[None]:
    """Stop a render that runs longer than `seconds` (main thread only; elsewhere it is not bounded)."""
    return deadline(seconds, lambda: RenderError(Problem(
        f"rendering took longer than {seconds:g} s (the limit); check the template's loops",
        what.partition(": ")[0], what.partition(": ")[2] or None)))


def _template_file(filename: str | None) -> str | None:
    return display_path(filename) if filename else None


def _syntax_problem(exc: jinja2.TemplateSyntaxError) -> Problem:
    return Problem(f"broken template: {exc.message}", _template_file(exc.filename), None, exc.lineno)


def _error_line(exc: BaseException, tpl: jinja2.Template) -> int | None:
    """The template line an error was raised from, read off the traceback."""
    tb = exc.__traceback__
    line = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == tpl.filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line
