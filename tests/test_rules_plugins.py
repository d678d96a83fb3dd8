"""Rules packages beside the game or installed (issue 31, items 5 and 6): found in order (shipped, installed,
the game folder's own `rules/`), a folder's code run only with consent (--trust-rules, or pnp trust until its
files change), and an exception in any hook one failed line that never stops the sheets being written."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from conftest import run_cli

INIT = '''"""Tidepool's rules, written by a test."""
from pathlib import Path

from generator.solver.api import CheckResult, Game, Rules, SpecError, Problem
from . import scenarios
from .broken import HOOK

Path({marker!r}).write_text("ran")      # a sign that this code ran at all


def read_spec(game: Game) -> dict:
    if HOOK == "read_spec":
        return {{}}["reef"]
    if HOOK == "spec error":
        raise SpecError(Problem("expected a reef", None, "rules.reef"))
    return {{r.fields["title"]: int(r.fields["cost"]) for r in game.component("card").rows}}


def reef_size(game: Game, spec: dict) -> CheckResult:
    if HOOK == "spec check":
        raise KeyError("reef")
    if HOOK == "interrupt":
        raise KeyboardInterrupt
    if HOOK == "spec check returns nothing":
        return None
    return CheckResult("spec", "costs 1 to 5", all(1 <= c <= 5 for c in spec.values()), "every card")


class TidepoolRules(Rules[dict]):
    read_spec = staticmethod(read_spec)
    SPEC_CHECKS = (reef_size,)
    SCENARIO_MODULE = scenarios

    def aid(self) -> dict:
        if HOOK == "aid":
            return next(iter(()))
        return {{"costs": self.spec}}

    def extra_checks(self, **options) -> list:
        if HOOK == "extra_checks":
            return 1 / 0
        return []


if HOOK == "loading":
    raise ImportError("no module named reef")
RULES = TidepoolRules
'''
SCENARIOS = '''from .broken import HOOK


def scenario_buy(rules, example):
    if HOOK == "scenario":
        raise StopIteration
    if HOOK == "scenario returns a list":
        return [5]
    return {"coins": sum(rules.spec[card] for card in example.given["cards"])}
'''
EXAMPLE = '''  - name: a harbour and a market cost five
    scenario: buy
    given: {cards: [Harbour, Market]}
    expected: {coins: 5}
