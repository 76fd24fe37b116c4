"""Rummy family know-how for the generic bots: one greedy rule for the simple level and the
expert's rollouts, and the expert's search hooks, for the four games of game/rules/rummy.py
(Basic, Classic and Boathouse Rummy, Jersey Gin).

The greedy rule reads only what its seat may know (own hand, the discard pile, the table,
the cards the others were seen to pick from the pile), through the meld finder
(``game.rules.melds.best_arrangement``, exact: the least deadwood of a hand):

* draw / upcard: take a pile card when it lands in a meld of the hand's best arrangement and
  the deadwood after the turn's discard is lower than now (Basic and Classic: also a card
  that can be laid off on the table); else the stock. Boathouse's forced second draw: the
  next pile card under the same test, else the stock;
* play: a joker swap for a deadwood card, then the melds of the best arrangement (Classic:
  one a turn, as the rules allow), then lay-offs of deadwood cards, then the discard;
  Boathouse goes out as soon as the whole hand goes out at once;
* discard: the deadwood card worth the most, less a bonus for near melds (a pair of a rank,
  two cards of a run one or two ranks apart) and less a penalty for a card an opponent
  showed interest in (same rank, or same suit within two ranks, of a card it picked from
  the pile); jokers and meld cards stay;
* Jersey Gin: gin when a discard leaves no deadwood; knock when the deadwood left is low
  enough (``Knock``): small, or the stock is getting short, or early in the hand; the
  first-round upcard is taken under the draw test; after a knock or gin, lay off every
  deadwood card that fits the knocker's melds.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game.bots.expert import SearchHooks, register_hooks
from game.bots.simple import register_rollout, register_simple
from game.cards import FRENCH_RANKS, FRENCH_SUITS, bits
from game.rules import melds as M

GAMES = ("basic_rummy", "classic_rummy", "boathouse_rummy", "jersey_gin")


@dataclass(frozen=True)
class Knock:
    """When Jersey Gin's greedy rule knocks (deadwood d after the discard, under 10 by the
    rules): at once when d <= ``low``; when the stock holds ``short_stock`` cards or fewer;
    in the seat's first ``early_turns`` turns when d <= ``early``."""

    low: int = 4
    short_stock: int = 12
    early_turns: int = 4
    early: int = 9


KNOCK = Knock()
PAIR_BONUS = 6.0  # a deadwood card with another of its rank: one card from a set
RUN1_BONUS = 5.0  # a card next to another of its suit: one card from a run
RUN2_BONUS = 3.0  # two ranks apart: the card between makes a run
INTEREST_RANK = 6.0  # an opponent picked a card of this rank from the pile
INTEREST_SUIT = 4.0  # ... or a card of this suit within two ranks
LAYOFF_GIFT = 3.0  # Basic/Classic: the card fits a meld on the table (the next player may take it)


