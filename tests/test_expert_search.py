"""The expert search in every game: reproducible for a seed and an iteration budget, sliced
= one-shot, blind to hidden cards, reading the table (inference) and playing for its side."""
from __future__ import annotations

import random
import statistics

import pytest

from game.bots import SEARCH_HOOKS, make_bot
from game.bots.expert import _generic_evaluator, team_seats
from game.cards import FRENCH52
from game.rules import game_class, new_game

# (game, players, options) tables the expert plays, with one game per search path: Orlan's
# own-move tree with a horizon (and the partner in it at 2v2), Olsen's bitmask playouts
# with inference, Aluette's team tree with inference.
TABLES = [
    ("orlan", 2, {"target": 11}),
    ("orlan", 4, {"target": 11, "teams": True}),
    ("olsen", 4, {"deals": 1}),
    ("aluette", 4, {}),
]


def played_position(game_id, players, options, seed, moves, level="simple"):
    """A game played ``moves`` moves in by simple bots (so the others' plays mean something)."""
    state = new_game(game_id, players, options, seed=seed)
    bots = [make_bot(level, game_id, seed=seed * 10 + i) for i in range(players)]
    for _ in range(moves):
        p = state.current_player()
        if p is None:
            break
        state.apply(bots[p].choose(state.observation(p)))
    return state


def searchable(game_id, players, options, seed):
    """A position with at least two candidate moves, some plays into a round."""
    for moves in (9, 10, 11, 13, 6, 17, 5):
        state = played_position(game_id, players, options, seed, moves)
        p = state.current_player()
        if p is not None and len(state.legal_moves()) > 1:
            return state
    pytest.skip("no position with a choice")


@pytest.mark.parametrize("game_id,players,options", TABLES)
def test_same_seed_and_budget_give_the_same_search(game_id, players, options):
    state = searchable(game_id, players, options, 2)
    obs = state.observation(state.current_player())
    a = make_bot("expert", game_id, seed=4, iterations=12)
    b = make_bot("expert", game_id, seed=4, iterations=12)
    assert a.choose(obs) == b.choose(obs)
    assert a.totals == b.totals and a.worlds == b.worlds == 12
    assert a.weights_seen == b.weights_seen


@pytest.mark.parametrize("game_id,players,options", TABLES)
def test_sliced_search_is_the_one_shot_search(game_id, players, options):
    state = searchable(game_id, players, options, 3)
    obs = state.observation(state.current_player())
    one = make_bot("expert", game_id, seed=1, iterations=10)
    expected = one.choose(obs)
    sliced = make_bot("expert", game_id, seed=1, iterations=10)
    sliced.begin(obs)
    steps = 0
    while not sliced.step(ms=0.2):
        steps += 1
    assert sliced.move() == expected
    assert sliced.totals == one.totals
    assert steps > 0


@pytest.mark.parametrize("game_id,players,options", TABLES)
def test_the_expert_never_reads_hidden_cards(game_id, players, options):
    """Two states with the same observation for the seat (hidden cards dealt otherwise)
    get the same move, the same values and the same worlds."""
    cls = game_class(game_id)
    state = searchable(game_id, players, options, 5)
    seat = state.current_player()
    obs = state.observation(seat)
    rng = random.Random(7)
    other = None
    for _ in range(40):
        cand = cls.sample(obs, rng)
        if cand.hands != state.hands:
            other = cand
            break
    assert other is not None and other.observation(seat) == obs
    a = make_bot("expert", game_id, seed=3, iterations=8)
    b = make_bot("expert", game_id, seed=3, iterations=8)
    assert a.choose(state.observation(seat)) == b.choose(other.observation(seat))
    assert a.totals == b.totals


@pytest.mark.parametrize("game_id,players,options,moves", [
    ("olsen", 4, {"deals": 1}, 22),
    ("aluette", 4, {}, 22),
    ("triomphe_forcee", 4, {}, 40),
    ("la_rigueur", 4, {}, 40),
    ("maison_troggen", 3, {}, 40),
    ("leipzig_taroc", 3, {}, 40),
])
def test_worlds_where_the_plays_seen_are_unlikely_weigh_less(game_id, players, options, moves):
    """After simple bots have played, the real deal (where every card played was the simple
    rule's) weighs more than most deals of the hidden cards the observation allows: those
    put cards in hands from which the rule would have played otherwise."""
    like_for = SEARCH_HOOKS[game_id].likelihood_for
    cls = game_class(game_id)
    shares = []
    for seed in range(5):
        state = played_position(game_id, players, options, seed, moves)
        assert state.current_player() is not None
        obs = state.observation(state.current_player())
        assert obs["phase"] == "play"
        weight = like_for(obs)
        rng = random.Random(seed)
        sampled = [weight(cls.sample(obs, rng)) for _ in range(150)]
        true = weight(state)
        assert true > 0.0
        shares.append(sum(w < true for w in sampled) / len(sampled))
    assert statistics.fmean(shares) > 0.75
    assert max(shares) > 0.95


