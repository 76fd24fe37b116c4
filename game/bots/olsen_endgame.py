"""Olsen hands as positions for the exact search (``solver.py``), on bitmasks.

In a sampled world every hand is known, and the end of the hand is a perfect-information
game. The searching seat plays against the others taken as one side (they minimize what it
maximizes: the others' mean penalty minus its own, the expert's evaluation in points), the
usual reduction of a game of more players to two sides. Where the observation leaves only
one deal of the hidden cards possible, that is the exact value of the position.

``exact`` bounds the search: while more than ``exact`` cards are in the hands (the tricks
before the last ones), every player plays the simple rule (``olsen_playout.greedy_card``)
and the position has one move; from there on every legal card is tried. So each world is
played out by the rule and solved exactly in its last tricks (``SCHEDULE``).

A position is the tuple ``(hands, to_move, plays, broken, first, moon)``: the hands per seat,
the plays of the trick in progress as ((seat, card), ...), hearts broken, the first trick,
and ``moon``: the seat that took every penalty card taken so far (-1: none taken yet, -2:
two players took some). Points are rewards of the move that completes a trick; taking all
penalties, which turns the count around, is settled when the last penalty card is taken
(the rest of the hand scores nothing then, and the position is over).
"""
from __future__ import annotations

from game.bots.olsen_playout import CHUNK, NOT_HEARTS, NOT_PENALTY, RANK_OF, greedy_card
from game.bots.solver import Plan
from game.bots.worlds import count_deals
from game.rules.olsen import ALL_PENALTIES, DECK, HEART_MASK, HEARTS, JD, PENALTY_MASK, QS, RANKS, STRENGTH, SUIT_MASKS

QS_BIT = 1 << QS
JD_BIT = 1 << JD


