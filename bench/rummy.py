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

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from family_rates import compare_with_openspiel  # noqa: E402

CASES = [
    ("basic_rummy", 2, {}),
    ("classic_rummy", 2, {}),
    ("boathouse_rummy", 2, {}),
    ("jersey_gin", 3, {}),
]

# How this family's lines read: a run is a hand, a decision a move (see family_rates).
LINE = "{game:16s} {players} players: {runs:8.1f} random hands/s, {decisions:9.0f} moves/s"
RATIO = "   ratio to gin_rummy: hands/games {runs:.3f}, moves/decisions {decisions:.2f}"


def main() -> int:
    return compare_with_openspiel(__doc__.split("\n")[0], "gin_rummy", CASES, LINE, RATIO)


if __name__ == "__main__":
    raise SystemExit(main())
