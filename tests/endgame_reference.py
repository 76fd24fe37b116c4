"""A brute-force reference for the expert's exact endgames (tests/test_endgames.py,
bench/endgames.py). It shares nothing with game/bots/solver.py or the families' positions:
every legal move is played through the rules engine itself (a copy of the state, then
``State.apply``) to the end of the deal, and the value is the minimax over all of them, with
no pruning.

The value of a finished deal, for a seat (the definitions the expert's families use, written
again here from the rules' own results): the deal's points of the seat's side minus the mean
of the other sides' (a penalty game's sign flipped), from the totals the rules report at the
deal's end, plus ``win_points`` for a game won there (minus for a game lost; nothing for a
tie). The searching seat's side maximizes it, every other seat minimizes it.

Memo: a state's value is memoised on the state less its history (the fields in
``HISTORY``). Where the game cannot end in the rest of the deal (``decisive`` says it can),
the value still to come does not depend on the points already scored, so the memo holds
that rest, keyed without the scores (``SCORES``): many more positions meet.
"""
from __future__ import annotations

import pickle
from typing import Any, Callable

# State fields that record how the deal got here, not what can still happen. The piles won
# (``won``, ``tricks_won``) are not among them: tarot counts its piles at the deal's end, so
# two lines to the same hands with different piles are different positions. A game that
# scores every trick as it is won and never reads the piles again may leave them out
# (``ignore``: the Bezique family's second stage, ``BEZIQUE_IGNORE``).
HISTORY = frozenset(("rounds", "tricks", "trick_leaders", "trick_winners", "breakdown", "deal_plays", "round_plays", "past_rounds",
                     "declarations"))
# Fields that only hold points scored: left out of the memo's key while the game cannot end.
SCORES = frozenset(("scores", "totals", "deal_points", "side_totals"))


def _freeze(x: Any) -> Any:
    if isinstance(x, (list, tuple)):
        return tuple(_freeze(i) for i in x)
    if isinstance(x, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in x.items()))
    return x


def copy_state(state: Any) -> Any:
    """The game's own copy for searches where it has one (tested against its JSON round trip),
    else a pickle round trip."""
    fast = getattr(state, "fast_copy", None)
    if fast is not None:
        return fast()
    return pickle.loads(pickle.dumps(state, -1))


