"""The app's screens by name, as the registry lists the games: a scene opens another through
this table (``make("rules", app, game_id)``), never by importing its module, so the app and
its scene modules form no import circle (tests/test_import_graph.py).

Each name is the scene class's own ``name``; the module is imported on first use.
"""
from __future__ import annotations

import importlib
from typing import Any

SCENES: dict[str, str] = {
    "menu": "game.scenes.menu:MenuScene",
    "setup": "game.scenes.setup:SetupScene",
    "table": "game.scenes.table:TableScene",
    "pause": "game.scenes.pause:PauseScene",
    "handoff": "game.scenes.handoff:HandoffScene",
    "summary": "game.scenes.summary:SummaryScene",
    "gameover": "game.scenes.gameover:GameOverScene",
    "review": "game.scenes.review:ReviewScene",
    "recent": "game.scenes.recent:RecentGamesScene",
    "rules": "game.scenes.rules:RulesScene",
    "settings": "game.scenes.settings:SettingsScene",
    "stats": "game.scenes.stats:StatsScene",
    "attract": "game.scenes.attract:AttractScene",
    "operator": "game.scenes.operator:CodePadScene",
    "operator_menu": "game.scenes.operator:OperatorScene",
    "kiosk_off": "game.scenes.operator:KioskOffScene",
    "continue": "game.scenes.in_progress:ContinueScene",
    "replace": "game.scenes.in_progress:ReplaceScene",
    "known_players": "game.scenes.players:KnownPlayersScene",
    "rename_player": "game.scenes.players:RenamePlayerScene",
}


def scene_class(name: str) -> type:
    """The class of the scene called ``name`` (its module imported now if it was not)."""
    try:
        target = SCENES[name]
    except KeyError:
        raise LookupError(f"no scene called {name!r}; scenes: {', '.join(sorted(SCENES))}") from None
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)


def make(name: str, app, *args: Any, **kwargs: Any):
    """A new scene ``name`` for ``app``, with the arguments its class takes."""
    return scene_class(name)(app, *args, **kwargs)


def showing(scene, name: str) -> bool:
    """Is ``scene`` the scene called ``name`` (not a scene derived from it)?"""
    return scene is not None and getattr(scene, "name", None) == name
