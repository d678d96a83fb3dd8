"""What one build of a job keeps for the next build of the same job, so a rebuild costs what changed.

The user's cache folder (`~/.cache/punchboard/builds/`, or `$PUNCHBOARD_CACHE/builds/`) holds, for each job
(`output/nusfjord/`, `output/nusfjord-sheets/`, ...), the work of its last build, each piece under the key of
everything it was made from: rendered designs (render/memo.py's keys), the sheet plan, the check results,
the designs files and the sheets Typst wrote, and every PNG, shop file, SVG and preview. A key that matches
gives the bytes a cold build makes, because a key covers the inputs, the options and this program (its
version, the libraries that write files, and the size and time of its own source files). Only the entries
the last successful build used are kept, an entry that is also an output file is a hard link to it (a copy
across file systems), trusted only while its size and time are what the build recorded (a file edited in
place is made again), and only the MAX_JOBS jobs built last keep theirs. The output folder holds only the
builds. Nothing here is needed: delete the folder, or build with --no-cache, and the same files come out.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import pickle
import shutil
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from generator.common import paths
from generator.common.cache import cache_dir
from generator.common.stamps import tree_stamps

if TYPE_CHECKING:
    from generator.load.fonts import FontFace
    from generator.load.theme import Appearance
    from generator.model.game import Game

INDEX = "index.json"
MAX_JOBS = 24                   # jobs whose caches are kept (a designer's games, each in a few jobs)
FORMAT = 1                      # of the folder's layout; another one starts afresh
LIBRARIES = ("punchboard", "typst", "pikepdf", "pypdfium2", "pillow", "jinja2", "uharfbuzz", "fonttools")
T = TypeVar("T")


class Reuse:
    """One job's cache folder, or None: nothing kept, nothing found (every entry is made)."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.stamps: dict[str, list[int]] = {}      # entry -> [size, time]: what the last build left
        self.kept: dict[str, list[int]] = {}        # the entries this build used or made
        self.job: dict[str, Any] = {}               # the last build's inputs key and the files it wrote
        self.made = [] if folder is None or os.path.lexists(folder) else [folder]
        if folder is not None:
            self.world = _world()
            self.stamps, self.job = _read_index(folder, self.world)

    @property
    def on(self) -> bool:
        return self.folder is not None

    def key(self, *parts: Any) -> str:
        """A key for work made from `parts` (their repr) by this program."""
        return _sha(repr(parts))

    # -- values: bytes, or objects of this program's own classes ------------------------------------------

    def get(self, kind: str, key: str) -> bytes | None:
        path = self._live(kind, key)
        if path is None:
            return None
        try:
            data = path.read_bytes()
        except OSError:
            return None
        self._use(kind, key, path)
        return data

    def put(self, kind: str, key: str, data: bytes) -> Path | None:
        """Keep `data` as the entry for `key`; returns its file (None when it could not be written)."""
        path = self._path(kind, key)
        if path is None:
            return None
        tmp = path.with_name(f".{path.name}.{os.getpid()}")
        try:
            tmp.write_bytes(data)
            os.replace(tmp, path)
            self._use(kind, key, path)
        except OSError:                     # a full or read-only disk: the build goes on without it
            tmp.unlink(missing_ok=True)
            return None
        return path

    def file(self, kind: str, key: str) -> Path | None:
        """The live entry's file, kept for the next build, for the caller to read (a photograph's SVG, read when a
        writer needs it)."""
        path = self._live(kind, key)
        if path is not None:
            self._use(kind, key, path)
        return path

    def value(self, kind: str, key: str, make: Callable[[], T]) -> T:
        """`make()`, or what it gave the last time for the same key."""
        data = self.get(kind, key)
        if data is not None:
            try:
                found: T = _Loader(io.BytesIO(data)).load()
                return found
            except (pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError):
                pass
        made = make()
        self.put(kind, key, pickle.dumps(made, protocol=pickle.HIGHEST_PROTOCOL))
        return made

    # -- files ---------------------------------------------------------------------------------------------

    def files(self, kind: str, wanted: Iterable[tuple[Path, str]], make: Callable[[list[int]], None]) -> int:
        """Each (target, key): the entry linked at the target when there is one; `make(indices)` writes the
        other targets, which are then kept. Returns how many were made."""
        wanted = list(wanted)
        missing = [i for i, (target, key) in enumerate(wanted) if not self.link(kind, key, target)]
        if missing:
            make(missing)
            for i in missing:
                self.keep(kind, wanted[i][1], wanted[i][0])
        return len(missing)

    def link(self, kind: str, key: str, target: Path) -> bool:
        """The entry at `target` (a new file), if there is a live one."""
        path = self._live(kind, key)
        if path is None:
            return False
        try:
            _link_or_copy(path, target)
        except OSError:
            return False
        self._use(kind, key, path)
        return True

    def keep(self, kind: str, key: str, made: Path) -> None:
        """A file the build made, kept as the entry for `key`."""
        path = self._path(kind, key)
        if path is None:
            return
        tmp = path.with_name(f".{path.name}.{os.getpid()}")
        try:
            _link_or_copy(made, tmp)
            os.replace(tmp, path)
            self._use(kind, key, path)
        except OSError:
            tmp.unlink(missing_ok=True)

    # -- the end of a build ------------------------------------------------------------------------------

    def finish(self, inputs: str = "", stage: Path | None = None, result: Any = None, target: Path | None = None) -> None:
        """After a build that succeeded: keep exactly the entries it used, and say so in the index; with the
        key of its `inputs`, the folder it wrote and its `result`, what `unchanged` compares with next time."""
        if self.folder is None:
            return
        job: dict[str, Any] = {}
        if inputs and stage is not None and result is not None:
            self.put("job", "result", pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL))
            job = {"inputs": inputs, "files": _listing(stage)}
        index = {"format": FORMAT, "world": self.world, "entries": self.kept, "job": job,
                 "target": os.path.realpath(target) if target is not None else ""}
        tmp = self.folder / f".{INDEX}.{os.getpid()}"
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            self._sweep()
            tmp.write_text(json.dumps(index, sort_keys=True), encoding="utf-8")
            os.replace(tmp, self.folder / INDEX)
        except OSError:                     # a full or read-only disk: the next build starts afresh
            tmp.unlink(missing_ok=True)

    def _sweep(self) -> None:
        """Remove every entry this build did not use (and whatever else lies in the folder)."""
        assert self.folder is not None
        for entry in sorted(self.folder.iterdir()):
            if entry.name == INDEX:
                continue
            if entry.is_dir() and not entry.is_symlink():
                for item in entry.iterdir():
                    if f"{entry.name}/{item.name}" not in self.kept:
                        item.unlink(missing_ok=True)
            else:
                entry.unlink(missing_ok=True)

    def abandon(self) -> None:
        """After a build that failed: remove the folders this build made (a build that fails leaves nothing new
        behind); a folder an earlier build made keeps its entries, which the next success sorts out."""
        for folder in reversed(self.made):
            shutil.rmtree(folder, ignore_errors=True)

    # -- a whole job ---------------------------------------------------------------------------------------

    def unchanged(self, inputs: str, target: Path) -> Any | None:
        """The last build's result when it was made from the same `inputs` (a key of every file and option the
        build reads) and `target` still holds exactly the files it wrote, as it wrote them; else None."""
        last = self.job
        if not last or last.get("inputs") != inputs or _listing(target) != last.get("files"):
            return None
        return self.value("job", "result", lambda: None)

    def relink(self, inputs: str, target: Path, stage: Path, own: Iterable[str]) -> bool:
        """Under the job's lock: when `target` is still what `unchanged` found, link each of its files into the
        staging folder (but those the stage has of its own, `own`: its marker) and keep every entry; else False."""
        if not self.job or self.job.get("inputs") != inputs or _listing(target) != self.job.get("files"):
            return False
        skip = set(own)
        for rel in self.job["files"]:
            if rel not in skip:
                (stage / rel).parent.mkdir(parents=True, exist_ok=True)
                _link_or_copy(target / rel, stage / rel)
        self.kept = dict(self.stamps)
        return True

    def _path(self, kind: str, key: str) -> Path | None:
        """Where the entry goes (its folder made when first needed), or None when no folder can be made there."""
        if self.folder is None:
            return None
        folder = self.folder / kind
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            return None
        return folder / key

    def _live(self, kind: str, key: str) -> Path | None:
        """The entry for `key` as the last build (or this one) left it, else None."""
        if self.folder is None:
            return None
        name = f"{kind}/{key}"
        stamp = self.kept.get(name) or self.stamps.get(name)
        if stamp is None:
            return None
        path = self.folder / kind / key
        try:
            st = os.lstat(path)
        except OSError:
            return None
        return path if [st.st_size, st.st_mtime_ns] == stamp else None

    def _use(self, kind: str, key: str, path: Path) -> None:
        st = os.lstat(path)
        self.kept[f"{kind}/{key}"] = [st.st_size, st.st_mtime_ns]


