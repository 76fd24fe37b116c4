"""The Olsen expert's fast paths: bitmask playouts, touching cards, the parsed sampler."""
import random
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from game.bots import make_bot
from game.bots.olsen_playout import RANKS, SUIT_MASKS, play_out
from game.bots.olsen_policy import distinct_cards, rollout_policy, sampler_for
from game.cards import FRENCH52
from game.rules import new_game
from game.rules.olsen import OlsenState

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from information_ceiling import seer_class  # noqa: E402  (bench/information_ceiling.py: the seer of the benches)

C = FRENCH52.card
SETTINGS = settings(max_examples=25, deadline=None)


def position(players, options, seed, cut):
    """A game advanced ``cut`` random moves into its first hand (passes included)."""
    rng = random.Random(seed)
    s = new_game("olsen", players, options, seed=seed)
    while cut > 0 or s.phase == "pass":
        s.apply(rng.choice(s.legal_moves()))
        cut -= 1
        if s.round_no:
            break
    return s


positions = st.builds(
    position,
    players=st.integers(3, 5),
    options=st.fixed_dictionaries({"pass3": st.booleans(), "jack_diamonds": st.booleans(), "deals": st.just(2),
                                   "first_trick_penalties": st.booleans(), "any_heart_breaks": st.booleans()}),
    seed=st.integers(0, 10**6),
    cut=st.integers(0, 40),
)


def finish_hand(state, choose, hand=None):
    hand = state.round_no if hand is None else hand
    seen = []
    while state.round_no == hand and state.current_player() is not None:
        move = choose(state)
        seen.append(move)
        state.apply(move)  # raises on an illegal card
    last = state.rounds[-1]
    return seen, dict(zip(last["seats"], last["points"]))


@SETTINGS
@given(s=positions, dice=st.integers(0, 10**6))
def test_bitmask_playout_plays_the_rollout_policy_and_scores_the_hand(s, dice):
    if s.phase != "play":
        return
    world = OlsenState.sample(s.observation(s.current_player()), random.Random(dice))
    before = world.to_json()
    cards: list[int] = []
    points = play_out(world, random.Random(dice), noise=0.03, record=cards)
    assert world.to_json() == before  # the world is only read
    rng = random.Random(dice)
    seen, ref = finish_hand(world.clone(), lambda st_: rollout_policy(st_, st_.legal_moves(), rng))
    # The same cards as the rollout policy with the same dice, up to the point where every
    # scoring card is out (the playout stops there), and the same points.
    assert seen[: len(cards)] == cards
    assert all(points[x] == p for x, p in ref.items())


@SETTINGS
@given(s=positions, dice=st.integers(0, 10**6))
def test_noisy_playouts_play_legal_cards(s, dice):
    if s.phase != "play":
        return
    world = OlsenState.sample(s.observation(s.current_player()), random.Random(dice))
    cards: list[int] = []
    points = play_out(world, random.Random(dice), noise=0.5, record=cards)
    replay = world.clone()
    for c in cards:
        replay.apply(c)  # raises on an illegal card
    _, ref = finish_hand(replay, lambda st_: st_.legal_moves()[0], hand=world.round_no)
    assert all(points[x] == p for x, p in ref.items())


def test_touching_cards_are_searched_once():
    s = new_game("olsen", 4, {}, seed=0, deck_order=None)
    obs = s.observation(s.current_player())
    # Hand-made position: after the first trick, clubs led; we hold 5C 6C 8C, 7C is gone.
    obs = dict(obs, phase="play", hand=["5C", "6C", "8C", "KC", "TS", "JS", "QS", "2H"],
               trick=[{"seat": 1, "card": "4C"}],
               tricks=[{"leader": 0, "plays": [{"seat": 0, "card": "2C"}, {"seat": 1, "card": "7C"},
                                               {"seat": 2, "card": "3C"}, {"seat": 3, "card": "9C"}], "winner": 3}])
    legal = [C(c) for c in ("5C", "6C", "8C", "KC")]
    kept = distinct_cards(obs, legal)
    # 5C, 6C, 8C touch (7C is played): one of them; KC is split off by TC..QC still out.
    assert len(kept) == 2 and C("KC") in kept
    assert len(set(kept) & {C("5C"), C("6C"), C("8C")}) == 1
    # Leading: TS and JS touch, QS is never merged (13 points), 2H alone.
    lead = dict(obs, trick=[], hearts_broken=True)
    legal = [C(c) for c in ("5C", "6C", "8C", "KC", "TS", "JS", "QS", "2H")]
    kept = distinct_cards(lead, legal)
    assert C("QS") in kept and C("2H") in kept and C("KC") in kept
    assert len(set(kept) & {C("TS"), C("JS")}) == 1
    assert len(kept) == 5


