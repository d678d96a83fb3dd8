"""What every game's rules module provides (a check result's shape is in result.py)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, partial
from types import ModuleType
from typing import Any, Callable, Generic, TypeVar

from collections.abc import Mapping

from generator.common.errors import Problem, ProblemCollector, SpecError, did_you_mean
from generator.common.units import describe
from generator.model.game import Game
from generator.model.example import Example
from generator.solver.questions import Question, Questions
from generator.solver.result import CheckResult
from generator.load.reader import Reader
from generator.load.yamlio import join


@dataclass(frozen=True)
class RuleKey:
    """One key of a game's `rules:`: declared once in its rules package, read there, documented from here."""

    key: str
    doc: str
    required: bool = True


class RulesSection:
    """A spec's `rules:` read key by key with one Reader, so every mistake of every key is reported."""

    def __init__(self, game: Game, required: tuple[str, ...], optional: tuple[str, ...] = ()):
        self.problems = game.problems()
        self.r = Reader(self.problems)
        self.values = self.r.mapping(dict(game.rules), "rules", required, optional) or {}

    def get(self, key: str, read: Callable[..., Any], *args: Any, **kw: Any) -> Any:
        """`read(value, "rules.<key>", ...)`, or None when the key is absent (already reported if required)."""
        return read(self.values[key], join("rules", key), *args, **kw) if key in self.values else None

    def done(self) -> None:
        self.problems.raise_if_any()


SpecT = TypeVar("SpecT")
"""The type of a game's spec as its rules package reads it (NyakuzaSpec, ...); None for a game without one."""

SpecCheck = Callable[[Game, SpecT], "CheckResult | list[CheckResult]"]


DEAL_FIGURES = ("needed", "printed", "left")     # what a deal example may state of a component


