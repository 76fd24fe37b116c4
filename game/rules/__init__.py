"""Every game's id mapped to its State class, read from the shelf (game/registry.py)."""
from __future__ import annotations

from game.registry import ENTRIES
from game.rules.base import GameInfo, RulesError, State

GAMES: dict[str, type[State]] = {e.id: e.load("rules") for e in ENTRIES}


def game_class(game_id: str) -> type[State]:
    try:
        return GAMES[game_id]
    except KeyError:
        raise RulesError(f"unknown game {game_id!r}; games are {sorted(GAMES)}") from None


def new_game(game_id: str, players: int, options=None, seed: int = 0, deck_order=None) -> State:
    return game_class(game_id).new(players, options, seed, deck_order)


def load_state(data: dict) -> State:
    if not isinstance(data, dict):
        raise RulesError("a state must be a JSON object")
    return game_class(data.get("game")).from_json(data)


__all__ = ["GAMES", "GameInfo", "RulesError", "State", "game_class", "new_game", "load_state"]
