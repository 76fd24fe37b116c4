"""Maison Troggen: three players, the dealer takes 28 cards and discards three.

Rules text: ``docs/rules/dutch_games.txt`` ("Maison Troggen, 3 Spelers");
rulings: ``docs/rules/RULES-NOTES.md`` (Tarot family). The shared tarot mechanics (deal,
following, tricks, the Excuse, counting by threes) are in ``tarot.py``; this module declares
what is particular to the game:

* The dealer gives 25 cards to each opponent and 28 to himself, then discards three that
  are neither a Roi, nor a trump, nor the Excuse. (Should his hand hold fewer than three
  such cards, he discards them all and trumps make up the rest: the text does not foresee the case.)
  The skart counts for the dealer.
* Red suits rank R-D-C-V-1-2..10, black suits R-D-C-V-10..1.
* The Excuse may be played to any trick and returns to its owner, who gives a low card to
  the trick's winner when he has one; at the end a point card if he never had a low card;
  the Excuse itself if he won nothing (RULES-NOTES).
* Card values counted by threes: †21, †1, Roi 5; Dame 4; Cavalier 3; the Excuse 3; Valet 2;
  three low cards 1. The deck counts 76 points.
* A round is three deals, each player dealing once; a game is one round (option: two or
  three); the highest total wins (equal totals share the win).
"""
from __future__ import annotations

from game.rules.base import JSON, GameInfo, Option
from game.rules.tarot import (DECK, EXC_BIT, ROIS, TRUMPS, Profile, TarotState, by_threes,
                              skart_combinations, values_table)

VALUES = values_table(roi=5, dame=4, cavalier=3, valet=2, oudler=5, excuse=3, low=1)
DECK_POINTS = 76

INFO = GameInfo(
    id="maison_troggen",
    name="Maison Troggen",
    min_players=3,
    max_players=3,
    deck=DECK,
    options=(Option("rounds", (1, 2, 3), 1, "rounds of three deals (each player deals once per round)"),),
    description="Swiss tarot of the 17th century: the dealer takes 28 and discards three; card points by threes.",
    extra={"deck_points": DECK_POINTS},
)


class MaisonTroggenState(TarotState):
    info = INFO
    PROFILE = Profile(by_threes(VALUES))
    SKART = 3
    EXCUSE_END = "excuse"

    def hand_size(self) -> int:
        return 25

    def card_values(self) -> tuple[int, ...]:
        return VALUES

    @staticmethod
    def discardable(hand: int) -> int:
        """The cards of the hand the text lets the dealer discard: no Roi, trump or Excuse."""
        return hand & ~ROIS & ~TRUMPS & ~EXC_BIT

    def skart_allowed(self, hand: int) -> list[int]:
        free = self.discardable(hand)
        short = self.SKART - free.bit_count()
        if short > 0:
            # every card he may discard goes, and only the rest of the skart is trumps
            return [free | t for t in skart_combinations(hand & TRUMPS, short)]
        return skart_combinations(free, self.SKART)

    def skart_refusal(self, cards: int) -> str:
        free = self.discardable(self.hands[self.to_move])
        if free.bit_count() < self.SKART and not cards & (ROIS | EXC_BIT):
            return (f"the skart must hold {DECK.codes_of(free)}, the cards that may be discarded; "
                    "only the rest of it may be trumps")
        return f"{DECK.codes_of(cards & (ROIS | TRUMPS | EXC_BIT))}: no Roi, trump or Excuse in the skart"

    def skart_could_hold(self) -> int:
        return DECK.full_mask & ~ROIS & ~EXC_BIT

    def deals_done(self) -> bool:
        return len(self.rounds) >= 3 * self.options["rounds"]

    def score_deal(self) -> JSON:
        card_points, honours, sets = self.counted_by_threes()
        for s, pts in enumerate(card_points):
            self.deal_points[s] += pts
            self.totals[s] += pts
        return {"card_points": card_points, "simple": {"honours": honours, "sets": sets},
                "skart": DECK.codes_of(self.skart)}
