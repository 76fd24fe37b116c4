"""Shared trick-taking mechanics: suits, following, trick winners, deals, void-aware sampling.

Every trick-taking game (Olsen, Aluette, and later the tarot and Bezique families) builds
on these pieces rather than re-implementing them:

* ``SuitedDeck``: per-suit bitmasks for a suit-major deck (a suit is a contiguous bit run,
  see ``game.cards``), ``suit_of(card)``.
* ``follow_suit(hand, led_suit_mask)``: the cards a player may play when following must
  follow suit (the whole hand when void).
* ``highest_of_led`` (the highest card of the suit led wins; no trumps) and
  ``unique_highest`` (the unique strongest card wins, a tie spoils the trick) decide tricks;
  both take a ``strength`` table (higher is stronger), so any ranking plugs in.
* ``deal_blocks``: deal a deck order to seats in blocks (1 card at a time or 3x3).
* ``TrickRecord``: the trick in progress and the completed tricks of a hand, with the
  JSON forms shared by observations and saved states.
* ``sample_hands``: deal unseen cards to hidden hands at random while respecting the hand
  sizes, the cards known to sit in a hand (passed cards) and the suits a player has shown
  out of. Feasibility is checked with Hall's condition over sets of suits (a
  transportation problem: suits supply cards, seats demand them), so it never fails on
  a consistent observation.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import combinations
from typing import Sequence

from game.cards import Deck, bits
from game.rules.fields import Field, decode, encode


class SuitedDeck:
    """Suit masks for a suit-major deck with ``ranks`` cards per suit."""

    def __init__(self, deck: Deck, ranks: int, suits: int) -> None:
        self.deck = deck
        self.ranks = ranks
        self.suits = suits
        self.suit_masks = tuple(((1 << ranks) - 1) << (s * ranks) for s in range(suits))

    def suit_of(self, card: int) -> int:
        return card // self.ranks

    def suit_mask_of(self, card: int) -> int:
        return self.suit_masks[card // self.ranks]



def follow_suit(hand: int, led_suit_mask: int) -> int:
    """The cards playable when the rules say 'follow suit if you can, else anything'."""
    same = hand & led_suit_mask
    return same if same else hand


def highest_of_led(plays: Sequence[tuple[int, int]], strength: Sequence[int], led_suit_mask: int) -> int:
    """Seat of the strongest card of the suit led (no trumps). ``plays`` are (seat, card)."""
    best_seat, best = plays[0][0], -1
    for seat, card in plays:
        if led_suit_mask >> card & 1 and strength[card] > best:
            best_seat, best = seat, strength[card]
    return best_seat


def unique_highest(plays: Sequence[tuple[int, int]], strength: Sequence[int]) -> int | None:
    """Seat of the unique strongest card, or None when the top strength is shared."""
    top = max(strength[c] for _, c in plays)
    seats = [s for s, c in plays if strength[c] == top]
    return seats[0] if len(seats) == 1 else None


def deal_blocks(order: Sequence[int], seats: Sequence[int], hand_size: int, block: int) -> tuple[list[int], int]:
    """Deal ``order`` (top card first) to ``seats`` in turn, ``block`` cards at a time.

    Returns the hands (a mask per position in ``seats``) and how many cards were dealt.
    """
    hands = [0] * len(seats)
    pos = 0
    for _ in range(hand_size // block):
        for i in range(len(seats)):
            for c in order[pos : pos + block]:
                hands[i] |= 1 << c
            pos += block
    return hands, pos


@dataclass
class TrickRecord:
    """The trick in progress and the completed tricks of the current hand.

    ``plays`` are (seat, card) in play order; a completed trick is (leader, plays, winner)
    with winner None for a spoiled trick.
    """

    leader: int = 0
    plays: list[tuple[int, int]] = field(default_factory=list)
    done: list[tuple[int, list[tuple[int, int]], int | None]] = field(default_factory=list)

    def played_mask(self) -> int:
        m = 0
        for _, plays, _ in self.done:
            for _, c in plays:
                m |= 1 << c
        for _, c in self.plays:
            m |= 1 << c
        return m

    def close(self, winner: int | None) -> None:
        self.done.append((self.leader, self.plays, winner))
        self.plays = []

    # JSON forms: the same for observations (public: every card is played face up) and
    # states (the fields "plays" and "tricks" of fields.py).
    def trick_json(self, deck: Deck) -> list[dict]:
        return encode("plays", self.plays, deck)

    def history_json(self, deck: Deck) -> list[dict]:
        return encode("tricks", self.done, deck)

    @classmethod
    def from_json(cls, deck: Deck, leader: int, trick: list, history: list) -> "TrickRecord":
        return cls(leader, decode("plays", trick, deck, "trick"), decode("tricks", history, deck, "tricks"))


# A trick game's state declares these with its FIELDS: the TrickRecord in ``record`` is
# then written and read as the keys "leader", "trick" and "tricks".
TRICK_FIELDS = (Field("leader", "int"), Field("trick", "plays"), Field("tricks", "tricks"))


class TrickFields:
    """The attributes TRICK_FIELDS name, kept in the state's ``record``."""

    record: TrickRecord

    def _record(self) -> TrickRecord:
        if "record" not in self.__dict__:
            self.record = TrickRecord()
        return self.record

    @property
    def leader(self) -> int:
        return self.record.leader

    @leader.setter
    def leader(self, seat: int) -> None:
        self._record().leader = seat

    @property
    def trick(self) -> list[tuple[int, int]]:
        return self.record.plays

    @trick.setter
    def trick(self, plays: list[tuple[int, int]]) -> None:
        self._record().plays = plays

    @property
    def tricks(self) -> list[tuple[int, list[tuple[int, int]], int | None]]:
        return self.record.done

    @tricks.setter
    def tricks(self, done: list) -> None:
        self._record().done = done

    def copy_nested(self, copy) -> None:
        """A copy of the state (``State.copier``) gets a trick record of its own."""
        r = self.record
        copy.record = TrickRecord(r.leader, list(r.plays), list(r.done))

    def check_tricks(self, seats: Sequence[int], what: str) -> None:
        """RulesError unless every seat named in the record is one of ``seats``."""
        from game.rules.base import RulesError

        rec = self.record
        named = [rec.leader, *(s for s, _ in rec.plays)]
        for lead, plays, w in rec.done:
            named += [lead, *(s for s, _ in plays)] + ([] if w is None else [w])
        if any(s not in seats for s in named):
            raise RulesError(f"malformed {what} state: a trick names a seat that does not play")

    def check_turn(self, seats: Sequence[int], to_move: int, hands: Sequence[int], what: str) -> None:
        """RulesError unless the trick in progress was played in turn (``check_in_turn``)."""
        rec = self.record
        check_in_turn(seats, rec.leader, [s for s, _ in rec.plays], to_move, hands, what)


