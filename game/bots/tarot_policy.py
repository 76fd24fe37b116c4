"""Tarot family know-how for the generic bots: one greedy rule for the simple level and the
expert's rollouts, and the expert's search hooks, for the four games of game/rules/tarot.py.

The greedy rule uses only what the player to move could know (own hand, the trick, the cards
already played):

* skart: the three cards that void the most suits (Rois cannot go) and put the most points
  safely aside (the skart counts for the dealer); in Leipzig Taroc a Pagat with too few trumps
  goes into the skart with them when the text allows it;
* declarations: every combination held (they only gain); a Prague-Vienna annulment with one or
  two trumps;
* play: win a trick worth winning with the cheapest card that takes it (a suit card before a
  trump, a low trump before a high one), else play the least valuable card (the Excuse saves
  an honour that would be lost); lead a low card of the longest suit; keep †1 back until it
  can win the trick (Leipzig Taroc: the last one); in Triomphe Forcée every trick is worth
  winning and a trump no other card can beat is led.
"""
from __future__ import annotations

import dataclasses
import random

from game.bots import tarot_endgame
from game.bots.expert import SearchHooks, register_hooks
from game.bots.simple import register_rollout, register_simple
from game.cards import TAROT78, bits
from game.rules.tarot import (EXC_BIT, EXCUSE, GROUP_MASKS, N_TRUMPS, RANKS, SPADES, SUIT_BASE, SUIT_MASKS,
                              T01, TRUMPS, TarotState, group_of)

D = TAROT78


@dataclasses.dataclass(frozen=True)
class Greedy:
    """What the greedy rule needs to know of a game: its ``Profile`` (game/rules/tarot.py)
    and the strength of its cards."""

    worth: tuple[float, ...]  # points a card brings to whoever wins it
    strength: tuple[int, ...]
    spades_trump: bool = False
    every_trick: bool = False  # a trick is the point (Triomphe Forcée)
    pagat_last: bool = False  # †1 is kept for the last trick (Leipzig Taroc)

    @classmethod
    def of(cls, game: type[TarotState]) -> "Greedy":
        p = game.PROFILE
        return cls(p.worth, game.STRENGTH, game.SPADES_TRUMP, p.every_trick, p.pagat_last)


def _key(p: Greedy, card: int, led: int) -> int:
    """How strongly a card holds the trick (-1: it cannot win)."""
    if card == EXCUSE:
        return -1
    if card < N_TRUMPS:
        return 200 + p.strength[card]
    if p.spades_trump and card >= SUIT_BASE + RANKS * SPADES:
        return 100 + p.strength[card]
    return p.strength[card] if group_of(card) == led else -1


def _use_cost(p: Greedy, card: int) -> tuple:
    """What spending a card to win costs: a suit card before a trump, a weak one first."""
    return (card < N_TRUMPS, p.strength[card] + (50 if card < N_TRUMPS else 0))


def choose_card(p: Greedy, hand: int, legal: int, trick: list[int], n: int, played: int, last_trick: bool) -> int:
    """The greedy card: ``trick`` the cards of the trick so far (leader first), ``played``
    every card seen played in this deal."""
    cards = list(bits(legal))
    if len(cards) == 1:
        return cards[0]
    worth = p.worth
    keep_pagat = legal >> T01 & 1 and not last_trick if p.pagat_last else False
    if not trick:
        return _lead(p, hand, cards, played, keep_pagat)
    led = None
    for c in trick:
        if c != EXCUSE:
            led = group_of(c)
            break
    if led is None:  # after a led Excuse the card is free: lead it
        return _lead(p, hand, cards, played, keep_pagat)
    best = max(_key(p, c, led) for c in trick)
    last = len(trick) == n - 1
    value = sum(worth[c] for c in trick if c != EXCUSE)
    winners = [c for c in cards if _key(p, c, led) > best]
    if winners:
        # †1 only when it takes the trick last to play (Leipzig: only in the last trick).
        if T01 in winners and not (last and (not p.pagat_last or last_trick)):
            winners.remove(T01)
    if winners:
        cheapest = min(winners, key=lambda c: _use_cost(p, c))
        gain = value + worth[cheapest]
        if p.every_trick or gain >= 0.99 or (last and cheapest >= N_TRUMPS) or (last and gain > 0.5):
            return cheapest
    losers = [c for c in cards if c not in winners and not (c == T01 and len(cards) > 1)] or cards
    cheapest_loss = min(losers, key=lambda c: (worth[c], c < N_TRUMPS, p.strength[c]))
    if legal & EXC_BIT and cheapest_loss != EXCUSE and worth[cheapest_loss] >= 1.3:
        return EXCUSE
    if cheapest_loss == EXCUSE and len(losers) > 1:
        rest = [c for c in losers if c != EXCUSE]
        alt = min(rest, key=lambda c: (worth[c], c < N_TRUMPS, p.strength[c]))
        if worth[alt] < 1.3:
            return alt
    return cheapest_loss


