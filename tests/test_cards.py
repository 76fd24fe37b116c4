"""Decks of the whole shelf: sizes, unique codes, the documented code format."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.cards import DECKS, FRENCH52, SPANISH48, TAROT78, bits, mask

SIZES = {"french52": 52, "french54": 54, "french108": 108, "piquet32": 32, "piquet64": 64,
         "piquet128": 128, "spanish48": 48, "tarot78": 78}


@pytest.mark.parametrize("name", sorted(SIZES))
def test_deck_sizes_and_unique_codes(name):
    deck = DECKS[name]
    assert deck.size == SIZES[name]
    assert len(set(deck.codes)) == deck.size  # duplicates of multi-deck games stay distinct
    for card, code in enumerate(deck.codes):
        assert deck.card(code) == card
    full = deck.full_mask
    assert sorted(bits(full)) == list(range(deck.size))
    assert deck.mask_of(deck.codes_of(full)) == full


def test_french_codes():
    assert FRENCH52.code(FRENCH52.card("TD")) == "TD"
    assert FRENCH52.card("2c") == FRENCH52.card("2C")  # case-insensitive input
    assert {c[1] for c in FRENCH52.codes} == set("CDHS")
    assert {c[0] for c in FRENCH52.codes} == set("A23456789TJQK")


def test_multi_deck_copies_are_numbered():
    assert DECKS["french108"].card("AS/2") != DECKS["french108"].card("AS/1")
    assert "X1/2" in DECKS["french108"].codes
    assert DECKS["piquet128"].codes.count("7C/4") == 1


def test_other_decks_codes():
    assert SPANISH48.card("3D") == 2  # Monsieur: 3 of deniers (coins)
    assert len([c for c in TAROT78.codes if c.startswith("T") and len(c) == 3]) == 21
    assert "EXC" in TAROT78.codes


def test_unknown_code_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown card code"):
        FRENCH52.card("1Z")


def test_bitmask_helpers():
    assert mask([0, 5, 63]) == 1 | 1 << 5 | 1 << 63
    assert list(bits(mask([3, 1, 2]))) == [1, 2, 3]


@given(st.integers(min_value=0, max_value=(1 << 300) - 1))
def test_bits_lists_every_set_bit_lowest_first(m):
    # Masks beyond the 128-card decks too: bits() walks bytes past its precomputed table.
    assert bits(m) == [i for i in range(m.bit_length()) if m >> i & 1]
    assert mask(bits(m)) == m
