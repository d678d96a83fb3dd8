"""The press condition a press file is made for: an ICC output profile, shipped or the user's own.

A shop names its condition (DriveThruCards: U.S. Web Coated (SWOP) v2; European presses: FOGRA39 or 51;
GRACoL in the US). Those profiles may not be redistributed, so Punchboard ships its own and takes the
shop's as `--press-profile FILE`: colours are then separated through it and the PDF/X OutputIntent names
it. The file is read once; a file that is not a CMYK output profile, or one LittleCMS cannot build the
build's transforms from (truncated, a damaged tag table), is refused before anything is built.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from generator.common.confine import read_bytes
from generator.common.errors import Problem, PunchboardError, display_path
from generator.output.press import check_profile, default_profile, shipped_profile

# ICC characterisation data registered at color.org, as a profile's description names it: the OutputIntent
# then carries the registry's reference name, which preflights recognise without reading the profile.
REGISTERED = (("FOGRA39", "FOGRA39"), ("FOGRA51", "FOGRA51"), ("FOGRA52", "FOGRA52"),
              ("SWOP", "CGATS TR 001"), ("GRACOL2006", "CGATS TR 006"), ("CRPC6", "CGATS21-2-CRPC6"))
REGISTRY = "http://www.color.org"


@dataclass(frozen=True)
class PressProfile:
    path: Path
    data: bytes
    description: str           # the profile's own name ('desc' tag)
    identifier: str            # OutputConditionIdentifier: a registry reference name, or the description
    registry: str              # RegistryName: color.org for a registered condition, else empty


def _description(data: bytes) -> str:
    """The 'desc' tag's text: ICC v2 textDescriptionType (ASCII) or v4 multiLocalizedUnicodeType (UTF-16)."""
    count = int.from_bytes(data[128:132], "big")
    for k in range(min(count, 200)):
        sig, off, size = data[132 + 12 * k:136 + 12 * k], *(int.from_bytes(data[136 + 12 * k + 4 * j:140 + 12 * k + 4 * j],
                                                                              "big") for j in range(2))
        if sig != b"desc" or off + size > len(data):
            continue
        tag = data[off:off + size]
        if tag[:4] == b"desc":
            n = int.from_bytes(tag[8:12], "big")
            return tag[12:12 + n].split(b"\0")[0].decode("latin-1").strip()
        if tag[:4] == b"mluc" and len(tag) >= 28:
            length, start = int.from_bytes(tag[20:24], "big"), int.from_bytes(tag[24:28], "big")
            return tag[start:start + length].decode("utf-16-be", "replace").strip()
    return ""


def _problem(data: bytes) -> str | None:
    """What makes `data` unusable as the press profile, in the user's terms; None when LittleCMS builds the
    transforms from it (the header alone is no proof: a truncated file keeps its header)."""
    if len(data) < 132 or data[36:40] != b"acsp":
        return "is not an ICC profile (no 'acsp' signature)"
    if data[12:16] != b"prtr":
        return f"is a {data[12:16].decode('latin-1').strip()!r} profile, not an output (printer, 'prtr') profile"
    if data[16:20] != b"CMYK":
        return f"describes {data[16:20].decode('latin-1').strip()!r} colour, not CMYK"
    from PIL import ImageCms

    try:
        check_profile(data)
    except (ImageCms.PyCMSError, OSError, ValueError, TypeError, IndexError) as exc:
        reason = str(exc).strip() or type(exc).__name__
        return f"is not a usable CMYK output ICC profile (LittleCMS: {reason})"
    return None


def load_profile(path: Path | None, where: str = "--press-profile") -> PressProfile:
    """The shipped profile (`path` None) or the user's, checked to be an ICC CMYK output profile."""
    path = path or default_profile()
    shipped = path == default_profile()
    # a file the user names may be anywhere: bounded, non-blocking and regular-file checks, no confinement
    data = shipped_profile() if shipped else read_bytes(path, [Path(os.path.realpath(path)).parent],
                                                        "press profile", Problem("", display_path(path), where))
    problem = _problem(data)
    if problem:
        raise PunchboardError([Problem(f"{problem}; expected the CMYK press profile your shop names (FOGRA39, "
                                       "SWOP, GRACoL...)", display_path(path), where)])
    description = _description(data) or path.stem
    key = description.upper().replace(" ", "").replace("_", "")
    identifier, registry = description, ""
    for needle, name in REGISTERED:
        if needle in key:
            identifier, registry = name, REGISTRY
            break
    return PressProfile(path, data, description, identifier, registry)
