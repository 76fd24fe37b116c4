"""Rummy family bots (game/bots/rummy_simple.py, rummy_others.py, rummy_expert.py): the greedy rule's choices in hand-built
positions, legal moves only over random games of every game and player count (the simple
level and the rollouts' own move builder), and the expert: reproducible, reads only its
observation, plays whole games."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.bots import SEARCH_HOOKS, SIMPLE_POLICIES, make_bot
from game.bots.rummy_expert import TOP_DISCARDS
from game.bots.rummy_others import make_likelihood
from game.bots.rummy_simple import choose_simple, fast_move, mind_for
from game.cards import bits
from game.rules import game_class
from game.rules.rummy import classify


def position(game, hands, pile, seat=0, step="draw", known=None, table=(), stock_size=None, options=None):
    """A consistent state of ``game``: the given hands (codes per seat), pile (bottom first),
    table melds (owner, codes); every other card in the stock (top ``stock_size`` cards, the
    rest under the pile), seat ``seat`` to move at ``step``."""
    cls = game_class(game)
    s = cls.new(len(hands), dict({"hands": 1}, **(options or {})), seed=0)
    deck = cls.info.deck
    s.hands = [deck.mask_of(h) for h in hands]
    s.table = [classify([deck.card(c) for c in cards], deck, s.rule, owner) for owner, cards in table]
    used = sum(s.hands) | deck.mask_of(pile) | sum(1 << c for m in s.table for c in m.cards)
    rest = list(bits(s.in_play & ~used))
    if stock_size is None:
        stock_size = len(rest)
    s.stock = rest[:stock_size]
    s.pile = rest[stock_size:] + [deck.card(c) for c in pile]
    s.known = [deck.mask_of(k) for k in (known or [[] for _ in hands])]
    s.to_move = seat
    s.step = step
    s.drawn, s.drawn_from, s.taken = None, "", []
    s.melded = [sum(1 for m in s.table if m.owner == p) for p in range(len(hands))]
    s._legal = None
    return s


def simple_move(state):
    seat = state.current_player()
    obs = state.observation(seat)
    legal = [state.move_from_json(m) for m in obs["legal"]]
    return SIMPLE_POLICIES[state.info.id](obs, legal, random.Random(0))


def codes(state, move):
    deck = state.info.deck
    return [deck.code(c) for c in (move[1] if move[0] == "meld" else [move[1]])]


CLASSIC_HAND = ["7H", "8H", "KC", "KD", "2S", "4D", "9C", "JS", "3C", "5S"]
OTHER = ["AC", "AD", "AH", "AS", "6C", "6D", "6H", "6S", "TC", "TD"]


def test_simple_takes_the_discard_that_completes_a_run():
    s = position("classic_rummy", [CLASSIC_HAND, OTHER], pile=["QH", "9H"])
    assert simple_move(s) == ("draw", "pile")


def test_simple_draws_from_the_stock_when_the_discard_makes_nothing():
    s = position("classic_rummy", [CLASSIC_HAND, OTHER], pile=["9H", "QH"])
    assert simple_move(s) == ("draw", "stock")


def test_simple_discards_the_lone_high_card_and_keeps_melds_and_near_melds():
    hand = ["7H", "8H", "9H", "5S", "5D", "2C", "3C", "KC", "4D", "6S", "AS"]
    s = position("classic_rummy", [hand, OTHER], pile=["QH"], step="play")
    move = simple_move(s)
    assert move[0] == "meld" and codes(s, move) == ["7H", "8H", "9H"]
    s.apply(move)
    move = simple_move(s)
    assert move[0] == "discard" and codes(s, move) == ["KC"]


def test_simple_does_not_feed_an_opponent_the_rank_it_picked_up():
    hand = ["7H", "8H", "9H", "TH", "2C", "2D", "2S", "4D", "5D", "KC", "QS"]
    other = ["KH", "3S", "3H", "6C", "6D", "6H", "7S", "8S", "9S", "TS"]
    plain = position("jersey_gin", [hand, other, OTHER], pile=["JD"], step="play", stock_size=10)
    assert simple_move(plain) == ("discard", plain.info.deck.card("KC"))
    # seat 1 took the KH from the pile: the KC would feed it; the QS goes instead
    wary = position("jersey_gin", [hand, other, OTHER], pile=["JD"], step="play", stock_size=10,
                    known=[[], ["KH"], []])
    assert simple_move(wary) == ("discard", wary.info.deck.card("QS"))


def test_simple_basic_rummy_melds_and_goes_out():
    hand = ["7H/1", "8H/1", "9H/1", "5C/1", "5D/1", "5S/1", "2D/1"]
    other = ["AC/1", "KD/1", "QH/1", "JS/1", "9C/1", "4D/1", "3S/1"]
    s = position("basic_rummy", [hand, other], pile=["TC/1"], step="play")
    assert _kinds_until_the_hand_ends(s, simple_move) == ["meld", "meld", "discard"]
    assert s.rounds[-1]["out"] == 0 and s.rounds[-1]["points"][0] > 0


def _kinds_until_the_hand_ends(state, choose):
    """Plays ``choose``'s moves until the hand is scored; the kinds of the moves played."""
    kinds = []
    while not state.rounds:
        move = choose(state)
        kinds.append(move[0])
        state.apply(move)
    return kinds


