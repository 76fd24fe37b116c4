"""Bots for every game, by level: random, simple, expert."""
from __future__ import annotations

from game.bots.base import Bot, RandomBot
from game.rules import game_class

LEVELS: dict[str, type[Bot]] = {"random": RandomBot}


def make_bot(level: str, game_id: str, seed: int = 0, ms: float = 100.0, iterations: int | None = None) -> Bot:
    try:
        cls = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; levels are {sorted(LEVELS)}") from None
    return cls(game_class(game_id), seed=seed, ms=ms, iterations=iterations)


__all__ = ["Bot", "LEVELS", "RandomBot", "make_bot"]
