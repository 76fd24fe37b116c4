"""Maison Troggen, one test per rule of the text (docs/rules/dutch_games.txt,
"Maison Troggen, 3 Spelers") and of RULES-NOTES.md (Tarot family)."""
import random

import pytest

from game.rules.base import RulesError
from game.rules.maison_troggen import DECK_POINTS, VALUES, MaisonTroggenState
from game.rules.tarot import EXC_BIT, ROIS, TRUMPS, count_by_threes
from tests.tarot_helpers import C, D, deck_order, mask, play, position

MT = MaisonTroggenState


def play_deal(s, rng=None):
    rng = rng or random.Random(0)
    start = len(s.rounds)
    while len(s.rounds) == start and s.current_player() is not None:
        s.apply(rng.choice(s.legal_moves()))


def test_three_players():
    """"Aantal spelers; 3\""""
    assert (MT.info.min_players, MT.info.max_players) == (3, 3)
    with pytest.raises(RulesError):
        MT.new(4)


def test_the_dealer_takes_28_and_the_others_25():
    """"Deler geeft 25 kaarten elk aan zijn tegenstander, en 28 aan zichzelf.\""""
    s = MT.new(3, seed=5)
    counts = [h.bit_count() for h in s.hands]
    assert counts[s.dealer] == 28 and sorted(counts) == [25, 25, 28]
    assert s.phase == "skart" and s.current_player() == s.dealer


def test_the_skart_is_three_cards_never_a_roi_a_trump_or_the_excuse():
    """"Hij legt vervolgens 3 kaarten af die hij niet mee wil nemen het spel in, dit mogen echter
    geen heren, troeven of het excuus zijn.\""""
    s = MT.new(3, seed=5)
    moves = s.legal_moves()
    assert moves and all(m[0] == "discard" and m[1].bit_count() == 3 for m in moves)
    assert not any(m[1] & (ROIS | TRUMPS | EXC_BIT) for m in moves)
    hand = s.hands[s.dealer]
    forbidden = hand & (ROIS | TRUMPS | EXC_BIT)
    free = [c for c in range(78) if hand >> c & 1 and not forbidden >> c & 1]
    bad = (1 << (forbidden & -forbidden).bit_length() - 1) | 1 << free[0] | 1 << free[1]
    before = s.to_json()
    with pytest.raises(RulesError, match="no Roi, trump or Excuse in the skart"):
        s.apply(("discard", bad))
    assert s.to_json() == before


def test_a_dealer_short_of_discardable_cards_discards_them_all_and_only_the_rest_in_trumps():
    """The text forbids Rois, trumps and the Excuse in the skart and does not foresee a hand
    with fewer than three other cards: the rules page lets trumps complete the skart, so the
    cards he may discard all go and trumps only make up the rest."""
    s = MT.new(3, seed=5)
    honours = TRUMPS | ROIS | EXC_BIT
    rest = [c for c in range(78) if not honours >> c & 1]
    two = (1 << rest[0]) | (1 << rest[1])
    others = rest[2:]
    seats = [x for x in range(3) if x != s.dealer]
    s.hands[s.dealer] = honours | two
    s.hands[seats[0]] = sum(1 << c for c in others[:25])
    s.hands[seats[1]] = sum(1 << c for c in others[25:])
    moves = s.legal_moves()
    assert len(moves) == 21  # both free cards with one of the 21 trumps
    assert all(m[1] & two == two and (m[1] & ~two) & TRUMPS for m in moves)
    with pytest.raises(RulesError, match="only the rest of it may be trumps"):
        trumps = [c for c in range(78) if TRUMPS >> c & 1]
        s.apply(("discard", (1 << rest[0]) | (1 << trumps[0]) | (1 << trumps[1])))


def test_the_skart_counts_for_the_dealer():
    """RULES-NOTES: "The skart counts for the dealer.\""""
    s = MT.new(3, seed=2)
    rng = random.Random(2)
    while s.current_player() is not None:  # the last deal's piles stay once the game is over
        s.apply(rng.choice(s.legal_moves()))
    dealer = s.dealer
    summary = s.rounds[-1]
    skart = D.mask_of(summary["skart"])
    assert skart.bit_count() == 3
    assert summary["card_points"][dealer] == count_by_threes(s.won[dealer] | skart, VALUES)


def test_card_values():
    """"†21, †1, Roi; 5 punten / Dame; 4 punten / Cheval; 3 punten / ; 3 punten / Valet; 2
    punten"; RULES-NOTES: the value whose symbol was lost is the Excuse; low cards count 1 in
    threes ("Drie lege kaarten vormen samen 1 punt")."""
    expected = {"T21": 5, "T01": 5, "RC": 5, "DH": 4, "CS": 3, "EXC": 3, "VD": 2, "AC": 1, "T13": 1}
    assert {code: VALUES[C(code)] for code in expected} == expected


def test_a_deal_counts_76_points_in_all():
    """Counting by threes over the whole deck: 26 sets, the honours as the text values them."""
    assert count_by_threes(D.full_mask, VALUES) == DECK_POINTS == 76
    s = MT.new(3, seed=9)
    play_deal(s)
    assert sum(s.rounds[-1]["card_points"]) == 76
    assert s.rounds[-1]["points"] == s.rounds[-1]["card_points"]


def test_an_excuse_owner_who_won_nothing_gives_the_excuse():
    """RULES-NOTES: "The Excuse is settled as La Rigueur's text says (... the Excuse itself to
    the trick's winner if its owner won nothing).\""""
    s = position(MT, 3, {0: "2C 5S", 1: "EXC 4S", 2: "3C 7S"})
    play(s, "2C EXC 3C")
    events = play(s, "7S 5S 4S")
    assert {"type": "excuse", "owner": 1, "to": 2, "card": "EXC"} in events


def test_a_round_is_three_deals_each_player_dealing_once_and_the_highest_wins():
    """"Een rondje bestaat uit drie handen (iedere speler deelt één keer), degene met het
    hoogste aantal punten wint." RULES-NOTES: a game is one round (option: two or three)."""
    s = MT.new(3, seed=4)
    rng = random.Random(4)
    while s.current_player() is not None:
        s.apply(rng.choice(s.legal_moves()))
    assert len(s.rounds) == 3 and sorted(r["dealer"] for r in s.rounds) == [0, 1, 2]
    assert s.totals == [sum(r["points"][p] for r in s.rounds) for p in range(3)]
    best = max(s.totals)
    assert s.result()["winners"] == [p for p in range(3) if s.totals[p] == best]
    s = MT.new(3, {"rounds": 2}, seed=4)
    while s.current_player() is not None:
        s.apply(rng.choice(s.legal_moves()))
    assert len(s.rounds) == 6


def test_a_given_deck_order_deals_as_documented():
    """docs/protocol.md: one card at a time from the dealer's right, then the dealer takes the
    next three."""
    order = deck_order(3, {0: ["RH"], 1: ["RS"], 2: ["RC"]}, 25, 2, ["RD", "T21", "EXC"], 3)
    s = MT.new(3, seed=0, deck_order=order)
    assert s.hands[0] & mask("RH") and s.hands[1] & mask("RS") and s.hands[2] & mask("RC RD T21 EXC")
