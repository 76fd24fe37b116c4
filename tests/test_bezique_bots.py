"""Bezique family bots: the simple policy's greedy rules, the rollout policy and the expert's
hooks (legal moves only, equivalent copies searched once)."""
import random

import pytest

from game.bots import SEARCH_HOOKS, SIMPLE_POLICIES, make_bot
from game.bots.simple import ROLLOUT_POLICIES
from game.rules import game_class, new_game
from tests.bezique_helpers import arrange, play

GAMES = ["bezique", "marjolet", "binage", "fildinski", "rubicon"]


def simple_move(state):
    seat = state.to_move
    obs = state.observation(seat)
    legal = [state.move_from_json(m) for m in obs["legal"]]
    return SIMPLE_POLICIES[state.info.id](obs, legal, random.Random(0))


def test_simple_declares_the_best_combination_then_stops():
    g = "marjolet"
    s = arrange(g, [["KC", "QC", "JH", "QD", "QH", "AS"], ["TS", "8H", "7H", "9C", "8C", "7C"]], turned="9H")
    play(s, "AS", "TS")
    first = simple_move(s)
    assert first[:2] == ("declare", "trump_marjolet")
    while (m := simple_move(s))[0] != "skip":
        s.apply(m)
    # trump marjolet 40, a marjolet 20 (the jack again, another kind), the marriage of clubs 20
    assert s.breakdown[0]["declarations"] == 80 and s.phase == "declare"


def test_simple_leads_a_cheap_card_and_keeps_a_marriage():
    g = "bezique"
    s = arrange(g, [["KC/1", "QC/1", "AS/1", "TD/1", "7D/1", "9S/1", "8H/1", "JC/2"],
                    ["TS/1", "8C/1", "7C/1", "9C/1", "JD/1", "QS/1", "JH/1", "9H/1"]], turned="9H/2")
    move = simple_move(s)
    assert move[0] == "play" and s.info.deck.code(move[1]) in ("7D/1", "9S/1")


def test_simple_wins_a_brisque_cheaply_in_stage_one():
    g = "binage"
    s = arrange(g, [["TC", "7S", "8S", "9S", "7D", "8D", "9D", "JD"], ["AC", "KC", "7C", "QD", "8H", "9H", "JH", "QH"]],
                turned="TH", leader=0)
    play(s, "TC")
    move = simple_move(s)
    assert s.info.deck.code(move[1]) in ("AC", "8H", "9H")


def test_simple_stage_two_wins_with_the_cheapest_winner():
    g = "bezique"
    s = arrange(g, [["KC/1", "8S/1", "7S/1"], ["AC/1", "TC/1", "9C/1"]], turned=None, trump="H", stage=2, stock_size=0)
    play(s, "KC/1")
    move = simple_move(s)
    assert s.info.deck.code(move[1]) == "TC/1"  # beats the king and keeps the ace


@pytest.mark.parametrize("game", GAMES)
def test_rollout_and_simple_policies_play_legal_moves_to_the_end(game):
    cls = game_class(game)
    s = cls.new(2, {"deals": 1} if game == "rubicon" else None, seed=7)
    rng = random.Random(2)
    steps = 0
    while not s.finished:
        legal = s.legal_moves()
        if steps % 2:
            move = ROLLOUT_POLICIES[game](s, legal, rng)
        else:
            move = simple_move(s) if len(legal) > 1 else legal[0]
        assert move in legal
        s.apply(move)
        steps += 1
    assert s.result()["winners"]


@pytest.mark.parametrize("game", GAMES)
def test_the_expert_plays_legal_moves(game):
    s = new_game(game, 2, {"deals": 1} if game == "rubicon" else None, seed=3)
    rng = random.Random(1)
    for i in range(40):
        if s.finished:
            break
        seat = s.to_move
        if i % 5 == 0:
            bot = make_bot("expert", game, seed=i, iterations=2)
            move = bot.choose(s.observation(seat))
        else:
            move = rng.choice(s.legal_moves())
        assert move in s.legal_moves()
        s.apply(move)


def test_copies_with_the_same_standing_are_searched_once():
    g = "bezique"
    s = arrange(g, [["KC/1", "KC/2", "AS/1", "TD/1", "7D/1", "9S/1", "8H/1", "JC/2"],
                    ["TS/1", "8C/1", "7C/1", "9C/1", "JD/1", "QS/1", "JH/1", "9H/1"]], turned="9H/2")
    obs = s.observation(0)
    legal = [s.move_from_json(m) for m in obs["legal"]]
    kept = SEARCH_HOOKS[g].distinct(obs, legal)
    codes = [s.info.deck.code(m[1]) for m in kept]
    assert len(kept) == len(legal) - 1 and ("KC/1" in codes) != ("KC/2" in codes)
