"""Olsen know-how for the generic bots: a simple policy, a rollout policy, search hooks.

The same greedy rule serves both (``choose_card``, on bitmasks by ``olsen_playout.greedy_card``), using only what the player
to move could know (own hand, the trick, the cards already played):

* lead: the lowest card, never Q♠, and not A♠/K♠ while Q♠ is still out (they would catch it);
* follow: duck under the trick's winning card with the highest card that still ducks;
  when every card wins, play the lowest one if others still play after (someone may take
  over), the highest if last (the trick is ours anyway: shed the big card); Q♠ last;
* void: dump Q♠, then A♠/K♠ while Q♠ is out, then the highest heart, then the highest card;
* pass: the 3 most dangerous cards (Q♠, A♠/K♠, high hearts, high cards).
"""
from __future__ import annotations

import copy
import random

from game.bots.expert import SearchHooks, register_hooks
from game.bots.olsen_endgame import endgame_for
from game.bots.olsen_playout import BIG_SPADES, NOT_HEARTS, NOT_PENALTY, greedy_card, play_out
from game.bots.simple import register_rollout, register_simple
from game.bots.worlds import deal_hidden
from game.cards import FRENCH52, bits
from game.rules.olsen import HEART_MASK, HEARTS, JD, QS, RANKS, STRENGTH, SUIT_MASKS, OlsenState
from game.rules.tricks import TrickRecord, sample_hands

SPADE_MASK = ((1 << RANKS) - 1) << (3 * RANKS)


