"""Bots: legal moves only, sliced search = one-shot search, information hygiene, plug-ins."""
from __future__ import annotations

import json
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.bots import LEVELS, ROLLOUT_POLICIES, SEARCH_HOOKS, SIMPLE_POLICIES, make_bot, register_simple
from game.bots.orlan_policy import estimate_points, simple_policy
from game.cards import FRENCH52
from game.rules.base import State
from game.rules import new_game
from game.rules.orlan import OrlanState


def random_position(seed: int, players: int, teams: bool, plies: int) -> OrlanState:
    """A game advanced by random legal moves (possibly across rounds)."""
    opts = {"target": 11, "teams": teams and players == 4}
    state = OrlanState.new(players, opts, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.current_player() is None:
            break
        state.apply(rng.choice(state.legal_moves()))
    return state


positions = st.builds(
    random_position,
    seed=st.integers(0, 10_000),
    players=st.sampled_from([2, 3, 4]),
    teams=st.booleans(),
    plies=st.integers(0, 120),
)


def bot_for(level: str, seed: int):
    return make_bot(level, "orlan", seed=seed, iterations=2 if level == "expert" else None)


@settings(max_examples=25, deadline=None)
@given(state=positions, seed=st.integers(0, 1000))
def test_every_level_only_returns_legal_moves(state, seed):
    if state.finished:
        return
    seat = state.current_player()
    legal = state.legal_moves()
    for level in LEVELS:
        move = bot_for(level, seed).choose(state.observation(seat))
        assert move in legal, (level, move)


@settings(max_examples=20, deadline=None)
@given(state=positions)
def test_sampled_states_show_the_seat_exactly_its_observation(state):
    rng = random.Random(1)
    for seat in range(state.players):
        obs = state.observation(seat)
        for _ in range(3):
            sample = OrlanState.sample(obs, rng)
            assert sample.observation(seat) == obs
            if not state.finished:
                sample.after_load()  # every card exactly once
                # the sample plays on: its legal moves for the seat are the real ones
                if state.current_player() == seat:
                    assert sorted(sample.legal_moves()) == sorted(state.legal_moves())


def test_sampler_deals_hidden_cards_differently():
    state = random_position(3, 2, False, 5)
    obs = state.observation(0)
    rng = random.Random(2)
    hands = {OrlanState.sample(obs, rng).hands[1] for _ in range(20)}
    assert len(hands) > 1


def two_positions_alike_for(seat_state: OrlanState, seat: int) -> OrlanState | None:
    """Another state, identical from the seat's point of view, hidden cards redealt."""
    obs = seat_state.observation(seat)
    rng = random.Random(99)
    for _ in range(50):
        other = OrlanState.sample(obs, rng)
        if other.hands != seat_state.hands or other.stock != seat_state.stock:
            return other
    return None  # nothing hidden is left to redeal


@settings(max_examples=15, deadline=None)
@given(state=positions, seed=st.integers(0, 1000))
def test_positions_that_look_the_same_get_the_same_move(state, seed):
    if state.finished:
        return
    seat = state.current_player()
    other = two_positions_alike_for(state, seat)
    if other is None:
        return
    assert other.observation(seat) == state.observation(seat)
    for level in LEVELS:
        a = bot_for(level, seed).choose(state.observation(seat))
        b = bot_for(level, seed).choose(other.observation(seat))
        assert a == b, level


def test_the_observation_is_plain_json_with_no_path_to_the_state():
    state = random_position(5, 4, True, 30)
    seat = state.current_player()
    obs = state.observation(seat)
    assert json.loads(json.dumps(obs)) == obs  # plain data only: no object to follow

    def walk(x):
        assert not isinstance(x, State)
        if isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
        else:
            assert x is None or isinstance(x, (str, int, float, bool))

    walk(obs)
    # Other hands appear only as counts.
    others = [c for s, h in enumerate(state.hands) if s != seat for c in FRENCH52.codes_of(h)]
    text = json.dumps({k: v for k, v in obs.items() if k not in ("piles", "rounds")})
    assert not any(f'"{c}"' in text for c in others)
    bot = make_bot("expert", "orlan", seed=1, iterations=2)
    bot.choose(obs)
    assert not any(v is state for v in vars(bot).values())


@pytest.mark.parametrize("players,teams", [(2, False), (3, False), (4, True)])
def test_sliced_search_returns_the_one_shot_move(players, teams):
    for seed in range(3):
        state = random_position(seed, players, teams, 7 * seed)
        obs = state.observation(state.current_player())
        one_shot = make_bot("expert", "orlan", seed=seed, iterations=6)
        expected = one_shot.choose(obs)
        sliced = make_bot("expert", "orlan", seed=seed, iterations=6)
        sliced.begin(obs)
        slices = 0
        while not sliced.step(ms=0.3):
            slices += 1
        assert sliced.move() == expected
        assert one_shot.totals == sliced.totals
        if len(state.legal_moves()) > 1:
            assert sliced.worlds == one_shot.worlds == 6
        if len(state.legal_moves()) > 2:
            assert slices > 0  # the budget really was cut into several slices


def table_state(hand: list[str], table: list[str], opp_hand: list[str], stock_extra: bool = True) -> OrlanState:
    """A 2-player position, seat 0 to move, the other cards in the stock and piles."""
    used = set(hand) | set(table) | set(opp_hand)
    rest = [c for c in FRENCH52.codes if c not in used]
    # 32: a stock is dealt four cards to each player until it runs out (a multiple of 8).
    stock = rest[:32] if stock_extra else []
    pile = rest[32:] if stock_extra else rest
    data = {
        "game": "orlan", "players": 2, "options": {"target": 21, "teams": False, "starter": 0},
        "seed": 0, "round": 0, "dealer": 1, "to_move": 0,
        "hands": [hand, opp_hand], "table": table, "piles": [pile, []], "stock": stock,
        "last_capturer": 0, "side_totals": [0, 0],
    }
    return OrlanState.from_json(data)


def simple_move(state: OrlanState):
    obs = state.observation(0)
    legal = [OrlanState.move_from_json(m) for m in obs["legal"]]
    return OrlanState.move_text(simple_policy(obs, legal, random.Random(0)))


def test_simple_takes_the_ten_of_diamonds_rather_than_a_plain_card():
    state = table_state(["AH", "4S", "QH", "KH"], ["TD", "7H", "5S"], ["2H", "3H", "5H", "6H"])
    assert simple_move(state) == "AH takes TD"


def test_simple_takes_more_cards_when_nothing_else_differs():
    state = table_state(["6H", "9S", "QH", "KH"], ["2H", "3S", "5S", "AH"], ["2D", "3D", "5D", "6D"])
    # 6H takes 2H+3S (3 cards) or 5S; 9S takes 2H only... the bigger capture wins
    assert simple_move(state) == "6H takes 2H 3S"


def test_simple_keeps_its_jack_for_a_richer_table():
    state = table_state(["JH", "QH", "KS", "3C"], ["4H", "QS"], ["2D", "3D", "5D", "6D"])
    assert not simple_move(state).startswith("JH")


def test_simple_does_not_lay_a_lone_queen_when_queens_are_out():
    # Laying QH would offer it to any of the three unseen queens; 3H offers a capture by 8.
    state = table_state(["QH", "KH", "3H", "KS"], ["KC", "KD"], ["2D", "3D", "5D", "6D"])
    move = simple_move(state)
    assert move.startswith("K")  # a king takes a king rather than laying anything


def test_estimated_points_match_a_finished_round_scale():
    state = random_position(4, 2, False, 0)
    est = estimate_points(state)
    assert len(est) == 2 and all(0 <= x <= 5 for x in est)
    # at the very start, both sides expect the same
    assert abs(est[0] - est[1]) < 1e-9


def test_a_game_without_plugins_falls_back_to_random_and_generic_search(monkeypatch):
    monkeypatch.delitem(SIMPLE_POLICIES, "orlan")
    monkeypatch.delitem(ROLLOUT_POLICIES, "orlan")
    monkeypatch.delitem(SEARCH_HOOKS, "orlan")
    state = random_position(8, 3, False, 40)
    seat = state.current_player()
    for level in LEVELS:
        bot = make_bot(level, "orlan", seed=3, iterations=2)
        assert bot.choose(state.observation(seat)) in state.legal_moves()


def test_register_simple_plugs_a_policy_in(monkeypatch):
    monkeypatch.setitem(SIMPLE_POLICIES, "orlan", SIMPLE_POLICIES["orlan"])
    calls = []

    @register_simple("orlan")
    def last_move(obs, legal, rng):
        calls.append(len(legal))
        return legal[-1]

    state = random_position(2, 2, False, 3)
    obs = state.observation(state.current_player())
    legal = state.legal_moves()
    if len(legal) > 1:
        assert make_bot("simple", "orlan").choose(obs) == OrlanState.move_from_json(obs["legal"][-1])
        assert calls


def test_unknown_level_is_a_clear_error():
    with pytest.raises(ValueError, match="levels are"):
        make_bot("grandmaster", "orlan")


def test_expert_scores_a_finished_round_by_its_points_difference():
    from game.bots.orlan_policy import _evaluate

    for players in (2, 3):
        state = OrlanState.new(players, {"target": 21}, seed=11)
        rng = random.Random(0)
        while state.round_no == 0:
            state.apply(rng.choice(state.legal_moves()))
        points = state.rounds[-1]["points"]
        for seat in range(players):
            others = [p for i, p in enumerate(points) if i != seat]
            assert _evaluate(state, seat, True) == pytest.approx(points[seat] - sum(others) / len(others))


def test_expert_plays_out_the_last_deal_and_sees_the_leftover_rule():
    from game.bots.orlan_policy import _horizon_for

    state = random_position(6, 2, False, 0)
    assert _horizon_for(state.observation(0)) is not None
    rng = random.Random(6)
    while state.stock:
        state.apply(rng.choice(state.legal_moves()))
    assert _horizon_for(state.observation(state.current_player())) is None


def test_expert_tree_holds_one_visit_per_world_and_widens_with_visits():
    """Each root move's own-move tree is visited once per world, and a decision the search
    meets often tries more than the rollout policy's move (strength grows with time). At
    2v2 (two players solve their worlds instead: game/bots/orlan_endgame.py)."""
    state = random_position(2, 4, True, 9)
    obs = state.observation(state.current_player())
    bot = make_bot("expert", "orlan", seed=3, iterations=60)
    bot.choose(obs)
    assert bot._trees is not None and len(bot._trees) == len(bot._legal) > 1
    for root in bot._trees:
        assert root.n == bot.worlds == 60
        assert sum(c.n for c in root.children.values()) == root.n  # every world reaches it
    assert any(len(root.children) > 1 for root in bot._trees)
    # the mean value of each root move is the mean of its tree's visits
    for total, root in zip(bot.totals, bot._trees):
        assert total == pytest.approx(root.w)


def test_expert_stops_early_only_when_more_worlds_could_not_change_the_move():
    # Taking the 10 of diamonds and the 2 of clubs with a jack is worth two points more
    # than anything else. After 40 worlds its summed lead is out of reach of a few more
    # worlds (at the widest swing seen between two moves in one world), not of thousands.
    state = table_state(["JH", "4S", "3H", "KH"], ["TD", "2C", "5S", "8D"], ["2H", "3D", "5H", "6H"])
    bot = make_bot("expert", "orlan", seed=1, iterations=40)
    move = bot.choose(state.observation(0))
    assert OrlanState.move_text(move).startswith("JH")
    assert bot.can_stop(remaining_worlds=0)
    assert bot.can_stop(remaining_worlds=5)
    assert not bot.can_stop(remaining_worlds=100_000)
    # The exact margin: stop iff every other move's summed deficit exceeds R * its swing.
    n, w = len(bot._legal), bot.worlds
    means = [t / w + b for t, b in zip(bot.totals, bot._bias)]
    best = max(range(n), key=lambda i: means[i])
    limit = min(w * (means[best] - means[k]) / max(1e-12, bot._hi[k] - bot._lo[best]) for k in range(n) if k != best)
    assert bot.can_stop(limit * 0.99) and not bot.can_stop(limit * 1.01)


def test_expert_stops_when_every_move_is_worth_the_same():
    # Two equivalent moves (bias aside) in every world: nothing more time could change.
    state = table_state(["JH", "4S", "3H", "KH"], ["TD", "2C", "5S", "8D"], ["2H", "3D", "5H", "6H"])
    bot = make_bot("expert", "orlan", seed=1, iterations=10)
    bot.choose(state.observation(0))
    n = len(bot._legal)
    bot._bias = [0.0] * n
    bot.totals = [bot.totals[0]] * n
    bot._sq = [0.0] * n
    bot._lo = [0.0] * n
    bot._hi = [0.0] * n
    assert bot.can_stop(remaining_worlds=10**6)
    bot.totals[1] += 0.5 * bot.worlds  # one move better by 0.5 point on average: not equal,
    bot._hi[1], bot._lo[1] = 2.0, -1.0  # and worse in some worlds: more worlds could matter
    bot._sq[1] = 1.0 * bot.worlds
    assert not bot.can_stop(remaining_worlds=10**6)


def test_expert_does_not_settle_under_an_iteration_budget():
    state = table_state(["JH", "4S", "3H", "KH"], ["TD", "2C", "5S", "8D"], ["2H", "3D", "5H", "6H"])
    bot = make_bot("expert", "orlan", seed=1, iterations=40)
    bot.choose(state.observation(0))
    assert bot.worlds == 40 and not bot.settled


@settings(max_examples=12, deadline=None)
@given(state=positions, seed=st.integers(0, 1000))
def test_expert_tree_search_plays_legal_moves_anywhere(state, seed):
    """With enough worlds for the own-move trees to branch, in any position (any table
    size, last deal, next round): a legal move, and every tree visited once per world."""
    if state.current_player() is None:
        return
    obs = state.observation(state.current_player())
    bot = make_bot("expert", "orlan", seed=seed, iterations=12)
    move = bot.choose(obs)
    assert move in state.legal_moves()
    if len(bot._legal) > 1 and bot._plan is None:
        assert all(root.n == 12 for root in bot._trees)
    elif len(bot._legal) > 1:
        # Solved worlds instead of trees (game/bots/orlan_endgame.py): one world if the
        # observation fixes it, else every world of the budget.
        assert bot._trees is None and bot.worlds == (1 if bot._plan.known else 12)


def test_expert_searches_one_move_per_class_of_equivalent_moves():
    from game.bots.orlan_policy import distinct_moves

    c = FRENCH52.card
    legal = [
        (c("4H"), 0), (c("4S"), 0), (c("4C"), 0),  # laying a plain 4 twice, a club 4 once
        (c("6H"), FRENCH52.mask_of(["5H"])), (c("6S"), FRENCH52.mask_of(["5S"])),  # alike
        (c("6D"), FRENCH52.mask_of(["5C"])),  # takes a club: counts for the most clubs
        (c("TD"), FRENCH52.mask_of(["AH"])), (c("TH"), FRENCH52.mask_of(["AS"])),  # 10♦ scores a point
        (c("9H"), FRENCH52.mask_of(["2C"])), (c("9S"), FRENCH52.mask_of(["2D"])),  # 2♣ scores a point
    ]
    kept = [FRENCH52.code(card) for card, _ in distinct_moves({}, legal)]
    assert kept == ["4H", "4C", "6H", "6D", "TD", "TH", "9H", "9S"]


@settings(max_examples=20, deadline=None)
@given(state=positions)
def test_worlds_of_one_sampler_do_not_share_state(state):
    """The per-move sampler reads the observation once: a world played on must leave the
    next worlds as a fresh ``sample`` would deal them."""
    seat = state.current_player() if state.current_player() is not None else 0
    obs = state.observation(seat)
    deal = OrlanState.sampler(obs)
    first = deal(random.Random(5))
    rng = random.Random(6)
    while first.current_player() is not None and first.round_no == state.round_no:
        first.apply(rng.choice(first.legal_moves()))
    again, fresh = deal(random.Random(7)), OrlanState.sample(obs, random.Random(7))
    assert again.to_json() == fresh.to_json()


@settings(max_examples=200, deadline=None)
@given(table=st.integers(0, (1 << 52) - 1))
def test_the_richest_capture_of_each_sum_is_the_best_of_every_subset(table):
    from itertools import combinations

    from game.bots.orlan_policy import _richest_by_sum, worth
    from game.cards import bits
    from game.rules.orlan import NUMBERS, RANKS

    numbers = [c for c in bits(table & NUMBERS)][:7]
    richest = _richest_by_sum(sum(1 << c for c in numbers))
    for total in range(1, 11):
        subsets = [sum(1 << c for c in combo) for k in range(1, len(numbers) + 1)
                   for combo in combinations(numbers, k) if sum(c % RANKS + 1 for c in combo) == total]
        if not subsets:
            assert richest[total] == 0
        else:
            assert sum((richest[total] >> c & 1) * (c % RANKS + 1) for c in range(52)) == total
            assert worth(richest[total]) == pytest.approx(max(worth(m) for m in subsets))


def test_a_capture_passed_over_makes_the_worlds_holding_its_card_unlikely():
    """Seat 1 laid the Q♠ on a table where a five would have taken the 6♥ (and a seven the
    4♣), as the greedy rule does from its hand: worlds where its hand holds a five or a
    seven weigh less than its real hand."""
    from game.bots.orlan_policy import INFER_MISS, likelihood_for
    from tests.orlan_helpers import play, position

    s = position([["AH", "3H", "9H", "KH"], ["2S", "8H", "8S", "QS"]], ["6H", "4C", "KD"], to_move=1)
    play(s, "QS")
    obs = s.observation(0)
    assert obs["deal_plays"] == [{"seat": 1, "card": "QS", "capture": []}]
    weight = likelihood_for(obs)
    assert weight(s) == 1.0  # its real hand holds nothing that would have taken more
    for card in ("5D", "7D"):
        world = OrlanState.from_json(s.to_json())
        swap = FRENCH52.card(card)
        world.stock.remove(swap)
        world.stock.append(FRENCH52.card("8S"))
        world.hands[1] = world.hands[1] & ~(1 << FRENCH52.card("8S")) | 1 << swap
        assert weight(world) == pytest.approx(INFER_MISS)


def test_in_teams_the_partner_s_plays_are_not_read_the_opponents_are():
    """2v2: seats 1, 2 and 3 each lay a card where a five would have taken the 6♥. Seen from
    seat 0 a five in seat 1's hand (an opponent) makes the world unlikely; a five in seat
    2's hand (the partner, whose plays come from the team's search, not the greedy rule)
    changes nothing. Seen from seat 2 a five in seat 3's hand does."""
    from game.bots.orlan_policy import INFER_MISS, likelihood_for
    from tests.orlan_helpers import play, position

    hands = [["AH", "3H", "9H", "KH"], ["2S", "8H", "8S", "QS"], ["2D", "3D", "8C", "9C"], ["9S", "9D", "8D", "2H"]]
    s = position(hands, ["6H", "4C", "KD"], to_move=1, options={"target": 11, "teams": True})
    play(s, "QS")
    play(s, "8C")
    play(s, "9S")

    def with_five(seat, out):
        world = OrlanState.from_json(s.to_json())
        five, gone = FRENCH52.card("5D"), FRENCH52.card(out)
        world.stock[world.stock.index(five)] = gone
        world.hands[seat] = world.hands[seat] & ~(1 << gone) | 1 << five
        return world

    seen_by_0 = likelihood_for(s.observation(0))
    seen_by_2 = likelihood_for(s.observation(2))
    assert seen_by_0(with_five(1, "8S")) == pytest.approx(INFER_MISS * seen_by_0(s))
    assert seen_by_0(with_five(2, "2D")) == seen_by_0(s)
    assert seen_by_2(with_five(3, "8D")) == pytest.approx(INFER_MISS * seen_by_2(s))


def test_the_real_hands_of_simple_players_fit_their_plays_better_than_sampled_worlds():
    from game.bots.orlan_policy import likelihood_for

    rng = random.Random(3)
    positions = real_below = 0
    sampled = []
    for players in (2, 3, 4):
        for g in range(8):
            s = OrlanState.new(players, {"target": 11, "teams": players == 4}, g)
            bots = [make_bot("simple", "orlan", seed=g * 10 + i) for i in range(players)]
            while s.current_player() is not None and s.round_no == 0:
                obs = s.observation(s.current_player())
                weight = likelihood_for(obs)
                if weight is not None:
                    positions += 1
                    real_below += weight(s) < 1.0
                    deal = OrlanState.sampler(obs)
                    sampled += [weight(deal(rng)) for _ in range(5)]
                s.apply(bots[s.current_player()].choose(obs))
    assert positions > 300
    # the model reads the rule from what the player could see, a little approximately
    assert real_below / positions < 0.1
    assert sum(sampled) / len(sampled) < 0.8


@pytest.mark.parametrize("players", [2, 4])
def test_worlds_copied_for_each_root_move_give_the_values_of_worlds_dealt_again(players, monkeypatch):
    import dataclasses

    state = random_position(11, players, True, 9)
    obs = state.observation(state.current_player())

    def values():
        bot = make_bot("expert", "orlan", seed=4, iterations=12)
        bot.choose(obs)
        return bot.stats()

    copied = values()
    monkeypatch.setitem(SEARCH_HOOKS, "orlan", dataclasses.replace(SEARCH_HOOKS["orlan"], copy_world=None))
    assert values() == copied and len(copied) > 1


# ---------------------------------------------------------------- reading the opponent
@pytest.mark.parametrize("players,seed", [(2, 3), (3, 4), (4, 5)])
def test_the_simple_bot_s_plays_read_as_the_greedy_rule_s_from_every_seat(players, seed):
    """Replayed from the public record (the round's plays and the past rounds'), every choice
    of a simple player is the greedy rule's best, as every seat reads it; a whole game gives
    each of them real choices to read."""
    from game.bots.orlan_policy import greedy_choices

    s = new_game("orlan", players, {"target": 11}, seed=seed)
    bots = [make_bot("simple", "orlan", seed=seed * 10 + i) for i in range(players)]
    last = None
    while not s.finished:
        p = s.current_player()
        obs = s.observation(p)
        readings = {seat: greedy_choices(s.observation(seat), p) for seat in range(players)}
        assert len(set(readings.values())) == 1  # public record: every seat reads the same
        choices, departures = readings[p]
        assert departures == 0
        last = choices
        s.apply(bots[p].choose(obs))
    assert s.round_no >= 1 and last >= 8


def test_a_player_leaving_the_greedy_rule_is_read_as_departing():
    """A player that always takes the rule's worst move departs at every real choice."""
    from game.bots.orlan_policy import greedy_choices, prior

    s = new_game("orlan", 2, {"target": 11}, seed=9)
    simple = make_bot("simple", "orlan", seed=1)
    while s.round_no < 1:
        p = s.current_player()
        obs = s.observation(p)
        legal = s.legal_moves()
        if p == 1:
            scores = prior(obs, legal)
            s.apply(legal[scores.index(min(scores))])
        else:
            s.apply(simple.choose(obs))
    obs = s.observation(0)
    assert len(obs["past_rounds"]) == 1 and not obs["round_plays"]
    choices, departures = greedy_choices(obs, 1)
    assert choices >= 10 and departures == choices
    assert greedy_choices(obs, 0)[1] == 0  # the simple seat never departs


def test_an_opponent_that_left_the_greedy_rule_is_read_more_softly():
    """Once seat 1 has passed over the rule's move in a finished deal, a world contradicting
    its plays weighs INFER_MISS_SEARCHED a play (the expert leaves the rule often, so a
    contradiction says less); against a player of the rule it weighs INFER_MISS."""
    from game.bots.orlan_policy import INFER_MISS, INFER_MISS_SEARCHED, likelihood_for, prior, reading_tests

    assert INFER_MISS < INFER_MISS_SEARCHED < 1
    for worst, miss in ((True, INFER_MISS_SEARCHED), (False, INFER_MISS)):
        s = new_game("orlan", 2, {"target": 11}, seed=9)
        simple = make_bot("simple", "orlan", seed=1)
        rng = random.Random(2)
        weights = set()
        while s.round_no < 2 and len(weights) < 2:
            p = s.current_player()
            obs = s.observation(p)
            legal = s.legal_moves()
            if p == 1 and worst and s.round_no == 0:
                scores = prior(obs, legal)
                s.apply(legal[scores.index(min(scores))])
            else:
                s.apply(simple.choose(obs))
            seen = s.observation(0)
            if s.round_no == 1 and s.current_player() == 0 and reading_tests(seen):
                weight = likelihood_for(seen)
                deal = OrlanState.sampler(seen)
                weights |= {weight(deal(rng)) for _ in range(20)} - {1.0}
        assert weights, "no world contradicted the plays"
        for w in weights:
            k = round(math.log(w) / math.log(miss))
            assert k >= 1 and w == pytest.approx(miss ** k)


def test_a_round_recorded_only_in_part_is_not_read():
    """A format-3 save knew only the current deal's plays: that round, once past, is not
    read (its piles before the record are unknown), and nothing is miscounted."""
    from game.bots.orlan_policy import greedy_choices

    s = new_game("orlan", 2, {"target": 11}, seed=9)
    simple = make_bot("simple", "orlan", seed=1)
    for _ in range(20):  # into the third deal
        p = s.current_player()
        s.apply(simple.choose(s.observation(p)))
    old = s.to_json()
    old["format"] = 3
    del old["round_plays"], old["past_rounds"]
    loaded = OrlanState.from_json(old)
    assert loaded.round_plays == loaded.deal_plays and loaded.past_rounds == []
    assert greedy_choices(loaded.observation(0), 1) == (0, 0)
    while loaded.round_no < 1:
        p = loaded.current_player()
        loaded.apply(simple.choose(loaded.observation(p)))
    obs = loaded.observation(0)
    assert len(obs["past_rounds"]) == 1 and len(obs["past_rounds"][0]["plays"]) < 48
    assert greedy_choices(obs, 1) == (0, 0)
