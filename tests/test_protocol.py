"""The engine protocol: JSON lines in, one JSON line out, never dies, bad input changes nothing."""
import json

from game.cards import FRENCH52
from game.protocol import Session
from tests.protocol_helpers import ask, protocol_process


def test_games_lists_orlan_with_options():
    games = ask(Session(), cmd="games")["games"]
    orlan = next(g for g in games if g["id"] == "orlan")
    assert orlan["players"] == [2, 4]
    assert {o["name"] for o in orlan["options"]} >= {"target", "teams", "starter"}


def test_new_state_legal_play_result():
    s = Session()
    state = ask(s, cmd="new", game="orlan", players=3, seed=4, options={"target": 11})["state"]
    for key in ("game", "to_move", "finished", "hands", "table", "piles", "stock", "dealer", "totals"):
        assert key in state
    legal = ask(s, cmd="legal")["moves"]
    assert legal and all(set(m) == {"kind", "card", "capture"} if m["kind"] == "capture" else set(m) == {"kind", "card"}
                         for m in legal)
    answer = ask(s, cmd="play", move=legal[0])
    assert answer["ok"] and answer["events"][0]["type"] in ("capture", "lay")
    assert ask(s, cmd="state")["state"]["to_move"] == 1
    assert ask(s, cmd="result")["result"]["finished"] is False


def test_deck_order_is_used():
    order = [c for c in FRENCH52.codes if c[0] != "J"] + ["JC", "JD", "JH", "JS"]
    st = ask(Session(), cmd="new", game="orlan", players=2, seed=0, deck=order)["state"]
    assert set(st["hands"][0]) == set(order[0:4])
    assert set(st["hands"][1]) == set(order[4:8])
    assert set(st["table"]) == set(order[8:12])
    assert st["stock"] == order[12:]


def test_illegal_or_malformed_input_changes_nothing():
    s = Session()
    ask(s, cmd="new", game="orlan", players=2, seed=3)
    before = ask(s, cmd="state")["state"]
    bad = [
        {"cmd": "play", "move": {"card": "ZZ", "capture": []}},
        {"cmd": "play", "move": {"card": before["hands"][1][0], "capture": []}},  # not your card
        {"cmd": "play", "move": "7H"},
        {"cmd": "play"},
        {"cmd": "fly"},
        {"cmd": "new", "game": "chess"},
        {"cmd": "new", "players": 2, "options": {"target": 99}},
        {"cmd": "load", "state": {"game": "orlan", "players": 2}},
        {"cmd": "observe", "seat": 7},
        {"cmd": "bot", "level": "godlike"},
    ]
    for req in bad:
        answer = s.handle(req)
        assert answer["ok"] is False and answer["error"], req
    assert s.handle_line("not json")["ok"] is False
    assert s.handle_line("[1, 2]")["ok"] is False
    assert ask(s, cmd="state")["state"] == before


def test_load_round_trip_and_observe_hides_others():
    s = Session()
    st = ask(s, cmd="new", game="orlan", players=2, seed=8)["state"]
    s2 = Session()
    assert ask(s2, cmd="load", state=st)["state"] == st
    obs = ask(s2, cmd="observe", seat=1)["observation"]
    assert obs["hand"] == st["hands"][1]
    assert not set(st["hands"][0]) & set(json.dumps(obs).replace('"', " ").split())


def test_bot_move_is_legal_and_can_play():
    s = Session()
    ask(s, cmd="new", game="orlan", players=2, seed=5)
    legal = ask(s, cmd="legal")["moves"]
    answer = ask(s, cmd="bot", level="random", seed=1)
    assert answer["move"] in legal
    played = ask(s, cmd="bot", level="random", seed=1, play=True)
    assert played["to_move"] == 1


def test_id_is_echoed():
    assert Session().handle({"cmd": "games", "id": 17})["id"] == 17


def test_subprocess_answers_one_flushed_line_per_request():
    proc = protocol_process()
    try:
        # Interactive: each answer must arrive before the next request is written.
        for line in ['{"cmd":"new","game":"orlan","players":2,"seed":1}', "}{", '{"cmd":"legal"}']:
            proc.stdin.write(line + "\n")
            proc.stdin.flush()
            answer = json.loads(proc.stdout.readline())
            assert "ok" in answer
        proc.stdin.write('{"cmd":"quit"}\n')
        proc.stdin.flush()
        assert json.loads(proc.stdout.readline())["bye"] is True
        assert proc.wait(timeout=10) == 0
    finally:
        proc.kill()


def test_version_1_moves_without_kind_are_still_played():
    s = Session()
    assert ask(s, cmd="hello")["protocol"] == 2
    ask(s, cmd="new", game="orlan", players=2, seed=7)
    old = {"card": "3S", "capture": ["8H"]}  # protocol version 1: no kind
    answer = ask(s, cmd="play", move=old)
    assert answer["ok"] and answer["events"][0] == {"type": "capture", "seat": 0, "card": "3S", "capture": ["8H"]}
    laid = next(m for m in ask(s, cmd="legal")["moves"] if m["kind"] == "play")
    assert ask(s, cmd="play", move={"card": laid["card"], "capture": []})["ok"]
    ask(s, cmd="new", game="olsen", players=4, seed=1, options={"pass3": True})
    hand = ask(s, cmd="observe")["observation"]["hand"]
    assert ask(s, cmd="play", move={"pass": hand[:3]})["ok"]
    bad = s.handle({"cmd": "play", "move": {"kind": "pass", "cards": hand[:2]}})
    assert not bad["ok"] and "3" in bad["error"]


def test_every_observation_has_a_phase_and_every_legal_move_a_kind():
    for game, players in (("orlan", 3), ("olsen", 4), ("aluette", 4)):
        s = Session()
        ask(s, cmd="new", game=game, players=players, seed=2)
        obs = ask(s, cmd="observe")["observation"]
        assert obs["phase"] == "play" and obs["round"] == 0
        assert all("kind" in m for m in obs["legal"])


def test_a_boolean_is_not_a_seat_nor_a_number_of_iterations():
    s = Session()
    ask(s, cmd="new", game="orlan", players=2, seed=1)
    before = ask(s, cmd="state")["state"]
    answer = ask(s, cmd="observe", seat=True)
    assert not answer["ok"] and "seat" in answer["error"]
    answer = ask(s, cmd="bot", level="expert", iterations=True)
    assert not answer["ok"] and "iterations" in answer["error"]
    assert ask(s, cmd="state")["state"] == before
