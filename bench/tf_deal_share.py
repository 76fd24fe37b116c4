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
score (``SearchHooks.prior_weight``); ``--exact-reading`` deals the expert's worlds under
what the simple bot's rule proves about the others' hands (hard limits, true against simple
bots, wrong against people; the table's reading is soft, see docs/bots.md), with the
weighting of worlds off; ``--knows-unused`` deals the expert's worlds knowing which cards
are out of play (the 30 of 78 nobody holds at four players; not who holds the rest), a
measure of what that knowledge is worth, not a way to play; ``--tree-c C`` (with
``--tree-widen``) gives the expert own-move trees (``SearchHooks.tree_c``: its later moves in
a world chosen by a search shared over the worlds, not by the greedy rule); ``--check-reading N`` plays N deals of simple bots and counts the
positions where those limits would exclude a card a hand really holds (it should be 0).
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


def exact_reading() -> None:
    """Patch ``TriompheForceeState.hidden_constraints`` with what the greedy rule
    (``tarot_policy.choose_card``: every trick won with the cheapest card that takes it, else
    the weakest card; a plain lead is the weakest card of its suit) proves about each hand."""
    from game.rules.tarot import EXCUSE, GROUP_MASKS, N_TRUMPS, T01, TRUMP, TRUMPS, group_of
    from game.rules.triomphe_forcee import TriompheForceeState

    profile = tarot_policy.Greedy.of(game_class(GAME))
    strength = profile.strength
    key = tarot_policy._key

    def cards(group: int, lo: int, hi: int) -> int:
        return sum(1 << c for c in range(78) if GROUP_MASKS[group] >> c & 1 and lo < strength[c] < hi)

    rules_only = TriompheForceeState.hidden_constraints

    def hidden_constraints(self, seat):
        allowed, known = rules_only(self, seat)
        if self.phase != "play":
            return allowed, known
        last = self.players - 1
        for x, i, c, trick, led in self.plays():
            if x == seat:
                continue
            if led is None:
                if i == 0 and c != EXCUSE and c >= N_TRUMPS:
                    allowed[x] &= ~cards(group_of(c), -1, strength[c])
                continue
            top = max(trick[:i], key=lambda d: key(profile, d, led))
            tg, g = group_of(top), group_of(c)
            no = 0
            if c == EXCUSE or key(profile, c, led) <= key(profile, top, led):
                # it held nothing that could win (the rule wins every trick it can)
                if tg == TRUMP and (led == TRUMP or g == TRUMP):
                    no = cards(TRUMP, strength[top], 99)
                elif tg != TRUMP:
                    no = cards(led, strength[top], 99) | (TRUMPS if g not in (led, -1) else 0)
            elif g == TRUMP:  # the cheapest trump that wins
                no = cards(TRUMP, strength[top] if tg == TRUMP else 0, strength[c])
            else:  # the cheapest card of the suit that wins
                no = cards(g, strength[top], strength[c])
            if i != last:
                no &= ~(1 << T01)  # the rule keeps †1 back unless it plays last
            allowed[x] &= ~no
        return allowed, known

    TriompheForceeState.hidden_constraints = hidden_constraints
    SEARCH_HOOKS[GAME] = dataclasses.replace(SEARCH_HOOKS[GAME], likelihood_for=None)


def knows_unused(truth: dict) -> None:
    """Patch the tarot worlds' deal so that the cards out of play in the real deal
    (``truth["state"]``, the position being played) stay out of play in every world: only
    the cards really in the other hands are shared among them."""
    import game.rules.tarot as tarot

    deal = tarot.sample_hands

    def sample_hands(unseen, counts, rng, allowed=None, known=None, groups=()):
        state = truth.get("state")
        if state is None or state.phase != "play":
            return deal(unseen, counts, rng, allowed, known, groups)
        dealt = deal(unseen & ~state.unused, counts, rng, allowed, known, groups)
        dealt[-1] = state.unused
        return dealt

    tarot.sample_hands = sample_hands


def check_reading(deals: int) -> None:
    cls = game_class(GAME)
    positions = wrong = 0
    for seed in range(deals):
        state = cls.new(4, {}, seed=seed)
        bots = [make_bot("simple", GAME, seed=s) for s in range(4)]
        while (s := state.current_player()) is not None and not state.rounds:
            if state.phase == "play":
                allowed, _ = cls.from_json(state.to_json()).hidden_constraints(s)
                for x, a in allowed.items():
                    positions += 1
                    wrong += bool(state.hands[x] & ~a)
            state.apply(bots[s].choose(state.observation(s)))
    print(f"{positions} (position, other hand) pairs, {wrong} where the limits exclude a card held")


def patch_search(search: str, prior_weight: float | None) -> None:
    hooks = SEARCH_HOOKS[GAME]
    if prior_weight is not None:
        hooks = dataclasses.replace(hooks, prior_weight=prior_weight)
    if search != "all":
        distinct = hooks.distinct
        greedy = tarot_policy.simple_for(tarot_policy.Greedy.of(game_class(GAME)))

        def only(obs, legal):
            leading = not obs["trick"]
            if obs["phase"] == "play" and legal[0][0] == "play" and leading != (search == "leads"):
                return [greedy(obs, legal, random.Random(0))]
            return distinct(obs, legal)

        hooks = dataclasses.replace(hooks, distinct=only)
    SEARCH_HOOKS[GAME] = hooks


def own_move_trees(c: float, widen: float) -> None:
    SEARCH_HOOKS[GAME] = dataclasses.replace(SEARCH_HOOKS[GAME], tree_c=c, tree_widen=widen,
                                             copy_world=lambda world: world.fast_copy())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--deals", type=int, default=120, help="deals played out (Death not dealt)")
    ap.add_argument("--kinds", default="simple,expert,seer", help="comma-separated: simple, expert, seer")
    ap.add_argument("--iterations", type=int, default=48, help="worlds a move for the expert and the seer")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--search", choices=("all", "leads", "follows"), default="all")
    ap.add_argument("--prior-weight", type=float, default=None)
    ap.add_argument("--exact-reading", action="store_true")
    ap.add_argument("--knows-unused", action="store_true")
    ap.add_argument("--tree-c", type=float, default=None)
    ap.add_argument("--tree-widen", type=float, default=0.5)
    ap.add_argument("--check-reading", type=int, metavar="N", default=0)
    args = ap.parse_args()
    if args.exact_reading or args.check_reading:
        exact_reading()
    if args.check_reading:
        check_reading(args.check_reading)
        return
    patch_search(args.search, args.prior_weight)
    if args.tree_c is not None:
        own_move_trees(args.tree_c, args.tree_widen)
    cls = game_class(GAME)
    truth: dict = {}
    seer = seer_class(cls, truth, False)
    if args.knows_unused:
        knows_unused(truth)
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
