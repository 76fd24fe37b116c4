"""Classic Rummy as the Dutch text gives it: ace low, one meld a turn and any number of
lay-offs, out when the last card leaves the hand, a rummy doubles; each variable rule of the
text as an option."""
import pytest

from game.rules import RulesError
from game.rules.classic_rummy import ClassicRummyState as Classic
from tests.rummy_helpers import codes, deal, kinds, play

RUN10 = ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH"]
OTHER = ["AS", "KD", "KC", "2D", "9S", "3S", "TD", "5C", "7D", "8S"]  # 1+10+10+2+9+3+10+5+7+8 = 65


def first_seat(options=None):
    probe = Classic.new(2, options, 0)
    return (probe.dealer + 1) % 2


def game(hand, other=OTHER, stock=("QH",), options=None, upcard="4D"):
    a = first_seat(options)
    return deal(Classic, 2, {a: hand, 1 - a: other}, upcard, list(stock), options), a


def test_a_rummy_out_in_one_turn_doubles_the_points():
    s, a = game(RUN10)
    play(s, kind="draw", from_="stock")
    events = play(s, kind="meld", cards=RUN10 + ["QH"])
    end = next(e for e in events if e["type"] == "round_end")["summary"]
    assert end["rummy"] and end["out"] == a and end["points"][a] == 2 * 65  # aces count 1


def test_one_meld_a_turn_unless_the_option_and_lay_offs_as_many_as_fit():
    hand = ["2H", "3H", "4H", "7C", "7H", "7S", "KS", "QD", "9C", "5S"]
    s, a = game(hand, stock=["5H", "6H"])
    play(s, kind="draw", from_="stock")
    play(s, kind="meld", cards=["2H", "3H", "4H"])
    assert not [m for m in s.legal_moves() if m[0] == "meld"]
    with pytest.raises(RulesError, match="meld"):
        play(s, kind="meld", cards=["7C", "7H", "7S"])
    play(s, kind="layoff", card="5H", meld=0)
    s2, _ = game(hand, stock=["5H", "6H"], options={"no_meld_limit": True})
    play(s2, kind="draw", from_="stock")
    play(s2, kind="meld", cards=["2H", "3H", "4H"])
    play(s2, kind="meld", cards=["7C", "7H", "7S"])
    assert len(s2.table) == 2


def test_no_lay_off_before_ones_own_first_meld_with_the_option():
    hand = ["2H", "3H", "4H", "7C", "7H", "7S", "KS", "QD", "9C", "5S"]
    for option, allowed in ((False, True), (True, False)):
        s, a = game(hand, other=["5H", "KC", "KH", "2C", "9S", "3S", "TD", "5C", "8D", "8S"], stock=["JC", "QC"],
                    options={"layoff_after_meld": option})
        play(s, kind="draw", from_="stock")
        play(s, kind="meld", cards=["2H", "3H", "4H"])
        play(s, kind="discard", card="JC")
        play(s, kind="draw", from_="stock")
        five = ("layoff", s.info.deck.card("5H"), 0, "")
        assert (five in s.legal_moves()) is allowed


def test_out_by_a_meld_or_a_lay_off_unless_the_last_card_must_be_a_discard():
    s, a = game(RUN10, options={"last_card_discard": True})
    play(s, kind="draw", from_="stock")
    with pytest.raises(RulesError):
        play(s, kind="meld", cards=RUN10 + ["QH"])
    play(s, kind="meld", cards=RUN10)
    events = play(s, kind="discard", card="QH")
    end = next(e for e in events if e["type"] == "round_end")["summary"]
    assert end["out"] == a and end["rummy"]


def test_aces_are_low_and_count_one_unless_the_options_say_otherwise():
    hand = ["QH", "KH", "AH", "AC", "2C", "3C", "KS", "QD", "9C", "5S"]
    s, a = game(hand, stock=["JS"])
    play(s, kind="draw", from_="stock")
    melds = {tuple(codes(s, sum(1 << c for c in m[1]))) for m in s.legal_moves() if m[0] == "meld"}
    assert ("AC", "2C", "3C") in melds and not any("AH" in m for m in melds)
    with pytest.raises(RulesError, match="aces are low"):
        play(s, kind="meld", cards=["QH", "KH", "AH"])
    assert s.hand_value(s.info.deck.mask_of(["AH", "KH", "5S"])) == 1 + 10 + 5
    hi, _ = game(hand, stock=["JS"], options={"aces_high_low": True})
    play(hi, kind="draw", from_="stock")
    play(hi, kind="meld", cards=["QH", "KH", "AH"])
    assert hi.hand_value(hi.info.deck.mask_of(["AC"])) == 15
    bridge, _ = game(["KH", "AH", "2H", "AC", "2C", "3C", "KS", "QD", "9C", "5S"], stock=["JS"],
                     options={"ace_bridge": True})
    play(bridge, kind="draw", from_="stock")
    play(bridge, kind="meld", cards=["KH", "AH", "2H"])
    assert bridge.table_json[0]["cards"] == ["KH", "AH", "2H"]


def test_melds_are_never_rearranged():
    # a lay-off adds to an end of a meld; no move takes a card back from the table
    s, a = game(["2H", "3H", "4H", "5H", "7C", "JC", "KS", "QD", "9C", "5S"], stock=["6H"])
    play(s, kind="draw", from_="stock")
    play(s, kind="meld", cards=["2H", "3H", "4H", "5H"])
    assert kinds(s) == ["discard", "layoff"]
    play(s, kind="layoff", card="6H", meld=0)
    assert kinds(s) == ["discard"] and s.table_json[0]["cards"] == ["2H", "3H", "4H", "5H", "6H"]
