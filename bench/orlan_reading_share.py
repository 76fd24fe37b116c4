"""How much of the two-player Orlan expert's play the reading of the opponent changes: two
experts play whole games and, at each decision of seat 0 with more than one legal move,
the bench asks whether the reading (``_tree_others_for``) would search the opponent's
replies or keep the greedy rule's. The two designs told apart by the 1 s runs (searched
replies always, and the app's reading) differ only where it keeps the rule.

    ORLAN_BOT_CLOCK=cpu python bench/orlan_reading_share.py [--games 8] [--ms 100] [--seed 1000]

Printed per game: the decision at which the reading first searched the replies, the
decisions of the game, its rounds; then the share of decisions with the rule's replies.
"""
from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.bots import make_bot  # noqa: E402
from game.bots.orlan_policy import _tree_others_for  # noqa: E402
from game.rules.orlan import OrlanState  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--ms", type=float, default=100.0, help="each expert's budget a move")
    ap.add_argument("--seed", type=int, default=1000)
    args = ap.parse_args(argv)
    decisions = with_rule = 0
    for g in range(args.games):
        state = OrlanState.new(2, {"target": 11}, seed=args.seed + g)
        bots = [make_bot("expert", "orlan", seed=(args.seed + g) * 7 + s, ms=args.ms) for s in range(2)]
        k, first = 0, None
        while (seat := state.current_player()) is not None:
            obs = state.observation(seat)
            if seat == 0 and len(state.legal_moves()) > 1:
                k += 1
                searched = _tree_others_for(obs)
                with_rule += not searched
                if searched and first is None:
                    first = k
            state.apply(bots[seat].choose(obs))
        decisions += k
        print(f"game {g}: replies searched from decision {first} of {k}, {len(state.result()['rounds'])} rounds", flush=True)
    print(f"decisions with the rule's replies: {with_rule} of {decisions} ({with_rule / max(decisions, 1):.1%})")


if __name__ == "__main__":
    main()
