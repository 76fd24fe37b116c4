"""Jersey Gin as the Dutch text and RULES-NOTES give it: the upcard round, the two top discards,
knock under 10, gin 50 plus the opponents' deadwood, lay-offs on the knocker's melds, the
undercut, both readings of the knock score, the void hand, the game to 200."""
import pytest

from game.rules import RulesError
from game.rules.jersey_gin import JerseyGinState as Jersey
from tests.rummy_helpers import codes, deal, kinds, play

A_GIN = ["AC", "2C", "3C", "4D", "5D", "6D", "7H", "8H", "9H", "TH"]
A_KNOCK = ["AC", "2C", "3C", "4D", "5D", "6D", "7H", "8H", "9H", "2S"]
B = ["JH", "QS", "QD", "2H", "3S", "4S", "5H", "6S", "8C", "8S"]  # no meld: 66, 56 once JH is laid off
C = ["KC", "KD", "KH", "5S", "7S", "9S", "JC", "2D", "6C", "8D"]  # kings; 5+7+9+10+2+6+8 = 47
C_LOW = ["KC", "KD", "KH", "9C", "TC", "JC", "7D", "7S", "7C", "AD"]  # deadwood 1


def game(a, c=C, options=None, upcard="KS", stock=()):
    probe = Jersey.new(3, options, 0)
    first = (probe.dealer + 1) % 3
    hands = {first: a, (first + 1) % 3: B, (first + 2) % 3: c}
    s = deal(Jersey, 3, hands, upcard, stock, options)
    return s, first


def seat_order(first):
    return first, (first + 1) % 3, (first + 2) % 3


def test_the_first_round_offers_only_the_upcard_or_a_pass():
    s, first = game(A_KNOCK)
    a, b, c = seat_order(first)
    assert s.step == "upcard" and s.to_move == a and kinds(s) == ["pass", "take_upcard"]
    play(s, kind="pass")
    assert s.to_move == b and s.step == "upcard"
    play(s, kind="pass")
    play(s, kind="pass")
    # all three passed: the player on the dealer's left begins normal play by drawing
    assert s.to_move == a and s.step == "draw" and kinds(s) == ["draw"]


def test_the_second_discard_may_be_drawn_unless_the_previous_player_took_a_discard():
    s, first = game(A_KNOCK, stock=["QC", "JD", "TS"])
    a, b, c = seat_order(first)
    play(s, kind="take_upcard")
    play(s, kind="discard", card="2S")
    # a took a discard card: b may draw the stock or the top of the pile only
    assert s.to_move == b and ("draw", "pile2") not in s.legal_moves()
    with pytest.raises(RulesError):
        play(s, kind="draw", from_="pile2")
    play(s, kind="draw", from_="stock")
    play(s, kind="discard", card="QC")
    # c may take the second card, leaving the top one in place
    assert s.observation(c)["pile"] == ["2S", "QC"] and ("draw", "pile2") in s.legal_moves()
    events = play(s, kind="draw", from_="pile2")
    assert events[0]["card"] == "2S" and s.observation(c)["pile"] == ["QC"]
    assert s.observation(a)["known"][c] == ["2S"]


def test_knock_only_with_deadwood_under_ten_after_the_discard():
    s, first = game(A_KNOCK)
    play(s, kind="take_upcard")
    knocks = [m for m in s.legal_moves() if m[0] == "knock"]
    assert [codes(s, 1 << m[1]) for m in knocks] == [["KS"]]  # discarding KS leaves 2: under 10
    with pytest.raises(RulesError, match="under 10"):
        play(s, kind="knock", card="2S")  # leaves KS: 10 is not under 10


def test_gin_scores_50_plus_the_opponents_deadwood_after_their_lay_offs():
    s, first = game(A_GIN)
    a, b, c = seat_order(first)
    play(s, kind="take_upcard")
    events = play(s, kind="knock", card="KS")
    assert events[-1] == {"type": "knock", "seat": a, "card": "KS", "gin": True}
    assert s.step == "layoff" and s.to_move == b and not s.hands[a]
    run = next(i for i, m in enumerate(s.table_json) if "TH" in m["cards"])
    play(s, kind="layoff", card="JH", meld=run)
    assert s.table_json[run]["cards"] == ["7H", "8H", "9H", "TH", "JH"]
    play(s, kind="pass")
    assert s.to_move == c and s.legal_moves() == [("pass",)]  # nothing of c fits
    events = play(s, kind="pass")
    end = next(e for e in events if e["type"] == "round_end")["summary"]
    assert end["gin"] and end["out"] == a and end["points"][a] == 50 + 56 + 47
    assert end["hands"][b]["laid_off"] == ["JH"] and end["hands"][b]["deadwood_points"] == 56
    assert end["hands"][c]["melds"] == [["KC", "KD", "KH"]] and end["hands"][c]["deadwood_points"] == 47


@pytest.mark.parametrize("reading", ["sum", "each"])
def test_a_knock_wins_the_opponents_deadwood_minus_the_knockers_in_either_reading(reading):
    s, first = game(A_KNOCK, options={"knock_scoring": reading})
    a, b, c = seat_order(first)
    play(s, kind="take_upcard")
    play(s, kind="knock", card="KS")
    assert codes(s, s.hands[a]) == ["2S"] and s.observation(b)["known"][a] == ["2S"]  # deadwood shown
    assert s.legal_moves() == [("pass",)]  # JH does not fit 7-8-9H: the 10 is missing
    play(s, kind="pass")
    events = play(s, kind="pass")
    end = next(e for e in events if e["type"] == "round_end")["summary"]
    assert end["knock"] and not end["gin"] and not end["undercut"]
    expected = {"sum": 66 + 47 - 2, "each": (66 - 2) + (47 - 2)}[reading]
    assert end["points"][a] == expected and end["points"][b] == end["points"][c] == 0


def test_an_undercut_costs_the_knocker_20():
    s, first = game(A_KNOCK, c=C_LOW)
    a, b, c = seat_order(first)
    play(s, kind="take_upcard")
    play(s, kind="knock", card="KS")
    play(s, kind="pass")
    events = play(s, kind="pass")
    end = next(e for e in events if e["type"] == "round_end")["summary"]
    assert end["undercut"] and end["points"][a] == -20 and s.totals[a] == -20
    assert end["hands"][c]["deadwood_points"] == 1


def test_the_hand_is_void_when_the_stock_is_down_to_two_cards():
    s, first = game(A_KNOCK)
    for _ in range(3):
        play(s, kind="pass")
    while len(s.stock) > 3:
        play(s, kind="draw", from_="stock")
        play(s, kind="discard", card=codes(s, 1 << s.drawn)[0])
    play(s, kind="draw", from_="stock")
    events = play(s, kind="discard", card=codes(s, 1 << s.drawn)[0])
    end = next(e for e in events if e["type"] == "round_end")["summary"]
    assert end["void"] and end["points"] == [0, 0, 0] and s.round_no == 1


def test_the_game_is_to_200_and_the_deal_rotates():
    s = Jersey.new(3, {}, 2)
    dealer = s.dealer
    s.totals = [0, 190, 0]
    s.scores = [0, 15, 0]
    s._finish_hand(out=1, void=False, flags={"gin": False, "knock": True, "undercut": False, "rummy": False})
    assert s.step == "over" and s.result()["winners"] == [1] and s.totals[1] == 205
    s = Jersey.new(3, {}, 2)
    s._finish_hand(out=None, void=True, flags={"gin": False, "knock": False, "undercut": False, "rummy": False})
    assert s.dealer == (dealer + 1) % 3 and s.step == "upcard"
