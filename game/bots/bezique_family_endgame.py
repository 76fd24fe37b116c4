"""The Bezique family's second stage as positions for the exact search (``solver.py``), and
the end of the first stage in sampled worlds (``BeziqueDeal``).

Once the stock is drawn, a player who counts knows the other hand: it is every card not in
their own hand and not yet played. The rest of the deal is then a perfect-information game
of at most nine tricks, solved exactly here on bitmasks, for the five games:

* the follower must follow suit and beat the card led when able, else trump when able;
* a trick's aces and tens score 10 for its winner, a trump 7 played 10 for its player
  (where the game counts brisques), the last trick ``last_trick`` (10; Rubicon 50),
  Marjolet 40 more for winning every trick of the second stage;
* Marjolet still declares in the second stage, from the hand: the declarations are the
  rules' own (``BeziqueFamilyState.legal_declarations`` on a scratch state), so the reuse
  rules are never written twice;
* the game ends the moment a total reaches the target (Rubicon: after its last deal, the
  higher total wins).

Values are points of the deal, the side to move's minus the other's, plus ``win_points``
for a game won (minus for a game lost) when the game ends in this deal. While no total can
reach the target in the rest of the deal (and it is not Rubicon's last deal), points are
rewards of the moves that earn them and positions are the cards left; otherwise positions
carry the points gained since the root and are scored at the end ("decisive" positions).

A position is a tuple ``(hand0, hand1, to_move, led, gain0, gain1, sweep, declaring, end)``:
``led`` is the card led to the trick in progress (-1: none), ``sweep`` the seat that won every
trick of the second stage so far (-1 before the first, 2 once both have won one),
``declaring`` Marjolet's declaration turn (None, or (cards used this turn, the round's
declarations as a frozenset of (seat, combination, cards, points))), ``end`` the value of a
finished deal for seat 0, else None. Moves are the rules' moves: ``("play", card)``,
``("declare", combination, cards)``, ``("skip",)``; copies of a card (the 64 and 128-card
packs) are one move.
"""
from __future__ import annotations

import random
import sys
from typing import Any

from game.bots.base import clock
from game.bots.solver import Abort, Plan
from game.cards import bits

# The family's rules module is the five games' own (tests/test_architecture.py): this module
# reads its constants from the state class it is given, ``rules(cls)``, and names that class
# (a ``BeziqueFamilyState`` subclass) only in its annotations.
BeziqueFamilyState = Any


def rules(cls) -> Any:
    """The module of the Bezique family's rules (``game/rules/bezique.py``), from its class:
    the module of the first class up its line that holds the family's card masks (each game's
    own class lives in its own module)."""
    for k in cls.__mro__:
        module = sys.modules[k.__module__]
        if hasattr(module, "MASKS"):
            return module
    raise TypeError(f"{cls.__name__} is not of the Bezique family")

SKIP = ("skip",)


