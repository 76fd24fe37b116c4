"""The `expert` level: determinized Monte Carlo search over hidden information.

Generic over the rules interface. The search draws "worlds": the cards the seat has not
seen, dealt at random consistently with everything it has seen (``State.sample``, one
function per game). In each world it tries EVERY root move (the observation's legal moves,
legal in every world since they depend only on what the seat sees), each followed by the
same continuation: the game's rollout policy (``ROLLOUT_POLICIES``, see ``simple.py``)
driven by a generator seeded identically for every root move. Comparing moves on common
worlds and common dice removes most of the noise that flat Monte Carlo drowns in (paired
comparisons); averaging over fresh worlds keeps the search honest about what opponents
may hold, and the rollout policy only uses what its player could know, so rollout
opponents do not play as if they saw all cards.

Own-move trees (``tree_c``): under each root move the search keeps an open-loop tree of
its side's later decisions (the seat's own, and its partners' in a team game; keyed by
the sequence of those moves; opponents' moves in between are played by the rollout
policy and not part of the key, as in single-observer ISMCTS with the opponents modelled
by the policy). A decision first follows the rollout policy;
as it is met in more worlds it widens (``tree_widen``) to other moves and picks among
those legal in the current world by UCB with availability counts. So with more time the
seat plays its own continuation better than the greedy policy: strength grows with time,
where a flat search saturates once the paired means stop moving.

Others in the tree (``tree_others_for(obs)`` true): the other sides' moves are decisions of
the tree as well, keyed by (player, move) like the side's, so the key is every play the
seat sees, and its later decisions can answer what the others did. Another side picks, by
the same UCB with availability counts, the move worst for the searching side; as its
first child it takes the rollout policy's move, so with few visits the tree plays as
without it, and with more the others' replies approach the worst for the seat instead of
the greedy rule's (single-observer ISMCTS with every player in the tree).

Partnerships: in a team game the seats of the searching seat's side (``team_for``; by
default the game's fixed partners, or seats of the same parity when the ``teams`` option
is on) decide in the same tree: the partner's moves are chosen by the search for the
team's value (the evaluation is the side's), not by the opponents' rule. Tree decisions
are keyed by (seat, move), so a partner's and the seat's moves never share a statistic.

Reading the table (``likelihood_for``): a game may weigh each sampled world by how likely
the others' observed plays were, from that world's hands, under the simple policy. Each
world the search uses is then drawn among ``infer_pool`` candidate worlds in proportion to
those weights (sampling-importance-resampling: the hard constraints stay those of
``State.sample``, the soft ones tilt the draw; averages stay plain means over worlds).

Time (with a ``ms`` budget; an ``iterations`` budget always runs to the end): the search
stops before its budget only when more time could not change the choice:

* the leader's margin exceeds what the remaining worlds could overturn: with ``W`` worlds
  done and ``R`` more affordable, for every other move ``k`` the summed lead
  ``W * gap_k`` exceeds ``R`` times the largest per-world swing seen between them (the
  widest paired difference observed, after ``settle_worlds`` worlds); or
* every candidate is worth the same to within ``settle_eps`` points, ``settle_z``
  standard errors included (the choice would not matter for the score).

A rollout stops at the end of the round (``round_marker`` changes, or the game ends) or,
with a ``horizon`` of k turns, when the seat is about to move for the k-th time after the
root move; ``evaluate`` then scores the position for the seat's side. The move played is
the one with the best mean over the complete worlds.

Per-game plug-in (``register_hooks(game_id, SearchHooks(...))``, from the game's module
under ``game/bots/``):

``round_marker(state) -> hashable``
    Rollouts stop when it changes. Default: ``len(state.result()["rounds"])`` (slow but
    generic; a game without "rounds" plays rollouts to the end of the game).
``evaluate(state, seat, ended) -> float``
    The outcome for the seat's side, in points; ``ended`` says the round (or game) is
    over, else the rollout was cut at the horizon. Default: the change of the side's
    total (mean over its seats) minus the mean change of the other seats' since the
    search root (sign flipped when ``info.extra["lower_wins"]``, for penalty games), plus
    a bonus for winning the game (``win_bonus``, shared out among the other sides).
``horizon``: turns of the seat before a rollout is cut (None: to the end of the round);
    ``horizon_for(obs)`` chooses it per position.
``apply_fast``: name of a method applying a legal move without checks (Orlan
    ``apply_unchecked``); default ``apply``.
``playout_from(obs) -> finish(state, seat, rng) -> value`` or None: a game's fast playout
    of the rest of the round from any state reached in a rollout (the state is not used
    afterwards); the tree search calls it as soon as a rollout leaves the tree, so trees
    and the game's fast path work together (Olsen: the bitmask playout).
``team_for(obs) -> seats``: the searching seat's side (see Partnerships).
``likelihood_for(obs) -> weight(world) -> float`` or None, with ``infer_pool``: see
    Reading the table.

Exact endgames (``endgame_for(obs, ms) -> solver.Plan``): instead of play-outs, each world
is searched by ``game/bots/solver.py`` (alpha-beta with a transposition table, over a
game family's own positions). Where the observation fixes the world (``Plan.known``: the
Bezique family's second stage, two-player Orlan's last deal, the last tricks where one deal
of the hidden cards fits what was seen) the one world is solved to the end, every legal move
is weighed and the search is over, but for moves of the same optimal value, which
``TIE_PLAYOUTS`` play-outs each of that world tell apart; elsewhere each world is searched as deep as the time per
move allows (``Plan.depth``, or the family's own exact part), and the values are averaged
over worlds as play-outs are. The solver stops at the slice's end and goes on from its table
in the next slice.

``ORLAN_BOT_ENDGAMES=off`` in the environment turns the hook off (every game plays out its
worlds by rule, as before the exact endgames): for measuring what the endgames change, on
the same deals and in the same code.

Budgets: ``ms`` per move (the search stops before a rollout that would overshoot, from
the mean rollout cost), or ``iterations`` = number of worlds, for reproducible tests;
slicing with ``step`` never changes the result for an iteration budget.
"""
from __future__ import annotations

