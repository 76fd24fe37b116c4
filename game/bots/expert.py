"""The `expert` level: determinized Monte Carlo search over hidden information.

Generic over the rules interface. One iteration:

1. deal the cards the seat has not seen at random, consistently with everything it has seen
   (``State.sample(observation, rng)``, one function per game);
2. pick a root move by UCB1 (the root moves are the observation's legal moves, legal in
   every sampled world since they depend only on what the seat sees);
3. play the rest of the round in that world with the game's rollout policy
   (``ROLLOUT_POLICIES``, see ``game/bots/simple.py``);
4. score the outcome for the seat's side (``SearchHooks.evaluate``) and back it up.

The move played is the most visited one. This is flat "perfect information Monte Carlo"
with UCB at the root: sampling fresh worlds for every iteration averages over what the
opponents may hold rather than trusting one guess, and the rollout policy only uses what
its player could know, so the opponents in the rollouts do not play as if they saw all.

Per-game plug-in (``register_hooks(game_id, SearchHooks(...))``):

``round_marker(state) -> hashable``
    Rollouts stop when it changes (end of the round) or when the game ends. Default:
    the number of entries in ``state.result()["rounds"]`` (slow but generic).
``evaluate(state, seat) -> float``
    Outcome for the seat's side, roughly in [-1, 1]. Default: the change of the seat's
    total minus the mean change of the others' totals since the search root, with the sign
    flipped when ``info.extra["lower_wins"]`` (penalty games), scaled by ``scale``.
``apply_fast``
    Name of a method applying a move known to be legal without checks (Orlan:
    ``apply_unchecked``); default ``apply``.

Budgets: ``ms`` per move (checked before each iteration against the mean iteration time,
so a move rarely overshoots), or ``iterations`` for reproducible tests; slicing with
``step`` never changes the result for an iteration budget.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any, Callable

from game.bots.base import Bot
from game.bots.simple import rollout_policy
from game.rules.base import Move, State


@dataclass
class SearchHooks:
    round_marker: Callable[[State], Any] | None = None
    evaluate: Callable[[State, int], float] | None = None
    apply_fast: str = "apply"
    scale: float = 10.0  # generic evaluate: points difference per unit of value
    exploration: float = 0.7  # UCB1 constant, for values of about unit size


SEARCH_HOOKS: dict[str, SearchHooks] = {}


def register_hooks(game_id: str, hooks: SearchHooks) -> None:
    SEARCH_HOOKS[game_id] = hooks


def _generic_marker(state: State) -> Any:
    return len(state.result().get("rounds", ()))


def _generic_evaluator(game: type[State], root_totals: list[float], seat: int, scale: float):
    sign = -1.0 if game.info.extra.get("lower_wins") else 1.0

    def evaluate(state: State, _seat: int) -> float:
        res = state.result()
        totals = res.get("totals") or root_totals
        gains = [t - r for t, r in zip(totals, root_totals)]
        others = [g for i, g in enumerate(gains) if i != seat]
        v = gains[seat] - (sum(others) / len(others) if others else 0.0)
        if res.get("finished"):
            v += scale if seat in res.get("winners", ()) else -scale / max(1, len(others))
        return sign * v / scale

    return evaluate


class ExpertBot(Bot):
    level = "expert"

    def _start(self) -> None:
        obs = self._obs
        game_id = self.game.info.id
        self.hooks = SEARCH_HOOKS.get(game_id, SearchHooks())
        self.seat = obs["seat"]
        self.policy = rollout_policy(game_id)
        self.marker = self.hooks.round_marker or _generic_marker
        if self.hooks.evaluate is not None:
            self.evaluate = self.hooks.evaluate
        else:
            totals = [float(t) for t in obs.get("totals") or []]
            self.evaluate = _generic_evaluator(self.game, totals, self.seat, self.hooks.scale)
        n = len(self._legal)
        self.visits = [0] * n
        self.values = [0.0] * n
        self.done_iterations = 0
        self._iter_ms = 0.0

    def _think(self, ms: float) -> bool:
        if len(self._legal) == 1:
            return True
        t0 = time.perf_counter()
        limit = self.iterations
        first = self.done_iterations
        while True:
            if limit is not None and self.done_iterations >= limit:
                return True
            elapsed = (time.perf_counter() - t0) * 1000.0
            # At least one iteration per slice: an iteration longer than the slice must not
            # stall the search (it overshoots the slice by at most one iteration instead).
            if limit is None and self.done_iterations > first and elapsed + self._iter_ms > ms:
                return False
            if limit is not None and elapsed > ms:
                return False
            self._iterate()
            took = (time.perf_counter() - t0) * 1000.0 - elapsed
            # Running mean of an iteration's cost, to stop before overshooting the budget.
            self._iter_ms = took if self.done_iterations == 1 else 0.9 * self._iter_ms + 0.1 * took

    def _select(self) -> int:
        visits = self.visits
        for i, v in enumerate(visits):
            if v == 0:
                return i
        log_n = math.log(self.done_iterations)
        c = self.hooks.exploration
        values = self.values
        best = -1e18
        best_i = 0
        for i, v in enumerate(visits):
            u = values[i] / v + c * math.sqrt(log_n / v)
            if u > best:
                best, best_i = u, i
        return best_i

    def _iterate(self) -> None:
        rng = self.rng
        state = self.game.sample(self._obs, rng)
        i = self._select()
        apply = getattr(state, self.hooks.apply_fast)
        marker = self.marker
        start = marker(state)
        policy = self.policy
        apply(self._legal[i])
        while state.current_player() is not None and marker(state) == start:
            legal = state.legal_moves()
            apply(policy(state, legal, rng))
        self.visits[i] += 1
        self.values[i] += self.evaluate(state, self.seat)
        self.done_iterations += 1

    def _best(self) -> Move:
        if len(self._legal) == 1 or not self.done_iterations:
            return self._legal[0] if len(self._legal) == 1 else self._fallback()
        best_i = max(range(len(self._legal)), key=lambda i: (self.visits[i], self.values[i] / max(1, self.visits[i])))
        return self._legal[best_i]

    def _fallback(self) -> Move:
        from game.bots.simple import SIMPLE_POLICIES, random_policy

        return SIMPLE_POLICIES.get(self.game.info.id, random_policy)(self._obs, self._legal, self.rng)

    def stats(self) -> list[tuple[Move, int, float]]:
        """(move, visits, mean value) per root move, for logs and the protocol."""
        return [(m, v, (s / v if v else 0.0)) for m, v, s in zip(self._legal, self.visits, self.values)]
