"""What a spec says about handing the game to others: the kit's cover art and rulebook PDF, and where the
Tabletop Simulator images will be hosted (`cover:`, `rulebook_pdf:`, `tts_url:`).

Each is checked as far as the spec alone can say: the cover names an art entry of one file, the rulebook is
a relative path to a PDF, the address is an ordinary web address (common/hosting.py, the same check as
`--tts-url`). The rulebook's bytes are read only by the kit (output/kit_rulebook.py), so `pnp list` and
`pnp check` never open a large PDF.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any, Mapping, NamedTuple

from generator.common.errors import did_you_mean
from generator.common.hosting import base_problem, hosted_base
from generator.load.reader import Reader

COVER_NAMES = ("cover", "emblem")     # art a spec without `cover:` has on its kit's cover, in this order


class Publishing(NamedTuple):
    cover: str
    rulebook_pdf: str
    tts_url: str


def read_publishing(r: Reader, top: dict, art: Mapping[str, Any]) -> Publishing:
    """`cover`, `rulebook_pdf` and `tts_url` for the Game ("" when absent), each mistake one problem."""
    return Publishing(_cover(r, r.field(top, "game", "cover", "") or "", art),
                      _rulebook(r, r.field(top, "game", "rulebook_pdf", "") or ""),
                      _tts_url(r, r.field(top, "game", "tts_url", "") or ""))


def _cover(r: Reader, name: str, art: Mapping[str, Any]) -> str:
    """The named art, or the first of COVER_NAMES the spec has; only an entry of one file is a picture."""
    single = sorted(k for k, v in art.items() if isinstance(v, str))
    if not name:
        return next((n for n in COVER_NAMES if n in single), "")
    if name not in single:
        known = ", ".join(single) or "none"
        r.add("cover", f'expected the name of an art entry with one file (of art: {known}), got "{name}"'
                       f"{did_you_mean(name, single)}")
        return ""
    return name


def _rulebook(r: Reader, text: str) -> str:
    """A relative path ending in .pdf; where it leads, and what the file holds, the kit checks when it reads it."""
    if not text:
        return ""
    path = PurePosixPath(text.replace("\\", "/"))
    if path.is_absolute() or ":" in path.parts[0]:
        r.add("rulebook_pdf", f'expected a path inside the game folder, like rules.pdf, got "{text}"')
    elif path.suffix.lower() != ".pdf":
        r.add("rulebook_pdf", f'expected a PDF file (.pdf), got "{text}"')
    else:
        return path.as_posix()
    return ""


def _tts_url(r: Reader, text: str) -> str:
    problem = base_problem(text) if text else None
    if problem:
        r.add("tts_url", problem)
        return ""
    return hosted_base(text) if text else ""
