"""The exception tree. The library raises; only the CLI prints and chooses an exit code.

Every error carries one or more `Problem`s so that a file with three mistakes is reported as
three lines, each naming the file, the key path and what was expected.
"""

from __future__ import annotations

import dataclasses
import difflib
import os
import re
import string
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the input: where it is and what was expected."""

    message: str
    file: str | None = None
    where: str | None = None
    line: int | None = None

    def __str__(self) -> str:
        parts = []
        if self.file:
            parts.append(f"{self.file}:{self.line}" if self.line else self.file)
        if self.where:
            parts.append(self.where)
        parts.append(self.message)
        return printable("error: " + ": ".join(parts))


# Characters a terminal acts on instead of showing: C0 and C1 controls (escape sequences, carriage returns,
# newlines that would split one problem into two lines), bidirectional overrides and line separators.
_UNSHOWN = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """`text` with every character a terminal would act on written as an escape (`\x1b`, `\u202e`), so a file
    name someone chose cannot rewrite the user's terminal or forge a line of its own."""
    return _UNSHOWN.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def display_path(path: str | os.PathLike[str]) -> str:
    """A path as the user would type it: relative to the working folder when inside it, control characters
    escaped."""
    p = Path(path)
    try:
        return printable(Path(os.path.abspath(p)).relative_to(os.getcwd()).as_posix())
    except (ValueError, OSError):   # outside the working folder, or the working folder is gone
        return printable(p.as_posix())


def did_you_mean(said: str, options: list[str]) -> str:
    """` (did you mean "Title"?)` for the option closest to what was written, a difference of case
    first, then of spelling; "" when nothing is close."""
    folded = {o.lower(): o for o in reversed(options)}
    if said.lower() in folded:
        return f' (did you mean "{folded[said.lower()]}"?)'
    close = difflib.get_close_matches(said.lower(), list(folded), n=1)
    return f' (did you mean "{folded[close[0]]}"?)' if close else ""


MAX_SHOWN = 10      # problems shown of one error; the rest are one line (docs/reference/limits.md)


def shown_problems(problems: list[Problem]) -> list[Problem]:
    """The first MAX_SHOWN problems and one line counting the rest: a table with 100,000 unnamed columns
    says so in a screenful, not in 100,000 lines."""
    if len(problems) <= MAX_SHOWN + 1:
        return problems
    rest = problems[MAX_SHOWN:]
    files = {p.file for p in rest}
    more = len(rest)
    return problems[:MAX_SHOWN] + [Problem(f"and {more:,} more problems not shown",
                                           files.pop() if len(files) == 1 else None)]


class PunchboardError(Exception):
    """Base of every error the command line reports as bad input (exit code 2). A problem found again (one
    table read by three components, caught mid-save) is one line: the same file, place and words once."""

    def __init__(self, problems: Problem | list[Problem] | str):
        if isinstance(problems, str):
            problems = [Problem(problems)]
        elif isinstance(problems, Problem):
            problems = [problems]
        self.problems: list[Problem] = shown_problems(list(dict.fromkeys(problems)))
        super().__init__("\n".join(str(p) for p in self.problems))


class SpecError(PunchboardError):
    """A game spec, theme or examples file is malformed or inconsistent."""


class OptionError(PunchboardError):
    """An option (a build's, a command's) or a game name is not one we accept."""


@dataclass(frozen=True)
class Option:
    """An option named in a problem, by its field: `duplex`, `back_offset_mm`. The library's words show the
    field; a command line shows its own spelling of it (cli/options.py: `--back-offset`)."""

    field: str


@dataclass(frozen=True)
class OptionProblem(Problem):
    """A problem about options, kept as words and the options it names, so that whoever reports it can name
    each option as its user writes it. `message` holds the library's words (the fields' names)."""

    parts: tuple[str | Option, ...] = ()

    def worded(self, names: Mapping[str, str]) -> Problem:
        """The same problem with each option as `names` spells it (a field not in `names` keeps its name)."""
        text = "".join(p if isinstance(p, str) else names.get(p.field, p.field) for p in self.parts)
        return dataclasses.replace(self, message=text)


def option_problem(template: str, /, where: str | None = None, **values: object) -> OptionProblem:
    """A problem about options from a template of our own words: `{name}` is `values[name]` when given (the
    user's input, inserted as it is and never read as a template), else the option whose field is `name`.

    >>> str(option_problem('{duplex} fold cannot be used with {formats} cut'))
    'error: duplex fold cannot be used with formats cut'
    """
    parts: list[str | Option] = []
    for literal, name, _, _ in string.Formatter().parse(template):
        parts.append(literal)
        if name is not None:
            parts.append(str(values[name]) if name in values else Option(name))
    parts = [p for p in parts if p != ""]
    text = "".join(p if isinstance(p, str) else p.field for p in parts)
    return OptionProblem(text, where=where, parts=tuple(parts))


class RenderError(PunchboardError):
    """A template is missing, broken, or asks for a value the context does not have."""


class ArtError(PunchboardError):
    """An art file is missing, unsafe (external entities, remote references, outside the game
    folder) or not a plausible piece of art (too large)."""


class OutputError(PunchboardError):
    """The PDF/PNG writers failed on what the earlier stages produced."""


class ProblemCollector:
    """Collects problems while validating so that all of a file's mistakes are reported at once."""

    def __init__(self, file: str | None = None, lines: dict[str, int] | None = None):
        self.file = file
        self.lines = lines if lines is not None else {}
        self.problems: list[Problem] = []

    def add(self, where: str | None, message: str) -> None:
        self.problems.append(Problem(message, self.file, where, self.line_of(where or "")))

    def line_of(self, where: str) -> int | None:
        """The line of a key path, or of its nearest parent that is in the file (a missing key's mapping)."""
        while True:
            if where in self.lines:
                return self.lines[where]
            if not where:
                return None
            cut = max(where.rfind("."), where.rfind("["))
            where = where[:cut] if cut > 0 else ""

    def raise_if_any(self, cls: type[PunchboardError] = SpecError) -> None:
        if self.problems:
            raise cls(self.problems)
