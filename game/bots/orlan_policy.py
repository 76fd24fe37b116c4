"""Orlan knowledge for the bots: the `simple` policy, the rollout policy and search hooks.

One greedy evaluation serves both the `simple` level (from a JSON observation) and the
expert's rollouts (from a sampled full state), on bitmasks, and both use only what the
player to move can know: own hand, table, piles (public) and how many cards each hand holds.

A move scores what it takes, in expected round points, minus what it exposes:

* taken cards are worth ``CARD`` each (the race for most cards), ``CLUB`` more for a club,
  and a whole point for the 2 of clubs or the 10 of diamonds;
* a jack spent on a poor table loses its sweep (``JACK_KEEP``): jacks wait for rich tables;
* the table left behind is scored by what the next player (always an opponent, teams sit
  alternately) is expected to take from it: for each rank still unseen, the chance they
  hold one times the best capture it makes, combined as an expected best move. This is what
  keeps the bot from leaving an easy 11, a lone queen or king, or a jack-sweepable heap;
* in teams the piles of both partners count together (scoring merges them), so taking
  from the table is never weighed against the partner.
"""
from __future__ import annotations

import math
import random
from itertools import islice

from game.bots.expert import SearchHooks, register_hooks, team_seats
from game.bots.orlan_endgame import endgame_for
from game.bots.simple import register_rollout, register_simple
from game.cards import FRENCH52, bits
from game.rules.orlan import (
    CLUB_MASK,
    HAND_SIZE,
    JACK,
    JACKS,
    KINGS,
    NUMBERS,
    QUEENS,
    RANKS,
    TABLE_START,
    TEN_DIAMONDS,
    TWO_CLUBS,
    OrlanState,
    moves_for,
    unplay_table,
)

CARD = 0.1
CLUB = 0.12
POINT_CARD = 1.0
JACK_KEEP = 0.35
RISK = 0.9  # weight of what the next player may take from the table we leave

FULL = FRENCH52.full_mask
RANK_MASKS = [sum(1 << (s * RANKS + r) for s in range(4)) for r in range(RANKS)]
SWEEPABLE = NUMBERS | JACKS


def worth(mask: int) -> float:
    w = mask.bit_count() * CARD + (mask & CLUB_MASK).bit_count() * CLUB
    if mask & TWO_CLUBS:
        w += POINT_CARD
    if mask & TEN_DIAMONDS:
        w += POINT_CARD
    return w


# About 600 bytes a table: 2^15 tables stay near 20 MB; then the oldest eighth goes (a
# search refills what it meets again within a move). Emptying it all at once cost up to
# 20 ms inside one rollout: a whole frame of the table while an expert thinks.
GAINS_CACHE_LIMIT = 1 << 15
GAINS_CACHE_DROP = GAINS_CACHE_LIMIT // 8
_gains_cache: dict[int, tuple[tuple[float, int], ...]] = {}


def release_caches() -> None:
    """The app's per-round hook (game.scenes.match): empty the capture-gains memo."""
    _gains_cache.clear()


def table_gains(table: int) -> tuple[tuple[float, int], ...]:
    """What a card of each rank could take from this table at best, as (worth, rank) pairs,
    best first, ranks with nothing to take left out. Cached per table: rollouts meet the
    same tables over and over."""
    hit = _gains_cache.get(table)
    if hit is not None:
        return hit
    if len(_gains_cache) >= GAINS_CACHE_LIMIT:
        for old in list(islice(_gains_cache, GAINS_CACHE_DROP)):  # the oldest first (insertion order)
            del _gains_cache[old]
    gains = []
    numbers = table & NUMBERS
    if numbers:
        best = _richest_by_sum(numbers)
        for r in range(10):
            m = best[10 - r]
            if m:
                gains.append((worth(m) + CARD, r))
    sweep = table & SWEEPABLE
    if sweep:
        g = worth(sweep) + CARD - JACK_KEEP
        if g > 0:
            gains.append((g, JACK))
    for r, face in ((JACK + 1, QUEENS), (JACK + 2, KINGS)):
        same = table & face
        if same:
            gains.append((max(worth(q) for q in _singles(same)) + CARD, r))
    gains.sort(reverse=True)
    hit = _gains_cache[table] = tuple(gains)
    return hit


