"""Each game's view on the one table (game/scenes/table.py); the interface is in base.py."""
from __future__ import annotations

from game.registry import BY_ID


def view_for(game_id: str):
    """The view class of a game, from its registry entry (the only place that names it)."""
    return BY_ID[game_id].load("view")
