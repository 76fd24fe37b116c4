"""Jersey Gin (Dutch text): a gin variant for 3 players, 52 cards, 10 each.

First round: from the dealer's left, each player may only take the upcard or pass; then
draw from the stock or one of the two top discards (only the top one when the previous
player took a discard card), then discard. Gin (everything melded after the discard): 50
plus the opponents' deadwood; knock with deadwood under 10: (d1 + d2) - k, or (option
``knock_scoring`` "each") (d1 - k) + (d2 - k); undercut (an opponent at or under the
knocker): the knocker loses 20. The opponents lay off on the knocker's or gin melds first.
Aces low, A=1, courts 10. Void hand when the stock is down to two cards. Game to 200, the
deal rotates. Mechanics: game/rules/rummy.py.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.cards import FRENCH52
from game.rules.base import Option
from game.rules.rummy import RummyState, RummyVariant, hands_option, info, target_option

VARIANT = RummyVariant(
    deck=FRENCH52,
    hand_sizes={3: 10},
    aces="low",
    ace_value=1,
    joker_value=0,
    melding="knock",
    keep_pile_card="",
    pile2=True,
    upcard_round=True,
    scoring="gin",
    void_stock=2,
    chart_top=300,  # gin: 50 and two hands of deadwood
)


class JerseyGinState(RummyState):
    VARIANT = VARIANT
    info = info(
        "jersey_gin", "Jersey Gin", (3, 3), FRENCH52,
        (
            target_option(200, (200, 100)),
            hands_option(),
            Option("knock_scoring", ("sum", "each"), "sum",
                   "a knock wins the opponents' deadwood minus the knocker's (sum), "
                   "or the difference with each (each)"),
        ),
        "Gin rummy for three: knock under 10, gin scores 50, and two discards to choose from.",
    )

    @classmethod
    def variant(cls, players: int, options: dict[str, Any]) -> RummyVariant:
        return replace(super().variant(players, options), knock_scoring=options.get("knock_scoring", "sum"))
