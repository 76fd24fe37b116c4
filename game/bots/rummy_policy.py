"""The rummy family's bot plug-in: for each game the registry gives it (Basic, Classic and
Boathouse Rummy, Jersey Gin, and any variant declared as a ``RummyVariant``), the greedy rule
(rummy_simple.py) as the simple level and the play-outs' policy, and the expert's search
hooks (rummy_expert.py, with its model of the others in rummy_others.py)."""
from __future__ import annotations

import random

from game.bots.expert import register_hooks
from game.bots.rummy_expert import search_hooks
from game.bots.rummy_simple import choose_simple, fast_move, mind_for
from game.bots.simple import register_rollout, register_simple


def make_rollout(cls: type):
    def rollout_policy(state, legal: list, rng: random.Random):
        move = fast_move(mind_for(cls, state.options), state)
        return move if move in legal else legal[0]

    return rollout_policy


def make_simple(cls: type):
    def simple_policy(obs: dict, legal: list, rng: random.Random):
        move = choose_simple(cls, obs, legal)
        return move if move in legal else legal[0]

    return simple_policy


def register(cls: type) -> None:
    gid = cls.info.id
    register_simple(gid)(make_simple(cls))
    register_rollout(gid)(make_rollout(cls))
    register_hooks(gid, search_hooks(cls))