def test_a_play_against_the_rule_lowers_a_world_s_weight():
    """Olsen, first trick: seat 0 leads 2♣ (forced: it tells nothing); seat 1 follows with
    5♣ although the rule plays the lowest club when others still play after. Seen from
    seat 2, a world where seat 1 held 3♣ too (it played against the rule) weighs less than
    the same world with 3♣ in seat 0's hand instead (swapped with A♦)."""
    from game.bots.olsen_policy import likelihood_for
    from game.rules.olsen import OlsenState

    hands = [
        "2C 4C AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
        "3C 5C QD KD AH 2H 3H 4H 5H 6H 7H 8H 9H",
        "6C 7C 8C 9C TC TH JH QH KH AS 2S 3S 4S",
        "JC QC KC AC 5S 6S 7S 8S 9S TS JS QS KS",
    ]
    data = OlsenState.new(4, {"deals": 1}, seed=0).to_json()
    data.update(hands=[h.split() for h in hands], to_move=0, leader=0)
    state = OlsenState.from_json(data)
    for card in ("2C", "5C", "6C", "AC"):
        state.play_json({"card": card})
    obs = state.observation(2)
    weight = likelihood_for(obs)
    swapped = OlsenState.from_json(state.to_json())
    swap = FRENCH52.mask_of(["3C", "AD"])
    swapped.hands[1] ^= swap
    swapped.hands[0] ^= swap
    assert swapped.observation(2) == obs  # both worlds are consistent with what seat 2 saw
    assert weight(swapped) > 2 * weight(state)


def test_the_search_draws_heavier_worlds_than_the_average_candidate():
    state = played_position("aluette", 4, {}, 3, 20)
    obs = state.observation(state.current_player())
    bot = make_bot("expert", "aluette", seed=2, iterations=40)
    bot.choose(obs)
    # weights_seen holds each drawn world's share of its pool's weight: 1/pool on average
    # if the draw ignored the weights.
    assert statistics.fmean(bot.weights_seen) > 1.5 / SEARCH_HOOKS["aluette"].infer_pool


def test_team_seats_are_the_side_of_the_seat():
    orlan = game_class("orlan")
    assert team_seats(orlan, {"seat": 1, "players": 4, "options": {"teams": True}}) == [1, 3]
    assert team_seats(orlan, {"seat": 1, "players": 4, "options": {"teams": False}}) == [1]
    assert team_seats(game_class("aluette"), {"seat": 2, "players": 4, "options": {}}) == [0, 2]
    assert team_seats(game_class("olsen"), {"seat": 2, "players": 4, "options": {}}) == [2]


@pytest.mark.parametrize("game_id,players,options", [("aluette", 4, {}), ("orlan", 4, {"target": 11, "teams": True})])
def test_partnership_value_is_the_team_s(game_id, players, options):
    """The generic evaluation (a new game's default) and the game's own score a position
    the same for both partners, and the other side gets the opposite."""
    state = played_position(game_id, players, options, 4, 400)  # to the end of the game
    while state.current_player() is not None:
        state.apply(state.legal_moves()[0])
    cls = game_class(game_id)
    obs0 = {"seat": 0, "players": players, "options": state.options}
    team = team_seats(cls, obs0)
    generic = _generic_evaluator(cls, [0.0] * players, 3.0, team)
    generic_other = _generic_evaluator(cls, [0.0] * players, 3.0, team_seats(cls, dict(obs0, seat=1)))
    assert generic(state, 0, True) == generic(state, 2, True)
    assert generic_other(state, 1, True) == -generic(state, 0, True) or state.result()["winners"] == []
    own = SEARCH_HOOKS[game_id].evaluate
    assert own(state, 0, True) == own(state, 2, True)
    assert own(state, 1, True) == own(state, 3, True)


