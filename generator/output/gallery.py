"""index.html: every design at a readable size with its id, count and back, each sheet page, and the
`pnp check` results with failures first. Written by every build; `pnp serve` serves the same page
and it reloads itself when a rebuild finishes (or shows the build's errors above the last good one).
"""

from __future__ import annotations

import hashlib
import html
import json
from pathlib import Path
from typing import Any, Callable

from generator.output.png import png_bytes, rasterise, render_pages

PAGE_DPI = 40
DESIGN_DPI = 100

STYLE = """body{font-family:system-ui,sans-serif;margin:1.5rem;background:#f4f1ea;color:#222}
h1{margin:.2rem 0}h2{margin-top:2rem}.grid{display:flex;flex-wrap:wrap;gap:1rem}
figure{margin:0;background:#fff;padding:.5rem;border-radius:6px;box-shadow:0 1px 3px #0003}
figure img{display:block;max-width:260px;max-height:300px}figcaption{font-size:.8rem;margin-top:.3rem}
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
.then(function(){setTimeout(poll,700);});}if(location.protocol.indexOf('http')===0){poll();}})();"""


def write_gallery(folder: Path, manifest: dict[str, Any], checks: list[dict[str, Any]] | str, version: int = 0) -> None:
    """Write folder/index.html from the build's manifest and its check results (or the check's error)."""
    e = html.escape
    designs = []
    for d in manifest["designs"]:
        src = d.get("png") or f"preview/{d['id']}.png"   # pictures with the embedded fonts, as printed
        picture = f'<img src="{e(src)}?v={version}" alt="{e(d["id"])}">' if src else "<p>(no image format built)</p>"
        back = f' · back {e(d["back"])}' if d.get("back") else ""
        designs.append(f'<figure>{picture}<figcaption><b>{e(d["id"])}</b> × {d["count"]}{back}</figcaption></figure>')
    pages = "".join(f'<img src="pages/page-{i + 1}.png?v={version}" alt="page {i + 1}">'
                    for i in range(len(manifest.get("sheets", {}).get("pages", []))))
    summary, table = _checks(checks)
    body = [f'<div id="errors"></div><h1>{e(manifest["game"])}</h1>', summary,
            f'<h2>Designs ({len(manifest["designs"])})</h2><div class="grid">{"".join(designs)}</div>']
    if pages:
        body.append(f'<h2>Sheets</h2><div class="grid pages">{pages}</div>')
    body.append(table)
    text = (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{e(manifest["game"])}</title>'
            f'<style>{STYLE}</style></head><body data-version="{version}">{"".join(body)}'
            f'<script>{SCRIPT}</script></body></html>\n')
    (folder / "index.html").write_text(text, encoding="utf-8")


def _checks(checks: list[dict[str, Any]] | str) -> tuple[str, str]:
    """A summary for the top of the page and the table (failures first) for its end."""
    if isinstance(checks, str):
        return f'<p class="fail">{html.escape(checks)}</p>', ""
    order = sorted(checks, key=lambda c: (c["ok"] is not False, c["ok"] is None))
    failed = sum(c["ok"] is False for c in checks)
    passed = sum(c["ok"] is True for c in checks)
    rows = "".join(f'<tr class="{"fail" if c["ok"] is False else "info" if c["ok"] is None else ""}"><td>'
                   f'{"FAIL" if c["ok"] is False else "info" if c["ok"] is None else "ok"}</td><td>{html.escape(c["kind"])}'
                   f'</td><td>{html.escape(c["name"])}</td><td>{c.get("players", "")}</td>'
                   f'<td>{html.escape(str(c.get("detail", "")))}</td></tr>' for c in order)
    title = f"{failed} failed" if failed else "all passed" if passed else "none to run"
    summary = (f'<p class="{"fail" if failed else ""}"><a href="#checks">Checks: {title}</a> '
               f"({passed} passed, {failed} failed)</p>")
    table = (f'<h2 id="checks">Checks: {title}</h2><table class="checks"><tr><th></th><th>kind</th><th>check</th>'
             f'<th>players</th><th>detail</th></tr>{rows}</table>')
    return summary, table


def write_previews(pdf_path: Path, folder: Path, names: list[str], dpi: int, keys: list[str] | None = None,
                   cache: dict[str, bytes] | None = None, tick: Callable[[], None] = lambda: None) -> int:
    """Small PNGs of a PDF's pages (sheet pages, or designs when no PNGs were built) for the gallery:
    rasterised from the PDF, so they show the embedded fonts, not a browser's stand-ins. With a
    `cache` (pnp serve keeps one), a page whose key (its design's SVG) is unchanged is not
    rasterised again. Returns how many pages were rasterised."""
    import pypdfium2 as pdfium

    folder.mkdir(exist_ok=True)
    if cache is None:                           # a plain build: every page, on every core
        render_pages(pdf_path, [(i, str(folder / f"{name}.png"), dpi / 72, None) for i, name in enumerate(names)], tick)
        return len(names)
    made = 0
    pdf = pdfium.PdfDocument(str(pdf_path))
    try:
        for i, name in enumerate(names):
            key = f"{dpi}:{keys[i]}" if keys is not None else None
            tick()
            if key in cache:
                (folder / f"{name}.png").write_bytes(cache[key])
                continue
            page = pdf[i]
            data = png_bytes(rasterise(page, dpi / 72), dpi)
            page.close()
            (folder / f"{name}.png").write_bytes(data)
            made += 1
            if key is not None:
                cache[key] = data
    finally:
        pdf.close()
    return made


def svg_key(svg: str) -> str:
    """What a design preview depends on: its SVG (which names its art and fonts by content)."""
    return hashlib.sha1(svg.encode("utf-8")).hexdigest()


def manifest_of(folder: Path) -> dict[str, Any]:
    return json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