# Each number card's worth in hundredths of a point (whole numbers, so that sums compare
# exactly): 10 a card, 12 more a club, 100 more for the 2 of clubs or the 10 of diamonds.
_CENTS = {
    c: 10 + (12 if (1 << c) & CLUB_MASK else 0) + (100 if (1 << c) & (TWO_CLUBS | TEN_DIAMONDS) else 0)
    for c in bits(NUMBERS)
}


def _richest_by_sum(numbers: int) -> list[int]:
    """For each sum 0..10, the richest subset of these number cards adding up to it (0 if
    none): a knapsack over the cards, where listing every subset (as legal moves must) is
    not needed, since a capture's worth is the sum of its cards'."""
    best = [0] + [-1] * 10
    masks = [0] * 11
    while numbers:
        low = numbers & -numbers
        numbers ^= low
        card = low.bit_length() - 1
        v = card % RANKS + 1
        w = _CENTS[card]
        for total in range(10, v - 1, -1):
            b = best[total - v]
            if b >= 0 and b + w > best[total]:
                best[total] = b + w
                masks[total] = masks[total - v] | low
    return masks


# _MISS[u][k][h]: chance that h cards drawn from u unseen miss all k cards of a rank.
_MISS = [[[(1.0 - k / u) ** h if u else 1.0 for h in range(14)] for k in range(5)] for u in range(53)]


def _hold_chances(unseen: int, hand_size: int) -> list[float]:
    """Per rank, the chance that a hand of hand_size unseen cards holds at least one."""
    u = unseen.bit_count()
    if u == 0 or hand_size == 0:
        return [0.0] * RANKS
    miss = _MISS[u]
    h = min(hand_size, 13)
    return [1.0 - miss[(unseen & rm).bit_count()][h] for rm in RANK_MASKS]


def exposure(table: int, chances: list[float]) -> float:
    """Expected worth of the best capture the next player makes on this table (their
    best card is the first rank, in order of gain, that they hold)."""
    if not table:
        return 0.0
    expected = 0.0
    none = 1.0
    for g, r in table_gains(table):
        p = chances[r]
        if p:
            expected += none * p * g
            none *= 1.0 - p
    return expected


def _singles(mask: int):
    while mask:
        low = mask & -mask
        mask ^= low
        yield low


def score(move: tuple[int, int], table: int, chances: list[float], jack_keep: float) -> float:
    card, cap = move
    bit = 1 << card
    if cap:
        gain = worth(cap | bit)
        if card % RANKS == JACK:
            gain -= jack_keep
        left = table ^ cap
    else:
        gain = -jack_keep if card % RANKS == JACK else 0.0
        left = table | bit
    return gain - RISK * exposure(left, chances)


def best_move(legal: list, hand: int, table: int, seen: int, next_hand: int, rng: random.Random):
    """The greedy choice; ties broken at random."""
    unseen = FULL & ~(seen | hand | table)
    chances = _hold_chances(unseen, next_hand)
    # A jack is worth keeping while other cards can still be played before it must go.
    jack_keep = JACK_KEEP if hand.bit_count() > 1 else 0.0
    best = None
    best_moves: list = []
    for m in legal:
        s = score(m, table, chances, jack_keep)
        if best is None or s > best + 1e-9:
            best, best_moves = s, [m]
        elif s > best - 1e-9:
            best_moves.append(m)
    if len(best_moves) == 1:
        return best_moves[0]
    return best_moves[rng.randrange(len(best_moves))]


def _next_hand_size(hand_counts: list[int], seat: int, stock: int) -> int:
    nxt = hand_counts[(seat + 1) % len(hand_counts)]
    if nxt == 0 and stock and not any(c for i, c in enumerate(hand_counts) if i != seat):
        return 4  # a fresh deal comes before the next player moves
    return nxt


def _view(obs: dict):
    seat = obs["seat"]
    seen = 0
    for p in obs["piles"]:
        seen |= FRENCH52.mask_of(p)
    hand = FRENCH52.mask_of(obs["hand"])
    table = FRENCH52.mask_of(obs["table"])
    counts = list(obs["hand_counts"])
    counts[seat] -= 1  # after our move
    nxt = _next_hand_size(counts, seat, obs["stock_count"])
    return hand, table, seen, nxt


