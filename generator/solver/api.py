"""The rules API: every name a rules package may import from Punchboard, in one module.

A rules package (shipped under generator/solver/games/, installed under the entry-point group
`punchboard.rules`, or in a game folder's `rules/`) imports from here, from its own modules and from the
standard library, and from nowhere else in `generator`: the names below are kept stable, the rest of the
code may move. The shipped games are held to that by tests/test_rules_api.py.

A package makes itself known by one module-level name in its `__init__.py`: `RULES = MyRules`, a subclass of
`Rules` (nothing is registered on import, so a package cannot take another game's place).

The rules class and its parts
- Rules: the base class; its hooks are read_spec, SPEC_CHECKS, SCENARIO_MODULE, aid, questions and new_state.
- RuleKey: one key of the spec's `rules:`, declared once with its meaning.
- RulesSection: `rules:` read key by key, every mistake reported.
- CheckResult: one line of `pnp check`.

The spec as the rules read it
- Game, Component, Row, PlayerColour, HexMap: the validated model (read-only).
- Example: a worked example of examples.yaml (`given`, `expected`).
- Reader, known, join, describe, whole_number, load_yaml: reading values with problems that name their key.
- Problem, ProblemCollector, SpecError, OptionError, PunchboardError, display_path: mistakes as one line each.

`pnp solve`
- Question, Questions, Param, BadValue: a game's questions, declared as data.

Random play (`pnp check --simulate N`)
- State: what a game's engine offers the runner; simulate, Tally, simulation_check, with_figures, most.
"""

from __future__ import annotations

from generator.common.errors import OptionError, Problem, ProblemCollector, PunchboardError, SpecError, display_path
from generator.common.units import describe
from generator.geometry.hexmap import HexMap
from generator.load.reader import Reader, known
from generator.load.tables import whole_number
from generator.load.yamlio import join, load_yaml
from generator.model.example import Example
from generator.model.game import Component, Game, PlayerColour, Row
from generator.solver.base import RuleKey, Rules, RulesSection, SpecCheck
from generator.solver.play import State, Tally, most, simulate, simulation_check, with_figures
from generator.solver.questions import BadValue, Param, Question, Questions
from generator.solver.result import CheckResult

__all__ = [
    "Rules", "RuleKey", "RulesSection", "SpecCheck", "CheckResult",
    "Game", "Component", "Row", "PlayerColour", "HexMap", "Example",
    "Reader", "known", "join", "describe", "whole_number", "load_yaml",
    "Problem", "ProblemCollector", "SpecError", "OptionError", "PunchboardError", "display_path",
    "Question", "Questions", "Param", "BadValue",
    "State", "simulate", "Tally", "simulation_check", "with_figures", "most",
]
