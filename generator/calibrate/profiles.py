"""Printer profiles: a measured back offset kept per paper and flip, so it is entered once.

`pnp calibrate ... --save NAME` writes it; `pnp build --printer NAME` reads it (and adds any --back-offset
given too, for a last touch by eye). They live in printers.json in the user's configuration folder
(generator/common/config.py). No image library is imported here.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

from generator.common.config import blocking, config_dir, read_config, unwritable, write_config
from generator.common.units import MAX_BACK_OFFSET_MM, MAX_DIGITS, describe, rounded
from generator.common.errors import OptionError, Problem, ProblemCollector, did_you_mean, display_path
from generator.layout.paper import parse_paper
from generator.layout.plan import BACK_SCALES

FILE = "printers.json"
SAVED, SAVES = "printer profiles", "pnp calibrate --save"     # what the file keeps, and who writes it
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,39}")
MEASURED = ("back_offset_mm", "rotation_deg", "scale")   # what pnp calibrate --save keeps for a paper and flip
MAX_TURN_DEG = 45.0       # a back turned further is not a printer's error but another sheet
SCALES = BACK_SCALES      # a back printed at under half or over twice its front's size is not this sheet


def _read() -> dict:
    """The printers in printers.json, every entry checked; {} when there is none. Each problem is a line naming the
    file and the entry (printers.office.a4-long.back_offset_mm), so no value a build could not take reaches it."""
    shown = display_path(config_dir() / FILE)
    raw = read_config(FILE, "printer profiles")  # bounded and without blocking: a FIFO or a huge file is refused
    if raw is None:
        return {}
    data = _parse(raw, shown)
    problems = ProblemCollector(shown)
    printers = _printers(data, problems)
    problems.raise_if_any(OptionError)
    return printers


def _parse(raw: bytes, shown: str) -> Any:
    """The file's JSON, strictly: NaN and Infinity (which Python's json takes) and numbers of more digits than any
    measurement has are refused, and so are nesting too deep for the parser and bytes that are not UTF-8."""
    line = None
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_no_constant, parse_int=_whole)
    except UnicodeDecodeError as exc:
        why = f"not UTF-8 text (byte {exc.start + 1})"
    except RecursionError:
        why = "nested too deeply"
    except json.JSONDecodeError as exc:
        why, line = f"not valid JSON ({exc.msg}, column {exc.colno})", exc.lineno
    except ValueError as exc:               # _no_constant, _whole
        why = str(exc)
    raise OptionError(Problem(f"{why}; expected the JSON pnp calibrate --save writes (fix it, or move it away and "
                              "calibrate again)", shown, None, line))


def _no_constant(word: str) -> float:
    raise ValueError(f"{word} is not a number JSON allows")


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a whole number of {len(text.lstrip('-'))} digits")
    return int(text)


def _printers(data: Any, c: ProblemCollector) -> dict:
    """{"version": 1, "printers": {NAME: {"<paper>-<flip>": {back_offset_mm, rotation_deg, scale}}}}, checked."""
    if not isinstance(data, dict):
        c.add(None, f'expected a JSON object with "version": 1 and "printers", got {_got(data)}')
        return {}
    for extra in sorted(set(data) - {"version", "printers"}):
        c.add(_key(extra), 'unknown key; expected "version" and "printers"')
    if "version" in data and (type(data["version"]) is not int or data["version"] != 1):
        c.add("version", f"expected 1 (the version pnp calibrate writes), got {_got(data['version'])}")
    printers = data.get("printers")
    if not isinstance(printers, dict):
        c.add("printers", f"expected a mapping of printer names to their measurements, got {_got(printers)}")
        return {}
    for name, settings in printers.items():
        where = f"printers.{_key(name)}"
        if not NAME.fullmatch(name):
            c.add(where, 'expected a printer name of letters, digits, ".", "_" or "-" (up to 40)')
        if not isinstance(settings, dict):
            c.add(where, f"expected a mapping of paper and flip (like a4-long) to a measurement, got {_got(settings)}")
            continue
        for setting, entry in settings.items():
            paper, _, duplex = setting.rpartition("-")
            if not _kept_paper(paper) or duplex not in ("long", "short"):
                c.add(f"{where}.{_key(setting)}", "expected a paper (a4, letter, a3, tabloid or a size like "
                                                  "216x356mm), \"-\" and a flip (long or short), like a4-long")
            _measured(entry, f"{where}.{_key(setting)}", c)
    return printers


def _kept_paper(paper: str) -> bool:
    """A paper as a build names it (a4, or 215.9x355.6mm): a key written otherwise would never be found."""
    try:
        return parse_paper(paper) == paper
    except ValueError:
        return False


def _measured(entry: Any, where: str, c: ProblemCollector) -> None:
    """One paper and flip's measurement: a back offset a build takes (--back-offset's range), a turn and a scale."""
    if not isinstance(entry, dict):
        c.add(where, f"expected a measurement ({', '.join(MEASURED)}), got {_got(entry)}")
        return
    for extra in sorted(set(entry) - set(MEASURED)):
        c.add(f"{where}.{_key(extra)}", f"unknown key; expected {', '.join(MEASURED)}")
    offset = entry.get("back_offset_mm")
    if not (isinstance(offset, list) and len(offset) == 2 and all(_number(v, MAX_BACK_OFFSET_MM) for v in offset)):
        got = f"a list of {len(offset)} values" if isinstance(offset, list) and len(offset) != 2 else _got(offset)
        c.add(f"{where}.back_offset_mm", f"expected [X, Y]: two numbers of millimetres, each from "
                                         f"-{MAX_BACK_OFFSET_MM:g} to {MAX_BACK_OFFSET_MM:g}, got {got}")
    if "rotation_deg" in entry and not _number(entry["rotation_deg"], MAX_TURN_DEG):
        c.add(f"{where}.rotation_deg", f"expected a number of degrees from -{MAX_TURN_DEG:g} to {MAX_TURN_DEG:g}, "
                                       f"got {_got(entry['rotation_deg'])}")
    if "scale" in entry and not (_number(entry["scale"], SCALES[1]) and entry["scale"] >= SCALES[0]):
        c.add(f"{where}.scale", f"expected a number from {SCALES[0]:g} to {SCALES[1]:g}, got {_got(entry['scale'])}")


def _number(value: Any, most: float) -> bool:
    """A finite JSON number (not true or false) from -most to most."""
    return type(value) in (int, float) and math.isfinite(value) and abs(value) <= most


def _key(key: str) -> str:
    """A key as a step of an error's path: as written when it is a plain name, else quoted on one line."""
    return key if re.fullmatch(r"[A-Za-z0-9._-]{1,40}", key) else json.dumps(key[:40])


