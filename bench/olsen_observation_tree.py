"""An experiment (2026-12-05, code not in the app): Olsen's expert with a closed-loop tree
over what its seat observes, instead of the flat search, to see whether ten times the time
then buys strength (issue 34). ``bench/olsen_vs_ismcts.py --a-observation-tree`` seats it
in game A; results in bench/bots_arena_results.md (*Olsen: a tree over what the seat sees*).

A POMCP-like search (Silver and Veness 2010): the nodes are the seat's decisions, keyed by
what it saw on the way (its card, then the others' cards until its next turn), so a later
choice is made on what the seat would know then, never on the world's hidden cards. Each
simulation draws a world as the flat expert does (the reading of the table, among 4
candidates), walks the tree choosing the seat's cards by UCB1 and the others' by the greedy
rule (3% noise, as the flat play-outs), adds the first new node and plays out by the rule
from there, on bitmasks as ``olsen_playout.play_out``. The value is the flat search's: the
others' mean penalty minus the seat's, in units of 13 points. With fewer than
``min_tricks_left`` cards in hand, or where the seat knows every card, the flat search with
its exact last tricks decides. A node plays the rule's card until it has ``widen`` visits
(0: UCB over every card from the start).
"""
from __future__ import annotations

import math

from game.bots.base import clock
from game.bots.expert import ExpertBot
from game.bots.olsen_playout import NOT_HEARTS, NOT_PENALTY, _nth_bit, greedy_card
from game.rules.olsen import HEARTS, JD, PENALTY_MASK, RANKS, STRENGTH, SUIT_MASKS, hand_points

NOISE = 0.03


class Node:
    __slots__ = ("moves", "N", "W", "total", "children")

    def __init__(self):
        self.moves = None
        self.N = None
        self.W = None
        self.total = 0
        self.children = {}