class Remembered(dict):
    """A dict kept from one build to the next that remembers which keys this build read or wrote, so that only
    those are kept again (`kept`)."""

    def __init__(self, last: dict) -> None:
        super().__init__(last)
        self.touched: set = set()

    def __contains__(self, key: object) -> bool:
        self.touched.add(key)
        return super().__contains__(key)

    def __setitem__(self, key: Any, value: Any) -> None:
        self.touched.add(key)
        super().__setitem__(key, value)

    def kept(self) -> dict:
        return {k: v for k, v in self.items() if k in self.touched}


def job_reuse(out: Path, job: str, wanted: bool) -> Reuse:
    """What the job `out/<job>/`'s last build kept; nothing when not `wanted` (--no-cache, pnp serve: it keeps its
    own, in memory) or when there is no cache folder to write."""
    folder = cache_folder(out, job) if wanted else None
    if folder is None or folder.is_symlink():
        return Reuse(None)
    if not folder.exists():                 # a job built for the first time: the least used make room
        evict(folder.parent)
    return Reuse(folder)


def inputs_key(game: Game, look: Appearance, said: str, theme: Path | None, out: Path) -> str:
    """What a build reads besides this program (the world): the game's folder, its theme, the font folders and
    art its appearance names (`look`), and what it was asked (`said`: the options and the game as named)."""
    from generator.render.memo import art_stamps

    roots = [game.folder, *([theme] if theme else []), *map(Path, look.font_folders)]
    return _sha("\n".join([said, repr(look)] + tree_stamps(roots, [out]) + art_stamps(look)))


