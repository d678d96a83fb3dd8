"""The allow list of `pnp trust`: game folders whose rules code may run, each with the sha256 of that code.

A game folder may come from anyone, so its `rules/` package runs only with its user's consent: `--trust-rules`
for one command, or an entry here, written by `pnp trust FOLDER` into trusted.json in the user's
configuration folder (generator/common/config.py, beside printers.json). An entry is the folder's resolved
path and the digest of its package's files (folder_rules.Snapshot): consent is given to the code one read,
so when a file changes (a `git pull`, a new download, an edit) the consent lapses until `pnp trust` is run
again. The file is checked whole; a problem is one line naming the entry, and a file that fails the checks
is never overwritten.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.common.config import config_dir, read_config, write_config
from generator.common.errors import OptionError, Problem, ProblemCollector, display_path

FILE = "trusted.json"
SAVED, SAVES = "the game folders allowed to run rules code", "pnp trust"
DIGEST = re.compile(r"[0-9a-f]{64}")
MAX_FOLDERS = 1000


@dataclass(frozen=True)
class Allowed:
    """One folder of the list: its resolved path, and the digest and file count of the code allowed."""

    folder: str
    sha256: str
    files: int


def allowed() -> dict[str, Allowed]:
    """Every entry of trusted.json by folder; {} when there is none. Raises OptionError naming each problem."""
    shown = display_path(config_dir() / FILE)
    raw = read_config(FILE, "allowed folders")
    if raw is None:
        return {}
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, RecursionError, ValueError) as exc:
        raise OptionError(Problem(f"not the JSON pnp trust writes ({exc.__class__.__name__}); fix it, or move it "
                                  "away and allow the folders again", shown)) from None
    problems = ProblemCollector(shown)
    found = _entries(data, problems)
    problems.raise_if_any(OptionError)
    return found


def _entries(data: Any, c: ProblemCollector) -> dict[str, Allowed]:
    """{"version": 1, "folders": {PATH: {"sha256": HEX, "files": N}}}, every entry checked."""
    if not isinstance(data, dict) or data.get("version") != 1 or set(data) != {"version", "folders"} \
            or not isinstance(data["folders"], dict):
        c.add(None, 'expected a JSON object {"version": 1, "folders": {...}} as pnp trust writes it')
        return {}
    if len(data["folders"]) > MAX_FOLDERS:
        c.add("folders", f"expected at most {MAX_FOLDERS:,} folders, got {len(data['folders']):,}")
        return {}
    out = {}
    for folder, entry in data["folders"].items():
        ok = os.path.isabs(folder) and isinstance(entry, dict) and set(entry) == {"sha256", "files"} \
            and isinstance(entry["sha256"], str) and DIGEST.fullmatch(entry["sha256"]) \
            and type(entry["files"]) is int and 0 < entry["files"] <= 10_000
        if not ok:
            c.add(f"folders.{json.dumps(folder[:80])}", 'expected {"sha256": 64 hex digits, "files": N} for an '
                                                        "absolute folder path")
            continue
        out[folder] = Allowed(folder, entry["sha256"], entry["files"])
    return out


def entry(folder: Path) -> Allowed | None:
    """The entry of the game folder (resolved), if it is listed."""
    return allowed().get(os.path.realpath(folder))


def allow(folder: Path, sha256: str, files: int) -> Path:
    """List the folder with the digest of its package now (replacing what it had)."""
    found = allowed()
    real = os.path.realpath(folder)
    found[real] = Allowed(real, sha256, files)
    return _write(found)


def remove(folder: str) -> bool:
    """Take the folder off the list (as written, or resolved: it may be gone); False when it was not on it."""
    found = allowed()
    key = next((k for k in (os.path.abspath(folder), os.path.realpath(folder)) if k in found), None)
    if key is None:
        return False
    del found[key]
    _write(found)
    return True


def _write(found: dict[str, Allowed]) -> Path:
    folders = {k: {"sha256": a.sha256, "files": a.files} for k, a in sorted(found.items())}
    return write_config(FILE, json.dumps({"version": 1, "folders": folders}, indent=2) + "\n", SAVED, SAVES)