def simple_policy(obs: dict, legal: list, rng: random.Random):
    return best_move(legal, *_view(obs), rng)


def _card_class(card: int):
    """Cards no rule or count tells apart share a class: same rank, both clubs or both not
    (only clubs are counted by suit); the 2 of clubs and the 10 of diamonds stand alone."""
    bit = 1 << card
    if bit & (TWO_CLUBS | TEN_DIAMONDS):
        return card
    return (card % RANKS, bool(bit & CLUB_MASK))


def distinct_moves(obs: dict, legal: list) -> list:
    """The legal moves, one per class of equivalent moves (laying 4♥ or 4♠, taking 5♥ or
    5♠ with a 6): a search spends its rollouts on moves that can differ."""
    seen = set()
    out = []
    for card, cap in legal:
        key = (_card_class(card), tuple(sorted(map(_card_class, bits(cap)), key=repr)))
        if key not in seen:
            seen.add(key)
            out.append((card, cap))
    return out


def prior(obs: dict, legal: list) -> list[float]:
    """The simple policy's score of every legal move (for the expert's candidate moves)."""
    hand, table, seen, nxt = _view(obs)
    unseen = FULL & ~(seen | hand | table)
    chances = _hold_chances(unseen, nxt)
    jack_keep = JACK_KEEP if hand.bit_count() > 1 else 0.0
    return [score(m, table, chances, jack_keep) for m in legal]


def rollout_policy(state: OrlanState, legal: list, rng: random.Random):
    if len(legal) == 1:
        return legal[0]
    seat = state.to_move
    seen = 0
    for p in state.piles:
        seen |= p
    hands = state.hands
    n = state.players
    nh = hands[(seat + 1) % n].bit_count()
    if nh == 0 and state.stock and all(h == 0 for i, h in enumerate(hands) if i != seat) and hands[seat].bit_count() == 1:
        nh = 4
    return best_move(legal, hands[seat], state.table, seen, nh, rng)


def _round_marker(state: OrlanState):
    return state.round_no


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x * 0.7071067811865476))


def _lead_chances(counts: list[int], remaining: int, spread: float) -> list[float]:
    """Per side, a rough chance to end the round with a strict majority of some count."""
    sigma = spread * math.sqrt(remaining) + 0.3
    out = []
    for i, c in enumerate(counts):
        rival = max(x for j, x in enumerate(counts) if j != i)
        out.append(_phi((c - rival) / sigma))
    return out


def estimate_points(state: OrlanState) -> list[float]:
    """Expected points of each side for a round still in play, from its piles so far."""
    piles = [0] * state.sides
    for seat, pile in enumerate(state.piles):
        piles[state.side_of(seat)] |= pile
    taken = 0
    for p in piles:
        taken |= p
    cards = [p.bit_count() for p in piles]
    clubs = [(p & CLUB_MASK).bit_count() for p in piles]
    most_cards = _lead_chances(cards, 52 - taken.bit_count(), 1.2)
    most_clubs = _lead_chances(clubs, 13 - (taken & CLUB_MASK).bit_count(), 1.0)
    return [
        2.0 * most_cards[i] + most_clubs[i] + (1.0 if p & TWO_CLUBS else 0.0) + (1.0 if p & TEN_DIAMONDS else 0.0)
        for i, p in enumerate(piles)
    ]


OPPORTUNITY = 2.0  # weight of the best greedy score of the player to move at a cut-off (half-diff units -> diff)
WIN_BONUS = 3.0


def _evaluate(state: OrlanState, seat: int, ended: bool) -> float:
    """Points of the seat's side minus the mean of the other sides' (the round's, or an
    estimate when the rollout was cut), plus a bonus when the game is decided."""
    me = state.side_of(seat)
    if ended:
        points = state.rounds[-1]["points"]
    else:
        points = estimate_points(state)
        mover = state.to_move
        legal = state.legal_moves()
        hands = state.hands
        n = state.players
        seen = 0
        for p in state.piles:
            seen |= p
        nh = hands[(mover + 1) % n].bit_count()
        unseen = FULL & ~(seen | hands[mover] | state.table)
        chances = _hold_chances(unseen, nh)
        jack_keep = JACK_KEEP if hands[mover].bit_count() > 1 else 0.0
        best = max(score(m, state.table, chances, jack_keep) for m in legal)
        points[state.side_of(mover)] += OPPORTUNITY * best
    others = [x for i, x in enumerate(points) if i != me]
    value = points[me] - sum(others) / len(others)
    if state.to_move is None and state.winner is not None:
        value += WIN_BONUS if state.winner == me else -WIN_BONUS / len(others)
    return value


