"""The command line's option types and its parser class: each option's value checked as it is read, a mistake
one line naming the option, what was given and what is expected (with the close match)."""

from __future__ import annotations

import argparse
import re
from typing import NoReturn

from generator.common.errors import Option, OptionError, OptionProblem, Problem, did_you_mean
from generator.common.limits import MAX_DIGITS
from generator.output import formats as registry
from generator.model.selection import Selector, parse_only
from generator.common.units import MAX_BACK_OFFSET_MM, MAX_BLEED_MM, UNITS_SAID, parse_length_mm

EXIT_OK, EXIT_CHECK_FAILED, EXIT_BAD_INPUT = 0, 1, 2


class Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line on stderr and exit code 2, like every other bad input."""

    def error(self, message: str) -> NoReturn:
        raise OptionError(f"{self.prog}: {message}")

    def _check_value(self, action: argparse.Action, value: object) -> None:
        """A wrong choice (an option's or a command's) says what is expected and the close match."""
        if action.choices is not None and value not in action.choices:
            raise argparse.ArgumentError(action, expected_one_of([str(c) for c in action.choices], str(value)))


def expected_one_of(options: list[str], said: str) -> str:
    """`expected one of crop, lines, both, none, got "cropp" (did you mean "crop"?)`."""
    return f'expected one of {", ".join(options)}, got "{said}"{did_you_mean(said, options)}'


def any_case(options: tuple[str, ...] | list[str]):
    """An argparse type for a choice written in any case, with spaces around (`--paper A4`): the
    canonical spelling when it is one, else the text as given for the choice check to refuse."""
    def choice(text: str) -> str:
        folded = text.strip().lower()
        return next((o for o in options if o.lower() == folded), text)
    return choice


def paper(text: str) -> str:
    """--paper: a named paper in any case, or a size WxH within the layout's bounds (layout/paper.py)."""
    from generator.layout.paper import parse_paper
    try:
        return parse_paper(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def bleed_length(text: str) -> float:
    """--bleed however it is spelled (--bleed=-3mm too): a length from 0 to MAX_BLEED_MM."""
    try:
        mm = parse_length_mm(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if not 0 <= mm <= MAX_BLEED_MM:
        raise argparse.ArgumentTypeError(f'expected a bleed from 0 to {MAX_BLEED_MM:g} mm (3mm or 0.125in are usual), '
                                         f'got "{text}"')
    return abs(mm)


REG_INSET_MM = (5.0, 30.0)   # a home printer's margin .. a third of the way into an A6 sheet's width


def reg_inset(text: str) -> float:
    """--reg-inset: the print-then-cut marks' inset, a length from 5 mm (nothing prints nearer the edge) to 30 mm."""
    try:
        mm = parse_length_mm(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    low, high = REG_INSET_MM
    if not low <= mm <= high:
        raise argparse.ArgumentTypeError(f'expected an inset from {low:g} to {high:g} mm (Silhouette Studio: 10mm '
                                         f'or more), got "{text}"')
    return mm


def back_offset(text: str) -> tuple[float, float]:
    """--back-offset X,Y: bare numbers are millimetres (as the help says); each may carry its own unit."""
    parts = text.split(",")
    united = [bool(re.search(r"[^\d\s./+-]", p)) for p in parts]
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = (parse_length_mm(p if u else p.strip() + "mm") for p, u in zip(parts, united))
        if any(abs(v) > MAX_BACK_OFFSET_MM for v in (x, y)):
            raise ValueError
        return x, y
    except ValueError:
        units = f" (or each with a unit: {UNITS_SAID})" if any(united) else ""
        raise argparse.ArgumentTypeError(f'expected X,Y in millimetres{units}, each from -{MAX_BACK_OFFSET_MM:g} to '
                                         f'{MAX_BACK_OFFSET_MM:g}, like "1.5,-0.5", got "{text}"') from None


def jobs(text: str) -> int:
    """--jobs: how many games build at once, 1 to 64."""
    if not text.isdigit() or not 1 <= int(text) <= 64:
        raise argparse.ArgumentTypeError(f'expected a whole number of games from 1 to 64, got "{text}"')
    return int(text)


MAX_SIMULATED = 100_000     # random games at each player count: a typo of a few zeros must not run for days


def games(text: str) -> int:
    """--simulate: how many random games to play at each player count, 0 to MAX_SIMULATED."""
    if not (text.isascii() and text.isdigit() and int(text) <= MAX_SIMULATED):
        raise argparse.ArgumentTypeError(f"expected a whole number of random games from 0 to {MAX_SIMULATED:,}, "
                                         f'like 20, got "{text}"')
    return int(text)


def seed(text: str) -> int:
    """--seed: any whole number (it picks the random games; the same seed replays them) of up to MAX_DIGITS
    digits, the bound of every whole number Punchboard reads."""
    digits = text[1:] if text.startswith("-") else text
    if not (digits.isascii() and digits.isdigit()):
        raise argparse.ArgumentTypeError(f'expected a whole number, like 1, got "{text}"')
    if len(digits) > MAX_DIGITS:
        raise argparse.ArgumentTypeError(f"expected a whole number of at most {MAX_DIGITS} digits, got one of "
                                         f"{len(digits):,}")
    return int(text)


def ink_limit(text: str) -> int:
    """--ink-limit: a total ink percentage a press can take, 150 to 400."""
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or not 150 <= value <= 400:
        raise argparse.ArgumentTypeError(f'expected a whole percentage from 150 to 400 (300 is usual), got "{text}"')
    return value


def port(text: str) -> int:
    """--port: a TCP port, 0 to 65535 (0 picks a free one)."""
    if not (text.isascii() and text.isdigit() and len(text) <= 5 and int(text) <= 65535):
        raise argparse.ArgumentTypeError(f'expected a port from 0 to 65535 (0 picks a free one), got "{text}"')
    return int(text)


def lower(text: str) -> str:
    """A name the spec can only spell in lower case (a style: an id), written in any case."""
    return text.strip().lower()


def shop(text: str) -> str:
    """A shipped preset's id in any case (`TGC`); a preset file's path as written."""
    return text if text.strip().lower().endswith((".yaml", ".yml")) else lower(text)


def formats(text: str) -> tuple[str, ...]:
    """--formats: names of the output formats (output/formats/), in any case, each once."""
    names = [f.name for f in registry.named()]
    items = tuple(dict.fromkeys(p.strip().lower() for p in text.split(",") if p.strip()))
    bad = [i for i in items if i not in names]
    if bad or not items:
        raise argparse.ArgumentTypeError(f"expected a comma-separated list of {', '.join(names)}, got \"{text}\""
                                         f"{did_you_mean(bad[0], names) if bad else ''}")
    return items


def formats_help() -> str:
    """--formats' help, from each format's own words."""
    def listed(fs: list[registry.Format]) -> str:
        words = [f"{f.name} ({f.help})" for f in fs]
        return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)
    named = list(registry.named())
    return (f"comma-separated: {listed([f for f in named if f.default])} by default (sheets alone for quick proofs); "
            f"{listed([f for f in named if not f.default])} when named; another set writes its own "
            "folder, output/<game>-sheets/, output/<game>-tts/")


# how the command line spells each build option the library names in a problem (output/options.py); a field
# not here is spelled --field
FLAGS = {"back_offset_mm": "--back-offset", "reg_inset_mm": "--reg-inset", "reg_corners": "--reg-corners",
         "sheet": "the sheet options",
         "back_scale": "the printer profile's scale"}


def flag(field: str) -> str:
    return FLAGS.get(field, "--" + field.replace("_", "-"))


def worded(problem: Problem) -> Problem:
    """A problem as the command line says it: options by their flags (`--back-offset`, not back_offset_mm)."""
    if isinstance(problem, OptionProblem):
        return problem.worded({o.field: flag(o.field) for o in problem.parts if isinstance(o, Option)})
    return problem


def players(text: str) -> int:
    """--players: a whole number of players (the game's setup table says which counts it has)."""
    if not (text.isascii() and text.isdigit() and 1 <= int(text) <= 99):
        raise argparse.ArgumentTypeError(f'expected a whole number of players, like 3, got "{text}"')
    return int(text)


def only(text: str) -> tuple[Selector, ...]:
    try:
        return parse_only(text)
    except OptionError as exc:
        raise argparse.ArgumentTypeError(worded(exc.problems[0]).message.removeprefix("--only: ")) from None