def _lead(p: Greedy, hand: int, cards: list[int], played: int, keep_pagat: bool) -> int:
    options = [c for c in cards if c != EXCUSE and not (keep_pagat and c == T01)] or cards
    if p.every_trick:
        # A trump no unseen card beats wins for sure.
        trumps = [c for c in options if c < N_TRUMPS]
        if trumps:
            top = max(trumps)
            higher_out = TRUMPS & ~((1 << (top + 1)) - 1) & ~played & ~hand
            if not higher_out:
                return top
    suit_len = [(hand & m).bit_count() for m in GROUP_MASKS]
    plain = [c for c in options if c >= N_TRUMPS]
    pool = plain or options
    return min(pool, key=lambda c: (p.worth[c] >= 1.3, -suit_len[group_of(c)] if c != EXCUSE else 0, p.strength[c]))


def choose_skart(p: Greedy, hand: int, legal: list[int]) -> int:
    """The skart voiding the most suits and setting the most points aside."""
    best, best_score = legal[0], -1e9
    for m in legal:
        rest = hand & ~m
        voided = sum(1 for s in SUIT_MASKS if hand & s and not rest & s)
        score = 10 * voided + sum(p.worth[c] for c in bits(m))
        if m >> T01 & 1:
            score += 15  # a Pagat with too few trumps is safe in the skart
        if m & TRUMPS and not m >> T01 & 1:
            score -= 20
        if score > best_score:
            best, best_score = m, score
    return best


def _declare(legal: list) -> tuple:
    names = [m[1] for m in legal]
    if "annul" in names:
        return ("declare", "annul")
    for m in legal:
        if m[1] != "none":
            return m
    return ("declare", "none")


def _played_mask(obs: dict) -> int:
    m = 0
    for t in obs["tricks"]:
        for c in t:
            m |= 1 << D.card(c)
    for c in obs["trick"]:
        m |= 1 << D.card(c)
    return m


def simple_for(p: Greedy):
    def policy(obs: dict, legal: list, rng: random.Random):
        phase = obs["phase"]
        if phase == "skart":
            return ("discard", choose_skart(p, D.mask_of(obs["hand"]), [m[1] for m in legal]))
        if phase in ("declare", "annul"):
            if phase == "annul":
                hand = D.mask_of(obs["hand"])
                return ("declare", "annul") if (hand & TRUMPS).bit_count() <= 2 else ("declare", "none")
            return _declare(legal)
        if legal[0][0] == "pass_lead":
            return legal[0]
        hand = D.mask_of(obs["hand"])
        mask = 0
        for m in legal:
            mask |= 1 << m[1]
        trick = [D.card(c) for c in obs["trick"]]
        last_trick = hand.bit_count() == 1
        return ("play", choose_card(p, hand, mask, trick, obs["players"], _played_mask(obs), last_trick))

    return policy


ROLLOUT_NOISE = 0.03


def rollout_for_game(p: Greedy):
    def policy(state: TarotState, legal: list, rng: random.Random):
        phase = state.phase
        if phase != "play":
            if phase == "skart":
                return ("discard", choose_skart(p, state.hands[state.to_move], [m[1] for m in legal]))
            if phase == "annul":
                return ("declare", "annul") if (state.hands[state.to_move] & TRUMPS).bit_count() <= 2 else ("declare", "none")
            return _declare(legal)
        if legal[0][0] == "pass_lead":
            return legal[0]
        if rng.random() < ROLLOUT_NOISE:
            return legal[rng.randrange(len(legal))]
        seat = state.to_move
        hand = state.hands[seat]
        mask = 0
        for m in legal:
            mask |= 1 << m[1]
        played = 0
        for w in state.won:
            played |= w
        for c in state.trick:
            played |= 1 << c
        return ("play", choose_card(p, hand, mask, state.trick, state.players, played, hand.bit_count() == 1))

    return policy


