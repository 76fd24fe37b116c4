"""The rummy family through the engine protocol: every game playable by JSON lines, a saved
state loading back, and bad input answering a clear error that changes nothing."""
import random

import pytest

from game.protocol import Session
from tests.protocol_helpers import ask, play_out_refusing, protocol_answers

GAMES = ["basic_rummy", "classic_rummy", "boathouse_rummy", "jersey_gin"]


def test_the_games_are_listed_with_their_options():
    games = {g["id"]: g for g in ask(Session(), cmd="games")["games"]}
    assert games["basic_rummy"]["players"] == [2, 7] and games["basic_rummy"]["deck"] == "french108"
    assert games["classic_rummy"]["players"] == [2, 6] and games["jersey_gin"]["players"] == [3, 3]
    assert {o["name"] for o in games["classic_rummy"]["options"]} == {
        "target", "hands", "no_meld_limit", "layoff_after_meld", "aces_high_low", "ace_bridge",
        "last_card_discard", "shuffle_pile"}
    assert "penalty_only" in {o["name"] for o in games["boathouse_rummy"]["options"]}
    assert "knock_scoring" in {o["name"] for o in games["jersey_gin"]["options"]}


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_by_protocol_with_bad_input_in_between(game):
    s = Session()
    players = 3 if game == "jersey_gin" else 2
    state = ask(s, cmd="new", game=game, players=players, seed=5, options={"hands": 1})["state"]
    assert state["game"] == game
    rng = random.Random(game)
    suffix = "/1" if game in ("basic_rummy", "boathouse_rummy") else ""
    bad = [({"kind": "discard", "card": "ZZ"}, "unknown card"),
           ({"kind": "fly"}, "unknown move kind"),
           ({"kind": "layoff", "card": "5H" + suffix, "meld": 99}, ""),
           ({"kind": "meld", "cards": ["2C" + suffix, "9D" + suffix, "KH" + suffix]}, ""),
           ("7H", "")]
    play_out_refusing(s, bad, lambda obs: obs["phase"] == obs["step"],
                      lambda s, legal, turns: ask(s, cmd="play", move=rng.choice(legal["moves"])), reload_every=25)
    result = ask(s, cmd="result")["result"]
    assert result["finished"] and result["winners"] and len(result["rounds"]) == 1


def test_a_meld_refused_by_protocol_says_why():
    s = Session()
    ask(s, cmd="new", game="classic_rummy", players=2, seed=1)
    ask(s, cmd="play", move={"kind": "draw", "from": "stock"})
    hand = ask(s, cmd="observe")["observation"]["hand"]
    answer = ask(s, cmd="play", move={"kind": "meld", "cards": hand[:2]})
    assert answer["ok"] is False and "at least 3" in answer["error"]
    answer = ask(s, cmd="play", move={"kind": "discard", "card": "XX"})
    assert answer["ok"] is False and "unknown card code" in answer["error"]


def test_a_broken_state_is_refused_with_the_reason():
    s = Session()
    data = ask(s, cmd="new", game="jersey_gin", players=3, seed=1)["state"]
    data["hands"][0] = data["hands"][0][:-1]
    answer = ask(s, cmd="load", state=data)
    assert answer["ok"] is False and "missing" in answer["error"]
    data = ask(s, cmd="new", game="basic_rummy", players=2, seed=1)["state"]
    data["table"] = [{"owner": 0, "kind": "run", "cards": ["2H/1", "9C/1", "KD/1"]}]
    assert ask(s, cmd="load", state=data)["ok"] is False


def test_each_game_through_python_m_game_protocol():
    """The real process: a new game, a draw, a refused move, the state saved and loaded back."""
    lines = []
    for game in GAMES:
        players = 3 if game == "jersey_gin" else 2
        lines += [{"cmd": "new", "game": game, "players": players, "seed": 2},
                  {"cmd": "play", "move": {"kind": "take_upcard"} if game == "jersey_gin"
                   else {"kind": "draw", "from": "stock"}},
                  {"cmd": "play", "move": {"kind": "meld", "cards": ["AC", "AC", "AC"]}},
                  {"cmd": "state"}]
    answers = protocol_answers(lines)
    assert len(answers) == len(lines)
    for i, game in enumerate(GAMES):
        new, drawn, bad, state = answers[4 * i:4 * i + 4]
        assert new["ok"] and drawn["ok"] and drawn["events"][0]["type"] == "draw"
        assert bad["ok"] is False and bad["error"]
        assert state["ok"] and state["state"]["game"] == game and state["state"]["step"] == "play"
        s = Session()
        assert ask(s, cmd="load", state=state["state"])["state"] == state["state"]


def test_a_move_whose_card_is_null_is_refused_with_a_clear_message():
    from game.rules.basic_rummy import BasicRummyState
    from tests.rummy_helpers import deal, play

    s = deal(BasicRummyState, 2, {1: ["3H/1", "4H/1", "5H/1", "6H/1", "7C/1", "7D/1", "7S/1"]}, "QD/1", seed=3)
    play(s, kind="draw", from_="pile")
    play(s, kind="meld", cards=["3H/1", "4H/1", "5H/1", "6H/1"])  # a meld on the table: lay-offs are asked
    session = Session()
    assert ask(session, cmd="load", state=s.to_json())["ok"]
    for move in ({"kind": "layoff", "card": None, "meld": 0}, {"kind": "swap", "card": None, "meld": 0},
                 {"kind": "discard", "card": None}):
        answer = ask(session, cmd="play", move=move)
        assert not answer["ok"] and "names its card" in answer["error"], answer
    assert ask(session, cmd="state")["state"] == s.to_json()
