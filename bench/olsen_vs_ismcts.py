"""Olsen, 4 players: our expert against OpenSpiel's C++ ISMCTS, on duplicate deals.

    python bench/olsen_vs_ismcts.py [--deals 200] [--ms 900 | --iterations N] [--sims 1000] [--seed 1] [--workers 1 | --ray ADDRESS]
    python bench/olsen_vs_ismcts.py --ms 1000 --b-ms 100 [--deals 60]     (the expert against itself)

Each deal (one hand of Olsen, no passing, no J♦ rule: the game's defaults) is played
twice from the same cards:

* game A: our expert in one seat (seat = deal number mod 4, so every seat takes its turn),
  ISMCTS in the three others;
* game B: ISMCTS in all four seats.

The figure is the expert seat's penalty in A minus the same seat's penalty in B (the
ISMCTS player that sat there), averaged over deals with a 95% interval (normal, over
deals): below zero means the expert takes fewer penalty points than ISMCTS holding the
same cards against the same opponents. The other seats' bots are seeded alike in A and B.
Also printed: A's share of deals (fewer penalty points than B: 1, as many: 1/2), with its
95% interval. With ``--b-without-endgames`` game B seats the same expert at the same
budget with its exact endgames off (``docs/bots.md``, *Exact endgames*): what they change,
deal by deal. With ``--b-ms`` (or ``--b-iterations``) game B seats the expert with that
budget instead of ISMCTS: 1 s against 0.1 s, the three others ISMCTS both times. With
``--others simple`` the three other seats are our simple players instead of ISMCTS (no
OpenSpiel needed): ``--ms 1000 --b-ms 100 --others simple`` is the time-scaling figure of
docs/bots.md. With ``--a-seer`` the expert of game A sees every hand (its worlds are the true
deal): ``--ms 100 --b-ms 100 --others simple --a-seer`` is what seeing the hidden cards
would be worth at most, against the same expert at the same budget. ``--a-seer-from-trick K`` lets it
see every hand only once K tricks of the hand are done (its sampled worlds before): what
knowing the rest of the hand from there on is worth.

How the two engines meet. Our engine (``OlsenState``) runs every game and is the referee.
When an ISMCTS seat is to move, its position is rebuilt as an OpenSpiel ``hearts`` state
(``pass_cards=False``, ``qs_breaks_hearts=False``; the rest default: 2♣ leads, no hearts
or Q♠ on the first trick, hearts must be broken, taking all penalties gives the others 26)
by replaying the true deal and every card played so far; ISMCTS only ever reads its own
information state from it (its search re-deals the hidden hands with OpenSpiel's
``ResampleFromInfostate``), so it sees what its seat sees, as our expert does. OpenSpiel's
Hearts and Olsen score the same (hearts 1, Q♠ 13, all penalties: 0 for the taker and 26
for each other player) and agree on every legal card but one case: a heart led by a
player holding nothing but hearts breaks hearts in OpenSpiel and not in Olsen, so later
OpenSpiel may offer a heart lead Olsen forbids. Should ISMCTS pick a card Olsen refuses,
the seat plays Olsen's simple rule instead; the run counts and prints those moves.

ISMCTS settings (``pyspiel.ISMCTSBot``): ``--sims`` simulations per move, random rollout
evaluator (1 rollout), UCT constant ``--uct-c``, unlimited world samples, final move by
visit count. Its returns are 26 minus the penalty, so ``--uct-c`` is in points.
"""
from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.arena import percentile  # noqa: E402
from game.bots import make_bot  # noqa: E402
from game.bots.base import clock  # noqa: E402
from game.bots.olsen_policy import simple_policy  # noqa: E402
from game.parallel import ClusterError, runner  # noqa: E402
from game.cards import FRENCH52  # noqa: E402
from game.rules.olsen import OlsenState  # noqa: E402

OS_RANKS = "23456789TJQKA"
OS_SUITS = "CDHS"


