"""Bots for every game, by level: random, simple, expert.

Generic code lives in base.py (the interface), simple.py (the greedy level and the plug-in
registries) and expert.py (determinized search). Per-game knowledge is the module the game's
registry entry names (Orlan: orlan_policy.py; a family's, for each of its games:
rummy_policy.py): its ``register(rules_class)`` registers the game's hooks, reading what
differs between games from the rules class's declared data, never from an id. A game with no
plug-in still gets every level: random choices for `simple`, random rollouts for `expert`.
"""
from __future__ import annotations

from game.bots.base import Bot, RandomBot
from game.bots.expert import SEARCH_HOOKS, ExpertBot, SearchHooks, register_hooks
from game.bots.simple import ROLLOUT_POLICIES, SIMPLE_POLICIES, SimpleBot, register_rollout, register_simple
from game.registry import ENTRIES
from game.rules import game_class

for _entry in ENTRIES:
    _entry.load("bots").register(_entry.load("rules"))

LEVELS: dict[str, type[Bot]] = {"random": RandomBot, "simple": SimpleBot, "expert": ExpertBot}


def make_bot(level: str, game_id: str, seed: int = 0, ms: float = 100.0, iterations: int | None = None) -> Bot:
    try:
        cls = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; levels are {sorted(LEVELS)}") from None
    return cls(game_class(game_id), seed=seed, ms=ms, iterations=iterations)


__all__ = [
    "Bot",
    "ExpertBot",
    "LEVELS",
    "RandomBot",
    "ROLLOUT_POLICIES",
    "SEARCH_HOOKS",
    "SIMPLE_POLICIES",
    "SearchHooks",
    "SimpleBot",
    "make_bot",
    "register_hooks",
    "register_rollout",
    "register_simple",
]