class Rules(Generic[SpecT]):
    """Base of a rules module: constants from the spec, spec checks, examples and `pnp solve` (its questions).
    A package names its subclass in its `__init__.py` as `RULES = TheClass` (registry.py finds it there).

    Generic over the spec, so each game's package is checked against its own spec type: a subclass is
    `Rules[ItsSpec]` with `read_spec` returning ItsSpec. It names its game's `scenarios` module
    (SCENARIO_MODULE): every function `scenario_<name>(rules, example)` in it runs the examples of scenario
    <name>, in the order the module defines them, and returns the actual outcome as JSON-like data, compared
    key by key with the example's `expected`.
    """

    SCENARIO_MODULE: ModuleType | None = None
    read_spec: Callable[[Game], SpecT]         # a staticmethod: the package's view of the spec
    SPEC_CHECKS: tuple[SpecCheck[SpecT], ...] = ()

    def __init__(self, game: Game):
        self.game = game

    @cached_property
    def spec(self) -> SpecT:
        """The spec as the module reads it, validated once; a SpecError names every mistake."""
        return self.read_spec(self.game)

    def spec_checks(self) -> list[CheckResult]:
        out: list[CheckResult] = []
        for check in self.SPEC_CHECKS:
            found = check(self.game, self.spec)
            out.extend(found if isinstance(found, list) else [found])
        return out

    def extra_checks(self, **options: Any) -> list[CheckResult]:
        """Checks that take options of `pnp check`: with `--simulate N`, N random legal games a player count."""
        games, seed = options.get("simulate") or 0, options.get("seed", 1)
        return self.simulation_checks(games, seed) if games > 0 else []

    def new_state(self, players: int, seed: str) -> Any:
        """The start of a game at `players` players (a `play.State`), chance seeded by `seed`; None when the
        game has no engine (a copy without a rules module, or a game whose engine is not written yet)."""
        return None

    def simulation_checks(self, games: int, seed: int) -> list[CheckResult]:
        """`games` random legal games at each player count of the setup, invariants checked at every step."""
        from generator.solver import play        # the random-play runner loads only for --simulate

        counts = sorted({e.players for e in self.game.setup})
        if not counts or self.new_state(counts[0], f"{seed}:{counts[0]}:0") is None:
            return [CheckResult("simulation", "random legal games", None,
                                f"not played: {self.game.id} has no engine (its rules module gives no new_state)")]
        return [check for p in counts for check in self.simulation_report(play.simulate(self.new_state, p, games, seed),
                                                                          seed)]

    def simulation_report(self, tally: Any, seed: int) -> list[CheckResult]:
        """The report of one player count's games (a `play.Tally`); a game adds its own figures to the line."""
        from generator.solver import play

        return [play.simulation_check(tally, seed)]

    def rule_keys(self) -> frozenset[str] | None:
        """The `rules:` keys the package reads; None when it reads the section whole and refuses a key it does not
        know (RulesSection), so nothing can be left unread (solver/rules_read.py)."""
        return None

    def aid(self) -> dict[str, Any]:
        """What the game's printed rules aids show, computed from the spec by the same module that
        referees it, so the card a person follows gives the solver's answer (templates get it as `aid`)."""
        return {}

    @property
    def has_module(self) -> bool:
        """Whether a game-specific rules module referees this game (a copy with a new id has none)."""
        return not isinstance(self, GenericRules)

    @property
    def scenarios(self) -> dict[str, Callable[[Example], dict[str, Any]]]:
        """Every scenario examples may use, and what runs it: `deal`, which every game has, then the game's own."""
        own = vars(self.SCENARIO_MODULE).items() if self.SCENARIO_MODULE else ()
        return {"deal": self.scenario_deal, **{name.removeprefix("scenario_"): partial(fn, self) for name, fn in own
                                               if name.startswith("scenario_") and callable(fn)}}

    def run(self, example: Example) -> dict[str, Any]:
        return self.scenarios[example.scenario](example)

    def scenario_deal(self, example: Example) -> dict[str, Any]:
        """given: {players: N}. What the setup deals at N players: for each component the example names, the
        pieces needed, printed and left, as many of the three as it states (a component the setup does not use
        needs none). A component the spec lacks, or a figure other than these, is a mistake of the example."""
        players: Any = example.given.get("players")         # as the example writes it
        entry = next((e for e in self.game.setup if e.players == players), None)
        if entry is None:
            counts = ", ".join(str(e.players) for e in self.game.setup) or "none"
            raise SpecError(Problem(f"expected a player count of the setup ({counts}), got {players!r}", None,
                                    "given.players"))
        demands = {d.component: d for d in entry.demands}
        out: dict[str, Any] = {}
        for cid, stated in self._deal_figures(example).items():
            comp = self.game.component(cid)
            d = demands.get(cid)
            needed, printed = self.game.setup_need(d, players) if d else (0, comp.total_count(self.game.seats))
            figures = {"needed": needed, "printed": printed, "left": printed - needed}
            out[cid] = {k: figures[k] for k in stated}
        return out

    def _deal_figures(self, example: Example) -> dict[str, tuple[str, ...]]:
        """component -> the figures a deal example states of it, every mistake reported at once."""
        problems = ProblemCollector()
        known = [c.id for c in self.game.components]
        out: dict[str, tuple[str, ...]] = {}
        for cid, figures in example.expected.items():
            where = join("expected", str(cid))
            if cid not in known:
                problems.add(where, f'unknown component; expected one of: {", ".join(known)}'
                                    f'{did_you_mean(str(cid), known)}')
            elif not isinstance(figures, Mapping) or not figures or set(figures) - set(DEAL_FIGURES):
                problems.add(where, f"expected a mapping of any of {', '.join(DEAL_FIGURES)} to whole numbers, got "
                                    f"{describe(figures)}")
            else:
                out[cid] = tuple(k for k in DEAL_FIGURES if k in figures)
        problems.raise_if_any()
        return out

    @staticmethod
    def given(example: Example, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict[str, Any]:
        """An example's `given:`, its keys checked (a missing or unknown key is one problem each)."""
        r = Reader(ProblemCollector())
        given = r.mapping(dict(example.given), "given", required, optional) or {}
        r.problems.raise_if_any()
        return given

    def questions(self) -> Questions:
        """What `pnp solve GAME` answers, as data (only the command line turns it into options);
        a game without a rules module has none, and says so."""
        text = f"No searches are defined for {self.game.id}."
        return Questions(text, (Question("", None, (), lambda: ({}, text), output=None),))


def _no_spec(game: Game) -> None:
    return None


class GenericRules(Rules[None]):
    """The rules of a game without a rules package (a copy with a new id): inventory and `deal` only, no spec."""

    read_spec = staticmethod(_no_spec)

    def rule_keys(self) -> frozenset[str] | None:
        return frozenset()          # no package: only the templates and the invariants read `rules:`
