"""Deals for the rummy tests, built with deck_order: the hands, the upcard and the top of the stock."""
from __future__ import annotations

from game.rules.base import round_rng


def deal(cls, players, hands, upcard, stock=(), options=None, seed=0):
    """A new game whose first hand gives each seat in ``hands`` (seat -> codes) these cards
    (filled up from the cards left), ``upcard`` on the pile, and ``stock`` on top of the stock,
    the first one drawn first. Returns the state; its dealer is the seed's cut."""
    probe = cls.new(players, options, seed)
    deck = cls.info.deck
    size = cls.hand_size(players, probe.options)
    dealer = round_rng(seed, 0).randrange(players)
    assert probe.dealer == dealer
    used = [c for cards in hands.values() for c in cards] + [upcard, *stock]
    assert len(set(used)) == len(used), "a card named twice"
    rest = [c for c in deck.codes_of(probe.in_play) if c not in used]
    full = {}
    for seat in range(players):
        given = list(hands.get(seat, ()))
        assert len(given) <= size
        while len(given) < size:
            given.append(rest.pop())  # from the end of the deck: kings and jokers first
        full[seat] = given
    order = []
    first = (dealer + 1) % players
    for i in range(size):
        for k in range(players):
            order.append(full[(first + k) % players][i])
    order += [upcard, *stock, *rest]
    state = cls.new(players, options, seed, deck_order=order)
    for seat in range(players):
        assert set(deck.codes_of(state.hands[seat])) == set(full[seat])
    return state


def play(state, **move):
    """Apply a move given as JSON fields (``from_`` for the draw's ``from``)."""
    if "from_" in move:
        move["from"] = move.pop("from_")
    return state.apply(state.move_from_json(move))


def codes(state, mask):
    return state.info.deck.codes_of(mask)


def kinds(state):
    return sorted({m[0] for m in state.legal_moves()})
