"""Rubicon: four packs, nine cards each, no turned trump: the first marriage names trumps.

Rules text: ``docs/rules/dutch_games.txt`` ("Rubicon"); the family's mechanics: ``bezique.py``.
"""
from __future__ import annotations

from game.cards import PIQUET128
from game.rules.base import GameInfo, Option
from game.rules.bezique import (FOURS, MARRIAGE, RT, TRUMP_MARRIAGE, TRUMP_SEQUENCE, BeziqueFamilyState, Combination,
                                Variant, four)

TABLE = (
    TRUMP_SEQUENCE,
    Combination("sequence", "sequence", 150),
    FOURS[0],
    four("four_tens", RT, 90),  # the aces' and the tens' fours, then Bezique's other fours
    *FOURS[1:],
    TRUMP_MARRIAGE,
    MARRIAGE,
    Combination("bezique", "jacks_queens", 40, count=1),
    Combination("double_bezique", "jacks_queens", 500, count=2),
    Combination("triple_bezique", "jacks_queens", 1500, count=3),
    Combination("quadruple_bezique", "jacks_queens", 4500, count=4),
    Combination("carte_blanche", "carte_blanche", 50),
)
VARIANT = Variant(PIQUET128, 9, (3, 3, 3), TABLE, None, "hand", "higher", refill=True, turned_trump=False, brisques=False,
                  last_trick=50, target_option=False, search_scale=200.0, search_horizon=6,
                  chart_top=8000)  # no target: a deal of four-pack declarations (quadruple bezique 4,500)


class RubiconState(BeziqueFamilyState):
    variant = VARIANT
    info = GameInfo(
        id="rubicon", name="Rubicon", min_players=2, max_players=2, deck=PIQUET128,
        options=(
            Option("deals", (3, 1, 5), 3, "the match is this many deals; the highest total wins"),
            Option("bezique_pair", ("fixed", "trump_queen"), "fixed",
                   "fixed: bezique is J♦ with Q♠; trump_queen: the trump queen with the jack of the same "
                   "colour's other suit (the text's variant; before trumps it names them)"),
            Option("carte_blanche_repeat", (False, True), False,
                   "carte blanche may be shown again after each draw that brings no court card"),
        ),
        description="Four packs, nine cards each, no turned trump: the first marriage names trumps.",
    )
