"""Refusals through the engine protocol say why, for every game, and never change the game;
a state that could not play on is refused when loaded (docs/protocol.md: "It never dies on
input ... and change nothing")."""
from __future__ import annotations

import json
import random

import pytest

from game.protocol import Session
from game.rules import GAMES, RulesError, load_state, new_game
from tests.protocol_helpers import ask


def _session(game, players=None, **kw):
    s = Session()
    req = {"cmd": "new", "game": game, "seed": kw.pop("seed", 3), **kw}
    if players:
        req["players"] = players
    assert ask(s, **req)["ok"]
    return s


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_move_of_the_wrong_kind_is_refused_with_what_the_player_is_to_do(game):
    s = _session(game)
    legal = ask(s, cmd="legal")
    kinds = {m["kind"] for m in legal["moves"]}
    cls = GAMES[game]
    other = next((k for k in cls.MOVE_KINDS if k not in kinds), None)
    if other is None:
        pytest.skip(f"{game}: every kind of move is legal at the start")
    fields = {f.json_name or f.name: None for f in cls.MOVE_KINDS[other]}
    before = ask(s, cmd="state")["state"]
    answer = ask(s, cmd="play", move={"kind": other, **fields})
    assert not answer["ok"]
    if "illegal move" in answer["error"]:  # (a move that cannot even be read says so instead)
        assert answer["error"].startswith(f"{game}: illegal move {{")
        assert other in answer["error"].split(": ", 2)[2]
    assert ask(s, cmd="state")["state"] == before


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_card_not_in_the_hand_is_refused_as_such(game):
    """Every game whose move plays a card from the hand names the card missing from it."""
    s = _session(game)
    for _ in range(400):
        legal = ask(s, cmd="legal")
        seat = legal["to_move"]
        plays = [m for m in legal["moves"] if isinstance(m.get("card"), str) and m["kind"] in ("play", "capture", "discard")]
        if plays:
            break
        ask(s, cmd="play", move=legal["moves"][0])
    else:
        pytest.skip("no card play reached")
    hand = ask(s, cmd="observe", seat=seat)["observation"]["hand"]
    other = next(c for c in GAMES[game].info.deck.codes if c not in hand)
    move = dict(plays[0], card=other)
    answer = ask(s, cmd="play", move=move)
    assert not answer["ok"]
    assert other in answer["error"] and "not in" in answer["error"], answer["error"]


def test_orlan_a_card_that_can_capture_is_refused_as_a_plain_lay_with_its_captures():
    s = _session("orlan", 2, seed=7)
    moves = ask(s, cmd="legal")["moves"]
    capturing = next(m for m in moves if m["kind"] == "capture")
    answer = ask(s, cmd="play", move={"kind": "play", "card": capturing["card"]})
    assert "may only be played as" in answer["error"] and json.dumps(capturing["capture"]) in answer["error"]


def test_la_rigueur_a_revoke_names_the_spade_rule():
    s = _session("la_rigueur", 3, seed=1)
    for _ in range(200):
        legal = ask(s, cmd="legal")
        seat = legal["to_move"]
        hand = ask(s, cmd="observe", seat=seat)["observation"]["hand"]
        playable = {m["card"] for m in legal["moves"]}
        wrong = [c for c in hand if c not in playable]
        if wrong:
            answer = ask(s, cmd="play", move={"kind": "play", "card": wrong[0]})
            assert "a trump or a spade" in answer["error"] and "playable" in answer["error"]
            return
        ask(s, cmd="play", move=legal["moves"][0])
    pytest.fail("no card the follow rule refuses")


def test_olsen_playing_a_card_while_passing_says_a_pass_is_expected():
    s = _session("olsen", 4, options={"pass3": True})
    answer = ask(s, cmd="play", move={"kind": "play", "card": "2C"})
    assert "is to pass, not play" in answer["error"]


def test_an_error_while_playing_a_loaded_state_puts_the_game_back(monkeypatch):
    s = _session("olsen", 4)
    before = ask(s, cmd="state")["state"]
    assert ask(s, cmd="load", state=before)["ok"]  # a client's state: the engine guards it
    move = ask(s, cmd="legal")["moves"][0]
    st = s.state
    real = type(st).apply

    def half_then_fail(self, m):
        self.hands[0] = 0  # a change on the way, then a failure
        raise RuntimeError("boom")

    monkeypatch.setattr(type(st), "apply", half_then_fail)
    answer = ask(s, cmd="play", move=move)
    monkeypatch.setattr(type(st), "apply", real)
    assert not answer["ok"] and "boom" in answer["error"]
    assert ask(s, cmd="state")["state"] == before


def _refused(data, words):
    with pytest.raises(RulesError, match=words):
        load_state(data)


def test_a_state_whose_player_to_move_has_no_move_is_refused():
    # Maison Troggen's dealer (seat 2) to lay the skart aside, his cards moved to his pile.
    d = new_game("maison_troggen", 3, {}, seed=7).to_json()
    seat = d["to_move"]
    d["won"][seat] = d["won"][seat] + d["hands"][seat]
    d["hands"][seat] = []
    _refused(d, "has no legal move")


def test_a_state_that_would_pass_the_turn_to_no_seat_is_refused():
    d = new_game("triomphe_forcee", 2, {}, seed=5).to_json()
    assert d["phase"] == "declare"
    d["declare_left"] = [d["to_move"], 9]
    _refused(d, "declare_left")
    d = new_game("triomphe_forcee", 2, {}, seed=5).to_json()
    d["pot"] = -5
    _refused(d, "pot")


