"""The shape of the code: rules and bots stay headless (no pygame under game/rules or
game/bots), and the app learns each game from its plug-in (no code outside a game's own
modules and the registry names a game)."""
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


# ------------------------------------------------------------------ one plug-in per game
# Files that still name games, and why (empty: every branch that named one has landed).
NAMING_GAMES_FOR_NOW: set[str] = set()
# Screenshot fixtures: fixed deals of particular games, like the tests' (they may name games).
FIXTURES = {"tools/screenshots.py", "tools/saves_screenshots.py"}


def game_ids() -> set[str]:
    from game.registry import ENTRIES

    return {e.id for e in ENTRIES}


def own_modules() -> dict[str, set[str]]:
    """Per game id, the files that are that game's own: the modules its registry entry
    names (rules, bots, view, stats) and every module whose name starts with its id
    (game/bots/olsen_playout.py, ...)."""
    from game.registry import ENTRIES

    out: dict[str, set[str]] = {}
    for e in ENTRIES:
        files = set()
        for part in (e.rules, e.bots, e.view, e.stats):
            if part:
                files.add(part.partition(":")[0].replace(".", "/") + ".py")
        for path in ROOT.glob("game/**/*.py"):
            if path.stem.startswith(e.id):
                files.add(str(path.relative_to(ROOT)))
        out[e.id] = files
    return out


def names_of_games(tree: ast.AST, ids: set[str]) -> list[tuple[int, str]]:
    """(line, id) of every string constant equal to a game id, but the app's name
    (``APP_NAME = "..."``: the launcher keeps the name of the collection's first game)."""
    app_name = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "APP_NAME" for t in node.targets):
            app_name.add(id(node.value))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in ids and id(node) not in app_name
    ]


def imports_of_games(tree: ast.AST, own: dict[str, set[str]]) -> list[tuple[int, str]]:
    """(line, id) of every import of a game's own module (``game.bots.orlan_policy``)."""
    modules = {f[:-3].replace("/", "."): gid for gid, files in own.items() for f in files}
    out = []
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        out += [(node.lineno, modules[n]) for n in names if n in modules]
    return out


def test_no_code_names_a_game_outside_its_own_modules_and_the_registry():
    ids = game_ids()
    own = own_modules()
    offenders = []
    for folder in ("game", "tools"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = str(path.relative_to(ROOT))
            if rel == "game/registry.py" or rel in NAMING_GAMES_FOR_NOW or rel in FIXTURES:
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for line, gid in names_of_games(tree, ids):
                if rel not in own[gid]:
                    offenders.append(f"{rel}:{line} names {gid!r}")
            for line, gid in imports_of_games(tree, own):
                if rel not in own[gid]:
                    offenders.append(f"{rel}:{line} imports a module of {gid!r}")
    assert offenders == []


def test_the_architecture_check_catches_a_name_and_a_comparison():
    ids = game_ids()
    gid = sorted(ids)[0]
    caught = names_of_games(ast.parse(f"x = {gid!r}\nif game == {gid!r}:\n    pass\nAPP_NAME = {gid!r}\n"), ids)
    assert caught == [(1, gid), (2, gid)]


def test_the_exceptions_still_name_a_game():
    """An exception that no longer names a game is dropped from the list (so the list
    shrinks as the branches land)."""
    ids = game_ids()
    own = own_modules()
    for rel in sorted(NAMING_GAMES_FOR_NOW | FIXTURES):
        path = ROOT / rel
        assert path.exists(), rel
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assert names_of_games(tree, ids) or imports_of_games(tree, own), f"{rel} names no game: take it off the list"


def test_every_game_module_is_importable_from_its_entry():
    from game.registry import ENTRIES

    for e in ENTRIES:
        for part in ("rules", "bots", "view", "stats"):
            if getattr(e, part):
                assert e.load(part) is not None, (e.id, part)
