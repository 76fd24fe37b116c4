"""The Bezique family through the engine protocol: every game and option playable by JSON lines;
bad input answers a clear error and changes nothing."""
import pytest

from game.protocol import Session
from tests.protocol_helpers import ask, play_out_refusing

GAMES = ["bezique", "marjolet", "binage", "fildinski", "rubicon"]


def test_the_games_are_listed_with_their_options():
    games = {g["id"]: g for g in ask(Session(), cmd="games")["games"]}
    assert games["bezique"]["deck"] == "piquet64" and games["rubicon"]["deck"] == "piquet128"
    assert {o["name"] for o in games["marjolet"]["options"]} == {"target", "marriage", "last_draw"}
    assert {o["name"] for o in games["rubicon"]["options"]} == {"deals", "bezique_pair", "carte_blanche_repeat"}
    for gid in GAMES:
        assert games[gid]["players"] == [2, 2]


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_by_protocol_with_bad_input_in_between(game):
    s = Session()
    state = ask(s, cmd="new", game=game, players=2, seed=9)["state"]
    assert state["game"] == game and state["phase"] in ("play", "carte_blanche")
    bad = [(m, "") for m in ({"kind": "play", "card": "ZZ"}, {"kind": "declare", "combination": "marriage", "cards": ["XX"]},
                             {"kind": "declare", "combination": "grand_slam", "cards": []}, {"kind": "fly"}, "7H")]
    play_out_refusing(s, bad, lambda obs: obs["phase"] in ("play", "declare", "carte_blanche"),
                      lambda s, legal, turns: ask(s, cmd="bot", level="simple", seed=turns, play=True), reload_every=40)
    result = ask(s, cmd="result")["result"]
    assert result["finished"] and result["winners"]


def test_a_broken_state_is_refused_with_the_reason():
    s = Session()
    data = ask(s, cmd="new", game="bezique", players=2, seed=1)["state"]
    data["hands"][0] = data["hands"][0][:-1]
    answer = ask(s, cmd="load", state=data)
    assert answer["ok"] is False and "accounted for" in answer["error"]
    data = ask(s, cmd="new", game="bezique", players=2, seed=1)["state"]
    data["phase"] = "dance"
    assert "phase" in ask(s, cmd="load", state=data)["error"]
    answer = ask(s, cmd="new", game="marjolet", players=3)
    assert answer["ok"] is False and "2 to 2 players" in answer["error"]


def test_a_state_the_deal_could_not_reach_is_refused():
    """Both players draw after every trick, so the hands are one size but for a card led: a
    state with hands of 9 and 7 once left the game stuck with no move at the end of the deal."""
    s = Session()
    data = ask(s, cmd="new", game="binage", players=2, seed=0)["state"]
    data["hands"][0].append(data["hands"][1].pop())
    answer = ask(s, cmd="load", state=data)
    assert answer["ok"] is False and "hands of [9, 7] cards" in answer["error"]
    data = ask(s, cmd="new", game="bezique", players=2, seed=0)["state"]
    while ask(s, cmd="legal")["moves"] and data["stock"]:  # to stage 2: the turned card drawn
        ask(s, cmd="bot", level="simple", play=True)
        data = ask(s, cmd="state")["state"]
    assert data["stage"] == 2 and data["turned"] is None
    data["trump"] = None
    assert "trumps are known" in ask(s, cmd="load", state=data)["error"]
    data = ask(s, cmd="new", game="rubicon", players=2, seed=0)["state"]
    card = data["stock"].pop()
    data["turned"], data["trump"] = card, card[1]
    assert "no card is turned" in ask(s, cmd="load", state=data)["error"]
    data = ask(s, cmd="new", game="binage", players=2, seed=0)["state"]
    assert ask(s, cmd="load", state=data)["ok"]
