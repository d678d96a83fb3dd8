"""`pnp trust`: the allow list of game folders whose rules code may run (generator/solver/trust.py keeps it).

Allowing reads the folder's `rules/` package (to hash it) and never runs it; the list says, folder by folder,
whether the code is still the one allowed.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from generator.cli.options import EXIT_OK
from generator.commands.progress import table
from generator.common.errors import OptionError, PunchboardError, display_path

if TYPE_CHECKING:
    from generator.solver.trust import Allowed


def cmd_trust(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from generator.solver import trust

    if args.list:
        if args.folder is not None or args.remove:
            raise OptionError("pnp trust: --list takes no FOLDER and no --remove")
        _print_list(trust.allowed(), out)
        return EXIT_OK
    if args.folder is None:
        raise OptionError("pnp trust: expected a game folder (pnp trust FOLDER), or --list")
    shown = display_path(args.folder)
    if args.remove:
        if not trust.remove(args.folder):
            raise OptionError(f"pnp trust --remove: {shown} is not on the allow list (pnp trust --list shows it)")
        print(f"removed {shown}: its rules code runs again only with --trust-rules or pnp trust", file=out)
        return EXIT_OK
    files, digest = _allow(Path(args.folder))
    print(f"allowed {shown}: its rules package ({files} file{'s' if files != 1 else ''}, sha256 {digest[:12]}) runs in "
          "pnp check, build, serve and solve until one of its files changes", file=out)
    return EXIT_OK


def _allow(folder: Path) -> tuple[int, str]:
    """Hash the folder's rules package and list it; one line when it is no game folder or has no package."""
    from generator.solver import trust
    from generator.solver.plugins import package_snapshot

    shown = display_path(folder)
    if not (folder / "game.yaml").is_file():
        raise OptionError(f"pnp trust: {shown} is not a game folder (it has no game.yaml)")
    if not (folder / "rules" / "__init__.py").is_file():
        raise OptionError(f"pnp trust: {shown} has no rules package (rules/__init__.py): there is no code to allow")
    snap = package_snapshot(folder)
    trust.allow(folder, snap.digest, len(snap.files))
    return len(snap.files), snap.digest


def _print_list(allowed: dict[str, Allowed], out: TextIO) -> None:
    """Each folder allowed, and whether its code is still the one allowed."""
    if not allowed:
        print("no game folder is allowed to run its rules code (pnp trust FOLDER allows one)", file=out)
        return
    rows = [[display_path(a.folder), a.files, a.sha256[:12], _now(a)] for a in allowed.values()]
    print(table(["folder", "files", "sha256", "now"], rows), file=out)


def _now(allowed: Allowed) -> str:
    """`allowed`, `changed since allowed`, `gone` (or why its package cannot be read)."""
    from generator.solver.plugins import package_snapshot

    folder = Path(allowed.folder)
    if not os.path.isfile(folder / "rules" / "__init__.py"):
        return "gone"
    try:
        snap = package_snapshot(folder)
    except PunchboardError as exc:
        return f"unreadable: {exc.problems[0].message}"
    return "allowed" if snap.digest == allowed.sha256 else "changed since allowed: run pnp trust again"