class BruteForce:
    """Exhaustive minimax through the rules engine, for one root and one searching seat.

    ``extra_key(state)`` adds to the key what the history fields left out still decide
    (Marjolet's bonus for every trick of the second stage reads the trick winners);
    ``decisive(state)`` says the game may end before the deal does. With several copies of
    each card (the 64 and 128-card packs) ``twin(card)`` names a card's copies alike: two
    moves with twin cards lead to positions that differ by the names of identical cards, so
    only the first is searched, and the key names hands by their twins. ``ignore``: more
    fields the rest of the deal never reads, left out of the key.
    """

    def __init__(self, root: Any, seat: int, win_points: float = 0.0,
                 decisive: Callable[[Any], bool] | None = None,
                 extra_key: Callable[[Any], Any] | None = None,
                 twin: Callable[[int], int] | None = None, ignore: tuple[str, ...] = ()):
        self.root = root
        self.seat = seat
        self.win_points = win_points
        self.decisive = decisive or (lambda state: True)
        self.extra_key = extra_key
        res = root.result()
        self.sides = res["sides"]
        self.me = next(i for i, side in enumerate(self.sides) if seat in side)
        self.per_seat = len(res["side_totals"]) != len(self.sides)
        self.start = self._totals(res)
        self.rounds = len(res["rounds"])
        self.sign = -1.0 if type(root).info.extra.get("lower_wins") else 1.0
        self.fields = [f.name for f in type(root).FIELDS if f.name not in HISTORY and f.name not in ignore]
        self.twin = twin
        self.memo: dict[Any, float] = {}
        self.nodes = 0

    def _totals(self, res: dict) -> list:
        if self.per_seat:
            return [res["totals"][side[0]] for side in self.sides]
        return list(res["side_totals"])

    def _linear(self, totals: list) -> float:
        gains = [t - s for t, s in zip(totals, self.start)]
        others = [g for i, g in enumerate(gains) if i != self.me]
        return self.sign * (gains[self.me] - (sum(others) / len(others) if others else 0.0))

    def final_value(self, state: Any) -> float:
        res = state.result()
        last = res["rounds"][self.rounds]
        totals = last["totals"]
        if self.per_seat:
            totals = [totals[side[0]] for side in self.sides]
        v = self._linear(totals)
        winners = res["winners"]
        if res["finished"] and self.win_points and winners:
            mine = [s for s in self.sides[self.me] if s in winners]
            everyone = sum(len(s) for s in self.sides)
            if not mine:
                v -= self.win_points
            elif len(winners) < everyone:
                v += self.win_points
        return v

    def ended(self, state: Any) -> bool:
        return state.current_player() is None or len(state.result()["rounds"]) > self.rounds

    def search(self, state: Any) -> float:
        """The value for the searching seat of ``state`` with the best play of both sides."""
        if self.ended(state):
            return self.final_value(state)
        decisive = self.decisive(state)
        fields = self.fields if decisive else [f for f in self.fields if f not in SCORES]
        key = (decisive, tuple(self._field_key(state, f) for f in fields),
               None if self.extra_key is None else self.extra_key(state))
        base = 0.0 if decisive else self._linear(self._totals(state.result()))
        hit = self.memo.get(key)
        if hit is not None:
            return base + hit
        self.nodes += 1
        side = self.sides[self.me]
        values = []
        done = set()
        for m in state.legal_moves():
            cls = self._class(m)
            if cls in done:
                continue
            done.add(cls)
            child = copy_state(state)
            child.apply(m)
            values.append(self.search(child))
        v = max(values) if state.current_player() in side else min(values)
        self.memo[key] = v - base
        return v

    def move_values(self) -> dict[Any, float]:
        """The value of every legal move of the root (whose seat to move is the searching seat)."""
        out = {}
        by_class: dict[Any, float] = {}
        for m in self.root.legal_moves():
            cls = self._class(m)
            if cls not in by_class:
                child = copy_state(self.root)
                child.apply(m)
                by_class[cls] = self.search(child)
            out[m] = by_class[cls]
        return out

    def _class(self, move: Any) -> Any:
        """A play of a card stands for the plays of its twins."""
        if self.twin is not None and isinstance(move, tuple) and move and move[0] == "play":
            return ("play", self.twin(move[1]))
        return move

    def _field_key(self, state: Any, name: str) -> Any:
        value = getattr(state, name)
        twin = self.twin
        if twin is not None and name in ("hands", "shown", "known"):
            return tuple(tuple(sorted(twin(c) for c in _cards(m))) for m in value)
        if twin is not None and name == "trick":
            return tuple(twin(c) for c in value)
        return _freeze(value)


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# ---------------------------------------------------------------- the Bezique family
def bezique_decisive(state: Any) -> bool:
    """Whether the game may end before the deal does: Rubicon's last deal, or a total within
    reach of the target of every point the rest could still bring (counted generously: each
    card left a brisque and a trump 7, the last tricks' bonuses, and every combination of the
    table declared again once per card left)."""
    v = state.variant
    if not v.target_option:
        return len(state.rounds) + 1 >= state.options["deals"]
    left = state.hands[0].bit_count() + state.hands[1].bit_count() + len(state.trick)
    bound = 20 * left + v.last_trick + v.all_last_tricks
    if v.declare_in_stage2:
        bound += left * sum(c.points for c in v.table)
    return max(state.totals) + bound >= state.options["target"]


# The Bezique family scores brisques as tricks are won and declares from the hand in the
# second stage (Marjolet; Fildinski declares from its piles only in the first): the piles
# never decide the rest of the deal there.
BEZIQUE_IGNORE = ("won",)


def bezique_twin(card: int) -> int:
    """Copies of a card in the 64 and 128-card packs: card numbers 32 apart."""
    return card & 31


def bezique_extra_key(state: Any) -> Any:
    """Marjolet's 40 for every trick of the second stage reads who won them so far; and the
    declarations made decide which may be made again."""
    winners = ()
    if state.variant.all_last_tricks and state.stage_two_from is not None:
        winners = frozenset(state.trick_winners[state.stage_two_from:])
    decls = frozenset((d["seat"], d["combination"], tuple(sorted(c.split("/")[0] for c in d["cards"])))
                      for d in state.declarations)
    return winners, decls