class OlsenHand:
    """The rest of one hand in one world, for ``seat`` against the others."""

    def __init__(self, world, seat: int, exact: int = 52, modelled: bool = False):
        self.seat = seat
        self.modelled = modelled
        self.seats = list(world.seats)
        k = len(self.seats)
        self.k = k
        self.next = {s: self.seats[(i + 1) % k] for i, s in enumerate(self.seats)}
        self.exact = exact
        opts = world.options
        self.jack = bool(opts["jack_diamonds"])
        self.scoring = PENALTY_MASK | (JD_BIT if self.jack else 0)
        self.first_penalties = bool(opts["first_trick_penalties"])
        self.any_heart = bool(opts["any_heart_breaks"])
        self.lead_bit = 1 << world.lead_card
        self.removed = world.removed
        self.full = DECK.full_mask & ~world.removed
        taken = 0
        moon = -1
        for s in self.seats:
            t = world.taken[s] & PENALTY_MASK
            if t:
                moon = s if moon == -1 else -2
            taken |= t
        self.root = (tuple(world.hands), world.to_move, tuple(world.record.plays), bool(world.hearts_broken),
                     not world.record.done, moon)
        # What taking every penalty card is worth to the seat beyond the plain count: the
        # taker's 26 become 0 and everyone else's 0 become 26.
        share = k - 1
        self.moon_fix = {s: (2.0 * ALL_PENALTIES if s == seat else -2.0 * ALL_PENALTIES / share) for s in self.seats}

    # ------------------------------------------------------------------ the family
    def key(self, pos: tuple) -> tuple:
        return pos

    def terminal(self, pos: tuple):
        if pos[1] >= 0:
            return None
        # Over: -1 - seat to move; the value is the moon's turn-around, if any.
        moon = pos[5]
        v = self.moon_fix[moon] if moon >= 0 else 0.0
        return v if -1 - pos[1] == self.seat else -v

    def estimate(self, pos: tuple) -> float:
        return 0.0  # every position is searched to its end

    def _legal(self, hand: int, plays: tuple, broken: bool, first: bool) -> int:
        if not plays:
            if first:
                return hand & self.lead_bit
            if not broken and hand & NOT_HEARTS:
                return hand & NOT_HEARTS
            return hand
        legal = hand & SUIT_MASKS[plays[0][1] // RANKS]
        if legal:
            return legal
        if first and not self.first_penalties and hand & NOT_PENALTY:
            return hand & NOT_PENALTY
        return hand

    def moves(self, pos: tuple) -> list:
        hands, p, plays, broken, first, moon = pos
        if p < 0:
            return []
        hand = hands[p]
        legal = self._legal(hand, plays, broken, first)
        if legal & (legal - 1) == 0:
            return [legal.bit_length() - 1]
        held = 0
        for h in hands:
            held |= h
        if self.modelled and p != self.seat:
            return [self._rule(hand, legal, plays, held)]
        trick = 0
        for _, c in plays:
            trick |= 1 << c
        # Touching cards are one move: no card of another player lies between them.
        live = held | trick
        out = []
        special = QS_BIT | (JD_BIT if self.jack else 0)
        for suit in range(4):
            base = RANKS * suit
            ch = legal >> base & CHUNK
            if not ch:
                continue
            others = (live & ~hand) >> base & CHUNK
            group = False
            for strength in range(RANKS):
                r = RANK_OF[strength]
                if ch >> r & 1:
                    card = base + r
                    if special >> card & 1:
                        out.append(card)
                        group = False
                    elif not group:
                        out.append(card)
                        group = True
                elif others >> r & 1:
                    group = False
        if len(out) > 1:
            out.sort(key=self._order(plays))
        return out

    def _rule(self, hand: int, legal: int, plays: tuple, held: int) -> int:
        """The simple rule's card (``olsen_playout.greedy_card``)."""
        played = self.full & ~held
        if not plays:
            return greedy_card(hand, legal, 0, -1, -1, played, False)
        led = plays[0][1] // RANKS
        top = max(STRENGTH[c] for _, c in plays if c // RANKS == led)
        return greedy_card(hand, legal, len(plays), led, top, played, len(plays) == self.k - 1)

    def _order(self, plays: tuple):
        """Cards to try first: following, the highest card that ducks, then the lowest that
        wins; void, the dangerous cards first (Q♠, high hearts); leading, low cards first."""
        if not plays:
            return lambda c: STRENGTH[c]
        led = plays[0][1] // RANKS
        top = max(STRENGTH[c] for _, c in plays if c // RANKS == led)

        def key(c: int) -> float:
            if c // RANKS == led:
                s = STRENGTH[c]
                return -s if s < top else s
            return -(30 if c == QS else 0) - (15 if c // RANKS == HEARTS else 0) - STRENGTH[c]

        return key

    def play(self, pos: tuple, card: int) -> tuple[tuple, float, bool]:
        """The card, then (outside the exact part) the simple rule for every player until
        the exact part begins or the hand is over; the reward sums the tricks completed."""
        hands, p, plays, broken, first, moon = pos
        hands = list(hands)
        seat = self.seat
        k = self.k
        nxt_of = self.next
        held = 0
        for h in hands:
            held |= h
        total = 0.0  # for the seat
        mover = p
        while True:
            bit = 1 << card
            hands[p] ^= bit
            held ^= bit
            suit = card // RANKS
            if plays and suit != plays[0][1] // RANKS and suit == HEARTS:
                broken = True
            if suit == HEARTS and self.any_heart:
                broken = True
            plays = plays + ((p, card),)
            if len(plays) < k:
                p = nxt_of[p]
            else:
                led = plays[0][1] // RANKS
                winner, top = -1, -1
                cards = 0
                for s, c in plays:
                    cards |= 1 << c
                    if c // RANKS == led and STRENGTH[c] > top:
                        top, winner = STRENGTH[c], s
                pen = cards & PENALTY_MASK
                points = (pen & HEART_MASK).bit_count() + (13 if pen & QS_BIT else 0)
                if self.jack and cards & JD_BIT:
                    points -= 10
                if pen:
                    moon = winner if moon in (-1, winner) else -2
                total += -points if winner == seat else points / (k - 1)
                plays = ()
                first = False
                p = winner
                if not held & self.scoring:
                    p = -1 - winner  # over: nothing left scores
                    break
            if held.bit_count() <= self.exact:
                break
            hand = hands[p]
            legal = self._legal(hand, plays, broken, first)
            if legal & (legal - 1) == 0:
                card = legal.bit_length() - 1
                continue
            card = self._rule(hand, legal, plays, held)
        child = (tuple(hands), p, plays, broken, first, moon)
        after = p if p >= 0 else -1 - p
        mine = mover == seat
        return child, (total if mine else -total), (after == seat) == mine


def known_world(obs: dict) -> bool:
    """Whether the observation leaves one deal of the cards the seat has not seen: hand
    sizes and shown voids (positions after a pass are left to the worlds)."""
    if obs.get("passed"):
        return False
    seat = obs["seat"]
    counts = obs["hand_counts"]
    hidden = [s for s in obs["seats"] if s != seat]
    if sum(counts[s] for s in hidden) > 12:
        return False  # not in the last tricks: many deals
    played = 0
    for t in obs["tricks"]:
        for pl in t["plays"]:
            played |= 1 << DECK.card(pl["card"])
    for pl in obs["trick"]:
        played |= 1 << DECK.card(pl["card"])
    unseen = DECK.full_mask & ~(DECK.mask_of(obs["hand"]) | played | DECK.mask_of(obs["removed"]))
    need = {s: counts[s] for s in hidden}
    allow = {s: DECK.full_mask & ~sum(SUIT_MASKS[v] for v in obs["voids"][s]) for s in hidden}
    return count_deals(unseen, need, allow) == 1


# The exact part of each world, in tricks left, by the time per move (ms). Longer exact parts
# were measured and dropped: the seat that plays the last tricks knowing every card of its
# world values its root moves by play no real player has (perfect-information Monte Carlo's
# strategy fusion), and the search got no stronger with time (docs/bots.md, *Exact endgames*).
SCHEDULE = ((0.0, 2),)
SCHEDULE_ITERATIONS = 2
# In the worlds the others may play the simple rule inside the exact part too, only the seat's
# cards branching (the model the play-outs use; an exact part twice as long for the same
# time); off: they are one side against the seat there, as in a known position.
MODELLED = False


def exact_tricks(ms: float | None) -> int:
    if ms is None:
        return SCHEDULE_ITERATIONS
    for limit, tricks in SCHEDULE:
        if ms >= limit:
            return tricks
    return SCHEDULE[-1][1]


def endgame_for(obs: dict, ms: float | None = None):
    """The expert's hook (``SearchHooks.endgame_for``) for card plays outside a tie-break
    hand (whose points the totals do not keep)."""
    if obs["phase"] != "play" or obs.get("tiebreak"):
        return None
    seat = obs["seat"]
    known = known_world(obs)
    exact = 52 if known else exact_tricks(ms) * len(obs["seats"])

    def start(world):
        family = OlsenHand(world, seat, exact, modelled=MODELLED and not known)
        return family, family.root

    return Plan(start, known=known, scale=13.0)
