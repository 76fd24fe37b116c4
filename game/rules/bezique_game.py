"""Bezique: two packs of piquet cards, one declaration per won trick, bezique is J♦ with Q♠.

Rules text: ``docs/rules/dutch_games.txt`` ("Bezique"); the family's mechanics: ``bezique.py``.
"""
from __future__ import annotations

from game.cards import PIQUET64
from game.rules.base import GameInfo
from game.rules.bezique import (FOURS, MARRIAGE, TRUMP_MARRIAGE, TRUMP_SEQUENCE, BeziqueFamilyState, Combination, Variant,
                                bezique_pair_option, target_option)

TABLE = (
    TRUMP_SEQUENCE,
    *FOURS,
    TRUMP_MARRIAGE,
    MARRIAGE,
    Combination("bezique", "jacks_queens", 40, count=1),
    Combination("double_bezique", "jacks_queens", 500, count=2),
)
# A whole deal is 32 tricks: played out, one different card changes every later draw and the
# values drown in that noise; six turns ahead they compare (docs/bots.md).
VARIANT = Variant(PIQUET64, 8, (3, 2, 3), TABLE, 1, "hand", "higher", search_scale=100.0, search_horizon=6,
                  chart_top=2100)  # a deal ends when a total reaches 1500 at most; double bezique is 500


class BeziqueState(BeziqueFamilyState):
    variant = VARIANT
    info = GameInfo(
        id="bezique", name="Bezique", min_players=2, max_players=2, deck=PIQUET64,
        options=(target_option(1000, (1000, 500, 1500)), bezique_pair_option("bezique")),
        description="Two packs of piquet cards; one declaration per won trick; bezique is J♦ with Q♠.",
    )
