"""Olsen, 4 players: random hands per second, batched numpy playouts against baselines.

    python bench/olsen_playouts.py [--seconds 3] [--batch 20000]

Baselines measured in the same run:
* OpenSpiel's C++ Hearts driven from Python (``pip install open_spiel``, optional): no
  passing (``pass_cards=False``), each hand dealt by shuffling the 52 deal actions, then
  uniformly random legal actions until the end.
* Our own per-hand Python loop: ``OlsenState`` with uniformly random legal moves
  (``legal_moves`` + ``apply_unchecked``).
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import numpy as np  # noqa: E402

from game.rules.olsen import OlsenState  # noqa: E402
from olsen_fast import random_hands  # noqa: E402  (bench/olsen_fast.py)


def rate(run_once, seconds: float) -> float:
    """Hands per second of ``run_once`` (returns how many hands it played) over ``seconds``."""
    run_once()  # warm-up
    hands = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        hands += run_once()
    return hands / (time.perf_counter() - t0)


def batched(batch: int, rng: np.random.Generator):
    def run() -> int:
        random_hands(batch, 4, rng)
        return batch

    return run


def python_loop(rng: random.Random):
    seed = [0]

    def run() -> int:
        seed[0] += 1
        st = OlsenState.new(4, {"deals": 3}, seed=seed[0])
        for _ in range(52):
            st.apply_unchecked(rng.choice(st.legal_moves()))
        return 1

    return run


def openspiel_loop(rng: random.Random):
    import pyspiel

    game = pyspiel.load_game("hearts", {"pass_cards": False})
    deck = list(range(52))

    def run() -> int:
        s = game.new_initial_state()
        s.apply_action(0)  # the pass-direction chance node: "no pass" is its only action
        rng.shuffle(deck)
        for card in deck:
            s.apply_action(card)
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
        return 1

    return run


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--batch", type=int, default=20000)
    args = ap.parse_args(argv)
    ours = rate(batched(args.batch, np.random.default_rng(1)), args.seconds)
    print(f"batched numpy (batch {args.batch}): {ours:12,.0f} hands/s")
    loop = rate(python_loop(random.Random(1)), args.seconds)
    print(f"per-hand Python loop (OlsenState): {loop:12,.0f} hands/s   batched/loop = {ours / loop:.1f}x")
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("OpenSpiel not importable (pip install open_spiel): no OpenSpiel baseline")
        return
    osp = rate(openspiel_loop(random.Random(1)), args.seconds)
    print(f"OpenSpiel C++ Hearts from Python:  {osp:12,.0f} hands/s   batched/OpenSpiel = {ours / osp:.1f}x")


if __name__ == "__main__":
    main()
