"""Where the expert knows every card and solves the rest of the deal exactly, several moves
often share the optimal value (a deal already won or lost by the same margin whatever is
played). Which of them does it play? ``game.bots.expert.TIE_PLAYOUTS`` play-outs of each
(the rule for every seat after it) tell them apart; without them it plays the first in its
search's order. This bench measures what that is worth against the simple level:

    python bench/endgame_ties.py [--positions 300] [--games orlan,bezique,...] [--seed 1]

For each game, positions are drawn as in ``bench/endgames.py`` (the simple level plays, one
move in ten at random, until a seat can know every card: the Bezique family's second stage,
two-player Orlan's last deal, Olsen's last tricks, the tarot dealer's last three tricks). From each, the deal is played to its end
twice on the same dice: the expert in that seat with the tie-break, then without, every
other seat the simple level. Printed per game: the points the tie-break gains a position
(the seat's points of the deal minus the others' mean; penalty points count against, in
Olsen), with its 95% interval, in how many positions the deal went differently, and the
games won or lost by it where the deal ended the game.
"""
from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import game.bots.expert as expert  # noqa: E402
from game.bots import SEARCH_HOOKS, make_bot  # noqa: E402
from game.rules import new_game  # noqa: E402

PLAYERS = {"orlan": 2, "olsen": 4, "maison_troggen": 3, "leipzig_taroc": 3}
GAMES = ("orlan", "bezique", "marjolet", "binage", "fildinski", "rubicon", "olsen", "maison_troggen", "leipzig_taroc")


def known(state) -> bool:
    """The seat to move knows every card and has a choice (its expert solves one world)."""
    p = state.current_player()
    if p is None or len(state.legal_moves()) < 2:
        return False
    hook = SEARCH_HOOKS[state.info.id].endgame_for
    plan = hook(state.observation(p), 900.0) if hook else None
    return plan is not None and plan.exact


def positions(game: str, count: int, seed: int):
    rng = random.Random(seed)
    players = PLAYERS.get(game, 2)
    options = {"deals": 1} if game == "olsen" else {}
    made = 0
    g = 0
    while made < count:
        g += 1
        state = new_game(game, players, options, seed=seed * 1_000_003 + g)
        bots = [make_bot("simple", game, seed=rng.randrange(1 << 30)) for _ in range(players)]
        round_no = None
        while (p := state.current_player()) is not None:
            # One position per deal: its first decision where the seat knows every card.
            if getattr(state, "round_no", 0) != round_no and known(state):
                round_no = getattr(state, "round_no", 0)
                yield state.fast_copy()
                made += 1
                if made >= count:
                    return
            legal = state.legal_moves()
            state.apply(rng.choice(legal) if rng.random() < 0.1 else bots[p].choose(state.observation(p)))


def play_deal(start, ties: int, seed: int) -> tuple[float, float | None, tuple]:
    """(points of the deal for the seat, +1/-1 game won/lost if the deal ended it, the moves)."""
    expert.TIE_PLAYOUTS = ties
    state = start.fast_copy()
    seat = state.current_player()
    n = state.players
    lower = bool(state.info.extra.get("lower_wins"))
    before = list(state.result()["totals"])
    round_no = getattr(state, "round_no", 0)
    bots = [make_bot("expert" if s == seat else "simple", state.info.id, seed=seed * 7 + s, iterations=1)
            for s in range(n)]
    moves = []
    while (p := state.current_player()) is not None and getattr(state, "round_no", 0) == round_no:
        move = bots[p].choose(state.observation(p))
        moves.append(move)
        state.apply(move)
    after = state.result()["totals"]
    gain = [a - b for a, b in zip(after, before)]
    v = gain[seat] - statistics.fmean(gain[s] for s in range(n) if s != seat)
    if lower:
        v = -v
    won = None
    if state.current_player() is None:
        won = 1.0 if seat in state.result()["winners"] else -1.0
    return v, won, tuple(map(str, moves))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    ties = expert.TIE_PLAYOUTS
    print(f"tie-break: {ties} play-outs a tied move, against none; the expert against the simple level, "
          f"{args.positions} positions a game (seed {args.seed})")
    print("| game | positions | points gained a position (95% CI) | deals played differently | games won / lost by it |")
    print("|---|---|---|---|---|")
    for game in args.games.split(","):
        diffs, changed, won, lost = [], 0, 0, 0
        for k, start in enumerate(positions(game, args.positions, args.seed)):
            a = play_deal(start, ties, k)
            b = play_deal(start, 0, k)
            diffs.append(a[0] - b[0])
            changed += a[2] != b[2]
            if a[1] != b[1]:
                if (a[1] or 0) > (b[1] or 0):
                    won += 1
                else:
                    lost += 1
        expert.TIE_PLAYOUTS = ties
        m = statistics.fmean(diffs)
        h = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
        print(f"| {game} | {len(diffs)} | {m:+.2f} ({m - h:+.2f} .. {m + h:+.2f}) | {changed} | {won} / {lost} |", flush=True)


if __name__ == "__main__":
    main()