class BeziqueEndgame:
    """The second stage of one deal, from one seat's observation (trumps, scores, options)."""

    def __init__(self, cls: type[BeziqueFamilyState], obs: dict, win_points: float):
        deck = cls.info.deck
        r = rules(cls)
        self.cls = cls
        self.variant = v = cls.variant
        self.deck = deck
        self.m = m = r.MASKS[deck.size]
        self.trump = trump = None if obs["trump"] is None else r.SUIT_CODES.index(obs["trump"])
        self.options = dict(obs["options"])
        self.win_points = win_points
        self.suit_mask = m.suit
        self.trump_mask = m.suit[trump] if trump is not None else 0
        n = deck.size
        self.suit = [(c & 31) >> 3 for c in range(n)]
        self.strength = [r.RANK_STRENGTH[c & 7] for c in range(n)]
        self.face = [c & 31 for c in range(n)]
        self.brisque = [10 if v.brisques and (m.brisques >> c & 1) else 0 for c in range(n)]
        self.seven = [10 if v.brisques and trump is not None and c & 31 == trump * 8 + r.R7 else 0 for c in range(n)]
        self.totals = list(obs["totals"])
        self.target = self.options.get("target") if v.target_option else None
        last_deal = not v.target_option and len(obs["rounds"]) + 1 >= self.options["deals"]
        self.match_ends = last_deal
        self.declares = v.declare_in_stage2
        hands_left = max(obs["hand_counts"])
        # Every point the rest of the deal could bring (generous): a total that cannot reach
        # the target with it leaves the game undecided, and points can be rewards.
        bound = 20 * hands_left * 2 + v.last_trick + v.all_last_tricks + 40
        if v.brisques:
            bound += 10 * 8 * m.copies
        if self.declares:
            bound += 400 * hands_left
        self.decisive = last_deal or (self.target is not None and max(self.totals) + bound >= self.target)
        self._scratch = None
        self._move_cache: dict = {}

    # ------------------------------------------------------------------ positions
    def root(self, hands: list[int], obs: dict) -> tuple:
        """The position of a world (both hands) at the observation's point."""
        deck = self.deck
        led = deck.card(obs["trick"][0]) if obs["trick"] else -1
        winners = [t["winner"] for t in obs["tricks"]][obs["stage_two_from"] or 0:] if obs["stage_two_from"] is not None else []
        sweep = -1 if not winners else (winners[0] if all(w == winners[0] for w in winners) else 2)
        declaring = None
        if self.declares:
            decls = frozenset((d["seat"], d["combination"], deck.mask_of(d["cards"]), d["points"])
                              for d in obs["declarations"])
            used = deck.mask_of(obs["turn_used"]) if obs["phase"] == "declare" else -1
            declaring = (used, decls)
        return (hands[0], hands[1], obs["to_move"], led, 0, 0, sweep, declaring, None)

    def key(self, pos: tuple) -> tuple:
        return pos

    def terminal(self, pos: tuple):
        end = pos[8]
        if end is None:
            return None
        return end if pos[2] == 0 else -end

    def estimate(self, pos: tuple) -> float:
        return 0.0  # the second stage is always searched to its end

    # ------------------------------------------------------------------ moves
    def moves(self, pos: tuple) -> list:
        h0, h1, p, led, _, _, _, declaring, end = pos
        if end is not None:
            return []
        if declaring is not None and declaring[0] >= 0:
            return self._declarations(pos) + [SKIP]
        hand = h1 if p else h0
        cached = self._move_cache.get((hand, led))
        if cached is not None:
            return cached
        strength = self.strength
        face = self.face
        if led < 0:
            legal = hand
        else:
            legal = self._follow(hand, led)
        seen = set()
        cards = []
        for c in bits(legal):
            f = face[c]
            if f not in seen:
                seen.add(f)
                cards.append(c)
        if led < 0:
            # Strong cards first: aces and tens, trumps, then by rank.
            trump_mask = self.trump_mask
            cards.sort(key=lambda c: -(strength[c] + (8 if trump_mask >> c & 1 else 0)))
        else:
            beats = self._beats
            win = [c for c in cards if not beats(led, c)]
            lose = [c for c in cards if beats(led, c)]
            win.sort(key=lambda c: strength[c])
            lose.sort(key=lambda c: strength[c])
            cards = win + lose
        out = self._move_cache[(hand, led)] = [("play", c) for c in cards]
        return out

    def _follow(self, hand: int, led: int) -> int:
        same = hand & self.suit_mask[self.suit[led]]
        if same:
            s = self.strength[led]
            strength = self.strength
            higher = 0
            for c in bits(same):
                if strength[c] > s:
                    higher |= 1 << c
            return higher or same
        t = hand & self.trump_mask
        return t or hand

    def _beats(self, lead: int, follow: int) -> bool:
        """The card led keeps the trick (as ``BeziqueFamilyState.beats``)."""
        suit = self.suit
        if suit[follow] == suit[lead]:
            return self.strength[follow] <= self.strength[lead]
        return not (self.trump_mask >> follow & 1)

    # ------------------------------------------------------------------ play
    def play(self, pos: tuple, move: tuple) -> tuple[tuple, float, bool]:
        h0, h1, p, led, g0, g1, sweep, declaring, _ = pos
        if move[0] != "play":
            return self._declare_move(pos, move)
        card = move[1]
        if p:
            h1 ^= 1 << card
        else:
            h0 ^= 1 << card
        scored = []  # (seat, points) in the rules' order, for the target check
        if self.seven[card]:
            scored.append((p, 10))
        deal_over = False
        if led < 0:
            nxt, led = 1 - p, card
        else:
            winner = 1 - p if self._beats(led, card) else p
            points = self.brisque[led] + self.brisque[card]
            if points:
                scored.append((winner, points))
            sweep = winner if sweep in (-1, winner) else 2
            deal_over = not (h0 | h1)
            if deal_over:
                v = self.variant
                scored.append((winner, v.last_trick))
                if v.all_last_tricks and sweep == winner:
                    scored.append((winner, v.all_last_tricks))
            nxt, led = winner, -1
            if declaring is not None:
                # Marjolet: the winner may declare before leading again.
                declaring = (-1 if deal_over else 0, declaring[1])
        if not self.decisive:
            r = 0
            for s, pts in scored:
                r += pts if s == p else -pts
            return (h0, h1, nxt, led, 0, 0, sweep, declaring, 0.0 if deal_over else None), float(r), nxt == p
        g = [g0, g1]
        end = None
        target = self.target
        for s, pts in scored:
            g[s] += pts
            if target is not None and self.totals[s] + g[s] >= target:
                end = self._final(g, s)
                break
        if end is None and deal_over:
            end = self._final(g, None)
        return (h0, h1, nxt, led, g[0], g[1], sweep, declaring, end), 0.0, nxt == p

    def _final(self, g: list[int], reached: int | None) -> float:
        """The value for seat 0 of a deal ended with gains ``g`` (``reached``: the seat that
        reached the target and won at once)."""
        v = float(g[0] - g[1])
        if reached is not None:
            return v + (self.win_points if reached == 0 else -self.win_points)
        if self.match_ends:
            t0, t1 = self.totals[0] + g[0], self.totals[1] + g[1]
            if t0 != t1:
                v += self.win_points if t0 > t1 else -self.win_points
        return v

    # ------------------------------------------------------------------ Marjolet's declarations
    def _scratch_state(self) -> BeziqueFamilyState:
        s = self._scratch
        if s is None:
            s = self._scratch = self.cls.__new__(self.cls)
            s.options = self.options
            s.trump = self.trump
            s.players = 2
            s._derive()
            s.won = [0, 0]
            s.tricks = []
        return s

    def _declarations(self, pos: tuple) -> list:
        h0, h1, p, _, _, _, _, (used, decls), _ = pos
        s = self._scratch_state()
        s.hands = [h0, h1]
        s.turn_used = used
        s._decl_parsed = sorted(decls, key=repr)
        out = [("declare", k, cards) for k, cards in s.legal_declarations(p)]
        out.sort(key=lambda m: -s.by_id[m[1]].points)
        return out

    def _declare_move(self, pos: tuple, move: tuple) -> tuple[tuple, float, bool]:
        h0, h1, p, led, g0, g1, sweep, (used, decls), _ = pos
        if move[0] == "skip":
            return (h0, h1, p, led, g0, g1, sweep, (-1, decls), None), 0.0, True
        kind, cards = move[1], move[2]
        points = self._scratch_state().by_id[kind].points
        declaring = (used | cards, decls | {(p, kind, cards, points)})
        if not self.decisive:
            return (h0, h1, p, led, 0, 0, sweep, declaring, None), float(points), True
        g = [g0, g1]
        g[p] += points
        end = None
        if self.target is not None and self.totals[p] + g[p] >= self.target:
            end = self._final(g, p)
        return (h0, h1, p, led, g[0], g[1], sweep, declaring, end), 0.0, True


