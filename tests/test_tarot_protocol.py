"""The four tarot games through the engine protocol and the JSON contract: illegal or
malformed input answers a clear error and changes nothing; moves are JSON with a kind."""
import json

import pytest

from game.protocol import Session
from game.rules import RulesError, game_class, load_state
from tests.protocol_helpers import ask

CASES = [("maison_troggen", 3), ("leipzig_taroc", 3), ("la_rigueur", 4), ("triomphe_forcee", 5)]


@pytest.mark.parametrize("game,players", CASES)
def test_games_lists_the_tarot_games_with_their_options(game, players):
    games = {g["id"]: g for g in ask(Session(), cmd="games")["games"]}
    info = game_class(game).info
    assert games[game]["deck"] == "tarot78" and games[game]["players"] == [info.min_players, info.max_players]
    assert [o["name"] for o in games[game]["options"]] == [o.name for o in info.options]


@pytest.mark.parametrize("game,players", CASES)
def test_a_game_plays_through_the_protocol(game, players):
    s = Session()
    state = ask(s, cmd="new", game=game, players=players, seed=2)["state"]
    assert state["game"] == game and len(state["hands"]) == players
    for _ in range(60):
        legal = ask(s, cmd="legal")["moves"]
        if not legal:
            break
        assert all("kind" in m for m in legal)
        answer = ask(s, cmd="play", move=legal[0])
        assert answer["ok"], answer
    obs = ask(s, cmd="observe", seat=0)["observation"]
    assert {"phase", "hand", "hand_counts", "totals", "rounds"} <= set(obs)


@pytest.mark.parametrize("game,players", CASES)
def test_illegal_or_malformed_moves_change_nothing(game, players):
    s = Session()
    ask(s, cmd="new", game=game, players=players, seed=5)
    before = ask(s, cmd="state")["state"]
    seat = before["to_move"]
    other = before["hands"][(seat + 1) % players][0]
    bad = [
        ({"kind": "play", "card": other}, "illegal"),
        ({"kind": "play", "card": "ZZ"}, "unknown card"),
        ({"kind": "discard", "cards": ["RH", "RH", "RH"]}, "twice"),
        ({"kind": "jump"}, "unknown move kind"),
        ({"card": "T01"}, "kind"),
        ({"kind": "declare"}, "missing"),
        ({"kind": "play", "card": other, "extra": 1}, "unknown field"),
        ("T01", "JSON object"),
    ]
    for move, words in bad:
        answer = ask(s, cmd="play", move=move)
        assert answer["ok"] is False and words in answer["error"], (move, answer)
        assert ask(s, cmd="state")["state"] == before
    st = game_class(game).from_json(before)
    with pytest.raises(RulesError, match="illegal move"):
        st.play_json({"kind": "play", "card": other})
    assert st.to_json() == before


@pytest.mark.parametrize("game,players", CASES)
def test_bad_options_and_player_counts_are_refused(game, players):
    cls = game_class(game)
    with pytest.raises(RulesError, match="players"):
        cls.new(11)
    with pytest.raises(RulesError, match="unknown option"):
        cls.new(players, {"nonsense": 1})
    opt = cls.info.options[0]
    with pytest.raises(RulesError, match=opt.name):
        cls.new(players, {opt.name: "?"})


@pytest.mark.parametrize("game,players", CASES)
def test_a_broken_state_is_refused_with_a_clear_message(game, players):
    data = game_class(game).new(players, seed=1).to_json()
    dup = json.loads(json.dumps(data))
    dup["hands"][1].append(dup["hands"][0][0])
    with pytest.raises(RulesError, match="two places"):
        load_state(dup)
    lost = json.loads(json.dumps(data))
    lost["hands"][0] = lost["hands"][0][1:]
    with pytest.raises(RulesError, match="missing"):
        load_state(lost)
    gone = json.loads(json.dumps(data))
    del gone["won"]
    with pytest.raises(RulesError, match="'won' is missing"):
        load_state(gone)
    assert load_state(json.loads(json.dumps(data))).to_json() == data


