"""Orlan rounds as positions for the exact search (``solver.py``), for two sides (two players,
or 2v2 teams).

In a sampled world (the other hands and the stock's order dealt) the rest of the round is a
perfect-information game: the deals to come are fixed by the stock. In the last deal of two
players nothing is left to sample: the other hand is every card not in one's own hand, on
the table or in a pile, and the round is solved exactly (``known``). Before that, each
world is searched as deep as the time allows (``schedule``) and scored by the round points the
piles are heading for.

The round's points are not a sum over moves (most cards, most clubs), so a position carries
what decides them, as differences between the two sides: cards taken, clubs taken, and who
took the 2 of clubs and the 10 of diamonds. A position is the tuple ``(hands, table, to_move,
last_capturer, cards, clubs, two_clubs, ten_diamonds, deal)``: hands per seat, ``cards`` and
``clubs`` side 0's count minus side 1's, the two point cards' side (-1: not taken), ``deal``
how many deals of the stock are dealt. Its value, for the side to move, is the round's
points of that side minus the other's, plus ``WIN`` for the game won when the round ends it
(minus for one lost).
"""
from __future__ import annotations

import math

from game.bots.solver import Plan
from game.rules.orlan import CLUB_MASK, JACK, RANKS, TEN_DIAMONDS, TWO_CLUBS, OrlanState, moves_for

WIN = 3.0  # a game won, in round points (as orlan_policy's evaluation)
HAND = 4


def _card_class(card: int):
    """Cards no rule or count tells apart: same rank, both clubs or both not (the 2 of clubs
    and the 10 of diamonds stand alone). Moves that differ only by such cards are one move."""
    bit = 1 << card
    if bit & (TWO_CLUBS | TEN_DIAMONDS):
        return card
    return (card % RANKS, bool(bit & CLUB_MASK))


def _worth(mask: int) -> int:
    """An ordering key for captures: cards, clubs, the two point cards."""
    w = mask.bit_count() * 2 + (mask & CLUB_MASK).bit_count()
    if mask & (TWO_CLUBS | TEN_DIAMONDS):
        w += 8
    return w


