"""The shelf: one entry per game, and the only place in the program that lists the games.

An entry names the parts of a game's plug-in as ``"module:attribute"`` strings, imported
on first use, so the protocol and the simulator never import the app's pygame views:

    rules   the game's State class (game/rules)
    bots    the module that registers the game's bot hooks (game/bots)
    view    how the one table shows the game and turns input into moves (game/scenes; pygame)
    stats   what the statistics count from the game's events and what the statistics
            scene shows (a ``game.stats.GameStats`` subclass in game/stats_games; headless)

The rest of what the app shows of a game follows from its id and its rules' ``GameInfo``:

    family          which shelf of the menu it stands on (``FAMILIES``)
    players         GameInfo.min_players .. max_players; teams from GameInfo.teams
    setup options   GameInfo.options, labelled by the game's texts (docs/plugins.md)
    texts           data/i18n/games/<id>.<lang>.json: ``<id>.title`` (its name),
                    ``<id>.description`` (one line on the shelf), its options, its own keys
    rules page      data/i18n/rules/<id>.<lang>.md

Menus, scenes, statistics and saves read the games from here and never name one. The
order of ``ENTRIES`` is the order on the shelf; the first entry is the default game.
How to add a game: docs/plugins.md.
"""
from __future__ import annotations

import importlib
import sys
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
    # Options for a short game, as (name, value) pairs: the kiosk's attract screen plays
    # the first game with them, so passers-by see a game end now and then.
    demo: tuple[tuple[str, Any], ...] = ()
    # What the game calls a round, "round", "hand" or "deal": the shelf's game in progress
    # and the review say "Hand 3", "Next hand" as the table does.
    round_word: str = "round"

    def load(self, part: str) -> Any:
        """The object a part names (``entry.load("rules")`` is the State class)."""
        target = getattr(self, part)
        if not target:
            raise LookupError(f"{self.id} has no {part} part")
        module, _, attr = target.partition(":")
        obj = importlib.import_module(module)
        return getattr(obj, attr) if attr else obj

    @property
    def info(self):
        """The rules' ``GameInfo`` (players, options, teams)."""
        return self.load("rules").info

    def loaded_info(self):
        """``info`` if the rules are imported already, else None: the menu's first frame
        shows without importing them (App.finish_start does, right after)."""
        return self.info if self.rules.partition(":")[0] in sys.modules else None

    @property
    def title_key(self) -> str:
        return f"{self.id}.title"

    @property
    def description_key(self) -> str:
        return f"{self.id}.description"


ENTRIES: tuple[GameEntry, ...] = (
    GameEntry("orlan", "fishing", "game.rules.orlan:OrlanState", "game.bots.orlan_policy",
              view="game.scenes.views.orlan:OrlanView", stats="game.stats_games.orlan:OrlanStats",
              demo=(("target", 11),)),
    GameEntry("olsen", "tricks", "game.rules.olsen:OlsenState", "game.bots.olsen_policy",
              view="game.scenes.views.tricks:OlsenView", stats="game.stats_games.olsen:OlsenStats", round_word="hand"),
    GameEntry("aluette", "tricks", "game.rules.aluette:AluetteState", "game.bots.aluette_policy",
              view="game.scenes.views.tricks:AluetteView", stats="game.stats_games.aluette:AluetteStats", round_word="deal"),
    GameEntry("basic_rummy", "rummy", "game.rules.basic_rummy:BasicRummyState", "game.bots.rummy_policy",
              view="game.scenes.views.rummy:RummyView", stats="game.stats_games.rummy:RummyFamilyStats", round_word="hand"),
    GameEntry("classic_rummy", "rummy", "game.rules.classic_rummy:ClassicRummyState", "game.bots.rummy_policy",
              view="game.scenes.views.rummy:RummyView", stats="game.stats_games.rummy:RummyFamilyStats", round_word="hand"),
    GameEntry("boathouse_rummy", "rummy", "game.rules.boathouse_rummy:BoathouseRummyState", "game.bots.rummy_policy",
              view="game.scenes.views.rummy:RummyView", stats="game.stats_games.rummy:RummyFamilyStats", round_word="hand"),
    GameEntry("jersey_gin", "rummy", "game.rules.jersey_gin:JerseyGinState", "game.bots.rummy_policy",
              view="game.scenes.views.rummy:RummyView", stats="game.stats_games.rummy:RummyFamilyStats", round_word="hand"),
    GameEntry("maison_troggen", "tarot", "game.rules.maison_troggen:MaisonTroggenState", "game.bots.tarot_policy",
              view="game.scenes.views.tarot:MaisonTroggenView", stats="game.stats_games.maison_troggen:MaisonTroggenStats", round_word="deal"),
    GameEntry("leipzig_taroc", "tarot", "game.rules.leipzig_taroc:LeipzigTarocState", "game.bots.tarot_policy",
              view="game.scenes.views.tarot:LeipzigTarocView", stats="game.stats_games.leipzig_taroc:LeipzigTarocStats", round_word="deal"),
    GameEntry("la_rigueur", "tarot", "game.rules.la_rigueur:LaRigueurState", "game.bots.tarot_policy",
              view="game.scenes.views.tarot:LaRigueurView", stats="game.stats_games.la_rigueur:LaRigueurStats", round_word="deal"),
    GameEntry("triomphe_forcee", "tarot", "game.rules.triomphe_forcee:TriompheForceeState", "game.bots.tarot_policy",
              view="game.scenes.views.tarot:TriompheForceeView", stats="game.stats_games.triomphe_forcee:TriompheForceeStats", round_word="deal"),
    GameEntry("bezique", "bezique", "game.rules.bezique_game:BeziqueState", "game.bots.bezique_policy",
              view="game.scenes.views.bezique:BeziqueView", stats="game.stats_games.bezique:BeziqueFamilyStats", round_word="deal"),
    GameEntry("marjolet", "bezique", "game.rules.marjolet:MarjoletState", "game.bots.bezique_policy",
              view="game.scenes.views.bezique:BeziqueView", stats="game.stats_games.bezique:BeziqueFamilyStats", round_word="deal"),
    GameEntry("binage", "bezique", "game.rules.binage:BinageState", "game.bots.bezique_policy",
              view="game.scenes.views.bezique:BeziqueView", stats="game.stats_games.bezique:BeziqueFamilyStats", round_word="deal"),
    GameEntry("fildinski", "bezique", "game.rules.fildinski:FildinskiState", "game.bots.bezique_policy",
              view="game.scenes.views.bezique:BeziqueView", stats="game.stats_games.bezique:BeziqueFamilyStats", round_word="deal"),
    GameEntry("rubicon", "bezique", "game.rules.rubicon:RubiconState", "game.bots.bezique_policy",
              view="game.scenes.views.bezique:BeziqueView", stats="game.stats_games.bezique:BeziqueFamilyStats", round_word="deal"),
)

BY_ID: dict[str, GameEntry] = {e.id: e for e in ENTRIES}


def default_game() -> str:
    """The game chosen when none is named: the first on the shelf."""
    return ENTRIES[0].id


def entry(game_id: str) -> GameEntry:
    try:
        return BY_ID[game_id]
    except KeyError:
        raise LookupError(f"unknown game {game_id!r}; games are {sorted(BY_ID)}") from None


def shelf() -> list[tuple[str, list[GameEntry]]]:
    """The families that have a game, in ``FAMILIES`` order, each with its games in
    registry order: what the menu shows."""
    return [(family, games) for family in FAMILIES if (games := [e for e in ENTRIES if e.family == family])]
