"""The shared trick-taking mechanics (game/rules/tricks.py)."""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import FRENCH52, bits
from game.rules.tricks import SuitedDeck, deal_blocks, follow_suit, highest_of_led, sample_hands, unique_highest

SUITED = SuitedDeck(FRENCH52, 13, 4)
M = FRENCH52.mask_of


def test_follow_suit_only_when_able():
    hand = M(["2C", "KC", "AH"])
    assert follow_suit(hand, SUITED.suit_masks[0]) == M(["2C", "KC"])
    assert follow_suit(hand, SUITED.suit_masks[3]) == hand  # void: anything


def test_highest_of_led_ignores_other_suits():
    strength = [c % 13 for c in range(52)]
    plays = [(2, FRENCH52.card("5D")), (3, FRENCH52.card("KS")), (0, FRENCH52.card("9D"))]
    assert highest_of_led(plays, strength, SUITED.suit_masks[1]) == 0


def test_unique_highest_or_spoiled():
    strength = [0, 5, 5, 3]
    assert unique_highest([(0, 0), (1, 3), (2, 1)], strength) == 2
    assert unique_highest([(0, 1), (1, 2), (2, 3)], strength) is None


def test_deal_blocks_in_rounds():
    hands, used = deal_blocks(list(range(20)), [2, 0], 6, 3)
    assert used == 12
    assert list(bits(hands[0])) == [0, 1, 2, 6, 7, 8]
    assert list(bits(hands[1])) == [3, 4, 5, 9, 10, 11]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), seats=st.integers(2, 4), spare=st.integers(0, 5))
def test_sample_hands_respects_counts_voids_and_known_cards(seed, seats, spare):
    rng = random.Random(seed)
    # A true deal to derive a consistent observation from.
    cards = list(range(52))
    rng.shuffle(cards)
    size = rng.randint(1, 10)
    truth = {s: sum(1 << c for c in cards[s * size:(s + 1) * size]) for s in range(seats)}
    unseen = sum(truth.values()) | sum(1 << c for c in cards[seats * size: seats * size + spare])
    allowed = {}
    for s, h in truth.items():
        void = [g for g in range(4) if not h & SUITED.suit_masks[g] and rng.random() < 0.7]
        allowed[s] = FRENCH52.full_mask & ~sum(SUITED.suit_masks[g] for g in void)
    known = {0: truth[0] & -truth[0]}
    counts = {s: h.bit_count() for s, h in truth.items()}
    got = sample_hands(unseen, counts, random.Random(seed + 1), allowed, known, SUITED.suit_masks)
    union = got[-1]
    for s in truth:
        assert got[s].bit_count() == counts[s]
        assert got[s] & ~allowed[s] == 0
        assert not union & got[s]
        union |= got[s]
    assert union == unseen
    assert got[0] & known[0] == known[0]
