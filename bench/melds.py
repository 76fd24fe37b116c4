"""The rummy meld finder: arrangements per second, against OpenSpiel's ``min_deadwood``.

    python bench/melds.py [--hands 40000] [--joker-hands 300]

Gin hands: random 10-card hands of one 52-card deck without jokers, aces low, A=1,
courts 10 (Jersey Gin's rule). The baseline, measured in the same run on the same hands,
is OpenSpiel's C++ ``GinRummyUtils(13, 4, 10).min_deadwood(hand)`` called from Python
(each hand a list of OpenSpiel card ints, built beforehand as ours are masks). It returns
the minimum deadwood value only, as our ``deadwood_points`` does; ``best_arrangement``
also builds the melds and the deadwood. The hands are timed in alternating chunks (the
baseline, then ours) so that a busy machine slows both alike. Every hand's deadwood is
compared with OpenSpiel's; the number compared and the number that differ are printed.

Joker hands: random 10-card hands with one or two jokers (54-card deck, Basic Rummy's
rule: aces high or low, A=11, jokers 15), and 12-card hands of the 108-card deck, against
the brute force of tests/melds_helpers.py (every subset that ``is_meld`` accepts, every
cover of the hand), with the same value and deadwood count checked on every hand. Last,
the rate on large hands such as Boathouse Rummy's grow to (22 cards, no baseline).
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.cards import FRENCH52, FRENCH54, FRENCH108  # noqa: E402
from game.rules.melds import MeldRule, best_arrangement, deadwood_points  # noqa: E402
from tests.melds_helpers import brute_best  # noqa: E402

GIN = MeldRule()
BASIC = MeldRule(aces="high_or_low", ace_value=11, joker_value=15)
BOATHOUSE = MeldRule(aces="around", ace_value=11, joker_value=15)
CHUNK = 1000
OPENSPIEL_SUITS = "SCDH"  # OpenSpiel's card int = suit * 13 + rank, suits s c d h


def gin_hands(n: int, rng: random.Random) -> tuple[list[list[int]], list[int]]:
    """The same hands as OpenSpiel card lists and as our masks."""
    ours_suit = [FRENCH_SUIT_INDEX[s] for s in OPENSPIEL_SUITS]
    os_hands, masks = [], []
    for _ in range(n):
        hand = rng.sample(range(52), 10)
        os_hands.append(hand)
        masks.append(sum(1 << (ours_suit[c // 13] * 13 + c % 13) for c in hand))
    return os_hands, masks


FRENCH_SUIT_INDEX = {s: FRENCH52.card("A" + s) // 13 for s in "CDHS"}


def bench_gin(n: int, rng: random.Random) -> None:
    os_hands, masks = gin_hands(n, rng)
    best_arrangement(FRENCH52, 0, GIN)  # the suit tables are built once per rule
    try:
        from pyspiel import gin_rummy
    except ImportError:
        gin_rummy = None
    times = {"openspiel": 0.0, "deadwood_points": 0.0, "best_arrangement": 0.0}
    theirs, ours_dp, ours_ba = [], [], []
    clock = time.perf_counter
    for i in range(0, n, CHUNK):
        hs, ms = os_hands[i:i + CHUNK], masks[i:i + CHUNK]
        if gin_rummy is not None:
            utils = gin_rummy.GinRummyUtils(13, 4, 10)
            md = utils.min_deadwood
            t0 = clock()
            theirs += [md(h) for h in hs]
            times["openspiel"] += clock() - t0
        t0 = clock()
        ours_dp += [deadwood_points(FRENCH52, m, GIN) for m in ms]
        times["deadwood_points"] += clock() - t0
        t0 = clock()
        ours_ba += [best_arrangement(FRENCH52, m, GIN).points for m in ms]
        times["best_arrangement"] += clock() - t0
    assert ours_dp == ours_ba, "deadwood_points and best_arrangement disagree"
    rates = {k: n / t for k, t in times.items() if t}
    print(f"Gin hands: {n} random 10-card hands, aces low")
    if gin_rummy is None:
        print("  OpenSpiel: not installed (pip install open_spiel); no ratio")
    else:
        print(f"  OpenSpiel min_deadwood (C++, from Python): {rates['openspiel']:10.0f} hands/s")
    for name in ("deadwood_points", "best_arrangement"):
        line = f"  ours {name:16s}: {rates[name]:10.0f} hands/s"
        if gin_rummy is not None:
            line += f"   ratio to OpenSpiel {rates[name] / rates['openspiel']:.2f}"
        print(line)
    if gin_rummy is not None:
        differ = sum(a != b for a, b in zip(theirs, ours_dp))
        print(f"  deadwood compared with OpenSpiel on {len(theirs)} hands: {differ} differ")


def joker_hands(deck, n: int, size: int, jokers: tuple[int, int], rng: random.Random) -> list[list[int]]:
    naturals = [c for c in range(deck.size) if not deck.codes[c].startswith("X")]
    joker_cards = [c for c in range(deck.size) if deck.codes[c].startswith("X")]
    out = []
    for _ in range(n):
        k = rng.randint(*jokers)
        out.append(rng.sample(naturals, size - k) + rng.sample(joker_cards, k))
    return out


def bench_jokers(label: str, deck, hands: list[list[int]], rule: MeldRule) -> None:
    clock = time.perf_counter
    best_arrangement(deck, 0, rule)  # the rule's suit tables are built once
    t0 = clock()
    ours = [best_arrangement(deck, h, rule) for h in hands]
    t_ours = clock() - t0
    t0 = clock()
    brute = [brute_best(deck, h, rule) for h in hands]
    t_brute = clock() - t0
    differ = sum((a.points, len(a.deadwood)) != b for a, b in zip(ours, brute))
    print(f"{label}: {len(hands)} hands")
    print(f"  brute force:           {len(hands) / t_brute:10.0f} hands/s")
    print(f"  ours best_arrangement: {len(hands) / t_ours:10.0f} hands/s   ratio to brute force {t_brute / t_ours:.1f}")
    print(f"  compared with the brute force on {len(hands)} hands: {differ} differ")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=40000)
    ap.add_argument("--joker-hands", type=int, default=300)
    args = ap.parse_args()
    rng = random.Random(1)
    bench_gin(args.hands, rng)
    bench_jokers("Joker hands (54 cards, 10 cards with 1-2 jokers, aces high or low)", FRENCH54,
                 joker_hands(FRENCH54, args.joker_hands, 10, (1, 2), rng), BASIC)
    bench_jokers("Two decks (108 cards, 12 cards with 0-2 jokers, aces high or low)", FRENCH108,
                 joker_hands(FRENCH108, args.joker_hands, 12, (0, 2), rng), BASIC)
    big = joker_hands(FRENCH108, args.joker_hands // 3, 22, (1, 2), rng)
    best_arrangement(FRENCH108, 0, BOATHOUSE)
    t0 = time.perf_counter()
    for hand in big:
        best_arrangement(FRENCH108, hand, BOATHOUSE)
    rate = len(big) / (time.perf_counter() - t0)
    print(f"Large hands (108 cards, 22 cards with 1-2 jokers, K-A-2 allowed; no baseline): {rate:8.0f} hands/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
