"""The rummy family's meld finder: melds, card values and the best arrangement of a hand.

One exact function serves the four rummy games (and their bots, hints, knock/gin checks
and the table's automatic arrangement): ``best_arrangement`` splits a hand into melds and
deadwood with the minimum deadwood value under a ``MeldRule``.

Cards are deck indices of a French deck (``FRENCH52``, ``FRENCH54`` with the jokers
``X1``/``X2``, ``FRENCH108`` = two 54-card decks whose codes carry ``/1`` or ``/2``); the
finder reads rank, suit and joker from the deck's codes. A hand is a bitmask or a
sequence of cards.

Melds
    set   3 or 4 cards of one rank in distinct suits. With two decks, two identical cards
          (``7H/1`` and ``7H/2``) are never in one set, so a set still has at most 4 cards.
    run   3 or more consecutive cards of one suit, at most 13 (no rank twice).
          Aces follow ``MeldRule.aces``: ``"low"`` (A-2-3 only), ``"high_or_low"`` (A-2-3
          or Q-K-A, not both ends in one run), ``"around"`` (K-A-2 allowed: runs wrap).
    jokers stand for any card: in a run for one definite card (the place it takes), in a
          set for any missing suit of the rank. A meld holds at least one natural card
          (three jokers say nothing about what they are).
    ``MeldRule.min_len`` (3) is the smallest meld of either kind.

Meld order (``Arrangement.melds``, ``melds_in``): runs ascending from their lowest place
(``QH KH AH`` with ``high_or_low``, ``KH AH 2H`` with ``"around"``), a joker at the place
it stands for; sets by deck index, jokers last.

Exactness and ties: ``best_arrangement`` minimises the deadwood value; among equal
values it keeps the arrangement with the fewest deadwood cards (a joker worth 0 is
melded rather than left over), then the first one found in a fixed search order, so one
hand always gives the same arrangement.

How it is fast: a hand of one deck without jokers (every Gin hand) is split into four
13-bit suit masks. A suit's best runs-only arrangement is a lookup in a table of the
8192 suit masks, built once per rule; the ranks where a set is possible (3 or 4 suits,
found with bit operations across the suit masks) are the only choices left, tried in
every useful way (no set, the full set, or a 4-card rank's triple that leaves a card to
a run) and priced by four lookups each. Hands with jokers or two copies of a card go to
an exact memoised search on the lowest remaining card (each card is deadwood or in one
of the melds through it).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import combinations
from typing import Iterator, Sequence, Union

from game.cards import FRENCH_RANKS, FRENCH_SUITS, Deck

ACE_RULES = ("low", "high_or_low", "around")
RANKS = 13
SUIT_BITS = (1 << RANKS) - 1
_K = 128  # cost key = points * _K + deadwood cards: one integer orders (points, cards)


@dataclass(frozen=True)
class MeldRule:
    """What makes a meld and what a card left in hand costs, per game."""

    aces: str = "low"  # "low", "high_or_low" or "around" (see the module docstring)
    ace_value: int = 1  # deadwood/penalty value of an ace (Basic 11, Classic option 15, Gin 1)
    joker_value: int = 0  # value of a joker left in hand (Basic/Boathouse 15)
    court_value: int = 10
    min_len: int = 3

    def __post_init__(self) -> None:
        if self.aces not in ACE_RULES:
            raise ValueError(f"aces must be one of {ACE_RULES}, not {self.aces!r}")
        if not isinstance(self.min_len, int) or self.min_len < 2:
            raise ValueError(f"min_len must be an integer of at least 2, not {self.min_len!r}")
        for name in ("ace_value", "joker_value", "court_value"):
            v = getattr(self, name)
            if not isinstance(v, int) or v < 0:
                raise ValueError(f"{name} must be a non-negative integer, not {v!r}")

    def rank_value(self, rank: int) -> int:
        """Value of a natural card of rank index ``rank`` (0 = ace .. 12 = king)."""
        if rank == 0:
            return self.ace_value
        if rank >= 10:
            return self.court_value
        return rank + 1

    @cached_property
    def _tables(self) -> "_SuitTables":
        # Built on first use and kept on the (frozen, shared) rule object.
        return _SuitTables(self)


@dataclass(frozen=True)
class Arrangement:
    """A hand split into melds and deadwood."""

    melds: tuple[tuple[int, ...], ...]  # each in meld order (see the module docstring)
    deadwood: tuple[int, ...]  # ascending deck indices
    points: int  # the deadwood's value under the rule


Hand = Union[int, Sequence[int]]


# -- the deck's cards as (suit, rank) kinds ---------------------------------------------

class _Layout:
    """A French deck read once: each card's kind (suit * 13 + rank) or -1 for a joker."""

    def __init__(self, deck: Deck) -> None:
        kinds = []
        for code in deck.codes:
            face = code.split("/")[0]
            if face[0] == "X":
                kinds.append(-1)
                continue
            if len(face) != 2 or face[0] not in FRENCH_RANKS or face[1] not in FRENCH_SUITS:
                raise ValueError(f"the meld finder needs a French deck; {deck.name} has {code!r}")
            kinds.append(FRENCH_SUITS.index(face[1]) * RANKS + FRENCH_RANKS.index(face[0]))
        self.deck = deck
        self.size = deck.size
        self.kind = tuple(kinds)
        self.jokers = sum(1 << i for i, k in enumerate(kinds) if k < 0)
        self.cards_of_kind: list[list[int]] = [[] for _ in range(4 * RANKS)]
        for i, k in enumerate(kinds):
            if k >= 0:
                self.cards_of_kind[k].append(i)
        # The 52 kinds as bits 0..51 of the deck's first copy (true of every French deck
        # here: suit-major, so a suit is a contiguous 13-bit run), for the fast path.
        self.first_copy_is_kinds = all(kinds[i] == i for i in range(4 * RANKS))
        self.first_copy = (1 << (4 * RANKS)) - 1


