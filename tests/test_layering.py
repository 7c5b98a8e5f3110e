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


def imported_from_tests(module: str, source: str) -> list[str]:
    """The modules of ``tests`` that the test module or helper ``module`` (dotted, as
    ``tests.web.test_hall``) imports from, at the top or inside a function."""
    package = module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            bases = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            # ``from . import test_x`` names a module; ``from .x import y`` a name in x.
            bases = [base] + [f"{base}.{a.name}" for a in node.names]
        else:
            continue
        found += [b for b in bases if b.split(".")[0] == "tests"]
    return found


def _is_test_module(name: str) -> bool:
    return name.rpartition(".")[2].startswith("test_")


def test_no_test_module_imports_another():
    """Shared helpers live in conftest.py or a helpers module: a test module imported by
    another runs its tests' module code twice and ties the two files together."""
    imports = {}
    for path in sorted((ROOT / "tests").rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        named = imported_from_tests(module, path.read_text(encoding="utf-8"))
        if bad := sorted({n for n in named if _is_test_module(n)}):
            imports[module] = bad
    assert imports == {}


def test_the_check_finds_each_way_of_importing_a_test_module():
    source = (
        "from .test_deal_pages import form_data\n"
        "from ..web.test_seasons import nights\n"
        "from tests.scoring import test_texas as texas\n"
        "import tests.web.test_races\n"
        "def f():\n    from . import test_hall\n"
        "from .deal_forms import form_data\n"
        "from ..conftest import played_doc\n"
    )
    named = imported_from_tests("tests.web.test_hall", source)
    assert sorted({n for n in named if _is_test_module(n)}) == [
        "tests.scoring.test_texas",
        "tests.web.test_deal_pages",
        "tests.web.test_hall",
        "tests.web.test_races",
        "tests.web.test_seasons",
    ]
