"""The pipeline's layers import downwards only: load -> model -> render -> layout -> output, with the solver beside
render reading the model, geometry (shapes in millimetres: outlines, hex maps, nets, fits) beneath the model, and
common (errors, units, paths, confined reads, limits, colour science, the cache) beneath everything. A module that
reaches up (the solver drawing, the renderer imposing, the loader rendering) fails here, naming the import, so the
shape the folders spell stays the code's shape.
"""

from __future__ import annotations

import ast
from pathlib import Path

from source_tree import parsed

GENERATOR = Path(__file__).parent.parent / "generator"

# the commands and tools on top: nothing in the pipeline imports them
TOP = {"commands", "cli", "calibrate"}
PIPELINE = {"load", "model", "geometry", "render", "layout", "output", "solver"}
# package (under generator/) -> packages it must never import
FORBIDDEN = {
    "common": PIPELINE | TOP,
    "load": {"render", "layout", "output", "solver"} | TOP,          # load + validate
    "model": {"load", "render", "layout", "output", "solver"} | TOP,
    "geometry": {"load", "model", "render", "layout", "output", "solver"} | TOP,
    "render": {"layout", "output", "solver"} | TOP,
    "layout": {"render", "output", "solver"} | TOP,
    "solver": {"render", "layout", "output"} | TOP,
    "output": TOP,
}


def _imports(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
    return found


def _package(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if parts[0] == "generator" and len(parts) > 1 else None


def upward_imports() -> list[str]:
    bad = []
    for path in sorted(GENERATOR.rglob("*.py")):
        rel = path.relative_to(GENERATOR)
        own = rel.parts[0].removesuffix(".py")
        for line, module in _imports(path):
            target = _package(module)
            if target in FORBIDDEN.get(own, ()):
                bad.append(f"generator/{rel.as_posix()}:{line}: {own} imports {module}")
    return bad


def test_no_layer_imports_a_higher_one():
    assert upward_imports() == []


def test_the_check_finds_an_upward_import(tmp_path, monkeypatch):
    """The test above can fail: a solver module importing the renderer is caught."""
    fake = tmp_path / "generator"
    (fake / "solver").mkdir(parents=True)
    (fake / "solver" / "cheat.py").write_text("from generator.render.context import mix\n")
    monkeypatch.setattr(__import__(__name__), "GENERATOR", fake)
    assert upward_imports() == ["generator/solver/cheat.py:1: solver imports generator.render.context"]


def test_no_two_modules_or_packages_import_each_other():
    """No import cycle between the top-level modules and packages of generator/ (render and theme were one)."""
    edges = set()
    for path in sorted(GENERATOR.rglob("*.py")):
        own = path.relative_to(GENERATOR).parts[0].removesuffix(".py")
        edges |= {(own, target) for _, module in _imports(path) if (target := _package(module)) and target != own}
    assert sorted((a, b) for a, b in edges if (b, a) in edges and a < b) == []


def test_generator_holds_packages_only():
    """The folders spell the pipeline: no module lies loose beside the packages but the package's own two."""
    loose = sorted(p.name for p in GENERATOR.glob("*.py") if p.name not in {"__init__.py", "__main__.py"})
    assert loose == []


def test_every_package_has_an_init():
    missing = [d.relative_to(GENERATOR).as_posix() for d in GENERATOR.rglob("*")
               if d.is_dir() and d.name != "__pycache__" and any(d.glob("*.py")) and not (d / "__init__.py").exists()]
    assert missing == []


def _module_graph() -> dict[str, set[str]]:
    """Each module of generator/ -> the modules of generator/ it imports. `from generator.load import schema` imports
    the module schema; a package's own name stands for its __init__."""
    def name(path: Path) -> str:
        return ".".join(("generator", *path.relative_to(GENERATOR).with_suffix("").parts)).removesuffix(".__init__")

    names = {name(p) for p in GENERATOR.rglob("*.py")}
    graph = {}
    for path in sorted(GENERATOR.rglob("*.py")):
        targets = set()
        for node in ast.walk(parsed(path)):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                subs = {f"{node.module}.{a.name}" for a in node.names} & names
                targets |= subs if len(subs) == len(node.names) else {node.module}
            elif isinstance(node, ast.Import):
                targets |= {a.name for a in node.names}
        graph[name(path)] = {t for t in targets if t in names and t != name(path)}
    return graph


def module_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every group of modules that import each other, round and round (Tarjan's strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_two_modules_import_each_other():
    """Not even for type hints only (Nusfjord's engine and work actions were such a pair; a Protocol broke it)."""
    assert module_cycles(_module_graph()) == []


def test_the_cycle_check_finds_a_cycle():
    assert module_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