@pytest.mark.parametrize("game_id,players,options", [("aluette", 4, {}), ("orlan", 4, {"target": 11, "teams": True})])
def test_the_partner_decides_in_the_search_tree(game_id, players, options):
    """In a team game the partner's moves inside the search are the tree's (chosen for the
    team's value), not the opponents' rule: the tree holds decisions of both partners."""
    state = searchable(game_id, players, options, 6)
    seat = state.current_player()
    bot = make_bot("expert", game_id, seed=1, iterations=60)
    bot.choose(state.observation(seat))
    partner = (seat + 2) % 4
    deciders = set()
    stack = list(bot._trees)
    while stack:
        node = stack.pop()
        for (player, _), child in node.children.items():
            deciders.add(player)
            stack.append(child)
    assert partner in deciders and seat in deciders
    assert deciders <= {seat, partner}


def _deciders(bot):
    """The players deciding anywhere in the bot's trees, and whether a decision of the seat's
    hangs below one of the opponent's."""
    deciders, own_below_other = set(), False
    stack = [(root, None) for root in bot._trees]
    while stack:
        node, parent_player = stack.pop()
        for (player, _), child in node.children.items():
            deciders.add(player)
            own_below_other |= player == bot._obs["seat"] and parent_player == 1 - bot._obs["seat"]
            stack.append((child, player))
    return deciders, own_below_other


def _position_after_a_deal_against(opponent_worst: bool):
    """Two-player Orlan into its second deal, the seat (1) played by simple, the opponent (0)
    by simple or by the greedy rule's worst move; the seat to move with a choice, at 900 ms
    (the play-outs before the last deal)."""
    from game.bots.orlan_policy import prior

    state = new_game("orlan", 2, {"target": 11}, seed=6)
    simple = make_bot("simple", "orlan", seed=3)
    while True:
        p = state.current_player()
        obs = state.observation(p)
        if p == 1 and len(obs["round_plays"]) >= 8 and len(state.legal_moves()) > 1:
            return state
        legal = state.legal_moves()
        if p == 0 and opponent_worst:
            scores = prior(obs, legal)
            state.apply(legal[scores.index(min(scores))])
        else:
            state.apply(simple.choose(obs))


def test_two_player_orlan_searches_the_replies_of_an_opponent_that_left_the_greedy_rule():
    """Once a finished deal shows the opponent passing over the greedy rule's move, its
    replies are decisions of the tree too, and the seat's later decisions hang below them
    (keyed by the plays as the seat sees them)."""
    from game.bots.orlan_policy import greedy_choices

    state = _position_after_a_deal_against(opponent_worst=True)
    obs = state.observation(1)
    assert obs["stock_count"] > 0
    assert greedy_choices(obs, 0)[1] > 0
    bot = make_bot("expert", "orlan", seed=1, ms=900, iterations=200)
    bot.choose(obs)
    assert bot._trees is not None
    assert _deciders(bot) == ({1, 0}, True)


def test_two_player_orlan_keeps_the_greedy_replies_of_an_opponent_that_plays_the_rule():
    """Against an opponent whose every choice so far was the greedy rule's (the simple
    bot), the replies in the search are the rule's and only the seat decides in the tree;
    so too at the start of a game, before any deal is over (the rule is believed first)."""
    from game.bots.orlan_policy import greedy_choices

    state = _position_after_a_deal_against(opponent_worst=False)
    first_deal = next(s for s in (played_position("orlan", 2, {"target": 11}, 6, k) for k in (3, 5, 1, 2, 4))
                      if len(s.legal_moves()) > 1)
    for obs in (state.observation(1), first_deal.observation(first_deal.current_player())):
        assert greedy_choices(obs, 1 - obs["seat"])[1] == 0
        bot = make_bot("expert", "orlan", seed=1, ms=900, iterations=200)
        bot.choose(obs)
        assert bot._trees is not None
        assert _deciders(bot)[0] == {obs["seat"]}
    assert greedy_choices(state.observation(1), 0)[0] > 0


def test_in_the_tree_the_other_side_picks_the_move_worst_for_the_seat():
    from game.bots.expert import _Node

    state = searchable("orlan", 2, {"target": 11}, 6)
    seat = state.current_player()
    bot = make_bot("expert", "orlan", seed=1, ms=900, iterations=1)
    bot.choose(state.observation(seat))
    legal = state.legal_moves()
    assert len(legal) >= 2
    for player, worst in ((seat, legal[0]), (1 - seat, legal[1])):
        node = _Node()
        node.n = 10_000  # widened: no untried move is added, the best by UCB is picked
        for i, m in enumerate(legal):
            child = node.children[(player, m)] = _Node()
            child.n, child.avail = 1000, 10_000
            # the seat's values: legal[0] best for the seat, legal[1] worst
            child.w = 1000 * (5.0 if i == 0 else -5.0 if i == 1 else 0.0)
        move, child, leave = bot._tree_move(node, state, random.Random(0), player)
        assert move == worst and not leave
