"""`pnp new`: a game folder that builds and checks out of the box, or a copy of a shipped game.

The new game (templates/scaffold/ of the package) has a card deck from a CSV with rich text and
an inline icon, a shared back, a round per-player token, a fold-up standee, its own templates,
examples and README. `--from GAME` copies a game folder instead, with its templates moved into
the copy's own templates/<new id>/ and the spec's id and template paths changed to match, and
`rules_from:` naming the original, so its rules package still referees the copy.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from generator import paths
from generator.errors import OptionError, display_path
from generator.spec.load import resolve_game
from generator.spec.reader import SLUG

SCAFFOLD = "scaffold"


def new_game(name: str, where: Path, source: str | None = None) -> Path:
    """Write the folder `where/name`; refuse to touch one that exists."""
    if not SLUG.match(name):
        raise OptionError(f'pnp new: expected a game id of lower-case letters, digits and hyphens like "my-game", '
                          f'got "{name}"')
    target = where / name
    if target.exists():
        raise OptionError(f"pnp new: {display_path(target)} already exists; choose another name or folder")
    if source is None:
        _copy_scaffold(target, name)
    else:
        _copy_game(resolve_game(source), target, name)
    return target


def _copy_scaffold(target: Path, name: str) -> None:
    shutil.copytree(paths.TEMPLATES / SCAFFOLD, target, ignore=shutil.ignore_patterns("__pycache__"))
    (target / "templates" / "__ID__").rename(target / "templates" / name)
    title = name.replace("-", " ").title()
    for path in (target / "game.yaml", target / "README.md"):
        path.write_text(path.read_text(encoding="utf-8").replace("__ID__", name).replace("__TITLE__", title),
                        encoding="utf-8")
    for path in (target / "templates" / name).glob("*.j2"):
        path.write_text(path.read_text(encoding="utf-8").replace("__ID__", name), encoding="utf-8")


def _copy_game(folder: Path, target: Path, name: str) -> None:
    old = folder.name
    shutil.copytree(folder, target, ignore=shutil.ignore_patterns("__pycache__"))
    own = folder / "templates" / old
    shared = paths.TEMPLATES / old
    templates = own if own.is_dir() else shared
    if templates.is_dir():
        shutil.copytree(templates, target / "templates" / name, dirs_exist_ok=True)
        if (target / "templates" / old).is_dir() and old != name:
            shutil.rmtree(target / "templates" / old)
    spec = (target / "game.yaml").read_text(encoding="utf-8")
    spec = re.sub(rf"^id: {re.escape(old)}\s*$", f"id: {name}\nrules_from: {old}            # refereed by {old}'s rules",
                  spec, count=1, flags=re.MULTILINE)
    spec = re.sub(rf"(\b(?:front|back|template): *\{{?[^\n]*?)\b{re.escape(old)}/", rf"\1{name}/", spec)
    (target / "game.yaml").write_text(spec, encoding="utf-8")
