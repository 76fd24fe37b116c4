"""Basic Rummy ("Basis rummy" of the Dutch text): 2-7 players, one or two 54-card decks.

Melds and lay-offs as many as the player likes; aces high or low (not both in one run);
never discard the card just taken from the pile; out by melding, laying off or discarding
the last card; the winner scores the cards left in the other hands (2-10 face value,
courts 10, aces 11, jokers 15). Mechanics: game/rules/rummy.py.
"""
from __future__ import annotations

from game.cards import FRENCH108
from game.rules.rummy import (RummyState, RummyVariant, Style, decks_option, hand_size_option, hands_option, info,
                              shuffle_option, target_option)

VARIANT = RummyVariant(
    deck=FRENCH108,
    hand_sizes={2: 7, 3: 7, 4: 7, 5: 7, 6: 6, 7: 10},
    aces="high_or_low",
    ace_value=11,
    joker_value=15,
    # The expert's timing wins here (the rule alone, 4,000 single hands against simple:
    # 59.1%, 8.9 points a hand against 5.4).
    style=Style(hold_until=3),
    chart_top=900,  # two decks, six hands caught with every card: 820 at most
)


class BasicRummyState(RummyState):
    VARIANT = VARIANT
    info = info(
        "basic_rummy", "Basic Rummy", (2, 7), FRENCH108,
        (target_option(250, (250, 100)), hands_option(), decks_option(), hand_size_option(), shuffle_option()),
        "Modern rummy at its simplest: meld and lay off as you like, the winner scores the cards left in hand.",
    )
