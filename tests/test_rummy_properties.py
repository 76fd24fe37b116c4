"""Properties of the rummy family under random play (hypothesis): every card in exactly one place
at every step, every game ends, the totals are the sums of the hands' points, a saved game
resumes identically, and no observation names a card its seat may not see."""
import json
import random

from hypothesis import given, settings, strategies as st

from game.rules.basic_rummy import BasicRummyState
from game.rules.boathouse_rummy import BoathouseRummyState
from game.rules.classic_rummy import ClassicRummyState
from game.rules.jersey_gin import JerseyGinState

GAMES = (BasicRummyState, ClassicRummyState, BoathouseRummyState, JerseyGinState)


def where(state):
    seen = 0
    for mask in state.card_locations().values():
        assert not seen & mask
        seen |= mask
    assert seen == state.info.deck.full_mask


def hidden_named(state, seat):
    obs = state.observation(seat)
    text = json.dumps({k: v for k, v in obs.items() if k != "rounds"})
    return [c for c in state.info.deck.codes_of(state.hidden_cards(seat)) if f'"{c}"' in text]


@settings(max_examples=24, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10**6), players=st.integers(2, 7),
       save_at=st.integers(0, 150))
def test_random_hands_keep_every_card_score_up_and_resume_identically(game, seed, players, save_at):
    info = game.info
    players = min(max(players, info.min_players), info.max_players)
    state = game.new(players, {"hands": 1}, seed)
    rng = random.Random(seed)
    saved, tail, moves = None, [], 0
    while state.current_player() is not None:
        where(state)
        if moves % 7 == 0:
            seat = moves % players
            assert not hidden_named(state, seat)
            obs = json.loads(json.dumps(state.observation(seat)))
            assert game.sample(obs, random.Random(moves)).observation(seat) == obs  # any seat, mover or not
        if moves == save_at:
            saved = json.dumps(state.to_json())
        move = rng.choice(state.legal_moves())
        if saved is not None:
            tail.append(move)
        state.apply(move)
        moves += 1
        assert moves < 5000, "a one-hand game must end"
    rounds = state.result()["rounds"]
    assert len(rounds) == 1
    assert [sum(r["points"][s] for r in rounds) for s in range(players)] == state.totals
    if rounds[0]["out"] is not None and info.id != "jersey_gin" and not state.options.get("penalty_only"):
        out = rounds[0]["out"]
        others = sum(h["deadwood_points"] for s, h in enumerate(rounds[0]["hands"]) if s != out)
        assert rounds[0]["points"][out] == others * (2 if rounds[0]["rummy"] else 1)
    if saved is not None:
        again = game.from_json(json.loads(saved))
        for move in tail:
            again.apply(move)
        assert again.to_json() == state.to_json()
