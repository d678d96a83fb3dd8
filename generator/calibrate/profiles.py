"""Printer profiles: a measured back offset kept per paper and flip, so it is entered once.

`pnp calibrate ... --save NAME` writes it; `pnp build --printer NAME` reads it (and adds any --back-offset
given too, for a last touch by eye). They live in printers.json in the user's configuration folder:
$XDG_CONFIG_HOME/punchboard, else ~/.config/punchboard. No image library is imported here.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path

from generator.common.units import rounded
from generator.common.confine import read_bytes
from generator.common.errors import OptionError, did_you_mean, display_path

FILE = "printers.json"
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,39}")


def config_dir() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "punchboard"


def _read() -> dict:
    path = config_dir() / FILE
    if not os.path.lexists(path):
        return {}
    try:     # read bounded and without blocking: a FIFO or a huge file named printers.json is refused
        data = json.loads(read_bytes(path, [config_dir()], "printer profiles").decode("utf-8"))
        printers = data["printers"]
        if not isinstance(printers, dict):
            raise TypeError
        return printers
    except (OSError, ValueError, KeyError, TypeError):
        raise OptionError(f"{display_path(path)}: not a printer profile file pnp calibrate wrote; expected JSON with "
                          "a \"printers\" mapping (move it away and calibrate again)") from None


def check_name(name: str) -> str:
    if not NAME.fullmatch(name):
        raise OptionError(f'printer profile name: expected letters, digits, ".", "_" or "-" (up to 40), like '
                          f'office-laser, got "{name}"')
    return name


def key(paper: str, duplex: str) -> str:
    return f"{paper}-{duplex}"


def save(name: str, paper: str, duplex: str, measured: dict) -> Path:
    """Keep `measured` (the back offset to build with, and the rotation and scale seen) under NAME, for this
    paper and flip; other papers and flips of the same printer stay."""
    printers = _read()
    printers.setdefault(check_name(name), {})[key(paper, duplex)] = measured
    folder = config_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / FILE
    text = json.dumps({"version": 1, "printers": printers}, indent=2, sort_keys=True) + "\n"
    fd, temporary = tempfile.mkstemp(prefix=".printers-", suffix=".tmp", dir=folder)   # O_EXCL: never a planted link
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(temporary, path)          # replaces a link at printers.json, never writes through it
    except BaseException:
        os.unlink(temporary)
        raise
    return path


def back_offset(name: str, paper: str, duplex: str) -> tuple[float, float]:
    """The back offset NAME measured for this paper and flip; one clear line when there is none."""
    printers = _read()
    if name not in printers:
        known = sorted(printers)
        listed = f"; saved: {', '.join(known)}" if known else "; none saved yet"
        raise OptionError(f'--printer: no printer profile "{name}"{did_you_mean(name, known)}{listed} (save one with '
                          "pnp calibrate FRONT BACK --save NAME)")
    entry = printers[name].get(key(paper, duplex))
    if not isinstance(entry, dict) or "back_offset_mm" not in entry:
        have = ", ".join(k.replace("-", " paper, ") + "-edge flip" for k in sorted(printers[name])) or "nothing"
        raise OptionError(f'--printer {name}: not measured for {paper} paper, {duplex}-edge flip (it has: {have}); '
                          f"print calibration-{paper}.pdf built with --duplex {duplex} and run pnp calibrate ... "
                          f"--save {name}")
    x, y = entry["back_offset_mm"]
    return float(x), float(y)


def build_offset(name: str, paper: str, duplex: str, given: tuple[float, float]) -> tuple[tuple[float, float], str]:
    """`pnp build --printer NAME`: the profile's offset plus any --back-offset, and the summary's line about it."""
    from generator.common.units import MAX_BACK_OFFSET_MM

    if duplex not in ("long", "short"):
        raise OptionError(f"--printer {name}: a printer profile shifts backs printed on the other side of the sheet; "
                          f"with --duplex {duplex} there are none: use --duplex long or short, or leave --printer out")
    base = back_offset(check_name(name), paper, duplex)
    total = (rounded(base[0] + given[0], 3) + 0.0, rounded(base[1] + given[1], 3) + 0.0)
    if any(abs(v) > MAX_BACK_OFFSET_MM for v in total):
        raise OptionError(f"--printer {name} with --back-offset: backs shifted by {total[0]:g},{total[1]:g} mm; "
                          f"expected each from -{MAX_BACK_OFFSET_MM:g} to {MAX_BACK_OFFSET_MM:g}")
    extra = f" plus --back-offset {given[0]:g},{given[1]:g}" if any(given) else ""
    note = (f'printer profile "{name}" ({paper}, {duplex}-edge flip): backs shifted by '
            f"{total[0]:g},{total[1]:g} mm{extra}")
    return total, note
