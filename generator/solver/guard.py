"""Rules code runs through here, so a bug in a rules package is one failed check line, not a dead build.

A rules package is code written for one game, perhaps by its designer, perhaps installed or kept in a game
folder; a KeyError or a StopIteration in it must not stop `pnp build` writing the sheets or `pnp check`
reporting every other check. Each hook (loading the package, read_spec, each spec check, each example's
scenario, aid, extra_checks) is called through `attempt`: an exception becomes a CheckResult naming the
package, the hook and the exception in words, with the traceback kept aside for `--debug`.

A PunchboardError keeps its meaning (a mistake in the spec or an example: exit 2, one line each), and
KeyboardInterrupt and SystemExit are no Exception, so Ctrl-C still stops everything.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, TypeVar

from generator.common.errors import PunchboardError, display_path, printable
from generator.common.units import describe
from generator.model.example import Example
from generator.solver.base import Rules
from generator.solver.examples import example_name, run_example
from generator.solver.result import CheckResult

T = TypeVar("T")
SHOWN_MESSAGE = 200          # characters of an exception's message in a check line (--debug shows it whole)


@dataclass(frozen=True)
class Origin:
    """Where a game's rules package was found, as its lines name it."""

    name: str                # what it referees: the game id, or the `rules_from` it was found by
    place: str               # "tidepool/rules", "generator.solver.games.niya", "tidepool_rules (installed: ...)"
    root: str = ""           # the folder of its files: the traceback frame named is the innermost inside it

    @property
    def named(self) -> str:
        return f'rules package "{self.name}" ({self.place})'


@dataclass(frozen=True)
class Loaded:
    """A game's rules as registry.load_rules found them: the Rules to run, the package they come from (None:
    Punchboard's generic rules, no package's code), and the lines about finding it (not run, not loaded)."""

    rules: Rules[Any]
    origin: Origin | None = None
    status: tuple[CheckResult, ...] = ()
    digest: str = ""          # a game folder's package: its files' sha256 (what the lines say depends on them)

    @property
    def fingerprint(self) -> str:
        """What the check results depend on besides the game and its look (pnp serve's cache key)."""
        return self.digest + "".join(c.detail for c in self.status)


def failure(origin: Origin, what: str, exc: BaseException) -> CheckResult:
    """The failed line for an exception the package raised in `what` (`spec check reef_size`)."""
    message = str(exc)
    if len(message) > SHOWN_MESSAGE:
        message = message[:SHOWN_MESSAGE - 1] + "…"
    words = f"{type(exc).__name__}: {message}" if message else type(exc).__name__
    detail = printable(f"{origin.named}: {what} raised {words}{_at(origin, exc)}")
    return CheckResult("rules", what, False, detail, {"package": origin.name, "exception": type(exc).__name__},
                       "".join(traceback.format_exception(exc)))


def refused(origin: Origin, what: str, detail: str, ok: bool | None = False) -> CheckResult:
    """A line about the package that is no exception: not run, not loaded, not used."""
    return CheckResult("rules", what, ok, printable(f"{origin.named}{detail}"), {"package": origin.name})


def _at(origin: Origin, exc: BaseException) -> str:
    """` (at tidepool/rules/__init__.py:14)`: the innermost frame in the package's files (the innermost of all
    when its folder is not known); nothing when the exception came from Punchboard's code, not the package's."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if not f.filename.startswith("<")]
    if origin.root:
        frames = [f for f in frames if Path(f.filename).is_relative_to(origin.root)]
    return f" (at {display_path(frames[-1].filename)}:{frames[-1].lineno})" if frames else ""


def attempt(origin: Origin | None, what: str, call: Callable[[], T]) -> tuple[T | None, CheckResult | None]:
    """`call()`'s value, or None and the failed line. Without an origin (no package: Punchboard's own generic
    rules) nothing is caught: an exception there is Punchboard's bug, and its traceback is wanted."""
    if origin is None:
        return call(), None
    try:
        return call(), None
    except PunchboardError:
        raise
    except Exception as exc:
        return None, failure(origin, what, exc)


def _results(origin: Origin | None, what: str, found: Any) -> list[CheckResult]:
    """What a hook returned, as check lines: a CheckResult or a list of them, else one failed line saying so."""
    items = found if isinstance(found, list) else [found]
    if all(isinstance(c, CheckResult) for c in items):
        return items
    if origin is None:
        raise TypeError(f"{what} returned {describe(found)}")
    return [refused(origin, what, f": {what} returned {describe(found)}; expected a CheckResult or a list of them")]


def _spec_failed(loaded: Loaded) -> CheckResult | None:
    """read_spec's exception as a line, for a package that has a read_spec (the spec read is kept)."""
    if loaded.origin is None or not hasattr(type(loaded.rules), "read_spec"):
        return None
    return attempt(loaded.origin, "read_spec", lambda: loaded.rules.spec)[1]


def spec_checks(loaded: Loaded) -> list[CheckResult]:
    """read_spec once, then each of SPEC_CHECKS, each check's exception its own line (the others still run)."""
    failed = _spec_failed(loaded)
    if failed:
        return [failed]
    rules, out = loaded.rules, []
    for i, check in enumerate(rules.SPEC_CHECKS):
        what = f"spec check {getattr(check, '__name__', i + 1)}"
        found, failed = attempt(loaded.origin, what, lambda: check(rules.game, rules.spec))
        out += [failed] if failed else _results(loaded.origin, what, found)
    return out


def example(loaded: Loaded, ex: Example) -> CheckResult:
    """One worked example; its scenario's exception is a failed line naming the example. An example of the
    package's own scenarios is not run when its package did not run or read_spec raised (their lines say so):
    NOT RUN, a failure, as pnp check never calls ok what it did not check; an example that says `skip:` is
    information whatever the package did."""
    if ex.skip:
        return run_example(loaded.rules, ex)
    if ex.scenario != "deal" and _spec_failed(loaded):
        return _not_run(ex, "needs the spec as read_spec reads it, and read_spec raised (its line says why)")
    result, failed = attempt(loaded.origin, f'example "{ex.name}" (scenario {ex.scenario})',
                             lambda: run_example(loaded.rules, ex))
    if failed is not None:
        return failed
    assert result is not None
    if result.data.get("not_run") and any(c.ok is False for c in loaded.status):
        return _not_run(ex, "needs the rules package, which did not run (its line says why)")
    return result


def _not_run(ex: Example, why: str) -> CheckResult:
    return CheckResult("example", example_name(ex), False, f'not run: scenario "{ex.scenario}" {why}', {"not_run": True})


def extra_checks(loaded: Loaded, **options: Any) -> list[CheckResult]:
    """The checks that take pnp check's options (--simulate's random games), or the line of their exception."""
    found, failed = attempt(loaded.origin, "extra_checks", lambda: loaded.rules.extra_checks(**options))
    return [failed] if failed else _results(loaded.origin, "extra_checks", found)


def aid(loaded: Loaded) -> tuple[dict[str, Any], CheckResult | None]:
    """What the printed aids show, or {} and the line saying why the templates get nothing."""
    found, failed = attempt(loaded.origin, "aid()", loaded.rules.aid)
    if isinstance(found, dict):
        return found, None
    if failed is None:
        assert loaded.origin is not None, "GenericRules.aid returns a dict"
        failed = refused(loaded.origin, "aid()", f": aid() returned {describe(found)}; expected a dict")
    return {}, failed