def check_in_turn(seats: Sequence[int], leader: int, played: Sequence[int], to_move: int, hands: Sequence[int],
                  what: str) -> None:
    """RulesError unless the trick in progress was played in turn from its leader (``played``:
    the seats that played to it, ``seats`` in playing order), ``to_move`` is next, and the hands
    fit: those who played to it hold one card fewer than the others, and the player to move
    holds one."""
    from game.rules.base import RulesError

    order = list(seats)
    at = order.index(leader)
    turn = [order[(at + k) % len(order)] for k in range(len(played) + 1)]
    if list(played) != turn[:-1] or to_move != turn[-1]:
        raise RulesError(f"malformed {what} state: seat {to_move} cannot be to play, the trick led by "
                         f"seat {leader} holding {len(played)} card(s)")
    sizes = {s: hands[s].bit_count() for s in order}
    h = sizes[to_move]
    if h < 1 or any(sizes[s] != (h - 1 if s in turn[:-1] else h) for s in order):
        raise RulesError(f"malformed {what} state: the hands ({[sizes[s] for s in order]} cards) do not fit "
                         f"seat {to_move} being to play")


def sample_hands(
    unseen: int,
    counts: dict[int, int],
    rng: random.Random,
    allowed: dict[int, int] | None = None,
    known: dict[int, int] | None = None,
    suit_masks: Sequence[int] = (),
) -> dict[int, int]:
    """Deal the ``unseen`` cards to seats so that seat s gets exactly ``counts[s]`` cards.

    ``known[s]`` are cards certainly in seat s's hand (they must be part of ``unseen`` and are
    counted in ``counts[s]``); ``allowed[s]`` masks the cards seat s may hold (a seat that
    showed out of a suit may not hold it). Cards left over are returned under key -1 (the
    unused cards, the stock). Each card goes, in random order, to a random seat among those
    that keep the rest of the deal feasible, checked by Hall's condition over the suits.
    """
    known = known or {}
    allowed = allowed or {}
    hands = {s: known.get(s, 0) for s in counts}
    rest = unseen
    for m in known.values():
        rest &= ~m
    need = {s: counts[s] - hands[s].bit_count() for s in counts}
    if any(v < 0 for v in need.values()):
        raise ValueError("more known cards than the hand holds")
    free_total = rest.bit_count()
    spare = free_total - sum(need.values())
    if spare < 0:
        raise ValueError("not enough unseen cards for the hidden hands")
    full = -1
    allow = {s: allowed.get(s, full) for s in counts}
    groups = list(suit_masks) if suit_masks else [rest]
    if not any(allow[s] != full for s in counts):
        # No constraint: a plain shuffle is exact and fast.
        hands[-1] = 0
        _shuffle_into(rest, list(counts), need, hands, rng)
        return hands

    seats = list(counts)
    # Fast path: deal suit by suit, most constrained suits first, each card to a random seat
    # that may hold it (weighted by room left); retry on a dead end. The exact method below
    # (Hall's condition checked card by card) only runs if that keeps failing.
    for _ in range(30):
        got = _greedy_deal(rest, groups, seats, dict(need), allow, spare, rng)
        if got is not None:
            for s in seats:
                hands[s] |= got[s]
            hands[-1] = got[-1]
            return hands

    def feasible(rest: int, need: dict[int, int]) -> bool:
        # Cards of a group set S must fit in the seats allowed to take them plus the spare
        # (unused) slots; and every seat must be able to fill its need (Hall, both sides).
        spare_slots = rest.bit_count() - sum(need.values())
        if spare_slots < 0:
            return False
        supply = [rest & g for g in groups]
        for r in range(1, len(groups) + 1):
            for combo in combinations(range(len(groups)), r):
                cards = 0
                for g in combo:
                    cards |= supply[g]
                n = cards.bit_count()
                if n == 0:
                    continue
                cap = spare_slots + sum(need[s] for s in seats if allow[s] & cards)
                if n > cap:
                    return False
        for s in seats:
            if (rest & allow[s]).bit_count() < need[s]:
                return False
        return True

    cards = list(bits(rest))
    rng.shuffle(cards)
    left_over = 0
    for c in cards:
        bit = 1 << c
        options = [s for s in seats if need[s] and allow[s] & bit]
        if spare:
            options.append(-1)
        rng.shuffle(options)
        # Weight by remaining room so an unconstrained deal stays close to uniform.
        options.sort(key=lambda s: -(need[s] if s >= 0 else spare) * rng.random())
        placed = False
        rest_after = rest & ~bit
        for s in options:
            if s >= 0:
                need[s] -= 1
                if feasible(rest_after, need):
                    hands[s] |= bit
                    placed = True
                    break
                need[s] += 1
            else:
                spare -= 1
                if feasible(rest_after, need):
                    left_over |= bit
                    placed = True
                    break
                spare += 1
        if not placed:
            raise ValueError("no deal of the unseen cards fits the observation")
        rest = rest_after
    hands[-1] = left_over
    return hands


