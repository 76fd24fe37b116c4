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
          (three jokers say nothing about what they are). A meld of one natural card with
          jokers is what its player declares: a set of that rank or a run through that card
          (RULES-NOTES); read without a declaration it is a set (up to four cards; five or
          more can only be a run).
    ``MeldRule.min_len`` (3) is the smallest meld of either kind.

Meld order (``Arrangement.melds``, ``melds_in``): runs ascending from their lowest place
(``QH KH AH`` with ``high_or_low``, ``KH AH 2H`` with ``"around"``), a joker at the place
it stands for; sets by suit (clubs, diamonds, hearts, spades), jokers last. The melds of an
arrangement are sorted by their first card, its deadwood by deck index.

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
of the melds through it), in rank-major order (a set takes cards next to it, a run
reaches ahead in one suit), melds with the most naturals first, each state searched only
under the cost it must beat (branch and bound), and the fast path for what is left once
the jokers are spent. ``bench/melds.py`` measures both against OpenSpiel and a brute force.

Also here: ``deadwood_points`` (the value alone, the fast path without building the
arrangement), ``can_meld_all`` (can all the cards but a few be melded: gin, going out),
``meld_readings`` (every meld a hand can lay and its kind, for legal moves: a natural card
with jokers as a set and as each run through it), ``melds_in`` (their cards), ``read_meld``
(a meld read in the order given: kind, and what each joker stands for) and
``meld_order`` (cards put in meld order).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import combinations, product
from typing import Iterator, Sequence, Union

from game.cards import Deck

ACE_RULES = ("low", "high_or_low", "around")
RANKS = 13
SUIT_BITS = (1 << RANKS) - 1
_FIRST_52 = 1 << 52  # masks below it hold cards of the first 52 indices only
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

    def __getstate__(self) -> dict:
        # Copies and pickles carry the fields only, never the cached tables below.
        return {f: getattr(self, f) for f in ("aces", "ace_value", "joker_value", "court_value", "min_len")}

    @cached_property
    def _tables(self) -> "_SuitTables":
        # Built on first use for each distinct rule (a tenth of a second), then kept on
        # the rule object so the fast path finds them with one attribute lookup.
        key = (type(self), self.aces, self.ace_value, self.court_value, self.min_len)
        tables = _TABLES.get(key)
        if tables is None:
            tables = _TABLES[key] = _SuitTables(self)
        return tables

    @cached_property
    def _card_keys(self) -> tuple[list[int], int]:
        """Cost keys of a natural card by rank, and of a joker."""
        return [self.rank_value(r) * _K + 1 for r in range(RANKS)], self.joker_value * _K + 1


_TABLES: dict[tuple, "_SuitTables"] = {}


@dataclass(frozen=True)
class Arrangement:
    """A hand split into melds and deadwood."""

    melds: tuple[tuple[int, ...], ...]  # each in meld order (see the module docstring)
    deadwood: tuple[int, ...]  # ascending deck indices
    points: int  # the deadwood's value under the rule


Hand = Union[int, Sequence[int]]


# -- the deck's cards as (suit, rank) kinds ---------------------------------------------

