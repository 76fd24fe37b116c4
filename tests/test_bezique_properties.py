"""Invariants of the Bezique family over random games (hypothesis): every card accounted for at
every step, every game ends, scores add up, observations hide what they must, a saved game
plays on identically, sampled worlds match the observation, and the re-use rule holds for every
declaration offered."""
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import game_class

GAMES = ["bezique", "marjolet", "binage", "fildinski", "rubicon"]
FAST = {"bezique": {"target": 500}, "rubicon": {"deals": 1}}
SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def options_for(game, data_rng):
    info = game_class(game).info
    opts = {o.name: data_rng.choice(o.choices) for o in info.options}
    opts.update(FAST.get(game, {}))
    return opts


def pick(state, rng):
    legal = state.legal_moves()
    decl = [m for m in legal if m[0] in ("declare", "dix")]
    if decl and rng.random() < 0.7:
        return rng.choice(decl)
    return rng.choice(legal)


def check_cards(s):
    deck = s.info.deck
    parts = [*s.hands, sum(1 << c for c in s.trick), sum(1 << c for c in s.stock),
             sum(1 << c for t in s.tricks for c in t)]
    if s.turned is not None:
        parts.append(1 << s.turned)
    seen = 0
    for p in parts:
        assert not seen & p, "a card in two places"
        seen |= p
    assert seen == deck.full_mask, "a card is missing"
    assert len(s.stock) == len(set(s.stock))
    assert s.won[0] | s.won[1] == parts[4] and not s.won[0] & s.won[1]
    for seat in (0, 1):
        assert not s.shown[seat] & ~s.hands[seat] and not s.known[seat] & ~s.hands[seat]
    if s.stage == 2:
        assert s.stock_count() == 0 and s.shown == [0, 0]


def check_hidden(s):
    deck = s.info.deck
    places = s.card_locations()
    assert sum(places.values()) == deck.full_mask and sum(m.bit_count() for m in places.values()) == deck.size
    for seat in (0, 1):
        text = json.dumps(s.observation(seat))
        hidden = (s.hands[1 - seat] & ~s.known[1 - seat]) | sum(1 << c for c in s.stock)
        assert s.hidden_cards(seat) == hidden
        for c in deck.codes_of(hidden):
            assert f'"{c}"' not in text, (seat, c)


def reuse_allowed(game, history, seat, combo, points, cards, hand_or_won):
    """The re-use rule written again from the texts, for checking (see RULES-NOTES)."""
    same = {"trump_marriage": "marriage", "trump_sequence": "sequence"}
    for s, kind, p, mask in history:
        if s != seat or not mask & cards or kind in ("dix", "carte_blanche"):
            continue
        if same.get(kind, kind) == same.get(combo, combo):
            if game == "rubicon" and mask & ~hand_or_won:
                continue
            return False
        if game in ("bezique", "rubicon") and points < p:
            return False
    return True


@SETTINGS
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10**6), policy_seed=st.integers(0, 10**6))
def test_random_games_keep_every_invariant(game, seed, policy_seed):
    rng = random.Random(policy_seed)
    cls = game_class(game)
    s = cls.new(2, options_for(game, rng), seed)
    table = {c.id: c.points for c in cls.variant.table}
    moves = 0
    # points scored while dealing (a turned 7) come before the first move
    round_events = [{"type": "score", "seat": p, "points": s.scores[p]} for p in (0, 1)]
    while not s.finished:
        check_cards(s)
        if moves % 7 == 0:
            check_hidden(s)
        seat = s.to_move
        legal = s.legal_moves()
        assert legal
        history = [(d["seat"], d["combination"], d["points"], s.info.deck.mask_of(d["cards"])) for d in s.declarations]
        for m in legal:
            if m[0] == "declare" and m[1] != "carte_blanche":
                assert reuse_allowed(game, history, seat, m[1], table[m[1]], m[2], s.source(seat)), m
                if game == "fildinski":
                    assert m[2] & sum(1 << c for c in s.tricks[-1]) and not m[2] & s.turn_used
                    assert not m[2] & ~s.won[seat]
                else:
                    assert not m[2] & ~s.hands[seat]
        move = pick(s, rng)
        events = s.apply(move)
        moves += 1
        assert moves < 5000, "the game does not end"
        for e in events:
            round_events.append(e)
            if e["type"] == "round_end":
                summary = e["summary"]
                gained = [sum(x["points"] for x in round_events if x["type"] == "score" and x["seat"] == p)
                          for p in (0, 1)]
                assert summary["points"] == gained
                assert [sum(b.values()) for b in summary["breakdown"]] == summary["points"]
                round_events = []
    res = s.result()
    assert res["winners"] and res["finished"]
    assert res["totals"] == [sum(r["points"][p] for r in res["rounds"]) for p in (0, 1)]
    if cls.variant.target_option:
        target = s.options["target"]
        assert [p for p in (0, 1) if res["totals"][p] >= target] == res["winners"]
    else:
        assert len(res["rounds"]) == s.options["deals"]