def finish_for(p: Greedy, evaluate):
    """finish(state, seat, rng): play the deal out from ``state`` (changed in place) with the
    greedy rule and score it as ``evaluate`` does; the leaf of the own-move trees
    (``SearchHooks.playout_from``) and the end of ``playout``."""
    generic = rollout_for_game(p)

    def finish(s: TarotState, seat: int, rng: random.Random) -> float:
        start = len(s.rounds)
        rnd = rng.random
        while len(s.rounds) == start and s.to_move is not None:
            x = s.to_move
            if s.phase != "play":
                s.apply_unchecked(generic(s, s.legal_moves(), rng), None)
                continue
            legal = s.playable(x)
            if not legal:
                s._pass_lead(None)
                continue
            if legal & (legal - 1) == 0:
                card = legal.bit_length() - 1
            elif rnd() < ROLLOUT_NOISE:
                cards = list(bits(legal))
                card = cards[int(rnd() * len(cards))]
            else:
                played = 0
                for w in s.won:
                    played |= w
                hand = s.hands[x]
                card = choose_card(p, hand, legal, s.trick, s.players, played, hand.bit_count() == 1)
            s._play(card, None)
        return evaluate(s, seat, True)

    return finish


def playout_for(finish):
    """The expert's rollout without move lists: from a sampled world (left unchanged) play the
    root move, then the deal out with ``finish`` (the greedy rule), scored as ``evaluate`` does."""

    def playout(world: TarotState, seat: int, move, rng: random.Random) -> float:
        s = world.fast_copy()
        s.apply_unchecked(move, None)
        return finish(s, seat, rng)

    return playout


def _marker(state: TarotState) -> int:
    return len(state.rounds)


def evaluate_for(profile):
    """The seat's points of the deal the rollout finished minus the others' mean, over the
    game's ``Profile.scale`` (in a game where every trick is the point, tricks break the ties
    of a deal whose points are even: Triomphe Forcée's pot nobody took)."""
    scale = profile.scale
    every_trick = profile.every_trick

    def evaluate(state: TarotState, seat: int, ended: bool) -> float:
        if not state.rounds:
            return 0.0
        last = state.rounds[-1]
        pts = last["points"]
        others = [x for i, x in enumerate(pts) if i != seat]
        v = pts[seat] - sum(others) / len(others)
        if every_trick:
            tr = last["tricks_won"]
            v += 0.1 * (tr[seat] - max(t for i, t in enumerate(tr) if i != seat))
        return v / scale

    return evaluate


def prior_for(p: Greedy):
    simple = simple_for(p)

    def prior(obs: dict, legal: list) -> list[float]:
        if obs["phase"] == "skart":
            hand = D.mask_of(obs["hand"])
            out = []
            for m in legal:
                rest = hand & ~m[1]
                voided = sum(1 for s in SUIT_MASKS if hand & s and not rest & s)
                out.append(10 * voided + sum(p.worth[c] for c in bits(m[1])) + (15 if m[1] >> T01 & 1 else 0))
            return out
        pick = simple(obs, legal, random.Random(0))
        if legal[0][0] != "play":
            return [1.0 if m == pick else 0.0 for m in legal]
        # Beside the simple rule's card, the weakest and strongest card of each group, so the
        # candidates kept cover every suit and both ways of playing it.
        ends = set()
        by_group: dict[int, list[int]] = {}
        for m in legal:
            by_group.setdefault(group_of(m[1]), []).append(m[1])
        for cards in by_group.values():
            ends.add(min(cards, key=lambda c: p.strength[c]))
            ends.add(max(cards, key=lambda c: p.strength[c]))
        return [1.0 if m == pick else 0.5 if m[1] in ends else 0.0 for m in legal]

    return prior


def distinct_for(p: Greedy):
    def distinct(obs: dict, legal: list) -> list:
        """Touching cards of equal worth count once: two cards of a group with no card between
        them held by anyone else or lying in the trick win and lose the same tricks and bring
        the same points."""
        if obs["phase"] != "play" or len(legal) < 2 or legal[0][0] != "play":
            return legal
        hand = D.mask_of(obs["hand"])
        # Cards of earlier tricks are gone; a card of the trick on the table still decides
        # this trick, so it separates the cards either side of it.
        gone = hand
        for t in obs["tricks"]:
            for c in t:
                gone |= 1 << D.card(c)
        cards = {m[1] for m in legal}
        out = []
        for g, gm in enumerate(GROUP_MASKS):
            members = sorted((c for c in range(78) if gm >> c & 1), key=lambda c: p.strength[c])
            run: list[int] = []
            for c in members:
                if c in cards and c != T01:
                    if run and p.worth[run[0]] != p.worth[c]:
                        out.append(run[0])
                        run = []
                    run.append(c)
                    continue
                if c in cards:
                    out.append(c)
                elif gone >> c & 1:
                    continue
                if run:
                    out.append(run[0])
                    run = []
            if run:
                out.append(run[0])
        if EXCUSE in cards:
            out.append(EXCUSE)
        keep = set(out)
        return [m for m in legal if m[1] in keep]

    return distinct