_LAYOUTS: dict[int, tuple[Deck, _Layout]] = {}


def _layout(deck: Deck) -> _Layout:
    hit = _LAYOUTS.get(id(deck))
    if hit is not None and hit[0] is deck:
        return hit[1]
    lay = _Layout(deck)
    _LAYOUTS[id(deck)] = (deck, lay)
    return lay


def _hand_mask(lay: _Layout, hand: Hand) -> int:
    if isinstance(hand, int) and not isinstance(hand, bool):
        if hand < 0 or hand >> lay.size:
            raise ValueError(f"hand mask has cards outside the {lay.deck.name} deck")
        return hand
    m = 0
    for c in hand:
        if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < lay.size:
            raise ValueError(f"{c!r} is not a card of the {lay.deck.name} deck")
        bit = 1 << c
        if m & bit:
            raise ValueError(f"card {lay.deck.codes[c]} is in the hand twice")
        m |= bit
    return m


def card_value(deck: Deck, card: int, rule: MeldRule) -> int:
    """The deadwood (penalty) value of one card under ``rule``."""
    k = _layout(deck).kind[card]
    return rule.joker_value if k < 0 else rule.rank_value(k % RANKS)


# -- places of a run ----------------------------------------------------------------------
# A run is a stretch of places of one suit. Places are ranks 0..12; with "high_or_low" the
# ace has a second place 13 (above the king); with "around" places wrap modulo 13.

def _places(rank: int, aces: str) -> tuple[int, ...]:
    return (0, 13) if rank == 0 and aces == "high_or_low" else (rank,)


def _place_bounds(aces: str) -> tuple[int, int]:
    return {"low": (0, 12), "high_or_low": (0, 13), "around": (-10**6, 10**6)}[aces]


# -- reading and checking one meld --------------------------------------------------------

@dataclass(frozen=True)
class MeldReading:
    """What a list of cards means as a meld, in the order given.

    ``stands_for`` maps each joker to the natural card it stands for in a run (the deck
    index of its first copy), or to None in a set (any missing suit of ``rank``)."""

    kind: str  # "set" | "run"
    cards: tuple[int, ...]
    rank: int | None  # the set's rank index (0 = ace); None for a run
    suit: int | None  # the run's suit index (FRENCH_SUITS); None for a set
    stands_for: dict[int, int | None]


