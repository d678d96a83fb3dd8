"""index.html: every design at a readable size with its id, count and back, each sheet page, and the
`pnp check` results with failures first. Written by every build; `pnp serve` serves the same page
and it reloads itself when a rebuild finishes (or shows the build's errors above the last good one).
"""

from __future__ import annotations

import hashlib
import html
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from generator.common.units import fmt_number
from generator.model.game import Component, Game
from generator.output.png import png_bytes, rasterise, render_parts

if TYPE_CHECKING:
    from generator.output.reuse import Reuse

PAGE_DPI = 40
DESIGN_DPI = 100
SCALE = 2.2                 # px per mm of a design on the page: a poker card is about 150 px wide
MAX_PX = (300, 320)         # the largest picture (a board), and the smallest side's least (a 15 mm token)
MIN_PX = 64

STYLE = """.mark{background:#b3541e;color:#fff;border-radius:3px;padding:0 4px;font-size:.8em}body{font-family:system-ui,sans-serif;margin:1.5rem;background:#f4f1ea;color:#222}
h1{margin:.2rem 0}h2{margin-top:2rem}.grid{display:flex;flex-wrap:wrap;gap:.7rem}
figure{margin:0;background:#fff;padding:.4rem;border-radius:6px;box-shadow:0 1px 3px #0003}
figcaption{font-size:.72rem;margin-top:.3rem;overflow-wrap:anywhere;text-align:center}
.piece{filter:drop-shadow(0 0 .6px #000c)}.piece img{display:block}.sub{margin:.2rem 0;color:#555}
.jump{position:sticky;top:0;z-index:1;background:#f4f1eaee;padding:.4rem 0;display:flex;flex-wrap:wrap;gap:.3rem .4rem}
.jump a{font-size:.8rem;text-decoration:none;background:#fff;border:1px solid #ccc;border-radius:1rem;padding:.1rem .55rem}
.jump span{color:#777}.n{white-space:nowrap}h3{margin:1.6rem 0 .5rem;scroll-margin-top:5rem}h3 small{font-weight:normal;color:#666}
.grid figure{display:flex;flex-direction:column;align-items:center;width:min-content;min-width:110px}
.pages img{max-width:320px;border:1px solid #ccc;background:#fff}table{border-collapse:collapse;font-size:.85rem}
td,th{border-bottom:1px solid #ddd;padding:.2rem .5rem;text-align:left;vertical-align:top}
.fail{color:#a00;font-weight:600}.info{color:#666}#errors{display:none;background:#fee;border:2px solid #a00;
padding:1rem;white-space:pre-wrap;font-family:monospace}"""

SCRIPT = """(function(){var imgs=[].slice.call(document.images),done=0,ok=0;
function mark(){document.body.dataset.images=ok+'/'+imgs.length+(done===imgs.length?' done':'');}
imgs.forEach(function(i){if(i.complete){done++;if(i.naturalWidth>0)ok++;}else{i.addEventListener('load',
function(){done++;ok++;mark();});i.addEventListener('error',function(){done++;mark();});}});mark();
var version=document.body.dataset.version;function poll(){fetch('/__status').then(function(r){return r.json();})
.then(function(s){var e=document.getElementById('errors');if(s.errors.length){e.style.display='block';
e.textContent='The last change broke the build; the last good build is shown below.\\n\\n'+s.errors.join('\\n');}
else{e.style.display='none';}if(String(s.version)!==version){location.reload();}}).catch(function(){})
.then(function(){setTimeout(poll,100);});}if(location.protocol.indexOf('http')===0){poll();}})();"""


