"""Invariants of Orlan over random games (hypothesis)."""
import random
from itertools import combinations
from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import FRENCH52
from game.rules import load_state, new_game
from game.rules.orlan import OrlanState
from tests.orlan_helpers import side_lines

D = FRENCH52
configs = st.sampled_from([(2, False), (3, False), (4, False), (4, True)])


def text_legal_moves(state):
    """Legal moves straight from the rules text, by brute force over table subsets."""
    hand = D.codes_of(state.hands[state.current_player()])
    table = D.codes_of(state.table)

    def val(code):
        return "A23456789T".find(code[0]) + 1  # 0 for J, Q, K

    out = set()
    for card in hand:
        caps = []
        if card[0] == "J":
            sweep = [c for c in table if val(c) or c[0] == "J"]
            caps = [tuple(sorted(sweep))] if sweep else []
        elif card[0] in "QK":
            caps = [(c,) for c in table if c[0] == card[0]]
        else:
            numbers = [c for c in table if val(c)]
            for r in range(1, len(numbers) + 1):
                for combo in combinations(numbers, r):
                    if sum(map(val, combo)) + val(card) == 11:
                        caps.append(tuple(sorted(combo)))
        if caps:
            out |= {(card, c) for c in caps}
        else:
            out.add((card, ()))
    return out


def engine_moves(state):
    return {(m["card"], tuple(sorted(m.get("capture", [])))) for m in map(state.move_to_json, state.legal_moves())}


def accounted(state):
    parts = [*state.hands, *state.piles, state.table, *(1 << c for c in state.stock)]
    total = 0
    for p in parts:
        assert total & p == 0, "a card is in two places"
        total |= p
    return total


@settings(max_examples=25, deadline=None)
@given(configs, st.integers(0, 2**31), st.integers(0, 2**31), st.sampled_from([11, 21]))
def test_random_game_invariants(config, seed, play_seed, target):
    players, teams = config
    s = new_game("orlan", players, {"teams": teams, "target": target}, seed=seed)
    rng = random.Random(play_seed)
    steps = 0
    while not s.finished:
        assert accounted(s) == D.full_mask  # hands + table + piles + stock = the deck
        assert engine_moves(s) == text_legal_moves(s)
        events = s.apply(rng.choice(s.legal_moves()))
        steps += 1
        assert steps < 5000, "a game must end"
        for e in events:
            if e["type"] == "round_end":
                sides = side_lines(e["summary"])
                points = [x["points"] for x in sides]
                assert sum(points) <= 5
                assert all(x["points"] == sum(x["breakdown"].values()) for x in sides)
                cards = [x["cards"] for x in sides]
                # most cards: 2 to the unique leader, else nobody
                leaders = [i for i, c in enumerate(cards) if c == max(cards)]
                expect = [2 if (len(leaders) == 1 and i == leaders[0]) else 0 for i in range(len(cards))]
                assert [x["breakdown"]["most_cards"] for x in sides] == expect
                assert sum(x["breakdown"]["two_clubs"] for x in sides) <= 1
                # every card of the round is scored unless nobody captured
                if e["summary"]["leftover_to"] is not None or not e["summary"]["leftover"]:
                    assert sum(cards) == 52 or all(c == 0 for c in cards)
    res = s.result()
    totals = res["side_totals"]
    assert max(totals) >= target and totals.count(max(totals)) == 1
    assert sum(totals) == sum(sum(r["points"]) for r in res["rounds"])
    assert res["winners"]