@SETTINGS
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10**6), cut=st.integers(0, 400))
def test_a_saved_game_plays_on_identically(game, seed, cut):
    rng = random.Random(seed)
    cls = game_class(game)
    s = cls.new(2, options_for(game, rng), seed)
    for _ in range(cut):
        if s.finished:
            break
        s.apply(pick(s, rng))
    data = json.loads(json.dumps(s.to_json()))
    t = cls.from_json(data)
    assert t.to_json() == s.to_json()
    rng_a, rng_b = random.Random(seed + 1), random.Random(seed + 1)
    while not s.finished:
        ea = s.apply(pick(s, rng_a))
        eb = t.apply(pick(t, rng_b))
        assert ea == eb
    assert t.finished and t.to_json() == s.to_json()


@SETTINGS
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10**6), cut=st.integers(0, 300))
def test_sampled_worlds_show_the_same_observation(game, seed, cut):
    rng = random.Random(seed)
    cls = game_class(game)
    s = cls.new(2, options_for(game, rng), seed)
    for _ in range(cut):
        if s.finished:
            break
        s.apply(pick(s, rng))
    if s.finished:
        return
    seat = s.to_move
    obs = s.observation(seat)
    for k in range(3):
        world = cls.sample(obs, random.Random(k))
        check_cards(world)
        assert world.observation(seat) == obs
        assert world.legal_moves() == s.legal_moves()


# ---------------------------------------------------------------- the declarations offered, exactly
RANKS = {"A": "A", "T": "T", "K": "K", "Q": "Q", "J": "J"}
FOURS = {"four_aces": "A", "four_tens": "T", "four_kings": "K", "four_queens": "Q", "four_jacks": "J"}
PAIRS = {"bezique": 1, "double_bezique": 2, "triple_bezique": 3, "quadruple_bezique": 4, "binage": 1}


def forms(combo, codes, trump, options):
    """Does this set of card codes form ``combo`` (the texts' tables, written again)?"""
    faces = sorted(c[:2] for c in codes)
    ranks = sorted(f[0] for f in faces)
    suits = {f[1] for f in faces}
    n = len(faces)
    if combo in FOURS:
        return n == 4 and set(ranks) == {FOURS[combo]}
    if combo == "trump_sequence":
        return trump is not None and n == 5 and suits == {trump} and set(ranks) == set("ATKQJ")
    if combo == "sequence":
        return n == 5 and len(suits) == 1 and trump not in suits and set(ranks) == set("ATKQJ")
    if combo == "trump_marriage":
        return trump is not None and n == 2 and suits == {trump} and set(ranks) == {"K", "Q"}
    if combo == "marriage":
        pair = {"J", "Q"} if options.get("marriage") == "jack_queen" else {"K", "Q"}
        return n == 2 and len(suits) == 1 and trump not in suits and set(ranks) == pair
    if combo == "trump_marjolet":
        return trump is not None and n == 2 and suits == {trump} and set(ranks) == {"J", "Q"}
    if combo == "marjolet":
        return trump is not None and n == 2 and f"J{trump}" in faces and any(
            f[0] == "Q" and f[1] != trump for f in faces)
    if combo in PAIRS:
        k = PAIRS[combo]
        pairs = [("JD", "QS")]
        if options.get("bezique_pair") == "clubs_hearts" and trump in ("D", "S"):
            pairs = [("JC", "QH")]
        if options.get("bezique_pair") == "trump_queen":
            partner = {"D": "S", "S": "D", "C": "H", "H": "C"}
            pairs = [("J" + partner[trump], "Q" + trump)] if trump else [("J" + partner[s], "Q" + s) for s in "CDHS"]
        return any(n == 2 * k and faces.count(j) == k and faces.count(q) == k for j, q in pairs)
    return False


def offered_by_the_texts(s, seat):
    from itertools import combinations

    deck = s.info.deck
    hand = deck.codes_of(s.hands[seat])
    history = [(d["seat"], d["combination"], d["points"], deck.mask_of(d["cards"])) for d in s.declarations]
    trump = s.trump_code()
    out = set()
    for c in s.variant.table:
        if c.id == "carte_blanche":
            continue
        for size in (2, 4, 5, 6, 8):
            for cards in combinations(hand, size):
                if forms(c.id, cards, trump, s.options):
                    mask = deck.mask_of(cards)
                    if reuse_allowed(s.info.id, history, seat, c.id, c.points, mask, s.hands[seat]):
                        out.add((c.id, mask))
    return out


@SETTINGS
@given(game=st.sampled_from(["bezique", "marjolet", "binage", "rubicon"]), seed=st.integers(0, 10**6))
def test_every_declaration_the_texts_allow_is_offered_and_no_other(game, seed):
    rng = random.Random(seed)
    cls = game_class(game)
    s = cls.new(2, options_for(game, rng), seed)
    checked = 0
    while not s.finished and checked < 25:
        if s.phase == "declare":
            offered = {(m[1], m[2]) for m in s.legal_moves() if m[0] == "declare"}
            assert offered == offered_by_the_texts(s, s.to_move)
            checked += 1
        s.apply(pick(s, rng))