def read_meld(deck: Deck, cards: Sequence[int], rule: MeldRule, kind: str | None = None) -> MeldReading | None:
    """Read ``cards`` in the order given as a set or a run (``kind`` forces one), or None.

    In a run the order matters: naturals ascend place by place and each joker stands for
    the card of its place (``5H X1 7H`` is 5-6-7). A set's order is free. With ``kind``
    None a list that reads both ways (one natural and jokers) is read as a set."""
    lay = _layout(deck)
    cards = tuple(cards)
    if len(set(cards)) != len(cards) or not all(isinstance(c, int) and 0 <= c < lay.size for c in cards):
        return None
    n = len(cards)
    if n < rule.min_len:
        return None
    kinds = [lay.kind[c] for c in cards]
    naturals = [k for k in kinds if k >= 0]
    if not naturals:
        return None
    if kind in (None, "set"):
        ranks = {k % RANKS for k in naturals}
        suits = [k // RANKS for k in naturals]
        if len(ranks) == 1 and len(set(suits)) == len(suits) and n <= 4:
            return MeldReading("set", cards, ranks.pop(), None, {c: None for c, k in zip(cards, kinds) if k < 0})
        if kind == "set":
            return None
    if n > RANKS:
        return None
    suits = {k // RANKS for k in naturals}
    if len(suits) != 1:
        return None
    suit = suits.pop()
    lo, hi = _place_bounds(rule.aces)
    first = next(i for i, k in enumerate(kinds) if k >= 0)
    for p in _places(kinds[first] % RANKS, rule.aces):
        start = p - first
        if start < lo or start + n - 1 > hi:
            continue
        ok = True
        for i, k in enumerate(kinds):
            if k >= 0 and (start + i) % RANKS != k % RANKS:
                ok = False
                break
            if k >= 0 and rule.aces == "high_or_low" and k % RANKS == 0 and start + i not in (0, 13):
                ok = False
                break
        if ok:
            stands = {c: lay.cards_of_kind[suit * RANKS + (start + i) % RANKS][0]
                      for i, (c, k) in enumerate(zip(cards, kinds)) if k < 0}
            return MeldReading("run", cards, None, suit, stands)
    return None


def is_meld(deck: Deck, cards: Sequence[int], rule: MeldRule) -> bool:
    """Whether ``cards`` form a valid set or run in some order (jokers standing for any card)."""
    return meld_order(deck, cards, rule) is not None


def meld_order(deck: Deck, cards: Sequence[int], rule: MeldRule) -> tuple[int, ...] | None:
    """``cards`` in meld order if they form a meld (a set if they can), else None."""
    lay = _layout(deck)
    cards = tuple(cards)
    if len(set(cards)) != len(cards) or not all(isinstance(c, int) and 0 <= c < lay.size for c in cards):
        return None
    naturals = sorted(c for c in cards if lay.kind[c] >= 0)
    jokers = sorted(c for c in cards if lay.kind[c] < 0)
    if not naturals or len(cards) < rule.min_len:
        return None
    as_set = tuple(naturals) + tuple(jokers)
    if read_meld(deck, as_set, rule, "set"):
        return as_set
    # A run: naturals of one suit at distinct places; try each place of the lowest one.
    kinds = [lay.kind[c] for c in naturals]
    if len({k // RANKS for k in kinds}) != 1 or len(set(kinds)) != len(kinds) or len(cards) > RANKS:
        return None
    n = len(cards)
    lo, hi = _place_bounds(rule.aces)
    for start_nat in range(len(naturals)):
        for p0 in _places(kinds[start_nat] % RANKS, rule.aces):
            # the run's lowest natural is naturals[start_nat] at place p0; jokers fill the rest
            for lead in range(len(jokers) + 1):
                start = p0 - lead
                if start < lo or start + n - 1 > hi:
                    continue
                slots: list[int | None] = [None] * n
                ok = True
                for c, k in zip(naturals, kinds):
                    r = k % RANKS
                    idx = [q - start for q in range(start, start + n)
                           if q % RANKS == r and (rule.aces != "high_or_low" or r != 0 or q in (0, 13))]
                    if len(idx) != 1 or slots[idx[0]] is not None:
                        ok = False
                        break
                    slots[idx[0]] = c
                if not ok:
                    continue
                it = iter(jokers)
                order = tuple(c if c is not None else next(it) for c in slots)
                if read_meld(deck, order, rule, "run"):
                    return order
    return None


# -- per-suit tables: the best runs-only arrangement of each 13-bit suit mask --------------

def _blocks(places: list[int]) -> list[list[int]]:
    """Consecutive stretches of a sorted list of places."""
    out: list[list[int]] = []
    for p in places:
        if out and out[-1][-1] == p - 1:
            out[-1].append(p)
        else:
            out.append([p])
    return out


class _SuitTables:
    """For each suit mask: cost key of its best runs-only arrangement, and its runs."""

    def __init__(self, rule: MeldRule) -> None:
        size = 1 << RANKS
        vals = [rule.rank_value(r) for r in range(RANKS)]
        self.key = [0] * size
        self.runs: list[tuple[tuple[int, ...], ...]] = [()] * size
        self.runnable = [0] * size  # ranks of the mask that some run of the mask contains
        self.card_key = [v * _K + 1 for v in vals]
        # value_key[m]: cost key of the whole mask left as deadwood
        self.value_key = [0] * size
        for m in range(1, size):
            low = m & -m
            self.value_key[m] = self.value_key[m ^ low] + self.card_key[low.bit_length() - 1]
        n = rule.min_len
        for m in range(size):
            ranks = [r for r in range(RANKS) if m >> r & 1]
            best = None
            for runs in self._candidates(ranks, rule.aces):
                runs = [r for r in runs if len(r) >= n]
                used = 0
                for run in runs:
                    for p in run:
                        used |= 1 << (p % RANKS)
                k = self.value_key[m & ~used]
                if best is None or k < best[0]:
                    best = (k, tuple(tuple(p % RANKS for p in run) for run in runs))
            self.key[m], self.runs[m] = best
            run_bits = 0
            for runs in self._candidates(ranks, rule.aces):
                for run in runs:
                    if len(run) >= n:
                        for p in run:
                            run_bits |= 1 << (p % RANKS)
            self.runnable[m] = run_bits

    @staticmethod
    def _candidates(ranks: list[int], aces: str) -> Iterator[list[list[int]]]:
        """The ways a suit's ranks fall into maximal stretches of places (one per ace place)."""
        if aces == "low" or 0 not in ranks:
            yield _blocks(ranks)
        elif aces == "high_or_low":
            yield _blocks(ranks)  # the ace low
            yield _blocks(ranks[1:] + [13])  # the ace high
        elif len(ranks) == RANKS:
            yield [list(range(RANKS))]  # around, every rank: one run from the ace
        else:
            # around: places wrap, so cut the circle after a missing rank
            gap = next(r for r in range(RANKS) if r not in ranks)
            rotated = sorted((r - gap - 1) % RANKS for r in ranks)
            yield [[p + gap + 1 for p in b] for b in _blocks(rotated)]


# -- the fast path: one deck, no jokers -----------------------------------------------------

def _fast_key(m: int, t: _SuitTables) -> tuple[int, tuple]:
    """(cost key, chosen sets) for a 52-bit kind mask: runs by table, sets by choice."""
    key = t.key
    s0 = m & SUIT_BITS
    s1 = m >> 13 & SUIT_BITS
    s2 = m >> 26 & SUIT_BITS
    s3 = m >> 39 & SUIT_BITS
    three = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    if not three:
        return key[s0] + key[s1] + key[s2] + key[s3], ()
    return _with_sets(three, [s0, s1, s2, s3], t)


def _with_sets(three: int, suits: list[int], t: _SuitTables) -> tuple[int, tuple]:
    """Try every useful choice of sets on the ranks ``three``, runs priced by table."""
    key, runnable = t.key, t.runnable
    options = []  # per rank: list of (suit masks to clear as 4 bits, set kinds)
    while three:
        b = three & -three
        three ^= b
        present = [i for i in range(4) if suits[i] & b]
        flex = [i for i in present if runnable[suits[i]] & b]
        full = sum(1 << i for i in present)
        opts = [full]  # the full set first: ties keep it
        if flex:
            if len(present) == 4:
                opts += [full & ~(1 << i) for i in flex]
            opts.append(0)
        options.append((b, opts))
    best_key = None
    best_sets: tuple = ()

    def rec(i: int, s: list[int], chosen: tuple) -> None:
        nonlocal best_key, best_sets
        if i == len(options):
            k = key[s[0]] + key[s[1]] + key[s[2]] + key[s[3]]
            if best_key is None or k < best_key:
                best_key, best_sets = k, chosen
            return
        b, opts = options[i]
        for o in opts:
            if o:
                s2 = [s[j] & ~b if o >> j & 1 else s[j] for j in range(4)]
                rec(i + 1, s2, chosen + ((b, o),))
            else:
                rec(i + 1, s, chosen)

    rec(0, suits, ())
    return best_key, best_sets


def _fast_arrangement(lay: _Layout, m: int, rule: MeldRule) -> Arrangement:
    t = rule._tables
    k, sets = _fast_key(m, t)
    melds: list[tuple[int, ...]] = []
    rest = m
    for b, o in sets:
        r = b.bit_length() - 1
        cards = tuple(j * RANKS + r for j in range(4) if o >> j & 1)
        melds.append(cards)
        for c in cards:
            rest &= ~(1 << c)
    for j in range(4):
        s = rest >> (j * RANKS) & SUIT_BITS
        for run in t.runs[s]:
            melds.append(tuple(j * RANKS + r for r in run))
    used = 0
    for meld in melds:
        for c in meld:
            used |= 1 << c
    dead = m & ~used
    deadwood = tuple(i for i in range(4 * RANKS) if dead >> i & 1)
    melds.sort()
    return Arrangement(tuple(melds), deadwood, k // _K)


# -- the general path: jokers and two decks ------------------------------------------------
# The hand as kinds: m1 = kinds held at least once, m2 = kinds held twice, j = jokers.
# Meld items: a natural kind k (0..51), a joker standing for kind k (64 + k), or a joker
# in a set (63).
_SET_JOKER = 63
_RUN_JOKER = 64


def _melds_through(c: int, m1: int, j: int, rule: MeldRule) -> Iterator[tuple[int, int, tuple[int, ...]]]:
    """Every meld holding kind ``c`` whose other naturals are kinds of ``m1`` and which uses
    at most ``j`` jokers: (naturals other than c as a kind mask, jokers used, items)."""
    suit, rank = divmod(c, RANKS)
    base = suit * RANKS
    n = rule.min_len
    # sets: other suits of the rank, then jokers for missing suits
    others = [s * RANKS + rank for s in range(4) if s != suit and m1 >> (s * RANKS + rank) & 1]
    for size in range(len(others) + 1):
        for pick in combinations(others, size):
            for jk in range(min(j, 3 - size) + 1):
                if 1 + size + jk >= n:
                    nat = 0
                    for k in pick:
                        nat |= 1 << k
                    yield nat, jk, tuple(sorted((c,) + pick)) + (_SET_JOKER,) * jk
    # runs through each place of c
    lo, hi = _place_bounds(rule.aces)
    for p in _places(rank, rule.aces):
        sides = []
        for step in (-1, 1):
            side = []  # (kind, available) outward from p
            need = 0
            q = p + step
            while lo <= q <= hi and len(side) < RANKS - 1:
                r = q % RANKS
                if rule.aces == "high_or_low" and r == 0 and q not in (0, 13):
                    break
                k = base + r
                avail = bool(m1 >> k & 1)
                need += not avail
                if need > j:
                    break
                side.append((k, avail))
                q += step
            sides.append(side)
        left, right = sides
        for nl in range(len(left) + 1):
            for nr in range(len(right) + 1):
                length = 1 + nl + nr
                if length < n or length > RANKS:
                    continue
                row = left[:nl][::-1] + [(c, True)] + right[:nr]
                if rule.aces == "high_or_low" and sum(1 for k, _ in row if k % RANKS == 0) > 1:
                    continue
                need = sum(1 for k, a in row if not a)
                if need > j:
                    continue
                avail_idx = [i for i, (k, a) in enumerate(row) if a and k != c]
                for extra in range(j - need + 1):
                    for subs in combinations(avail_idx, extra):
                        items = []
                        nat = 0
                        for i, (k, a) in enumerate(row):
                            if a and i not in subs:
                                items.append(k)
                                if k != c:
                                    nat |= 1 << k
                            else:
                                items.append(_RUN_JOKER + k)
                        yield nat, need + extra, tuple(items)


def _general(lay: _Layout, m1: int, m2: int, nj: int, rule: MeldRule):
    """Exact search: (cost key, list of meld items, deadwood kinds, deadwood jokers)."""
    t = rule._tables
    card_key = t.card_key
    joker_key = rule.joker_value * _K + 1
    memo: dict[tuple[int, int, int], tuple[int, object]] = {}

    def rec(m1: int, m2: int, j: int) -> int:
        if not m1:
            return j * joker_key
        state = (m1, m2, j)
        hit = memo.get(state)
        if hit is not None:
            return hit[0]
        low = m1 & -m1
        c = low.bit_length() - 1
        if m2 & low:
            r1, r2 = m1, m2 ^ low
        else:
            r1, r2 = m1 ^ low, m2
        best = card_key[c % RANKS] + rec(r1, r2, j)
        choice: object = None
        seen = set()
        for nat, jk, items in _melds_through(c, r1, j, rule):
            if (nat, jk) in seen:
                continue
            seen.add((nat, jk))
            k = rec(r1 & ~(nat & ~r2), r2 & ~nat, j - jk)
            if k < best:
                best, choice = k, (nat, jk, items)
        memo[state] = (best, choice)
        return best

    total = rec(m1, m2, nj)
    melds = []
    dead_kinds = []
    while m1:
        low = m1 & -m1
        c = low.bit_length() - 1
        if m2 & low:
            r1, r2 = m1, m2 ^ low
        else:
            r1, r2 = m1 ^ low, m2
        choice = memo[(m1, m2, nj)][1]
        if choice is None:
            dead_kinds.append(c)
            m1, m2 = r1, r2
        else:
            nat, jk, items = choice
            melds.append(items)
            m1, m2, nj = r1 & ~(nat & ~r2), r2 & ~nat, nj - jk
    return total, melds, dead_kinds, nj


def best_arrangement(deck: Deck, hand: Hand, rule: MeldRule) -> Arrangement:
    """The hand split into melds and deadwood with the minimum deadwood value (exact).

    ``hand`` is a bitmask or a sequence of distinct cards of ``deck``."""
    lay = _layout(deck)
    m = _hand_mask(lay, hand)
    if lay.first_copy_is_kinds and rule.min_len == 3 and not m >> (4 * RANKS):
        return _fast_arrangement(lay, m, rule)
    m1 = m2 = 0
    jokers = []
    for c in _bits(m):
        k = lay.kind[c]
        if k < 0:
            jokers.append(c)
        elif m1 >> k & 1:
            m2 |= 1 << k
        else:
            m1 |= 1 << k
    total, meld_items, dead_kinds, dead_jokers = _general(lay, m1, m2, len(jokers), rule)
    # physical cards for the kinds: each kind's copies in the hand, lowest index first
    pool = {k: [c for c in lay.cards_of_kind[k] if m >> c & 1] for k in set(lay.kind) if k >= 0}
    joker_pool = list(jokers)
    melds = []
    for items in meld_items:
        meld = []
        for it in items:
            if it < _SET_JOKER:
                meld.append(pool[it].pop(0))
            else:
                meld.append(joker_pool.pop(0))
        melds.append(tuple(meld))
    deadwood = [pool[k].pop(0) for k in dead_kinds] + joker_pool
    assert len(joker_pool) == dead_jokers
    return Arrangement(tuple(sorted(melds)), tuple(sorted(deadwood)), total // _K)


def deadwood_points(deck: Deck, hand: Hand, rule: MeldRule) -> int:
    """The minimum deadwood value of ``hand`` (``best_arrangement(...).points``, faster)."""
    lay = _layout(deck)
    m = hand if type(hand) is int and 0 <= hand < 1 << 52 else _hand_mask(lay, hand)
    if lay.first_copy_is_kinds and rule.min_len == 3 and not m >> 52:
        return _fast_key(m, rule._tables)[0] // _K
    return best_arrangement(deck, m, rule).points


def melds_in(deck: Deck, hand: Hand, rule: MeldRule) -> list[tuple[int, ...]]:
    """Every meld the hand can lay, each in meld order, sorted.

    Jokers are interchangeable and identical copies (two decks) too, so each meld is
    listed once, with the hand's lowest-index copies and jokers: the rules should accept
    any copy the player names (``is_meld``/``read_meld``) and list these."""
    lay = _layout(deck)
    m = _hand_mask(lay, hand)
    m1 = 0
    jokers = []
    first: dict[int, int] = {}
    for c in _bits(m):
        k = lay.kind[c]
        if k < 0:
            jokers.append(c)
        elif not m1 >> k & 1:
            m1 |= 1 << k
            first[k] = c
    out = set()
    for c in _bits(m1):
        for nat, jk, items in _melds_through(c, m1, len(jokers), rule):
            jit = iter(jokers)
            out.add(tuple(first[it] if it < _SET_JOKER else next(jit) for it in items))
    return sorted(out)


def _bits(m: int) -> Iterator[int]:
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


__all__ = [
    "ACE_RULES", "Arrangement", "MeldReading", "MeldRule", "best_arrangement", "card_value",
    "deadwood_points", "is_meld", "meld_order", "melds_in", "read_meld",
]
