"""One test per rule of the Aluette text (docs/rules/aluette.txt) and RULES-NOTES.md."""
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import SPANISH48
from game.rules import GAMES, RulesError, load_state, new_game
from game.rules.aluette import STRENGTH, AluetteState, deal_score

D = SPANISH48
ORDER_TEXT = ["3D", "3C", "2D", "2C", "9C", "9D", "2B", "2E"]


def order_for(hands, unused=None):
    """A deck order dealing these 4 hands of 9 in 3 rounds of 3 from seat 0 (dealer seat 3)."""
    used = {c for h in hands for c in h}
    unused = unused or [c for c in D.codes if c not in used]
    order = []
    for r in range(3):
        for h in hands:
            order += h[3 * r: 3 * r + 3]
    return order + unused


def stronger(a, b):
    return STRENGTH[D.card(a)] > STRENGTH[D.card(b)]


def equal(a, b):
    return STRENGTH[D.card(a)] == STRENGTH[D.card(b)]


def play_trick(s, cards):
    ev = []
    for c in cards:
        ev += s.play_json({"card": c})
    return ev


def fixed_hands():
    """Hands of 9 where a chosen seat wins chosen tricks: seat 0 holds low cards etc."""
    return [
        ["3D", "3C", "2D", "2C", "9C", "9D", "2B", "2E", "1D"],
        ["4D", "4C", "4B", "4E", "5D", "5C", "5B", "5E", "6D"],
        ["6C", "6B", "6E", "7D", "7C", "7B", "7E", "8D", "8C"],
        ["8B", "8E", "3B", "3E", "VD", "VC", "VB", "VE", "CD"],
    ]


# ---------------------------------------------------------------- deck, deal
def test_registered_for_four_players_only():
    assert GAMES["aluette"] is AluetteState
    assert AluetteState.info.teams == "fixed"
    for n in (2, 3, 5):
        with pytest.raises(RulesError):
            new_game("aluette", n)


def test_deal_three_rounds_of_three_twelve_unused():
    hands = fixed_hands()
    s = new_game("aluette", 4, deck_order=order_for(hands))
    for seat in range(4):
        assert set(D.codes_of(s.hands[seat])) == set(hands[seat])
    assert s.unused.bit_count() == 12
    assert s.current_player() == 0  # the player after the dealer (seat 3) leads


def test_unused_cards_never_shown():
    s = new_game("aluette", 4, seed=4)
    unused = D.codes_of(s.unused)
    for seat in range(4):
        text = json.dumps(s.observation(seat))
        assert not any(f'"{c}"' in text for c in unused)


# ---------------------------------------------------------------- ranking
def test_ranking_of_the_eight_named_cards():
    for a, b in zip(ORDER_TEXT, ORDER_TEXT[1:]):
        assert stronger(a, b), (a, b)
    assert stronger("2E", "1B")


def test_groups_below_the_named_cards():
    groups = [["1D", "1C", "1B", "1E"], ["RD", "RC", "RB", "RE"], ["CD", "CC", "CB", "CE"], ["VD", "VC", "VB", "VE"],
              ["9B", "9E"], ["8D", "8C", "8B", "8E"], ["7D", "7C", "7B", "7E"], ["6D", "6C", "6B", "6E"],
              ["5D", "5C", "5B", "5E"], ["4D", "4C", "4B", "4E"], ["3B", "3E"]]
    for g in groups:
        assert all(equal(g[0], c) for c in g)  # suits never decide
    for hi, lo in zip(groups, groups[1:]):
        assert stronger(hi[0], lo[0])
    assert sum(len(g) for g in groups) + 8 == 48


# ---------------------------------------------------------------- play
def test_any_card_may_be_played():
    s = new_game("aluette", 4, seed=1)
    for _ in range(4):
        seat = s.current_player()
        assert sorted(s.legal_moves()) == sorted(D.index[c] for c in D.codes_of(s.hands[seat]))
        s.apply(s.legal_moves()[-1])


def test_unique_highest_wins_and_leads_next():
    s = new_game("aluette", 4, deck_order=order_for(fixed_hands()))
    ev = play_trick(s, ["1D", "4D", "6C", "VD"])
    assert ev[-1]["type"] == "trick_end" and ev[-1]["winner"] == 0
    assert s.tricks_won == [1, 0, 0, 0] and s.current_player() == 0


def test_spoiled_trick():
    hands = [
        ["1D", "4D", "5D", "6D", "7D", "8D", "9B", "VD", "CD"],
        ["1C", "4C", "5C", "6C", "7C", "8C", "9E", "VC", "CC"],
        ["4B", "5B", "6B", "7B", "8B", "VB", "CB", "RB", "3B"],
        ["4E", "5E", "6E", "7E", "8E", "VE", "CE", "RE", "3E"],
    ]
    s = new_game("aluette", 4, deck_order=order_for(hands))
    ev = play_trick(s, ["1D", "1C", "4B", "4E"])  # two aces tie at the top: pourri
    end = ev[-1]
    assert end["type"] == "trick_end" and end["winner"] is None and end["spoiled"]
    assert s.tricks_won == [0, 0, 0, 0]
    assert s.current_player() == 0  # the same leader leads again
    ev = play_trick(s, ["4D", "5C", "RB", "5E"])
    assert ev[-1]["winner"] == 2 and s.current_player() == 2


