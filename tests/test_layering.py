"""Every module imports only downwards: no import circle among the project's modules,
whether the import is at the top of a module or inside a function (an import moved into
a function to dodge a circle is still a circle), and the scoring core imports no
Django."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("taroky_scoring", "tournaments", "taroky_site")


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    return found


MODULES = _modules()


def _imported(module: str, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The project's modules an import statement of ``module`` names."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name in MODULES]
    package = module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]
    if node.level:
        parts = package.split(".")
        base = ".".join(
            parts[: len(parts) - node.level + 1] + ([node.module] if node.module else [])
        )
    else:
        base = node.module or ""
    named = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in MODULES]
    return named or ([base] if base in MODULES else [])


def import_graph() -> dict[str, set[str]]:
    graph = {}
    for module, path in MODULES.items():
        edges = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import | ast.ImportFrom):
                edges.update(m for m in _imported(module, node) if m != module)
        graph[module] = edges
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
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


def test_no_module_imports_another_that_imports_it_back():
    assert circles(import_graph()) == []


def test_the_detector_finds_a_circle():
    # The two circles the code once had: points <-> registry, deals <-> links.
    graph = {
        "taroky_scoring.points": {"taroky_scoring.registry"},
        "taroky_scoring.registry": {"taroky_scoring.points"},
        "tournaments.services.deals": {"tournaments.services.links"},
        "tournaments.services.links": {"tournaments.services.deals", "tournaments.models"},
        "tournaments.models": set(),
    }
    assert circles(graph) == [
        ["taroky_scoring.points", "taroky_scoring.registry"],
        ["tournaments.services.deals", "tournaments.services.links"],
    ]
    # A relative import inside a function counts too.
    node = ast.parse("def f():\n    from .deals import void_deal\n").body[0].body[0]
    assert _imported("tournaments.services.links", node) == ["tournaments.services.deals"]


def test_the_scoring_core_imports_no_django():
    for module, path in MODULES.items():
        if not module.startswith("taroky_scoring"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            assert not any(n.split(".")[0] == "django" for n in names), module
