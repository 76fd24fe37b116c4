"""The tarot family: random deals per second for each game, against OpenSpiel's ``tarok``.

    python bench/tarot.py [--seconds 3]

A deal is one round from the shuffle to its score: the skart, declarations and every card
played, each move drawn uniformly from ``legal_moves()`` and played with ``apply_unchecked``
(what the expert's rollouts do, without events). The baseline, measured in the same run, is
OpenSpiel's C++ Slovenian Tarok driven from Python (``pyspiel.load_game("tarok")``, 3
players): random games per second, chance outcomes drawn by their probabilities and random
legal actions through bidding, talon exchange and play. The ratio is ours / OpenSpiel's.

A random tarok game is short (random bids often end it within a few tricks: about 11
decisions on average, against 75-80 in a Maison Troggen deal), so decisions per second are
printed as well, with their own ratio.
"""
from __future__ import annotations

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from family_rates import openspiel_random_games, random_rounds, rate  # noqa: E402

CASES = [
    ("maison_troggen", 3, {}),
    ("leipzig_taroc", 3, {}),
    ("la_rigueur", 4, {}),
    ("triomphe_forcee", 4, {}),
]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args()
    rng = random.Random(1)
    try:
        base, base_dec = rate(openspiel_random_games("tarok", rng), args.seconds)
    except ImportError:
        base = base_dec = None
    if base is None:
        print("OpenSpiel tarok: not installed (pip install open_spiel); no ratio")
    else:
        print(f"OpenSpiel tarok (C++, from Python): {base:8.1f} random games/s, {base_dec:9.0f} decisions/s")
    for game, players, options in CASES:
        ours, ours_dec = rate(random_rounds(game, players, options, rng), args.seconds)
        line = f"{game:16s} {players} players: {ours:8.1f} random deals/s, {ours_dec:9.0f} decisions/s"
        if base:
            line += f"   ratio to tarok: deals/games {ours / base:.3f}, decisions {ours_dec / base_dec:.2f}"
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
