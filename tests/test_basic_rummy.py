"""Basic Rummy as the Dutch text gives it: melds and lay-offs as many as one likes, aces high
or low but not both in one run, out by melding, laying off or discarding, the winner scoring
the cards left in the other hands (aces 11, jokers 15); one or two 54-card decks."""
import pytest

from game.rules import RulesError
from game.rules.basic_rummy import BasicRummyState as Basic
from tests.rummy_helpers import codes, deal, play


def first_seat(players=2, options=None):
    probe = Basic.new(players, options, 0)
    return (probe.dealer + 1) % players


def test_aces_are_high_or_low_but_a_run_never_turns_the_corner():
    a = first_seat()
    s = deal(Basic, 2, {a: ["QH/1", "KH/1", "AH/1", "2H/1", "3H/1", "AC/1", "AD/1"]}, "9S/1", ["8D/1"])
    play(s, kind="draw", from_="stock")
    with pytest.raises(RulesError, match="not both"):
        play(s, kind="meld", cards=["KH/1", "AH/1", "2H/1"])
    play(s, kind="meld", cards=["QH/1", "KH/1", "AH/1"])
    assert s.table_json[0]["cards"] == ["QH/1", "KH/1", "AH/1"]
    # the ace is high in that run: no ace-low end to lay a 2 on
    assert not [m for m in s.legal_moves() if m[0] == "layoff"]
    assert s.hand_value(s.info.deck.mask_of(["AC/1", "X1/1", "KS/1", "7D/1"])) == 11 + 15 + 10 + 7


def test_as_many_melds_a_turn_as_one_likes():
    a = first_seat()
    other = ["2S/1", "9D/1", "TC/1", "4C/1", "5D/1", "6S/1", "QC/1"]  # 2+9+10+4+5+6+10 = 46
    s = deal(Basic, 2, {a: ["5H/1", "6H/1", "7H/1", "8C/1", "8D/1", "8S/1", "KD/1"], 1 - a: other}, "9S/1",
             ["KH/1"])
    play(s, kind="draw", from_="stock")
    play(s, kind="meld", cards=["5H/1", "6H/1", "7H/1"])
    play(s, kind="meld", cards=["8C/1", "8D/1", "8S/1"])
    with pytest.raises(RulesError, match="at least 3"):
        play(s, kind="meld", cards=["KD/1", "KH/1"])
    assert codes(s, s.hands[a]) == ["KD/1", "KH/1"]
    play(s, kind="discard", card="KD/1")
    assert s.hands[a] and s.step == "draw"


def test_out_by_laying_off_the_last_card_without_a_discard():
    a = first_seat()
    other = ["2S/1", "9H/1", "TC/1", "4C/1", "5D/1", "6S/1", "QC/1"]  # 2+9+10+4+5+6+10 = 46
    s = deal(Basic, 2, {a: ["5H/1", "6H/1", "7H/1", "8H/1", "9C/1", "9D/1", "9S/1"], 1 - a: other}, "KS/1",
             ["4H/1"])
    play(s, kind="draw", from_="stock")
    play(s, kind="meld", cards=["5H/1", "6H/1", "7H/1", "8H/1"])
    play(s, kind="meld", cards=["9C/1", "9D/1", "9S/1"])
    events = play(s, kind="layoff", card="4H/1", meld=0)
    end = next(e for e in events if e["type"] == "round_end")["summary"]
    assert end["out"] == a and end["points"][a] == 46 and not end["rummy"]  # no rummy bonus in Basic


def test_two_decks_keep_identical_cards_apart():
    a = first_seat(4, {"decks": 2})
    s = deal(Basic, 4, {a: ["7H/1", "7H/2", "7S/1", "7C/2", "2D/1", "3D/2", "4D/1", "X1/2", "QS/2", "KS/1"]},
             "9S/1", ["8D/2"], options={"decks": 2})
    assert s.hands[a].bit_count() == 10 and s.aside == 0
    play(s, kind="draw", from_="stock")
    with pytest.raises(RulesError, match="different suits"):
        play(s, kind="meld", cards=["7H/1", "7H/2", "7S/1"])
    melds = [codes(s, sum(1 << c for c in m[1])) for m in s.legal_moves() if m[0] == "meld"]
    # each meld listed once, with the lower copy of the 7 of hearts
    assert ["7C/2", "7H/1", "7S/1"] in [sorted(m) for m in melds]
    assert not any("7H/2" in m for m in melds if "7H/1" not in m)
    play(s, kind="meld", cards=["2D/1", "3D/2", "4D/1"])
    assert s.table_json[0]["kind"] == "run"


