"""Binage / Cinq Cents: the forerunner of Bezique, a piquet pack, eight cards each, no fours
of a kind.

Rules text: ``docs/rules/dutch_games.txt`` ("Binage / Cinq Cents"); the family's mechanics:
``bezique.py``.
"""
from __future__ import annotations

from game.cards import PIQUET32
from game.rules.base import GameInfo
from game.rules.bezique import (MARRIAGE, TRUMP_MARRIAGE, TRUMP_SEQUENCE, BeziqueFamilyState, Combination, Variant,
                                target_option)

TABLE = (
    TRUMP_SEQUENCE,
    Combination("sequence", "sequence", 120),
    TRUMP_MARRIAGE,
    MARRIAGE,
    Combination("binage", "jacks_queens", 40, count=1),
)
VARIANT = Variant(PIQUET32, 8, (3, 2, 3), TABLE, 1, "hand", "other_kind", search_scale=50.0, search_horizon=None,
                  chart_top=1300)


class BinageState(BeziqueFamilyState):
    variant = VARIANT
    info = GameInfo(
        id="binage", name="Binage / Cinq Cents", min_players=2, max_players=2, deck=PIQUET32,
        options=(target_option(500, (500, 1000)),),
        description="The forerunner of Bezique: piquet pack, eight cards each, no fours of a kind.",
    )
