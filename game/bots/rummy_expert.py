"""The rummy expert's search hooks (game/bots/expert.py): the expert searches the draw and
the discard (the greedy rule's best three, and the best knock) and plays the rule's melds,
lay-offs and ways out as they are; its own turns follow the game's ``Style`` where the
expert's rule departs from the simple level's (game/rules/rummy.py); its worlds and their
weights are its model of the others (rummy_others.py); its play-outs run the greedy rule
(rummy_simple.py) with moves built, not listed (``fast_move``, ``apply_unchecked``), for
``HORIZON`` of the seat's turns, then score the deadwood difference. docs/bots.md ("the
Rummy family") has the measured figures.
"""
from __future__ import annotations

import random
from typing import Any

from game.bots.expert import SearchHooks
from game.bots.rummy_others import SHUN_POOL, make_likelihood, make_sampler
from game.bots.rummy_simple import Mind, choose_simple, closest_opponent, fast_move, mind_for, readings_of, table_of
from game.cards import bits

TOP_DISCARDS = 3  # the expert searches this many discards (the greedy rule's order)
WIN_BONUS = 25.0  # points a won game is worth in the expert's evaluation
PRIOR_POINTS = 1.5  # the search leaves the greedy move only for a gain worth about this
# Play-outs stop after HORIZON turns of the searching seat (None: the end of the hand) and
# score the deadwood difference, times CUT_SCALE.
HORIZON = 3
CUT_SCALE = 0.5


def make_distinct(cls: type):
    """The root moves worth searching: the draw and upcard choices all; in the play step the
    greedy rule's meld, lay-off or swap is played as it is (the arrangement says what to lay),
    going out is taken, and the search weighs the ``TOP_DISCARDS`` best discards of the greedy
    order (Jersey: and the best knock)."""

    def distinct(obs: dict, legal: list) -> list:
        step = obs["phase"]
        if step in ("upcard", "draw", "draw_again"):
            return _useful_draws(cls, obs, legal)
        choice = choose_simple(cls, obs, legal, expert=True)
        if choice not in legal:
            return legal
        if choice[0] == "meld":
            return readings_of(choice, legal)  # a natural card with jokers: every reading weighed
        if step != "play" or choice[0] in ("layoff", "swap", "go_out"):
            return [choice]
        if choice[0] == "knock" and not _deadwood_after_obs(cls, obs, choice[1]):
            return [choice]  # gin
        mind = mind_for(cls, obs["options"])
        deck = mind.deck
        hand = deck.mask_of(obs["hand"])
        seat = obs["seat"]
        wanted = 0
        for s, codes in enumerate(obs["known"]):
            if s != seat:
                wanted |= deck.mask_of(codes)
        table = [] if mind.gin else table_of(deck, obs)
        fit = mind.table_fits(hand & ~mind.arrange(hand)[0], table) if table else 0
        allowed = [m[1] for m in legal if m[0] == "discard"]
        others = closest_opponent(obs)
        order = mind.discard_order(hand, allowed, wanted, fit, mind.style.near_weight(others))
        out = [("discard", c) for c in order[:TOP_DISCARDS]]
        knocks = [m[1] for m in legal if m[0] == "knock"]
        if knocks:
            c = min(knocks, key=lambda c: (mind.deadwood_after(hand, c), -mind.value[c], c))
            out.insert(0, ("knock", c))
        if choice not in out:
            out.insert(0, choice)
        return out

    return distinct


