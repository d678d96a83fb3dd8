"""The user's configuration folder: what Punchboard keeps for one person across games and builds.

It holds printers.json (`pnp calibrate --save`) and trusted.json (`pnp trust`), in $XDG_CONFIG_HOME/punchboard,
else ~/.config/punchboard. Each file is read bounded and without following a link out of the folder, and
written whole through a new file renamed over the old one, so a link planted at its name is replaced, never
written through, and a full disk leaves the old file as it was.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from generator.common.confine import read_bytes
from generator.common.errors import OptionError, Problem, display_path


def config_dir() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "punchboard"


def read_config(name: str, kind: str) -> bytes | None:
    """The file's bytes (`kind`: its size limit in confine.LIMITS), or None when there is none."""
    path = config_dir() / name
    if not os.path.lexists(path):
        return None
    return read_bytes(path, [config_dir()], kind)


def write_config(name: str, text: str, what: str, command: str) -> Path:
    """Replace the file `name` by `text`; `what` it keeps and the `command` that writes it name it in errors."""
    folder = config_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(prefix=f".{Path(name).stem}-", suffix=".tmp", dir=folder)   # O_EXCL
    except OSError as exc:
        raise unwritable(what, command, exc) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(temporary, folder / name)          # replaces a link at the name, never writes through it
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(exc, OSError):                  # a full disk, a folder made read-only meanwhile
            raise unwritable(what, command, exc) from None
        raise
    return folder / name


def blocking(folder: Path) -> Path | None:
    """The file (or dangling link) standing where `folder` or one of the folders above it must be, if any."""
    return next((step for step in (*reversed(folder.parents), folder)
                 if os.path.lexists(step) and not step.is_dir()), None)


def unwritable(what: str, command: str, exc: OSError | None) -> OptionError:
    """Why `what` cannot be saved in the configuration folder, naming a file that stands where a folder must be."""
    folder = config_dir()
    fix = "or set XDG_CONFIG_HOME to a folder you can write"
    step = blocking(folder)
    if step == folder:
        return OptionError(Problem(f"is a file, where {command} keeps {what} in a folder: move it away, {fix}",
                                   display_path(step)))
    if step is not None:
        return OptionError(Problem(f"is a file where a folder must be ({what} are kept in {display_path(folder)}): "
                                   f"move it away, {fix}", display_path(step)))
    why = f" ({exc.strerror or exc})" if exc is not None else ""
    return OptionError(Problem(f"cannot save {what} in this folder{why}: make it a folder you can write, {fix}",
                               display_path(folder)))
