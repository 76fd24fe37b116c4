"""The `simple` level and the plug-in registries for per-game knowledge.

Generic bots know nothing of any game; each game plugs in what it knows here, from the
module under ``game/bots/`` its registry entry names (Orlan: ``orlan_policy.py``; a
family's module for each of its games): ``game/bots/__init__`` calls its
``register(rules_class)``, which registers the game's hooks under ``rules_class.info.id``.

Plug-in API (all keyed by the game id, ``State.info.id``):

``SIMPLE_POLICIES[game_id](obs, legal, rng) -> move``
    The `simple` level: a greedy, sensible choice from the seat's JSON observation.
    ``legal`` holds the native moves (``State.move_from_json`` of ``obs["legal"]``), ``rng``
    a ``random.Random`` for tie-breaks. Register with ``register_simple(game_id)(policy)``.
    Without a policy the level plays uniformly at random.

``ROLLOUT_POLICIES[game_id](state, legal, rng) -> move``
    The policy the expert search plays inside its sampled worlds: it gets a full State (a
    determinization), so it must be FAST and should still only use what the player to move
    could know (own hand, public cards), or the rollouts play against omniscient opponents.
    Register with ``register_rollout(game_id)(policy)``; without one rollouts play at random.

``SEARCH_HOOKS[game_id]`` (see ``game/bots/expert.py``: ``SearchHooks``, ``register_hooks``)
    Where a rollout stops (end of the round) and how the outcome is scored.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from game.bots.base import Bot
from game.rules.base import JSON, Move, State

SimplePolicy = Callable[[JSON, list, random.Random], Any]
RolloutPolicy = Callable[[State, list, random.Random], Any]

SIMPLE_POLICIES: dict[str, SimplePolicy] = {}
ROLLOUT_POLICIES: dict[str, RolloutPolicy] = {}


def register_simple(game_id: str) -> Callable[[SimplePolicy], SimplePolicy]:
    def deco(fn: SimplePolicy) -> SimplePolicy:
        SIMPLE_POLICIES[game_id] = fn
        return fn

    return deco


def register_rollout(game_id: str) -> Callable[[RolloutPolicy], RolloutPolicy]:
    def deco(fn: RolloutPolicy) -> RolloutPolicy:
        ROLLOUT_POLICIES[game_id] = fn
        return fn

    return deco


def random_policy(_: Any, legal: list, rng: random.Random) -> Any:
    return legal[rng.randrange(len(legal))]


def rollout_policy(game_id: str) -> RolloutPolicy:
    return ROLLOUT_POLICIES.get(game_id, random_policy)


class SimpleBot(Bot):
    """Greedy play from the game's registered simple policy (random if it has none)."""

    level = "simple"

    def _start(self) -> None:
        self._choice: Move | None = None

    def _think(self, ms: float) -> bool:
        legal = self._legal
        if len(legal) == 1:
            self._choice = legal[0]
        else:
            policy = SIMPLE_POLICIES.get(self.game.info.id, random_policy)
            self._choice = policy(self._obs, legal, _LazyRng(self))
        return True

    def _best(self) -> Move:
        if self._choice is None:
            self._think(0)
        return self._choice


class _LazyRng:
    """Stands for the bot's rng; hashes the observation only if a policy draws from it."""

    __slots__ = ("_bot",)

    def __init__(self, bot: Bot):
        self._bot = bot

    def __getattr__(self, name: str) -> Any:
        return getattr(self._bot.rng, name)
