"""Expert against simple bots in Olsen and Aluette, printed deal by deal.

    python bench/olsen_aluette_bots.py olsen   [--deals 10] [--iterations 20 | --ms 900] [--hands 4]
    python bench/olsen_aluette_bots.py aluette [--deals 30] [--iterations 20 | --ms 900]

Uses the arena's duplicate deals (``game.arena.play_deal``: every deal is played once per
seating), one process, and prints running figures after each deal so a cut-short run still
says something:

* Olsen, 4 players, one expert against three simple bots, ``--hands`` hands per game:
  the expert's average penalty per hand, the simple bots' average, and their ratio
  (target: at most 0.60).
* Aluette, an expert pair against a simple pair over five-deal matches: the expert pair's
  match wins, draws and losses (target: at least 65% wins).
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.arena import ArenaConfig, Side, percentile, play_deal  # noqa: E402


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", choices=["olsen", "aluette"])
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--iterations", type=int, default=20, help="expert budget (search iterations per move)")
    ap.add_argument("--ms", type=float, default=None, help="expert budget in ms per move (replaces --iterations)")
    ap.add_argument("--hands", type=int, default=4, help="Olsen: hands per game")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-infer", action="store_true",
                    help="experiment: worlds drawn uniformly (no likelihood of the plays seen), to measure inference")
    args = ap.parse_args(argv)
    if args.no_infer:
        import dataclasses

        from game.bots import SEARCH_HOOKS
        SEARCH_HOOKS[args.game] = dataclasses.replace(SEARCH_HOOKS[args.game], likelihood_for=None)
    expert = Side("expert", ms=args.ms) if args.ms else Side("expert", iterations=args.iterations)
    if args.game == "olsen":
        cfg = ArenaConfig("olsen", 4, {"deals": args.hands}, expert, Side("simple"), seed=args.seed, workers=1)
    else:
        cfg = ArenaConfig("aluette", 4, {"teams": True}, expert, Side("simple"), seed=args.seed, workers=1)
    infer = " (no inference)" if args.no_infer else ""
    print(f"{args.game}: {expert.label()}{infer} against simple, seed {args.seed}", flush=True)
    a_pts, b_pts, wins, draws, games = [], [], 0, 0, 0
    a_ms: list[float] = []
    t0 = time.perf_counter()
    for deal in range(args.deals):
        for r in play_deal(cfg, deal):
            games += 1
            a_ms.extend(r.a_ms)
            if args.game == "olsen":
                a_pts.append(r.a_points / args.hands)
                b_pts.append(r.b_points / args.hands)
            else:
                if r.a_points > r.b_points:
                    wins += 1
                elif r.a_points == r.b_points:
                    draws += 1
        elapsed = time.perf_counter() - t0
        ms = f"expert ms/move median {statistics.median(a_ms):.0f} p95 {percentile(a_ms, 95):.0f}"
        if args.game == "olsen":
            a, b = statistics.fmean(a_pts), statistics.fmean(b_pts)
            print(f"deal {deal + 1}: {games} games, penalty per hand expert {a:.2f}, simple {b:.2f}, "
                  f"ratio {a / b:.3f}; {ms}  ({elapsed:.0f} s)", flush=True)
        else:
            print(f"deal {deal + 1}: {games} matches, expert pair won {wins} ({wins / games:.1%}), "
                  f"drew {draws}, lost {games - wins - draws}; {ms}  ({elapsed:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
