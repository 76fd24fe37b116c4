"""The bots' inputs: observations built and worlds sampled per second, for every game.

    python bench/observations.py [--positions 30] [--seconds 0.5] [--games orlan,olsen]

For every game on the shelf (a table of 4 where the game allows it, else its largest), the
seat to move's observation is taken at positions a few random moves into games of several
seeds, and timed (process CPU time, so a busy machine changes little):

* ``observation``: ``state.observation(seat)`` per second (what every bot reads at every
  move, and the simple level's whole input), each of a fresh copy of the position (a game
  that keeps a position's observation would gain nothing real from being asked again);
* ``worlds``: the expert's worlds per second from one observation, as the expert draws
  them (its ``sampler_for`` hook where the game has one, else the game's ``State.sampler``:
  what is known parsed once, each world dealing the hidden cards; a game without one,
  ``State.sample`` for each world).

The baseline, measured in the same run on the same observations: copying the observation's
JSON (``game.rules.fields.copy_json``), the least any builder of that JSON must do. The
ratios (ours / baseline, higher is faster) compare across machines and loads.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots import SEARCH_HOOKS  # noqa: E402
from game.registry import ENTRIES  # noqa: E402
from game.rules import game_class  # noqa: E402
from game.rules.fields import copy_json  # noqa: E402


def positions(game_id: str, players: int, count: int) -> list:
    """(state, seat) a few random moves into games of several seeds."""
    cls = game_class(game_id)
    out = []
    seed = 0
    while len(out) < count and seed < 20 * count:
        rng = random.Random(seed)
        state = cls.new(players, dict(cls.info.extra.get("contract_options") or {}), seed=seed)
        for _ in range(rng.randrange(0, 12 * players)):
            if state.current_player() is None:
                break
            state.apply(rng.choice(state.legal_moves()))
        seed += 1
        seat = state.current_player()
        if seat is None or len(state.legal_moves()) < 2:
            continue
        out.append((state, seat))
    return out


def per_cpu_second(fn, seconds: float) -> float:
    fn()  # warm-up
    n = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        fn()
        n += 1
    return n / (time.process_time() - t0)


def fresh_observations_per_cpu_second(state, seat: int, seconds: float, batch: int = 50) -> float:
    """Observations of fresh copies of ``state`` (read back from its JSON, nothing cached)
    per CPU second; copying is not timed."""
    state.observation(seat)  # warm-up
    n = 0
    spent = 0.0
    while spent < seconds:
        copies = [state.clone() for _ in range(batch)]
        t0 = time.process_time()
        for s in copies:
            s.observation(seat)
        spent += time.process_time() - t0
        n += batch
    return n / spent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--seconds", type=float, default=0.5, help="CPU seconds per measure")
    ap.add_argument("--games", default="", help="comma-separated game ids (default: every game on the shelf)")
    args = ap.parse_args()
    wanted = set(filter(None, args.games.split(",")))
    budget = args.seconds / args.positions
    for entry in ENTRIES:
        if wanted and entry.id not in wanted:
            continue
        cls = game_class(entry.id)
        players = max(cls.info.min_players, min(4, cls.info.max_players))
        spots = positions(entry.id, players, args.positions)
        hooks = SEARCH_HOOKS.get(entry.id)
        obs_rate = copy_rate = world_rate = 0.0
        for state, seat in spots:
            obs = state.observation(seat)
            obs_rate += fresh_observations_per_cpu_second(state, seat, budget)
            copy_rate += per_cpu_second(lambda: copy_json(obs), budget)
            sampler = hooks.sampler_for(obs) if hooks is not None and hooks.sampler_for else None
            if sampler is None and hasattr(cls, "hidden_dealer"):
                sampler = cls.sampler(obs)
            if sampler is None:
                sampler = lambda rng, obs=obs: cls.sample(obs, rng)  # noqa: E731
            rng = random.Random(1)
            world_rate += per_cpu_second(lambda: sampler(rng), budget)
        k = len(spots)
        obs_rate, copy_rate, world_rate = obs_rate / k, copy_rate / k, world_rate / k
        print(f"{entry.id:16s} {players}p: {obs_rate:9,.0f} observations/s ({obs_rate / copy_rate:.3f} x copy), "
              f"{world_rate:9,.0f} worlds/s ({world_rate / copy_rate:.3f} x copy); copy {copy_rate:9,.0f}/s")


if __name__ == "__main__":
    main()
