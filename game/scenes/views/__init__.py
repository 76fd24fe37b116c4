"""Each game's view on the one table (game/scenes/table.py); the interface is in base.py."""
from __future__ import annotations

from game.registry import BY_ID


def view_for(game_id: str):
    """The view class of a game, from its registry entry (the only place that names it)."""
    return BY_ID[game_id].load("view")


class BareTable:
    """Enough of a table for a view that only writes summaries and game-over lines."""

    def __init__(self, app, match, viewer: int = 0) -> None:
        self.app, self.match, self.viewer, self.frozen, self.steps = app, match, viewer, False, []
        self.obs = match.observation(viewer)
        self.shown: dict = {}


def standalone_view(app, match):
    """A game's view outside a table scene, its picture read from seat 0's observation."""
    bare = BareTable(app, match)
    view = view_for(match.game_id)(bare)
    bare.shown = view.show(bare.obs, {})
    return view
