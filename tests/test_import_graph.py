"""The app and its screens form no import circle: no scene imports ``game.app``, scenes open
one another through the table of scenes (game/scenes/catalog.py), and the graph of every
import written in game/ (at the top of a module or inside a function) has no cycle through
the app or a scene module."""
from __future__ import annotations

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[1]
GAME = ROOT / "game"


def module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, pathlib.Path]:
    return {module_name(p): p for p in GAME.rglob("*.py")}


def imported(tree: ast.AST, here: str, known: set[str]) -> set[str]:
    """Every module of game/ an import statement anywhere in ``tree`` names: ``from a.b
    import c`` is a.b, and a.b.c too when c is a module."""
    out = set()
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the package of ``here``
                pkg = here.split(".")[: -node.level] if not here.endswith("__init__") else here.split(".")
                base = ".".join(pkg + ([base] if base else []))
            names = [base] + [f"{base}.{a.name}" for a in node.names]
        for name in names:
            # An import of a.b.c runs a and a.b first: the longest known prefix is the edge.
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name:
                out.add(name)
    return out


def graph() -> dict[str, set[str]]:
    mods = modules()
    known = set(mods)
    return {m: imported(ast.parse(p.read_text(encoding="utf-8")), m, known) - {m} for m, p in mods.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_no_scene_imports_the_app():
    offenders = []
    for path in sorted((GAME / "scenes").rglob("*.py")):
        here = module_name(path)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("game.app"):
                offenders.append(f"{here}:{node.lineno}")
            if isinstance(node, ast.Import) and any(a.name == "game.app" or a.name.startswith("game.app.") for a in node.names):
                offenders.append(f"{here}:{node.lineno}")
    assert offenders == []


def test_no_import_circle_through_the_app_or_a_scene():
    bad = [c for c in cycles(graph()) if any(m == "game.app" or m.startswith("game.scenes") for m in c)]
    assert bad == []


def test_the_cycle_finder_finds_a_circle_and_the_import_reader_reads_function_imports():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    tree = ast.parse("def f():\n    from game.scenes.menu import MenuScene\nimport game.app\n")
    assert imported(tree, "game.scenes.x", {"game", "game.scenes", "game.scenes.menu", "game.app"}) == {"game.scenes.menu", "game.app"}


def test_every_scene_of_the_table_is_the_scene_of_that_name():
    from game.scenes import catalog
    from game.scenes.base import Scene

    for name in catalog.SCENES:
        cls = catalog.scene_class(name)
        assert issubclass(cls, Scene) and cls.name == name, name
