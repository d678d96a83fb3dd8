"""The `unit` rule (tests/unit_rule.py) sorts tests by what their code runs: a build, a subprocess or a server
reached through a helper, a class or a parameter keeps a test out of the quick loop; words in a docstring do not."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import run_cli
from unit_rule import is_slow

from generator.commands.build import build_game


def _builds_through_a_helper():
    return _helper_that_builds()


def _helper_that_builds():
    return build_game("niya", None)


def _runs_the_build_command():
    return run_cli("build", "niya")


def _runs_the_build_command_from_a_tuple():
    argv = ("build", "niya", "--formats", "sheets")
    return run_cli(*argv)


class _Server:
    def start(self):
        return subprocess.Popen([sys.executable, "-m", "generator", "serve"])


def _uses_a_server_class():
    return _Server()


class _DemoServer(_Server):          # the process is started by the base class
    pass


def _uses_a_subclass_of_a_server_class():
    return _DemoServer()


def _rebuilds_as_serve_does():
    from generator.commands.serve import _rebuild
    return _rebuild("niya", None, None, None)


def _checks_a_spec():
    """Says "build" and subprocess in its docstring, and builds nothing."""
    return run_cli("check", "niya")


@pytest.mark.parametrize("func", [_builds_through_a_helper, _runs_the_build_command,
                                  _runs_the_build_command_from_a_tuple, _uses_a_server_class,
                                  _uses_a_subclass_of_a_server_class, _rebuilds_as_serve_does])
def test_a_build_a_command_or_a_server_reached_from_a_test_is_slow(func):
    assert is_slow([func])


def test_a_check_with_build_in_its_docstring_is_not_slow():
    assert not is_slow([_checks_a_spec])

