"""Bot speed: rollout moves per second and expert worlds per move, as ratios to a baseline.

The baseline, measured in the same run, is a random playout (legal_moves + apply_unchecked),
so the figures survive a busy machine. Run: python bench/bots.py [--rounds 300]
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots import make_bot  # noqa: E402
from game.bots.orlan_policy import rollout_policy  # noqa: E402
from game.bots.simple import random_policy  # noqa: E402
from game.rules.orlan import OrlanState  # noqa: E402


def playout_rate(policy, rounds: int, players: int) -> float:
    rng = random.Random(1)
    moves = 0
    t0 = time.perf_counter()
    for g in range(rounds):
        s = OrlanState.new(players, {"target": 11}, seed=g)
        while s.round_no == 0 and s.current_player() is not None:
            s.apply_unchecked(policy(s, s.legal_moves(), rng))
            moves += 1
    return moves / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=300)
    ap.add_argument("--players", type=int, default=2)
    args = ap.parse_args()
    base = playout_rate(random_policy, args.rounds, args.players)
    greedy = playout_rate(rollout_policy, args.rounds, args.players)
    print(f"random playout: {base:,.0f} moves/s (baseline)")
    print(f"rollout policy: {greedy:,.0f} moves/s = {greedy / base:.3f} x baseline")
    # Expert worlds per 100 ms on opening positions.
    worlds = []
    for seed in range(10):
        s = OrlanState.new(args.players, {"target": 11}, seed=seed)
        bot = make_bot("expert", "orlan", seed=seed, ms=100)
        bot.choose(s.observation(s.current_player()))
        worlds.append(bot.worlds)
    print(f"expert, 100 ms on an opening position: {sum(worlds) / len(worlds):.0f} worlds on average")
    print(f"  (one world = one rollout per candidate move; {base / 1000:.0f} random moves fit in 1 ms here)")


if __name__ == "__main__":
    main()
