"""Boathouse Rummy as the Dutch text gives it: the discard top obliges a second draw, never a
third; never discarding the last card taken from the pile that turn; nothing melded until a
player lays the whole hand at once (with or without a discard), aces high and low at once;
Basic's scoring, or penalty points only."""
import random

import pytest

from game.rules import RulesError
from game.rules.boathouse_rummy import BoathouseRummyState as Boathouse
from game.rules.melds import best_arrangement
from tests.rummy_helpers import codes, deal, kinds, play


def first_seat(options=None):
    probe = Boathouse.new(2, options, 0)
    return (probe.dealer + 1) % 2


def test_taking_the_discard_obliges_a_second_draw_and_the_last_one_taken_stays():
    a = first_seat()
    s = deal(Boathouse, 2, {}, "9S/1", ["2D/1"])
    s.pile = [s.info.deck.card("4C/1")] + s.pile  # two cards on the pile: 4C under 9S
    s.stock.remove(s.info.deck.card("4C/1"))
    s._legal = s._public = None
    play(s, kind="draw", from_="pile")
    assert s.step == "draw_again" and kinds(s) == ["draw"]
    assert {m[1] for m in s.legal_moves()} == {"stock", "pile"}
    play(s, kind="draw", from_="pile")
    assert s.step == "play" and "draw" not in kinds(s)  # never a third card
    assert s.hands[a].bit_count() == 9
    with pytest.raises(RulesError, match="taken from the pile"):
        play(s, kind="discard", card="4C/1")  # the last card taken
    play(s, kind="discard", card="9S/1")  # the first one may go: the hand grows by one
    assert s.hands[a].bit_count() == 8


def test_nothing_is_melded_before_going_out():
    a = first_seat()
    s = deal(Boathouse, 2, {a: ["5H/1", "6H/1", "7H/1", "8C/1", "8D/1", "8S/1", "KD/1"]}, "9S/1", ["2D/1"])
    play(s, kind="draw", from_="stock")
    assert kinds(s) == ["discard"]
    with pytest.raises(RulesError):
        play(s, kind="meld", cards=["5H/1", "6H/1", "7H/1"])


def test_going_out_lays_the_whole_hand_with_or_without_a_discard():
    a = first_seat()
    other = ["2S/1", "9D/1", "TC/1", "4C/1", "5D/1", "AS/1", "X2/1"]  # 2+9+10+4+5+11+15 = 56
    s = deal(Boathouse, 2, {a: ["KH/1", "AH/1", "2H/1", "8C/1", "8D/1", "8S/1", "X1/1"], 1 - a: other},
             "9S/1", ["4D/1"])
    play(s, kind="draw", from_="stock")
    outs = sorted(codes(s, 1 << m[1])[0] if m[1] is not None else "-" for m in s.legal_moves() if m[0] == "go_out")
    assert "4D/1" in outs  # K-A-2 of hearts, the eights, the joker on either: 4D discarded
    assert "-" not in outs or best_arrangement(s.info.deck, s.hands[a], s.meld_rule_here()).deadwood == ()
    events = play(s, kind="go_out", discard="4D/1")
    end = next(e for e in events if e["type"] == "round_end")["summary"]
    assert end["out"] == a and end["points"][a] == 56 and not end["hands"][a]["deadwood"]
    assert any(m[:3] == ["KH/1", "AH/1", "2H/1"] or "AH/1" in m for m in end["hands"][a]["melds"])


def test_going_out_without_a_discard():
    a = first_seat()
    s = deal(Boathouse, 2, {a: ["KH/1", "AH/1", "2H/1", "3H/1", "8C/1", "8D/1", "8S/1"]}, "9S/1", ["8H/1"])
    play(s, kind="draw", from_="stock")
    outs = {m[1] for m in s.legal_moves() if m[0] == "go_out"}
    deck = s.info.deck
    assert None in outs and {deck.card("8H/1"), deck.card("3H/1"), deck.card("KH/1")} <= outs
    events = play(s, kind="go_out", discard=None)
    assert [e["type"] for e in events][:1] == ["go_out"] and s.round_no == 1
    end = s.rounds[-1]
    assert sorted(len(m) for m in end["hands"][a]["melds"]) == [4, 4]


def test_penalty_points_only_the_others_lose_their_cards_and_the_least_penalty_wins():
    options = {"penalty_only": True}
    a = first_seat(options)
    other = ["2S/1", "9D/1", "TC/1", "4C/1", "5D/1", "AS/1", "X2/1"]
    s = deal(Boathouse, 2, {a: ["KH/1", "AH/1", "2H/1", "8C/1", "8D/1", "8S/1", "X1/1"], 1 - a: other},
             "9S/1", ["4D/1"], options=options)
    s.totals = [-50, -50]
    s.totals[a] = -10
    play(s, kind="draw", from_="stock")
    events = play(s, kind="go_out", discard="4D/1")
    end = next(e for e in events if e["type"] == "round_end")["summary"]
    assert end["points"][a] == 0 and end["points"][1 - a] == -56
    assert s.totals[1 - a] == -106 and s.step == "over" and s.result()["winners"] == [a]


@pytest.mark.parametrize("players,options,size", [(2, {}, 54), (4, {"decks": 2}, 108)])
def test_the_go_out_search_agrees_with_the_meld_finder(players, options, size):
    s = Boathouse.new(players, options, 1)
    rng = random.Random(7)
    deck = s.info.deck
    cards = list(range(size))
    for _ in range(150):
        hand = sum(1 << c for c in rng.sample(cards, rng.randrange(3, 16)))
        arrangement = best_arrangement(deck, hand, s.meld_rule_here())
        assert s.can_meld_all(hand, 0) == (not arrangement.deadwood), deck.codes_of(hand)
        melded = sum(1 << c for m in arrangement.melds for c in m)
        if melded:  # the finder's melds alone go out; with one more card, that card is the discard
            assert s.can_meld_all(melded, 0) and s.can_meld_all(melded | 1 << arrangement.deadwood[0], 1) \
                if arrangement.deadwood else s.can_meld_all(melded, 0)


def test_with_no_card_for_the_second_draw_the_turn_goes_on_with_one():
    s = Boathouse.new(2, {}, 3)
    a = s.to_move
    s.aside |= sum(1 << c for c in s.stock)  # the test puts the stock away: only the upcard is left
    s.stock = []
    s._legal = s._public = None
    play(s, kind="draw", from_="pile")
    assert s.step == "play" and not s.stock and not s.pile and s.hands[a].bit_count() == 8