class PomcpBot(ExpertBot):
    level = "expert"
    # the constants of the runs recorded
    c = 0.5
    min_tricks_left = 4  # below: the flat search with the exact tail
    reuse = 2  # simulations per drawn world
    widen = 0

    def _start(self) -> None:
        super()._start()
        obs = self._obs
        self.pomcp = False
        if obs["phase"] != "play" or len(self._legal) < 2 or obs.get("tiebreak"):
            return
        if self._plan is not None and self._plan.exact:
            return
        left = len(obs["hand"])
        if left < self.min_tricks_left:
            return
        self.pomcp = True
        self.root = Node()
        self.root.moves = list(self._legal)
        self.root.N = [0] * len(self._legal)
        self.root.W = [0.0] * len(self._legal)
        self.sims = 0
        self._uses = self.reuse

    def _think(self, ms: float) -> bool:
        if not self.pomcp:
            return super()._think(ms)
        t0 = clock()
        end = t0 + ms / 1000.0
        first = True
        while first or clock() < end:
            first = False
            if self.iterations is not None and self.sims >= self.iterations:
                return True
            if self._uses >= self.reuse:
                self._draw_world()
                self._uses = 0
            self._uses += 1
            self._simulate(self._world)
            self.sims += 1
        return False

    def _best(self):
        if not getattr(self, "pomcp", False):
            return super()._best()
        r = self.root
        i = max(range(len(r.moves)), key=lambda k: (r.N[k], r.W[k] / max(1, r.N[k])))
        return r.moves[i]

    def _simulate(self, world) -> None:
        rng = self.rng
        random_ = rng.random
        me = self.seat
        hands = list(world.hands)
        taken = list(world.taken)
        seats = world.seats
        k = len(seats)
        nxt = [0] * world.players
        for i, s in enumerate(seats):
            nxt[s] = seats[(i + 1) % k]
        plays = world.record.plays
        n_played = len(plays)
        played = world.played
        broken = world.hearts_broken
        first_trick = not world.record.done
        ftp = world.options.get("first_trick_penalties", False)
        ahb = world.options.get("any_heart_breaks", False)
        lead_bit = 1 << world.lead_card
        trick = 0
        led = top = winner = -1
        if plays:
            led = plays[0][1] // RANKS
            for s, c in plays:
                trick |= 1 << c
                if c // RANKS == led and STRENGTH[c] > top:
                    top, winner = STRENGTH[c], s
        seat = world.to_move
        cards_left = sum(h.bit_count() for h in hands)
        scoring = PENALTY_MASK | (1 << JD if world.options["jack_diamonds"] else 0)
        node = self.root
        path = []
        obs_key = 0
        choice = -1
        c = self.c
        while cards_left:
            hand = hands[seat]
            if not n_played:
                if first_trick:
                    legal = hand & lead_bit
                elif not broken and hand & NOT_HEARTS:
                    legal = hand & NOT_HEARTS
                else:
                    legal = hand
            else:
                legal = hand & SUIT_MASKS[led]
                if not legal:
                    legal = hand
                    if first_trick and hand & NOT_PENALTY and not ftp:
                        legal = hand & NOT_PENALTY
            if seat == me and node is not None:
                if choice >= 0:
                    # the seat's turn again: the node reached by (its move, what it saw)
                    key = (choice, obs_key)
                    child = node.children.get(key)
                    if child is None:
                        child = node.children[key] = Node()
                        node = None  # expanded: play out from here
                    else:
                        node = child
                if node is not None:
                    if node.moves is None:
                        g = greedy_card(hand, legal, n_played, led, top, played, n_played == k - 1)
                        mv = [g]
                        m = legal & ~(1 << g)
                        while m:
                            low = m & -m
                            mv.append(low.bit_length() - 1)
                            m ^= low
                        node.moves = mv
                        node.N = [0] * len(mv)
                        node.W = [0.0] * len(mv)
                    N, W = node.N, node.W
                    best = -1
                    bv = -1e18
                    logt = math.log(node.total + 1)
                    # a node plays the greedy card until it has seen ``widen`` visits: an
                    # estimate from a few tries of each card is worse than the rule
                    span = 1 if node is not self.root and node.total < self.widen else len(N)
                    for i in range(span):
                        n = N[i]
                        if n == 0:
                            best = i
                            break
                        v = W[i] / n + c * math.sqrt(logt / n)
                        if v > bv:
                            bv, best = v, i
                    choice = best
                    path.append((node, best))
                    card = node.moves[best]
                    obs_key = 0
                else:
                    card = greedy_card(hand, legal, n_played, led, top, played, n_played == k - 1)
            elif legal & (legal - 1) and random_() < NOISE:
                card = _nth_bit(legal, rng.randrange(legal.bit_count()))
            else:
                card = greedy_card(hand, legal, n_played, led, top, played, n_played == k - 1)
            if seat != me and node is not None:
                obs_key = obs_key * 53 + card + 1
            bit = 1 << card
            hands[seat] = hand ^ bit
            played |= bit
            trick |= bit
            cards_left -= 1
            suit = card // RANKS
            if not n_played:
                led, top, winner = suit, STRENGTH[card], seat
            elif suit == led:
                if STRENGTH[card] > top:
                    top, winner = STRENGTH[card], seat
            elif suit == HEARTS:
                broken = True
            if suit == HEARTS and ahb:
                broken = True
            n_played += 1
            if n_played < k:
                seat = nxt[seat]
                continue
            taken[winner] |= trick
            trick = 0
            n_played = 0
            first_trick = False
            seat = winner
            if played & scoring == scoring:
                break
        _, pts, _ = hand_points([taken[s] for s in seats], world.options["jack_diamonds"])
        mine = 0
        others = 0
        for s, p in zip(seats, pts):
            if s == me:
                mine = p
            else:
                others += p
        value = (others / (k - 1) - mine) / 13.0
        for nd, i in path:
            nd.N[i] += 1
            nd.W[i] += value
            nd.total += 1
