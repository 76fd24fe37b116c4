"""The rummy meld finder: valid melds, every card once, exact minimum deadwood (against
the brute force of tests/melds_helpers.py, which shares nothing with the finder's search)."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game.cards import FRENCH52, FRENCH54, FRENCH108
from game.rules.melds import (
    ACE_RULES, Arrangement, MeldRule, _CountingRule, best_arrangement, can_meld_all, card_value,
    deadwood_points, is_meld, meld_order, meld_readings, melds_in, read_meld,
)
from tests.melds_helpers import brute_best, brute_melds, is_joker

GIN = MeldRule()  # Jersey Gin: aces low, A=1, courts 10
BASIC = MeldRule(aces="high_or_low", ace_value=11, joker_value=15)
BOATHOUSE = MeldRule(aces="around", ace_value=11, joker_value=15)


def cards(deck, text: str) -> list[int]:
    return [deck.card(c) for c in text.split()]


def codes(deck, cs) -> list[str]:
    return [deck.codes[c] for c in cs]


# -- random hands -----------------------------------------------------------------------

@st.composite
def rules(draw, aces=None):
    return MeldRule(
        aces=aces or draw(st.sampled_from(ACE_RULES)),
        ace_value=draw(st.sampled_from([1, 11, 15])),
        joker_value=draw(st.sampled_from([0, 15])),
    )


@st.composite
def hands(draw, max_cards=11, max_jokers=2, decks=(FRENCH52, FRENCH54, FRENCH108)):
    """A deck and a hand of it; half the hands are drawn from a few suits and ranks (with
    the aces and courts, where the ace rules matter) so that melds are frequent."""
    deck = draw(st.sampled_from(decks))
    naturals = [c for c in range(deck.size) if not is_joker(deck, c)]
    if draw(st.booleans()):
        suits = draw(st.sampled_from(["H", "HS", "CDH"]))
        ranks = "A23JQK" + draw(st.sampled_from(["", "45", "789"]))
        naturals = [c for c in naturals if deck.codes[c][0] in ranks and deck.codes[c][1] in suits]
    jokers = [c for c in range(deck.size) if is_joker(deck, c)]
    nj = draw(st.integers(0, min(max_jokers, len(jokers))))
    n = draw(st.integers(0, min(max_cards - nj, len(naturals))))
    hand = draw(st.lists(st.sampled_from(naturals), min_size=n, max_size=n, unique=True))
    return deck, hand + draw(st.permutations(jokers))[:nj]


def check_arrangement(deck, hand, rule, a: Arrangement) -> None:
    used = [c for meld in a.melds for c in meld] + list(a.deadwood)
    assert sorted(used) == sorted(hand), "every card of the hand exactly once"
    for meld in a.melds:
        assert read_meld(deck, meld, rule) is not None, f"{codes(deck, meld)} is not a meld in that order"
    assert a.points == sum(card_value(deck, c, rule) for c in a.deadwood)
    assert list(a.deadwood) == sorted(a.deadwood)


@pytest.mark.parametrize("aces", ACE_RULES)
@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_best_arrangement_is_valid_and_never_worse_than_brute_force(aces, data):
    rule = data.draw(rules(aces))
    deck, hand = data.draw(hands())
    a = best_arrangement(deck, hand, rule)
    check_arrangement(deck, hand, rule, a)
    assert (a.points, len(a.deadwood)) == brute_best(deck, hand, rule)
    assert deadwood_points(deck, hand, rule) == a.points
    assert best_arrangement(deck, sum(1 << c for c in hand), rule) == a, "a mask or a list: the same answer"


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_large_hands_are_arranged_validly(data):
    """Hands as Boathouse Rummy's grow (up to 24 cards, up to 4 jokers with two decks): a
    valid arrangement, never worse than leaving the jokers out, gin exactly when nothing
    is left over."""
    rule = data.draw(rules())
    deck, hand = data.draw(hands(max_cards=24, max_jokers=4, decks=(FRENCH54, FRENCH108)))
    a = best_arrangement(deck, hand, rule)
    check_arrangement(deck, hand, rule, a)
    jokers = [c for c in hand if is_joker(deck, c)]
    without = best_arrangement(deck, [c for c in hand if c not in jokers], rule)
    assert a.points <= without.points + rule.joker_value * len(jokers)
    assert can_meld_all(deck, hand, rule) == (not a.deadwood)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_can_meld_all_is_whether_at_most_spare_cards_are_left(data):
    rule = data.draw(rules())
    deck, hand = data.draw(hands(max_cards=10))
    fewest_left = brute_best(deck, hand, _CountingRule(aces=rule.aces))[1]  # every card worth 0
    for spare in (0, 1):
        assert can_meld_all(deck, hand, rule, spare) == (fewest_left <= spare)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_one_deck_and_second_copies_agree(data):
    """The fast path (one deck, no jokers) and the general search (second copies of the
    108-card deck) give the same value for the same faces."""
    rule = data.draw(rules())
    _, hand = data.draw(hands(max_cards=14, max_jokers=0, decks=(FRENCH52,)))
    copies = [FRENCH108.card(FRENCH52.codes[c] + "/2") for c in hand]
    a, b = best_arrangement(FRENCH52, hand, rule), best_arrangement(FRENCH108, copies, rule)
    check_arrangement(FRENCH108, copies, rule, b)
    assert (a.points, len(a.deadwood)) == (b.points, len(b.deadwood))


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_melds_in_lists_exactly_the_melds_of_the_hand(data):
    rule = data.draw(rules())
    deck, hand = data.draw(hands(max_cards=9, decks=(FRENCH52, FRENCH54)))
    listed = melds_in(deck, hand, rule)
    for meld in listed:
        assert set(meld) <= set(hand)
        assert read_meld(deck, meld, rule) is not None, codes(deck, meld)
    jokers = sorted(c for c in hand if is_joker(deck, c))
    # compared as (naturals, number of jokers): jokers are interchangeable
    shape = {(frozenset(c for c in m if not is_joker(deck, c)), sum(is_joker(deck, c) for c in m)) for m in listed}
    brute = {(frozenset(hand[i] for i in range(len(hand)) if sub >> i & 1 and not is_joker(deck, hand[i])),
              sum(1 for i in range(len(hand)) if sub >> i & 1 and is_joker(deck, hand[i])))
             for sub in brute_melds(deck, hand, rule)}
    assert shape == brute
    assert all(set(c for c in m if is_joker(deck, c)) == set(jokers[:sum(is_joker(deck, c) for c in m)])
               for m in listed), "the lowest jokers of the hand are used"


# -- the texts' cases -----------------------------------------------------------------------

@pytest.mark.parametrize("text, low, high_or_low, around", [
    ("AH 2H 3H", True, True, True),
    ("QH KH AH", False, True, True),  # Basic: aces high or low
    ("KH AH 2H", False, False, True),  # Boathouse / Classic's ace bridge: K-A-2
    ("JH QH KH AH 2H 3H", False, False, True),
    ("2H 3H 4H", True, True, True),
    ("2H 3H 5H", False, False, False),
    ("2H 3H 4D", False, False, False),
    ("7C 7D 7H", True, True, True),
    ("7C 7D 7H 7S", True, True, True),
    ("7C 7D", False, False, False),
    ("7C 7D 8H", False, False, False),
])
def test_is_meld_follows_the_ace_rule(text, low, high_or_low, around):
    cs = cards(FRENCH52, text)
    assert [is_meld(FRENCH52, cs, MeldRule(aces=a)) for a in ACE_RULES] == [low, high_or_low, around]
    assert is_meld(FRENCH52, cs[::-1], MeldRule(aces="around")) == around, "is_meld ignores the order"


def test_an_ace_is_never_at_both_ends_of_a_run():
    deck = FRENCH108
    full = cards(deck, "AH/1 2H/1 3H/1 4H/1 5H/1 6H/1 7H/1 8H/1 9H/1 TH/1 JH/1 QH/1 KH/1")
    assert is_meld(deck, full, MeldRule(aces="high_or_low"))
    assert not is_meld(deck, full + [deck.card("AH/2")], MeldRule(aces="high_or_low"))
    assert not is_meld(deck, full + [deck.card("AH/2")], MeldRule(aces="around")), "13 cards at most"


def test_sets_have_distinct_suits_even_with_two_decks():
    deck = FRENCH108
    assert not is_meld(deck, cards(deck, "7H/1 7H/2 7C/1"), GIN)
    assert is_meld(deck, cards(deck, "7H/1 7D/2 7C/1"), GIN)
    assert not is_meld(deck, cards(deck, "7H/1 7D/2 7C/1 7S/1 X1/1"), GIN), "a set has at most 4 cards"
    # eight sevens: two sets of four
    sevens = cards(deck, "7C/1 7D/1 7H/1 7S/1 7C/2 7D/2 7H/2 7S/2")
    a = best_arrangement(deck, sevens, GIN)
    assert a.points == 0 and len(a.melds) == 2


def test_jokers_stand_for_any_card_but_not_alone():
    deck = FRENCH54
    assert is_meld(deck, cards(deck, "5H X1 7H"), GIN)
    assert is_meld(deck, cards(deck, "X1 X2 7H"), GIN)
    assert is_meld(deck, cards(deck, "7C 7D X2"), GIN)
    assert not is_meld(deck, cards(deck, "X1 X2"), GIN)
    assert not is_meld(FRENCH108, cards(FRENCH108, "X1/1 X2/1 X1/2"), GIN), "three jokers say nothing"
    reading = read_meld(deck, cards(deck, "5H X1 7H"), GIN)
    assert reading.kind == "run" and reading.stands_for == {deck.card("X1"): deck.card("6H")}
    assert read_meld(deck, cards(deck, "5H 7H X1"), GIN) is None, "in a run the order says where a joker is"
    assert read_meld(deck, cards(deck, "5H 6H X1"), GIN).stands_for == {deck.card("X1"): deck.card("7H")}
    set_reading = read_meld(deck, cards(deck, "7C X1 7D"), GIN)
    assert set_reading.kind == "set" and set_reading.rank == 6 and set_reading.stands_for == {deck.card("X1"): None}
    assert read_meld(deck, cards(deck, "KH X1 2H"), BOATHOUSE).stands_for == {deck.card("X1"): deck.card("AH")}
    assert read_meld(deck, cards(deck, "KH X1 2H"), BASIC) is None


def test_meld_order_puts_runs_ascending_and_jokers_in_their_place():
    deck = FRENCH54
    assert codes(deck, meld_order(deck, cards(deck, "2H AH KH"), BOATHOUSE)) == ["KH", "AH", "2H"]
    assert codes(deck, meld_order(deck, cards(deck, "AH KH QH"), BASIC)) == ["QH", "KH", "AH"]
    assert codes(deck, meld_order(deck, cards(deck, "7H X1 5H"), GIN)) == ["5H", "X1", "7H"]
    assert codes(deck, meld_order(deck, cards(deck, "7S X1 7C"), GIN)) == ["7C", "7S", "X1"]
    assert meld_order(deck, cards(deck, "5H 8H X1"), GIN) is None


@pytest.mark.parametrize("text, rule, points, melds", [
    # a seven wanted by a run and by a set: the run keeps it (two sevens left: 14 < 17)
    ("7H 8H 9H 7C 7D", GIN, 14, [["7H", "8H", "9H"]]),
    # the fourth seven lets both be made
    ("7H 8H 9H 7C 7D 7S", GIN, 0, [["7C", "7D", "7S"], ["7H", "8H", "9H"]]),
    # Gin: ace low, so Q-K-A is no run
    ("QH KH AH 2H 3H", GIN, 20, [["AH", "2H", "3H"]]),
    # Basic: Q-K-A or A-2-3, not both: the ace goes where it saves most (2 + 3 left)
    ("QH KH AH 2H 3H", BASIC, 5, [["QH", "KH", "AH"]]),
    # Boathouse: K-A-2 allowed, one run of five
    ("QH KH AH 2H 3H", BOATHOUSE, 0, [["QH", "KH", "AH", "2H", "3H"]]),
    ("AC 2C 3C 7D 7H 7S 9S TS JS QS", GIN, 0, [["AC", "2C", "3C"], ["7D", "7H", "7S"], ["9S", "TS", "JS", "QS"]]),
    # a joker left over costs 15 under Basic's values
    ("KS QD X1", BASIC, 35, []),
    ("5H 6H X1 9C", BASIC, 9, [["5H", "6H", "X1"]]),
])
def test_best_arrangement_of_the_texts_cases(text, rule, points, melds):
    deck = FRENCH54
    hand = cards(deck, text)
    a = best_arrangement(deck, hand, rule)
    check_arrangement(deck, hand, rule, a)
    assert a.points == points
    assert sorted(codes(deck, m) for m in a.melds) == sorted(melds)


def test_card_values_per_rule():
    deck = FRENCH54
    assert [card_value(deck, deck.card(c), GIN) for c in ("AH", "7H", "TH", "JH", "KH", "X1")] == [1, 7, 10, 10, 10, 0]
    assert [card_value(deck, deck.card(c), BASIC) for c in ("AH", "7H", "KH", "X1")] == [11, 7, 10, 15]


def test_bad_hands_are_refused_with_a_message():
    with pytest.raises(ValueError, match="twice"):
        best_arrangement(FRENCH52, [3, 3], GIN)
    with pytest.raises(ValueError, match="not a card"):
        best_arrangement(FRENCH52, [52], GIN)
    with pytest.raises(ValueError, match="outside"):
        best_arrangement(FRENCH52, 1 << 60, GIN)
    with pytest.raises(ValueError, match="bitmask or a sequence"):
        best_arrangement(FRENCH52, True, GIN)
    with pytest.raises(ValueError, match="aces"):
        MeldRule(aces="sometimes")


def test_minimum_deadwood_matches_openspiel_gin_rummy():
    """OpenSpiel's C++ GinRummyUtils.min_deadwood (aces low, A=1, courts 10) is an
    independent reference on random 10-card hands."""
    gin_rummy = pytest.importorskip("pyspiel").gin_rummy
    utils = gin_rummy.GinRummyUtils(13, 4, 10)
    ours_suit = [FRENCH52.card("A" + s) // 13 for s in "SCDH"]  # OpenSpiel's suits: s c d h
    rng = random.Random(12)
    for _ in range(3000):
        hand = rng.sample(range(52), 10)
        mine = [ours_suit[c // 13] * 13 + c % 13 for c in hand]
        assert deadwood_points(FRENCH52, mine, GIN) == utils.min_deadwood(hand), codes(FRENCH52, mine)


def test_a_copied_rule_leaves_its_tables_behind():
    """A state may be copied or pickled with its rule: the rule's cached tables (tens of
    thousands of tuples) are not copied with it, and the copy works the same."""
    import copy
    import pickle

    rule = MeldRule(aces="around")
    hand = cards(FRENCH52, "KH AH 2H 9C")
    before = best_arrangement(FRENCH52, hand, rule)
    for twin in (copy.deepcopy(rule), pickle.loads(pickle.dumps(rule))):
        assert twin == rule and "_tables" not in vars(twin)
        assert best_arrangement(FRENCH52, hand, twin) == before
    assert len(pickle.dumps(rule)) < 1000


def test_a_natural_card_with_four_jokers_is_a_five_card_run():
    """A meld of one natural card and jokers is a set or a run through it (RULES-NOTES); a set
    holds four cards at most, so the run melds a natural card and four jokers whole."""
    deck = FRENCH108
    hand = cards(deck, "TH/1 X1/1 X2/1 X1/2 X2/2")
    rule = MeldRule(aces="low", joker_value=15)
    a = best_arrangement(deck, hand, rule)
    assert a.points == 0 and len(a.melds) == 1 and read_meld(deck, a.melds[0], rule).kind == "run"
    assert can_meld_all(deck, hand, rule, 0)
    readings = meld_readings(deck, hand, rule)
    assert all(kind == "run" for cards_, kind in readings if len(cards_) == 5)
    assert {kind for cards_, kind in readings if len(cards_) == 3 and cards_[0] == deck.card("TH/1")} == {"set", "run"}