# How far a rollout looks before it is cut and scored by the heuristic, in plies (moves of
# all players): the seat's turns = HORIZON_PLIES / players. Measured against `simple` at
# 90 ms on the same duplicate deals (seed 1): 2 players, 6 turns (12 plies) won 77% of 100
# games where 2 turns won 68% and 4 won 71%; 2v2 teams, 3 turns (12 plies) won 64.0% of 200
# games where 6 turns (24 plies) won 59.0% (points 10.30 vs 8.32 against 10.16 vs 9.15):
# beyond about 12 plies the rollouts cost more worlds than their look-ahead earns.
HORIZON_PLIES = 12


def horizon_turns(players: int) -> int:
    return max(2, round(HORIZON_PLIES / players))


def _horizon_for(obs: dict) -> int | None:
    # In the last deal every card is in some hand or seen: play it out exactly.
    return None if obs["stock_count"] == 0 else horizon_turns(obs["players"])


CANDIDATES = 5
PRIOR_WEIGHT = 0.1
TREE_C = 2.0
TREE_WIDEN = 0.5
SETTLE_Z = 3.0
# Early stop only when more worlds could not change the move (``game/bots/expert.py``):
# out of reach of the remaining worlds, or all candidates within 0.02 round points.
SETTLE_EPS = 0.02

# In 2v2 teams the partner (seats of the same parity) decides in the own-move tree too, for
# the side's value (``_evaluate`` scores the side): the expert plays for the partnership.


# Others in the tree: in two-player games the opponent's replies can be searched in the tree
# as well (the move worst for the seat, by UCB), the seat's later decisions then keyed by the
# whole sequence of plays, as the seat sees it; otherwise the opponent plays the greedy rule
# in the search. Which model fits depends on the opponent: against the simple bot the
# greedy rule is exact (searched replies made the expert too careful: 70 of 92 games against
# 76 at the app's 900 ms), against the expert searched replies are the better model (1 s
# beat 0.1 s in 58.0% of 400 games, against 54.5% with greedy replies). So the seat reads
# the opponent: once its hands are known (every card of a finished deal was played face up),
# each choice it made in the game is checked against the greedy rule's, from what it could
# see then. It gets greedy replies until one of its choices is not the rule's, searched
# ones from then on. Believing the rule first: searched replies until four choices had
# matched it (the simple bot's first two deals; commit c1b9116) won 70 of 92 games against
# simple at 900 ms where the expert before the issue won 77 on the same deals (-0.15 a
# deal, 95% CI -0.29 .. -0.02), as few as with searched replies throughout.
# See docs/bots.md, *Reading the opponent*.


def greedy_choices(obs: dict, seat: int) -> tuple[int, int]:
    """(choices, departures): how many real choices ``seat`` made in the finished deals of
    the game (``past_rounds``, and ``round_plays`` without ``deal_plays``) and in how many
    its play scored less than the greedy rule's best, from what it could see then (its hand
    is the cards it played in that deal). A real choice is one where the rule's scores of
    the legal moves differ: ties and forced plays tell nothing."""
    n = obs["players"]
    per_deal = n * HAND_SIZE
    whole_round = FRENCH52.size - TABLE_START
    choices = departures = 0
    for rec in obs.get("past_rounds") or []:
        plays = _decoded(rec["plays"])
        if len(plays) == whole_round:  # (a save of format 3 recorded only part of its round)
            c, d = _choices_in(plays, FRENCH52.mask_of(rec["table"]), [0] * n, len(plays), 0, seat, n)
            choices, departures = choices + c, departures + d
    plays = _decoded(obs.get("round_plays") or [])
    finished = len(plays) - len(obs.get("deal_plays") or [])
    if finished >= per_deal:
        # Rewind the round to its first recorded play: tables and piles as they were then.
        table = FRENCH52.mask_of(obs["table"])
        piles = [FRENCH52.mask_of(p) for p in obs["piles"]]
        for who, card, cap in reversed(plays):
            table = _unplay(table, piles, who, card, cap)
        # While the last finished deal was played, the stock still held the current deal.
        c, d = _choices_in(plays, table, piles, finished, obs["stock_count"] + per_deal, seat, n)
        choices, departures = choices + c, departures + d
    return choices, departures