def test_a_state_whose_rounds_are_not_a_list_of_summaries_is_refused():
    for game in ("olsen", "aluette"):
        d = new_game(game, 4, {}, seed=4).to_json()
        d["rounds"] = "x"
        _refused(d, "rounds")


def test_a_bezique_family_state_with_a_trump_other_than_the_turned_cards_is_refused():
    d = new_game("fildinski", 2, {}, seed=3).to_json()
    d["trump"] = None
    _refused(d, "turned card's suit")


def test_a_rummy_state_with_a_knocker_out_of_range_is_refused():
    d = new_game("jersey_gin", 3, {}, seed=4).to_json()
    d["step"], d["knocker"] = "layoff", 7
    _refused(d, "does not hold together")


def test_an_old_state_missing_a_field_names_the_field():
    s = Session()
    answer = ask(s, cmd="load", state={"game": "orlan"})  # no format: read as format 1
    assert not answer["ok"] and "field 'totals' is missing" in answer["error"]


def test_an_aluette_state_whose_trick_counts_differ_from_its_tricks_is_refused():
    d = new_game("aluette", 4, {}, seed=4).to_json()
    d["tricks_won"] = [9, 9, 9, 9]
    _refused(d, "tricks_won")


def test_a_la_rigueur_state_in_play_with_a_total_at_fifty_is_refused():
    # The text: first to 50; totals change only when a deal is scored, and that deal ends
    # the game, so a game still in play cannot show a total of 50.
    d = new_game("la_rigueur", 4, {}, seed=4).to_json()
    d["totals"] = [50, 10, 0, 3]
    _refused(d, "reached 50")
    d["totals"] = [49, 10, 0, 3]
    assert load_state(d).totals == [49, 10, 0, 3]


def test_an_orlan_state_whose_player_to_move_does_not_fit_the_hands_is_refused():
    # Play runs in turn from the player after the dealer, one card each: a state naming
    # another seat loaded and later reached a turn with no legal move.
    s = new_game("orlan", 3, {}, seed=5)
    s.apply(s.legal_moves()[0])
    d = s.to_json()
    assert load_state(d).to_move == d["to_move"]
    d["to_move"] = (d["to_move"] + 1) % 3
    _refused(d, "cannot be to move")


def test_a_tarot_state_owing_a_card_for_the_excuse_to_no_seat_is_refused():
    d = new_game("leipzig_taroc", 3, {}, seed=5).to_json()
    d["excuse_creditor"] = 7
    _refused(d, "excuse_creditor")
    d["excuse_creditor"], d["excuse_owner"] = 1, None
    _refused(d, "excuse_creditor")


def test_a_bezique_state_whose_breakdown_is_not_points_by_source_is_refused():
    d = new_game("binage", 2, {}, seed=5).to_json()
    d["breakdown"] = [{"brisques": []}, {}]
    _refused(d, "breakdown")


def test_a_bezique_state_with_the_wrong_seat_to_play_is_refused():
    d = new_game("bezique", 2, {}, seed=5).to_json()
    assert d["to_move"] == d["leader"] and not d["trick"]
    d["to_move"] = 1 - d["leader"]
    _refused(d, "cannot be to play")


def test_a_leipzig_state_whose_pending_payments_miss_a_seat_is_refused():
    d = new_game("leipzig_taroc", 3, {}, seed=5).to_json()
    d["pending"] = [0]
    _refused(d, "pending")


@pytest.mark.parametrize("game", ["olsen", "aluette"])
def test_a_trick_game_state_with_the_wrong_seat_to_play_is_refused(game):
    # A state naming the wrong seat loaded and play went on to a turn with no legal move.
    s = new_game(game, 4, {}, seed=5)
    while s.to_json().get("phase", "play") != "play":
        s.apply(s.legal_moves()[0])
    s.apply(s.legal_moves()[0])
    d = s.to_json()
    assert load_state(d).to_json() == d
    d["to_move"] = (d["to_move"] + 1) % 4
    _refused(d, "cannot be to play")


def test_a_rummy_table_meld_without_cards_is_refused():
    s = new_game("jersey_gin", 3, {}, seed=4)
    rng = random.Random(3)
    while not s.to_json()["table"] and s.current_player() is not None:
        s.apply(rng.choice(s.legal_moves()))
    d = s.to_json()
    d["table"][0]["cards"] = []
    _refused(d, "table")


def test_a_bezique_state_in_the_first_stage_without_a_stock_is_refused():
    # Drawing from the empty stock crashed the play that followed.
    d = new_game("marjolet", 2, {}, seed=5).to_json()
    d["stock"], d["won"][0] = [], d["won"][0] + d["stock"]
    _refused(d, "stage 1 lasts while the stock lasts")


@pytest.mark.parametrize("move, words", [({"kind": [], "card": "AS"}, "unknown move kind"),
                                         ({"kind": {}, "card": "AS"}, "unknown move kind"),
                                         ({"kind": "play", "card": None}, "names its card")])
def test_a_move_whose_kind_or_card_has_the_wrong_type_is_refused_with_a_message(move, words):
    s = _session("la_rigueur", 4)
    before = ask(s, cmd="state")["state"]
    answer = ask(s, cmd="play", move=move)
    assert not answer["ok"] and words in answer["error"] and "internal error" not in answer["error"]
    assert ask(s, cmd="state")["state"] == before