@settings(max_examples=25, deadline=None)
@given(configs, st.integers(0, 2**31), st.integers(0, 2**31), st.integers(0, 200))
def test_json_round_trip_plays_on_identically(config, seed, play_seed, cut):
    players, teams = config
    s = new_game("orlan", players, {"teams": teams, "target": 11}, seed=seed)
    rng = random.Random(play_seed)
    for _ in range(cut):
        if s.finished:
            break
        s.apply(rng.choice(s.legal_moves()))
    copy = load_state(s.to_json())
    assert copy.to_json() == s.to_json()
    for seat in range(players):
        assert copy.observation(seat) == s.observation(seat)
    rng_a, rng_b = random.Random(1), random.Random(1)
    for _ in range(150):
        if s.finished:
            break
        ma, mb = rng_a.choice(s.legal_moves()), rng_b.choice(copy.legal_moves())
        assert ma == mb
        assert s.apply(ma) == copy.apply(mb)
        assert s.to_json() == copy.to_json()


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 4), st.integers(0, 2**31), st.integers(0, 100))
def test_observation_hides_other_hands_and_the_stock(players, seed, cut):
    s = new_game("orlan", players, seed=seed)
    rng = random.Random(seed)
    for _ in range(cut):
        if s.finished:
            break
        s.apply(rng.choice(s.legal_moves()))
    for seat in range(players):
        obs = s.observation(seat)
        shown = set(obs["hand"]) | set(obs["table"]) | {c for p in obs["piles"] for c in p}
        hidden = {c for i, h in enumerate(s.hands) if i != seat for c in D.codes_of(h)}
        hidden |= {D.code(c) for c in s.stock}
        assert not shown & hidden
        # earlier rounds' summaries and plays name cards of old deals; nothing else may
        current = str({k: v for k, v in obs.items() if k not in ("rounds", "past_rounds")})
        assert not any(f"'{c}'" in current for c in hidden), "a hidden card code leaks into the observation"
        assert obs["hand_counts"] == [h.bit_count() for h in s.hands]
        assert obs["stock_count"] == len(s.stock)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 4), st.integers(0, 2**31), st.integers(0, 60), st.integers(0, 2**31))
def test_sampled_states_match_the_observation(players, seed, cut, sample_seed):
    s = new_game("orlan", players, seed=seed)
    rng = random.Random(seed)
    for _ in range(cut):
        if s.finished:
            break
        s.apply(rng.choice(s.legal_moves()))
    seat = s.current_player()
    obs = s.observation(seat)
    sample = OrlanState.sample(obs, random.Random(sample_seed))
    assert sample.observation(seat) == obs
    assert accounted(sample) == D.full_mask


@settings(max_examples=15, deadline=None)
@given(configs, st.integers(0, 2**31), st.integers(0, 300))
def test_the_record_of_past_rounds_replays_as_the_rounds_were_played(config, seed, cut):
    """Each past round's record, replayed from its table with each player's hand in each deal
    taken from that deal's plays, is a round of legal moves (by the rules text) that plays
    every card but the starting table once; the current round's record ends with the deal's."""
    players, teams = config
    s = new_game("orlan", players, {"teams": teams, "target": 21}, seed=seed)
    rng = random.Random(seed)
    for _ in range(cut):
        if s.finished:
            break
        s.apply(rng.choice(s.legal_moves()))
    obs = s.observation(0)
    assert obs["round_plays"][len(obs["round_plays"]) - len(obs["deal_plays"]):] == obs["deal_plays"]
    assert len(obs["past_rounds"]) == (s.round_no if not s.finished else len(s.rounds) - 1)
    per_deal = 4 * players
    for rec in obs["past_rounds"]:
        plays = rec["plays"]
        assert len(plays) == 52 - 4 and len(rec["table"]) == 4
        assert {p["card"] for p in plays} | set(rec["table"]) == set(D.codes)
        table = D.mask_of(rec["table"])
        for d in range(0, len(plays), per_deal):
            chunk = plays[d:d + per_deal]
            hands = [D.mask_of([p["card"] for p in chunk if p["seat"] == i]) for i in range(players)]
            assert all(h.bit_count() == 4 for h in hands)
            for p in chunk:
                seat, card, cap = p["seat"], D.card(p["card"]), D.mask_of(p["capture"])
                position = SimpleNamespace(hands=hands, table=table, current_player=lambda seat=seat: seat)
                assert (p["card"], tuple(sorted(p["capture"]))) in text_legal_moves(position)
                hands[seat] ^= 1 << card
                table = table ^ cap if cap else table | 1 << card
