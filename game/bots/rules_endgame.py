"""The end of a deal of any game as positions for the exact search (``solver.py``), through
the game's own rules: a position is a copy of the state, a move is applied by the rules.

Slower than a family on bitmasks (a copy and the rules' bookkeeping at every node), so the
expert uses it where few cards are left: the last tricks of the tarot games where the seat
can know every card (the dealer, who made the skart, once the shown voids leave one deal
of the other hands). The value is the game's own evaluation at the end of the deal, for the
seat's side (``team``), every other seat minimizing it; positions are scored only at the
end, since tarot counts its piles by threes, not card by card.

A position is ``(state, mover)``: ``mover`` is the seat to move, or, once the deal is over,
the seat that made the last move (whose side the terminal value is given for).
"""
from __future__ import annotations

from typing import Any, Callable

# State fields that record the past of the deal, not what can still happen.
HISTORY = frozenset(("rounds", "tricks", "trick_leaders", "trick_winners", "declared", "deal_plays", "round_plays", "past_rounds"))


class RulesEndgame:
    check_every = 7  # a node costs a copy of the state: look at the clock every 8 nodes

    def __init__(self, world: Any, seat: int, team: frozenset[int], value: Callable[[Any], float],
                 ended: Callable[[Any], bool], copy: Callable[[Any], Any], apply: str = "apply_unchecked"):
        self.seat = seat
        self.team = team
        self.value = value  # value(final state) for the seat's side
        self.ended = ended
        self.copy = copy
        self.apply = apply
        self.fields = [f.name for f in type(world).FIELDS if f.name not in HISTORY]
        self.root = (world, world.current_player())

    def key(self, pos: tuple) -> tuple:
        state = pos[0]
        out = []
        for name in self.fields:
            v = getattr(state, name)
            out.append(tuple(v) if isinstance(v, list) else v)
        return tuple(out)

    def terminal(self, pos: tuple):
        state, mover = pos
        if not self.ended(state):
            return None
        v = self.value(state)
        return v if mover in self.team else -v

    def estimate(self, pos: tuple) -> float:
        return 0.0

    def moves(self, pos: tuple) -> list:
        state = pos[0]
        if self.ended(state):
            return []
        return state.legal_moves()

    def play(self, pos: tuple, move: Any) -> tuple[tuple, float, bool]:
        state, mover = pos
        child = self.copy(state)
        getattr(child, self.apply)(move)
        nxt = mover if self.ended(child) else child.current_player()
        return (child, nxt), 0.0, (nxt in self.team) == (mover in self.team)