def fonts_key(faces: Iterable[FontFace]) -> str:
    """The build's font files, by name and content: what Typst embeds in every file it writes."""
    return _sha(repr([(f.path.name, hashlib.sha256(f.data).hexdigest()) for f in faces]))


def cache_folder(out: Path, job: str) -> Path | None:
    """Where the job `out/<job>/` keeps its work for the next build; None when the user has no cache folder
    this process may write."""
    base = cache_dir("builds")
    if base is None:
        return None
    where = os.path.join(os.path.realpath(out), job)
    return base / f"{job[:40]}-{hashlib.sha256(where.encode('utf-8', 'surrogatepass')).hexdigest()[:16]}"


def evict(base: Path, keep: int = MAX_JOBS) -> None:
    """Remove the caches of jobs whose output folder is gone, and all but the `keep` used last (a folder that
    cannot be read is left as it is: a cache is never worth a failed build)."""
    caches = []
    try:
        folders = list(base.iterdir())
    except OSError:
        return
    for folder in folders:
        try:
            target = json.loads((folder / INDEX).read_text(encoding="utf-8")).get("target", "")
            used = (folder / INDEX).stat().st_mtime
        except (OSError, ValueError, AttributeError):    # none yet: a first build running now, or one that died
            try:
                target, used = None, folder.stat().st_mtime
            except OSError:
                continue
        caches.append((used, folder, target))
    caches.sort(key=lambda c: c[0], reverse=True)
    for k, (used, folder, target) in enumerate(caches):
        gone = target is None and used < time.time() - 3600 or target == "" or (
            target and not os.path.isdir(os.path.dirname(target)))
        if k >= keep or gone:
            shutil.rmtree(folder, ignore_errors=True)


def _read_index(folder: Path, world: str) -> tuple[dict[str, list[int]], dict[str, Any]]:
    """The entries the last build left and what it was made from, when it ran this same program; else none (and
    the folder is emptied by this build's finish)."""
    try:
        index = json.loads((folder / INDEX).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}, {}
    if not isinstance(index, dict) or index.get("format") != FORMAT or index.get("world") != world:
        return {}, {}
    entries, job = index.get("entries"), index.get("job")
    return (entries if isinstance(entries, dict) else {}), (job if isinstance(job, dict) else {})


def _listing(folder: Path) -> dict[str, list[int]]:
    """Every file below `folder` (a link as one that cannot match), by its path there: size, time and inode."""
    out: dict[str, list[int]] = {}
    for here, dirs, names in os.walk(folder):
        dirs.sort()
        for name in sorted(names):
            path = os.path.join(here, name)
            st = os.lstat(path)
            out[os.path.relpath(path, folder)] = [st.st_size, st.st_mtime_ns, st.st_ino, int(os.path.islink(path))]
    return out


def _world() -> str:
    """This program: the versions of the libraries that make the files, and the size and time of every file of
    its own code and shared templates (a checkout being edited is another program after each edit)."""
    from importlib import metadata         # only a build that keeps its work pays for it

    versions = []
    for name in LIBRARIES:
        try:
            versions.append(f"{name}={metadata.version(name)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{name}=none")
    stamps = tree_stamps([Path(__file__).resolve().parents[1], paths.TEMPLATES])
    return _sha("\n".join(versions + stamps + [os.environ.get("SOURCE_DATE_EPOCH", "")]))


class _Loader(pickle.Unpickler):
    """Reads back only what this program pickled: its own classes and plain values, never a callable named by
    the file (a cache folder is the user's to read, and anyone's who can write it)."""

    SAFE = {("builtins", n) for n in ("set", "frozenset", "tuple", "list", "dict", "complex", "bytearray")} | {
        ("pathlib", "PosixPath"), ("pathlib", "Path"), ("pathlib", "PurePosixPath"), ("markupsafe", "Markup")}

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) in self.SAFE or (module.startswith("generator.") and name[:1].isupper()):
            found = super().find_class(module, name)
            if isinstance(found, type):
                return found
        raise pickle.UnpicklingError(f"not a value of this program: {module}.{name}")


def _link_or_copy(source: Path, target: Path) -> None:
    try:
        os.link(source, target, follow_symlinks=False)
    except OSError:
        shutil.copyfile(source, target, follow_symlinks=False)


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