@pytest.mark.parametrize("game,players", CASES)
def test_a_state_with_the_wrong_seat_to_move_is_refused(game, players):
    """Loaded with another seat to move, a trick would be played out of turn (a seat twice,
    the trick credited by place to a seat that did not win it): refused, whatever the phase."""
    cls = game_class(game)
    s = cls.new(players, seed=2)
    while s.phase != "play" or not s.trick:  # into a trick, a card or more played
        s.apply(s.legal_moves()[0])
    data = s.to_json()
    assert load_state(json.loads(json.dumps(data))).to_json() == data
    wrong = json.loads(json.dumps(data))
    wrong["to_move"] = (data["to_move"] + 1) % players
    with pytest.raises(RulesError, match="cannot be to play"):
        load_state(wrong)
    counted = json.loads(json.dumps(data))
    counted["tricks_won"] = [len(data["tricks"]) + 1] + [0] * (players - 1)
    with pytest.raises(RulesError, match="tricks_won"):
        load_state(counted)
    first = cls.new(players, seed=2).to_json()
    if first["phase"] in ("skart", "declare", "annul"):  # a phase whose seat is named by the rules
        moved = json.loads(json.dumps(first))
        moved["to_move"] = (first["to_move"] + 1) % players
        with pytest.raises(RulesError, match="discards|declare"):
            load_state(moved)


def test_a_refused_card_says_why():
    """"Troeven is niet toegestaan zolang je kunt bedienen": the error names the rule and the
    playable cards."""
    from game.rules.maison_troggen import MaisonTroggenState
    from tests.tarot_helpers import position

    s = position(MaisonTroggenState, 3, {0: "9S", 1: "T05 2H RC", 2: "4C"}, trick="5H")
    before = s.to_json()
    with pytest.raises(RulesError, match=r"T05 may not be played here \(follow suit, else trump\); playable: \['2H'\]"):
        s.play_json({"kind": "play", "card": "T05"})
    with pytest.raises(RulesError, match="not in seat 1's hand"):
        s.play_json({"kind": "play", "card": "4C"})
    with pytest.raises(RulesError, match="to play a card"):
        s.play_json({"kind": "declare", "combo": "none"})
    assert s.to_json() == before


def test_the_skart_is_one_discard_move_of_three_cards():
    s = Session()
    ask(s, cmd="new", game="maison_troggen", players=3, seed=1)
    legal = ask(s, cmd="legal")["moves"]
    assert legal[0]["kind"] == "discard" and len(legal[0]["cards"]) == 3
    answer = ask(s, cmd="play", move=legal[0])
    assert answer["ok"] and answer["events"][0] == {"type": "skart", "seat": 2, "count": 3}
    obs = ask(s, cmd="observe", seat=0)["observation"]
    assert obs["own_skart"] == [] and obs["skart_count"] == 3
    assert ask(s, cmd="observe", seat=2)["observation"]["own_skart"] == legal[0]["cards"]


@pytest.mark.parametrize("game,players", CASES)
def test_a_finished_game_says_over_and_an_old_state_saying_end_still_loads(game, players):
    s = Session()
    short = {"leipzig_taroc": {"deals": 3}, "triomphe_forcee": {"deals": 5}}.get(game, {})
    ask(s, cmd="new", game=game, players=players, seed=4, options=short)
    while (legal := ask(s, cmd="legal")["moves"]):
        ask(s, cmd="play", move=legal[0])
    state = ask(s, cmd="state")["state"]
    result = ask(s, cmd="result")["result"]
    assert state["phase"] == "over" and ask(s, cmd="observe", seat=1)["observation"]["phase"] == "over"
    assert result["finished"] and result["draw"] == (not result["winners"])
    assert result["sides"] == [[x] for x in range(players)] and result["side_totals"] == result["totals"]
    old = dict(state, format=1, phase="end")
    again = ask(s, cmd="load", state=old)
    assert again["ok"] and again["state"] == state