def _expert_move(state):
    """The expert's own rule (the game's ``Style``) for the seat to move, and the rollouts'
    builder of the same rule, which must agree."""
    seat = state.current_player()
    obs = state.observation(seat)
    legal = [state.move_from_json(m) for m in obs["legal"]]
    move = choose_simple(type(state), obs, legal, expert=True)
    built = fast_move(mind_for(type(state), state.options), state, expert=True)
    assert built == move or (built[0] == move[0] == "meld" and codes(state, built) == codes(state, move))
    return move


def test_the_expert_holds_its_basic_melds_while_the_opponent_has_cards_to_play():
    """Melds kept in hand stay hidden and take none of the opponent's lay-offs: with
    four deadwood cards left and the opponent holding 7 cards, the meld waits and the high
    card goes."""
    hand = ["7H/1", "8H/1", "9H/1", "5C/1", "KS/1", "2D/1", "4C/1"]
    other = ["AC/1", "KD/1", "QH/1", "JS/1", "9C/1", "4D/1", "3S/1"]
    s = position("basic_rummy", [hand, other], pile=["TC/1"], step="play")
    assert simple_move(s)[0] == "meld"  # the simple level melds at once
    move = _expert_move(s)
    assert move == ("discard", s.info.deck.card("KS/1"))


def test_the_expert_lays_its_basic_melds_down_when_the_opponent_is_close_or_it_can_go_out():
    hand = ["7H/1", "8H/1", "9H/1", "5C/1", "KS/1", "2D/1", "4C/1"]
    short = ["AC/1", "KD/1", "QH/1"]  # three cards left: it may go out next turn
    s = position("basic_rummy", [hand, short], pile=["TC/1"], step="play")
    assert _expert_move(s)[0] == "meld"
    out = ["7H/1", "8H/1", "9H/1", "5C/1", "5D/1", "5S/1", "2D/1"]
    other = ["AC/1", "KD/1", "QH/1", "JS/1", "9C/1", "4D/1", "3S/1"]
    s = position("basic_rummy", [out, other], pile=["TC/1"], step="play")
    assert _kinds_until_the_hand_ends(s, _expert_move) == ["meld", "meld", "discard"]  # all in one turn
    assert s.rounds[-1]["out"] == 0


def test_the_classic_expert_builds_while_the_opponent_is_far_and_throws_high_cards_when_it_is_close():
    """The expert's discard weighs near melds double while every opponent holds more than 5
    cards, and a fifth as much once one holds 5 or fewer: a pair of kings is kept over a lone
    3 early (the simple rule throws a king), and broken late."""
    hand = ["KC", "KD", "3S", "AC", "2D"]
    s = position("classic_rummy", [hand, OTHER], pile=["TC"], step="play")
    deck = s.info.deck
    assert simple_move(s)[0] == "discard" and codes(s, simple_move(s)) in (["KC"], ["KD"])
    assert _expert_move(s) == ("discard", deck.card("3S"))
    s = position("classic_rummy", [hand, OTHER[:5]], pile=["TC"], step="play")
    assert codes(s, _expert_move(s)) in (["KC"], ["KD"])


def test_only_basic_rummy_holds_melds():
    hand = ["7H", "8H", "9H", "5C", "KS", "2D", "JD"]
    s = position("classic_rummy", [hand + ["3C", "4C", "QD"], OTHER], pile=["TC"], step="play")
    assert _expert_move(s)[0] == "meld"


def test_simple_lays_off_a_deadwood_card_on_the_table():
    hand = ["TH", "2S", "KC", "5D"]
    s = position("classic_rummy", [hand, OTHER], pile=["QD"], step="play",
                 table=[(1, ["7H", "8H", "9H"])])
    move = simple_move(s)
    assert move[0] == "layoff" and codes(s, move) == ["TH"]


