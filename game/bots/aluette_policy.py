"""Aluette know-how for the generic bots: partnership play for the simple and rollout
policies, and search hooks scoring a deal for the seat's partnership.

The greedy rule (``choose_card``), from what the player to move could know:

* partner holds the trick alone: never waste a high card on it and never tie its card
  (a tie would spoil the partner's trick): play the lowest card below it;
* an opponent holds it (or it is spoiled so far): take it with the cheapest card that
  beats it; failing that, spoil it with a card of equal rank; failing that, the lowest card;
* lead: the strongest card when it is an ace or better (likely to hold), else the lowest.
"""
from __future__ import annotations

import dataclasses
import random

from game.bots.expert import SearchHooks, register_hooks
from game.bots.simple import register_rollout, register_simple
from game.cards import SPANISH48, bits
from game.rules.aluette import STRENGTH, AluetteState

GAME = "aluette"
ACE_STRENGTH = STRENGTH[SPANISH48.card("1B")]


def choose_card(seat: int, hand: int, plays: list) -> int:
    cards = list(bits(hand))
    if len(cards) == 1:
        return cards[0]
    low = min(cards, key=lambda c: STRENGTH[c])
    if not plays:
        high = max(cards, key=lambda c: STRENGTH[c])
        return high if STRENGTH[high] >= ACE_STRENGTH else low
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


@register_simple(GAME)
def simple_policy(obs: dict, legal: list, rng: random.Random):
    hand = 0
    for m in legal:
        hand |= 1 << m
    plays = [(p["seat"], SPANISH48.card(p["card"])) for p in obs["trick"]]
    return choose_card(obs["seat"], hand, plays)


@register_rollout(GAME)
def rollout_policy(state: AluetteState, legal: list, rng: random.Random):
    if rng.random() < 0.05:
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


def _hooks(**kw) -> SearchHooks:
    # Only the fields this version of the expert knows (the prior arrived later).
    known = {f.name for f in dataclasses.fields(SearchHooks)}
    return SearchHooks(**{k: v for k, v in kw.items() if k in known})


register_hooks(GAME, _hooks(round_marker=_deal_marker, evaluate=_evaluate, apply_fast="apply_unchecked",
                            prior=prior, prior_weight=0.02))
