"""Rules and bots stay headless: no pygame anywhere under game/rules or game/bots."""
import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_no_pygame_under_rules_or_bots():
    offenders = []
    for folder in ("game/rules", "game/bots"):
        for path in (ROOT / folder).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                if any(n.split(".")[0] in ("pygame", "pygame_gui") for n in names):
                    offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []
