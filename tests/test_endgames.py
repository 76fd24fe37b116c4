"""Exact endgames (game/bots/solver.py and the families): the search against plain minimax
and against a brute force through the rules engine (tests/endgame_reference.py), the expert's
move in positions where its seat knows every card, and slicing."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.endgame_reference import BEZIQUE_IGNORE, BruteForce, bezique_decisive, bezique_extra_key, bezique_twin
from game.bots import SEARCH_HOOKS, make_bot
from game.bots.bezique_family_endgame import BeziqueEndgame
from game.bots.olsen_endgame import OlsenHand, known_world
from game.bots.orlan_endgame import OrlanRound
from game.bots.solver import Abort, Solver, minimax_check
from game.bots.worlds import count_deals
from game.cards import bits
from game.rules import game_class, new_game
from game.rules.olsen import PENALTY_MASK

BEZIQUE_WIN = {"bezique": 300.0, "marjolet": 150.0, "binage": 150.0, "fildinski": 300.0, "rubicon": 600.0}


def play_until(state, done, rng, noise=0.1):
    """Simple play (a move in ten at random) until ``done(state)`` or the game ends."""
    game = state.info.id
    bots = [make_bot("simple", game, seed=rng.randrange(1 << 30)) for _ in range(state.players)]
    while (p := state.current_player()) is not None and not done(state):
        legal = state.legal_moves()
        move = rng.choice(legal) if rng.random() < noise else bots[p].choose(state.observation(p))
        state.apply(move)
    return state


def bezique_position(game, seed, cards):
    """A second-stage position of ``game`` with at most ``cards`` cards in the larger hand."""
    rng = random.Random(seed)
    state = new_game(game, 2, {}, seed=seed)
    play_until(state, lambda s: s.stage == 2 and max(h.bit_count() for h in s.hands) <= cards, rng)
    return state


def orlan_position(seed, plies):
    rng = random.Random(seed)
    state = new_game("orlan", 2, {"target": 11}, seed=seed)
    play_until(state, lambda s: not s.stock and s.round_no >= seed % 2, rng)
    for _ in range(plies):
        if state.current_player() is None or state.stock:
            break
        state.apply(rng.choice(state.legal_moves()))
    return state


def olsen_position(seed, players, cards, options=None):
    rng = random.Random(seed)
    state = new_game("olsen", players, {"deals": 1, **(options or {})}, seed=seed)
    play_until(state, lambda s: s.phase == "play" and sum(h.bit_count() for h in s.hands) <= cards, rng)
    return state


def values(family, root, moves):
    solver = Solver(family)
    return {m: solver.move_value(root, m) for m in moves}


# ---------------------------------------------------------------- the search itself
class Toy:
    """A small two-side game with rewards, turns that may repeat, and transpositions: a pile
    of counters; a move takes 1 to 3, scores the counters' values, and a take of 2 keeps the
    turn. Nothing to do with cards: alpha-beta and the table against plain minimax."""

    def __init__(self, weights):
        self.weights = weights

    def moves(self, pos):
        left, _ = pos
        return [k for k in (1, 2, 3) if k <= left]

    def play(self, pos, k):
        left, side = pos
        r = sum(self.weights[left - i - 1] for i in range(k))
        same = k == 2
        return (left - k, side if same else 1 - side), float(r if side == 0 else r - 1), same

    def terminal(self, pos):
        return 0.0 if pos[0] == 0 else None

    def key(self, pos):
        return pos

    def estimate(self, pos):
        return 0.0


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-5, 9), min_size=1, max_size=11))
def test_alpha_beta_with_its_table_is_plain_minimax(weights):
    toy = Toy(weights)
    root = (len(weights), 0)
    solver = Solver(toy)
    assert solver.value(root) == minimax_check(toy, root)
    # A second search over the filled table agrees, move by move.
    for m in toy.moves(root):
        child, r, same = toy.play(root, m)
        exact = minimax_check(toy, child)
        assert solver.move_value(root, m) == (r + exact if same else r - exact)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(BEZIQUE_WIN)), st.integers(1, 10_000), st.integers(2, 4))
def test_bezique_second_stage_against_the_brute_force(game, seed, cards):
    state = bezique_position(game, seed, cards)
    p = state.current_player()
    if p is None or state.stage != 2:
        return
    obs = state.observation(p)
    family = BeziqueEndgame(game_class(game), obs, BEZIQUE_WIN[game])
    root = family.root(list(state.hands), obs)
    mine = values(family, root, state.legal_moves())
    ref = BruteForce(state, p, BEZIQUE_WIN[game], bezique_decisive, bezique_extra_key, bezique_twin,
                     BEZIQUE_IGNORE).move_values()
    assert mine == pytest.approx(ref)


def test_bezique_game_won_in_the_last_tricks_counts_the_win():
    """Near the target the solver plays for the game, not for points: the position carries
    the points gained and the brute force agrees on every move."""
    for seed in range(1, 400):
        state = bezique_position("marjolet", seed, 3)
        p = state.current_player()
        if p is None or state.stage != 2:
            continue
        state.totals = [495, 490]  # both a few points from 500
        obs = state.observation(p)
        family = BeziqueEndgame(game_class("marjolet"), obs, 150.0)
        assert family.decisive
        root = family.root(list(state.hands), obs)
        mine = values(family, root, state.legal_moves())
        ref = BruteForce(state, p, 150.0, bezique_decisive, bezique_extra_key).move_values()
        assert mine == pytest.approx(ref)
        if max(ref.values()) - min(ref.values()) > 100:
            return  # a position where the choice wins or loses the game
    pytest.fail("no decisive position found")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 10_000), st.integers(0, 6))
def test_orlan_last_deal_against_the_brute_force(seed, plies):
    state = orlan_position(seed, plies)
    p = state.current_player()
    if p is None or state.stock:
        return
    family = OrlanRound(state, p)
    mine = values(family, family.root, state.legal_moves())
    ref = BruteForce(state, p, 3.0).move_values()
    assert mine == pytest.approx(ref)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 10_000), st.sampled_from((3, 4, 5)), st.integers(4, 10), st.booleans(), st.booleans())
def test_olsen_last_tricks_against_the_brute_force(seed, players, cards, jack, any_heart):
    state = olsen_position(seed, players, cards, {"jack_diamonds": jack, "any_heart_breaks": any_heart})
    p = state.current_player()
    if p is None or state.phase != "play" or state.tiebreak:
        return
    family = OlsenHand(state, p)
    legal = state.legal_moves()
    mine = values(family, family.root, legal)
    ref = BruteForce(state, p, 0.0).move_values()
    # The solver counts the points still to come; the reference the whole hand's.
    past = ref[legal[0]] - mine[legal[0]]
    assert {m: v + past for m, v in mine.items()} == pytest.approx(ref)


def test_olsen_taking_every_penalty_turns_the_count_around():
    """Positions where a player can still take every penalty card: the solver's values
    follow the rules' count of 0 for the taker and 26 for everyone else."""
    checked = 0
    for seed in range(1, 3000):
        state = olsen_position(seed, 4, 12)
        p = state.current_player()
        if p is None or state.phase != "play":
            continue
        with_penalties = [s for s in range(4) if state.taken[s] & PENALTY_MASK]
        if len(with_penalties) != 1:
            continue
        family = OlsenHand(state, p)
        legal = state.legal_moves()
        mine = values(family, family.root, legal)
        ref = BruteForce(state, p, 0.0).move_values()
        past = ref[legal[0]] - mine[legal[0]]
        assert {m: v + past for m, v in mine.items()} == pytest.approx(ref)
        checked += 1
        if checked >= 6:
            return
    assert checked, "no position with one taker of penalties"


def tarot_position(game, seed, cards=3):
    """A play position of the dealer (who knows the skart) with at most ``cards`` cards in
    each hand, or None if the deal ends first."""
    rng = random.Random(seed)
    state = new_game(game, 3, {}, seed=seed)
    play_until(state, lambda s: s.phase == "play" and s.current_player() == s.dealer
               and max(h.bit_count() for h in s.hands) <= cards, rng)
    return state if state.current_player() is not None and len(state.legal_moves()) > 1 else None


def plain_minimax(state, seat, rounds):
    """The tarot deal's value for ``seat`` (its points of the whole deal minus the others'
    mean) by plain minimax through the rules: no memo, no pruning (the last three tricks are
    small)."""
    if state.current_player() is None or len(state.rounds) > rounds:
        pts = state.rounds[rounds]["points"]
        return pts[seat] - sum(x for i, x in enumerate(pts) if i != seat) / (len(pts) - 1)
    best = max if state.current_player() == seat else min
    out = []
    for m in state.legal_moves():
        child = state.fast_copy()
        child.apply(m)
        out.append(plain_minimax(child, seat, rounds))
    return best(out)


@pytest.mark.parametrize("game", ["maison_troggen", "leipzig_taroc"])
def test_the_reference_counts_the_tarot_piles(game):
    """Tarot scores the piles won at the deal's end: two lines that reach the same hands with
    different piles are different positions (the reference's memo once shared them, and
    called a move optimal that was not). The reference against plain minimax."""
    checked = 0
    for seed in range(1, 400):
        state = tarot_position(game, seed)
        if state is None:
            continue
        p = state.current_player()
        ref = BruteForce(state, p, 0.0).move_values()
        plain = {m: plain_minimax(c, p, len(state.rounds)) for m, c in zip(state.legal_moves(), _children(state))}
        # The reference counts from the position (Leipzig pays declarations during the
        # deal): the two differ by what was scored before it, the same for every move.
        past = plain[state.legal_moves()[0]] - ref[state.legal_moves()[0]]
        assert {m: v + past for m, v in ref.items()} == pytest.approx(plain), seed
        checked += 1
        if checked >= 12:
            return
    assert checked


@pytest.mark.parametrize("game", ["maison_troggen", "leipzig_taroc"])
def test_the_tarot_dealer_plays_a_move_of_optimal_value_where_it_knows_every_card(game):
    from game.bots.tarot_endgame import known_world

    checked = 0
    for seed in range(1, 600):
        state = tarot_position(game, seed)
        if state is None:
            continue
        p = state.current_player()
        obs = state.observation(p)
        if not known_world(type(state), obs):
            continue
        assert SEARCH_HOOKS[game].endgame_for(obs, 100.0).known
        bot = make_bot("expert", game, seed=seed, iterations=40)
        move = bot.choose(obs)
        # One world, solved (or the legal moves were all one class: played at once).
        assert (bot.worlds == 1 and bot.settled) or len(bot._legal) == 1
        child = state.fast_copy()
        child.apply(move)
        mine = plain_minimax(child, p, len(state.rounds))
        best = max(plain_minimax(c, p, len(state.rounds)) for c in _children(state))
        assert mine == pytest.approx(best), seed
        checked += 1
        if checked >= 8:
            return
    assert checked


def _children(state):
    for m in state.legal_moves():
        child = state.fast_copy()
        child.apply(m)
        yield child


# ---------------------------------------------------------------- the expert
def known_positions():
    out = []
    for game in ("bezique", "marjolet", "rubicon"):
        for seed in (3, 8):
            state = bezique_position(game, seed, 5)
            if state.current_player() is not None and state.stage == 2 and len(state.legal_moves()) > 1:
                out.append((game, state))
    for seed in (2, 5, 9):
        state = orlan_position(seed, 1)
        if state.current_player() is not None and not state.stock and len(state.legal_moves()) > 1:
            out.append(("orlan", state))
    return out


def reference_values(game, state, p):
    if game == "orlan":
        return BruteForce(state, p, 3.0).move_values()
    return BruteForce(state, p, BEZIQUE_WIN[game], bezique_decisive, bezique_extra_key, bezique_twin,
                      BEZIQUE_IGNORE).move_values()


@pytest.mark.parametrize("game,state", known_positions(), ids=lambda x: x if isinstance(x, str) else "")
def test_the_expert_plays_a_move_of_optimal_value_where_it_knows_every_card(game, state):
    p = state.current_player()
    obs = state.observation(p)
    assert SEARCH_HOOKS[game].endgame_for(obs, 100.0).known
    bot = make_bot("expert", game, seed=1, iterations=40)
    move = bot.choose(obs)
    assert bot.worlds == 1 and bot.settled  # one world, solved: nothing left to sample
    ref = reference_values(game, state, p)
    assert ref[move] == pytest.approx(max(ref.values()))


def test_the_expert_weighs_every_legal_move_of_a_known_position():
    """Orlan's search keeps five candidates by the greedy rule; solved, it weighs them all."""
    for seed in range(1, 60):
        state = orlan_position(seed, 0)
        p = state.current_player()
        if p is None or state.stock:
            continue
        obs = state.observation(p)
        bot = make_bot("expert", "orlan", seed=1, iterations=10)
        bot.choose(obs)
        if len(bot._legal) > 5:
            assert bot._bias == [0.0] * len(bot._legal)
            return
    pytest.fail("no last-deal position with more than five distinct moves")


def test_a_sliced_solve_gives_the_one_shot_move_and_values():
    """Solved over many thin slices (the table's frames), the expert ends where one long
    call ends: the solver resumes from its table after each stop."""
    state = bezique_position("bezique", 3, 8)
    obs = state.observation(state.current_player())
    whole = make_bot("expert", "bezique", seed=2, iterations=1)
    move = whole.choose(obs)
    sliced = make_bot("expert", "bezique", seed=2, iterations=1)
    sliced.begin(obs)
    slices = 0
    while not sliced.step(ms=0.3):
        slices += 1
    assert slices > 3  # it did stop and go on
    assert sliced.move() == move and sliced.totals == whole.totals


def test_a_sliced_world_search_is_the_one_shot_search():
    """The same for the worlds of a position the seat cannot know (Olsen, exact last tricks)."""
    state = olsen_position(4, 4, 20)
    obs = state.observation(state.current_player())
    whole = make_bot("expert", "olsen", seed=5, iterations=6)
    move = whole.choose(obs)
    sliced = make_bot("expert", "olsen", seed=5, iterations=6)
    sliced.begin(obs)
    while not sliced.step(ms=0.2):
        pass
    assert sliced.move() == move and sliced.totals == whole.totals and sliced.worlds == 6


def test_the_solver_resumes_where_its_deadline_stopped_it():
    state = bezique_position("binage", 4, 8)
    p = state.current_player()
    obs = state.observation(p)
    family = BeziqueEndgame(game_class("binage"), obs, 150.0)
    root = family.root(list(state.hands), obs)
    move = state.legal_moves()[0]
    once = Solver(family).move_value(root, move)
    solver = Solver(family)
    stops = 0
    while True:
        try:
            value = solver.move_value(root, move, deadline=0.0)  # stops at its first look at the clock
            break
        except Abort:
            stops += 1
    assert stops > 0 and value == once


# ---------------------------------------------------------------- knowing every card
def test_olsen_known_world_is_one_deal_of_the_unseen_cards():
    """``known_world`` says yes exactly when one deal of the hidden cards fits the shown voids."""
    from game.rules.olsen import DECK, SUIT_MASKS

    seen = {True: 0, False: 0}
    for seed in range(1, 200):
        state = olsen_position(seed, 3, 6)
        p = state.current_player()
        if p is None or state.phase != "play" or state.tiebreak:
            continue
        obs = state.observation(p)
        others = [s for s in state.seats if s != p]
        rest = 0
        for s in others:
            rest |= state.hands[s]
        allow = {s: DECK.full_mask & ~sum(SUIT_MASKS[v] for v in obs["voids"][s]) for s in others}
        # Every way to hand the hidden cards out, one by one, as the voids allow.
        deals = {()}
        for c in sorted(bits(rest)):
            deals = {d + (s,) for d in deals for s in others if allow[s] >> c & 1}
        fitting = [d for d in deals if all(d.count(s) == state.hands[s].bit_count() for s in others)]
        one = len(fitting) == 1
        assert known_world(obs) == one
        seen[one] += 1
    assert seen[True] and seen[False]


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 1 << 30), st.integers(1, 3), st.integers(2, 3))
def test_count_deals_counts_the_deals_that_fit(seed, per_hand, seats):
    """The deals counter (cards only one seat may hold go first) against listing every way
    to hand the cards out."""
    from itertools import product

    rng = random.Random(seed)
    cards = rng.sample(range(52), per_hand * seats)
    need = {s: per_hand for s in range(seats)}
    allow = {s: sum(1 << c for c in range(52) if rng.random() < 0.6) for s in range(seats)}
    fitting = 0
    for owners in product(range(seats), repeat=len(cards)):
        if all(owners.count(s) == per_hand for s in range(seats)) and all(allow[o] >> c & 1 for o, c in zip(owners, cards)):
            fitting += 1
    assert count_deals(sum(1 << c for c in cards), dict(need), allow) == min(fitting, 2)


def test_a_bezique_fast_copy_plays_on_apart_from_its_original():
    rng = random.Random(3)
    state = new_game("fildinski", 2, {}, seed=3)
    play_until(state, lambda s: len(s.tricks) >= 10, rng)
    before = state.to_json()
    copy = state.fast_copy()
    for _ in range(30):
        if copy.current_player() is None:
            break
        copy.apply(rng.choice(copy.legal_moves()))
    assert state.to_json() == before
    clone = state.clone()
    fresh = state.fast_copy()
    rng2 = random.Random(9)
    for _ in range(30):
        if fresh.current_player() is None:
            break
        m = rng2.choice(fresh.legal_moves())
        fresh.apply(m)
        clone.apply(m)
    assert fresh.to_json() == clone.to_json()


def test_bezique_first_stage_worlds_play_the_rule_to_the_stock_then_solve_exactly():
    """A world of the first stage: the root move, the simple rule to the end of the stock,
    then the second stage's exact value (brute force here), plus the points on the way."""
    from game.bots.bezique_family_endgame import BeziqueDeal
    from game.bots.simple import ROLLOUT_POLICIES

    checked = 0
    for seed in range(1, 40):
        rng = random.Random(seed)
        state = new_game("marjolet", 2, {}, seed=seed)
        play_until(state, lambda s: s.stage == 1 and s.phase == "play" and s.stock_count() <= 4, rng)
        p = state.current_player()
        if p is None or state.stage != 1:
            continue
        rollout = ROLLOUT_POLICIES["marjolet"]
        family = BeziqueDeal(game_class("marjolet"), state, p, 150.0, rollout, 77)
        for move in state.legal_moves()[:3]:
            mine = Solver(family).move_value(family.root, move)
            after = state.fast_copy()
            after.apply(move)
            rng2 = random.Random(f"77:{move}")
            while after.stage == 1 and after.current_player() is not None:
                after.apply(rollout(after, after.legal_moves(), rng2))
            on_the_way = (after.scores[p] - after.scores[1 - p]) - (state.scores[p] - state.scores[1 - p])
            q = after.current_player()
            rest = BruteForce(after, q, 150.0, bezique_decisive, bezique_extra_key).search(after)
            assert mine == pytest.approx(on_the_way + (rest if q == p else -rest))
            checked += 1
        if checked >= 6:
            return
    assert checked


def test_the_endgames_can_be_switched_off_for_measurements(monkeypatch):
    """ORLAN_BOT_ENDGAMES=off (read as expert.ENDGAMES): a known position is played out by
    rule in sampled worlds, as before the exact endgames, instead of solved once."""
    import game.bots.expert as expert

    game, state = known_positions()[0]
    obs = state.observation(state.current_player())
    on = make_bot("expert", game, seed=1, iterations=8)
    on.choose(obs)
    assert on._plan is not None and on.worlds == 1
    monkeypatch.setattr(expert, "ENDGAMES", False)
    off = make_bot("expert", game, seed=1, iterations=8)
    off.choose(obs)
    assert off._plan is None and off.worlds == 8


def _value_sets_agree(values, kept):
    """Merged moves are equivalent: every legal move's value is a kept move's value."""
    return {round(v, 6) for v in values.values()} == {round(values[m], 6) for m in kept}


def test_olsen_touching_cards_are_split_by_a_card_in_the_trick():
    """The expert searches one card of each run of touching cards; a card of another player
    lying in the trick between two of them separates them (8♥ and J♥ under a 9♥ led: one
    wins the trick, the other does not). Against the brute force, mid-trick."""
    distinct = SEARCH_HOOKS["olsen"].distinct
    checked = 0
    for seed in range(1, 400):
        rng = random.Random(seed)
        state = olsen_position(seed, rng.choice((3, 4, 5)), rng.choice((9, 10, 12)),
                               {"jack_diamonds": rng.random() < 0.5})
        if state.current_player() is not None and state.phase == "play" and not state.trick:
            state.apply(rng.choice(state.legal_moves()))  # someone leads: mid-trick
        p = state.current_player()
        if p is None or state.phase != "play" or not state.trick or len(state.legal_moves()) < 2:
            continue
        kept = distinct(state.observation(p), state.legal_moves())
        assert _value_sets_agree(BruteForce(state, p, 0.0).move_values(), kept), seed
        checked += 1
    assert checked >= 100


@pytest.mark.parametrize("game", ["maison_troggen", "leipzig_taroc"])
def test_tarot_touching_cards_are_split_by_a_card_in_the_trick(game):
    distinct = SEARCH_HOOKS[game].distinct
    checked = 0
    for seed in range(1, 300):
        state = tarot_position(game, seed)
        if state is None or not state.trick:
            continue
        p = state.current_player()
        values = {m: plain_minimax(c, p, len(state.rounds)) for m, c in zip(state.legal_moves(), _children(state))}
        assert _value_sets_agree(values, distinct(state.observation(p), state.legal_moves())), seed
        checked += 1
    assert checked >= 30


def _tarot_deals_that_fit(state, seat, limit=2):
    """How many deals of the cards the dealer has not seen fit what it has seen (the rules'
    reading of the play, and declared cards in their declarer's hand), by enumeration."""
    from itertools import combinations

    allowed, known = state.hidden_constraints(seat)
    others = [x for x in range(state.players) if x != seat]
    unseen = [c for x in others for c in bits(state.hands[x])]
    found = 0

    def deal(i, rest):
        nonlocal found
        if i == len(others):
            found += not rest
            return
        x = others[i]
        for chosen in combinations(rest, state.hands[x].bit_count()):
            fits = all(allowed[x] >> c & 1 for c in chosen) and all(
                (y == x) == any(c == d for d in chosen) for y, m in known.items() for c in bits(m) if c in rest)
            if fits and found < limit:
                deal(i + 1, [c for c in rest if c not in chosen])

    deal(0, unseen)
    return found


@pytest.mark.parametrize("game", ["maison_troggen", "leipzig_taroc"])
def test_the_tarot_dealer_knows_the_deal_where_declared_cards_leave_one(game):
    """A declared card still held is in its declarer's hand and in no other: where that
    leaves one deal, the hook solves it (it once left the card possible in every hand,
    counted two deals and played out sampled worlds instead)."""
    from game.bots.tarot_endgame import known_world

    checked = with_declared = 0
    for seed in range(1, 500):
        state = tarot_position(game, seed)
        if state is None:
            continue
        p = state.current_player()
        obs = state.observation(p)
        if obs["unused_count"] or not obs["own_skart"]:
            continue
        one = _tarot_deals_that_fit(state, p) == 1
        assert known_world(type(state), obs) == one, seed
        checked += 1
        with_declared += one and bool(state.hidden_constraints(p)[1])
        if checked >= 60 and (with_declared or game == "maison_troggen"):
            break
    assert checked >= 30
    assert with_declared or game == "maison_troggen"  # Maison Troggen shows no declared cards


def test_orlan_at_the_apps_budget_solves_the_last_deal_and_plays_out_the_rest():
    """Orlan, two players: the last deal (stock out) is known and solved at every budget. At
    the app's 900 ms the worlds before it are played out by the rollout search (a world
    searched 8 plies and scored by the piles' expected points lost games to the simple bot
    that the play-outs won); at 100 ms they are searched 4 plies."""
    from game.bots.orlan_endgame import endgame_for

    state = new_game("orlan", 2, {"target": 11}, seed=5)
    rng = random.Random(5)
    early = last = None
    while state.current_player() is not None and last is None:
        obs = state.observation(state.current_player())
        if obs["stock_count"] > 8 and early is None:
            early = obs
        if obs["stock_count"] == 0 and len(state.legal_moves()) > 1:
            last = obs
        state.apply(rng.choice(state.legal_moves()))
    assert early is not None and last is not None
    assert endgame_for(early, 900.0) is None
    assert endgame_for(early, 100.0).depth == 4
    for ms in (100.0, 900.0, None):
        assert endgame_for(last, ms).known


def _rule_playouts(state, seat, move, dice):
    """The round from ``state`` after ``move``, every seat by the rollout rule, for each seed
    of ``dice``: the seat's side's round points minus the other's, plus 3 for a game won."""
    from game.bots.simple import rollout_policy

    policy = rollout_policy(state.info.id)
    total = 0.0
    for d in dice:
        s = state.fast_copy()
        rng = random.Random(d)
        rno = s.round_no
        s.apply(move)
        while s.current_player() is not None and s.round_no == rno:
            s.apply(policy(s, s.legal_moves(), rng))
        points = s.rounds[-1]["points"]
        total += points[seat] - points[1 - seat]
        if s.current_player() is None:
            total += 3.0 if seat in s.winners() else -3.0
    return total / len(dice)


def test_moves_of_the_same_exact_value_are_told_apart_by_play_outs(monkeypatch):
    """Orlan's last deal is known and solved exactly. Where several moves share the optimal
    value (minimax is indifferent, a round won or lost by the same margin whatever is
    played), the expert plays the one its play-outs by the rule score best: still optimal,
    and the one that leaves a player who errs most room to err. Without the tie-break it
    plays the first optimal move in the search's order."""
    import game.bots.expert as expert

    told_apart = 0
    for seed in range(1, 400):
        state = orlan_position(seed, seed % 3)
        p = state.current_player()
        if p is None or state.stock or len(state.legal_moves()) < 2:
            continue
        family = OrlanRound(state, p)
        exact = values(family, family.root, state.legal_moves())
        best = max(exact.values())
        optimal = [m for m, v in exact.items() if v >= best - 1e-9]
        obs = state.observation(p)
        monkeypatch.setattr(expert, "TIE_PLAYOUTS", 8)
        chosen = make_bot("expert", "orlan", seed=seed, iterations=1).choose(obs)
        assert exact[chosen] == pytest.approx(best)
        monkeypatch.setattr(expert, "TIE_PLAYOUTS", 0)
        first = make_bot("expert", "orlan", seed=seed, iterations=1).choose(obs)
        assert exact[first] == pytest.approx(best)
        if len(optimal) < 2 or chosen == first:
            continue
        dice = range(seed * 100, seed * 100 + 40)
        assert _rule_playouts(state, p, chosen, dice) >= _rule_playouts(state, p, first, dice) - 0.25
        told_apart += 1
        if told_apart >= 6:
            break
    assert told_apart >= 6
