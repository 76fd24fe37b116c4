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


def test_sample_hands_deals_every_deal_the_voids_allow_about_equally_often():
    """Two cards of hearts (seat 0 showed out of hearts) and five clubs go to seat 0 (2
    cards), seat 1 (2), seat 2 (1) and two unused: every deal consistent with the void is
    equally likely given what was seen, and the sampler's frequencies match that."""
    from collections import Counter
    from itertools import permutations

    hearts = M(["2H", "3H"])
    clubs = M(["2C", "3C", "4C", "5C", "6C"])
    unseen = hearts | clubs
    counts = {0: 2, 1: 2, 2: 1}
    allowed = {0: FRENCH52.full_mask & ~SUITED.suit_masks[2], 1: FRENCH52.full_mask, 2: FRENCH52.full_mask}
    assert hearts & SUITED.suit_masks[2] == hearts

    valid = set()
    cards = list(bits(unseen))
    for order in permutations(cards):
        deal = (sum(1 << c for c in order[0:2]), sum(1 << c for c in order[2:4]), 1 << order[4])
        if not deal[0] & hearts:
            valid.add(deal)
    rng = random.Random(5)
    n = 12000
    seen = Counter()
    for _ in range(n):
        got = sample_hands(unseen, counts, rng, allowed, None, SUITED.suit_masks)
        seen[(got[0], got[1], got[2])] += 1
    assert set(seen) == valid
    expected = n / len(valid)
    # chi-square against the uniform distribution over the 300 valid deals: about 299 +- 24
    # for a uniform sampler
    dof = len(valid) - 1
    chi2 = sum((seen[d] - expected) ** 2 / expected for d in valid)
    assert len(valid) == 300
    assert chi2 < dof + 5 * (2 * dof) ** 0.5
    # where the hearts go, counted from the valid deals: both to seat 1 in 30 of 300, one to
    # seat 1 and one unused in 120 (standard errors 0.003 and 0.004 at 12,000 deals)
    both_to_1 = sum(k for d, k in seen.items() if d[1] & hearts == hearts) / n
    one_unused = sum(k for d, k in seen.items() if (d[1] & hearts).bit_count() == 1 and not d[2] & hearts) / n
    assert abs(both_to_1 - 0.1) < 0.012
    assert abs(one_unused - 0.4) < 0.018