def test_jersey_gin_when_a_discard_leaves_no_deadwood():
    hand = ["7H", "8H", "9H", "TH", "2C", "2D", "2S", "JS", "QS", "KS", "4D"]
    s = position("jersey_gin", [hand, OTHER, CLASSIC_HAND], pile=["5C"], step="play", stock_size=10)
    assert simple_move(s) == ("knock", s.info.deck.card("4D"))
    assert fast_move(mind_for(type(s), s.options), s) == ("knock", s.info.deck.card("4D"))


@pytest.mark.parametrize("dead, knocks", [(["AD", "3C", "KD"], True), (["5C", "3D", "KD"], False)])
def test_jersey_knocks_with_low_deadwood_not_with_eight_in_mid_hand(dead, knocks):
    hand = ["7H", "8H", "9H", "2C", "2D", "2S", "JS", "QS", "KS"] + dead
    s = position("jersey_gin", [hand, OTHER, ["4H", "5H", "6H", "7C", "8C", "9D", "TD", "JD", "QD", "4S"]],
                 pile=["5S"], step="play", stock_size=10)
    move = simple_move(s)
    assert move == (("knock" if knocks else "discard"), s.info.deck.card("KD"))


def test_jersey_takes_the_upcard_that_makes_a_meld_and_passes_otherwise():
    hand = ["7H", "8H", "KC", "KD", "2S", "4D", "9C", "JS", "3C", "5S"]
    take = position("jersey_gin", [hand, OTHER, ["4H", "5H", "6H", "7C", "8C", "9D", "TD", "JD", "QD", "4S"]],
                    pile=["9H"], step="upcard")
    assert simple_move(take) == ("take_upcard",)
    skip = position("jersey_gin", [hand, OTHER, ["4H", "5H", "6H", "7C", "8C", "9D", "TD", "JD", "QD", "4S"]],
                    pile=["QH"], step="upcard")
    assert simple_move(skip) == ("pass",)


def test_jersey_opponent_lays_off_on_the_knocker_then_passes():
    knocker = ["7H", "8H", "9H", "2C", "2D", "2S", "JS", "QS", "KS", "AD", "KD"]
    layer = ["TH", "3C", "5C", "7C", "9C", "4D", "6D", "8D", "TD", "QD"]
    s = position("jersey_gin", [knocker, layer, OTHER], pile=["5S"], step="play", stock_size=10)
    s.apply(("knock", s.info.deck.card("KD")))
    assert s.step == "layoff" and s.to_move == 1
    move = simple_move(s)
    assert move[0] == "layoff" and codes(s, move) == ["TH"]
    s.apply(move)
    assert simple_move(s) == ("pass",)


def test_boathouse_goes_out_at_once():
    hand = ["7H/1", "8H/1", "9H/1", "TH/1", "5C/1", "5D/1", "5S/1", "KC/1"]
    other = ["AC/1", "KD/1", "QH/1", "JS/1", "9C/1", "4D/1", "3S/1"]
    s = position("boathouse_rummy", [hand, other], pile=["2C/1"], step="play")
    assert simple_move(s)[0] == "go_out"
    assert fast_move(mind_for(type(s), s.options), s)[0] == "go_out"


# -- legal moves only, every game and player count ------------------------------------------

# Every game at every player count, each option on somewhere (the deck options where they apply).
CONFIGS = (
    [("basic_rummy", n, opts) for n, opts in [(2, {}), (3, {"hand_size": 10}), (4, {"decks": 2}), (5, {}),
                                               (6, {"decks": 2, "shuffle_pile": True}), (7, {})]]
    + [("classic_rummy", n, opts) for n, opts in [
        (2, {}), (3, {"aces_high_low": True, "no_meld_limit": True}),
        (4, {"ace_bridge": True, "layoff_after_meld": True, "last_card_discard": True}),
        (5, {"shuffle_pile": True}), (6, {"aces_high_low": True})]]
    + [("boathouse_rummy", n, opts) for n, opts in [(2, {}), (3, {"hand_size": 10}), (4, {"penalty_only": True}),
                                                   (5, {"decks": 2}), (6, {}), (7, {})]]
    + [("jersey_gin", 3, {}), ("jersey_gin", 3, {"knock_scoring": "each"})]
)


def _face(state, card):
    code = state.info.deck.code(card).split("/")[0]
    return "X" if code[0] == "X" else code