import math
import os
import random
from dataclasses import dataclass
from typing import Any, Callable

from game.bots.base import Bot, clock
from game.bots.simple import SIMPLE_POLICIES, random_policy, rollout_policy
from game.bots.solver import Abort, Solver
from game.rules.base import Move, State


@dataclass
class SearchHooks:
    round_marker: Callable[[State], Any] | None = None
    evaluate: Callable[[State, int, bool], float] | None = None
    horizon: int | None = None
    # horizon_for(obs) -> int | None, when the horizon depends on the position (e.g. play
    # the last deal out to the end of the round, where little is left hidden)
    horizon_for: Callable[[dict], int | None] | None = None
    apply_fast: str = "apply"
    # prior(obs, legal) -> a score per move (higher is better), e.g. the simple policy's;
    # the search then only tries the ``candidates`` best moves by prior, and the prior
    # breaks near-ties (weight ``prior_weight``, in points).
    prior: Callable[[dict, list], list[float]] | None = None
    candidates: int | None = None
    prior_weight: float = 0.0
    win_bonus: float = 3.0  # generic evaluate: points a won game is worth
    # distinct(obs, legal) -> the legal moves with all but one of each set of equivalent moves
    # dropped (moves no continuation can tell apart, e.g. touching cards), so each world
    # costs fewer rollouts. The search then only tries those.
    distinct: Callable[[dict, list], list] | None = None
    # sampler_for(obs) -> (rng -> world) or None: a game's faster ``State.sample`` for one
    # position (what is known is parsed once, each world only deals the hidden cards).
    sampler_for: Callable[[dict], Callable[[random.Random], State] | None] | None = None
    # rollout_for(obs) -> playout(world, seat, root_move, rng) -> value, or None: a game's own
    # fast rollout (play the root move, then the round out, and score it as ``evaluate``
    # would), given a sampled world it must not change. The world is then sampled once per
    # world and shared by every root move instead of once per rollout.
    # (Not combined with own-move trees: with a tree the generic rollout is used.)
    rollout_for: Callable[[dict], Callable[[State, int, Move, random.Random], float] | None] | None = None
    # Own-move trees (see the module text): exploration constant, in points, and how fast
    # a decision widens (children allowed = 1 + widen * sqrt(visits)); None: no tree, the
    # seat's later moves are played by the rollout policy.
    tree_c: float | None = None
    tree_widen: float = 0.5
    # tree_others_for(obs) -> bool: the other sides decide in the tree too (see the module
    # text, *Others in the tree*); default: they play the rollout policy.
    tree_others_for: Callable[[dict], bool] | None = None
    # Early stop with a time budget (see the module text): None disables it. ``settle_z``
    # standard errors for the "all candidates equal" test, ``settle_eps`` points for what
    # counts as equal, and no stop before ``settle_worlds`` worlds.
    settle_z: float | None = None
    settle_worlds: int = 24
    settle_eps: float = 0.0
    # playout_from(obs) -> finish(state, seat, rng) -> value, or None (see the module text).
    playout_from: Callable[[dict], Callable[[State, int, random.Random], float] | None] | None = None
    # team_for(obs) -> the seats of the searching seat's side; default ``team_seats``.
    team_for: Callable[[dict], Any] | None = None
    # likelihood_for(obs) -> weight(world) -> float, or None: how likely the observed plays
    # are in that world; worlds are drawn among ``infer_pool`` candidates by weight.
    likelihood_for: Callable[[dict], Callable[[State], float] | None] | None = None
    infer_pool: int = 6
    # copy_world(world) -> an independent copy: the generic rollout then deals each world
    # once and gives every root move a copy, instead of dealing it again per root move (a
    # deal shuffles the unseen cards; a copy only copies a few lists).
    copy_world: Callable[[State], State] | None = None
    # endgame_for(obs, ms) -> solver.Plan | None: exact search of each world (game/bots/solver.py)
    # instead of play-outs: where the observation fixes the world (``Plan.known``) one world
    # solved to the end decides; elsewhere each world is searched ``Plan.depth`` plies, as
    # deep as the time per move ``ms`` allows.
    endgame_for: Callable[[dict, float | None], Any] | None = None