def _shuffle_into(cards: int, seats: list, need: dict, out: dict, rng: random.Random) -> None:
    """Shuffle these cards into the open slots: ``need[s]`` to each seat in order, the rest
    to ``out[-1]`` (the unused cards)."""
    order = list(bits(cards))
    rng.shuffle(order)
    pos = 0
    for s in seats:
        for c in order[pos: pos + need[s]]:
            out[s] |= 1 << c
        pos += need[s]
    for c in order[pos:]:
        out[-1] |= 1 << c


def _slot_owner(room: list, x: int):
    """The seat holding slot ``x`` of ``room`` ((seat, open slots) pairs, in order)."""
    for s, r in room:
        if x < r:
            return s
        x -= r
    return room[-1][0]


def _greedy_deal(rest: int, groups: list, seats: list, need: dict, allow: dict, spare: int, rng: random.Random):
    """One try of the fast path (None on a dead end). Dealing card by card, each card to a
    slot drawn uniformly among the room left of the seats that may hold it (and the spare),
    is the same as drawing at once, for a group whose cards the same seats may hold, as many
    slots as it has cards: groups are dealt that way, most constrained first, and the groups
    every seat may hold last, shuffled into the slots left."""
    out = {s: 0 for s in seats}
    out[-1] = 0
    need[-1] = spare  # the unused cards' slots, which any card may take
    loose = 0
    bound = []
    for g in groups:
        cards = rest & g
        if not cards:
            continue
        if all(allow[s] & cards == cards for s in seats):
            loose |= cards
        else:
            bound.append((sum(1 for s in seats if allow[s] & cards), cards))
    bound.sort(key=lambda t: t[0])
    for _, cards in bound:
        whole = [s for s in seats if allow[s] & cards == cards]
        if len(whole) == sum(1 for s in seats if allow[s] & cards):
            room = [(s, need[s]) for s in (*whole, -1) if need[s]]
            total = sum(r for _, r in room)
            k = cards.bit_count()
            if total < k:
                return None
            for c, x in zip(bits(cards), rng.sample(range(total), k)):
                s = _slot_owner(room, x)
                out[s] |= 1 << c
                need[s] -= 1
            continue
        # Seats that may hold some of these cards only: card by card.
        order = list(bits(cards))
        rng.shuffle(order)
        for c in order:
            bit = 1 << c
            room = [(s, need[s]) for s in seats if need[s] and allow[s] & bit]
            if need[-1]:
                room.append((-1, need[-1]))
            total = sum(r for _, r in room)
            if not total:
                return None
            s = _slot_owner(room, rng.randrange(total))
            out[s] |= bit
            need[s] -= 1
    _shuffle_into(loose, seats, need, out, rng)
    return out