class BeziqueDeal:
    """The end of the first stage in one world, then the second stage solved exactly (perfect-
    information Monte Carlo with exact play-outs at the end): a root move, then the simple
    rule for both players (``rollout``, through the rules) until the stock is drawn, then the
    exact search of ``BeziqueEndgame``. The root is the world; every other position is a
    second-stage position wrapped with its family ((family, position)), or ("over", value):
    the game ended on the way. The reward of a root move is the points of the deal it and the
    rule's play-out earned, the seat's minus the other's."""

    def __init__(self, cls: type[BeziqueFamilyState], world: BeziqueFamilyState, seat: int, win_points: float,
                 rollout, seed: int):
        self.cls = cls
        self.world = world
        self.seat = seat
        self.win_points = win_points
        self.rollout = rollout
        self.seed = seed
        self.root = ("world",)
        self.deadline: float | None = None  # set by the solver: a long play-out stops there too
        self._children: dict = {}
        self._families: dict = {}
        self._pending: dict = {}  # play-outs stopped at a deadline: (state, rng, points before)

    def key(self, pos: tuple):
        if pos[0] == "over" or pos[0] == "world":
            return pos
        family, inner = pos
        return id(family), inner

    def terminal(self, pos: tuple):
        if pos[0] == "over":
            return pos[1]
        if pos[0] == "world":
            return None
        return pos[0].terminal(pos[1])

    def estimate(self, pos: tuple) -> float:
        return 0.0

    def moves(self, pos: tuple) -> list:
        if pos[0] in ("over", "world"):
            return []
        return pos[0].moves(pos[1])

    def play(self, pos: tuple, move) -> tuple[tuple, float, bool]:
        if pos[0] == "world":
            hit = self._children.get(move)
            if hit is None:
                hit = self._children[move] = self._play_out(move)
            return hit
        family, inner = pos
        child, r, same = family.play(inner, move)
        return (family, child), r, same

    def _play_out(self, move) -> tuple[tuple, float, bool]:
        seat = self.seat
        rounds = len(self.world.rounds)
        pending = self._pending.pop(move, None)
        if pending is None:
            state = self.world.fast_copy()
            before = state.scores[seat] - state.scores[1 - seat]
            state.apply_unchecked(move)
            rng = random.Random(f"{self.seed}:{move}")
        else:
            state, rng, before = pending
        deadline = self.deadline
        plies = 0
        while state.stage == 1 and state.to_move is not None and len(state.rounds) == rounds:
            state.apply_unchecked(self.rollout(state, state.legal_moves(), rng))
            plies += 1
            if deadline is not None and not plies & 3 and clock() > deadline:
                self._pending[move] = (state, rng, before)
                raise Abort
        if state.to_move is None or len(state.rounds) > rounds:
            # The game ended on the way (a total reached the target).
            last = state.rounds[-1]["points"]
            v = float(last[seat] - last[1 - seat]) - before
            v += self.win_points if seat in state.winners else -self.win_points
            return ("over", 0.0), v, True
        diff = state.scores[seat] - state.scores[1 - seat] - before
        obs = state.observation(seat)
        fkey = (tuple(state.totals), state.trump, frozenset(map(repr, obs["declarations"])) if self.cls.variant.declare_in_stage2 else None)
        family = self._families.get(fkey)
        if family is None:
            family = self._families[fkey] = BeziqueEndgame(self.cls, obs, self.win_points)
        inner = family.root(list(state.hands), obs)
        return (family, inner), float(diff), state.to_move == seat