SEARCH_HOOKS: dict[str, SearchHooks] = {}
# Where the one known world is solved exactly, moves of the same optimal value are told apart
# by this many play-outs each of that world (the rule for every seat after the move): against
# a player who errs, the optimal move that leaves him most room to err. It never costs value;
# it matters where minimax is indifferent (a round already won or lost by the same margin
# whatever is played). 0: the first optimal move in the search's order.
TIE_PLAYOUTS = 16
# Exact endgames on (the default) or off (``ORLAN_BOT_ENDGAMES=off``: measurements only).
ENDGAMES = os.environ.get("ORLAN_BOT_ENDGAMES", "on") != "off"


def register_hooks(game_id: str, hooks: SearchHooks) -> None:
    SEARCH_HOOKS[game_id] = hooks


def free_some(tables: list[dict], entries: int = 4000) -> None:
    """Drop up to ``entries`` positions of the tables (the last first)."""
    while tables and entries > 0:
        table = tables[-1]
        n = min(entries, len(table))
        pop = table.popitem
        for _ in range(n):
            pop()
        entries -= n
        if not table:
            tables.pop()


class _Node:
    """A decision of the searching seat, reached by the same sequence of its own moves
    (opponents' moves in between are not part of the key: an open-loop tree)."""

    __slots__ = ("children", "n", "w", "avail")

    def __init__(self) -> None:
        self.children: dict[Any, _Node] = {}
        self.n = 0  # visits
        self.w = 0.0  # summed values
        self.avail = 0  # visits of the parent in which this move was legal


def _generic_marker(state: State) -> Any:
    return len(state.result().get("rounds", ()))


def team_seats(game: type[State], obs: dict) -> list[int]:
    """The seats of the observing seat's side: the game's fixed partnerships
    (``info.extra["partners"]``), seats of the same parity when the ``teams`` option is on
    (2v2 at four), else the seat alone."""
    seat = obs["seat"]
    for group in game.info.extra.get("partners") or ():
        if seat in group:
            return list(group)
    players = obs.get("players", 0)
    if game.info.teams != "none" and (obs.get("options") or {}).get("teams") and players % 2 == 0:
        return [s for s in range(players) if s % 2 == seat % 2]
    return [seat]