def choose_card(hand: int, legal: int, plays: list, played: int, n_seats: int) -> int:
    """The greedy card: ``plays`` are (seat, card) of the trick so far, ``played`` every card
    seen played in this hand (current trick included). The rule itself is
    ``olsen_playout.greedy_card``, on masks, shared with the expert's fast rollouts."""
    if not plays:
        return greedy_card(hand, legal, 0, -1, -1, played, False)
    led = plays[0][1] // RANKS
    top = max(STRENGTH[c] for _, c in plays if c // RANKS == led)
    return greedy_card(hand, legal, len(plays), led, top, played, len(plays) == n_seats - 1)


def choose_pass(hand: int) -> int:
    spades_low = sum(1 for c in bits(hand & SPADE_MASK) if STRENGTH[c] < STRENGTH[QS])

    def danger(c: int) -> float:
        if c == QS:
            return 100 if spades_low < 4 else 30
        if 1 << c & BIG_SPADES:
            return 90 if spades_low < 4 else 20
        return STRENGTH[c] + (8 if 1 << c & HEART_MASK else 0)

    chosen = sorted(bits(hand), key=danger, reverse=True)[:3]
    return sum(1 << c for c in chosen)


def simple_policy(obs: dict, legal: list, rng: random.Random):
    if obs["phase"] == "pass":
        return ("pass", choose_pass(FRENCH52.mask_of(obs["hand"])))
    hand = FRENCH52.mask_of(obs["hand"])
    plays = [(p["seat"], FRENCH52.card(p["card"])) for p in obs["trick"]]
    played = 0
    for t in obs["tricks"]:
        for p in t["plays"]:
            played |= 1 << FRENCH52.card(p["card"])
    for _, c in plays:
        played |= 1 << c
    legal_mask = 0
    for m in legal:
        legal_mask |= 1 << m
    return choose_card(hand, legal_mask, plays, played, len(obs["seats"]))


def rollout_policy(state: OlsenState, legal: list, rng: random.Random):
    if state.phase == "pass":
        return ("pass", choose_pass(state.hands[state.to_move]))
    # A little noise keeps the rollouts from being one fixed line of play.
    if rng.random() < 0.03:
        return legal[rng.randrange(len(legal))]
    seat = state.to_move
    legal_mask = 0
    for m in legal:
        legal_mask |= 1 << m
    return choose_card(state.hands[seat], legal_mask, state.record.plays, state.played,
                       len(state.seats))


def _hand_marker(state: OlsenState) -> int:
    return state.round_no


def _evaluate(state: OlsenState, seat: int, ended: bool = True) -> float:
    """Penalty points of the hand the rollout finished: the others' mean minus the seat's,
    in units of 13 points (about unit size, as a UCB search expects)."""
    last = state.rounds[-1]
    seats, points = last["seats"], last["points"]
    if seat not in seats:
        return 0.0
    mine = points[seats.index(seat)]
    others = [p for s, p in zip(seats, points) if s != seat]
    return ((sum(others) / len(others) if others else 0.0) - mine) / 13.0


ROLLOUT_NOISE = 0.03


def fast_rollout(world: OlsenState, seat: int, move, rng: random.Random) -> float:
    """The expert's rollout on bitmasks (``olsen_playout.play_out``), scored as ``_evaluate``."""
    points = play_out(world, rng, first_move=move, noise=ROLLOUT_NOISE)
    others = [points[s] for s in world.seats if s != seat]
    return ((sum(others) / len(others) if others else 0.0) - points[seat]) / 13.0


def sampler_for(obs: dict):
    """Worlds for one play-phase position, under the same hard constraints as
    ``OlsenState.sample`` (hand sizes, shown voids, the cards this seat passed) but parsing
    the observation once and dealing the hidden hands with ``worlds.deal_hidden``: each
    world is a copy of the first with what play changes made its own."""
    if obs["phase"] != "play":
        return None
    template = OlsenState.observed(obs)
    seat = obs["seat"]
    hidden = [x for x in template.seats if x != seat]
    own = FRENCH52.mask_of(obs["hand"])
    unseen = FRENCH52.full_mask & ~(own | template.played | template.removed)
    counts = {x: obs["hand_counts"][x] for x in hidden}
    allowed = {x: FRENCH52.full_mask & ~sum(SUIT_MASKS[v] for v in range(4) if template.voids[x] >> v & 1)
               for x in hidden}
    known = {}
    if template.passed[seat]:
        known[template.neighbour(seat, 1)] = template.passed[seat] & unseen
    rest = unseen
    for m in known.values():
        rest &= ~m
    need = {x: counts[x] - known.get(x, 0).bit_count() for x in hidden}

    def sample(rng: random.Random) -> OlsenState:
        world = copy.copy(template)
        # Everything a rollout through the rules mutates is the world's own (the tree search
        # applies moves to it); the rest is shared with the template.
        world.record = TrickRecord(template.record.leader, list(template.record.plays), list(template.record.done))
        world.taken = list(template.taken)
        world.tricks_won = list(template.tricks_won)
        world.voids = list(template.voids)
        world.totals = list(template.totals)
        world.rounds = list(template.rounds)
        world.seed = rng.getrandbits(32)
        dealt = deal_hidden(rest, need, allowed, rng)
        if dealt is None:
            dealt = sample_hands(unseen, counts, rng, allowed, known, SUIT_MASKS)
        else:
            for x, m in known.items():
                dealt[x] |= m
        hands = [0] * template.players
        hands[seat] = own
        for x in hidden:
            hands[x] = dealt[x]
        world.hands = hands
        return world

    return sample


def finish_from(state: OlsenState, seat: int, rng: random.Random) -> float:
    """The rest of the hand from a state reached inside the tree search, on bitmasks."""
    if state.phase != "play":
        return _finish_generic(state, seat, rng)
    return fast_rollout(state, seat, None, rng)


def _finish_generic(state: OlsenState, seat: int, rng: random.Random) -> float:
    start = state.round_no
    while state.to_move is not None and state.round_no == start:
        state.apply_unchecked(rollout_policy(state, state.legal_moves(), rng))
    return _evaluate(state, seat)


def playout_from(obs: dict):
    return finish_from


# Inference: how likely the others' cards of this hand were under the greedy rule, from a
# world's hands. A player follows the rule with probability 1 - INFER_NOISE and plays any
# legal card otherwise (the rule is a model of them, not what they are).
INFER_NOISE = 0.3


def likelihood_for(obs: dict):
    """weight(world): the product, over the cards the other players played this hand, of
    the chance the greedy rule (with ``INFER_NOISE``) plays that card from the hand the
    player held then in that world (its hand in the world plus the cards it played since)."""
    if obs["phase"] != "play":
        return None
    me = obs["seat"]
    tricks = [t["plays"] for t in obs["tricks"]] + [obs["trick"]]
    plays = [[(p["seat"], FRENCH52.card(p["card"])) for p in t] for t in tricks]
    k = len(obs["seats"])
    later: dict[int, int] = {}  # cards each seat played after the decision being replayed
    # (each step keeps the card played and those after it: the hand then, less the world's)
    steps = []
    for ti in range(len(plays) - 1, -1, -1):
        for pi in range(len(plays[ti]) - 1, -1, -1):
            seat, card = plays[ti][pi]
            if seat != me:
                steps.append((ti, pi, seat, card, later.get(seat, 0) | 1 << card))
            later[seat] = later.get(seat, 0) | 1 << card
    if not steps:
        return None
    contexts = []
    played = 0
    broken = False
    step_at = {(ti, pi): (seat, card, after) for ti, pi, seat, card, after in steps}
    for ti, trick in enumerate(plays):
        led = top = -1
        for pi, (seat, card) in enumerate(trick):
            hit = step_at.get((ti, pi))
            if hit is not None:
                contexts.append((seat, card, hit[2], trick[:pi], ti == 0, broken, led, top, played, pi == k - 1))
            played |= 1 << card
            suit = card // RANKS
            if pi == 0:
                led, top = suit, STRENGTH[card]
            elif suit == led:
                top = max(top, STRENGTH[card])
            elif suit == HEARTS:
                broken = True
    noise = INFER_NOISE

    def weight(world: OlsenState) -> float:
        hands = world.hands
        w = 1.0
        for seat, card, after, before, first, broken_then, led, top, played_then, last in contexts:
            hand = hands[seat] | after
            if not before:  # a lead (as olsen_legal_mask, inlined: this runs per world)
                if first:
                    continue  # the first lead is forced
                legal = hand & NOT_HEARTS if not broken_then and hand & NOT_HEARTS else hand
            else:
                legal = hand & SUIT_MASKS[led]
                if not legal:
                    legal = hand & NOT_PENALTY if first and hand & NOT_PENALTY else hand
            if legal & (legal - 1) == 0:
                continue
            g = greedy_card(hand, legal, len(before), led, top, played_then, last)
            w *= (1.0 - noise if g == card else 0.0) + noise / legal.bit_count()
        return w

    return weight


def rollout_for(obs: dict):
    """The fast rollout for card plays; passes go through the generic rollout."""
    return fast_rollout if obs["phase"] == "play" else None


def distinct_cards(obs: dict, legal: list) -> list:
    """The legal cards with touching cards merged: two cards of a suit that no card held by
    another player or lying in the trick separates (every card between them is in this hand
    or played in an earlier trick)
    win and lose exactly the same tricks, and hearts all cost 1, so only one of them needs
    searching. Q♠ (and J♦ when it scores) stays apart. The simple policy's card represents
    its group, else the weakest card. Passes are left alone."""
    if obs["phase"] != "play" or len(legal) < 2:
        return legal
    hand = FRENCH52.mask_of(obs["hand"])
    gone = hand
    for t in obs["tricks"]:
        for p in t["plays"]:
            gone |= 1 << FRENCH52.card(p["card"])
    # A card of the trick on the table is not gone: it still decides this trick (8♥ and J♥
    # under a 9♥ led do not touch; the 9♥ takes the trick from one and not the other).
    special = 1 << QS | (1 << JD if obs["options"].get("jack_diamonds") else 0)
    pick = simple_policy(obs, legal, random.Random(0))
    legal_set = set(legal)
    out = []
    for suit in range(4):
        # The suit's cards weakest first; a card held by another player closes a group.
        group: list[int] = []
        for strength in range(RANKS):
            card = suit * RANKS + (strength + 1) % RANKS
            if card in legal_set and not special >> card & 1:
                group.append(card)
                continue
            if card in legal_set:
                out.append(card)
            elif gone >> card & 1:
                continue  # played, or ours but not legal now: it separates nothing
            if group:
                out.append(pick if pick in group else group[0])
                group = []
        if group:
            out.append(pick if pick in group else group[0])
    return [m for m in legal if m in set(out)]


def prior(obs: dict, legal: list) -> list[float]:
    """Search prior: a pass scores the danger of its cards (the search then tries only the
    most dangerous passes, not all 286); a card scores 1 if it is the simple policy's."""
    if obs["phase"] == "pass":
        hand = FRENCH52.mask_of(obs["hand"])
        best = choose_pass(hand)
        return [(move[1] & best).bit_count() + _pass_danger(move[1]) for move in legal]
    pick = simple_policy(obs, legal, random.Random(0))
    return [1.0 if m == pick else 0.0 for m in legal]


def _pass_danger(cards: int) -> float:
    return sum(STRENGTH[c] + (13 if c == QS else 0) + (4 if 1 << c & HEART_MASK else 0) for c in bits(cards)) / 100.0


# With a time budget the search stops early only when more worlds could not change the
# card (see ``game/bots/expert.py``): the lead is out of reach of the remaining worlds, or
# every card is worth the same to within SETTLE_EPS (in units of 13 penalty points: 0.05
# points) at 3 standard errors. Not before 100 worlds: Olsen playouts are nearly
# deterministic, so the swings seen in a few worlds understate what more worlds can bring.
SETTLE_Z = 3.0
SETTLE_WORLDS = 100
SETTLE_EPS = 0.004


def register(cls: type[OlsenState]) -> None:
    register_simple(cls.info.id)(simple_policy)
    register_rollout(cls.info.id)(rollout_policy)
    register_hooks(cls.info.id, SearchHooks(
        round_marker=_hand_marker, evaluate=_evaluate, apply_fast="apply_unchecked", distinct=distinct_cards, prior=prior,
        candidates=17, prior_weight=0.02, rollout_for=rollout_for, sampler_for=sampler_for, playout_from=playout_from,
        likelihood_for=likelihood_for, infer_pool=4, settle_z=SETTLE_Z, settle_worlds=SETTLE_WORLDS,
        settle_eps=SETTLE_EPS, endgame_for=endgame_for))