def _useful_draws(cls: type, obs: dict, legal: list) -> list:
    """The draw (or upcard) choices without the pile cards that cannot help: a card that
    makes nothing with the hand (no card of its rank, none of its suit within two ranks),
    fits no meld on the table, and is worth no less than the hand's worst deadwood card
    (taking it could not lower the deadwood). The stock stays; the rest is searched."""
    mind = mind_for(cls, obs["options"])
    deck = mind.deck
    hand = deck.mask_of(obs["hand"])
    pile = obs["pile"]
    melded, _, _ = mind.arrange(hand)
    worst = max((mind.value[c] for c in bits(hand & ~melded)), default=0)
    table = [] if mind.gin else table_of(deck, obs)

    def useless(card: int) -> bool:
        if mind.rank[card] < 0 or mind.value[card] < worst:
            return False
        if mind.near(card, hand | 1 << card) or mind.fits_table(card, table):
            return False
        return True

    out = []
    for m in legal:
        if m == ("draw", "pile") or m == ("take_upcard",):
            if useless(deck.card(pile[-1])):
                continue
        elif m == ("draw", "pile2") and useless(deck.card(pile[-2])):
            continue
        out.append(m)
    return out or legal


def _deadwood_after_obs(cls: type, obs: dict, card: int) -> int:
    mind = mind_for(cls, obs["options"])
    return mind.deadwood_after(mind.deck.mask_of(obs["hand"]), card)


def make_playout(cls: type):
    """The rest of the hand by the greedy rule for every seat (moves built, not listed), then
    the value for the seat: its gain in points since the search root minus the others' mean
    gain, and ``WIN_BONUS`` for a game won (shared out as a loss among the others)."""

    def playout_from(obs: dict):
        root = list(obs["totals"])
        n = obs["players"]

        def finish(state, seat: int, rng: random.Random) -> float:
            mind = mind_for(cls, state.options)
            start = state.round_no
            turns = 0
            last = state.to_move
            while state.step != "over" and state.round_no == start:
                if HORIZON and state.to_move != last:
                    last = state.to_move
                    if last == seat:
                        turns += 1
                        if turns >= HORIZON:
                            return _cut_value(mind, state, seat, n)
                state.apply_unchecked(fast_move(mind, state, expert=state.to_move == seat))
            return value_of(state.totals, state.winners if state.step == "over" else (), root, seat, n)

        return finish

    return playout_from


def _cut_value(mind: Mind, state, seat: int, n: int) -> float:
    """A hand cut short: the others' mean deadwood minus the seat's (Basic, Classic and
    Boathouse count every card left in hand, so a lighter hand is closer to going out and
    costs less when caught), times ``CUT_SCALE``."""
    mine = 0
    others = 0
    for s, hand in enumerate(state.hands):
        p = mind.points(hand)
        if s == seat:
            mine = p
        else:
            others += p
    return CUT_SCALE * (others / (n - 1) - mine)



def value_of(totals: list, winners, root: list, seat: int, n: int) -> float:
    gains = [t - r for t, r in zip(totals, root)]
    v = gains[seat] - (sum(gains) - gains[seat]) / (n - 1)
    if winners:
        v += WIN_BONUS if seat in winners else -WIN_BONUS / (n - 1)
    return v


def make_prior(cls: type):
    """The greedy move first: it wins near-ties (``PRIOR_POINTS``) and stands when the
    budget allows no complete world."""

    def prior(obs: dict, legal: list) -> list[float]:
        choice = choose_simple(cls, obs, legal, expert=True)
        return [1.0 if m == choice else 0.0 for m in legal]

    return prior


def _marker(state) -> Any:
    return state.round_no


def search_hooks(cls: type) -> SearchHooks:
    """The expert's hooks for a game of the family (its State class)."""
    return SearchHooks(
        round_marker=_marker,
        apply_fast="apply_unchecked",
        distinct=make_distinct(cls),
        playout_from=make_playout(cls),
        sampler_for=make_sampler(cls),
        prior=make_prior(cls),
        prior_weight=PRIOR_POINTS,
        likelihood_for=make_likelihood(cls) if cls.VARIANT.style.reads_discards else None,
        infer_pool=SHUN_POOL,
        win_bonus=WIN_BONUS,
        settle_z=3.0,
        settle_worlds=24,
        settle_eps=0.5,
    )
