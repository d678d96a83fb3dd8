"""Which tests are `unit` (pytest -m unit, the quick loop): a test is unit when it is not marked slow and nothing it
runs from tests/ -- its own body, the fixtures it asks for, the test helpers and classes those name, transitively --
builds a game, compiles sheets with Typst, starts a server or runs a subprocess. Read from the code at collection
(names and string constants, not comments), so a new test is sorted without a list to keep."""

from __future__ import annotations

import functools
import inspect
import types
from pathlib import Path

import pytest

TESTS = Path(__file__).parent.resolve()
# What slow code names: an in-process build (also shared, or on both papers), the session's builds, the real
# command in a subprocess, a process or a server of its own. Fixtures by these names are slow too.
SLOW_NAMES = {"build_game", "build_on_papers", "shared_builds", "demo_build", "niya_build", "run_pnp", "pnp",
              "subprocess", "Popen", "serve_forever", "ProcessPoolExecutor", "multiprocessing",
              "TypstRunner", "sheets_pdf", "designs_pdf",          # a Typst compile of sheets, as a build does
              "_rebuild"}                                          # pnp serve's rebuild, called in-process
# The commands that build or serve, as run_cli("build", ...) / main(["serve", ...]) or a parametrized argv name them.
SLOW_WORDS = {"build", "serve"}


def _named(code: types.CodeType) -> tuple[set[str], set[str]]:
    """Global, attribute and local names, and string constants, of `code` and the code nested in it."""
    names, words = {*code.co_names, *code.co_varnames}, _words(code.co_consts)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            more_names, more_words = _named(const)
            names, words = names | more_names, words | more_words
    return names, words


def _in_tests(func: types.FunctionType) -> bool:
    return _under_tests(func.__code__.co_filename)


@functools.cache
def _under_tests(filename: str) -> bool:
    return Path(filename).resolve().parent == TESTS


@functools.cache
def _slow(func: types.FunctionType) -> bool:
    """is_slow for one function, once: parametrized tests and shared fixtures ask again and again."""
    return is_slow([func])


def is_slow(funcs: list, seen: set[types.CodeType] | None = None) -> bool:
    """Whether any of `funcs`, or a tests/ helper they name, builds, serves or starts a process."""
    seen = set() if seen is None else seen
    for func in funcs:
        func = inspect.unwrap(func)
        if not isinstance(func, types.FunctionType) or func.__code__ in seen or not _in_tests(func):
            continue
        seen.add(func.__code__)
        names, words = _named(func.__code__)
        if names & SLOW_NAMES or words & SLOW_WORDS:
            return True
        if is_slow(_helpers(func, names), seen):
            return True
    return False


def _helpers(func: types.FunctionType, names: set[str]) -> list[types.FunctionType]:
    """The functions, and methods of classes (their bases' too), that `func` names from its module (a cached one
    unwrapped)."""
    found = []
    for name in names:
        value = func.__globals__.get(name)
        if isinstance(value, type):
            found += [inspect.unwrap(m) for klass in value.__mro__ for m in vars(klass).values() if callable(m)]
        elif callable(value):
            found.append(inspect.unwrap(value))
    return [f for f in found if isinstance(f, types.FunctionType)]


def _words(value: object) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, (list, tuple, frozenset)):
        return set().union(*map(_words, value)) if value else set()
    return set()


def is_unit(item: pytest.Item) -> bool:
    """The rule above, for one collected test (its fixtures as pytest resolved them, its parameters)."""
    if not isinstance(item, pytest.Function) or SLOW_NAMES & set(item.fixturenames) or item.get_closest_marker("slow"):
        return False
    params = getattr(item, "callspec", None)
    if params is not None and any(_words(v) & SLOW_WORDS for v in params.params.values()):
        return False
    fixtures = [defs[-1].func for defs in item._fixtureinfo.name2fixturedefs.values() if defs]
    return not any(_slow(f) for f in (item.function, *fixtures))
