"""YAML reading that remembers the line of every key, so errors can point at it.

YAML from anyone is read within limits: the file's size (confine.py), its nesting depth (checked
on the parser's event stream before anything recursive runs) and the number of values once
aliases are followed (an alias bomb names the limit instead of eating the machine), and the digits of
a whole number (counted in its text before Python converts it).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from generator.common.limits import MAX_DIGITS
from generator.common.confine import read_bytes
from generator.common.errors import Problem, ProblemCollector, SpecError, display_path
from generator.common.units import describe


def join(where: str, key: object) -> str:
    """Key path notation used in every error: `components[2].size`."""
    if isinstance(key, int):
        return f"{where}[{key}]"
    return f"{where}.{key}" if where else str(key)


MAX_DEPTH = 40            # mappings and lists inside each other
# libyaml's parser when PyYAML was built with it (its wheels are): the same nodes and marks, ten times faster
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
MAX_VALUES = 200_000      # values of a file once every alias is followed
INT_TAG = "tag:yaml.org,2002:int"
TAG_WORDS = {INT_TAG: "a whole number", "tag:yaml.org,2002:float": "a number",
             "tag:yaml.org,2002:bool": "true or false", "tag:yaml.org,2002:timestamp": "a date like 2024-05-01",
             "tag:yaml.org,2002:binary": "base64 data"}


def load_yaml(path: Path, root: Path | None = None) -> tuple[Any, dict[str, int]]:
    """Parse a YAML file inside `root` (default: its own folder); return the data and a map from
    key path to 1-based line number.

    Malformed YAML, undecodable text, duplicate keys and files beyond the limits are SpecErrors
    naming the file and line.
    """
    shown = display_path(path)
    raw = read_bytes(path, [root or path.parent], "spec")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SpecError(Problem("expected UTF-8 text", shown)) from None
    try:                     # libyaml when it is there; its error messages are terser, so on a
        node, loader = _compose(text, shown, LOADER)     # mistake the Python parser says it again
    except SpecError:
        if LOADER is yaml.SafeLoader:
            raise
        node, loader = _compose(text, shown, yaml.SafeLoader)
    lines: dict[str, int] = {}
    problems = ProblemCollector(shown, lines)
    budget = [MAX_VALUES]
    data = _convert(node, "", lines, problems, loader, budget) if node is not None else None
    problems.raise_if_any()
    return data, lines


def _compose(text: str, shown: str, loader_class: type) -> tuple[Any, Any]:
    """The document's node tree (every node keeps its line), or a SpecError naming the line."""
    _check_depth(text, shown, loader_class)
    try:
        loader = loader_class(text)
    except yaml.YAMLError as exc:   # a character YAML does not allow (a NUL, say)
        raise SpecError(Problem(f"malformed YAML: {getattr(exc, 'reason', exc)}", shown)) from None
    try:
        return loader.get_single_node(), loader
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        what = exc.problem or exc.context or "syntax error"
        line = mark.line + 1 if mark else None
        if exc.context == "while scanning a quoted scalar" and exc.context_mark:   # where the quote opened
            line = exc.context_mark.line + 1
        hint = syntax_hint(exc, text.splitlines())
        raise SpecError(Problem(f"malformed YAML: {what}{'; ' + hint if hint else ''}", shown, None, line)) from None
    except yaml.YAMLError as exc:
        raise SpecError(Problem(f"malformed YAML: {exc}", shown)) from None
    finally:
        loader.dispose()


_ENTRY = re.compile(r"^(\s*(?:-\s+)*)([^\s#'\"][^:#]*?):\s+(.*?)\s*$")   # "  - key: value" (value unquoted)
_STARTS = {"*": "reads it as an alias", "&": "reads it as an anchor", "@": "reserves it", "`": "reserves it",
           "%": "reads it as a directive", "?": "reads it as a key", "|": "reads it as a block of text",
           ">": "reads it as a block of text", "{": "reads it as a mapping", "[": "reads it as a list"}
_CLOSING = {"{": "}", "[": "]"}


