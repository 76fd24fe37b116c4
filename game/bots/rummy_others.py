"""The rummy expert's model of the others (game/bots/rummy_expert.py): how its worlds deal
the cards it has not seen, and how likely each world is given what the others did.

* A greedy player's hand is better organised than a random deal of the unseen cards: in
  each world the others hold the best of up to ``TIDY_TURNS`` more cards (``make_sampler``).
* Reading the discards: a player who threw a card, or passed it over on the pile, seldom
  held two cards that meld with it; a world where it does weighs ``SHUN_WEIGHT`` per such
  card. A player's last discard, replayed: a world where the greedy rule, given that
  player's hand with the card back, would have thrown another card weighs
  ``LAST_DISCARD_WEIGHT``. The search draws each world among ``SHUN_POOL`` candidates by
  weight (``make_likelihood``; only in the games whose ``Style.reads_discards``).
"""
from __future__ import annotations

import random

from game.bots.rummy_simple import mind_for
from game.cards import bits

TIDY_TURNS = 6
SHUN_WEIGHT = 0.3
SHUN_POOL = 4
LAST_DISCARD_WEIGHT = 0.25


def make_sampler(cls: type):
    """Worlds for the search: ``State.sample`` (the unseen cards dealt at random; the cards
    taken from the pile stay where they went), then each other hand tidied as a greedy
    player's would be after its turns so far (reading the table: a player who drew and
    discarded for k turns holds the best of k more cards, not a random hand): k cards of
    the stock join its unknown cards and it throws k back by the greedy discard order;
    they go to the stock, which holds what the others did not keep."""

    deck = cls.info.deck
    per_copy = deck.size // deck.copies

    def sampler_for(obs: dict):
        mind = mind_for(cls, obs["options"])
        n = obs["players"]
        seat = obs["seat"]
        start = per_copy * obs["decks"] - n * obs["hand_size"] - 1
        drawn = start - obs["stock"] + start * obs["rebuilds"]
        k = max(0, min(TIDY_TURNS, int(drawn / n)))

        world = cls.sampler(obs)

        def sample(rng: random.Random):
            s = world(rng)
            if not k:
                return s
            stock = s.stock
            for o in range(n):
                if o == seat or len(stock) <= k or not s.hands[o] & ~s.known[o]:
                    continue
                hand = s.hands[o]
                for c in stock[:k]:
                    hand |= 1 << c
                back = []
                for _ in range(k):
                    c = mind.discard_order(hand, list(bits(hand & ~s.known[o])), 0)[0]
                    hand &= ~(1 << c)
                    back.append(c)
                s.hands[o] = hand
                stock = stock[k:] + back
            rng.shuffle(stock)
            s.stock = stock
            return s

        return sample

    return sampler_for


def make_likelihood(cls: type):
    """How likely a world is given what the others threw and passed over (the observation's
    ``shunned``): ``SHUN_WEIGHT`` for each such card that would have made a meld with the
    cards the world gives that player (the issue's "discards say what a player did not
    want"; the cards it took from the pile are known in every world already)."""
    deck = cls.info.deck
    mask_of = deck.mask_of

    def likelihood_for(obs: dict):
        seat = obs["seat"]
        shunned = [(o, list(bits(mask_of(codes)))) for o, codes in enumerate(obs.get("shunned", ()))
                   if o != seat and codes]
        last = [(o, deck.card(codes[0])) for o, codes in enumerate(obs.get("last_discard", ()))
                if o != seat and codes] if LAST_DISCARD_WEIGHT < 1.0 else []
        if not shunned and not last:
            return None
        mind = mind_for(cls, obs["options"])
        known = [mask_of(codes) for codes in obs["known"]]
        everyone = 0
        for k in known:
            everyone |= k
        # Who could lay off on the table when it discarded (Jersey Gin's rule never looks).
        lays_off = [bool(obs["table"]) and not mind.gin
                    and not (obs["options"].get("layoff_after_meld") and not obs["melded"][o])
                    for o in range(obs["players"])]

        def weight(world) -> float:
            w = 1.0
            for o, cards in shunned:
                hand = world.hands[o]
                for c in cards:
                    if mind.rank[c] >= 0 and mind.melds_with(c, hand):
                        w *= SHUN_WEIGHT
            for o, c in last:
                hand = world.hands[o] | 1 << c
                allowed = list(bits(hand & ~known[o]))
                if c not in allowed:
                    continue
                fit = mind.fit_mask(world, hand) if lays_off[o] else 0
                if mind.discard_order(hand, allowed, everyone & ~known[o], fit)[0] != c:
                    w *= LAST_DISCARD_WEIGHT
            return w

        return weight

    return likelihood_for
