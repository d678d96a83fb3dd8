"""A spec's own expressions (`invariants:`): the templates' language (jinja2 expressions), compiled and run in the
same bounded sandbox as the templates, with a time limit, and nothing else: no statements, no attribute escapes,
no names but the ones given. A designer who writes templates already knows the syntax; a second language would
be one more thing to learn and one more sandbox to keep."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import jinja2
from jinja2 import nodes

from generator.common.errors import did_you_mean
from generator.common.sandbox import BoundedSandbox, TemplateLimit, deadline, memory_limit

MAX_EXPRESSION = 1_000       # characters of one expression: a fact, not a program
SECONDS = 2.0                # one expression over every row of a table (docs/reference/limits.md)


class ExpressionError(Exception):
    """An expression that cannot be compiled or evaluated, in words for the check report."""


class Names(dict):
    """A mapping the expression reads by `.name` or `["name"]`; a name that is not there is an error naming the
    close match (jinja's undefined would compare false and hide a typo)."""

    def __init__(self, what: str, values: Mapping[Any, Any]):
        super().__init__(values)
        self.what = what

    def __missing__(self, key: object) -> Any:
        raise ExpressionError(f'{self.what} has no "{key}"{did_you_mean(str(key), list(self))}')

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        return self[name]


class _Strict(jinja2.StrictUndefined):
    """A name the expression uses that it was not given."""


_ENV = BoundedSandbox(undefined=_Strict, autoescape=False)


def check_syntax(source: str) -> str | None:
    """Why `source` is not an expression we run, or None."""
    if len(source) > MAX_EXPRESSION:
        return f"expected an expression of at most {MAX_EXPRESSION:,} characters, got {len(source):,}"
    try:
        _ENV.parse(f"{{{{ {source} }}}}")
    except jinja2.TemplateSyntaxError as exc:
        return f"not an expression: {exc.message}"
    return None


def names_read(source: str, name: str) -> set[str]:
    """The keys an expression reads of `name` (`rules.hand`, `rules["hand"]`): what is read, for the report of
    values nobody reads. An expression that does not parse reads nothing."""
    try:
        tree = _ENV.parse(f"{{{{ {source} }}}}")
    except jinja2.TemplateSyntaxError:
        return set()
    return set(_reads(tree, name))


def template_reads(text: str, name: str) -> set[str]:
    """The same for a whole template's text."""
    try:
        tree = _ENV.parse(text)
    except jinja2.TemplateSyntaxError:
        return set()
    return set(_reads(tree, name))


def _reads(tree: nodes.Node, name: str) -> Iterator[str]:
    def of_name(target: nodes.Node) -> bool:
        return isinstance(target, nodes.Name) and target.name == name
    for got in tree.find_all(nodes.Getattr):
        if of_name(got.node):
            yield got.attr
    for item in tree.find_all(nodes.Getitem):
        if of_name(item.node) and isinstance(item.arg, nodes.Const) and isinstance(item.arg.value, str):
            yield item.arg.value


def evaluator(source: str) -> Callable[[Mapping[str, Any]], Any]:
    """`source` compiled once, to evaluate with one set of names after another (each row of a table)."""
    problem = check_syntax(source)
    if problem:
        raise ExpressionError(problem)
    compiled = _ENV.compile_expression(source, undefined_to_none=False)

    def run(names: Mapping[str, Any]) -> Any:
        try:
            value = compiled(**names)
            if isinstance(value, jinja2.Undefined):      # an unsafe or missing attribute: raise its reason now
                value._fail_with_undefined_error()
            return value
        except ExpressionError:
            raise
        except jinja2.UndefinedError as exc:
            raise ExpressionError(f"{exc.message}; the names are: {', '.join(sorted(names))}") from None
        except (TemplateLimit, jinja2.exceptions.SecurityError) as exc:
            raise ExpressionError(str(exc)) from None
        except (TypeError, ValueError, ArithmeticError, LookupError, AttributeError) as exc:
            raise ExpressionError(f"{type(exc).__name__}: {exc}") from None
    return run


@contextmanager
def bounded(seconds: float = SECONDS) -> Iterator[None]:
    """The limits an expression (or a batch of them over a table) runs in: time, and the templates' memory."""
    with deadline(seconds, lambda: ExpressionError(f"took longer than {seconds:g} s (the limit); expected a fact "
                                                   "that is quick to check")), memory_limit():
        yield
