"""The bot interface every game uses: a seat's observation in, a legal move out.

A bot never receives a State, only the JSON observation of its seat (``state.observation``),
so it has no path to hidden cards. Thinking is anytime and sliced, for a table that keeps
drawing at 60 fps without threads (the browser build has none):

    bot.begin(observation)        start on a position
    while not bot.step(ms=4): ... draw a frame ...
    move = bot.move()             the best move found (a native move of the game)

``bot.choose(observation)`` does all three at once. A budget is given either in
milliseconds (``ms``, a cap on the thinking time of one move, summed over its slices) or,
for reproducible tests, in iterations (``iterations``); with an iteration budget, slicing
never changes the result for a given seed.

Clock: budgets are wall-clock time (``time.perf_counter``), what a player waits. Measuring
strength against time on a busy machine, set ``ORLAN_BOT_CLOCK=cpu`` in the environment:
budgets are then the thinking process's own CPU time (``time.process_time``), so a move gets
the same work whatever else the machine runs (``clock()`` is the one the bots read).

Information hygiene: the bot's random generator for a move is derived from its seed and
the observation only (``Bot.rng``), so two positions that look the same from a seat give
the same move for the same seed. The generator is built lazily, on first use, because
hashing the observation costs more than a greedy bot's whole decision.
"""
from __future__ import annotations

import json
import os
import random
import time
import zlib
from typing import Any

from game.rules.base import JSON, Move, State


clock = time.process_time if os.environ.get("ORLAN_BOT_CLOCK") == "cpu" else time.perf_counter


class Bot:
    level = "base"

    def __init__(self, game: type[State], seed: int = 0, ms: float = 100.0, iterations: int | None = None):
        self.game = game
        self.seed = seed
        self.ms = ms
        self.iterations = iterations
        self._rng: random.Random | None = random.Random(seed)
        self._obs: JSON | None = None
        self._legal: list[Move] = []
        self._spent = 0.0
        self._done = True

    @property
    def rng(self) -> random.Random:
        """The move's generator: a function of (seed, observation) alone, made on first use."""
        if self._rng is None:
            self._rng = random.Random(f"{self.seed}:{_obs_key(self._obs)}")
        return self._rng

    def legal_from(self, obs: JSON) -> list[Move]:
        legal = obs.get("legal")
        if not legal:
            raise ValueError("the observation has no legal moves: it is not this seat's turn")
        return [self.game.move_from_json(m) for m in legal]

    def begin(self, obs: JSON) -> None:
        t0 = clock()
        self._obs = obs
        self._legal = self.legal_from(obs)
        self._rng = None  # same seed + same observation => same choice
        self._done = False
        self._spent = 0.0
        self._start()
        self._spent = (clock() - t0) * 1000.0  # preparing counts against the budget

    def step(self, ms: float = 4.0) -> bool:
        """Think for about ``ms`` milliseconds; True once the move is decided."""
        if self._done:
            return True
        if self.iterations is None:
            ms = min(ms, self.ms - self._spent)
        t0 = clock()
        self._done = self._think(ms)
        self._spent += (clock() - t0) * 1000.0
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
        """Work for at most about ``ms`` milliseconds; return True when finished."""
        return True

    def _best(self) -> Move:
        raise NotImplementedError


class RandomBot(Bot):
    """Uniform over the legal moves: for tests and as the weakest opponent."""

    level = "random"

    def _best(self) -> Move:
        return self.rng.choice(self._legal)


def _obs_key(obs: Any) -> int:
    # crc32, not hash(): str hashes change from one process to the next. No sort_keys:
    # observations are built by the rules code in a fixed key order, and sorting costs.
    return zlib.crc32(json.dumps(obs, separators=(",", ":")).encode())
