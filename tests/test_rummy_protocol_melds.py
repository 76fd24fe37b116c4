"""The protocol's melds command: the meld finder on a rummy game's hand, its rule from the
game's options, and bad input answered with a message that names what is wrong."""
import io
import json

import pytest

from game.protocol import MAX_MELD_HAND, Session, serve


TOO_MANY = [f"{r}{s}/{k}" for k in (1, 2) for s in "CDHS" for r in "A23456789TJQK"][:MAX_MELD_HAND + 1]


def melds(session=None, **req):
    return (session or Session()).handle({"cmd": "melds", **req})


def test_jersey_gin_keeps_the_seven_in_the_run():
    # 7H in the run leaves 7C 7D (14); in the set it would leave 8H 9H (17)
    answer = melds(game="jersey_gin", hand="7C 7D 7H 8H 9H".split())
    assert answer == {"ok": True, "melds": [["7H", "8H", "9H"]], "deadwood": ["7C", "7D"], "points": 14}


@pytest.mark.parametrize("options, points, runs", [
    ({}, 20, [["AH", "2H", "3H"]]),  # ace low: Q K left
    ({"aces_high_low": True}, 5, [["QH", "KH", "AH"]]),  # worth 15 as deadwood, so it goes high and 2 3 stay
    ({"ace_bridge": True}, 0, [["QH", "KH", "AH", "2H", "3H"]]),  # K-A-2
])
def test_classic_rummy_options_change_the_ace_rule(options, points, runs):
    answer = melds(game="classic_rummy", hand="2H QH AH KH 3H".split(), options=options)
    assert answer["ok"] and answer["points"] == points and answer["melds"] == runs


def test_two_deck_games_read_copies_and_jokers():
    answer = melds(game="basic_rummy", hand="QH/1 KH/1 AH/1 2H/1 3H/1 X1/1 9C/2".split())
    assert answer["ok"]
    assert sorted(answer["melds"]) == [["AH/1", "2H/1", "3H/1"], ["QH/1", "KH/1", "X1/1"]]
    assert answer["deadwood"] == ["9C/2"] and answer["points"] == 9
    # Basic counts a joker left over 15, an ace 11
    left = melds(game="basic_rummy", hand="X2/1 AS/1 7D/1".split())
    assert left == {"ok": True, "melds": [], "deadwood": ["7D/1", "AS/1", "X2/1"], "points": 7 + 11 + 15}
    alone = melds(game="boathouse_rummy", hand="X2/1 AS/1".split())
    assert alone == {"ok": True, "melds": [], "deadwood": ["AS/1", "X2/1"], "points": 26}


def test_every_card_comes_back_once():
    hand = "AC 2C 3C 4C 7D 7H 7S 9S TS JS KD".split()
    answer = melds(game="jersey_gin", hand=hand)
    back = [c for meld in answer["melds"] for c in meld] + answer["deadwood"]
    assert sorted(back) == sorted(hand) and answer["points"] == 10


@pytest.mark.parametrize("req, words", [
    ({"game": "orlan", "hand": []}, ["orlan", "no melds"]),
    ({"game": "chess", "hand": []}, ["unknown game", "chess"]),
    ({"hand": ["7H"]}, ["needs a game"]),
    ({"game": "jersey_gin", "hand": ["7H", "7H"]}, ["7H", "twice"]),
    ({"game": "jersey_gin", "hand": ["7Z"]}, ["unknown card", "7Z"]),
    ({"game": "basic_rummy", "hand": ["7H"]}, ["unknown card", "7H", "french108"]),
    ({"game": "jersey_gin", "hand": "7H 8H 9H"}, ["hand must be a list"]),
    ({"game": "jersey_gin", "hand": [7]}, ["7", "not a card code"]),
    ({"game": "jersey_gin"}, ["hand must be a list"]),
    ({"game": "classic_rummy", "hand": [], "options": {"ace_bridge": 2}}, ["ace_bridge"]),
    ({"game": "classic_rummy", "hand": [], "options": {"bridge": True}}, ["unknown option", "bridge"]),
    ({"game": "basic_rummy", "hand": TOO_MANY}, [f"at most {MAX_MELD_HAND}"]),
])
def test_bad_requests_name_what_is_wrong_and_change_nothing(req, words):
    s = Session()
    before = s.handle({"cmd": "new", "game": "jersey_gin", "players": 3, "seed": 5})["state"]
    answer = melds(s, **req)
    assert answer["ok"] is False
    for w in words:
        assert w in answer["error"]
    assert s.handle({"cmd": "state"})["state"] == before


def test_melds_over_the_json_lines():
    out = io.StringIO()
    serve(io.StringIO('{"cmd": "melds", "game": "jersey_gin", "hand": ["5S", "6S", "7S"], "id": 3}\n'), out)
    answer = json.loads(out.getvalue())
    assert answer == {"ok": True, "melds": [["5S", "6S", "7S"]], "deadwood": [], "points": 0, "id": 3}