@SETTINGS
@given(s=positions, dice=st.integers(0, 10**6))
def test_parsed_sampler_keeps_every_hard_constraint(s, dice):
    if s.phase != "play":
        return
    for seat in s.seats:
        obs = s.observation(seat)
        sample = sampler_for(obs)
        world = sample(random.Random(dice))
        assert world.observation(seat) == obs
        world.after_load()  # every card exactly once, hand sizes as observed
        for x in s.seats:  # shown voids hold, passed cards sit in the left neighbour's hand
            for suit in obs["voids"][x]:
                assert not world.hands[x] & (((1 << 13) - 1) << 13 * suit)
        if obs["passed"]:
            still = FRENCH52.mask_of(obs["passed"]) & ~s.record.played_mask()
            assert world.hands[s.next_seat(seat)] & still == still
    # A world is its own: playing one out (as the tree search does) leaves the next intact.
    seat = s.current_player()
    obs = s.observation(seat)
    sample = sampler_for(obs)
    world = sample(random.Random(dice))
    while world.current_player() is not None and world.round_no == s.round_no:
        world.apply(world.legal_moves()[0])
    again = sample(random.Random(dice))
    assert again.observation(seat) == obs
    again.after_load()


def test_parsed_sampler_deals_the_free_cards_evenly():
    # No void shown yet: every hidden card goes to each hidden hand about equally often.
    s = position(4, {"deals": 2}, 3, 6)
    seat = s.current_player()
    sample = sampler_for(s.observation(seat))
    rng = random.Random(5)
    counts = {}
    n = 600
    for _ in range(n):
        w = sample(rng)
        for x in s.seats:
            if x != seat:
                for c in range(52):
                    if w.hands[x] >> c & 1:
                        counts[(x, c)] = counts.get((x, c), 0) + 1
    for (x, c), k in counts.items():
        share = w.hands[x].bit_count() / sum(w.hands[y].bit_count() for y in s.seats if y != seat)
        assert abs(k / n - share) < 0.12, (x, c, k / n, share)


@settings(max_examples=15, deadline=None)
@given(s=positions, seed=st.integers(0, 1000))
def test_expert_only_plays_legal_moves(s, seed):
    seat = s.current_player()
    legal = s.legal_moves()
    move = make_bot("expert", "olsen", seed=seed, iterations=3).choose(s.observation(seat))
    assert move in legal


def test_bitmask_playout_follows_the_first_trick_option():
    """With ``first_trick_penalties`` a player void in clubs may throw Q♠ on the first
    trick: the playout must play by the game's options, as the rules do."""
    for allowed in (False, True):
        s = new_game("olsen", 4, {"first_trick_penalties": allowed}, seed=7)
        assert s.phase == "play" and not s.record.plays
        leader = s.to_move
        nxt = s.seats[(s.seats.index(leader) + 1) % 4]
        # Give the next seat every spade and diamond of the others in exchange for its
        # clubs and hearts, so it is void in clubs and holds Q♠ on the first trick.
        clubs, hearts = FRENCH52.card("2C") // RANKS, FRENCH52.card("2H") // RANKS
        clubs_hearts = s.hands[nxt] & (SUIT_MASKS[clubs] | SUIT_MASKS[hearts]) & ~(1 << s.lead_card)
        others = [x for x in s.seats if x != nxt]
        for other in others:
            give = s.hands[other] & ~(SUIT_MASKS[clubs] | SUIT_MASKS[hearts])
            k = min(give.bit_count(), clubs_hearts.bit_count())
            for _ in range(k):
                a = give & -give
                b = clubs_hearts & -clubs_hearts
                give ^= a
                clubs_hearts ^= b
                s.hands[other] ^= a | b
                s.hands[nxt] ^= a | b
        qs = 1 << C("QS")
        if not s.hands[nxt] & qs:
            holder = next(x for x in others if s.hands[x] & qs)
            swap = s.hands[nxt] & ~SUIT_MASKS[clubs] & ~SUIT_MASKS[hearts]
            swap &= -swap
            s.hands[holder] ^= qs | swap
            s.hands[nxt] ^= qs | swap
        assert sum(h.bit_count() for h in s.hands) == 52
        assert s.hands[nxt] & SUIT_MASKS[clubs] == 0 and s.lead_card // RANKS == clubs
        assert s.hands[nxt] >> C("QS") & 1
        cards: list[int] = []
        play_out(s, random.Random(1), noise=0.0, record=cards)
        after_lead = s.clone()
        after_lead.apply(cards[0])
        assert cards[1] in after_lead.legal_moves()
        assert (cards[1] == C("QS")) == allowed


def test_the_seer_of_the_information_bench_sees_every_hand_only_from_the_trick_asked():
    """bench/information_ceiling.py's seer with ``from_trick=2`` (``olsen_vs_ismcts.py
    --a-seer-from-trick 2``): the expert's own sampled worlds during the first two tricks,
    the true deal from the third on; the figures of docs/bots.md rest on it."""
    state = OlsenState.new(4, {"deals": 1}, seed=5)
    truth = {"state": state}
    seer = seer_class(OlsenState, truth, from_trick=2)
    simple = {s: make_bot("simple", "olsen", seed=s) for s in range(4)}
    seen = {}
    while len(state.record.done) < 4:
        seat = state.current_player()
        obs = state.observation(seat)
        if len(state.legal_moves()) > 1 and len(state.record.done) not in seen:
            bot = seer(OlsenState, seed=1, iterations=8)
            bot.begin(obs)
            worlds = [bot._sample(random.Random(x)) for x in range(6)]
            seen[len(state.record.done)] = all(w.hands == state.hands for w in worlds)
        state.apply(simple[seat].choose(obs))
    assert seen[0] is False and seen[1] is False  # sampled: the hidden hands differ
    assert seen[2] and seen[3]  # from the third trick on, every world is the true deal
