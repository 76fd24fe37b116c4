"""Classic Rummy ("Klassieke Rummy" of the Dutch text): 2-6 players, 52 cards.

Ace low (A=1); 10 cards at two players, 7 at three or four, 6 at five or six, dealt one at
a time; one meld per turn and any number of lay-offs; no rearranging melds; when the stock
is out and the player does not take the discard, the pile is turned over; out when the
last card leaves the hand; a rummy (out in one turn having melded and laid off nothing
before) doubles. Each of the text's "variabele regels" is a boolean option. Mechanics:
game/rules/rummy.py.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.cards import FRENCH52
from game.rules.base import Option
from game.rules.rummy import Style, RummyState, RummyVariant, hands_option, info, shuffle_option, target_option

VARIANT = RummyVariant(
    deck=FRENCH52,
    hand_sizes={2: 10, 3: 7, 4: 7, 5: 6, 6: 6},
    aces="low",
    ace_value=1,
    joker_value=0,
    meld_limit=1,
    rummy_doubles=True,
    # One meld a turn, so holding melds back loses here (45.7% of 4,000 single hands
    # against simple); the discard's weights win instead (the rule alone, 1,000 whole games:
    # 59.3%).
    style=Style(near_scale=2.0, close=5, close_scale=0.2),
    chart_top=1000,  # five hands of six caught, aces at 15, doubled by a rummy
)


class ClassicRummyState(RummyState):
    VARIANT = VARIANT
    info = info(
        "classic_rummy", "Classic Rummy", (2, 6), FRENCH52,
        (
            target_option(100, (100, 250)),
            hands_option(),
            Option("no_meld_limit", (False, True), False, "as many melds a turn as you like (else one)"),
            Option("layoff_after_meld", (False, True), False, "no lay-off before your own first meld of the hand"),
            Option("aces_high_low", (False, True), False, "aces high or low in runs (Q-K-A), worth 15"),
            Option("ace_bridge", (False, True), False, "aces bridge the king and the two (K-A-2)"),
            Option("last_card_discard", (False, True), False, "one always goes out by a discard"),
            shuffle_option(),
        ),
        "The old basic game: one meld a turn, lay-offs as you like, a rummy doubles.",
    )

    @classmethod
    def variant(cls, players: int, options: dict[str, Any]) -> RummyVariant:
        v = super().variant(players, options)
        aces = "around" if options.get("ace_bridge") else "high_or_low" if options.get("aces_high_low") else "low"
        return replace(
            v,
            meld_limit=0 if options.get("no_meld_limit") else v.meld_limit,
            layoff_before_meld=not options.get("layoff_after_meld"),
            aces=aces,
            ace_value=15 if options.get("aces_high_low") else v.ace_value,
            last_card_discard=bool(options.get("last_card_discard")),
        )