def write_gallery(folder: Path, manifest: dict[str, Any], checks: list[dict[str, Any]] | str, version: int = 0,
                  game: Game | None = None) -> None:
    """Write folder/index.html from the build's manifest and its check results (or the check's error): the
    game's title, a jump list, then each component's designs together, every piece in its own cut shape and
    at one scale (so a token looks smaller than a card), then the sheet pages and the checks."""
    e = html.escape
    title = game.title if game is not None else manifest["game"]
    variant = _variant(manifest)
    groups = _groups(manifest["designs"])
    comps = {c.id: c for c in game.components} if game is not None else {}
    nav = [f'<a href="#c-{e(cid)}">{e(_name(cid, comps))} <span>{len(ds)}</span></a>' for cid, ds in groups.items()]
    pages = "".join(f'<img src="pages/page-{i + 1}.png?v={version}" alt="page {i + 1}">'
                    for i in range(len(manifest.get("sheets", {}).get("pages", []))))
    if pages:
        nav.append('<a href="#sheets">Sheets</a>')
    nav.append('<a href="#checks">Checks</a>')
    summary, table = _checks(checks)
    pieces = sum(d["count"] for d in manifest["designs"] if d["face"] == "front")
    body = [f'<div id="errors"></div><h1 id="top">{e(title)}</h1>',
            f'<p class="sub">{e(manifest["game"])}{e(variant)} · {len(manifest["designs"])} designs · {pieces} pieces'
            f' in {len(groups)} components</p>', summary, _pulled(manifest.get("changes")),
            f'<nav class="jump">{"".join(nav)}</nav>',
            _clips(groups, comps), f'<h2>Designs ({len(manifest["designs"])})</h2>']
    marks = _marks(manifest.get("changes"))
    body += [_group(cid, ds, comps.get(cid), version, marks) for cid, ds in groups.items()]
    if pages:
        body.append(f'<h2 id="sheets">Sheets</h2><div class="grid pages">{pages}</div>')
    body.append(table)
    text = (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{e(title + variant)}</title>'
            f'<style>{STYLE}</style></head><body data-version="{version}">{"".join(body)}'
            f'<script>{SCRIPT}</script></body></html>\n')
    (folder / "index.html").write_text(text, encoding="utf-8")


def _variant(manifest: dict[str, Any]) -> str:
    """What sets this build apart from the default one (` (theme my · ink-saver · for 3 players)`), or ""."""
    build = manifest.get("build", {})
    parts = [f'theme {build["theme"]}' if build.get("theme") else "",
             build["style"] if build.get("style") not in (None, "colour") else "",
             f'for {build["players"]} players' if build.get("players") else "",
             "replacements" if build.get("only") else ""]
    said = " · ".join(p for p in parts if p)
    return f" ({said})" if said else ""