# Reading the table: how likely the others' cards of this deal were under the greedy rule,
# from a world's hands. A player follows the rule with probability 1 - INFER_NOISE and
# plays any legal card otherwise (the rule is a model of people, not what they are; the
# same reading as Olsen's, see docs/bots.md). Each world is drawn among INFER_POOL.
INFER_NOISE = 0.3
INFER_POOL = 4


def likelihood_of(game: type[TarotState], p: Greedy, obs: dict):
    """weight(world): the product, over the cards the other players played this deal, of the
    chance the greedy rule (with ``INFER_NOISE``) plays that card from the hand the player
    held then in that world (its hand in the world plus the cards it played since), under
    the game's own rules of what may be played (a probe state asks ``playable``)."""
    if obs["phase"] != "play":
        return None
    me = obs["seat"]
    n = obs["players"]
    tricks = [[D.card(c) for c in t] for t in obs["tricks"]] + [[D.card(c) for c in obs["trick"]]]
    leaders = list(obs["trick_leaders"]) + [obs["leader"]]
    later = [0] * n  # cards each seat played at or after the play being replayed
    steps: dict[tuple[int, int], tuple[int, int]] = {}
    for ti in range(len(tricks) - 1, -1, -1):
        for pi in range(len(tricks[ti]) - 1, -1, -1):
            seat = (leaders[ti] + pi) % n
            later[seat] |= 1 << tricks[ti][pi]
            if seat != me:
                steps[(ti, pi)] = (seat, later[seat])
    if not steps:
        return None
    contexts = []
    played = 0
    for ti, trick in enumerate(tricks):
        for pi, card in enumerate(trick):
            hit = steps.get((ti, pi))
            if hit is not None:
                # A card that follows a lead depends on the playable cards alone (the hand's
                # size is the same in every world): those answers are kept per play.
                follows = any(c != EXCUSE for c in trick[:pi])
                contexts.append((hit[0], card, hit[1], trick[:pi], tricks[:ti], played, {} if follows else None))
            played |= 1 << card
    # A world of this position, whose trick, tricks and hands are set to each play's moment
    # to ask the rules what the player could play then (Leipzig Taroc's Excuse depends on
    # the trick's number).
    probe = game.sampler(obs)(random.Random(0))
    noise = INFER_NOISE

    def weight(world: TarotState) -> float:
        hands = world.hands
        w = 1.0
        for seat, card, after, before, done, played_then, memo in contexts:
            hand = hands[seat] | after
            probe.hands[seat] = hand
            probe.trick = before
            probe.tricks = done
            legal = probe.playable(seat)
            if legal & (legal - 1) == 0 or not legal >> card & 1:
                continue  # forced, or a play the probe cannot replay (the lead was passed)
            g = memo.get(legal) if memo is not None else None
            if g is None:
                g = choose_card(p, hand, legal, before, n, played_then, hand.bit_count() == 1)
                if memo is not None:
                    memo[legal] = g
            w *= (1.0 - noise if g == card else 0.0) + noise / legal.bit_count()
        return w

    return weight


def register(game: type[TarotState]) -> None:
    """The hooks of a game of the family (the registry gives its State class), read from its
    ``Profile``; card play is searched on the game's own worlds and fast play-outs."""
    p = Greedy.of(game)
    profile = game.PROFILE
    evaluate = evaluate_for(profile)
    finish = finish_for(p, evaluate)
    playout = playout_for(finish)
    gid = game.info.id
    register_simple(gid)(simple_for(p))
    register_rollout(gid)(rollout_for_game(p))
    register_hooks(gid, SearchHooks(
        round_marker=_marker, evaluate=evaluate, apply_fast="apply_unchecked", prior=prior_for(p), prior_weight=0.01,
        candidates=profile.candidates, distinct=distinct_for(p), settle_z=3.0 if profile.settle else None,
        settle_worlds=24,
        sampler_for=lambda obs: game.sampler(obs) if obs["phase"] == "play" else None,
        rollout_for=lambda obs: playout if obs["phase"] == "play" else None,
        # the own-move trees' leaf (used only with tree_c, which no tarot game sets: tried for
        # Triomphe Forcée, bench/tarot_arena_results.md)
        playout_from=lambda obs: finish if obs["phase"] == "play" else None,
        likelihood_for=lambda obs: likelihood_of(game, p, obs), infer_pool=INFER_POOL,
        # exact where the dealer can know every card (never in a game that leaves cards undealt)
        endgame_for=tarot_endgame.endgame_for(game, evaluate, profile.scale),
    ))