'''


def write_package(package: Path, hook: str, marker: Path) -> None:
    """The rules package of a test: `hook` names the one that raises (none when empty); `marker` is written when
    its code runs."""
    package.mkdir(exist_ok=True)
    (package / "__init__.py").write_text(INIT.format(marker=str(marker)), encoding="utf-8")
    (package / "scenarios.py").write_text(SCENARIOS, encoding="utf-8")
    (package / "broken.py").write_text(f"HOOK = {hook!r}\n", encoding="utf-8")


def write_rules(folder: Path, hook: str = "") -> None:
    """The game folder's own rules/ package; it leaves `ran` beside the game folder when it runs."""
    write_package(folder / "rules", hook, folder.parent / "ran")


@pytest.fixture()
def config(tmp_path, monkeypatch) -> Path:
    """A configuration folder of the test's own (trusted.json lives there, as printers.json does)."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    return tmp_path / "xdg" / "punchboard"


@pytest.fixture()
def tidepool(tmp_path, config, monkeypatch) -> Path:
    """A `pnp new` game with the test's rules package and a worked example of its `buy` scenario."""
    monkeypatch.chdir(tmp_path)
    assert run_cli("new", "tidepool")[0] == 0
    folder = tmp_path / "tidepool"
    with open(folder / "examples.yaml", "a", encoding="utf-8") as f:
        f.write(EXAMPLE)
    write_rules(folder)
    return folder


def checks(*argv: str) -> tuple[int, list[dict]]:
    code, out, err = run_cli("check", *argv, "--json")
    assert code != 2, err
    return code, json.loads(out)["games"][0]["checks"]


def rules_lines(found: list[dict]) -> list[str]:
    return [c["detail"] for c in found if c["kind"] == "rules"]


NOT_TRUSTED = ('rules package "tidepool" (tidepool/rules) not run: code in a game folder runs only when you allow it; '
               "read it, then add --trust-rules, or run pnp trust tidepool")


# -- consent: a game folder's code runs only when its user allows it

def test_without_consent_the_code_is_not_run_and_one_line_says_how_to_allow_it(tidepool, tmp_path):
    code, found = checks("tidepool")
    assert code == 1 and rules_lines(found) == [NOT_TRUSTED]
    assert next(c for c in found if c["kind"] == "rules")["ok"] is False
    example = next(c for c in found if c["name"] == "a harbour and a market cost five")
    assert example["ok"] is False and example["not_run"] and "needs the rules package, which did not run" in \
        example["detail"]                                          # not run is not ok (pnp check's honest results)
    code, out, _ = run_cli("check", "tidepool")
    assert out.startswith("tidepool: FAILED") and f"  {NOT_TRUSTED}\n" in out
    assert not (tmp_path / "ran").exists()


def test_list_and_build_without_consent_never_import_the_folders_code(tidepool, tmp_path):
    assert run_cli("list")[0] == 0
    code, _, err = run_cli("build", "tidepool", "--formats", "sheets")
    assert code == 0 and (tmp_path / "output" / "tidepool-sheets" / "tidepool-a4.pdf").is_file()
    assert f"tidepool: {NOT_TRUSTED}; the templates got an empty aid" in err.splitlines()
    assert not (tmp_path / "ran").exists()
    assert not any(m.startswith("punchboard_game_rules_") and "tidepool" in str(getattr(sys.modules[m], "__file__", ""))
                   for m in list(sys.modules) if str(tmp_path) in str(getattr(sys.modules[m], "__file__", "")))


def test_trust_rules_runs_it_for_one_command(tidepool, tmp_path):
    code, found = checks("tidepool", "--trust-rules")
    assert code == 0 and rules_lines(found) == []
    assert next(c for c in found if c["name"] == "a harbour and a market cost five")["actual"] == {"coins": 5}
    assert (tmp_path / "ran").exists()
    assert not (tidepool / "rules" / "__pycache__").exists()      # nothing is written into the game folder


def test_pnp_trust_allows_the_folder_until_its_files_change(tidepool, config):
    code, out, err = run_cli("trust", "tidepool")
    assert code == 0 and out.startswith("allowed tidepool: its rules package (3 files, sha256 "), err
    assert list(json.loads((config / "trusted.json").read_text())["folders"]) == [str(tidepool.resolve())]
    assert checks("tidepool")[0] == 0
    assert "  allowed\n" in run_cli("trust", "--list")[1]
    with open(tidepool / "rules" / "scenarios.py", "a", encoding="utf-8") as f:
        f.write("# changed\n")
    code, found = checks("tidepool")
    assert code == 1 and rules_lines(found) == [
        'rules package "tidepool" (tidepool/rules) not run: its files changed since pnp trust tidepool allowed them; '
        "read them, then add --trust-rules, or run pnp trust tidepool again"]
    assert "changed since allowed" in run_cli("trust", "--list")[1]
    assert run_cli("trust", "tidepool")[0] == 0 and checks("tidepool")[0] == 0
    assert run_cli("trust", "--remove", "tidepool")[0] == 0
    assert rules_lines(checks("tidepool")[1]) == [NOT_TRUSTED]


@pytest.mark.parametrize("argv, words", [
    (["trust"], "expected a game folder"),
    (["trust", "nowhere"], "nowhere is not a game folder"),
    (["trust", "--remove", "tidepool"], "tidepool is not on the allow list"),
    (["trust", "--list", "tidepool"], "--list takes no FOLDER"),
])
def test_trust_mistakes_are_one_line(tidepool, argv, words):
    code, _, err = run_cli(*argv)
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1, err


def test_a_folder_without_rules_cannot_be_allowed(tidepool):
    (tidepool / "rules" / "__init__.py").unlink()
    code, _, err = run_cli("trust", "tidepool")
    assert code == 2 and "has no rules package (rules/__init__.py)" in err


def test_a_broken_allow_list_is_a_line_and_never_overwritten(tidepool, config):
    config.mkdir(parents=True)
    (config / "trusted.json").write_text('{"version": 1, "folders": {"relative": {}}}')
    assert "the allow list cannot be read" in rules_lines(checks("tidepool")[1])[0]
    code, _, err = run_cli("trust", "tidepool")
    assert code == 2 and 'folders."relative"' in err
    assert (config / "trusted.json").read_text() == '{"version": 1, "folders": {"relative": {}}}'


def test_a_link_out_of_the_rules_folder_is_refused(tidepool, tmp_path):
    (tmp_path / "elsewhere.py").write_text("SECRET = 1\n")
    (tidepool / "rules" / "elsewhere.py").symlink_to(tmp_path / "elsewhere.py")
    code, found = checks("tidepool", "--trust-rules")
    assert code == 1 and rules_lines(found)[0].startswith('rules package "tidepool" (tidepool/rules) not loaded: ')
    assert "lies outside" in rules_lines(found)[0] and not (tmp_path / "ran").exists()


def test_the_package_shadows_no_module_and_leaves_sys_path_alone(tidepool):
    (tidepool / "rules" / "json.py").write_text("raise RuntimeError('the game folder shadowed json')\n")
    path = list(sys.path)
    assert checks("tidepool", "--trust-rules")[0] == 0
    assert sys.path == path and json.dumps is sys.modules["json"].dumps and "loads" in vars(sys.modules["json"])
    mine = [m for m in sys.modules if m.startswith("punchboard_game_rules_")
            and str(tidepool) in str(getattr(sys.modules[m], "__file__", ""))]
    assert mine and all(m.split(".")[0] == mine[0].split(".")[0] for m in mine)


# -- an exception in rules code is one failed line; the sheets are still written

HOOKS = [      # the words each hook's line starts with ("$": the whole line: no frame of the package to name)
    ("loading", "loading it raised ImportError: no module named reef (at tidepool/rules/__init__.py:"),
    ("read_spec", "read_spec raised KeyError: 'reef' (at tidepool/rules/__init__.py:"),
    ("spec check", "spec check reef_size raised KeyError: 'reef' (at tidepool/rules/__init__.py:"),
    ("scenario", 'example "a harbour and a market cost five" (scenario buy) raised StopIteration '
                 "(at tidepool/rules/scenarios.py:"),
    ("extra_checks", "extra_checks raised ZeroDivisionError: division by zero (at tidepool/rules/__init__.py:"),
    ("spec check returns nothing", "spec check reef_size returned nothing; expected a CheckResult or a list of them"),
    ("scenario returns a list", 'example "a harbour and a market cost five" (scenario buy) raised TypeError: scenario '
                                '"buy" returned a list; expected a dict of outcomes$'),
]


@pytest.mark.parametrize("hook, words", HOOKS)
def test_an_exception_in_a_hook_is_one_failed_line(tidepool, hook, words):
    write_rules(tidepool, hook)
    code, found = checks("tidepool", "--trust-rules")
    failed = [c for c in found if c["ok"] is False and not c.get("not_run")]     # examples it stopped are NOT RUN
    assert code == 1 and len(failed) == 1 and failed[0]["kind"] == "rules", failed
    line = f'rules package "tidepool" (tidepool/rules): {words.removesuffix("$")}'
    assert failed[0]["detail"] == line if words.endswith("$") else failed[0]["detail"].startswith(line), failed[0]
    assert sum(c["kind"] == "inventory" and c["ok"] for c in found) == 9          # the other checks still ran


@pytest.mark.parametrize("hook", ["aid", "loading", "spec check"])
def test_a_build_writes_its_sheets_whatever_the_rules_raise(tidepool, tmp_path, hook):
    write_rules(tidepool, hook)
    code, out, err = run_cli("build", "tidepool", "--trust-rules", "--formats", "sheets")
    assert code == 0 and (tmp_path / "output" / "tidepool-sheets" / "tidepool-a4.pdf").is_file(), err
    empty = [line for line in err.splitlines() if line.endswith("; the templates got an empty aid")]
    assert len(empty) == (hook != "spec check"), err
    gallery = (tmp_path / "output" / "tidepool-sheets" / "index.html").read_text(encoding="utf-8")
    if hook == "spec check":        # the gallery shows the failed line
        assert "Checks: 1 failed" in gallery and "spec check reef_size raised KeyError" in gallery
    if hook == "aid":
        assert empty == ['tidepool: rules package "tidepool" (tidepool/rules): aid() raised StopIteration (at '
                         f"tidepool/rules/__init__.py:{INIT.splitlines().index('            return next(iter(()))') + 1}"
                         "); the templates got an empty aid"]


def test_debug_prints_the_traceback_as_well(tidepool):
    write_rules(tidepool, "spec check")
    code, out, err = run_cli("check", "tidepool", "--trust-rules")
    assert code == 1 and "Traceback" not in out + err
    code, out, err = run_cli("check", "tidepool", "--trust-rules", "--debug")
    assert code == 1 and err.startswith("Traceback (most recent call last):") and 'raise KeyError("reef")' in err
    write_rules(tidepool, "aid")
    code, out, err = run_cli("build", "tidepool", "--trust-rules", "--formats", "sheets", "--debug")
    assert code == 0 and "Traceback" in err and "StopIteration" in err


def test_a_spec_error_keeps_its_meaning_and_ctrl_c_is_not_swallowed(tidepool):
    write_rules(tidepool, "spec error")
    code, _, err = run_cli("check", "tidepool", "--trust-rules")
    assert code == 2 and "rules.reef: expected a reef" in err
    write_rules(tidepool, "interrupt")
    assert run_cli("check", "tidepool", "--trust-rules")[0] == 130


# -- installed packages: the entry-point group punchboard.rules

def install(site: Path, module: str, value: str, game: str = "tidepool") -> None:
    """A distribution as pip leaves it: the module, and a dist-info folder with its entry points."""
    write_package(site / module, "", site / "ran")
    info = site / f"{module}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module.replace('_', '-')}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[punchboard.rules]\n{game} = {value}\n")


@pytest.fixture()
def site(tmp_path, monkeypatch):
    """A folder on sys.path for installed distributions; their modules leave sys.modules after the test."""
    folder = tmp_path / "site"
    folder.mkdir()
    monkeypatch.syspath_prepend(str(folder))
    yield folder
    for name in [m for m in sys.modules if m.startswith("tidepool_rules")]:
        del sys.modules[name]


def test_an_installed_package_referees_its_game_before_the_folders_own(tidepool, site):
    install(site, "tidepool_rules", "tidepool_rules")
    code, found = checks("tidepool")
    assert code == 0 and next(c for c in found if c["name"] == "a harbour and a market cost five")["ok"] is True
    assert rules_lines(found) == ['rules package "tidepool" (tidepool/rules) not used: rules package "tidepool" '
                                  '(tidepool_rules, installed by tidepool-rules 1.0) referees tidepool (found first)']
    assert (site / "ran").exists()


def test_an_entry_point_may_name_the_class_and_its_failure_is_a_line(tidepool, site):
    install(site, "tidepool_rules_b", "tidepool_rules_b:TidepoolRules")
    assert checks("tidepool")[0] == 0
    (site / "tidepool_rules_b" / "broken.py").write_text("HOOK = 'loading'\n")
    for name in [m for m in sys.modules if m.startswith("tidepool_rules_b")]:
        del sys.modules[name]
    code, found = checks("tidepool")
    assert code == 1 and rules_lines(found)[1].startswith(
        'rules package "tidepool" (tidepool_rules_b:TidepoolRules, installed by tidepool-rules-b 1.0): loading it '
        "raised ImportError: no module named reef (at ")


def test_a_shipped_game_cannot_be_taken_over_by_an_installed_package(site):
    from generator.load import load_game
    from generator.solver.games.niya.game import NiyaRules
    from generator.solver.registry import rules_for

    install(site, "tidepool_rules_c", "tidepool_rules_c", game="niya")
    assert type(rules_for(load_game("niya"))) is NiyaRules and not (site / "ran").exists()


# -- pnp serve: the page shows the rules' failure, and a change to the rules code is the code that runs next

def test_serve_shows_the_failed_line_and_runs_the_rules_as_edited(tidepool, tmp_path):
    from conftest import Serving

    write_rules(tidepool, "spec check")
    s = Serving(tmp_path, "tidepool", "--trust-rules")
    try:
        page = tmp_path / "out" / "tidepool-sheets-svg" / "index.html"
        assert s.wait(lambda now: now["version"] >= 1)["errors"] == []
        assert "spec check reef_size raised KeyError" in page.read_text(encoding="utf-8")
        s.rebuilt(lambda: (tidepool / "rules" / "broken.py").write_text("HOOK = ''\n"))
        assert "Checks: all passed" in page.read_text(encoding="utf-8")
    finally:
        err = s.stop()
    assert "Traceback" not in err, err


# -- pnp new --rules: a rules package to start from, passing on the fresh game once allowed

def test_a_new_game_with_rules_checks_once_allowed(tmp_path, config, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli("new", "my-game", "--rules")
    assert code == 0 and "rules/" in out and "--trust-rules" in out, err
    code, found = checks("my-game")
    assert code == 1 and rules_lines(found) == [NOT_TRUSTED.replace("tidepool", "my-game")]
    code, found = checks("my-game", "--trust-rules")
    assert code == 0 and rules_lines(found) == []
    assert [(c["name"], c["ok"]) for c in found if c["kind"] in ("spec", "example")] == [
        ("every card costs 1 to 5 coins", True), ("two players share the deck and take their tokens", True),
        ("a harbour and a market cost five coins", True)]
    assert not (tmp_path / "my-game" / "rules" / "__pycache__").exists()


def test_the_new_rules_fail_as_the_cards_change(tmp_path, config, monkeypatch):
    monkeypatch.chdir(tmp_path)
    run_cli("new", "my-game", "--rules")
    cards = tmp_path / "my-game" / "cards.csv"
    cards.write_text(cards.read_text().replace("Shipyard,5,", "Shipyard,9,").replace("Market,3,", "Market,4,"))
    code, out, _ = run_cli("check", "my-game", "--trust-rules")
    assert code == 1 and "Shipyard costs 9" in out and "coins: expected 5, got 6" in out
    cards.write_text(cards.read_text().replace("Shipyard,9,", "Shipyard,nine,"))
    code, _, err = run_cli("check", "my-game", "--trust-rules")
    assert code == 2 and 'my-game/cards.csv: shipyard.cost: expected a whole number of coins, got "nine"' in err, err


def test_rules_go_with_a_new_game_only(tmp_path):
    code, _, err = run_cli("new", "mine", "--rules", "--from", "niya", "--dir", str(tmp_path))
    assert code == 2 and "--rules writes a rules package for a new game" in err and not (tmp_path / "mine").exists()