def syntax_hint(exc: yaml.MarkedYAMLError, lines: list[str]) -> str:
    """What usually causes a YAML syntax error, from the line it names: an unquoted ": " in a value,
    a value starting with a character YAML reserves ({coin} in rich text), a tab, a quote closed
    early, a quote never closed, an indentation off by a space. "" when no cause is recognised."""
    n = exc.problem_mark.line if exc.problem_mark else -1
    here = lines[n] if 0 <= n < len(lines) else ""
    entry = _ENTRY.match(here)
    key, value = (entry.group(2), entry.group(3)) if entry else ("", "")
    first = value[:1]
    problem, context = exc.problem or "", exc.context or ""
    if "'\\t'" in problem or "\t" in here[:len(here) - len(here.lstrip())]:
        return "indent with spaces: YAML does not allow tabs"
    if context == "while scanning a quoted scalar":
        return "the quote opened here is not closed"
    if first and first in _STARTS and _misread(value):
        return f'a value starting with "{first}" must be quoted (YAML {_STARTS[first]}): {key}: {_quoted(value)}'
    if "mapping values are not allowed" in problem:
        if ": " in value or value.endswith(":"):
            return f'a value with a colon and a space (or a colon at its end) must be quoted: {key}: {_quoted(value)}'
        before = next((line for line in reversed(lines[:n]) if line.strip()), "")
        if re.search(r"^\s*(?:-\s+)?[\w-]+:[^\s/]", before):
            return f'a key needs a space after its colon, on the line above: "{before.strip()}"'
        above = _ENTRY.match(before)
        if entry and above and above.group(3) and len(entry.group(1)) > len(above.group(1)):
            return (f'"{key}" is indented more than "{above.group(2)}" on the line above: keys of one mapping start '
                    f"in the same column ({len(above.group(1))} spaces here)")
        return 'a value with a colon and a space in it must be quoted'
    if first in ("'", '"') and "found '<scalar>'" in problem:
        return ("text follows the closing quote: quote the whole value, and inside it write '' for ' in '...', "
                'or \\" for " in "..."')
    if any(p in problem for p in ("expected <block end>", "expected '<document start>'", "did not find expected")):
        return ("check this line's indentation: keys of one mapping, and the dashes of one list, start in the "
                "same column")
    return ""


def _misread(value: str) -> bool:
    """A value YAML takes for something else: `{coin} each` (a mapping, then text), `| more` (a block
    indicator, then text); `{a: 1}` and a lone `|` are meant as what they are."""
    first = value[0]
    if first in _CLOSING:
        return not value.rstrip().endswith(_CLOSING[first])
    if first in "|>":
        return bool(value[1:].strip()) and not re.match(r"^[|>][-+0-9]*\s*(#.*)?$", value)
    return True


def _quoted(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _check_depth(text: str, shown: str, loader_class: type) -> None:
    """Refuse deep nesting from the parser's events, which need no recursion (composing does)."""
    depth = 0
    try:
        for event in yaml.parse(text, Loader=loader_class):
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    mark = event.start_mark          # the parser marks every event (the stubs allow None)
                    raise SpecError(Problem(f"nested more than {MAX_DEPTH} levels deep (the limit)", shown, None,
                                            mark.line + 1 if mark else None))
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
    except yaml.YAMLError:
        return   # reported with its line when the file is composed


def _convert(node: yaml.Node, where: str, lines: dict[str, int], problems: ProblemCollector,
             loader: yaml.SafeLoader, budget: list[int], depth: int = 0) -> Any:
    budget[0] -= 1
    if budget[0] < 0 or depth > MAX_DEPTH:
        what = (f"more than {MAX_VALUES} values once aliases are followed (the limit; an alias of an alias "
                "multiplies)" if budget[0] < 0 else f"nested more than {MAX_DEPTH} levels deep through aliases")
        raise SpecError(Problem(what, problems.file, where or None, node.start_mark.line + 1))
    lines.setdefault(where, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                lines[where] = key_node.start_mark.line + 1
                problems.add(where, "expected text or whole-number keys, got a mapping or a list")
                continue
            key = _scalar(key_node, where, problems, loader)
            if key is BAD:
                continue
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                lines[where] = key_node.start_mark.line + 1
                problems.add(where, f"expected text or whole-number keys, got {describe(key)}")
                continue
            here = join(where, str(key))
            lines[here] = key_node.start_mark.line + 1
            if key in out:
                problems.add(here, "duplicate key (YAML would silently keep only the last one)")
                continue
            out[key] = _convert(value_node, here, lines, problems, loader, budget, depth + 1)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_convert(v, join(where, i), lines, problems, loader, budget, depth + 1)
                for i, v in enumerate(node.value)]
    value = _scalar(node, where, problems, loader)
    return None if value is BAD else value


BAD = object()    # a scalar that could not be read (its problem is recorded)


def _scalar(node: yaml.Node, where: str, problems: ProblemCollector, loader: yaml.SafeLoader) -> Any:
    """The node's value (a key's or a value's), or BAD after a problem at its line naming what its tag
    expects. A whole number's digits are counted in its text first: converting 4,300 digits raises,
    and `1:2:3:...` (base 60) takes quadratic time."""
    text = node.value if isinstance(node.value, str) else ""
    digits = sum(map(str.isalnum, text)) if node.tag == INT_TAG and len(text) > MAX_DIGITS else 0
    if digits > MAX_DIGITS:
        message = f"a whole number of {digits:,} digits; expected at most {MAX_DIGITS} digits (the limit)"
    else:
        try:
            return loader.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError, TypeError, KeyError, AttributeError, OverflowError):
            message = f'expected {TAG_WORDS.get(node.tag, "a value its tag allows")}, got {describe(text)}'
            if node.tag.startswith("!") and not node.tag.startswith("!!"):     # `text: !important`
                message = f'a value starting with "!" must be quoted (YAML reads "{node.tag}" as a tag)'
    problems.problems.append(Problem(message, problems.file, where or None, node.start_mark.line + 1))
    return BAD