def _unplay(table: int, piles: list[int], seat: int, card: int, cap: int) -> int:
    """The table before ``seat`` played ``card`` capturing ``cap`` (its pile is rewound in
    place)."""
    if cap:
        piles[seat] &= ~(cap | 1 << card)
    return unplay_table(table, card, cap)


def _decoded(plays: list) -> list[tuple[int, int, int]]:
    return [(p["seat"], FRENCH52.card(p["card"]), FRENCH52.mask_of(p["capture"])) for p in plays]


def _choices_in(plays: list, table: int, piles: list[int], finished: int, last_stock: int,
                seat: int, n: int) -> tuple[int, int]:
    """Replay the first ``finished`` plays (whole deals) from this table and these piles;
    ``last_stock`` is the stock while the last of those deals was played."""
    per_deal = n * HAND_SIZE
    deals = finished // per_deal
    choices = departures = 0
    for d in range(deals):
        chunk = plays[d * per_deal:(d + 1) * per_deal]
        hands = [0] * n
        for who, card, _ in chunk:
            hands[who] |= 1 << card
        stock = last_stock + per_deal * (deals - 1 - d)  # the deals dealt since were in it
        for who, card, cap in chunk:
            if who == seat:
                hand = hands[who]
                seen = 0
                for pile in piles:
                    seen |= pile
                counts = [h.bit_count() for h in hands]
                counts[who] -= 1
                chances = _hold_chances(FULL & ~(seen | hand | table), _next_hand_size(counts, who, stock))
                jack_keep = JACK_KEEP if hand.bit_count() > 1 else 0.0
                scores = [score(m, table, chances, jack_keep) for m in moves_for(hand, table)]
                best = max(scores)
                if best - min(scores) > 1e-9:
                    choices += 1
                    if score((card, cap), table, chances, jack_keep) < best - 1e-9:
                        departures += 1
            bit = 1 << card
            hands[who] ^= bit
            if cap:
                table ^= cap
                piles[who] |= cap | bit
            else:
                table |= bit
    return choices, departures


def _tree_others_for(obs: dict) -> bool:
    if obs["players"] != 2:
        return False
    return greedy_choices(obs, 1 - obs["seat"])[1] > 0


def best_scores(table: int, cards: int, chances: list[float], jack_keep: float) -> dict[int, float]:
    """For each of these cards, the greedy score of its best move on this table."""
    return {card: max(score(m, table, chances, jack_keep) for m in moves_for(1 << card, table))
            for card in bits(cards)}


# Reading the table: a player who made a play of this deal while holding a card that the
# greedy rule scores higher probably did not hold it. A world where a hand holds such a card
# weighs INFER_MISS for each play it contradicts (the rule is a model of the others, not
# what they are: people and the expert leave it, so a contradiction makes a world unlikely,
# never impossible). Each world is drawn among INFER_POOL candidates. Against simple, 40
# worlds a move, the same 200 games: no reading 71.5%, 0.3 among 8 74.0%, 0.05 among 6
# 74.5% (intervals about +-5 points: a gain of a few points, not shown beyond noise).
# Drawing each world by rejection instead (kept with probability its weight, up to 24
# tries: the reading's own distribution however strong the evidence) won 74.5% of the same
# 200 games too: the pool of 6 loses nothing that shows.
INFER_MISS = 0.05
INFER_POOL = 6
# A card counts against a play only when it scores more than the play by this much: the
# model reckons the chances without the player's own unknown cards (they are what a world
# decides), which moves scores by a few hundredths. Real hands of simple players weigh less
# than 1 in about 5% of positions at 0.02, 13% with no margin (tests/test_bots.py).
INFER_MARGIN = 0.02


