"""Fildinski: Polish Bezique, declarations made from the cards won, lying face up.

Rules text: ``docs/rules/dutch_games.txt`` ("Fildinski"); the family's mechanics: ``bezique.py``.
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
    Combination("fildinski", "jacks_queens", 40, count=1),
    Combination("double_fildinski", "jacks_queens", 500, count=2),
)
VARIANT = Variant(PIQUET64, 8, (3, 2, 3), TABLE, None, "won", "other_kind", one_use_per_turn=True, search_scale=100.0,
                  search_horizon=6, chart_top=1600)


class FildinskiState(BeziqueFamilyState):
    variant = VARIANT
    info = GameInfo(
        id="fildinski", name="Fildinski", min_players=2, max_players=2, deck=PIQUET64,
        options=(target_option(500, (500, 1000)), bezique_pair_option("fildinski")),
        description="Polish Bezique: declarations are made from the cards won, lying face up.",
    )