class _Layout:
    """What the finder needs of a French deck: each card's kind (its face on the deck, suit
    * 13 + rank, -1 for a joker; game.cards reads the codes once) and the cards of a kind."""

    def __init__(self, deck: Deck) -> None:
        try:
            kinds = deck.faces
        except ValueError as e:
            raise ValueError(f"the meld finder needs a French deck: {e}") from None
        self.deck = deck
        self.size = deck.size
        self.kind = kinds
        self.cards_of_kind = deck.face_cards
        # The 52 kinds as bits 0..51 of the deck's first copy (true of every French deck
        # here: suit-major, so a suit is a contiguous 13-bit run), for the fast path.
        self.first_copy_is_kinds = all(kinds[i] == i for i in range(4 * RANKS))


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
    if isinstance(hand, (bool, str, bytes)) or not hasattr(hand, "__iter__"):
        raise ValueError(f"a hand is a bitmask or a sequence of cards, not {hand!r}")
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
    index of its first copy), or to None in a set (any missing suit of ``rank``). A run's
    ``low`` is the place of its first card: 0 the ace below the two .. 12 the king, 13 the
    ace above the king (``high_or_low``); with ``around`` places wrap, so 0..12."""

    kind: str  # "set" | "run"
    cards: tuple[int, ...]
    rank: int | None  # the set's rank index (0 = ace); None for a run
    suit: int | None  # the run's suit index (FRENCH_SUITS); None for a set
    stands_for: dict[int, int | None]
    low: int = 0  # a run's first place (see above); 0 for a set


def read_meld(deck: Deck, cards: Sequence[int], rule: MeldRule, kind: str | None = None) -> MeldReading | None:
    """Read ``cards`` in the order given as a set or a run (``kind`` forces one), or None.

    In a run the order matters: naturals ascend place by place and each joker stands for
    the card of its place (``5H X1 7H`` is 5-6-7; ``X1 X2 TH`` is 8-9-10). A set's order is
    free. With ``kind`` None a list that reads both ways (one natural and up to three
    jokers) is read as a set."""
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
            return MeldReading("run", cards, None, suit, stands, start % RANKS if rule.aces == "around" else start)
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

def _in_runs(places: int, n: int) -> int:
    """The places of ``places`` lying in a stretch of at least ``n`` consecutive places."""
    starts = places
    for i in range(1, n):
        starts &= places >> i
    out = starts
    for i in range(1, n):
        out |= starts << i
    return out


_RANKS_OF: list[tuple[int, ...]] = [()]  # the ranks of each 13-bit mask, ascending
for _m in range(1, 1 << RANKS):
    _RANKS_OF.append(((_m & -_m).bit_length() - 1,) + _RANKS_OF[_m & (_m - 1)])


class _SuitTables:
    """For each 13-bit suit mask: the cost key of its best runs-only arrangement, the ranks
    some run could use, and that arrangement as cards of each suit (runs sorted by their
    first card, deadwood ascending), ready to concatenate.

    A suit alone is easy: every stretch of ``min_len`` or more consecutive places is one
    run, the rest is deadwood. The ace rule only says where the places are: ``"low"`` the
    ranks; ``"high_or_low"`` the better of the ace low and the ace above the king;
    ``"around"`` a circle, cut after a missing rank."""

    def __init__(self, rule: MeldRule) -> None:
        size = 1 << RANKS
        full = size - 1
        n, aces = rule.min_len, rule.aces
        self.card_key = [rule.rank_value(r) * _K + 1 for r in range(RANKS)]
        value_key = [0] * size  # the whole mask left as deadwood
        for m in range(1, size):
            low = m & -m
            value_key[m] = value_key[m ^ low] + self.card_key[low.bit_length() - 1]
        self.key = [0] * size
        self.runnable = [0] * size
        self.runs: list[tuple[tuple[int, ...], ...]] = [()] * size  # as ranks, meld order
        self.dead = [0] * size  # the ranks left out of the runs
        for m in range(size):
            # (melded ranks, melded places, the rank at place q) of each way to place the ace
            if aces == "low" or not m & 1:
                placed = _in_runs(m, n)
                ways = [(placed, placed, 0)]
            elif aces == "high_or_low":
                high = _in_runs((m & ~1) | 1 << RANKS, n)
                low = _in_runs(m, n)
                ways = [(low, low, 0), ((high & full & ~1) | (high >> RANKS), high, 0)]
            elif m == full:
                ways = [(full, full, 0)]
            else:
                shift = _RANKS_OF[full & ~m][0] + 1  # the circle starts after a missing rank
                rot = ((m >> shift) | (m << (RANKS - shift))) & full
                placed = _in_runs(rot, n)
                ways = [(((placed << shift) | (placed >> (RANKS - shift))) & full, placed, shift)]
            best = None
            for melded, places, shift in ways:
                k = value_key[m & ~melded]
                self.runnable[m] |= melded
                if best is None or k < best[0]:
                    best = (k, melded, places, shift)
            k, melded, places, shift = best
            self.key[m] = k
            if melded:
                runs: list[list[int]] = []
                last = -2
                for q in range(RANKS + 1):
                    if places >> q & 1:
                        if q != last + 1:
                            runs.append([])
                        runs[-1].append((q + shift) % RANKS)
                        last = q
                self.runs[m] = tuple(sorted(tuple(r) for r in runs))
            self.dead[m] = m & ~melded
        self.suit_runs = []
        self.suit_dead = []
        self.parts = []  # per suit: (points, runs, deadwood) of each mask, one lookup
        self.points = points = [k // _K for k in self.key]
        for j in range(4):
            base = j * RANKS
            as_cards: dict[tuple, tuple] = {}  # masks with the same runs share one tuple
            runs_j = [()] * size
            for m, runs in enumerate(self.runs):
                if runs:
                    cards = as_cards.get(runs)
                    if cards is None:
                        cards = as_cards[runs] = tuple(tuple(base + r for r in run) for run in runs)
                    runs_j[m] = cards
            cards_of = _suit_cards(j)
            dead_j = [cards_of[d] for d in self.dead]
            self.suit_runs.append(runs_j)
            self.suit_dead.append(dead_j)
            self.parts.append(list(zip(points, runs_j, dead_j)))


_SUIT_CARDS: list[list[tuple[int, ...]]] = []


def _suit_cards(j: int) -> list[tuple[int, ...]]:
    """The cards (suit-major deck indices) of each 13-bit mask of suit ``j``; built once."""
    if not _SUIT_CARDS:
        _SUIT_CARDS.append(_RANKS_OF)
        for base in (RANKS, 2 * RANKS, 3 * RANKS):
            _SUIT_CARDS.append([tuple(base + r for r in ranks) for ranks in _RANKS_OF])
    return _SUIT_CARDS[j]


# -- the fast path: one deck, no jokers -----------------------------------------------------

def _set_options(m: int, three: int, t: _SuitTables) -> list[list[int]]:
    """Per rank where a set is possible, the useful choices as masks of the cards the set
    takes: the full set first (ties keep it), then a 4-card rank's triples leaving out a
    card that a run could use, then no set (only if some card of the rank could be in a run:
    otherwise no set leaves them all as deadwood)."""
    runnable = t.runnable
    options = []
    while three:
        b = three & -three
        three ^= b
        full = 0
        flex = []
        for j in range(4):
            s = m >> (13 * j) & SUIT_BITS
            if s & b:
                full |= b << (13 * j)
                if runnable[s] & b:
                    flex.append(b << (13 * j))
        opts = [full]
        if flex:
            if full.bit_count() == 4:
                opts += [full ^ x for x in flex]
            opts.append(0)
        options.append(opts)
    return options


def _fast_best(m: int, t: _SuitTables) -> tuple[int, int]:
    """(cost key, the cards in sets) of a 52-bit mask of one deck without jokers: runs are
    priced by the suit tables, every useful choice of sets is tried."""
    key = t.key
    s0 = m & SUIT_BITS
    s1 = m >> 13 & SUIT_BITS
    s2 = m >> 26 & SUIT_BITS
    s3 = m >> 39
    three = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    if not three:
        return key[s0] + key[s1] + key[s2] + key[s3], 0
    options = _set_options(m, three, t)
    if len(options) == 1:
        choices = options[0]
    else:
        choices = []
        for combo in product(*options):
            c = 0
            for x in combo:
                c |= x
            choices.append(c)
    best = best_sets = -1
    for c in choices:
        r = m & ~c
        k = key[r & SUIT_BITS] + key[r >> 13 & SUIT_BITS] + key[r >> 26 & SUIT_BITS] + key[r >> 39]
        if best < 0 or k < best:
            best, best_sets = k, c
    return best, best_sets


def _fast_arrangement(m: int, t: _SuitTables) -> Arrangement:
    s0 = m & SUIT_BITS
    s1 = m >> 13 & SUIT_BITS
    s2 = m >> 26 & SUIT_BITS
    s3 = m >> 39
    if not (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1)):
        # no set possible (most hands): four lookups of (points, runs, deadwood)
        parts = t.parts
        a, b, c, d = parts[0][s0], parts[1][s1], parts[2][s2], parts[3][s3]
        arr = _new(Arrangement)
        fields = arr.__dict__
        fields["melds"] = a[1] + b[1] + c[1] + d[1]
        fields["deadwood"] = a[2] + b[2] + c[2] + d[2]
        fields["points"] = a[0] + b[0] + c[0] + d[0]
        return arr
    k, sets = _fast_best(m, t)
    r = m & ~sets
    s0 = r & SUIT_BITS
    s1 = r >> 13 & SUIT_BITS
    s2 = r >> 26 & SUIT_BITS
    s3 = r >> 39
    runs, dead = t.suit_runs, t.suit_dead
    melds = runs[0][s0] + runs[1][s1] + runs[2][s2] + runs[3][s3]
    if sets:
        by_rank: dict[int, list[int]] = {}
        for c in _bits(sets):
            by_rank.setdefault(c % RANKS, []).append(c)
        melds = tuple(sorted(melds + tuple(tuple(v) for v in by_rank.values())))
    return _arrangement(melds, dead[0][s0] + dead[1][s1] + dead[2][s2] + dead[3][s3], k // _K)


_new = object.__new__


def _arrangement(melds: tuple, deadwood: tuple, points: int) -> Arrangement:
    # Arrangement(...) without the frozen dataclass's __init__ (a third of the fast path's
    # time): the same fields, set once here.
    a = _new(Arrangement)
    d = a.__dict__
    d["melds"] = melds
    d["deadwood"] = deadwood
    d["points"] = points
    return a


# -- the general path: jokers and two decks ------------------------------------------------
# The hand as kinds: m1 = kinds held at least once, m2 = kinds held twice, j = jokers.
# Meld items: a natural kind k (0..51), a joker standing for kind k (64 + k), or a joker
# in a set (63).
_SET_JOKER = 63
_RUN_JOKER = 64
# The search's order of cards: place rank * 4 + suit for kind suit * 13 + rank.
_POS = [(k % RANKS) * 4 + k // RANKS for k in range(4 * RANKS)]
_KIND_AT = [0] * (4 * RANKS)
for _k, _p in enumerate(_POS):
    _KIND_AT[_p] = _k
# The places of a kind's suit and rank: all that the melds through it depend on.
_WINDOW = [sum(1 << _POS[(k // RANKS) * RANKS + r] for r in range(RANKS))
           | sum(1 << ((k % RANKS) * 4 + s) for s in range(4)) for k in range(4 * RANKS)]


def _melds_through(c: int, m1: int, j: int, rule: MeldRule) -> Iterator[tuple[int, int, tuple[int, ...], str]]:
    """Every meld holding kind ``c`` whose other naturals are in ``m1`` (a mask of search
    places, ``_POS``) and which uses at most ``j`` jokers: (the other naturals as a mask of
    search places, jokers used, items, "set" or "run"); the sets first."""
    suit, rank = divmod(c, RANKS)
    base = suit * RANKS
    n = rule.min_len
    pos = _POS
    # sets: other suits of the rank, then jokers for missing suits
    others = [s * RANKS + rank for s in range(4) if s != suit and m1 >> (rank * 4 + s) & 1]
    for size in range(len(others) + 1):
        for pick in combinations(others, size):
            for jk in range(min(j, 3 - size) + 1):
                if 1 + size + jk >= n:
                    nat = 0
                    for k in pick:
                        nat |= 1 << pos[k]
                    yield nat, jk, tuple(sorted((c,) + pick)) + (_SET_JOKER,) * jk, "set"
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
                avail = bool(m1 >> pos[k] & 1)
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
                for extra in range(min(j - need, len(avail_idx)) + 1):
                    for subs in combinations(avail_idx, extra):
                        items = []
                        nat = 0
                        for i, (k, a) in enumerate(row):
                            if a and i not in subs:
                                items.append(k)
                                if k != c:
                                    nat |= 1 << pos[k]
                            else:
                                items.append(_RUN_JOKER + k)
                        yield nat, need + extra, tuple(items), "run"


_SHAPES: dict[tuple, tuple[tuple[int, int], ...]] = {}
_SHAPES_MAX = 1 << 15  # entries (about 500 bytes each) kept before the cache starts again


def _shapes(c: int, m1: int, j: int, rule: MeldRule) -> tuple[tuple[int, int], ...]:
    """The distinct (naturals, jokers) of the melds through ``c``: all the search needs.

    They depend only on the cards of c's suit and c's rank, so they are cached on those."""
    key = (c, m1 & _WINDOW[c], j, rule.aces, rule.min_len)
    hit = _SHAPES.get(key)
    if hit is None:
        if len(_SHAPES) >= _SHAPES_MAX:
            _SHAPES.clear()
        # the most naturals and fewest jokers first: good arrangements early, tight budgets
        hit = _SHAPES[key] = tuple(sorted(_compute_shapes(c, m1, j, rule),
                                          key=lambda s: (s[1] - s[0].bit_count(), s[1])))
    return hit


def _compute_shapes(c: int, m1: int, j: int, rule: MeldRule) -> tuple[tuple[int, int], ...]:
    """``_melds_through`` without building the melds: the same (naturals, jokers) pairs,
    the same order, each once."""
    suit, rank = divmod(c, RANKS)
    n = rule.min_len
    out: dict[tuple[int, int], None] = {}
    others = [1 << (rank * 4 + s) for s in range(4) if s != suit and m1 >> (rank * 4 + s) & 1]
    for size in range(len(others) + 1):
        for pick in combinations(others, size):
            nat = sum(pick)
            for jk in range(min(j, 3 - size) + 1):
                if 1 + size + jk >= n:
                    out[(nat, jk)] = None
    lo, hi = _place_bounds(rule.aces)
    for p in _places(rank, rule.aces):
        sides = []
        for step in (-1, 1):
            nats, needs = [0], [0]  # after 0, 1, 2... places outward from p
            nat = need = 0
            q = p + step
            while lo <= q <= hi and len(nats) < RANKS:
                bit = 1 << ((q % RANKS) * 4 + suit)
                if m1 & bit:
                    nat |= bit
                else:
                    need += 1
                    if need > j:
                        break
                nats.append(nat)
                needs.append(need)
                q += step
            sides.append((nats, needs))
        (lnat, lneed), (rnat, rneed) = sides
        for nl in range(len(lnat)):
            for nr in range(len(rnat)):
                length = 1 + nl + nr
                if length < n or length > RANKS:
                    continue
                need = lneed[nl] + rneed[nr]
                nat = lnat[nl] | rnat[nr]
                if need > j:
                    continue
                # c alone with jokers: as a set already, up to four cards; as a run beyond
                if nat or need >= 4:
                    out[(nat, need)] = None
                spare = j - need
                if spare:
                    held = [b for b in _bit_values(nat)]
                    for extra in range(1, min(spare, len(held)) + 1):
                        if extra == len(held) and need + extra < 4:
                            continue
                        for subs in combinations(held, extra):
                            out[(nat & ~sum(subs), need + extra)] = None
    return tuple(out)


def _bit_values(m: int) -> Iterator[int]:
    while m:
        low = m & -m
        yield low
        m ^= low


_NO_COST = 1 << 60  # above any cost key


def _general(lay: _Layout, m1: int, m2: int, nj: int, rule: MeldRule, budget: int = 0):
    """Exact search: (cost key, list of meld items, deadwood kinds, deadwood jokers).
    With a ``budget``, only (the cost key if below it, else a lower bound of it).

    ``m1``/``m2`` are masks of search places (``_POS``): rank-major, so that the lowest
    card's sets take cards next to it and its runs reach ahead in one suit only: the
    remaining cards then take few distinct shapes, and the memo stays small."""
    card_key, joker_key = rule._card_keys
    kind_at = _KIND_AT
    # state -> (cost key, choice, exact): a cost below the budget it was searched with is
    # exact; otherwise it is only a lower bound (the search stopped once it could not win).
    memo: dict[int, tuple[int, object, bool]] = {}
    # Once the jokers are spent and no card is held twice, the rest is a one-deck hand
    # without jokers: the fast path prices it at once ("fast" in the memo).
    tables = rule._tables if rule.min_len == 3 else None

    def rec(m1: int, m2: int, j: int, budget: int) -> int:
        """The best cost key of the state if below ``budget``, else a lower bound of it."""
        if not m1:
            return j * joker_key
        if budget <= 0:
            return 0  # no cost is below 0: whatever this state costs, it cannot win
        state = m1 | m2 << 52 | j << 104
        hit = memo.get(state)
        if hit is not None and (hit[2] or hit[0] >= budget):
            return hit[0]
        if not j and not m2 and tables is not None:
            k = _fast_best(_places_to_kinds(m1), tables)[0]
            memo[state] = (k, "fast", True)
            return k
        low = m1 & -m1
        cp = low.bit_length() - 1
        if m2 & low:
            r1, r2 = m1, m2 ^ low
        else:
            r1, r2 = m1 ^ low, m2
        c = kind_at[cp]
        best, choice = _NO_COST, None
        # melds first: a good arrangement found early narrows the budget of the rest
        for shape in _shapes(c, r1, j, rule):
            nat, jk = shape
            k = rec(r1 & ~(nat & ~r2), r2 & ~nat, j - jk, min(best, budget))
            if k < best:
                best, choice = k, shape
                if not best:
                    break
        if best:
            dead = card_key[cp >> 2]
            k = dead + rec(r1, r2, j, min(best, budget) - dead)
            if k < best:
                best, choice = k, None
        memo[state] = (best, choice, best < budget)
        return best

    if budget:
        return rec(m1, m2, nj, budget)
    total = rec(m1, m2, nj, _NO_COST)
    melds = []
    dead_kinds = []
    while m1:
        low = m1 & -m1
        c = kind_at[low.bit_length() - 1]
        if m2 & low:
            r1, r2 = m1, m2 ^ low
        else:
            r1, r2 = m1 ^ low, m2
        choice = memo[m1 | m2 << 52 | nj << 104][1]
        if choice == "fast":
            rest = _fast_arrangement(_places_to_kinds(m1), tables)
            melds += rest.melds
            dead_kinds += rest.deadwood
            break
        if choice is None:
            dead_kinds.append(c)
            m1, m2 = r1, r2
        else:
            nat, jk = choice
            melds.append(next(items for n, k, items, _ in _melds_through(c, r1, nj, rule) if n == nat and k == jk))
            m1, m2, nj = r1 & ~(nat & ~r2), r2 & ~nat, nj - jk
    return total, melds, dead_kinds, nj


# A mask of search places as a mask of kinds, a byte (two ranks, four suits) at a time.
_BYTE_KINDS = [[sum(1 << _KIND_AT[8 * i + b] for b in range(8) if v >> b & 1 and 8 * i + b < 4 * RANKS)
                for v in range(256)] for i in range(7)]


def _places_to_kinds(m: int) -> int:
    t = _BYTE_KINDS
    return (t[0][m & 255] | t[1][m >> 8 & 255] | t[2][m >> 16 & 255] | t[3][m >> 24 & 255]
            | t[4][m >> 32 & 255] | t[5][m >> 40 & 255] | t[6][m >> 48 & 255])


def best_arrangement(deck: Deck, hand: Hand, rule: MeldRule) -> Arrangement:
    """The hand split into melds and deadwood with the minimum deadwood value (exact).

    ``hand`` is a bitmask or a sequence of distinct cards of ``deck``."""
    hit = _LAYOUTS.get(id(deck))
    lay = hit[1] if hit is not None and hit[0] is deck else _layout(deck)
    if type(hand) is int and 0 <= hand < _FIRST_52 and lay.first_copy_is_kinds and rule.min_len == 3:
        return _fast_arrangement(hand, rule._tables)
    m = _hand_mask(lay, hand)
    if lay.first_copy_is_kinds and rule.min_len == 3 and m < _FIRST_52:
        return _fast_arrangement(m, rule._tables)
    # The general search costs a millisecond or more, and the rules ask about the same hand
    # several times a turn (legal moves, then the move's check): keep recent answers.
    cache_key = (id(lay), m, rule)
    hit = _RECENT.get(cache_key)
    if hit is not None:
        return hit
    if len(_RECENT) >= _RECENT_MAX:
        _RECENT.clear()
    a = _RECENT[cache_key] = _general_arrangement(lay, m, rule)
    return a


_RECENT: dict[tuple, Arrangement] = {}
_RECENT_MAX = 4096


def _general_arrangement(lay: _Layout, m: int, rule: MeldRule) -> Arrangement:
    m1 = m2 = 0
    jokers = []
    for c in _bits(m):
        k = lay.kind[c]
        if k < 0:
            jokers.append(c)
        elif m1 >> _POS[k] & 1:
            m2 |= 1 << _POS[k]
        else:
            m1 |= 1 << _POS[k]
    total, meld_items, dead_kinds, dead_jokers = _general(lay, m1, m2, len(jokers), rule)
    # physical cards for the kinds: each kind's copies in the hand, lowest index first
    pool: dict[int, list[int]] = {}
    for c in _bits(m):
        if lay.kind[c] >= 0:
            pool.setdefault(lay.kind[c], []).append(c)
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
    """The minimum deadwood value of ``hand``: ``best_arrangement(...).points``, faster."""
    hit = _LAYOUTS.get(id(deck))
    lay = hit[1] if hit is not None and hit[0] is deck else _layout(deck)
    if type(hand) is int and 0 <= hand < _FIRST_52 and lay.first_copy_is_kinds and rule.min_len == 3:
        s0 = hand & SUIT_BITS
        s1 = hand >> 13 & SUIT_BITS
        s2 = hand >> 26 & SUIT_BITS
        s3 = hand >> 39
        if not (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1)):
            points = rule._tables.points  # no set possible: the suits' runs alone
            return points[s0] + points[s1] + points[s2] + points[s3]
        return _fast_best(hand, rule._tables)[0] // _K
    m = _hand_mask(lay, hand)
    if lay.first_copy_is_kinds and rule.min_len == 3 and m < _FIRST_52:
        return _fast_best(m, rule._tables)[0] // _K
    return best_arrangement(deck, m, rule).points


@dataclass(frozen=True)
class _CountingRule(MeldRule):
    """The same melds, but every card left over is worth 0: a cost key is then the number
    of cards left over."""

    def rank_value(self, rank: int) -> int:
        return 0


def can_meld_all(deck: Deck, hand: Hand, rule: MeldRule, spare: int = 0) -> bool:
    """Whether every card of ``hand`` but at most ``spare`` can be laid in melds at once
    (gin, going out in one go with or without a discard). Faster than asking
    ``best_arrangement``: the search stops as soon as more than ``spare`` cards are left."""
    lay = _layout(deck)
    m = _hand_mask(lay, hand)
    counting = _CountingRule(aces=rule.aces, min_len=rule.min_len)
    if lay.first_copy_is_kinds and rule.min_len == 3 and m < _FIRST_52:
        return _fast_best(m, counting._tables)[0] <= spare
    m1 = m2 = nj = 0
    for c in _bits(m):
        k = lay.kind[c]
        if k < 0:
            nj += 1
        elif m1 >> _POS[k] & 1:
            m2 |= 1 << _POS[k]
        else:
            m1 |= 1 << _POS[k]
    return _general(lay, m1, m2, nj, counting, budget=spare + 1) <= spare


def meld_readings(deck: Deck, hand: Hand, rule: MeldRule, prefer: int = 0) -> list[tuple[tuple[int, ...], str]]:
    """Every meld the hand can lay, in meld order, and what it is ("set" or "run"), each
    once, sorted: a natural card with jokers is listed as a set and as each run through it
    (its player declares which).

    Jokers are interchangeable and identical copies (two decks) too, so each meld is
    listed once, with the hand's lowest-index copies and jokers, but for the cards of
    ``prefer`` (a mask), named before their identical copies (the rules: a card taken from
    the pile, which may not be discarded while its twin may)."""
    lay = _layout(deck)
    m = _hand_mask(lay, hand)
    m1 = 0
    jokers = []
    first: dict[int, int] = {}
    for c in [*_bits(m & prefer), *_bits(m & ~prefer)]:
        k = lay.kind[c]
        if k < 0:
            jokers.append(c)
        elif not m1 >> k & 1:
            m1 |= 1 << k
            first[k] = c
    places = 0
    for k in first:
        places |= 1 << _POS[k]
    out = set()
    for c in _bits(m1):
        for nat, jk, items, kind in _melds_through(c, places, len(jokers), rule):
            jit = iter(sorted(jokers[:jk]))  # the jokers used (preferred first), laid by number
            out.add((tuple(first[it] if it < _SET_JOKER else next(jit) for it in items), kind))
    return sorted(out)


def melds_in(deck: Deck, hand: Hand, rule: MeldRule) -> list[tuple[int, ...]]:
    """The cards of every meld the hand can lay (``meld_readings``), each list once, sorted."""
    return sorted({cards for cards, _ in meld_readings(deck, hand, rule)})


def _bits(m: int) -> Iterator[int]:
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


__all__ = [
    "ACE_RULES", "Arrangement", "MeldReading", "MeldRule", "best_arrangement", "can_meld_all", "card_value",
    "deadwood_points", "is_meld", "meld_order", "meld_readings", "melds_in", "read_meld",
]
