"""Triomphe Forcée, one deal at a time: how often a seat takes the pot of a deal that is
played out (Death not dealt), when that seat is the simple bot, the expert or the expert
that sees every card, the other seats simple. A finer measure than games won: the deals
Death decides before a card is played (about 62% at four players) and the chips carried
from deal to deal are left out, so what the card play is worth shows with fewer deals.

    python bench/tf_deal_share.py --players 4 --deals 120 --kinds simple,expert,seer --iterations 48

Each kind plays every deal once per seat (duplicate deals). Printed every 10 deals: each
kind's share of pots taken with its 95% interval over deals, and the share of ties (nobody
takes the pot). The fair share is 1/players of the pots minus the ties'.

Variants of the search, for experiments (none is the app's setting):
``--search leads`` searches only the leads (the greedy rule follows), ``--search follows``
only the follows; ``--prior-weight`` the bonus of the greedy rule's card in the search's
score (``SearchHooks.prior_weight``).
"""
from __future__ import annotations

import argparse
import dataclasses
import math
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from information_ceiling import seer_class  # noqa: E402

from game.bots import make_bot  # noqa: E402
from game.bots import tarot_policy  # noqa: E402
from game.bots.expert import SEARCH_HOOKS  # noqa: E402
from game.rules import game_class  # noqa: E402

GAME = "triomphe_forcee"


def patch_search(search: str, prior_weight: float | None) -> None:
    hooks = SEARCH_HOOKS[GAME]
    if prior_weight is not None:
        hooks = dataclasses.replace(hooks, prior_weight=prior_weight)
    if search != "all":
        distinct = hooks.distinct
        greedy = tarot_policy.simple_for(GAME)

        def only(obs, legal):
            leading = not obs["trick"]
            if obs["phase"] == "play" and legal[0][0] == "play" and leading != (search == "leads"):
                return [greedy(obs, legal, random.Random(0))]
            return distinct(obs, legal)

        hooks = dataclasses.replace(hooks, distinct=only)
    SEARCH_HOOKS[GAME] = hooks


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--deals", type=int, default=120, help="deals played out (Death not dealt)")
    ap.add_argument("--kinds", default="simple,expert,seer", help="comma-separated: simple, expert, seer")
    ap.add_argument("--iterations", type=int, default=48, help="worlds a move for the expert and the seer")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--search", choices=("all", "leads", "follows"), default="all")
    ap.add_argument("--prior-weight", type=float, default=None)
    args = ap.parse_args()
    patch_search(args.search, args.prior_weight)
    cls = game_class(GAME)
    truth: dict = {}
    seer = seer_class(cls, truth, False)
    n = args.players
    kinds = args.kinds.split(",")
    shares: dict[str, list[float]] = {k: [] for k in kinds}
    ties = dict.fromkeys(kinds, 0)
    seed = args.seed
    played = 0
    while played < args.deals:
        seed += 1
        start = cls.new(n, {}, seed=seed)
        if start.death_holder() is not None:
            continue
        played += 1
        for kind in kinds:
            won = 0
            for k in range(n):
                state = cls.from_json(start.to_json())
                bots = []
                for s in range(n):
                    if s == k and kind == "expert":
                        bots.append(make_bot("expert", GAME, seed=seed * 7 + s, iterations=args.iterations))
                    elif s == k and kind == "seer":
                        bots.append(seer(cls, seed=seed * 7 + s, iterations=args.iterations))
                    else:
                        bots.append(make_bot("simple", GAME, seed=seed * 7 + s))
                while (s := state.current_player()) is not None and not state.rounds:
                    truth["state"] = state
                    state.apply(bots[s].choose(state.observation(s)))
                winner = state.rounds[0]["pot_winner"]
                won += winner == k
                ties[kind] += winner is None
            shares[kind].append(won / n)
        if played % 10 == 0 or played == args.deals:
            parts = []
            for kind, v in shares.items():
                m = statistics.fmean(v)
                h = 1.96 * statistics.stdev(v) / math.sqrt(len(v))
                parts.append(f"{kind} {m:.1%} ({max(0.0, m - h):.1%}-{m + h:.1%}), ties {ties[kind] / (len(v) * n):.0%}")
            print(f"{played} deals: " + "; ".join(parts), flush=True)


if __name__ == "__main__":
    main()