def _got(value: Any) -> str:
    """describe(), with a list shown by its values (JSON) while they are short."""
    if isinstance(value, list):
        text = json.dumps(value)
        return text if len(text) <= 60 else f"a list of {len(value)} values"
    return describe(value)


def check_name(name: str) -> str:
    if not NAME.fullmatch(name):
        raise OptionError(f'printer profile name: expected letters, digits, ".", "_" or "-" (up to 40), like '
                          f'office-laser, got {describe(name)}')
    return name


def check_file() -> None:
    """printers.json, when there is one, is one pnp calibrate --save can add to, and no file stands where its
    folder must be: said before the photos are read."""
    _read()
    if blocking(config_dir()) is not None:
        raise unwritable(SAVED, SAVES, None)


def key(paper: str, duplex: str) -> str:
    return f"{paper}-{duplex}"


def save(name: str, paper: str, duplex: str, measured: dict) -> Path:
    """Keep `measured` (the back offset to build with, and the rotation and scale seen) under NAME, for this
    paper and flip; other papers and flips of the same printer stay. A printers.json that is not valid is left as
    it is (its problems said), and so is a measurement the file could not take back."""
    setting = key(paper, duplex)
    problems = ProblemCollector(f"--save {check_name(name)}")
    _measured(measured, setting, problems)
    if problems.problems:                    # the measurement itself: beyond what a build takes
        raise OptionError([Problem(f"nothing saved: the measurement is not one a build can take: {p.message}",
                                   p.file, p.where) for p in problems.problems])
    printers = _read()
    printers.setdefault(name, {})[setting] = measured
    text = json.dumps({"version": 1, "printers": printers}, indent=2, sort_keys=True) + "\n"
    return write_config(FILE, text, SAVED, SAVES)


def back_offset(name: str, paper: str, duplex: str) -> tuple[float, float]:
    """The back offset NAME measured for this paper and flip; one clear line when there is none."""
    x, y = _entry(name, paper, duplex)["back_offset_mm"]
    return float(x), float(y)


def _entry(name: str, paper: str, duplex: str) -> dict:
    """What NAME measured for this paper and flip (checked by _read); one clear line when there is none."""
    printers = _read()
    if name not in printers:
        known = sorted(printers)
        listed = f"; saved: {', '.join(known)}" if known else "; none saved yet"
        raise OptionError(f'--printer: no printer profile "{name}"{did_you_mean(name, known)}{listed} (save one with '
                          "pnp calibrate FRONT BACK --save NAME)")
    entry = printers[name].get(key(paper, duplex))
    if entry is None:
        have = ", ".join(k.replace("-", " paper, ") + "-edge flip" for k in sorted(printers[name])) or "nothing"
        raise OptionError(f'--printer {name}: not measured for {paper} paper, {duplex}-edge flip (it has: {have}); '
                          f"print calibration-{paper}.pdf built with --duplex {duplex} and run pnp calibrate ... "
                          f"--save {name}")
    return entry


def build_offset(name: str, paper: str, duplex: str,
                 given: tuple[float, float]) -> tuple[tuple[float, float], float, str]:
    """`pnp build --printer NAME`: the profile's offset plus any --back-offset, the back scale it measured (within
    SCALES, as _read checked), and the summary's line about both."""
    check_name(name)
    if duplex not in ("long", "short"):
        raise OptionError(f"--printer {name}: a printer profile shifts backs printed on the other side of the sheet; "
                          f"with --duplex {duplex} there are none: use --duplex long or short, or leave --printer out")
    entry = _entry(name, paper, duplex)
    base, scale = entry["back_offset_mm"], float(entry.get("scale", 1.0))
    total = (rounded(base[0] + given[0], 3) + 0.0, rounded(base[1] + given[1], 3) + 0.0)
    if any(abs(v) > MAX_BACK_OFFSET_MM for v in total):
        raise OptionError(f"--printer {name} with --back-offset: backs shifted by {total[0]:g},{total[1]:g} mm; "
                          f"expected each from -{MAX_BACK_OFFSET_MM:g} to {MAX_BACK_OFFSET_MM:g}")
    extra = f" plus --back-offset {given[0]:g},{given[1]:g}" if any(given) else ""
    drawn = "" if scale == 1 else (f"; backs drawn at {100 / scale:.2f} % about their centre (it prints them at "
                                   f"{scale * 100:.2f} % of the fronts' size)")
    note = (f'printer profile "{name}" ({paper}, {duplex}-edge flip): backs shifted by '
            f"{total[0]:g},{total[1]:g} mm{extra}{drawn}")
    return total, scale, note
