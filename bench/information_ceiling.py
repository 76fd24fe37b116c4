"""What seeing the hidden cards is worth to the expert: the ceiling of reading the table.

One side is the expert whose worlds are the true deal (it sees every hidden card), played
beside the normal expert on the same deals and seats at the same number of worlds a move,
each against the simple rule in the other seats:

    python bench/information_ceiling.py --game triomphe_forcee --players 4 --deals 40 --iterations 48
    python bench/information_ceiling.py --game orlan --players 2 --deals 80 --iterations 40 --hands-only

``--hands-only`` (Orlan): the others' hands are the true ones, the stock is still dealt at
random (what a perfect reading of the plays could tell, at most). ``--others expert
--others-ms 100 --ms 100`` plays against the expert at 0.1 s instead of the simple rule, both
sides on a time budget (with ``ORLAN_BOT_CLOCK=cpu``, CPU time); ``--only seer`` skips the
normal expert's games (against the expert at its own budget it is the expert's 50%):

    ORLAN_BOT_CLOCK=cpu python bench/information_ceiling.py --game orlan --players 2 --deals 100 --hands-only --ms 100 --others expert --others-ms 100 --only seer --seed 900000 --options '{"target": 11}'

Printed: each side's share of games won with its 95% interval (from the spread between
deals) and the fair share.
"""
from __future__ import annotations

import argparse
import math
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots import make_bot  # noqa: E402
from game.bots.expert import ExpertBot  # noqa: E402
from game.rules import game_class  # noqa: E402


def seer_class(cls, truth: dict, hands_only: bool = False, from_trick: int = 0):
    """The expert whose every world is the true deal (``truth["state"]``, kept current by the
    caller); ``hands_only`` (Orlan): the other hands true, the stock still shuffled;
    ``from_trick`` (trick games): the sampled worlds, as the expert's, until that many
    tricks of the hand are done, the true deal from then on."""

    class Seer(ExpertBot):
        """The expert, dealt the true deal instead of sampled worlds."""

        def _start(self) -> None:
            super()._start()
            sampled = self._sample

            def true_world(rng):
                state = truth["state"]
                if from_trick and len(state.record.done) < from_trick:
                    return sampled(rng)
                if not hands_only:
                    return state.fast_copy()
                world = sampled(rng)
                hidden = sum(1 << c for c in world.stock)
                for seat, hand in enumerate(world.hands):
                    if seat != self.seat:
                        hidden |= hand
                for seat, hand in enumerate(state.hands):
                    if seat != self.seat:
                        world.hands[seat] = hand
                        hidden &= ~hand
                rest = [c for c in range(hidden.bit_length()) if hidden >> c & 1]
                rng.shuffle(rest)
                world.stock = rest
                return world

            self._sample = true_world

    return Seer


def play(cls, seer, args, seed: int, seating: list[str], kind: str) -> float:
    state = cls.new(args.players, args.options, seed=seed)
    bots = []
    for seat, side in enumerate(seating):
        bot_seed = seed * 7 + seat
        budget = {"ms": args.ms} if args.ms else {"iterations": args.iterations}
        if side == "a" and kind == "seer":
            bots.append(seer(cls, seed=bot_seed, **budget))
        elif side == "a":
            bots.append(make_bot("expert", args.game, seed=bot_seed, **budget))
        else:
            bots.append(make_bot(args.others, args.game, seed=bot_seed, ms=args.others_ms))
    while (seat := state.current_player()) is not None:
        args.truth["state"] = state
        state.apply(bots[seat].choose(state.observation(seat)))
    winners = state.result()["winners"]
    ours = [w for w in winners if seating[w] == "a"]
    if args.teams:
        return 1.0 if ours else 0.0
    return len(ours) / len(winners) if winners else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="orlan")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--iterations", type=int, default=40, help="worlds a move for both experts")
    ap.add_argument("--options", default="{}", help="game options as JSON")
    ap.add_argument("--hands-only", action="store_true", help="Orlan: true hands, the stock still at random")
    ap.add_argument("--seed", type=int, default=700_000)
    ap.add_argument("--ms", type=float, default=None, help="a time budget a move for seer and expert instead of --iterations")
    ap.add_argument("--others", default="simple", choices=["simple", "expert"], help="the bot in the other seats")
    ap.add_argument("--others-ms", type=float, default=100.0, help="the others' budget a move (the expert)")
    ap.add_argument("--only", choices=["seer", "expert"], default=None, help="play only one of the two sides")
    args = ap.parse_args()
    import json

    args.options = json.loads(args.options)
    args.teams = bool(args.options.get("teams"))
    args.truth = {}
    cls = game_class(args.game)
    seer = seer_class(cls, args.truth, args.hands_only)
    n = args.players
    seatings = ([["a", "b"] * (n // 2), ["b", "a"] * (n // 2)] if args.teams
                else [["a" if s == k else "b" for s in range(n)] for k in range(n)])
    fair = 0.5 if args.teams else 1.0 / n
    shares: dict[str, list[float]] = {k: [] for k in ("seer", "expert") if args.only in (None, k)}
    for d in range(args.deals):
        for kind, per_deal in shares.items():
            per_deal.append(statistics.fmean(play(cls, seer, args, args.seed + d, st, kind) for st in seatings))
        if d:
            parts = []
            for kind, v in shares.items():
                m = statistics.fmean(v)
                h = 1.96 * statistics.stdev(v) / math.sqrt(len(v))
                parts.append(f"{kind} {m:.1%} ({max(0.0, m - h):.1%}-{min(1.0, m + h):.1%})")
            print(f"{d + 1} deals, {(d + 1) * len(seatings)} games each: " + ", ".join(parts) + f"; fair share {fair:.1%}",
                  flush=True)


if __name__ == "__main__":
    main()
