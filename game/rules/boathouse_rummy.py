"""Boathouse Rummy (Dutch text): 2-7 players, one or two 54-card decks, as Basic Rummy.

Taking the top of the pile obliges a second draw (the stock or the next pile card), never a
third; one discard, never the last card taken from the pile that turn (so the hand grows);
nothing is melded until a player lays the whole hand at once (with or without a discard);
aces high and low at once (K-A-2); the winner scores the cards left in the other hands, or
(option ``penalty_only``, the text's variant) the others lose them. Mechanics:
game/rules/rummy.py.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.cards import FRENCH108
from game.rules.base import Option
from game.rules.rummy import (RummyState, RummyVariant, Style, decks_option, hand_size_option, hands_option, info,
                              shuffle_option, target_option)

VARIANT = RummyVariant(
    deck=FRENCH108,
    hand_sizes={2: 7, 3: 7, 4: 7, 5: 7, 6: 6, 7: 10},
    aces="around",
    ace_value=11,
    joker_value=15,
    melding="whole_hand",
    keep_pile_card="last",
    second_draw=True,
    # Its hands grow all hand long and are laid at once, so a greedy player often comes to
    # hold partners of what it threw early: the expert does not read the discards
    # (tests/test_rummy_bots.py measures it).
    style=Style(reads_discards=False),
    chart_top=900,  # hands grow, but every card of two decks is worth 820 together
)


class BoathouseRummyState(RummyState):
    VARIANT = VARIANT
    info = info(
        "boathouse_rummy", "Boathouse Rummy", (2, 7), FRENCH108,
        (
            target_option(250, (250, 100)),
            hands_option(),
            Option("penalty_only", (False, True), False,
                   "the others lose the cards left in hand as penalty points; the game ends at 100 penalty points, "
                   "the least wins"),
            decks_option(),
            hand_size_option(),
            shuffle_option(),
        ),
        "Draw two when you take the discard, and go out by laying your whole hand at once.",
    )

    @classmethod
    def variant(cls, players: int, options: dict[str, Any]) -> RummyVariant:
        v = super().variant(players, options)
        return replace(v, scoring="penalty") if options.get("penalty_only") else v