def to_openspiel(card: int) -> int:
    code = FRENCH52.code(card)  # e.g. "QS", "TD", "AC"
    return OS_RANKS.index(code[0]) * 4 + OS_SUITS.index(code[1])


def from_openspiel(action: int) -> int:
    return FRENCH52.card(OS_RANKS[action // 4] + OS_SUITS[action % 4])


def openspiel_state(game, deal_hands: list[int], plays: list[int]):
    """OpenSpiel Hearts at the same point: the deal (card i goes to player i mod 4), then
    every card played, in order."""
    s = game.new_initial_state()
    s.apply_action(0)  # pass direction: no pass
    hands = [sorted(to_openspiel(c) for c in range(52) if h >> c & 1) for h in deal_hands]
    for i in range(13):
        for p in range(4):
            s.apply_action(hands[p][i])
    for a in plays:
        s.apply_action(a)
    return s


class Ismcts:
    def __init__(self, game, seed: int, sims: int, uct_c: float):
        import pyspiel

        self.game = game
        self.bot = pyspiel.ISMCTSBot(seed, pyspiel.RandomRolloutEvaluator(1, seed), uct_c, sims, -1,
                                     pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)

    def choose(self, state: OlsenState, deal_hands: list[int], plays: list[int]) -> tuple[int, bool]:
        os_state = openspiel_state(self.game, deal_hands, plays)
        assert os_state.current_player() == state.current_player()
        card = from_openspiel(self.bot.step(os_state))
        if card in state.legal_moves():
            return card, False
        obs = state.observation(state.current_player())
        legal = [OlsenState.move_from_json(m) for m in obs["legal"]]
        return simple_policy(obs, legal, random.Random(0)), True


class Simple:
    """Our simple player in an other seat (``--others simple``)."""

    def __init__(self, seed: int):
        self.bot = make_bot("simple", "olsen", seed=seed)

    def choose(self, state: OlsenState, deal_hands: list[int], plays: list[int]) -> tuple[int, bool]:
        return self.bot.choose(state.observation(state.current_player())), False


def _bench_on_path() -> None:
    here = os.path.dirname(os.path.abspath(__file__))
    if here not in sys.path:  # a Ray worker's path lacks the bench folder
        sys.path.insert(0, here)


def play(deal_seed: int, expert_seat: int | None, budget: tuple, args, game, tree: dict | None = None,
         seer_sees: bool = False) -> tuple[list[int], list[float], int]:
    """One hand; returns (points per seat, expert ms per move, ISMCTS moves replaced).
    ``budget`` is the expert's (ms, iterations); ``tree``: the expert is the observation
    tree experiment (bench/olsen_observation_tree.py) with these constants; ``seer_sees``:
    the expert sees every hand."""
    state = OlsenState.new(4, {"deals": 1}, seed=deal_seed)
    truth = {"state": state}
    seer = None
    if seer_sees:
        _bench_on_path()
        from information_ceiling import seer_class

        seer = seer_class(OlsenState, truth, from_trick=args.a_seer_from_trick)
    deal_hands = list(state.hands)
    bots = {}
    for seat in range(4):
        if seat == expert_seat:
            ms, iterations = budget
            if tree is not None:
                _bench_on_path()
                from olsen_observation_tree import PomcpBot

                bots[seat] = PomcpBot(OlsenState, seed=deal_seed * 7 + seat, ms=ms or 100.0, iterations=iterations)
                bots[seat].c, bots[seat].widen = tree["c"], tree["widen"]
            elif seer is not None:
                bots[seat] = seer(OlsenState, seed=deal_seed * 7 + seat, ms=ms or 100.0, iterations=iterations)
            else:
                bots[seat] = make_bot("expert", "olsen", seed=deal_seed * 7 + seat, ms=ms or 100.0, iterations=iterations)
        elif args.others == "simple":
            bots[seat] = Simple(deal_seed * 7 + seat)
        else:
            bots[seat] = Ismcts(game, deal_seed * 7 + seat, args.sims, args.uct_c)
    plays: list[int] = []
    times: list[float] = []
    replaced = 0
    while state.round_no == 0 and state.current_player() is not None:
        seat = state.current_player()
        bot = bots[seat]
        if seat == expert_seat:
            t0 = clock()
            card = bot.choose(state.observation(seat))
            times.append((clock() - t0) * 1000.0)
        else:
            card, fixed = bot.choose(state, deal_hands, plays)
            replaced += fixed
        state.apply(card)
        plays.append(to_openspiel(card))
    last = state.rounds[-1]
    points = [0] * 4
    for s, p in zip(last["seats"], last["points"]):
        points[s] = p
    return points, times, replaced


def run_deal(task):
    deal, args = task
    if args.tree_c is not None:  # an experiment: the Olsen expert with own-move trees
        import dataclasses

        from game.bots import SEARCH_HOOKS
        SEARCH_HOOKS["olsen"] = dataclasses.replace(SEARCH_HOOKS["olsen"], tree_c=args.tree_c)

    game = None
    if args.others == "ismcts":
        import pyspiel

        game = pyspiel.load_game("hearts", {"pass_cards": False, "qs_breaks_hearts": False})
    deal_seed = args.seed * 1_000_003 + deal
    seat = deal % 4
    tree = {"c": args.tree_ucb_c, "widen": args.tree_widen_visits} if args.a_observation_tree else None
    a, times, ra = play(deal_seed, seat, (args.ms, args.iterations), args, game, tree, seer_sees=args.a_seer)
    if args.b_without_endgames:
        # Game B: the same expert at the same budget with its exact endgames off (the
        # play-outs of before them), read by each move's search from expert.ENDGAMES.
        from game.bots import expert

        expert.ENDGAMES = False
        try:
            b, _, rb = play(deal_seed, seat, (args.ms, args.iterations), args, game)
        finally:
            expert.ENDGAMES = True
    else:
        b_budget = (args.b_ms, args.b_iterations)
        b, _, rb = play(deal_seed, seat if any(b_budget) else None, b_budget, args, game)
    return deal, seat, a[seat], b[seat], times, ra + rb


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--ms", type=float, default=None, help="expert budget per move in ms (the app's: 900)")
    ap.add_argument("--iterations", type=int, default=None, help="expert budget in worlds per move (replaces --ms)")
    ap.add_argument("--b-ms", type=float, default=None, help="game B: the expert with this budget instead of ISMCTS")
    ap.add_argument("--b-iterations", type=int, default=None, help="game B: the expert with this many worlds")
    ap.add_argument("--b-without-endgames", action="store_true",
                    help="game B: the expert at A's budget without its exact endgames (as ORLAN_BOT_ENDGAMES=off)")
    ap.add_argument("--others", choices=("ismcts", "simple"), default="ismcts",
                    help="who plays the three other seats (and game B's seat without --b-ms)")
    ap.add_argument("--sims", type=int, default=1000, help="ISMCTS simulations per move")
    ap.add_argument("--uct-c", type=float, default=2.0)
    ap.add_argument("--tree-c", type=float, default=None,
                    help="experiment: give the Olsen expert own-move trees with this constant (units of 13 points)")
    ap.add_argument("--a-observation-tree", action="store_true",
                    help="experiment: game A's expert searches a tree over what its seat sees (bench/olsen_observation_tree.py)")
    ap.add_argument("--tree-ucb-c", type=float, default=0.5, help="with --a-observation-tree: UCB1 constant (units of 13 points)")
    ap.add_argument("--tree-widen-visits", type=int, default=0,
                    help="with --a-observation-tree: visits a node plays the rule's card before it tries the others")
    ap.add_argument("--a-seer", action="store_true", help="game A's expert sees every hand (a ceiling)")
    ap.add_argument("--a-seer-from-trick", type=int, default=0, metavar="K",
                    help="with --a-seer: it sees every hand only once K tricks are done (what knowing the rest late is worth)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--ray", default=None, metavar="ADDRESS",
                    help="play the deals as Ray tasks on an existing Ray cluster ('auto' or host:port; "
                         "pip install -e \".[cluster]\"), as main.py arena --ray does")
    args = ap.parse_args(argv)
    if args.a_seer_from_trick and not args.a_seer:
        ap.error("--a-seer-from-trick goes with --a-seer")
    if args.ms is None and args.iterations is None:
        args.ms = 900.0
    budget = f"{args.iterations} worlds" if args.iterations else f"{args.ms:g} ms"
    if args.b_without_endgames:
        b_label = f"expert ({budget}) without its exact endgames"
    elif args.b_ms or args.b_iterations:
        b_label = f"expert ({args.b_iterations} worlds)" if args.b_iterations else f"expert ({args.b_ms:g} ms)"
    else:
        b_label = "ISMCTS" if args.others == "ismcts" else "simple"
    seer_label = f"the seer from trick {args.a_seer_from_trick + 1}" if args.a_seer_from_trick else "the seer"
    print(f"olsen 4 players, one hand per deal: A = {seer_label if args.a_seer else 'expert'} ({budget}) vs B = {b_label} in the same seat, "
          f"others {f'OpenSpiel ISMCTS({args.sims}, c={args.uct_c:g})' if args.others == 'ismcts' else 'simple'}, "
          f"{'' if args.tree_c is None else f'expert tree_c {args.tree_c:g}, '}"
          f"{f'A with the observation tree (c {args.tree_ucb_c:g}, widen {args.tree_widen_visits}), ' if args.a_observation_tree else ''}"
          f"seed {args.seed}, {args.deals} duplicate deals, {f'Ray at {args.ray}' if args.ray else f'{args.workers} worker(s)'}, "
          f"{'CPU' if os.environ.get('ORLAN_BOT_CLOCK') == 'cpu' else 'wall-clock'} time, load {os.getloadavg()[0]:.1f}",
          flush=True)
    tasks = [(d, args) for d in range(args.deals)]
    t0 = time.perf_counter()
    try:
        with runner(args.workers, args.ray) as run:
            report(run.map_unordered(run_deal, tasks), args, t0)
    except ClusterError as e:
        sys.exit(f"error: {e}")


def report(results, args, t0: float) -> None:
    """The running figures, every 10 deals and at the end (deals in any order: each deal's
    figures depend on its seed only)."""
    diffs, exp_pts, ism_pts, times, shares = [], [], [], [], []
    replaced = 0
    for i, (deal, seat, a, b, ms, rep) in enumerate(results, 1):
        diffs.append(a - b)
        shares.append(1.0 if a < b else 0.5 if a == b else 0.0)
        exp_pts.append(a)
        ism_pts.append(b)
        times.extend(ms)
        replaced += rep
        if i % 10 == 0 or i == args.deals:
            mean = statistics.fmean(diffs)
            half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else float("nan")
            share = statistics.fmean(shares)
            sh = 1.96 * statistics.stdev(shares) / math.sqrt(len(shares)) if len(shares) > 1 else float("nan")
            print(f"{i} deals: A {statistics.fmean(exp_pts):.2f} vs B {statistics.fmean(ism_pts):.2f} "
                  f"penalty per hand in the same seat, difference {mean:+.2f} (95% CI {mean - half:+.2f} .. "
                  f"{mean + half:+.2f}); A's share {100 * share:.1f}% (CI {100 * (share - sh):.1f}-{100 * (share + sh):.1f}%); "
                  f"A ms/move median {statistics.median(times):.0f} "
                  f"p95 {percentile(times, 95):.0f} ({len(times)} moves); ISMCTS cards replaced {replaced}; "
                  f"load {os.getloadavg()[0]:.1f}; {time.perf_counter() - t0:.0f} s", flush=True)


if __name__ == "__main__":
    main()
