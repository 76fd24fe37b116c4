"""Random Orlan playouts: complete rounds per second and moves (steps) per second.

Each round is dealt from a new seed and played to its end with uniformly random legal
moves, on the engine's fast path (legal_moves + apply_unchecked, the path bots' rollouts
use) and, in the same run, on the checked public path (apply, which validates the move)
as the baseline. Target: at least 1,000 complete 4-player rounds per second on one core.

    python bench/playouts.py [--seconds 3]
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.rules.orlan import OrlanState  # noqa: E402


def run(players: int, seconds: float, checked: bool) -> tuple[float, float]:
    rng = random.Random(1)
    rounds = steps = 0
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while time.perf_counter() < deadline:
        s = OrlanState.new(players, seed=rounds)
        apply = s.apply if checked else s.apply_unchecked
        while s.round_no == 0 and s.to_move is not None:
            apply(rng.choice(s.legal_moves()))
            steps += 1
        rounds += 1
    dt = time.perf_counter() - t0
    return rounds / dt, steps / dt


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args()
    for players in (2, 4):
        base_r, base_s = run(players, args.seconds, checked=True)
        fast_r, fast_s = run(players, args.seconds, checked=False)
        print(
            f"{players} players: {fast_r:8.0f} rounds/s {fast_s:9.0f} steps/s (fast path)   "
            f"{base_r:8.0f} rounds/s {base_s:9.0f} steps/s (checked apply)   ratio {fast_r / base_r:.2f}x"
        )
        if players == 4:
            print(f"4-player target: >= 1000 rounds/s on one core: {'met' if fast_r >= 1000 else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
