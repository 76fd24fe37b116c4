"""Aluette know-how for the generic bots: partnership play for the simple and rollout
policies, and search hooks scoring a deal for the seat's partnership.

The greedy rule (``choose_card``), from what the player to move could know:

* partner holds the trick alone: never waste a high card on it and never tie its card
  (a tie would spoil the partner's trick): play the lowest card below it;
* an opponent holds it (or it is spoiled so far): take it with the cheapest card that
  beats it; failing that, spoil it with a card of equal rank; failing that, the lowest card;
* lead: the lowest card (the opponents spend cards to take it; the strong cards wait to
  answer), which beat both "lead the strongest" and "strongest if an ace or better" in
  3,000 simple-against-simple matches.
"""
from __future__ import annotations

import random

from game.bots.expert import SearchHooks, register_hooks
from game.bots.simple import register_rollout, register_simple
from game.cards import SPANISH48, bits
from game.rules.aluette import STRENGTH, AluetteState



def choose_card(seat: int, hand: int, plays: list) -> int:
    cards = list(bits(hand))
    if len(cards) == 1:
        return cards[0]
    low = min(cards, key=lambda c: STRENGTH[c])
    if not plays:
        return low
    top = max(STRENGTH[c] for _, c in plays)
    holders = [s for s, c in plays if STRENGTH[c] == top]
    partner = (seat + 2) % 4
    if holders == [partner]:
        below = [c for c in cards if STRENGTH[c] < top]
        if below:
            return min(below, key=lambda c: STRENGTH[c])
        above = [c for c in cards if STRENGTH[c] > top]
        return min(above, key=lambda c: STRENGTH[c]) if above else low
    beat = [c for c in cards if STRENGTH[c] > top]
    if beat:
        return min(beat, key=lambda c: STRENGTH[c])
    if len(holders) == 1:
        ties = [c for c in cards if STRENGTH[c] == top]
        if ties:
            return ties[0]
    return low


def simple_policy(obs: dict, legal: list, rng: random.Random):
    hand = 0
    for m in legal:
        hand |= 1 << m
    plays = [(p["seat"], SPANISH48.card(p["card"])) for p in obs["trick"]]
    return choose_card(obs["seat"], hand, plays)


def rollout_policy(state: AluetteState, legal: list, rng: random.Random):
    if rng.random() < 0.02:
        return legal[rng.randrange(len(legal))]
    seat = state.to_move
    return choose_card(seat, state.hands[seat], state.record.plays)


def _deal_marker(state: AluetteState) -> int:
    return len(state.rounds)


def _evaluate(state: AluetteState, seat: int, ended: bool = True) -> float:
    """Points the seat's partnership gained in the deal minus the other partnership's, plus a
    small margin term (the team's best trick count against the opponents' best) so that
    moves are still ordered when the deal's points come out the same. When the rollout
    ended the match (the fifth deal), the match result itself counts most: a point that
    turns a draw into a win is worth more than a point that changes nothing."""
    last = state.rounds[-1]
    gained = last["points"]
    team = seat % 2
    tricks = last["tricks_won"]
    margin = max(tricks[team], tricks[team + 2]) - max(tricks[1 - team], tricks[3 - team])
    value = float(gained[team] - gained[1 - team]) + 0.05 * margin
    if state.to_move is None:
        mine, theirs = state.points[team], state.points[1 - team]
        value = 0.5 * value + 2.0 * ((mine > theirs) - (mine < theirs))
    return value


def prior(obs: dict, legal: list) -> list[float]:
    """Search prior: 1 for the simple policy's card (it breaks near-ties), 0 otherwise."""
    pick = simple_policy(obs, legal, random.Random(0))
    return [1.0 if m == pick else 0.0 for m in legal]


# Inference: a player is taken to play the greedy rule with probability 1 - INFER_NOISE,
# any card of its hand otherwise. Cards of equal strength count as the same choice.
INFER_NOISE = 0.3


def likelihood_for(obs: dict):
    """weight(world): the product, over the cards the three others played this deal, of
    the chance the greedy rule (with ``INFER_NOISE``) plays a card of that strength from
    the hand the player held then in that world (its hand plus the cards it played since).
    The partner's cards count too: they tell what the partner kept."""
    me = obs["seat"]
    tricks = [t["plays"] for t in obs["tricks"]] + [obs["trick"]]
    plays = [[(p["seat"], SPANISH48.card(p["card"])) for p in t] for t in tricks]
    later: dict[int, int] = {}
    contexts = []
    for trick in reversed(plays):
        for pi in range(len(trick) - 1, -1, -1):
            seat, card = trick[pi]
            if seat != me:
                contexts.append((seat, card, later.get(seat, 0) | 1 << card, trick[:pi]))
            later[seat] = later.get(seat, 0) | 1 << card
    if not contexts:
        return None
    noise = INFER_NOISE

    def weight(world: AluetteState) -> float:
        hands = world.hands
        w = 1.0
        for seat, card, after, before in contexts:
            hand = hands[seat] | after
            n = hand.bit_count()
            if n < 2:
                continue
            g = choose_card(seat, hand, before)
            w *= (1.0 - noise if STRENGTH[g] == STRENGTH[card] else 0.0) + noise / n
        return w

    return weight


# The partner decides in the search tree with the seat (the team's best for the team's
# value, ``_evaluate``), the opponents by the greedy rule.
TREE_C = 1.0



def register(cls: type[AluetteState]) -> None:
    register_simple(cls.info.id)(simple_policy)
    register_rollout(cls.info.id)(rollout_policy)
    register_hooks(cls.info.id, SearchHooks(
        round_marker=_deal_marker, evaluate=_evaluate, apply_fast="apply_unchecked", prior=prior, prior_weight=0.02,
        tree_c=TREE_C, likelihood_for=likelihood_for, infer_pool=4, settle_z=3.0, settle_worlds=24, settle_eps=0.01))
