"""A game folder's `rules/` package: its files read once into memory, and imported from that copy.

Consent (plugins.py, trust.py) is given to the package's files as they are, by their sha256; so the code
that runs is the code that was hashed. Every file is read here, confined to the `rules/` folder (a link
leading out of it is refused), bounded in count and size; the package is then imported from those bytes
under a name of its own (`punchboard_game_rules_<hash>`), never by putting the folder on sys.path: its
modules cannot shadow any other module, and two folders (or two versions of one, as pnp serve sees a file
change) are two packages. A bytecode cache in the folder is never read (it is code the hash did not cover)
and none is written into it. Its own modules import each other relatively (`from . import scenarios`);
a module name under the package that the copy does not hold is not looked for on disk.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.util
import os
import sys
from dataclasses import dataclass, field
from functools import cached_property
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Mapping, Sequence

from generator.common.confine import read_bytes
from generator.common.errors import Problem, SpecError, display_path

MAX_FILES = 500              # files of a rules package (the largest shipped package has 17)
MAX_BYTES = 10 * 1024 * 1024  # all its files together (the largest shipped package is about 90 KB)
PREFIX = "punchboard_game_rules_"
SKIPPED = {"__pycache__"}


@dataclass(frozen=True)
class Snapshot:
    """A package's files as read: relative path (posix) -> bytes, bytecode left out."""

    root: Path                                   # the rules folder, its links resolved
    files: Mapping[str, bytes] = field(repr=False)

    @cached_property
    def digest(self) -> str:
        """sha256 over every file's path and bytes: what consent is given to."""
        h = hashlib.sha256()
        for rel in sorted(self.files):
            data = self.files[rel]
            h.update(f"{rel}\0{len(data)}\0".encode("utf-8", "surrogateescape") + data)
        return h.hexdigest()

    @property
    def module(self) -> str:
        """The package's own module name, different for each folder and each version of its files."""
        return PREFIX + hashlib.sha256(f"{self.root}\0{self.digest}".encode("utf-8", "surrogateescape")).hexdigest()[:16]


def snapshot(folder: Path) -> Snapshot:
    """Every file of the package at `folder`, read confined and bounded; a SpecError names what is refused."""
    if os.path.islink(folder):
        raise SpecError(Problem("a rules package is read from a folder of the game's own, not through a link",
                                display_path(folder)))
    root = Path(os.path.realpath(folder))
    files: dict[str, bytes] = {}
    stack = [root]
    while stack:
        for path in _entries(stack.pop(), folder, stack):
            if len(files) == MAX_FILES:
                raise SpecError(Problem(f"a rules package of more than {MAX_FILES} files", display_path(folder)))
            files[path.relative_to(root).as_posix()] = read_bytes(path, [root], "rules code")
            if sum(map(len, files.values())) > MAX_BYTES:
                raise SpecError(Problem(f"a rules package larger than {MAX_BYTES // 2 ** 20} MB in all",
                                        display_path(folder)))
    return Snapshot(root, files)


def _entries(inner: Path, folder: Path, stack: list[Path]) -> list[Path]:
    """The files of one folder of the package, by name; its folders go on `stack` (bytecode caches never)."""
    try:
        with os.scandir(inner) as found:
            entries = sorted(found, key=lambda e: e.name)
    except OSError as exc:
        raise SpecError(Problem(f"cannot read the rules package ({exc.strerror or exc})", display_path(folder))) \
            from None
    stack += [Path(e.path) for e in entries if e.is_dir(follow_symlinks=False) and e.name not in SKIPPED]
    return [Path(e.path) for e in entries if not e.is_dir(follow_symlinks=False) and not e.name.endswith(".pyc")]


class _Source(importlib.abc.Loader):
    """Runs one module of a snapshot from its bytes (tracebacks still name the real file and line)."""

    def __init__(self, snap: Snapshot, rel: str):
        self.snap, self.rel = snap, rel

    def create_module(self, spec: ModuleSpec) -> ModuleType | None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        code = compile(self.snap.files[self.rel], str(self.snap.root / self.rel), "exec", dont_inherit=True)
        exec(code, module.__dict__)

    def get_source(self, fullname: str) -> str:
        return self.snap.files[self.rel].decode("utf-8", "replace")


class _Finder(importlib.abc.MetaPathFinder):
    """Finds the modules of the imported snapshots (first on sys.meta_path, and only theirs)."""

    def __init__(self) -> None:
        self.packages: dict[str, Snapshot] = {}

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
                  ) -> ModuleSpec | None:
        top, _, rest = fullname.partition(".")
        snap = self.packages.get(top)
        if snap is None:
            return None
        base = rest.replace(".", "/")
        for rel, package in ((f"{base}/__init__.py" if base else "__init__.py", True), (f"{base}.py", False)):
            if rel in snap.files and (base or package):
                where = snap.root / rel
                return importlib.util.spec_from_file_location(
                    fullname, where, loader=_Source(snap, rel),
                    submodule_search_locations=[str(where.parent)] if package else None)
        raise ModuleNotFoundError(f"No module named {fullname!r}: the rules package has no {base}.py", name=fullname)


_FINDER = _Finder()


def import_snapshot(snap: Snapshot) -> ModuleType:
    """The package imported from its snapshot (once per version of its files: a second call returns it)."""
    name = snap.module
    if name in sys.modules:
        return sys.modules[name]
    _FINDER.packages[name] = snap
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)
    spec = _FINDER.find_spec(name, None)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:                 # a package that fails to import leaves nothing half-imported behind
        for loaded in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
            del sys.modules[loaded]
        raise
    return module
