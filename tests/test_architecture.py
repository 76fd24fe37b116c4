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
# Screenshot fixtures: fixed deals of particular games, like the tests' (they may name games).
FIXTURES = {"tools/screenshots.py", "tools/saves_screenshots.py"}


def game_ids() -> set[str]:
    from game.registry import ENTRIES

    return {e.id for e in ENTRIES}


def entry_files(entry) -> set[str]:
    """The files a registry entry names (rules, bots, view, stats)."""
    return {part.partition(":")[0].replace(".", "/") + ".py" for part in (entry.rules, entry.bots, entry.view, entry.stats)
            if part}


def shared_modules() -> set[str]:
    """A family's modules, which serve whatever games the registry gives them and so name
    none: the files named by the entries of several games (its bots, its view, its
    statistics) and those named after the family (its rules: game/rules/rummy.py; a module
    of the family whose name starts with a game's id says so: bezique_family_endgame.py)."""
    from game.registry import ENTRIES, FAMILIES

    seen: dict[str, int] = {}
    for e in ENTRIES:
        for f in entry_files(e):
            seen[f] = seen.get(f, 0) + 1
    named = {str(p.relative_to(ROOT)) for p in ROOT.glob("game/**/*.py") if p.stem in FAMILIES or p.stem.startswith(tuple(f + "_family" for f in FAMILIES))}
    return {f for f, n in seen.items() if n > 1} | named


def own_modules() -> dict[str, set[str]]:
    """Per game id, the files that are that game's own: the modules its registry entry
    names and every module whose name starts with its id (game/bots/olsen_playout.py,
    ...), but the modules several games share, which are no game's own."""
    from game.registry import ENTRIES

    shared = shared_modules()
    out: dict[str, set[str]] = {}
    for e in ENTRIES:
        files = entry_files(e)
        for path in ROOT.glob("game/**/*.py"):
            if path.stem.startswith(e.id):
                files.add(str(path.relative_to(ROOT)))
        out[e.id] = files - shared
    return out


def names_of_games(tree: ast.AST, ids: set[str]) -> list[tuple[int, str]]:
    """(line, id) of every string constant equal to a game id, but the app's name
    (``APP_NAME = "..."``: the launcher keeps the name of the collection's first game) and
    the name of a declaration of the Bezique family (``Combination("bezique", ...)``: the
    jack and queen that gave the game its name)."""
    not_games = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "APP_NAME" for t in node.targets):
            not_games.add(id(node.value))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Combination" and node.args:
            not_games.add(id(node.args[0]))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in ids and id(node) not in not_games
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
            if rel == "game/registry.py" or rel in FIXTURES:
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
    source = f"x = {gid!r}\nif game == {gid!r}:\n    pass\nAPP_NAME = {gid!r}\nc = Combination({gid!r}, {gid!r}, 40)\n"
    caught = names_of_games(ast.parse(source), ids)
    assert sorted(caught) == [(1, gid), (2, gid), (5, gid)]


def test_a_family_module_is_no_games_own():
    """A module several games share (named by several entries, or after the family) names
    none of them: a family's tables keyed by game id are caught."""
    shared = shared_modules()
    own = own_modules()
    for family_module in ("game/rules/rummy.py", "game/rules/tarot.py", "game/rules/bezique.py",
                          "game/bots/rummy_policy.py", "game/bots/tarot_policy.py", "game/bots/bezique_policy.py"):
        assert family_module in shared
        assert not any(family_module in files for files in own.values()), family_module
    assert "game/bots/olsen_playout.py" in own["olsen"]


def test_every_game_module_is_importable_from_its_entry():
    from game.registry import ENTRIES

    for e in ENTRIES:
        for part in ("rules", "bots", "view", "stats"):
            if getattr(e, part):
                assert e.load(part) is not None, (e.id, part)
