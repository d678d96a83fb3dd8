"""YAML reading that remembers the line of every key, so errors can point at it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from generator.errors import Problem, ProblemCollector, SpecError, display_path


def join(where: str, key: object) -> str:
    """Key path notation used in every error: `components[2].size`."""
    if isinstance(key, int):
        return f"{where}[{key}]"
    return f"{where}.{key}" if where else str(key)


def load_yaml(path: Path) -> tuple[Any, dict[str, int]]:
    """Parse a YAML file; return the data and a map from key path to 1-based line number.

    Malformed YAML, undecodable text and duplicate keys are SpecErrors naming the file and line.
    """
    shown = display_path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SpecError(Problem("file not found", shown)) from None
    except UnicodeDecodeError:
        raise SpecError(Problem("expected UTF-8 text", shown)) from None
    except OSError as exc:
        raise SpecError(Problem(f"cannot read the file ({exc.strerror})", shown)) from None
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        what = exc.problem or exc.context or "syntax error"
        raise SpecError(Problem(f"malformed YAML: {what}", shown, None, mark.line + 1 if mark else None)) from None
    except yaml.YAMLError as exc:
        raise SpecError(Problem(f"malformed YAML: {exc}", shown)) from None
    finally:
        loader.dispose()
    lines: dict[str, int] = {}
    problems = ProblemCollector(shown, lines)
    data = _convert(node, "", lines, problems, loader) if node is not None else None
    problems.raise_if_any()
    return data, lines


def _convert(node: yaml.Node, where: str, lines: dict[str, int], problems: ProblemCollector, loader: yaml.SafeLoader) -> Any:
    lines.setdefault(where, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                lines[where] = key_node.start_mark.line + 1
                problems.add(where, f"expected text or whole-number keys, got {key!r}")
                continue
            here = join(where, str(key))
            lines[here] = key_node.start_mark.line + 1
            if key in out:
                problems.add(here, "duplicate key (YAML would silently keep only the last one)")
                continue
            out[key] = _convert(value_node, here, lines, problems, loader)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_convert(v, join(where, i), lines, problems, loader) for i, v in enumerate(node.value)]
    try:
        return loader.construct_object(node, deep=True)
    except yaml.YAMLError as exc:
        problems.add(where, f"malformed value: {exc}")
        return None
