"""The output formats, one module each: a module here that defines `FORMAT` (an output.job.Format) is a format.
The build walks them in their order, the command line lists them with their help; adding a format is adding
a module (docs/development.md, "Adding an output format")."""

from __future__ import annotations

import importlib
import pkgutil

from generator.output.job import Format

__all__ = ["ALL", "DEFAULT", "Format", "discovered", "named"]


def discovered(path: list[str], package: str) -> tuple[Format, ...]:
    """The FORMAT of every module of the package at `path`, in their order; a module without one, or two
    formats of one name, is a mistake of ours and stops the import."""
    found = []
    for info in pkgutil.iter_modules(path):
        module = importlib.import_module(f"{package}.{info.name}")
        entry = getattr(module, "FORMAT", None)
        if not isinstance(entry, Format):
            raise TypeError(f"{module.__name__} is in output/formats/ but defines no FORMAT")
        found.append(entry)
    names = [f.name for f in found]
    if len(set(names)) != len(names):
        raise TypeError(f"two formats share a name: {sorted(names)}")
    return tuple(sorted(found, key=lambda f: (f.order, f.name)))


ALL: tuple[Format, ...] = discovered(__path__, __name__)


def named() -> tuple[Format, ...]:
    """The formats `--formats` names (the others are asked for by an option of their own: --shop, --press)."""
    return tuple(f for f in ALL if f.asked_by is None)


DEFAULT: tuple[str, ...] = tuple(f.name for f in named() if f.default)