class Mind:
    """The greedy rule's knowledge of one game under one set of options: the meld rule, each
    card's rank, suit and value, and a cache of best arrangements (hands come back often:
    the draw test and the discard see the same hand, and rollouts replay similar hands)."""

    CACHE = 50_000

    def __init__(self, cls: type, options: dict):
        self.cls = cls
        self.deck = cls.info.deck
        self.rule = cls.meld_rule(options)
        self.gin = cls.info.id == "jersey_gin"
        self.boathouse = cls.info.id == "boathouse_rummy"
        lay = M._layout(self.deck)
        self.kind = lay.kind
        self.rank = tuple(k % 13 if k >= 0 else -1 for k in lay.kind)
        self.suit = tuple(k // 13 if k >= 0 else -1 for k in lay.kind)
        self.value = tuple(M.card_value(self.deck, c, self.rule) for c in range(self.deck.size))
        self.jokers = lay.jokers
        self.wrap = self.rule.aces != "low"
        self._cache: dict[int, tuple[int, int, tuple]] = {}

    # -- arrangements
    def arrange(self, hand: int) -> tuple[int, int, tuple]:
        """(melded mask, deadwood points, melds) of the hand's best arrangement."""
        hit = self._cache.get(hand)
        if hit is None:
            a = M.best_arrangement(self.deck, hand, self.rule)
            melded = 0
            for meld in a.melds:
                for c in meld:
                    melded |= 1 << c
            hit = (melded, a.points, a.melds)
            if len(self._cache) >= self.CACHE:
                self._cache.clear()
            self._cache[hand] = hit
        return hit

    def points(self, hand: int) -> int:
        return self.arrange(hand)[1]

    # -- how much a card is worth keeping
    def near(self, c: int, dead: int) -> float:
        """Bonus for a deadwood card that nearly makes a meld with another deadwood card: a
        card of its rank (a pair), of its suit one or two ranks away (a run but one)."""
        r, s = self.rank[c], self.suit[c]
        if r < 0:
            return 50.0
        pair = run = 0.0
        rank, suit = self.rank, self.suit
        for d in bits(dead & ~(1 << c)):
            rd = rank[d]
            if rd < 0:
                continue
            if rd == r:
                if suit[d] != s:
                    pair = PAIR_BONUS
            elif suit[d] == s:
                gap = abs(rd - r)
                if self.wrap:
                    gap = min(gap, 13 - gap)
                if gap == 1:
                    run = RUN1_BONUS
                elif gap == 2 and run < RUN2_BONUS:
                    run = RUN2_BONUS
        return max(pair, run) + 0.5 * min(pair, run)

    def interest(self, c: int, wanted: int) -> float:
        """Penalty for discarding a card next to what an opponent picked from the pile."""
        r, s = self.rank[c], self.suit[c]
        if r < 0 or not wanted:
            return 0.0
        worst = 0.0
        for d in bits(wanted):
            rd = self.rank[d]
            if rd == r:
                worst = max(worst, INTEREST_RANK)
            elif self.suit[d] == s:
                gap = abs(rd - r)
                if self.wrap:
                    gap = min(gap, 13 - gap)
                if gap <= 2:
                    worst = max(worst, INTEREST_SUIT)
        return worst

    def fits_table(self, c: int, table: list) -> bool:
        """Whether the card could be laid off on one of the table's melds (cards in order)."""
        deck, rule = self.deck, self.rule
        for cards in table:
            if M.is_meld(deck, tuple(cards) + (c,), rule):
                return True
        return False

    # -- decisions
    def discard_order(self, hand: int, allowed: list[int], wanted: int, table: list) -> list[int]:
        """The allowed cards, best discard first: deadwood before meld cards; among deadwood
        the highest value less the near-meld bonus and the opponents' interest."""
        melded, _, _ = self.arrange(hand)
        dead = hand & ~melded

        def score(c: int) -> float:
            if self.rank[c] < 0:
                return -1000.0
            v = float(self.value[c])
            if melded >> c & 1:
                return v - 500.0
            v -= self.near(c, dead) + self.interest(c, wanted)
            if table and self.fits_table(c, table):
                v -= LAYOFF_GIFT
            return v

        return sorted(allowed, key=lambda c: (-score(c), c))

    def deadwood_after(self, hand: int, c: int) -> int:
        """Deadwood points of ``hand`` without card ``c`` (exact; cheap for a deadwood card)."""
        melded, pts, _ = self.arrange(hand)
        if not melded >> c & 1:
            return pts - self.value[c]
        return self.points(hand & ~(1 << c))

    def pile_gain(self, hand: int, t: int, table: list | None = None) -> int:
        """Deadwood points saved by taking pile card ``t`` (then discarding the best other
        deadwood card) rather than keeping the hand: positive when it is worth taking.
        Only a card that lands in a meld counts (or fits a meld on the table)."""
        p0 = self.points(hand)
        h1 = hand | 1 << t
        melded, p1, _ = self.arrange(h1)
        if not melded >> t & 1:
            if table and self.fits_table(t, table):
                return 1
            return 0
        dead = h1 & ~melded
        drop = max((self.value[d] for d in bits(dead)), default=0)
        return p0 - (p1 - drop)
