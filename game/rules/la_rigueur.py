"""La Rigueur (Tarot): 2 to 6 players, 12 cards each, spades a second trump suit.

Rules text: ``docs/rules/dutch_games.txt`` ("La Rigueur (Tarot), 2-6 spelers");
rulings: ``docs/rules/RULES-NOTES.md`` (Tarot family). Shared mechanics: ``tarot.py``. What is
particular to the game:

* 12 cards each; cards not dealt stay unused. Every suit ranks R-D-C-V-10..1.
* Spades are a second trump suit. Unable to follow, play a trump or a spade (either); spades
  led and none held, a trump if able; trumps led and none held, no obligation to play a
  spade. The highest trump wins, then the highest spade, else the highest card of the suit
  led. No obligation to overtrump.
* The Excuse may always be played; it returns to its owner, who gives a low card back (later
  if he has none yet; at the end a point card if he never had one; the Excuse itself to the
  winner of the original trick if it is all he won).
* A deal scores the values of the cards won (the Excuse 5, †21 and †1 4, Roi 4, Dame 3,
  Cavalier 2, Valet 1, other cards 0) plus the cards won minus 12.
* The first to reach 50 wins; if several pass 50 in the same deal, the highest (equal
  totals share the win).
"""
from __future__ import annotations

from game.rules.base import JSON, GameInfo, Option, RulesError
from game.rules.tarot import DECK, Profile, TarotState, values_table

VALUES = values_table(roi=4, dame=3, cavalier=2, valet=1, oudler=4, excuse=5, low=0)
HAND = 12

INFO = GameInfo(
    id="la_rigueur",
    name="La Rigueur",
    min_players=2,
    max_players=6,
    deck=DECK,
    options=(Option("target", (50,), 50, "points to reach to win"),),
    description="Tarot with spades as a second trump suit; first to 50 points.",
)


def deal_score(pile: int) -> int:
    """Card values plus the number of cards won minus the 12 dealt."""
    return sum(VALUES[c] for c in _bits(pile)) + pile.bit_count() - HAND


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class LaRigueurState(TarotState):
    info = INFO
    # A card won is worth its value and 1 more (the cards won count). At four players six
    # candidates and the whole budget (no early stop) won 37.5% of 48 games against simple at
    # 900 ms, against 31.2% with ten and the early stop, on the same deals
    # (bench/tarot_arena_results.md).
    PROFILE = Profile(tuple(v + 1.0 for v in VALUES), candidates=6, settle=False)
    RED_PIPS_REVERSED = False
    SPADES_TRUMP = True
    EXCUSE_END = "excuse"
    FOLLOW_RULE = "follow suit, else a trump or a spade; spades led, a trump if void"

    def hand_size(self) -> int:
        return HAND

    def card_values(self) -> tuple[int, ...]:
        return VALUES

    def deals_done(self) -> bool:
        return max(self.totals) >= self.options["target"]

    def after_load(self) -> None:
        super().after_load()
        # Totals change only when a deal is scored, and the game ends on the deal that
        # reaches the target: a game still in play cannot have reached it.
        if self.phase != "over" and self.deals_done():
            raise RulesError(f"{self.info.id} state: a total has reached {self.options['target']}, so the game "
                             f"is over; the phase cannot be {self.phase!r}")

    def score_deal(self) -> JSON:
        card_points, cards = [], []
        for s in range(self.players):
            pile = self.pile(s)
            cp = sum(VALUES[c] for c in _bits(pile))
            card_points.append(cp)
            cards.append(pile.bit_count())
            pts = cp + pile.bit_count() - HAND
            self.deal_points[s] += pts
            self.totals[s] += pts
        return {"card_points": card_points, "cards_won": cards}
