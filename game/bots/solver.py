"""Exact search of perfect-information positions: alpha-beta with a transposition table.

The expert uses it where a seat can know every card (the Bezique family once the stock is
drawn, two-player Orlan in its last deal, the last tricks of a trick game) and, in every
sampled world of a perfect-information Monte Carlo search, as deep as its time allows
(``game/bots/endgame.py``). A game family gives its positions as a small object
(``Family``); the search below is the same for all of them.

Two sides. The searching seat's side maximizes, everybody else minimizes the same value
(two-player games are zero-sum; in a game of more players the others are taken as one
side, the "paranoid" reduction, which is exact in a partnership game). Values are in the
game's points, from the point of view of the side to move (negamax):

    value(p) = max over moves m of  reward(p, m) + (value(child) if the same side moves
                                                      next, else -value(child))

``reward`` is what the move earns at once for the side that made it (the points of a trick
it completes, say), so a position's value is what is still to come: positions reached by
different paths share a value, which is what makes the transposition table sound. A family
whose score is not a sum of such rewards (most cards in Orlan, the game won by reaching a
target) carries the running score in its positions and scores only at the end.

The search is resumable: it checks a deadline every ``CHECK`` nodes and raises ``Abort``
when it passes; every position finished before that stays in the table, so the next call
from the same root walks back down to where it stopped. This is how the table keeps
60 fps while a position is solved over many slices, with no threads (the browser build has
none), and why a sliced search gives the values of one long call.

``depth`` limits the plies searched (None: to the end); below it the family's ``estimate``
scores the position. Entries remember the depth they were searched to and serve only
searches that need no more.
"""
from __future__ import annotations

from typing import Any, Hashable, Protocol

from game.bots.base import clock

INF = float("inf")
FULL_DEPTH = 1 << 30  # "to the end": deeper than any game
CHECK = 63  # nodes between two looks at the clock, less one (a mask: every 64 nodes)


class Abort(Exception):
    """The deadline passed; positions finished so far are kept in the table."""


class Family(Protocol):
    """A game family's perfect-information positions, as the search needs them."""

    def moves(self, pos: Any) -> list:
        """The legal moves of the player to move, in the order to try them (best first
        helps: alpha-beta cuts more), one per class of moves no continuation tells apart.
        Empty once the position is over."""

    def play(self, pos: Any, move: Any) -> tuple[Any, float, bool]:
        """(child position, reward of the move for the side that made it, whether that
        side is to move again in the child)."""

    def terminal(self, pos: Any) -> float | None:
        """The value of a finished position (for the side to move there), else None."""

    def key(self, pos: Any) -> Hashable:
        """What the rest of the play depends on (the cards left, whose turn...)."""

    def estimate(self, pos: Any) -> float:
        """A heuristic value of an unfinished position, where a depth limit stops."""


