"""What changed since a print: every design's fingerprint of what it prints, and the difference between two
builds of one job, as the designer acts on it: designs to print (new, changed, or more copies now) and pieces to
pull from the printed set (removed, changed, or fewer copies now).

A fingerprint is a digest of what reaches the paper: the design's SVG as rendered (art and icons are inlined
into it), its size with bleed, its cut shape, and the font files of every family it names. It ignores where
and when it was built, the build's paper, marks and folder, and the design's count (counts are compared on
their own, so two more copies are two to print, not a changed card)."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.load.fonts import FontFace
from generator.model.designs import DesignSpec

_FAMILY = re.compile(r'font-family="([^"]{1,200})"')


def fingerprints(specs: Sequence[DesignSpec], svgs: Mapping[str, str], bleed_mm: float,
                 faces: Sequence[FontFace]) -> dict[str, str]:
    """design id -> `sha256:<hex>` of what it prints."""
    fonts: dict[str, hashlib._Hash] = {}
    for face in sorted(faces, key=lambda f: (f.family, f.weight, f.style, str(f.path))):
        fonts.setdefault(face.family, hashlib.sha256()).update(hashlib.sha256(face.data).digest())
    out = {}
    for s in specs:
        svg = svgs[s.id]
        h = hashlib.sha256(svg.encode("utf-8"))
        c = s.component
        h.update(json.dumps([c.width_mm, c.height_mm, bleed_mm, c.shape, c.cut_path()]).encode())
        for family in sorted(set(_FAMILY.findall(svg))):
            h.update(family.encode("utf-8") + (fonts[family].digest() if family in fonts else b"-"))
        out[s.id] = "sha256:" + h.hexdigest()
    return out


@dataclass(frozen=True)
class Changes:
    """The difference between what was printed (`since`) and this build, by design id."""

    since: str
    new: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()
    more: Mapping[str, int] = field(default_factory=dict)       # id -> copies to print besides the printed ones
    pull: Mapping[str, tuple[int, str]] = field(default_factory=dict)   # id -> (copies, why)

    @property
    def empty(self) -> bool:
        return not (self.new or self.changed or self.more or self.pull)

    def as_json(self) -> dict[str, Any]:
        return {"since": self.since, "new": list(self.new), "changed": list(self.changed), "more": dict(self.more),
                "pull": [{"design": d, "copies": n, "why": why} for d, (n, why) in self.pull.items()]}

    def words(self) -> list[str]:
        """changes.txt: the lists a designer takes to the printed set."""
        lines = [f"Changes since {self.since}"]
        sections = (("Print (new)", {d: None for d in self.new}), ("Reprint (changed)", {d: None for d in self.changed}),
                    ("Print more copies", dict(self.more)), ("Pull from the printed set",
                                                              {d: n for d, (n, _) in self.pull.items()}))
        for title, items in sections:
            if items:
                lines += ["", f"{title}:"] + [f"  {d}" + (f" x {n}" if n else "") +
                                              (f" ({self.pull[d][1]})" if title.startswith("Pull") else "")
                                              for d, n in items.items()]
        if self.empty:
            lines += ["", "Nothing changed."]
        return lines


def diff(before: Mapping[str, Any], specs: Sequence[DesignSpec], prints: Mapping[str, str], since: str) -> Changes:
    """This build's designs against an earlier manifest's (`before`): what to print and what to pull."""
    old = {d["id"]: d for d in before.get("designs", []) if isinstance(d, dict) and "id" in d}
    new, changed, more, pull = [], [], {}, {}
    for s in specs:
        was = old.get(s.id)
        if was is None:
            new.append(s.id)
        elif was.get("fingerprint") != prints[s.id]:
            changed.append(s.id)
            pull[s.id] = (int(was.get("count", 0)), "changed")
        elif s.face == "back":           # a back's copies follow its fronts'; only its own print is compared
            continue
        elif s.count > int(was.get("count", 0)):
            more[s.id] = s.count - int(was.get("count", 0))
        elif s.count < int(was.get("count", 0)):
            pull[s.id] = (int(was["count"]) - s.count, "fewer copies now")
    ids = {s.id for s in specs}
    for design, was in old.items():
        if design not in ids:
            pull[design] = (int(was.get("count", 0)), "removed")
    return Changes(since, tuple(new), tuple(changed), more, pull)


def to_print(specs: Sequence[DesignSpec], changes: Changes) -> list[DesignSpec]:
    """The fronts to print, at their counts (or the extra copies), and their backs: a front whose back changed is
    printed again with it, since the two are one piece."""
    fresh = set(changes.new) | set(changes.changed)
    fronts = []
    for s in specs:
        if s.face != "front":
            continue
        if s.id in fresh or (s.back is not None and s.back in fresh):
            fronts.append(s)
        elif s.id in changes.more:
            fronts.append(dataclasses.replace(s, count=changes.more[s.id]))
    counts: dict[str, int] = {}
    for f in fronts:
        if f.back:
            counts[f.back] = counts.get(f.back, 0) + f.count
    return fronts + [dataclasses.replace(s, count=counts[s.id]) for s in specs if s.face == "back" and s.id in counts]


MAX_MANIFEST = 64 << 20        # bytes of a manifest read as the printed set (a 20,000-piece build's is ~10 MB)
PRINTED = ".printed"           # out/.printed/<job folder>.json: the manifest of the build marked printed


def printed_mark(job_folder: Path) -> Path:
    """Where `pnp printed FOLDER` keeps the manifest of the set a designer printed from that job."""
    return job_folder.parent / PRINTED / f"{job_folder.name}.json"


def read_manifest(path: Path) -> dict[str, Any]:
    """A build's manifest.json (or a printed mark), checked and bounded; a problem is one line naming it."""
    from generator.common.confine import read_bytes
    from generator.common.errors import OptionError, Problem, display_path

    data = read_bytes(path, (path.parent,), "manifest")
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise OptionError(Problem(f"not a build's manifest ({exc}); expected the manifest.json a build writes",
                                  display_path(path))) from None
    if not isinstance(doc, dict) or not isinstance(doc.get("designs"), list):
        raise OptionError(Problem("not a build's manifest: no designs; expected the manifest.json a build writes",
                                  display_path(path)))
    return doc
