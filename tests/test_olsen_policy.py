"""The Olsen simple policy: always legal, ducks, sheds the queen of spades."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("game.bots.simple")  # the bot registries land with the bots branch

from game.bots.olsen_policy import choose_card, choose_pass, simple_policy  # noqa: E402
from game.cards import FRENCH52  # noqa: E402
from game.rules import new_game  # noqa: E402

M = FRENCH52.mask_of
C = FRENCH52.card


def test_ducks_under_the_winning_card_with_its_highest_card():
    plays = [(0, C("TD"))]
    assert choose_card(M(["2D", "9D", "KD"]), M(["2D", "9D", "KD"]), plays, M(["TD"]), 4) == C("9D")


def test_dumps_the_queen_of_spades_when_void():
    hand = M(["QS", "AH", "3C"])
    assert choose_card(hand, hand, [(0, C("5D"))], M(["5D"]), 4) == C("QS")


def test_drops_the_queen_under_a_higher_spade():
    hand = M(["QS", "2D"])
    assert choose_card(hand, M(["QS"]) | 0, [(0, C("AS"))], M(["AS"]), 4) == C("QS")
    assert choose_card(M(["QS", "3S"]), M(["QS", "3S"]), [(0, C("KS"))], M(["KS"]), 4) == C("QS")


def test_passes_the_dangerous_cards():
    hand = M(["QS", "AS", "KH", "2C", "3C", "4C", "5D", "6D", "7D", "2H", "3H", "4S", "8C"])
    assert choose_pass(hand) == M(["QS", "AS", "KH"])


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 5), pass3=st.booleans())
def test_simple_policy_always_plays_a_legal_move(seed, players, pass3):
    rng = random.Random(seed)
    s = new_game("olsen", players, {"pass3": pass3, "deals": 3}, seed=seed)
    while not s.finished:
        obs = s.observation(s.current_player())
        legal = [s.move_from_json(m) for m in obs["legal"]]
        move = simple_policy(obs, legal, rng)
        assert move in legal
        s.apply(move)