def _legal_or_same_faces(state, move, legal):
    """The rollouts build their melds from the finder: the same faces as a legal meld (the
    rules name identical cards and jokers lowest first) is the same move."""
    if move in legal:
        return True
    if move[0] != "meld":
        return False
    faces = [_face(state, c) for c in move[1]]
    return any(m[0] == "meld" and [_face(state, c) for c in m[1]] == faces for m in legal)


@pytest.mark.parametrize("game, players, options", CONFIGS)
def test_simple_and_rollout_rules_play_only_legal_moves(game, players, options):
    """A hand of each configuration, the simple level and the rollouts' move builder taking
    turns (each move of the builder checked, with and without the expert's own rule,
    whoever plays it)."""
    cls = game_class(game)
    s = cls.new(players, dict(options, hands=1), seed=players)
    mind = mind_for(cls, s.options)
    steps = 0
    while s.current_player() is not None:
        legal = s.legal_moves()
        built = fast_move(mind, s)
        assert _legal_or_same_faces(s, built, legal), (s.step, built)
        held = fast_move(mind, s, expert=True)  # the expert's own moves in its play-outs
        assert _legal_or_same_faces(s, held, legal), (s.step, held)
        if steps % 2:
            move = simple_move(s)
            assert move in legal
            s.apply(move)
        else:
            s.apply_unchecked(built)
        steps += 1
        assert steps < 3000
    assert s.rounds


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), game=st.sampled_from(["basic_rummy", "classic_rummy", "jersey_gin"]))
def test_rollouts_keep_every_card_in_one_place(seed, game):
    """The rollouts' unchecked moves leave a whole state: every card in exactly one place."""
    cls = game_class(game)
    s = cls.new(3 if game == "jersey_gin" else 2, {"hands": 1}, seed=seed)
    mind = mind_for(cls, s.options)
    while s.current_player() is not None:
        s.apply_unchecked(fast_move(mind, s))
        seen = 0
        for mask in s.card_locations().values():
            assert not seen & mask
            seen |= mask
        assert seen == s.info.deck.full_mask
    assert s.rounds


# -- the expert -------------------------------------------------------------------------------

def test_the_search_tries_few_play_moves_and_the_greedy_one_among_them():
    hand = ["7H", "8H", "9H", "5S", "5D", "2C", "3C", "KC", "4D", "6S", "AS"]
    s = position("jersey_gin", [hand, OTHER, CLASSIC_HAND], pile=["QH"], step="play", stock_size=10)
    obs = s.observation(0)
    legal = [s.move_from_json(m) for m in obs["legal"]]
    kept = SEARCH_HOOKS["jersey_gin"].distinct(obs, legal)
    assert len(legal) == 11 and 1 < len(kept) <= TOP_DISCARDS + 2
    assert simple_move(s) in kept and all(m in legal for m in kept)


@pytest.mark.parametrize("game, players", [("classic_rummy", 2), ("jersey_gin", 3), ("basic_rummy", 2)])
def test_the_expert_is_reproducible_and_reads_only_its_observation(game, players):
    cls = game_class(game)
    s = cls.new(players, {"hands": 1}, seed=11)
    rng = random.Random(3)
    while s.step not in ("draw", "play") or s.current_player() != 0 or len(s.legal_moves()) < 2:
        s.apply(rng.choice(s.legal_moves()))
    obs = s.observation(0)
    first = make_bot("expert", game, seed=4, iterations=6).choose(obs)
    again = make_bot("expert", game, seed=4, iterations=6).choose(obs)
    assert first == again and first in s.legal_moves()
    # Another deal of the cards seat 0 has not seen: the same observation, the same move.
    other = cls.sample(obs, random.Random(99))
    assert other.hands[1] != s.hands[1] or other.stock != s.stock
    assert other.observation(0) == obs
    assert make_bot("expert", game, seed=4, iterations=6).choose(other.observation(0)) == first


@pytest.mark.parametrize("game, players", [("classic_rummy", 2), ("basic_rummy", 2), ("boathouse_rummy", 2),
                                           ("jersey_gin", 3)])
def test_the_expert_plays_a_whole_game(game, players):
    cls = game_class(game)
    s = cls.new(players, {"hands": 1}, seed=5)
    bots = [make_bot("expert", game, seed=1, iterations=2)] + [make_bot("simple", game, seed=p)
                                                                for p in range(1, players)]
    while (p := s.current_player()) is not None:
        move = bots[p].choose(s.observation(p))
        assert move in s.legal_moves()
        s.apply(move)
    assert s.result()["finished"] and s.result()["winners"]


