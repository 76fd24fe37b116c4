"""How often the expert chooses another move with ten times the time: positions of seat
``deal mod players`` taken from games of simple players (a decision with more than one legal
move, each kept with probability ``--keep``), and at each the expert asked at ``--ms-a`` with
seeds 1 and 2 and at ``--ms-b`` with seed 3. Two runs at the short budget differ only by the
draw of worlds: how often they disagree is the noise of a decision; the long budget is worth
something only where it differs more often, and differs for the better.

    ORLAN_BOT_CLOCK=cpu python bench/time_agreement.py --game olsen --players 4 [--positions 150] [--ms-a 100] [--ms-b 1000]

Printed: the positions, the share where the two short runs agree, and where each agrees with
the long run, with 95% intervals (normal).
"""
from __future__ import annotations

import argparse
import math
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.bots import make_bot  # noqa: E402
from game.rules import new_game  # noqa: E402


def share(k: int, n: int) -> str:
    p = k / n
    half = 1.96 * math.sqrt(p * (1 - p) / n)
    return f"{k}/{n} = {100 * p:.1f}% ({100 * max(0.0, p - half):.1f}-{100 * min(1.0, p + half):.1f})"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="olsen")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--options", default="{}", help="the game's options, JSON")
    ap.add_argument("--positions", type=int, default=150)
    ap.add_argument("--ms-a", type=float, default=100.0, help="the short budget")
    ap.add_argument("--ms-b", type=float, default=1000.0, help="the long budget")
    ap.add_argument("--keep", type=float, default=0.35, help="chance a decision of the seat is asked")
    ap.add_argument("--seed", type=int, default=1000)
    args = ap.parse_args(argv)
    import json
    options = json.loads(args.options)
    rng = random.Random(5)
    rows = []
    deal = 0
    while len(rows) < args.positions:
        state = new_game(args.game, args.players, options, seed=args.seed + deal)
        seat = (deal + 1) % args.players
        deal += 1
        simple = [make_bot("simple", args.game, seed=s) for s in range(args.players)]
        while not state.finished and len(rows) < args.positions:
            p = state.current_player()
            obs = state.observation(p)
            if p == seat and len(state.legal_moves()) > 1 and rng.random() < args.keep:
                a = make_bot("expert", args.game, seed=1, ms=args.ms_a).choose(obs)
                b = make_bot("expert", args.game, seed=2, ms=args.ms_a).choose(obs)
                c = make_bot("expert", args.game, seed=3, ms=args.ms_b).choose(obs)
                rows.append((a == b, a == c, b == c))
                print(f"{len(rows)}: {len(state.legal_moves())} moves, short runs agree {a == b}, "
                      f"short and long {a == c} {b == c}", flush=True)
            state.apply(simple[p].choose(obs))
    n = len(rows)
    print(f"{args.game} x{args.players}, {n} positions, {args.ms_a:g} ms twice and {args.ms_b:g} ms once")
    print(f"  the two {args.ms_a:g} ms runs agree: {share(sum(r[0] for r in rows), n)}")
    print(f"  {args.ms_a:g} ms (seed 1) and {args.ms_b:g} ms agree: {share(sum(r[1] for r in rows), n)}")
    print(f"  {args.ms_a:g} ms (seed 2) and {args.ms_b:g} ms agree: {share(sum(r[2] for r in rows), n)}")


if __name__ == "__main__":
    main()
