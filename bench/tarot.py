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

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from family_rates import compare_with_openspiel  # noqa: E402

CASES = [
    ("maison_troggen", 3, {}),
    ("leipzig_taroc", 3, {}),
    ("la_rigueur", 4, {}),
    ("triomphe_forcee", 4, {}),
]

# How this family's lines read: a run is a deal (see family_rates).
LINE = "{game:16s} {players} players: {runs:8.1f} random deals/s, {decisions:9.0f} decisions/s"
RATIO = "   ratio to tarok: deals/games {runs:.3f}, decisions {decisions:.2f}"


def main() -> int:
    return compare_with_openspiel(__doc__.split("\n")[0], "tarok", CASES, LINE, RATIO)


if __name__ == "__main__":
    raise SystemExit(main())