def test_simple_players_do_not_swap_pile_cards_forever():
    """A recorded Basic Rummy position (simulate, seed 1, game 16): each player holds one
    card, the pile's top card seems to fit the set A♠ X X (it would only fit a run) and the
    card just taken may not be discarded. Greedy players took it from the pile by turns for
    100,000 moves; now they draw from the stock and the hand ends."""
    import json
    from pathlib import Path

    from game.bots import make_bot
    from game.rules.basic_rummy import BasicRummyState

    state = BasicRummyState.from_json(json.loads((Path(__file__).parent / "data" / "rummy_pile_swap.json").read_text()))
    hand = len(state.rounds)
    bots = [make_bot("simple", "basic_rummy", seed=i) for i in range(2)]
    for _ in range(400):
        if len(state.rounds) > hand or state.current_player() is None:
            break
        seat = state.current_player()
        state.apply(bots[seat].choose(state.observation(seat)))
    assert len(state.rounds) > hand, "the hand never ended"


# -- reading the discards ---------------------------------------------------------------------

def test_a_card_melds_with_two_of_its_rank_two_run_neighbours_or_a_joker_and_one():
    classic = mind_for(game_class("classic_rummy"), {})
    deck = game_class("classic_rummy").info.deck

    def melds(card, hand):
        return classic.melds_with(deck.card(card), deck.mask_of(hand))

    assert melds("7H", ["7S", "7D"]) and melds("7H", ["5H", "6H"]) and melds("7H", ["6H", "8H"])
    assert melds("7H", ["8H", "9H"]) and not melds("7H", ["6H", "9H"]) and not melds("7H", ["7S", "8D"])
    assert not melds("KH", ["AH", "2H"])  # Classic: aces low, no K-A-2
    basic = mind_for(game_class("basic_rummy"), {})
    bdeck = game_class("basic_rummy").info.deck
    assert basic.melds_with(bdeck.card("7H/1"), bdeck.mask_of(["X1/1", "8H/2"]))
    assert not basic.melds_with(bdeck.card("7H/1"), bdeck.mask_of(["X1/1", "TH/2"]))


def world_with(state, seat: int, out: str, instead: int):
    """The same state with card ``out`` of ``seat``'s hand and card ``instead`` of the stock
    exchanged: another world of the cards seat 0 has not seen (checked)."""
    other = game_class(state.info.id).from_json(state.to_json())
    gone = state.info.deck.card(out)
    other.hands[seat] = other.hands[seat] & ~(1 << gone) | 1 << instead
    other.stock[other.stock.index(instead)] = gone
    other._legal = other._public = None
    assert other.observation(0) == state.observation(0)
    return other


def test_a_world_where_a_player_held_two_partners_of_the_card_it_threw_weighs_less():
    """Seat 1 threw 7C. Seen from seat 0, a world where seat 1 holds 7S and 7D (it threw a
    card that made a set) weighs less than the same world with 7S in the stock instead."""
    s = position("classic_rummy", [CLASSIC_HAND, ["7S", "7D", "7C", "2C", "TC", "TD", "QS", "QH", "4C", "4H", "9S"]],
                 pile=[], seat=1, step="play", stock_size=20)
    s.apply(s.move_from_json({"kind": "discard", "card": "7C"}))
    obs = s.observation(0)
    assert obs["shunned"][1] == ["7C"]
    weight = SEARCH_HOOKS["classic_rummy"].likelihood_for(obs)
    assert weight(s) < weight(world_with(s, 1, "7S", s.stock[0]))


@pytest.mark.parametrize("game, players, reads", [("classic_rummy", 2, True), ("basic_rummy", 2, True),
                                                  ("jersey_gin", 3, True), ("boathouse_rummy", 3, False)])
