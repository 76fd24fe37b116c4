"""The shelf: one entry per game, and the only place in the program that lists the games.

An entry names the parts of a game's plug-in as ``"module:attribute"`` strings, imported
on first use, so the protocol and the simulator never import the app's pygame views:

    rules   the game's State class (game/rules)
    bots    the module that registers the game's bot hooks (game/bots)
    view    how the one table shows the game and turns input into moves (game/scenes; pygame)
    stats   what the statistics count from the game's events (headless)

Menus, scenes, statistics and saves read the games from here and never name one.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

FAMILIES = ("fishing", "tricks", "rummy", "bezique", "tarot")


@dataclass(frozen=True)
class GameEntry:
    id: str
    family: str
    rules: str
    bots: str
    view: str = ""
    stats: str = ""

    def load(self, part: str) -> Any:
        """The object a part names (``entry.load("rules")`` is the State class)."""
        target = getattr(self, part)
        if not target:
            raise LookupError(f"{self.id} has no {part} part")
        module, _, attr = target.partition(":")
        obj = importlib.import_module(module)
        return getattr(obj, attr) if attr else obj


ENTRIES: tuple[GameEntry, ...] = (
    GameEntry("orlan", "fishing", "game.rules.orlan:OrlanState", "game.bots.orlan_policy"),
    GameEntry("olsen", "tricks", "game.rules.olsen:OlsenState", "game.bots.olsen_policy"),
    GameEntry("aluette", "tricks", "game.rules.aluette:AluetteState", "game.bots.aluette_policy"),
    GameEntry("bezique", "bezique", "game.rules.bezique:BeziqueState", "game.bots.bezique_policy"),
    GameEntry("marjolet", "bezique", "game.rules.bezique:MarjoletState", "game.bots.bezique_policy"),
    GameEntry("binage", "bezique", "game.rules.bezique:BinageState", "game.bots.bezique_policy"),
    GameEntry("fildinski", "bezique", "game.rules.bezique:FildinskiState", "game.bots.bezique_policy"),
    GameEntry("rubicon", "bezique", "game.rules.bezique:RubiconState", "game.bots.bezique_policy"),
)

BY_ID: dict[str, GameEntry] = {e.id: e for e in ENTRIES}