def reading_tests(obs: dict) -> list[tuple[int, int]]:
    """(seat, cards) for each other seat's play of the current deal (``deal_plays``) where
    the greedy rule would have scored more with some card: the play is replayed on the table
    it was made on (the deal rewound from the table and piles now), and ``cards`` are those
    that would have scored more, from what that player could see then."""
    plays = obs.get("deal_plays") or []
    n = obs["players"]
    # A partner's plays are not read: in the search the partner plays for the team (the
    # expert's own tree), and a person beside us is no greedy rule either.
    side = set(team_seats(OrlanState, obs))
    if not any(p["seat"] not in side for p in plays):
        return []
    table = FRENCH52.mask_of(obs["table"])
    piles = [FRENCH52.mask_of(p) for p in obs["piles"]]
    counts = list(obs["hand_counts"])
    own = FRENCH52.mask_of(obs["hand"])
    later = [0] * n  # cards each seat played at or after the play being rewound
    tests: list[tuple[int, int]] = []  # (seat, cards its hand then probably lacked)
    for p in reversed(plays):
        seat, card, cap = p["seat"], FRENCH52.card(p["card"]), FRENCH52.mask_of(p["capture"])
        table = _unplay(table, piles, seat, card, cap)
        later[seat] |= 1 << card
        counts[seat] += 1
        if seat in side:
            continue
        seen = 0
        for pile in piles:
            seen |= pile
        # What that player could not see then; its own unknown cards are among them (they
        # are what the worlds decide), which moves the chances a little.
        unseen = FULL & ~(seen | later[seat] | table | own)
        after = list(counts)
        after[seat] -= 1
        chances = _hold_chances(unseen | own, _next_hand_size(after, seat, obs["stock_count"]))
        jack_keep = JACK_KEEP if counts[seat] > 1 else 0.0
        played = score((card, cap), table, chances, jack_keep)
        better = 0
        for c, v in best_scores(table, unseen, chances, jack_keep).items():
            if v > played + INFER_MARGIN:
                better |= 1 << c
        if better:
            tests.append((seat, better))
    return tests


# Against an opponent that has left the greedy rule (``_tree_others_for``: the expert, a
# person) a contradiction is weaker evidence. Fitted by maximum likelihood on the newest test
# after each play of an opponent against its real hand (the chance a uniform world's hand
# holds one of the cards against the hit): the 0.1 s expert, 645 tests of 12 games with the
# reading on, 0.21; the simple bot, 313 tests of 6 games, 0.019 (INFER_MISS stays for it).
INFER_MISS_SEARCHED = 0.2


def likelihood_for(obs: dict):
    """weight(world): a world whose hand holds cards a play's ``reading_tests`` say that
    player probably lacked weighs INFER_MISS for each such play (INFER_MISS_SEARCHED once
    the opponent has left the greedy rule)."""
    tests = reading_tests(obs)
    if not tests:
        return None
    miss = INFER_MISS_SEARCHED if _tree_others_for(obs) else INFER_MISS

    def weight(world: OrlanState) -> float:
        w = 1.0
        hands = world.hands
        for seat, better in tests:
            if hands[seat] & better:
                w *= miss
        return w

    return weight


def register(cls: type[OrlanState]) -> None:
    register_simple(cls.info.id)(simple_policy)
    register_rollout(cls.info.id)(rollout_policy)
    register_hooks(cls.info.id, SearchHooks(
        round_marker=_round_marker,
        evaluate=_evaluate,
        horizon_for=_horizon_for,
        apply_fast="apply_unchecked",
        distinct=distinct_moves,
        prior=prior,
        candidates=CANDIDATES,
        prior_weight=PRIOR_WEIGHT,
        tree_c=TREE_C,
        tree_widen=TREE_WIDEN,
        tree_others_for=_tree_others_for,
        settle_z=SETTLE_Z,
        settle_eps=SETTLE_EPS,
        sampler_for=OrlanState.sampler,
        copy_world=OrlanState.fast_copy,
        likelihood_for=likelihood_for,
        infer_pool=INFER_POOL,
        endgame_for=endgame_for,
    ))
