"""Invariants of Olsen under random play (hypothesis): cards accounted for, games end, JSON
round trips play on identically, legal moves are exactly what the text allows, samplers
are consistent with the observation, batched playouts obey the rules."""
import json
import random
import sys
from pathlib import Path

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import FRENCH52
from game.rules import load_state, new_game
from game.rules.olsen import OlsenState

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from olsen_fast import random_hands  # noqa: E402  (bench/olsen_fast.py: batched playouts for the benchmark)

D = FRENCH52
SETTINGS = settings(max_examples=12, deadline=None)
options = st.fixed_dictionaries({
    "pass3": st.booleans(),
    "jack_diamonds": st.booleans(),
    "deals": st.sampled_from([0, 3, 4]),
})


def oracle_legal(state):
    """The cards the text allows, computed from codes and the trick history only."""
    seat = state.current_player()
    hand = D.codes_of(state.hands[seat])
    done = state.record.done
    trick = [D.code(c) for _, c in state.record.plays]
    broken = any(
        D.code(c)[1] == "H" and D.code(plays[0][1])[1] != "H"
        for _, plays, _ in done for _, c in plays
    ) or any(c[1] == "H" and trick[0][1] != "H" for c in trick)
    if not trick:
        if not done:
            lead = "3C" if len(state.seats) == 5 else "2C"
            return [lead] if lead in hand else []
        if not broken and any(c[1] != "H" for c in hand):
            return [c for c in hand if c[1] != "H"]
        return hand
    same = [c for c in hand if c[1] == trick[0][1]]
    if same:
        return same
    if not done:
        clean = [c for c in hand if c[1] != "H" and c != "QS"]
        if clean:
            return clean
    return hand


def check_cards_accounted(s):
    seen = s.removed
    for part in [*s.hands, s.record.played_mask()]:
        assert not seen & part
        seen |= part
    assert seen == D.full_mask
    taken = 0
    for t in s.taken:
        assert not taken & t
        taken |= t
    assert s.played == s.record.played_mask()
    trick = sum(1 << c for _, c in s.record.plays)
    assert taken | trick == s.record.played_mask()


def check_sample(s, rng):
    for seat in s.seats:
        obs = s.observation(seat)
        smp = OlsenState.sample(json.loads(json.dumps(obs)), rng)
        assert smp.observation(seat) == obs
        for x in s.seats:
            for suit in obs["voids"][x]:
                assert not smp.hands[x] & (((1 << 13) - 1) << 13 * suit)
        if obs["passed"] and s.phase == "play":
            left = s.next_seat(seat)
            still = D.mask_of(obs["passed"]) & ~s.record.played_mask()
            assert smp.hands[left] & still == still
        check_cards_accounted(smp)


@SETTINGS
@given(players=st.integers(3, 5), opts=options, seed=st.integers(0, 10**6), play_seed=st.integers(0, 10**6))
def test_random_games_keep_every_card_and_end(players, opts, seed, play_seed):
    rng = random.Random(play_seed)
    s = new_game("olsen", players, opts, seed=seed)
    steps = 0
    while not s.finished:
        if s.phase == "play":
            check_cards_accounted(s)
            assert sorted(s.move_to_json(m)["card"] for m in s.legal_moves()) == sorted(oracle_legal(s))
            obs = s.observation(s.current_player())
            assert obs["legal"] == [s.move_to_json(m) for m in s.legal_moves()]
        s.apply(rng.choice(s.legal_moves()))
        steps += 1
        assert steps < 20000
    res = s.result()
    assert len(res["winners"]) == 1
    normal = [r for r in res["rounds"] if not r["tiebreak"]]
    assert res["totals"] == [sum(r["points"][r["seats"].index(i)] for r in normal) for i in range(players)]
    assert min(res["totals"]) == res["totals"][res["winners"][0]]
    if opts["deals"]:
        assert len(normal) == opts["deals"]
    else:
        assert max(res["totals"]) >= 100 and all(max(r["totals"]) < 100 for r in normal[:-1])


@SETTINGS
@given(players=st.integers(3, 5), opts=options, seed=st.integers(0, 10**6), cut=st.integers(0, 200))
def test_json_round_trip_plays_on_identically(players, opts, seed, cut):
    rng = random.Random(seed)
    s = new_game("olsen", players, opts, seed=seed)
    for _ in range(cut):
        if s.finished:
            break
        s.apply(rng.choice(s.legal_moves()))
    t = load_state(json.loads(json.dumps(s.to_json())))
    assert t.to_json() == s.to_json()
    r1, r2 = random.Random(7), random.Random(7)
    for _ in range(120):
        if s.finished:
            break
        e1 = s.apply(r1.choice(s.legal_moves()))
        e2 = t.apply(r2.choice(t.legal_moves()))
        assert e1 == e2
    assert t.to_json() == s.to_json()


@SETTINGS
@given(players=st.integers(3, 5), pass3=st.booleans(), seed=st.integers(0, 10**6), cut=st.integers(0, 60))
def test_sampled_states_show_the_same_observation(players, pass3, seed, cut):
    rng = random.Random(seed)
    s = new_game("olsen", players, {"pass3": pass3}, seed=seed)
    for _ in range(cut):
        s.apply(rng.choice(s.legal_moves()))
        if s.round_no:
            break
    check_sample(s, rng)


def test_observation_hides_other_hands_and_passes():
    s = new_game("olsen", 4, {"pass3": True}, seed=2)
    s.apply(s.legal_moves()[0])
    obs = s.observation(1)
    text = json.dumps(obs)
    assert "hands" not in obs and obs["my_pass"] is None
    others = set(D.codes_of(s.hands[0] | s.hands[2] | s.hands[3]))
    assert not others & set(obs["hand"])
    assert all(f'"{c}"' not in text for c in others - {obs["lead_card"]})


@settings(max_examples=6, deadline=None)
@given(players=st.integers(3, 5), jd=st.booleans(), seed=st.integers(0, 2**32 - 1))
def test_batched_playouts_obey_the_rules(players, jd, seed):
    points, orders, plays, legals = random_hands(40, players, np.random.default_rng(seed), jack_diamonds=jd,
                                                 record=True)
    for h in range(40):
        s = OlsenState.new(players, {"deals": 3, "jack_diamonds": jd}, deck_order=[D.code(c) for c in orders[h]])
        for card, legal in zip(plays[h], legals[h]):
            assert int(legal) == s.legal_mask()
            s.apply(int(card))
        assert s.rounds[0]["points"] == [int(x) for x in points[h]]
