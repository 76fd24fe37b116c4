"""Exact endgames of the tarot games where the seat can know every card.

The dealer of Maison Troggen and Leipzig Taroc made the skart, so the only cards it has not
seen are in the two other hands; near the end of the deal the voids they showed (no card of
the group led, no trump when unable to follow) often leave one deal of those cards. There
the rest of the deal is solved exactly through the rules (``rules_endgame.RulesEndgame``),
for the tarot evaluation of the deal (the seat's points minus the others' mean), the two
others minimizing it. La Rigueur and Triomphe Forcée leave cards undealt: never known.
"""
from __future__ import annotations

from game.bots.rules_endgame import RulesEndgame
from game.bots.solver import Plan
from game.bots.worlds import count_deals
from game.rules import fields as _fields
from game.rules.tarot import DECK, TarotState

CARDS_LEFT = 3  # at most this many cards in each hand: the deals are few, the search small


def _observed(cls: type[TarotState], obs: dict) -> TarotState:
    t = cls.__new__(cls)
    t.players = obs["players"]
    t.options = dict(obs["options"])
    t.seed = 0
    _fields.read(t, cls.PUBLIC_FIELDS + cls.EXTRA_FIELDS, DECK, obs, f"{cls.info.id} observation")
    return t


def known_world(cls: type[TarotState], obs: dict) -> bool:
    """Only one deal of the cards the seat has not seen fits what it has seen."""
    if obs["unused_count"] or (obs["skart_count"] and not obs["own_skart"]):
        return False
    seat = obs["seat"]
    t = _observed(cls, obs)
    allowed, known = t.hidden_constraints(seat)
    played = 0
    for m in t.won:
        played |= m
    for c in t.trick:
        played |= 1 << c
    unseen = DECK.full_mask & ~(DECK.mask_of(obs["hand"]) | DECK.mask_of(obs["own_skart"]) | played)
    need = {x: obs["hand_counts"][x] for x in range(obs["players"]) if x != seat}
    # Declared cards still in a hand are known where they are: in the declarer's, in no other.
    declared = 0
    for m in known.values():
        declared |= m
    for x in allowed:
        allowed[x] = allowed[x] & ~declared | known.get(x, 0)
    return count_deals(unseen, need, allowed) == 1


def endgame_for(cls: type[TarotState], evaluate, scale: float):
    """The expert's hook (``SearchHooks.endgame_for``)."""

    def plan(obs: dict, ms: float | None = None):
        if obs["phase"] != "play" or max(obs["hand_counts"]) > CARDS_LEFT or not known_world(cls, obs):
            return None
        seat = obs["seat"]
        rounds = len(obs["rounds"])

        def start(world: TarotState):
            def value(state: TarotState) -> float:
                return evaluate(state, seat, True) * scale if len(state.rounds) > rounds else 0.0

            def over(state: TarotState) -> bool:
                return state.to_move is None or len(state.rounds) > rounds

            family = RulesEndgame(world, seat, frozenset((seat,)), value, over, TarotState.fast_copy)
            return family, family.root

        return Plan(start, known=True, scale=scale)

    return plan