def endgame_for(cls: type[BeziqueFamilyState], scale: float, rollout, win_units: float = 3.0):
    """The expert's hook (``SearchHooks.endgame_for``): from the second stage on, the
    observation fixes the other hand, and the rest of the deal is solved exactly; in the first
    stage, with time enough (``STOCK_BY_MS``) and the stock nearly drawn, each world is played
    out by the simple rule to the second stage and solved exactly from there. Values are in
    points; ``scale`` points make one unit of the game's ``evaluate``, a game won is worth
    ``win_units`` units (as there)."""

    def plan(obs: dict, ms: float | None = None):
        if obs.get("finished") or obs["phase"] not in ("play", "declare"):
            return None
        if obs["stage"] == 2:
            family = BeziqueEndgame(cls, obs, win_units * scale)
            return Plan(lambda world: (family, family.root(world.hands, obs)), known=True, scale=scale)
        if obs["stock"] > stock_limit(ms):
            return None
        seat = obs["seat"]

        def start(world: BeziqueFamilyState):
            family = BeziqueDeal(cls, world, seat, win_units * scale, rollout, world.seed)
            return family, family.root

        return Plan(start, scale=scale)

    return plan


# The first stage is played out to its end and the second solved exactly once the stock holds
# at most this many cards, by the time per move (ms): a solve costs a few milliseconds, so a
# short budget keeps the play-outs cut a few turns ahead (bezique_policy's HORIZON).
STOCK_BY_MS = ((500.0, 10), (0.0, -1))


def stock_limit(ms: float | None) -> int:
    if ms is None:
        return STOCK_BY_MS[-1][1]
    for limit, stock in STOCK_BY_MS:
        if ms >= limit:
            return stock
    return STOCK_BY_MS[-1][1]
