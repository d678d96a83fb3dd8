"""`pnp printed FOLDER`: mark a build as the set on the table, so that `pnp build --changed` of the same job
compares with what was printed, not with the last experiment. The mark is a copy of the build's manifest
(output/.printed/<job folder>.json), written whole or not at all."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from generator.common.errors import OptionError, Problem, display_path
from generator.output.changes import printed_mark, read_manifest
from generator.output.writer import MARKER


def mark_printed(folder: Path) -> Path:
    """The mark written for `folder`, a build's output folder."""
    if not (folder.is_dir() and (folder / MARKER).is_file() and (folder / "manifest.json").is_file()):
        raise OptionError(Problem("expected the folder of a build (with its manifest.json and .punchboard-build), "
                                  "such as output/tide", display_path(folder)))
    read_manifest(folder / "manifest.json")              # a damaged manifest is refused before anything is written
    mark = printed_mark(folder)
    mark.parent.mkdir(exist_ok=True)
    fd, temp = tempfile.mkstemp(dir=mark.parent, prefix=".marking-")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write((folder / "manifest.json").read_bytes())
        os.replace(temp, mark)
    except BaseException:
        os.unlink(temp)
        raise
    return mark