def _generic_evaluator(game: type[State], root_totals: list[float], win_bonus: float, team: list[int] | None = None):
    """The change of the side's total (mean over its seats) minus the mean change of the
    other seats' since the search root, plus the win bonus once the game is decided."""
    sign = -1.0 if game.info.extra.get("lower_wins") else 1.0

    def evaluate(state: State, seat: int, ended: bool) -> float:
        res = state.result()
        totals = res.get("totals") or root_totals
        gains = [t - r for t, r in zip(totals, root_totals)]
        side = team if team and seat in team else [seat]
        mine = sum(gains[i] for i in side) / len(side)
        others = [g for i, g in enumerate(gains) if i not in side]
        v = sign * (mine - (sum(others) / len(others) if others else 0.0))
        if res.get("finished"):
            other_sides = max(1, len(others) // len(side))
            v += win_bonus if seat in res.get("winners", ()) else -win_bonus / other_sides
        return v

    return evaluate


class ExpertBot(Bot):
    level = "expert"
    # Whether the search may skip moves (equivalent ones, or those outside the prior's best
    # ``candidates``). A review (game/review.py) needs a value for every legal move.
    prune_moves = True

    def _start(self) -> None:
        obs = self._obs
        game_id = self.game.info.id
        self.hooks = SEARCH_HOOKS.get(game_id, SearchHooks())
        self.seat = obs["seat"]
        self.policy = rollout_policy(game_id)
        self.marker = self.hooks.round_marker or _generic_marker
        self.team = frozenset(self.hooks.team_for(obs) if self.hooks.team_for else team_seats(self.game, obs))
        if self.hooks.evaluate is not None:
            self.evaluate = self.hooks.evaluate
        else:
            totals = [float(t) for t in obs.get("totals") or []]
            self.evaluate = _generic_evaluator(self.game, totals, self.hooks.win_bonus, sorted(self.team))
        if self.prune_moves and self.hooks.distinct is not None and len(self._legal) > 1:
            self._legal = self.hooks.distinct(obs, self._legal)
        self._bias = [0.0] * len(self._legal)
        plan = None
        if self.hooks.endgame_for is not None and ENDGAMES and len(self._legal) > 1:
            # The depth follows the time per move even under an iteration budget (a fixed number
            # of worlds): measurements at fixed counts then keep each budget's depth.
            plan = self.hooks.endgame_for(obs, self.ms)
        self._plan = plan
        self._solver = None
        # Tables of the worlds done, freed a little at a time: dropping a table of tens of
        # thousands of positions at once takes longer than a frame.
        self._spent_tables: list[dict] = []
        # A solved position weighs every legal move, with no thumb on the scale.
        if self.prune_moves and self.hooks.prior is not None and len(self._legal) > 1 and not (plan and plan.exact):
            prior = self.hooks.prior(obs, self._legal)
            order = sorted(range(len(self._legal)), key=lambda i: -prior[i])
            if self.hooks.candidates:
                order = order[: self.hooks.candidates]
            self._legal = [self._legal[i] for i in order]
            self._bias = [self.hooks.prior_weight * prior[i] for i in order]
        self.horizon = self.hooks.horizon_for(obs) if self.hooks.horizon_for else self.hooks.horizon
        n = len(self._legal)
        self.totals = [0.0] * n  # summed over complete worlds
        self.worlds = 0  # complete worlds
        self._partial = [0.0] * n  # the world being evaluated
        self._cursor = n  # next root move to try in the current world; n = start a new one
        self._world_seed = 0
        self._rollout_ms = 0.0
        self._rollouts = 0
        self._trees = [_Node() for _ in range(n)] if self.hooks.tree_c is not None and plan is None else None
        self._tree_all = bool(self._trees is not None and self.hooks.tree_others_for and self.hooks.tree_others_for(obs))
        self._sq = [0.0] * n  # summed squares of (value - value of move 0), for settling
        # per move, the lowest and highest (value - value of move 0) in one world: the widest
        # swing between two moves that one more world could bring
        self._lo = [0.0] * n
        self._hi = [0.0] * n
        self.settled = False
        self._ties: list[int] | None = None  # moves of the same exact value, being told apart
        self._tie_totals = [0.0] * n
        self._tie_counts = [0] * n
        self._tie_done = 0
        self._tie_seed = 0
        fast = self.hooks.rollout_for(obs) if self.hooks.rollout_for and self._trees is None and plan is None else None
        self._playout = fast
        self._leaf = self.hooks.playout_from(obs) if self.hooks.playout_from and self.horizon is None else None
        self._world: State | None = None
        sampler = self.hooks.sampler_for(obs) if self.hooks.sampler_for else None
        if sampler is None and self.game.hidden_dealer is not State.hidden_dealer:
            sampler = self.game.sampler(obs)  # the observation read once for all the worlds
        self._sample = sampler or (lambda rng: self.game.sample(obs, rng))
        self._likelihood = self.hooks.likelihood_for(obs) if self.hooks.likelihood_for and n > 1 else None
        self.weights_seen: list[float] = []  # weight of each world drawn (for tests and logs)

    def _think(self, ms: float) -> bool:
        if len(self._legal) == 1:
            return True
        t0 = self._slice_t0 = clock()
        if self._spent_tables:
            free_some(self._spent_tables)
        limit = self.iterations
        first = True  # every slice makes progress, however thin
        while True:
            if limit is not None and self.worlds >= limit and self._ties is None:
                return True
            if self.settled:
                return True
            elapsed = (clock() - t0) * 1000.0
            if not first and elapsed + 1.5 * self._rollout_ms > ms:
                return False
            first = False
            if not self._rollout_next(t0 + ms / 1000.0):
                return False  # the solver stopped at the slice's end; it goes on from there
            took = (clock() - t0) * 1000.0 - elapsed
            self._rollouts += 1
            # Running mean of a rollout's cost, to stop before overshooting the budget.
            self._rollout_ms = took if self._rollouts == 1 else 0.8 * self._rollout_ms + 0.2 * took

    def _rollout_next(self, deadline: float) -> bool:
        """One root move of the current world (a new world after the last); False when the
        solver stopped at ``deadline`` before it had the move's value."""
        n = len(self._legal)
        if self._ties is not None:
            self._tie_playout()
            return True
        if self._cursor >= n:
            self._cursor = 0
            self._draw_world()
            if self._plan is not None:
                family, self._root = self._plan.start(self._world)
                if self._solver is not None:
                    self._spent_tables.append(self._solver.table)
                self._solver = Solver(family)
        i = self._cursor
        if self._plan is not None:
            plan = self._plan
            try:
                v = self._solver.move_value(self._root, plan.move(self._legal[i]), plan.depth, deadline)
            except Abort:
                return False
            self._partial[i] = v / plan.scale
        elif self._playout is not None:
            # Same world and same dice as _rollout would use, without re-sampling.
            rng = random.Random(self._world_seed + 1)
            self._partial[i] = self._playout(self._world, self.seat, self._legal[i], rng)
        else:
            tree = self._trees[i] if self._trees is not None else None
            self._partial[i] = self._rollout(self._legal[i], self._world_seed, tree)
        self._cursor += 1
        if self._cursor >= n:
            base = self._partial[0]
            first = self.worlds == 0
            for k in range(n):
                self.totals[k] += self._partial[k]
                d = self._partial[k] - base
                self._sq[k] += d * d
                if first or d < self._lo[k]:
                    self._lo[k] = d
                if first or d > self._hi[k]:
                    self._hi[k] = d
            self.worlds += 1
            if self._plan is not None and self._plan.exact:
                # The one world there is, solved to the end: over, unless moves tie.
                self._ties = self._tied_best()
                self.settled = self._ties is None
            z = self.hooks.settle_z
            if z is not None and self.worlds >= self.hooks.settle_worlds and self.iterations is None:
                world_ms = max(1e-6, self._rollout_ms * n)
                left = max(0.0, self.ms - self._spent_now())
                self.settled = self.can_stop(left / world_ms, z)
        return True

    def _tied_best(self) -> list[int] | None:
        """The moves of the best exact value, when more than one and play-outs may tell
        them apart."""
        if TIE_PLAYOUTS <= 0:
            return None
        best = max(self.totals)
        ties = [i for i, t in enumerate(self.totals) if t >= best - 1e-9]
        if len(ties) < 2:
            return None
        self._tie_seed = self.rng.getrandbits(64)
        return ties

    def _tie_playout(self) -> None:
        """One play-out of one tied move; the tied moves take turns, each round of them
        with the same dice."""
        ties = self._ties
        k = self._tie_done
        if k == 0:
            # The running cost becomes a play-out's, not the solve's: a slice fits many.
            self._rollouts = 0
        i = ties[k % len(ties)]
        self._tie_totals[i] += self._rollout(self._legal[i], self._tie_seed + k // len(ties))
        self._tie_counts[i] += 1
        self._tie_done = k + 1
        if self._tie_done >= TIE_PLAYOUTS * len(ties):
            self.settled = True

    def _spent_now(self) -> float:
        # ``_spent`` counts finished slices; the current one started ``_slice_t0``.
        return self._spent + (clock() - self._slice_t0) * 1000.0

    def _draw_world(self) -> None:
        """The next world's seed (and world, for a game's own rollout): one draw, or with a
        likelihood the weighted pick among ``infer_pool`` candidate worlds."""
        rng = self.rng
        like = self._likelihood
        keep = self._playout is not None or self.hooks.copy_world is not None or self._plan is not None
        if like is None:
            self._world_seed = rng.getrandbits(64)
            if keep:
                self._world = self._sample(random.Random(self._world_seed))
            return
        seeds = [rng.getrandbits(64) for _ in range(max(1, self.hooks.infer_pool))]
        worlds = [self._sample(random.Random(x)) for x in seeds]
        weights = [max(0.0, like(w)) for w in worlds]
        total = sum(weights)
        if total > 0.0:
            x = rng.random() * total
            pick = len(weights) - 1
            for i, wt in enumerate(weights):
                if x < wt:
                    pick = i
                    break
                x -= wt
        else:
            pick = rng.randrange(len(seeds))
        self.weights_seen.append(weights[pick] / total if total > 0.0 else 0.0)
        self._world_seed = seeds[pick]
        self._world = worlds[pick] if keep else None

    def can_stop(self, remaining_worlds: float, z: float | None = None) -> bool:
        """True when ``remaining_worlds`` more worlds could not change the choice: the
        leader's summed lead over every other move exceeds the remaining worlds times the
        widest per-world swing seen between the two; or every move is worth the same to
        within ``settle_eps`` (and ``z`` standard errors of the paired difference)."""
        n = len(self._legal)
        w = self.worlds
        if n < 2:
            return True
        if not w:
            return False
        means = [t / w + b for t, b in zip(self.totals, self._bias)]
        best = max(range(n), key=lambda i: (means[i], -i))
        unbeatable = True
        for k in range(n):
            if k == best:
                continue
            # per world, v_k - v_best = d_k - d_best <= hi_k - lo_best
            swing = max(0.0, self._hi[k] - self._lo[best])
            if w * (means[best] - means[k]) <= remaining_worlds * swing + 1e-12:
                unbeatable = False
                break
        if unbeatable:
            return True
        eps = self.hooks.settle_eps
        if eps <= 0.0:
            return False
        z = self.hooks.settle_z if z is None else z
        for k in range(n):
            if k == best:
                continue
            var = 0.0
            for j in (k, best):
                mean_d = (self.totals[j] - self.totals[0]) / w
                var += max(0.0, self._sq[j] / w - mean_d * mean_d)
            se = (2.0 * var / w) ** 0.5
            if means[best] - means[k] + (z or 0.0) * se >= eps:
                return False
        return True

    def _rollout(self, root_move: Move, world_seed: int, tree: "_Node | None" = None) -> float:
        rng = random.Random(world_seed)
        copy = self.hooks.copy_world
        state = copy(self._world) if copy is not None and self._world is not None else self._sample(rng)
        rng.seed(world_seed + 1)  # common dice for every root move
        apply = getattr(state, self.hooks.apply_fast)
        marker = self.marker
        start = marker(state)
        policy = self.policy
        seat = self.seat
        horizon = self.horizon
        team = self.team
        tree_all = self._tree_all
        leaf = self._leaf
        turns = 0
        apply(root_move)
        ended = False
        node = tree
        path = [tree] if tree is not None else None
        value = None
        while True:
            p = state.current_player()
            if p is None or marker(state) != start:
                ended = True
                break
            if node is None and leaf is not None:
                value = leaf(state, seat, rng)
                break
            if p == seat and horizon is not None:
                turns += 1
                if turns >= horizon:
                    break
            if node is not None and (tree_all or p in team):
                move, child, leave = self._tree_move(node, state, rng, p)
                path.append(child)
                node = None if leave else child
                apply(move)
                continue
            apply(policy(state, state.legal_moves(), rng))
        if value is None:
            value = self.evaluate(state, seat, ended)
        if path is not None:
            for nd in path:
                nd.n += 1
                nd.w += value
        return value

    def _tree_move(self, node: _Node, state: State, rng: random.Random, player: int) -> tuple[Move, _Node, bool]:
        """The move at a tree decision (the seat's or a partner's, or another side's with
        ``tree_others_for``; keyed by (player, move)): a new child (the rollout policy's pick
        among the moves not tried yet) while the decision may widen, else the best child for
        the player's side by UCB over the moves legal in this world. Returns (move, child,
        leave): after adding a child the search leaves the tree and the rest of the rollout
        is policy (or the game's fast playout)."""
        legal = state.legal_moves()
        children = node.children
        avail = [m for m in legal if (player, m) in children]
        for m in avail:
            children[(player, m)].avail += 1
        untried = [m for m in legal if (player, m) not in children]
        allowed = 1 + int(self.hooks.tree_widen * math.sqrt(node.n))
        if untried and len(avail) < allowed:
            move = self.policy(state, untried, rng) if len(untried) > 1 else untried[0]
            child = children[(player, move)] = _Node()
            child.avail = 1
            return move, child, True
        c = self.hooks.tree_c
        # Values are the searching side's: another side picks the move worst for it.
        sign = 1.0 if player in self.team else -1.0
        best_m, best_v = None, -math.inf
        for m in avail:
            ch = children[(player, m)]
            v = sign * ch.w / ch.n + c * math.sqrt(math.log(ch.avail) / ch.n) if ch.n else math.inf
            if v > best_v:
                best_m, best_v = m, v
        return best_m, children[(player, best_m)], False

    def _best(self) -> Move:
        n = len(self._legal)
        if n == 1:
            return self._legal[0]
        if self._ties is not None and min(self._tie_counts[i] for i in self._ties) > 0:
            # Among the moves of the same exact value, the best in play-outs.
            ties = self._ties
            return self._legal[max(ties, key=lambda i: (self._tie_totals[i] / self._tie_counts[i], -i))]
        if self.worlds:
            scores = [t / self.worlds + b for t, b in zip(self.totals, self._bias)]
        elif self._cursor > 0 and self._cursor < n:
            # Not one world done (tiny budget): judge the moves tried so far on that world.
            scores = [self._partial[i] if i < self._cursor else -1e18 for i in range(n)]
        else:
            if self.hooks.prior is not None:
                return self._legal[0]  # the best by prior
            return SIMPLE_POLICIES.get(self.game.info.id, random_policy)(self._obs, self._legal, self.rng)
        return self._legal[max(range(n), key=lambda i: (scores[i], -i))]

    def stats(self) -> list[tuple[Move, float]]:
        """(move, mean value over complete worlds) per root move, for logs and the protocol."""
        return [(m, t / max(1, self.worlds)) for m, t in zip(self._legal, self.totals)]
