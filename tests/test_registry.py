"""Rules packages are found by the game's id, and only that game's package is imported."""

from __future__ import annotations

import importlib
import subprocess
import sys

from generator.load import load_game
from generator.solver.registry import packages, rules_for
from conftest import SHIPPED_GAMES


def test_every_shipped_game_is_refereed_by_the_package_named_after_it():
    assert packages() == SHIPPED_GAMES          # each shipped game has its referee
    for name in SHIPPED_GAMES:
        package = importlib.import_module(f"generator.solver.games.{name}")
        assert type(rules_for(load_game(name))) is package.RULES


def test_a_game_imports_its_own_rules_and_no_others():
    code = ("import sys\nfrom generator.load import load_game\nfrom generator.solver.registry import rules_for\n"
            "rules_for(load_game('niya'))\n"
            "print(sorted(m.split('.')[3] for m in sys.modules if m.startswith('generator.solver.games.') "
            "and m.count('.') >= 3))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert set(eval(out)) == {"niya"}
