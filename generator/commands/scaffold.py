"""`pnp new`: a game folder that builds and checks out of the box, a copy of a shipped game, or
(`--images`, scaffold_images.py) a deck printed from a folder of card images.

The new game (templates/scaffold/ of the package) has a card deck from a CSV with rich text and
an inline icon, a shared back, a round per-player token, a fold-up standee, its own templates,
examples and README. `--from GAME` copies a game folder instead, with its templates moved into
the copy's own templates/<new id>/ and the spec's id and template paths changed to match, and
`rules_from:` naming the original, so its rules package still referees the copy. `--rules` adds a rules
package beside the spec (templates/scaffold-rules/: rules/ with a spec check over the cards and the scenario
of one more worked example), which runs once its user allows it (generator/solver/plugins.py).

A game folder may come from anyone, so the copy takes only its own regular files and folders:
a link to a file inside the game is copied as that file (the build reads it so too, confine.py);
a link leading outside, a link to a folder, a device, a FIFO or a socket is refused, naming it.
The copy is bounded, is made in a hidden folder beside the new one and renamed into place at
the end, and that folder is removed on any failure (Ctrl-C too), so nothing is left half-made.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
from pathlib import Path

from generator.common import paths
from generator.common.confine import inside, read_bytes
from generator.common.errors import OptionError, Problem, SpecError, display_path
from generator.commands.bounded_copy import BoundedCopy
from generator.commands.scaffold_images import ImageDeck
from generator.load.game import resolve_game
from generator.load.reader import MAX_ID, SLUG

SCAFFOLD = "scaffold"
SCAFFOLD_RULES = "scaffold-rules"


def new_game(name: str, where: Path, source: str | None = None, images: ImageDeck | None = None,
             rules: bool = False) -> Path:
    """Write the folder `where/name`; refuse to touch one that exists. `rules`: with a rules package (the
    scaffold only: a copy keeps its original's, and an image deck has no cards to reason about)."""
    _check_name(name)
    if images is not None:
        images.check()
    folder = Path(os.path.realpath(resolve_game(source))) if source is not None else None
    target = where / name
    _make_folder(where)
    if os.path.lexists(target):            # a dangling link too: it is never written through
        raise OptionError(f"pnp new: {display_path(target)} already exists; choose another name or folder")
    if folder is not None and inside(where, [folder]):
        raise OptionError(f"pnp new: {display_path(target)} lies inside the game it copies, {display_path(folder)}; "
                          f"choose a folder outside it with --dir")
    stage = where / f".{name}.{secrets.token_hex(4)}.partial"
    try:
        stage.mkdir()
        if images is not None:
            images.write(stage, name)
        elif folder is None:
            _copy_scaffold(stage, name)
            if rules:
                _add_rules(stage, name)
        else:
            _copy_game(folder, stage, name)
        stage.rename(target)
    except BaseException as exc:           # Ctrl-C included: nothing half-made is left behind
        shutil.rmtree(stage, ignore_errors=True)
        if isinstance(exc, OSError):
            raise OptionError(Problem(f"cannot write the new game ({exc.strerror or exc})", display_path(target),
                                      "pnp new")) from None
        raise
    return target


def contents(target: Path, limit: int = 8) -> str:
    """What a new game folder holds, as `pnp new` says it (`game.yaml, cards.csv, art/, templates/x/, ...`):
    read from the folder itself, so every kind of new game reports what it wrote and nothing else."""
    entries = sorted(target.iterdir(), key=lambda p: (p.name != "game.yaml", p.is_dir(), p.name))
    shown = []
    for p in entries:
        if p.name == "templates" and p.is_dir():
            subs = sorted(q.name + "/" for q in p.iterdir() if q.is_dir())
            shown.append("templates/" + (subs[0] if len(subs) == 1 else ""))
        else:
            shown.append(p.name + ("/" if p.is_dir() else ""))
    if len(shown) <= limit + 1:
        return ", ".join(shown)
    return ", ".join(shown[:limit]) + f" and {len(shown) - limit} more"


def _check_name(name: str) -> None:
    if not SLUG.match(name):
        raise OptionError(f'pnp new: expected a game id of lower-case letters, digits and hyphens like "my-game", '
                          f'got "{name[:MAX_ID]}{"…" if len(name) > MAX_ID else ""}"')
    if len(name) > MAX_ID:
        raise OptionError(f"pnp new: expected a game id of at most {MAX_ID} characters, got one of {len(name)}")


def _make_folder(where: Path) -> None:
    """--dir: an existing folder, or one to make (with its parents)."""
    if os.path.lexists(where) and not where.is_dir():
        raise OptionError(f"pnp new: --dir {display_path(where)} is not a folder; expected a folder to write the "
                          f"game into")
    try:
        where.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OptionError(f"pnp new: cannot make the folder {display_path(where)} ({exc.strerror or exc})") from None


def _copy_scaffold(target: Path, name: str) -> None:
    BoundedCopy(paths.TEMPLATES / SCAFFOLD).tree(paths.TEMPLATES / SCAFFOLD, target)
    (target / "templates" / "__ID__").rename(target / "templates" / name)
    title = name.replace("-", " ").title()
    for path in (target / "game.yaml", target / "README.md"):
        path.write_text(path.read_text(encoding="utf-8").replace("__ID__", name).replace("__TITLE__", title),
                        encoding="utf-8")
    for path in (target / "templates" / name).glob("*.j2"):
        path.write_text(path.read_text(encoding="utf-8").replace("__ID__", name), encoding="utf-8")


def _add_rules(target: Path, name: str) -> None:
    """rules/ beside the spec, one more worked example for its scenario and a README section saying how to run it."""
    source = paths.TEMPLATES / SCAFFOLD_RULES
    BoundedCopy(source).tree(source / "rules", target / "rules")
    title = name.replace("-", " ").title()
    for path in (target / "rules").glob("*.py"):
        path.write_text(path.read_text(encoding="utf-8").replace("__ID__", name).replace("__TITLE__", title),
                        encoding="utf-8")
    for kept, added in (("examples.yaml", "examples.yaml"), ("README.md", "readme-rules.md")):
        with open(target / kept, "a", encoding="utf-8") as f:
            f.write((source / added).read_text(encoding="utf-8").replace("__ID__", name))


def _copy_game(folder: Path, target: Path, name: str) -> None:
    old = folder.name
    try:
        spec = read_bytes(folder / "game.yaml", [folder], "spec").decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SpecError(Problem("expected UTF-8 text", display_path(folder / "game.yaml"))) from None
    copy = BoundedCopy(folder)
    copy.tree(folder, target)
    own, shared = target / "templates" / old, paths.TEMPLATES / old
    if own.is_dir():
        if old != name:
            BoundedCopy(own).tree(own, target / "templates" / name)
            shutil.rmtree(own)
    elif shared.is_dir():
        BoundedCopy(paths.TEMPLATES).tree(shared, target / "templates" / name)
    spec = re.sub(rf"^id: {re.escape(old)}\s*$", f"id: {name}\nrules_from: {old}            # refereed by {old}'s rules",
                  spec, count=1, flags=re.MULTILINE)
    spec = re.sub(rf"(\b(?:front|back|template): *\{{?[^\n]*?)\b{re.escape(old)}/", rf"\1{name}/", spec)
    (target / "game.yaml").write_text(spec, encoding="utf-8")
