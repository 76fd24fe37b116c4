"""Invariants of the four tarot games under random play (hypothesis): every card accounted
for at every step, every game ends, scores add up (card points of a deal total the deck's
points), observations hide other hands, sampled worlds show the same observation, and a
JSON round trip plays on identically."""
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import game_class
from game.rules.la_rigueur import VALUES as LR_VALUES

GAMES = {"maison_troggen": [3], "leipzig_taroc": [3], "la_rigueur": [2, 3, 4, 5, 6],
         "triomphe_forcee": [2, 3, 4, 6, 7, 10]}


@st.composite
def setups(draw):
    game = draw(st.sampled_from(sorted(GAMES)))
    players = draw(st.sampled_from(GAMES[game]))
    info = game_class(game).info
    options = {o.name: draw(st.sampled_from(o.choices)) for o in info.options}
    if game == "leipzig_taroc":
        options["deals"] = 3
    if game == "triomphe_forcee":
        options["deals"] = 5
    return game, players, options, draw(st.integers(0, 10_000))


def check_round(game, summary, players, dealt_values, state):
    points = summary["points"]
    if game == "maison_troggen":
        assert sum(summary["card_points"]) == 76 and points == summary["card_points"]
    elif game == "leipzig_taroc":
        assert sum(summary["card_points"]) == 78 and sum(points) == 0
        honours, sets = summary["simple"]["honours"], summary["simple"]["sets"]
        assert [h + k for h, k in zip(honours, sets)] == summary["card_points"]
    elif game == "la_rigueur":
        assert sum(points) == dealt_values
    else:
        assert sum(state.totals) + state.pot == 0


@settings(max_examples=30, deadline=None)
@given(setups(), st.data())
def test_random_games_keep_every_invariant(setup, data):
    game, players, options, seed = setup
    cls = game_class(game)
    s = cls.new(players, options, seed)
    rng = random.Random(seed)
    fork_at = data.draw(st.integers(0, 400))
    copy = None
    moves = 0
    dealt_values = sum(LR_VALUES[c] for c in range(78) if not s.unused >> c & 1)
    while s.current_player() is not None:
        seat = s.current_player()
        obs = s.observation(seat)
        assert "hands" not in obs and obs["hand"] == cls.info.deck.codes_of(s.hands[seat])
        assert obs["phase"] == s.phase and obs["legal"] == [cls.move_to_json(m) for m in s.legal_moves()]
        if moves % 23 == 0 and s.phase == "play":
            world = cls.sample(obs, random.Random(moves))
            assert world.observation(seat) == obs
            world.check_cards_whole()
        if moves == fork_at:
            copy = cls.from_json(json.loads(json.dumps(s.to_json())))
            copy_rng = random.Random()
            copy_rng.setstate(rng.getstate())  # the copy gets the same moves from here on
        move = rng.choice(s.legal_moves())
        events = s.apply(move)
        s.check_cards_whole()
        for e in events:
            if e["type"] == "round_end":
                check_round(game, e["summary"], players, dealt_values, s)
            if e["type"] == "deal":
                dealt_values = sum(LR_VALUES[c] for c in range(78) if not s.unused >> c & 1)
        moves += 1
        assert moves < 30_000, "the game does not end"
    res = s.result()
    assert res["winners"] and all(0 <= w < players for w in res["winners"])
    totals = res["totals"]
    assert res["winners"] == [p for p in range(players) if totals[p] == max(totals)]
    assert totals == [sum(r["points"][p] for r in res["rounds"]) for p in range(players)]
    if copy is not None:
        while copy.current_player() is not None:
            copy.apply(copy_rng.choice(copy.legal_moves()))
        assert copy.to_json() == s.to_json()