def test_a_natural_card_with_jokers_is_the_set_or_the_run_its_player_declares():
    """RULES-NOTES: a meld of one natural card and jokers "is what its player declares: a set
    of that rank or a run through that card. [...] the protocol's meld move names the
    reading. Until declared otherwise, the reading is a set." 10♥ and two jokers are three
    tens, 8-9-10, 9-10-J or 10-J-Q of hearts."""
    a = first_seat()
    s = deal(Basic, 2, {a: ["TH/1", "X1/1", "X2/1", "7H/1", "JH/1", "TC/1", "9D/1"]}, "QD/1", ["5S/1"])
    play(s, kind="draw", from_="stock")
    ten = [m for m in (s.move_to_json(m) for m in s.legal_moves())
           if m["kind"] == "meld" and sorted(m["cards"]) == ["TH/1", "X1/1", "X2/1"]]
    assert sorted((m["as"], tuple(m["cards"])) for m in ten) == [
        ("run", ("TH/1", "X1/1", "X2/1")), ("run", ("X1/1", "TH/1", "X2/1")), ("run", ("X1/1", "X2/1", "TH/1")),
        ("set", ("TH/1", "X1/1", "X2/1"))]
    assert Basic.move_from_json({"kind": "meld", "cards": ["TH/1", "X1/1", "X2/1"]})[2] == "set"  # undeclared
    before = s.to_json()
    with pytest.raises(RulesError, match='read "as": "set" or "run"'):
        play(s, kind="meld", cards=["TH/1", "X1/1", "X2/1"], **{"as": "pair"})
    with pytest.raises(RulesError, match="not a set"):
        play(s, kind="meld", cards=["TH/1", "9D/1", "X1/1"], **{"as": "set"})
    assert s.to_json() == before
    events = play(s, kind="meld", cards=["X1/1", "X2/1", "TH/1"], **{"as": "run"})
    assert events[0]["kind"] == "run" and s.table_json[0]["jokers"] == {"X1/1": "8H", "X2/1": "9H"}
    # a run it stays: the 7 and the jack of hearts lay off on it, a ten does not
    layoffs = {s.info.deck.code(m[1]) for m in s.legal_moves() if m[0] == "layoff"}
    assert {"7H/1", "JH/1"} <= layoffs and "TC/1" not in layoffs
    again = Basic.from_json(s.to_json())
    assert again.table_json == s.table_json


def test_one_natural_card_with_four_jokers_can_only_be_a_run():
    """A set holds four cards at most, so a natural card and four jokers (two packs) read as
    a run through it, undeclared too."""
    a = first_seat(4, {"decks": 2})
    hand = ["TH/1", "X1/1", "X2/1", "X1/2", "X2/2", "3C/1", "9D/2", "KC/1", "2S/2", "6D/1"]
    s = deal(Basic, 4, {a: hand}, "QD/1", ["5S/1"], options={"decks": 2})
    play(s, kind="draw", from_="stock")
    cards = ["X1/1", "X2/1", "TH/1", "X1/2", "X2/2"]
    assert Basic.move_from_json({"kind": "meld", "cards": cards})[2] == "run"
    assert {"kind": "meld", "cards": cards} in [s.move_to_json(m) for m in s.legal_moves()]
    assert s.arrangement(s.info.deck.mask_of(cards)).points == 0


def _two_deck_turn(hand, pile, table=()):
    """Basic Rummy, 4 players, two decks: seat 1 to draw holding ``hand``, ``pile`` (top
    last) on the pile, ``table`` (owner, kind, cards) melded; the cards moved there from
    wherever the deal put them (the others' hands take stock cards in their place)."""
    data = Basic.new(4, {"decks": 2}, 0).to_json()
    placed = set(hand) | set(pile) | {c for _, _, cards in table for c in cards}
    others = [[c for c in h if c not in placed] for h in data["hands"]]
    stock = [c for c in data["stock"] + data["pile"] + others[1] if c not in placed]
    for seat in (0, 2, 3):
        while len(others[seat]) < 10:
            others[seat].append(stock.pop())
    others[1] = list(hand)
    data.update(hands=others, stock=stock, pile=list(pile),
                table=[{"owner": o, "kind": k, "cards": list(c)} for o, k, c in table])
    for owner, _, _ in table:
        data["melded"][owner] = 1
    s = Basic.from_json(data)
    assert s.to_move == 1 and s.step == "draw"
    return s


def test_the_card_taken_from_the_pile_may_be_laid_off_for_its_twin_to_go_out():
    # The text: the discard is "always another card than the one you may have drawn from the
    # discard pile that turn"; with two packs its twin is another card. Lay off the pile's 7H/2
    # on the sevens and discard 7H/1: out.
    s = _two_deck_turn(["7H/1"], ["KC/1", "7H/2"], [(2, "set", ["7C/1", "7D/1", "7S/1"])])
    play(s, kind="draw", from_="pile")
    assert ("layoff", s.info.deck.card("7H/2"), 0, "") in s.legal_moves()
    play(s, kind="layoff", card="7H/2", meld=0)
    events = play(s, kind="discard", card="7H/1")
    assert any(e["type"] == "round_end" for e in events) and s.rounds[-1]["out"] == 1


def test_a_meld_names_the_card_taken_from_the_pile_in_place_of_its_twin():
    s = _two_deck_turn(["5H/1", "6H/1", "7H/1"], ["KC/1", "7H/2"])
    play(s, kind="draw", from_="pile")
    melds = [codes(s, sum(1 << c for c in m[1])) for m in s.legal_moves() if m[0] == "meld"]
    assert melds == [["5H/1", "6H/1", "7H/2"]]  # listed once, with the copy that may not be discarded
    with pytest.raises(RulesError, match="taken from the pile this turn"):
        play(s, kind="meld", cards=["5H/1", "6H/1", "7H/1"])
    play(s, kind="meld", cards=["5H/1", "6H/1", "7H/2"])
    events = play(s, kind="discard", card="7H/1")
    assert any(e["type"] == "round_end" for e in events)


def test_a_lay_off_naming_the_other_copy_is_refused_with_the_copy_to_name():
    s = _two_deck_turn(["7H/1", "2C/1"], ["KC/1", "7H/2"], [(2, "set", ["7C/1", "7D/1", "7S/1"])])
    play(s, kind="draw", from_="pile")
    with pytest.raises(RulesError, match="7H/2"):
        play(s, kind="layoff", card="7H/1", meld=0)
