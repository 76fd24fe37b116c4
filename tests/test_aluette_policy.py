"""The Aluette simple policy: partnership play, always legal."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("game.bots.simple")  # the bot registries land with the bots branch

from game.bots.aluette_policy import choose_card, simple_policy  # noqa: E402
from game.cards import SPANISH48  # noqa: E402
from game.rules import new_game  # noqa: E402

M = SPANISH48.mask_of
C = SPANISH48.card


def test_never_wastes_a_high_card_or_spoils_the_partners_trick():
    # Seat 2's partner (seat 0) holds the trick with an ace: play low, not the Roi, never the tying ace.
    hand = M(["1B", "RB", "4D", "3D"])
    assert choose_card(2, hand, [(0, C("1D")), (1, C("5C"))]) == C("4D")


def test_takes_an_opponents_trick_cheaply_or_spoils_it():
    assert choose_card(1, M(["3D", "RB", "4D"]), [(0, C("CB"))]) == C("RB")
    assert choose_card(1, M(["CC", "4D"]), [(0, C("CB"))]) == C("CC")  # equal: spoil it


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_simple_policy_always_plays_a_legal_move(seed):
    rng = random.Random(seed)
    s = new_game("aluette", 4, seed=seed)
    while not s.finished:
        obs = s.observation(s.current_player())
        legal = [s.move_from_json(m) for m in obs["legal"]]
        move = simple_policy(obs, legal, rng)
        assert move in legal
        s.apply(move)