class OrlanRound:
    """The rest of one round in one world, for the side of ``seat``."""

    def __init__(self, world: OrlanState, seat: int):
        n = world.players
        self.players = n
        self.teams = world.teams
        self.side = [s % 2 if world.teams else s for s in range(n)]
        self.me = self.side[seat]
        self.target = world.options["target"]
        totals = list(world.totals)
        self.totals = totals
        # The deals still in the stock, as the rules deal them: four cards each, from the
        # player after the dealer, popped from the end of the list (the top).
        stock = list(world.stock)
        deals = []
        while len(stock) >= HAND * n:
            hands = [0] * n
            for k in range(1, n + 1):
                s = (world.dealer + k) % n
                h = 0
                for _ in range(HAND):
                    h |= 1 << stock.pop()
                hands[s] = h
            deals.append(tuple(hands))
        self.deals = deals
        piles = [0, 0]
        for s, p in enumerate(world.piles):
            piles[self.side[s]] |= p
        self.root = (
            tuple(world.hands), world.table, world.to_move,
            -1 if world.last_capturer is None else world.last_capturer,
            piles[0].bit_count() - piles[1].bit_count(),
            (piles[0] & CLUB_MASK).bit_count() - (piles[1] & CLUB_MASK).bit_count(),
            0 if piles[0] & TWO_CLUBS else 1 if piles[1] & TWO_CLUBS else -1,
            0 if piles[0] & TEN_DIAMONDS else 1 if piles[1] & TEN_DIAMONDS else -1,
            0,
        )
        self._final_cache: dict = {}

    # ------------------------------------------------------------------ the family
    def key(self, pos: tuple) -> tuple:
        return pos

    def moves(self, pos: tuple) -> list:
        hands, table, p = pos[0], pos[1], pos[2]
        if p < 0:
            return []
        seen = set()
        caps, lays = [], []
        for card, cap in moves_for(hands[p], table):
            k = (_card_class(card), tuple(sorted(map(_card_class, _cards(cap)), key=repr)))
            if k in seen:
                continue
            seen.add(k)
            if cap:
                caps.append((_worth(cap | 1 << card) - (3 if card % RANKS == JACK else 0), card, cap))
            else:
                lays.append((card % RANKS, card))
        caps.sort(reverse=True)
        lays.sort()
        return [(c, m) for _, c, m in caps] + [(c, 0) for _, c in lays]

    def play(self, pos: tuple, move: tuple) -> tuple[tuple, float, bool]:
        hands, table, p, last, cards, clubs, two, ten, deal = pos
        card, cap = move
        bit = 1 << card
        hands = list(hands)
        hands[p] ^= bit
        side = self.side[p]
        if cap:
            table ^= cap
            taken = cap | bit
            sign = 1 if side == 0 else -1
            cards += sign * taken.bit_count()
            clubs += sign * (taken & CLUB_MASK).bit_count()
            if taken & TWO_CLUBS:
                two = side
            if taken & TEN_DIAMONDS:
                ten = side
            last = p
        else:
            table |= bit
        n = self.players
        nxt = (p + 1) % n
        if any(hands):
            child = (tuple(hands), table, nxt, last, cards, clubs, two, ten, deal)
        elif deal < len(self.deals):
            child = (self.deals[deal], table, nxt, last, cards, clubs, two, ten, deal + 1)
        else:
            # The round is over: the table goes to the last player who captured.
            if last >= 0 and table:
                sign = 1 if self.side[last] == 0 else -1
                cards += sign * table.bit_count()
                clubs += sign * (table & CLUB_MASK).bit_count()
                if table & TWO_CLUBS:
                    two = self.side[last]
                if table & TEN_DIAMONDS:
                    ten = self.side[last]
            child = ((), 0, -1 - nxt, last, cards, clubs, two, ten, deal)
        return child, 0.0, self.side[nxt] == side

    def terminal(self, pos: tuple):
        p = pos[2]
        if p >= 0:
            return None
        v = self._final(pos[4], pos[5], pos[6], pos[7])
        return v if self.side[-1 - p] == 0 else -v

    def _final(self, cards: int, clubs: int, two: int, ten: int) -> float:
        """Side 0's value of a finished round: its points minus side 1's, and the game."""
        key = (cards, clubs, two, ten)
        hit = self._final_cache.get(key)
        if hit is not None:
            return hit
        pts = [0, 0]
        if cards:
            pts[0 if cards > 0 else 1] += 2
        if clubs:
            pts[0 if clubs > 0 else 1] += 1
        if two >= 0:
            pts[two] += 1
        if ten >= 0:
            pts[ten] += 1
        v = float(pts[0] - pts[1])
        totals = [t + x for t, x in zip(self.totals, pts)]
        best = max(totals)
        if best >= self.target and totals.count(best) == 1:
            v += WIN if totals[0] == best else -WIN
        self._final_cache[key] = v
        return v

    def estimate(self, pos: tuple) -> float:
        """Side to move's expected round points minus the other's, from the piles so far:
        a lead in cards or clubs is worth its chance to hold to the end (as
        ``orlan_policy.estimate_points``), the point cards taken count whole."""
        hands, table, p, last, cards, clubs, two, ten, deal = pos
        left_cards = sum(h.bit_count() for h in hands) + table.bit_count() + HAND * self.players * (len(self.deals) - deal)
        v = 2.0 * _lead(cards, left_cards, 1.2)
        v += _lead(clubs, max(1, left_cards // 4), 1.0)
        if two >= 0:
            v += 1.0 if two == 0 else -1.0
        if ten >= 0:
            v += 1.0 if ten == 0 else -1.0
        return v if self.side[p] == 0 else -v


def _lead(diff: int, remaining: int, spread: float) -> float:
    """P(side 0 ends with more) - P(side 1 ends with more) for a lead of ``diff``."""
    sigma = spread * math.sqrt(remaining) + 0.3
    return math.erf(diff / (sigma * math.sqrt(2.0)))


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# How deep each world is searched, by the time per move (ms): the round is solved to its end
# once it has no more than ``exact`` plies left (the last deal, 8 plies, is known and always
# solved), else ``depth`` plies are searched and scored by ``estimate``; a depth of None keeps
# the rollout search of orlan_policy. Measured (duplicate games to 11, CPU-time budgets):
# at 100 ms, 8 / 4 against the rollout search, 57.0% of 100 games (95% CI 49.6-64.4). At the
# app's 900 ms, against the simple bot on the same deals, 16 / 8 lost games the rollout
# search won (0 deals better, 4 worse of 23): a world solved before the last deal is solved
# as if its hidden cards were seen. From 500 ms: the last deal (known) exact, rollouts before
# (docs/bots.md, *At the app's budget*).
SCHEDULE = ((500.0, 8, None), (0.0, 8, 4))
SCHEDULE_ITERATIONS = (8, 4)


def schedule(ms: float | None) -> tuple[int, int | None]:
    if ms is None:
        return SCHEDULE_ITERATIONS
    for limit, exact, depth in SCHEDULE:
        if ms >= limit:
            return exact, depth
    return SCHEDULE[-1][1:]


def endgame_for(obs: dict, ms: float | None = None):
    """The expert's hook (``SearchHooks.endgame_for``), for two players (``OrlanRound`` plays
    2v2 teams too, but there the rollout search with the partner in its tree is kept). The
    last deal is known and solved to its end; before it, each sampled world is solved to the
    end when few plies are left, else searched a few plies."""
    n = obs["players"]
    if obs.get("finished") or n != 2:
        return None
    seat = obs["seat"]
    known = n == 2 and obs["stock_count"] == 0

    def start(world: OrlanState):
        family = OrlanRound(world, seat)
        return family, family.root

    if known:
        return Plan(start, known=True)
    exact, depth = schedule(ms)
    plies = sum(obs["hand_counts"]) + obs["stock_count"]
    if plies <= exact:
        return Plan(start)
    if depth is None:
        return None
    return Plan(start, depth=depth)
