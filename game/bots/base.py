"""The bot interface every game uses: a seat's observation in, a legal move out.

A bot never receives a State, only the JSON observation of its seat (``state.observation``),
so it has no path to hidden cards. Thinking is anytime and sliced, for a table that keeps
drawing at 60 fps without threads (the browser build has none):

    bot.begin(observation)        start on a position
    while not bot.step(ms=4): ... draw a frame ...
    move = bot.move()             the best move found (a native move of the game)

``bot.choose(observation)`` does all three at once. A budget is given either in
milliseconds (``ms``) or, for reproducible tests, in iterations (``iterations``); with
an iteration budget, slicing never changes the result for a given seed.
"""
from __future__ import annotations

import json
import random
import time
import zlib
from typing import Any

from game.rules.base import JSON, Move, State


class Bot:
    level = "base"

    def __init__(self, game: type[State], seed: int = 0, ms: float = 100.0, iterations: int | None = None):
        self.game = game
        self.seed = seed
        self.ms = ms
        self.iterations = iterations
        self.rng = random.Random(seed)
        self._obs: JSON | None = None
        self._legal: list[Move] = []
        self._spent = 0.0
        self._done = True

    def legal_from(self, obs: JSON) -> list[Move]:
        legal = obs.get("legal")
        if not legal:
            raise ValueError("the observation has no legal moves: it is not this seat's turn")
        return [self.game.move_from_json(m) for m in legal]

    def begin(self, obs: JSON) -> None:
        self._obs = obs
        self._legal = self.legal_from(obs)
        # Same seed + same observation => same choice (information hygiene is testable).
        self.rng = random.Random(f"{self.seed}:{_obs_key(obs)}")
        self._spent = 0.0
        self._done = False
        self._start()

    def step(self, ms: float = 4.0) -> bool:
        """Think for about ``ms`` milliseconds; True once the move is decided."""
        if self._done:
            return True
        t0 = time.perf_counter()
        self._done = self._think(ms)
        self._spent += (time.perf_counter() - t0) * 1000.0
        if self.iterations is None and self._spent >= self.ms:
            self._done = True
        return self._done

    def move(self) -> Move:
        return self._best()

    def choose(self, obs: JSON) -> Move:
        self.begin(obs)
        while not self.step(self.ms if self.iterations is None else 1e9):
            pass
        return self.move()

    # -- for subclasses
    def _start(self) -> None:
        pass

    def _think(self, ms: float) -> bool:
        return True

    def _best(self) -> Move:
        raise NotImplementedError


class RandomBot(Bot):
    """Uniform over the legal moves: for tests and as the weakest opponent."""

    level = "random"

    def _best(self) -> Move:
        return self.rng.choice(self._legal)


def _obs_key(obs: Any) -> int:
    # crc32, not hash(): str hashes change from one process to the next.
    return zlib.crc32(json.dumps(obs, sort_keys=True).encode())