def test_the_real_deal_of_greedy_players_weighs_as_much_as_the_expert_s_worlds(game, players, reads):
    """After simple players' turns, hardly any of the expert's worlds weighs more than the
    real deal (greedy players keep what melds and throw what does not), and more weigh less.
    Boathouse's growing hands break the rule, and its expert does not read the discards."""
    cls = game_class(game)
    like_for = make_likelihood(cls)
    assert (SEARCH_HOOKS[game].likelihood_for is not None) == reads
    sampler_for = SEARCH_HOOKS[game].sampler_for
    heavier, lighter = [], []
    for seed in range(10):
        s = cls.new(players, {"hands": 1}, seed)
        bots = [make_bot("simple", game, seed=p) for p in range(players)]
        for _ in range(12 + 3 * seed):
            p = s.current_player()
            if p is None or s.round_no:
                break
            s.apply(bots[p].choose(s.observation(p)))
        if s.round_no or s.current_player() is None:
            continue
        obs = s.observation(s.current_player())
        weight = like_for(obs)
        if weight is None:
            continue
        sample = sampler_for(obs)
        worlds = [weight(sample(random.Random(i))) for i in range(100)]
        true = weight(s)
        heavier.append(sum(w > true for w in worlds) / len(worlds))
        lighter.append(sum(w < true for w in worlds) / len(worlds))
    assert len(heavier) >= 3
    holds = sum(heavier) / len(heavier) < 0.15 and sum(lighter) / len(lighter) > sum(heavier) / len(heavier) + 0.05
    assert holds == reads


def test_the_expert_draws_worlds_by_the_discards():
    s = position("classic_rummy", [CLASSIC_HAND, OTHER], pile=["7H"], seat=0, step="draw", stock_size=20)
    s.shunned = [0, s.info.deck.mask_of(["7H", "QC", "5D", "9H"])]
    obs = s.observation(0)
    bot = make_bot("expert", "classic_rummy", seed=2, iterations=30)
    bot.choose(obs)
    assert len(bot.weights_seen) >= 30
    assert sum(bot.weights_seen) / len(bot.weights_seen) > 1.2 / SEARCH_HOOKS["classic_rummy"].infer_pool


def test_a_world_where_the_greedy_rule_would_have_thrown_another_card_weighs_less():
    """Seat 1's last discard was 3C. A world where its hand (with 3C back) holds a lone court
    card, which the greedy rule throws before a 3, weighs less than the real hand, whose
    other cards are in melds but the 2C next to the 3C (there the rule throws the 3C)."""
    tidy = ["7S", "8S", "9S", "4H", "4D", "4C", "JD", "QD", "KD", "2C"]
    s = position("classic_rummy", [OTHER, tidy + ["3C"]], pile=[], seat=1, step="play", stock_size=20)
    deck = s.info.deck
    s.apply(s.move_from_json({"kind": "discard", "card": "3C"}))
    obs = s.observation(0)
    assert obs["last_discard"][1] == ["3C"]
    weight = SEARCH_HOOKS["classic_rummy"].likelihood_for(obs)
    lone_court = next(deck.card(c) for c in ("KS", "KH", "QS", "QH", "JH", "JC") if deck.card(c) in s.stock)
    assert weight(world_with(s, 1, "2C", lone_court)) < weight(s)


def test_the_simple_rule_declares_the_reading_the_others_can_use_least():
    """A natural card with jokers is a set or a run through it, as its player declares: the
    greedy rule lays the reading the fewest unseen cards would lay off on or take a joker
    back from; the set when even. With the tens unseen and the hearts round 10♥ in the pile,
    8♥-9♥-10♥ gives nothing away (7♥, 8♥, 9♥, J♥ all seen); with nothing seen, three tens."""
    hand = ["TH/1", "X1/1", "X2/1", "3C/1", "7S/1", "9D/1", "KC/1"]
    other = ["AC/1", "3D/1", "6D/1", "8D/1", "5C/1", "QC/1", "2S/1"]
    for pile, meld, reading in ((["QD/1"], ["TH/1", "X1/1", "X2/1"], "set"),
                                (["7H/1", "8H/1", "9H/1", "JH/1", "QD/1"], ["X1/1", "X2/1", "TH/1"], "run")):
        s = position("basic_rummy", [hand, other], pile, step="play")
        move = simple_move(s)
        assert move[0] == "meld" and s.move_to_json(move) == {"kind": "meld", "cards": meld, "as": reading}


def test_the_expert_weighs_every_reading_of_a_meld_that_reads_both_ways():
    hand = ["TH/1", "X1/1", "X2/1", "3C/1", "7S/1", "9D/1", "KC/1"]
    s = position("basic_rummy", [hand, ["AC/1", "3D/1", "6D/1"]], ["QD/1"], step="play")
    obs = s.observation(0)
    legal = [s.move_from_json(m) for m in obs["legal"]]
    kept = SEARCH_HOOKS["basic_rummy"].distinct(obs, legal)
    ten = {s.info.deck.card(c) for c in ("TH/1", "X1/1", "X2/1")}
    assert sorted(m[2] for m in kept if m[0] == "meld" and set(m[1]) == ten) == ["run", "run", "run", "set"]
