"""Fit the Orlan reading's weight of a contradicted play (``INFER_MISS``, and
``INFER_MISS_SEARCHED`` once the opponent has left the greedy rule) to an opponent: two-player
games of the expert (seat 0) against ``--observed``; after each play of seat 1 the reading's
test of that play alone (``reading_tests``: the cards the greedy rule would have scored more
with) is set against its real hand. ``p`` is the chance a uniform world's hand holds one of
those cards; with a weight ``m`` for such worlds the reading expects a hit with chance
``m p / (m p + 1 - p)``, and ``m`` is fitted by maximum likelihood.

    ORLAN_BOT_CLOCK=cpu python bench/orlan_reading_fit.py [--games 12] [--observed expert] [--ms 100]

Printed: the tests, the hits, the mean ``p`` and the fitted weight, over all tests and split
by whether the reading had the opponent leaving the rule (``_tree_others_for``). Then how
well each weight reads the real hand: at each turn of seat 0 after a play of seat 1 in the
deal, ``--worlds`` uniform worlds weighed by the reading give each unknown card's chance to be
in seat 1's hand, scored by log loss against the real hand (nats a position, less the loss
of no reading; lower is better).
"""
from __future__ import annotations

import argparse
import math
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.bots import make_bot  # noqa: E402
from game.bots.orlan_policy import (  # noqa: E402
    FULL, INFER_MISS, INFER_MISS_SEARCHED, _tree_others_for, _view, reading_tests,
)
from game.cards import FRENCH52  # noqa: E402
from game.rules.orlan import OrlanState  # noqa: E402


def unknown_to(obs: dict) -> int:
    """The cards the observing seat cannot see: not in its hand, on the table or in a pile."""
    hand, table, seen, _ = _view(obs)
    return FULL & ~(hand | table | seen)


def fitted_weight(rows: list[tuple[float, bool]]) -> float:
    """The weight in (0, 1] that makes the hits most likely (a grid of 0.001)."""
    def log_likelihood(m: float) -> float:
        total = 0.0
        for p, hit in rows:
            q = min(max(m * p / (m * p + 1 - p), 1e-12), 1 - 1e-12)
            total += math.log(q if hit else 1 - q)
        return total
    return max((k / 1000 for k in range(1, 1001)), key=log_likelihood)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--observed", default="expert", help="the level of seat 1")
    ap.add_argument("--ms", type=float, default=100.0, help="both bots' budget a move")
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--worlds", type=int, default=200, help="worlds a position for the log loss")
    args = ap.parse_args(argv)
    rows: list[tuple[float, bool, bool]] = []  # (p, hit, reading on)
    positions: list[tuple[dict, int]] = []  # (seat 0's observation, seat 1's real hand)
    for g in range(args.games):
        state = OrlanState.new(2, {"target": 11}, seed=args.seed + g)
        bots = [make_bot("expert", "orlan", seed=g * 7, ms=args.ms),
                make_bot(args.observed, "orlan", seed=g * 7 + 1, ms=args.ms)]
        while (seat := state.current_player()) is not None:
            obs = state.observation(seat)
            if seat == 0 and any(p["seat"] == 1 for p in obs.get("deal_plays") or []):
                positions.append((obs, state.hands[1]))
            before = len(obs.get("deal_plays") or [])
            state.apply(bots[seat].choose(obs))
            if seat != 1 or state.current_player() is None:
                continue
            seen = state.observation(0)
            plays = seen.get("deal_plays") or []
            if len(plays) != before + 1:
                continue  # the play ended a deal or a round: its table is gone from the record
            # The newest play alone: rewinding one play from the table now is exact.
            tests = reading_tests(dict(seen, deal_plays=plays[-1:]))
            held = state.hands[1].bit_count()
            if not tests or not held:
                continue
            unknown = unknown_to(seen)
            against = tests[0][1] & unknown
            u, b = unknown.bit_count(), against.bit_count()
            p = 1 - math.comb(u - b, held) / math.comb(u, held)
            rows.append((p, bool(state.hands[1] & against), _tree_others_for(seen)))
        print(f"game {g}: {len(rows)} tests so far", flush=True)
    for name, part in (("all", rows), ("reading on", [r for r in rows if r[2]]),
                       ("reading off", [r for r in rows if not r[2]])):
        if part:
            print(f"{name}: {len(part)} tests, {sum(r[1] for r in part)} hits, mean p "
                  f"{sum(r[0] for r in part) / len(part):.3f}, fitted weight "
                  f"{fitted_weight([(p, hit) for p, hit, _ in part]):.3f}")
    weights = sorted({INFER_MISS, INFER_MISS_SEARCHED, 0.1, 0.3, 0.5})
    loss = {m: 0.0 for m in [1.0] + weights}
    rng = random.Random(args.seed)
    for obs, real in positions:
        tests = reading_tests(obs)
        deal = OrlanState.sampler(obs)
        hands = [deal(rng).hands[1] for _ in range(args.worlds)]
        unknown = unknown_to(obs)
        for m in loss:
            ws = [m ** sum(1 for _, against in tests if hand & against) for hand in hands]
            total = sum(ws)
            for card in range(FRENCH52.size):
                if unknown >> card & 1:
                    q = sum(w for w, hand in zip(ws, hands) if hand >> card & 1) / total
                    q = min(max(q, 1e-4), 1 - 1e-4)
                    loss[m] -= math.log(q if real >> card & 1 else 1 - q)
    if positions:
        print(f"log loss of seat 1's hand, nats a position less no reading's, {len(positions)} positions:")
        for m in weights:
            print(f"  weight {m:.2f}: {(loss[m] - loss[1.0]) / len(positions):+.4f}")


if __name__ == "__main__":
    main()