# ---------------------------------------------------------------- scoring a deal
def test_most_tricks_per_player_not_per_team():
    # Seat 1 wins 3, seats 0 and 2 win 2 each (team 0+2 has 4): seat 1's team scores.
    w = [0, 0, 2, 2, 1, 1, 1, None, None]
    assert deal_score(w) == (1, 1)


def test_tie_for_most_goes_to_the_first_to_reach_it():
    assert deal_score([1, 0, 0, 1, 3, None, None, None, None]) == (0, 1)  # 0 reaches 2 at trick 3
    assert deal_score([0, 1, 1, 0, 2, 2, 3, 3, None]) == (1, 1)  # 1 reaches 2 first (trick 3)


def test_all_spoiled_nobody_scores():
    assert deal_score([None] * 9) == (None, 0)


def test_mordienne_scores_two():
    assert deal_score([1, None, 3, 2, None, None, 0, 0, 0]) == (0, 2)
    assert deal_score([None] * 7 + [2, 2]) == (2, 2)


def test_mordienne_broken_by_earlier_win_or_spoiled_last_trick():
    assert deal_score([0, None, 3, 2, None, 1, 0, 0, 0]) == (0, 1)  # seat 0 had won before the run
    assert deal_score([1, None, 3, 2, None, 0, 0, 0, None]) == (0, 1)  # last trick spoiled
    assert deal_score([None] * 8 + [2]) == (2, 1)  # one trick is no run of two


def test_deal_end_adds_points_to_the_team_and_rotates_dealer():
    s = new_game("aluette", 4, seed=3)
    rng = random.Random(3)
    while s.round_no == 0:
        ev = s.apply(rng.choice(s.legal_moves()))
    summary = next(e for e in ev if e["type"] == "round_end")["summary"]
    assert summary["sides"] == [[0, 2], [1, 3]] and summary["round"] == 0
    player, pts = deal_score(summary["trick_winners"])
    expect = [0, 0]
    if player is not None:
        expect[player % 2] = pts
    assert summary["points"] == expect and s.points == expect
    assert s.dealer == 0 and s.current_player() == 1


def test_five_deals_then_compare_team_totals():
    for seed in range(6):
        s = new_game("aluette", 4, seed=seed)
        rng = random.Random(seed)
        while not s.finished:
            s.apply(rng.choice(s.legal_moves()))
        res = s.result()
        assert len(res["rounds"]) == 5
        a, b = res["side_totals"]
        assert (a, b) == tuple(sum(r["points"][t] for r in res["rounds"]) for t in (0, 1))
        if a == b:
            assert res["draw"] and res["winners"] == []
        else:
            assert res["winners"] == ([0, 2] if a > b else [1, 3]) and not res["draw"]


def test_move_json():
    assert AluetteState.move_from_json({"kind": "play", "card": "3D"}) == D.card("3D")
    assert AluetteState.move_from_json({"card": "3D"}) == D.card("3D")  # protocol version 1
    assert AluetteState.move_to_json(D.card("VE")) == {"kind": "play", "card": "VE"}
    for bad in ({"card": "QS"}, {"card": 3}, "3D", {"pass": ["3D"]}):
        with pytest.raises(RulesError):
            AluetteState.move_from_json(bad)
    s = new_game("aluette", 4, seed=1)
    other = D.codes_of(s.hands[1])[0]
    before = s.to_json()
    with pytest.raises(RulesError):
        s.play_json({"card": other})
    assert s.to_json() == before


# ---------------------------------------------------------------- invariants
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), cut=st.integers(0, 180))
def test_cards_accounted_round_trip_and_sampling(seed, cut):
    rng = random.Random(seed)
    s = new_game("aluette", 4, seed=seed)
    steps = 0
    while not s.finished and steps < cut:
        seen = 0
        for part in [*s.hands, s.unused, s.record.played_mask()]:
            assert not seen & part
            seen |= part
        assert seen == D.full_mask
        s.apply(rng.choice(s.legal_moves()))
        steps += 1
    t = load_state(json.loads(json.dumps(s.to_json())))
    assert t.to_json() == s.to_json()
    for seat in range(4):
        obs = s.observation(seat)
        smp = AluetteState.sample(json.loads(json.dumps(obs)), rng)
        assert smp.observation(seat) == obs
        assert smp.unused.bit_count() == (12 if not s.finished else s.unused.bit_count())
    r1, r2 = random.Random(1), random.Random(1)
    while not s.finished:
        assert s.apply(r1.choice(s.legal_moves())) == t.apply(r2.choice(t.legal_moves()))
    assert t.finished and t.to_json() == s.to_json()


def test_a_state_in_play_after_the_fifth_deal_is_refused():
    # "Spill alltid fem utdelinger": a sixth deal is never played.
    s = new_game("aluette", 4, {}, seed=3)
    rng = random.Random(3)
    while len(s.rounds) < 4:
        s.apply(rng.choice(s.legal_moves()))
    data = s.to_json()
    assert load_state(json.loads(json.dumps(data))).to_json() == data  # the fifth deal in play loads
    data["rounds"].append(data["rounds"][-1])
    with pytest.raises(RulesError, match="5 deals"):
        load_state(data)