class Solver:
    """Negamax alpha-beta over one family's positions, with a transposition table."""

    __slots__ = ("family", "table", "nodes", "deadline", "check", "_moves", "_play", "_terminal", "_key", "_estimate")

    def __init__(self, family: Family):
        self.family = family
        self.table: dict[Hashable, tuple[int, float, float, Any]] = {}
        self.nodes = 0
        self.deadline: float | None = None
        # Nodes between two looks at the clock, less one (a family whose nodes are slow
        # looks more often, to keep a slice within its time).
        self.check = getattr(family, "check_every", CHECK)
        self._moves = family.moves
        self._play = family.play
        self._terminal = family.terminal
        self._key = family.key
        self._estimate = family.estimate

    def value(self, pos: Any, depth: int | None = None, alpha: float = -INF, beta: float = INF,
              deadline: float | None = None) -> float:
        """The value of ``pos`` for the side to move (exact within (alpha, beta); outside,
        a bound on the right side of it). Raises ``Abort`` past ``deadline``."""
        self.deadline = deadline
        return self._search(pos, alpha, beta, FULL_DEPTH if depth is None else depth)

    def move_value(self, pos: Any, move: Any, depth: int | None = None, deadline: float | None = None) -> float:
        """The exact value of playing ``move`` in ``pos``, for the side to move in ``pos``."""
        self.deadline = deadline
        if hasattr(self.family, "deadline"):
            self.family.deadline = deadline  # a family whose root moves take long (a play-out) stops too
        child, reward, same = self._play(pos, move)
        d = FULL_DEPTH if depth is None else depth
        v = self._search(child, -INF, INF, d - 1)
        return reward + v if same else reward - v

    def best(self, pos: Any, depth: int | None = None, deadline: float | None = None) -> tuple[Any, float]:
        """A move of optimal value and that value (the first such move in the family's order)."""
        best_m, best_v = None, -INF
        for m in self._moves(pos):
            v = self.move_value(pos, m, depth, deadline)
            if v > best_v:
                best_m, best_v = m, v
        return best_m, best_v

    def _search(self, pos: Any, alpha: float, beta: float, depth: int) -> float:
        t = self._terminal(pos)
        if t is not None:
            return t
        if depth <= 0:
            return self._estimate(pos)
        key = self._key(pos)
        table = self.table
        entry = table.get(key)
        first = None
        if entry is not None:
            d, lo, hi, first = entry
            if d >= depth:
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
        self.nodes += 1
        if not self.nodes & self.check and self.deadline is not None and clock() > self.deadline:
            raise Abort
        moves = self._moves(pos)
        if len(moves) == 1:
            # A forced move: nothing to choose, nothing worth a table entry.
            child, r, same = self._play(pos, moves[0])
            if same:
                return r + self._search(child, alpha - r, beta - r, depth - 1)
            return r - self._search(child, r - beta, r - alpha, depth - 1)
        if first is not None and first in moves and moves[0] != first:
            moves = [first] + [m for m in moves if m != first]
        play = self._play
        search = self._search
        a = alpha
        best_v = -INF
        best_m = None
        for m in moves:
            child, r, same = play(pos, m)
            if same:
                v = r + search(child, a - r, beta - r, depth - 1)
            else:
                v = r - search(child, r - beta, r - a, depth - 1)
            if v > best_v:
                best_v, best_m = v, m
                if v > a:
                    a = v
                    if a >= beta:
                        break
        if best_v <= alpha:
            lo, hi = -INF, best_v
        elif best_v >= beta:
            lo, hi = best_v, INF
        else:
            lo = hi = best_v
        if entry is not None and entry[0] == depth and max(lo, entry[1]) <= min(hi, entry[2]):
            # Two bounds from searches of the same depth narrow each other.
            lo, hi = max(lo, entry[1]), min(hi, entry[2])
        table[key] = (depth, lo, hi, best_m)
        return best_v


def minimax_check(family: Family, pos: Any) -> float:
    """Plain minimax with no pruning and no table: for tests of small positions."""
    t = family.terminal(pos)
    if t is not None:
        return t
    best = -INF
    for m in family.moves(pos):
        child, r, same = family.play(pos, m)
        v = minimax_check(family, child)
        best = max(best, r + v if same else r - v)
    return best


def deadline_in(ms: float) -> float:
    return clock() + ms / 1000.0


class Plan:
    """What the expert needs to search one position with exact endgames (``SearchHooks.
    endgame_for(obs)`` returns one, or None where the game has none).

    ``start(world) -> (family, position)``: a sampled world (a full State) as the family's
    position at the observation's point (the family may depend on the world: the stock's
    order in Orlan); ``move(m)`` a root move in the family's terms. ``known``: the
    observation fixes the world, so one world solved exactly decides the move (and every
    legal move is weighed: no candidate is left out). ``depth``: plies searched in each
    world before the family's ``estimate`` scores the position (None: to the end).
    ``scale``: the family's points per unit of the game's ``evaluate``, so that values and
    the search's thresholds (priors, early stop) stay in one unit.
    """

    def __init__(self, start, known: bool = False, depth: int | None = None, scale: float = 1.0, move=None):
        self.start = start
        self.known = known
        self.depth = depth
        self.scale = scale
        self.move = move or (lambda m: m)

    @property
    def exact(self) -> bool:
        return self.known and self.depth is None
