"""Marjolet: a piquet pack, six cards each, several declarations at once; the trump jack
forms marjolets.

Rules text: ``docs/rules/dutch_games.txt`` ("Marjolet"); the family's mechanics: ``bezique.py``.
"""
from __future__ import annotations

from game.cards import PIQUET32
from game.rules.base import GameInfo, Option
from game.rules.bezique import (MARRIAGE, RA, RJ, RK, RQ, RT, TRUMP_MARRIAGE, BeziqueFamilyState, Combination, Variant,
                                four, target_option)

TABLE = (
    four("four_aces", RA, 100),
    four("four_tens", RT, 80),
    four("four_kings", RK, 60),
    four("four_queens", RQ, 40),
    TRUMP_MARRIAGE,
    MARRIAGE,
    Combination("trump_marjolet", "trump_pair", 40, ranks=(RJ, RQ)),
    Combination("marjolet", "trump_jack_queen", 20),
)
VARIANT = Variant(PIQUET32, 6, (3, 3), TABLE, None, "hand", "other_kind", declare_in_stage2=True, all_last_tricks=40,
                  last_draw=10, search_scale=50.0, search_horizon=None, chart_top=1200)


class MarjoletState(BeziqueFamilyState):
    variant = VARIANT
    info = GameInfo(
        id="marjolet", name="Marjolet", min_players=2, max_players=2, deck=PIQUET32,
        options=(
            target_option(500, (500, 1000)),
            Option("marriage", ("king_queen", "jack_queen"), "king_queen",
                   "a marriage is the king and queen of a suit that is not trumps, or (variant) the jack and queen"),
            Option("last_draw", ("drawer", "trick_winner"), "drawer",
                   "10 points to the player who draws the last card, or (variant) to the winner of the last "
                   "trick before it"),
        ),
        description="Piquet pack, six cards each, several declarations at once; the trump jack forms marjolets.",
    )
