"""The rummy family: random hands per second for each game, against OpenSpiel's ``gin_rummy``.

    python bench/rummy.py [--seconds 3]

A hand is one round from the deal to its score (or a void hand): every decision (draws,
melds, lay-offs, swaps, discards, knocks, going out, the upcard and lay-off steps) drawn
uniformly from ``legal_moves()`` and played (with ``apply_unchecked`` where the game has
it, as the expert's rollouts do, else ``apply``). Hands per second and moves per second.

The baseline, measured in the same run, is OpenSpiel's C++ two-player Gin Rummy driven
from Python (``pyspiel.load_game("gin_rummy")``): random games per second (a game there is
one hand), chance outcomes drawn by their probabilities and random legal actions through
the upcard, draws, discards, knocks and lay-offs; decisions per second as well. The ratios
are ours / OpenSpiel's.
"""
from __future__ import annotations

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from family_rates import openspiel_random_games, random_rounds, rate  # noqa: E402

CASES = [
    ("basic_rummy", 2, {}),
    ("classic_rummy", 2, {}),
    ("boathouse_rummy", 2, {}),
    ("jersey_gin", 3, {}),
]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args()
    rng = random.Random(1)
    try:
        base, base_dec = rate(openspiel_random_games("gin_rummy", rng), args.seconds)
    except ImportError:
        base = base_dec = None
    if base is None:
        print("OpenSpiel gin_rummy: not installed (pip install open_spiel); no ratio")
    else:
        print(f"OpenSpiel gin_rummy (C++, from Python): {base:8.1f} random games/s, {base_dec:9.0f} decisions/s")
    for game, players, options in CASES:
        ours, ours_dec = rate(random_rounds(game, players, options, rng), args.seconds)
        line = f"{game:16s} {players} players: {ours:8.1f} random hands/s, {ours_dec:9.0f} moves/s"
        if base:
            line += f"   ratio to gin_rummy: hands/games {ours / base:.3f}, moves/decisions {ours_dec / base_dec:.2f}"
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
