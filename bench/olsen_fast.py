"""Batched Olsen playouts with numpy: many random hands at once, on 52-bit hand masks.

A benchmark piece, not part of the app: ``bench/olsen_playouts.py`` compares it with
OpenSpiel's Hearts and with our per-hand loop (the bots' rollouts run the pure-Python
``game.bots.olsen_playout`` instead, one hand at a time from a real position).

One hand of uniformly random legal play is 52 card plays; a per-hand Python loop pays the
interpreter for every one of them. Here the hands of a whole batch advance together: each
play is a few dozen vector operations over the batch (legal mask, uniform choice of a set
bit by table lookups on 13-bit suit chunks, trick winner, penalties).

The rules are exactly those of ``game.rules.olsen`` for one hand without passing: removed
cards by player count, the lead card led first, follow suit, first-trick restriction,
hearts broken by a heart discarded on another suit, penalties 1 per heart and 13 for Q♠,
taking all penalties (0 for the taker, 26 for each other), optional J♦ -10.
``random_hands(..., record=True)`` also returns the deck orders and the cards played, so
a test can replay any batched hand through ``OlsenState`` and compare.
"""
from __future__ import annotations

import numpy as np

from game.rules.olsen import DECK, HEART_MASK, JD, PENALTY_MASK, QS, RANKS, lead_card_for, removed_for

CHUNK = (1 << RANKS) - 1
_HEARTS = 2
# popcount and "index of the k-th set bit" for every 13-bit suit chunk.
POP13 = np.array([bin(m).count("1") for m in range(1 << RANKS)], dtype=np.int64)
KTH13 = np.zeros((1 << RANKS, RANKS), dtype=np.int64)
for _m in range(1 << RANKS):
    _k = 0
    for _b in range(RANKS):
        if _m >> _b & 1:
            KTH13[_m, _k] = _b
            _k += 1
KTH13_FLAT = KTH13.ravel()
# Aces high: rank index 0 (ace) is strongest.
STRENGTH13 = (np.arange(RANKS) - 1) % RANKS


def _choose_bit(legal: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random set bit of each 52-bit mask (every mask is non-zero)."""
    c0 = legal & CHUNK
    c1 = (legal >> RANKS) & CHUNK
    c2 = (legal >> (2 * RANKS)) & CHUNK
    c3 = legal >> (3 * RANKS)
    n0 = POP13[c0]
    n01 = n0 + POP13[c1]
    n012 = n01 + POP13[c2]
    total = n012 + POP13[c3]
    k = (rng.random(legal.shape[0]) * total).astype(np.int64)
    # Which suit chunk holds the k-th set bit, and its index inside that chunk.
    in1, in2, in3 = k >= n0, k >= n01, k >= n012
    suit = in1.astype(np.int64) + in2 + in3
    chunk = np.where(in3, c3, np.where(in2, c2, np.where(in1, c1, c0)))
    below = np.where(in3, n012, np.where(in2, n01, np.where(in1, n0, 0)))
    return KTH13_FLAT[chunk * RANKS + (k - below)] + RANKS * suit


def deal_orders(batch: int, players: int, rng: np.random.Generator) -> np.ndarray:
    """Shuffled deck orders (cards in play only, top first), one row per hand."""
    keep = np.array([c for c in range(DECK.size) if not removed_for(players) >> c & 1], dtype=np.int64)
    return keep[np.argsort(rng.random((batch, keep.size)), axis=1)]


def random_hands(
    batch: int,
    players: int = 4,
    rng: np.random.Generator | None = None,
    jack_diamonds: bool = False,
    orders: np.ndarray | None = None,
    record: bool = False,
):
    """Play ``batch`` hands with uniformly random legal cards; returns the points per seat
    (shape (batch, players)); with ``record``, also the deck orders (seat 0 is dealt first,
    as in ``OlsenState.new``), the cards in play order and the legal mask each card was
    chosen from (both of shape (batch, cards))."""
    rng = rng or np.random.default_rng()
    if orders is None:
        orders = deal_orders(batch, players, rng)
    n_cards = orders.shape[1]
    tricks = n_cards // players
    ar = np.arange(batch)
    # One card at a time from seat 0 (the player after the last-seat dealer).
    bit = np.left_shift(np.int64(1), orders)
    hands = np.stack([np.bitwise_or.reduce(bit[:, p::players], axis=1) for p in range(players)])
    lead_card = lead_card_for(removed_for(players))
    lead_bit = np.int64(1 << lead_card)
    leader = np.argmax((hands & lead_bit) != 0, axis=0)
    taken = np.zeros((players, batch), dtype=np.int64)
    broken = np.zeros(batch, dtype=bool)
    suit_mask = np.array([CHUNK << (RANKS * s) for s in range(4)], dtype=np.int64)
    not_hearts = np.int64(~HEART_MASK & DECK.full_mask)
    not_penalty = np.int64(~PENALTY_MASK & DECK.full_mask)
    plays = np.zeros((batch, n_cards), dtype=np.int64) if record else None
    legals = np.zeros((batch, n_cards), dtype=np.int64) if record else None
    step = 0
    for t in range(tricks):
        trick_cards = np.zeros(batch, dtype=np.int64)
        for i in range(players):
            seat = (leader + i) % players
            hand = hands[seat, ar]
            if i == 0:
                if t == 0:
                    legal = hand & lead_bit
                else:
                    safe = hand & not_hearts
                    legal = np.where(broken | (safe == 0), hand, safe)
            else:
                follow = hand & led_mask
                if t == 0:
                    clean = hand & not_penalty
                    void_play = np.where(clean != 0, clean, hand)
                else:
                    void_play = hand
                legal = np.where(follow != 0, follow, void_play)
            card = _choose_bit(legal, rng)
            cbit = np.left_shift(np.int64(1), card)
            hands[seat, ar] = hand ^ cbit
            trick_cards |= cbit
            suit = card // RANKS
            strength = STRENGTH13[card % RANKS]
            if i == 0:
                led = suit
                led_mask = suit_mask[led]
                best = strength
                winner = seat
            else:
                better = (suit == led) & (strength > best)
                best = np.where(better, strength, best)
                winner = np.where(better, seat, winner)
                broken |= (suit == _HEARTS) & (led != _HEARTS)
            if record:
                plays[:, step] = card
                legals[:, step] = legal
            step += 1
        taken[winner, ar] |= trick_cards
        leader = winner
    chunk = (taken >> (RANKS * _HEARTS)) & CHUNK
    hearts = POP13[chunk]
    queen = ((taken >> QS) & 1) * 13
    points = hearts + queen
    moon = (taken & PENALTY_MASK) == PENALTY_MASK
    any_moon = moon.any(axis=0)
    points = np.where(any_moon[None, :], np.where(moon, 0, 26), points)
    if jack_diamonds:
        points = points - 10 * ((taken >> JD) & 1)
    points = points.T
    if record:
        return points, orders, plays, legals
    return points