def _groups(designs: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """Designs by component, in the spec's order; each component's backs after its fronts."""
    out: dict[str, list[dict[str, Any]]] = {}
    for d in designs:
        out.setdefault(d["component"], []).append(d)
    return {cid: sorted(ds, key=lambda d: d["face"] != "front") for cid, ds in out.items()}


def _name(cid: str, comps: dict[str, Component]) -> str:
    return comps[cid].name if cid in comps else cid


def _clips(groups: dict[str, list[dict[str, Any]]], comps: dict[str, Component]) -> str:
    """One SVG clip path per component and face, in the picture's own fractions (objectBoundingBox): the
    component's cut outline moved in by the bleed; a back's is mirrored, as the piece is seen from behind."""
    paths = []
    for cid, ds in groups.items():
        c, d = comps.get(cid), ds[0]
        if c is None:
            continue
        (w, h), b = d["trim_mm"], d["bleed_mm"]
        sx, sy, tb = (fmt_number(v, significant=6) for v in (1 / (w + 2 * b), 1 / (h + 2 * b), b))
        scale = f"scale({sx} {sy}) translate({tb} {tb})"
        for face in sorted({x["face"] for x in ds}):
            mirror = f" translate({fmt_number(w, significant=6)} 0) scale(-1 1)" if face == "back" else ""
            paths.append(f'<clipPath id="clip-{cid}-{face}" clipPathUnits="objectBoundingBox">'
                         f'<path transform="{scale}{mirror}" d="{html.escape(c.cut_path())}"/></clipPath>')
    return f'<svg class="clips" width="0" height="0" aria-hidden="true"><defs>{"".join(paths)}</defs></svg>'


def _marks(changes: dict[str, Any] | None) -> dict[str, str]:
    """design id -> "new" or "changed", for a build of what changed (pnp build --changed)."""
    if not changes:
        return {}
    return {**{d: "new" for d in changes.get("new", [])}, **{d: "changed" for d in changes.get("changed", [])},
            **{d: f"{n} more" for d, n in changes.get("more", {}).items()}}


def _pulled(changes: dict[str, Any] | None) -> str:
    """What to take out of the printed set, said above the designs."""
    if not changes:
        return ""
    e = html.escape
    items = "".join(f'<li><b>{e(p["design"])}</b> × {p["copies"]} ({e(p["why"])})</li>' for p in changes.get("pull", []))
    return (f'<section id="changes"><h2>Changes since {e(changes["since"])}</h2><p>New and changed designs are marked '
            f'below.</p>{f"<h3>Pull from the printed set</h3><ul>{items}</ul>" if items else ""}</section>')


def _group(cid: str, designs: list[dict[str, Any]], c: Component | None, version: int,
           marks: dict[str, str] | None = None) -> str:
    """A component's heading (name, kind, shape, size, counts) and its designs."""
    e = html.escape
    fronts = [d for d in designs if d["face"] == "front"]
    backs = {d.get("back") for d in fronts}
    shared = next(iter(backs)) if len(backs) == 1 and len(fronts) > 1 else None   # said once, in the heading
    w, h = designs[0]["trim_mm"]
    about = f'{c.kind}, {c.shape}, ' if c is not None else f'{designs[0]["shape"]}, '
    size = f"⌀ {w:.1f} mm" if designs[0]["shape"] == "circle" else f"{w:.1f} × {h:.1f} mm"
    head = (f'<h3 id="c-{e(cid)}">{e(_name(cid, {cid: c} if c else {}))} <small>{e(about)}{size.replace(".0 ", " ")} · '
            f'{_plural(len(fronts), "design")}, {_plural(sum(d["count"] for d in fronts), "piece") or "no pieces"}'
            f'{_plural(len(designs) - len(fronts), "back", " · ")}'
            f'{f" · back {e(shared)} for all" if shared else ""}'
            f' · <a href="#top">top</a></small></h3>')
    figures = "".join(_figure(d, c, version, shared, (marks or {}).get(d["id"])) for d in designs)
    return f'<section>{head}<div class="grid">{figures}</div></section>'


def _figure(d: dict[str, Any], c: Component | None, version: int, shared_back: str | None = None,
            mark: str | None = None) -> str:
    """A design's picture at SCALE px per mm (within the bounds), clipped to its piece's shape."""
    e = html.escape
    src = d.get("png") or f"preview/{d['id']}.png"   # pictures with the embedded fonts, as printed
    (w, h), b = d["trim_mm"], d["bleed_mm"]
    fw, fh = w + 2 * b, h + 2 * b
    k = min(SCALE, MAX_PX[0] / fw, MAX_PX[1] / fh)
    k = max(k, min(MIN_PX / max(fw, fh), MAX_PX[0] / fw, MAX_PX[1] / fh))
    clip = f";clip-path:url(#clip-{d['component']}-{d['face']})" if c is not None else ""
    whole = d.get("svg") or src                      # a click opens the design at full size
    picture = (f'<a class="piece" href="{e(whole)}"><img src="{e(src)}?v={version}" alt="{e(d["id"])}" '
               f'style="width:{fw * k:.0f}px;height:{fh * k:.0f}px{clip}"></a>')
    back = f' · back {e(d["back"])}' if d.get("back") and d["back"] != shared_back else ""
    face = " (back)" if d["face"] == "back" else ""
    badge = f' <span class="mark">{e(mark)}</span>' if mark else ""
    return (f'<figure>{picture}<figcaption><b>{e(d["id"])}</b>{face}{badge} <span class="n">× {d["count"]}</span>'
            f'{back}</figcaption></figure>')


def _plural(n: int, word: str, before: str = "") -> str:
    """`· 2 backs`, `· 1 back`, or nothing for none."""
    return f"{before}{n} {word}{'s' if n != 1 else ''}" if n else ""


def _checks(checks: list[dict[str, Any]] | str) -> tuple[str, str]:
    """A summary for the top of the page and the table (failures first) for its end."""
    if isinstance(checks, str):
        return f'<p class="fail">{html.escape(checks)}</p>', ""
    order = sorted(checks, key=lambda c: (c["ok"] is not False, c.get("severity") != "warning", c["ok"] is None))
    failed = sum(c["ok"] is False for c in checks)
    passed = sum(c["ok"] is True for c in checks)
    rows = "".join(f'<tr class="{"fail" if c["ok"] is False else "info" if c["ok"] is None else ""}"><td>'
                   f'{"FAIL" if c["ok"] is False else "warning" if c.get("severity") == "warning" else "info" if c["ok"] is None else "ok"}</td><td>{html.escape(c["kind"])}'
                   f'</td><td>{html.escape(c["name"])}</td><td>{c.get("players", "")}</td>'
                   f'<td>{html.escape(str(c.get("detail", "")))}</td></tr>' for c in order)
    title = f"{failed} failed" if failed else "all passed" if passed else "none to run"
    summary = (f'<p class="{"fail" if failed else ""}"><a href="#checks">Checks: {title}</a> '
               f"({passed} passed, {failed} failed)</p>")
    table = (f'<h2 id="checks">Checks: {title}</h2><table class="checks"><tr><th></th><th>kind</th><th>check</th>'
             f'<th>players</th><th>detail</th></tr>{rows}</table>')
    return summary, table


def write_previews(sources: list[tuple[Path, int]], folder: Path, names: list[str], dpi: int,
                   keys: list[str] | None = None, cache: dict[str, bytes] | None = None,
                   tick: Callable[[], None] = lambda: None, write: Callable[[Path, bytes], object] | None = None,
                   scratch: Path | None = None, reuse: Reuse | None = None) -> int:
    """Small PNGs of PDF pages (sheet pages, or designs when no PNGs were built) for the gallery: `names[i]`
    from page `sources[i]` (a PDF and its page, from 0). Rasterised from the PDF, so they show the embedded
    fonts, not a browser's stand-ins. With a `cache` (pnp serve keeps one), a page whose key (its design's
    SVG) is unchanged is not rasterised again, and no PDF is even opened when none changed; `write` (pnp
    serve's) writes each file; `scratch`: a folder where a plain build's previews are drawn from copies of
    their pages with the pictures made small (output/preview_pdf.py); with `reuse` (a build's cache), a page
    whose key is the last build's is linked from it. Returns how many pages were rasterised."""
    folder.mkdir(exist_ok=True)
    if cache is not None:
        return _cached_previews(sources, folder, names, dpi, keys, cache, tick, write)

    def make(only: list[int]) -> None:         # a plain build: every page asked for, on every core
        parts: list[tuple[Path, list]] = []
        for i in only:
            (pdf, page), name = sources[i], names[i]
            if not parts or parts[-1][0] != pdf:
                parts.append((pdf, []))
            parts[-1][1].append((page, str(folder / f"{name}.png"), dpi / 72, None))
        render_parts(parts, tick, (dpi, scratch) if scratch is not None else None)
    if reuse is None or keys is None:
        make(list(range(len(names))))
        return len(names)
    made = reuse.files("preview", [(folder / f"{name}.png", reuse.key("preview", dpi, key))
                                   for name, key in zip(names, keys)], make)
    for _ in range(len(names) - made):
        tick()
    return made


def _cached_previews(sources: list[tuple[Path, int]], folder: Path, names: list[str], dpi: int,
                     keys: list[str] | None, cache: dict[str, bytes], tick: Callable[[], None],
                     write: Callable[[Path, bytes], object] | None) -> int:
    import pypdfium2 as pdfium

    opened: dict[Path, pdfium.PdfDocument] = {}
    listed: list[str | None] = list(keys) if keys is not None else [None] * len(names)
    made = 0
    save: Callable[[Path, bytes], object] = write or (lambda path, data: path.write_bytes(data))
    try:
        for (pdf_path, index), name, drawn in zip(sources, names, listed):
            key = f"{dpi}:{drawn}" if drawn is not None else None
            tick()
            if key in cache:
                save(folder / f"{name}.png", cache[key])
                continue
            pdf = opened.get(pdf_path) or opened.setdefault(pdf_path, pdfium.PdfDocument(str(pdf_path)))
            page = pdf[index]
            data = png_bytes(rasterise(page, dpi / 72), dpi)
            page.close()
            save(folder / f"{name}.png", data)
            made += 1
            if key is not None:
                cache[key] = data
    finally:
        for pdf in opened.values():
            pdf.close()
    return made


def svg_key(svg: str) -> str:
    """What a design preview depends on: its SVG (which names its art and fonts by content)."""
    return hashlib.sha1(svg.encode("utf-8")).hexdigest()


def manifest_of(folder: Path) -> dict[str, Any]:
    return json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
