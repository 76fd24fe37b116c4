"""The rummy family's greedy rule: the simple level and every seat of the expert's play-outs
(the expert's hooks: rummy_expert.py; its model of the others: rummy_others.py).

The rule reads only what its seat may know (own hand, the discard pile, the table, the cards
the others were seen to pick from the pile), through the meld finder
(``game.rules.melds.best_arrangement``, exact: the least deadwood of a hand):

* draw / upcard: take a pile card when it lands in a meld of the hand's best arrangement and
  the deadwood after the turn's discard is lower than now (where lay-offs are allowed: also
  a card that can be laid off on the table); else the stock. A forced second draw
  (Boathouse): the next pile card under the same test, else the stock;
* play: a joker swap for a deadwood card, then the melds of the best arrangement (one a turn
  where the rules allow no more), then lay-offs of deadwood cards, then the discard; where
  the whole hand goes out at once (Boathouse), as soon as it can;
* discard: the deadwood card worth the most, less a bonus for near melds (a pair of a rank,
  two cards of a run one or two ranks apart) and less a penalty for a card an opponent
  showed interest in (same rank, or same suit within two ranks, of a card it picked from
  the pile); jokers and meld cards stay;
* where a hand ends by a knock (Jersey Gin): gin when a discard leaves no deadwood; knock
  (under the limit, by the rules) when the deadwood left is small, or the stock is getting
  short, or early in the hand (``Knock``); the first-round upcard is taken under the draw
  test; after a knock or gin, lay off every deadwood card that fits the knocker's melds.

A game's own departures of the expert's rule are its variant's ``Style``
(game/rules/rummy.py): ``choose_simple(..., expert=True)``. docs/bots.md ("the Rummy
family") has the measured figures.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.cards import bits
from game.rules import melds as M
from game.rules.rummy import Style


@dataclass(frozen=True)
class Knock:
    """When the greedy rule knocks (deadwood d after the discard, under the knock limit by
    the rules): when d <= ``low``; when the stock is down to ``short_stock`` cards (Jersey's
    hand is void at two); early, while the stock holds ``early_stock`` cards or more (the
    others have had no time to build)."""

    low: int = 5
    short_stock: int = 6
    early_stock: int = 15  # Jersey's stock starts at 21: the first two turns of each seat

    def knocks(self, deadwood: int, stock: int) -> bool:
        return deadwood <= self.low or stock <= self.short_stock or stock >= self.early_stock


KNOCK = Knock()
PAIR_BONUS = 6.0  # a deadwood card with another of its rank: one card from a set
RUN1_BONUS = 5.0  # a card next to another of its suit: one card from a run
RUN2_BONUS = 3.0  # two ranks apart: the card between makes a run
INTEREST_RANK = 6.0  # an opponent picked a card of this rank from the pile
INTEREST_SUIT = 4.0  # ... or a card of this suit within two ranks
LAYOFF_GIFT = 3.0  # the card fits a meld on the table (the next player may take it)
SIMPLE_STYLE = Style()  # the simple level's rule


class Mind:
    """The greedy rule's knowledge of one game under one set of options: the meld rule, each
    card's rank, suit and value, and a cache of best arrangements (hands come back often:
    the draw test and the discard see the same hand, and rollouts replay similar hands)."""

    CACHE = 50_000

    def __init__(self, cls: type, options: dict):
        self.cls = cls
        self.deck = cls.info.deck
        self.rule = cls.meld_rule(options)
        self.gin = cls.VARIANT.scoring == "gin"
        self.style = cls.VARIANT.style  # the expert's own rule (game/rules/rummy.py)
        # rank 0 (ace) .. 12 (king), suit 0..3 (FRENCH_SUITS); -1 for a joker: the deck's reading
        self.rank = self.deck.ranks
        self.suit = self.deck.suits
        self.value = tuple(M.card_value(self.deck, c, self.rule) for c in range(self.deck.size))
        self.wrap = self.rule.aces != "low"
        self._cache: dict[int, tuple[int, int, tuple]] = {}
        self._fits: dict[tuple, list[int]] = {}  # table melds -> [cards tried, cards that fit]
        self._partner_tables()

    def _partner_tables(self) -> None:
        """Per card: the cards of its rank in other suits, those of its suit one and two ranks
        away (``near``), the pairs of cards of its suit that make a run with it, and every card
        one of those (with a joker, enough for a meld)."""
        size = self.deck.size
        face: dict[tuple[int, int], int] = {}
        self.jokers = 0
        for c in range(size):
            if self.rank[c] < 0:
                self.jokers |= 1 << c
            else:
                key = (self.rank[c], self.suit[c])
                face[key] = face.get(key, 0) | 1 << c

        def at(r: int, s: int) -> int:
            if self.wrap:
                r %= 13
            return face.get((r, s), 0) if 0 <= r < 13 else 0

        self.rank_mates = [0] * size
        self.run_pairs: list[tuple[tuple[int, int], ...]] = [()] * size
        self.mates = [0] * size
        self.run1 = [0] * size  # cards of its suit one rank away
        self.run2 = [0] * size  # ... two ranks away
        for c in range(size):
            r, s = self.rank[c], self.suit[c]
            if r < 0:
                continue
            self.rank_mates[c] = sum(at(r, t) for t in range(4) if t != s)
            self.run1[c] = at(r - 1, s) | at(r + 1, s)
            self.run2[c] = at(r - 2, s) | at(r + 2, s)
            pairs = tuple((at(r + a, s), at(r + b, s)) for a, b in ((-2, -1), (-1, 1), (1, 2)))
            self.run_pairs[c] = tuple(p for p in pairs if p[0] and p[1])
            self.mates[c] = self.rank_mates[c] | at(r - 2, s) | at(r - 1, s) | at(r + 1, s) | at(r + 2, s)

    def melds_with(self, c: int, hand: int) -> bool:
        """Whether ``hand`` holds cards that make a meld with card ``c`` (two of its rank, two
        of its suit in a run with it, or a joker and one of those)."""
        if (hand & self.rank_mates[c]).bit_count() >= 2:
            return True
        for a, b in self.run_pairs[c]:
            if hand & a and hand & b:
                return True
        return bool(hand & self.jokers and hand & self.mates[c])

    # -- arrangements
    def arrange(self, hand: int) -> tuple[int, int, tuple]:
        """(melded mask, deadwood points, melds) of the hand's best arrangement."""
        hit = self._cache.get(hand)
        if hit is None:
            a = M.best_arrangement(self.deck, hand, self.rule)
            melded = 0
            for meld in a.melds:
                for c in meld:
                    melded |= 1 << c
            hit = (melded, a.points, a.melds)
            if len(self._cache) >= self.CACHE:
                self._cache.clear()
            self._cache[hand] = hit
        return hit

    def faces(self, cards) -> tuple:
        """The cards as (rank, suit) faces, sorted (jokers and copies alike)."""
        return tuple(sorted((self.rank[c], self.suit[c]) for c in cards))

    def points(self, hand: int) -> int:
        return self.arrange(hand)[1]

    # -- how much a card is worth keeping
    def near(self, c: int, dead: int) -> float:
        """Bonus for a deadwood card that nearly makes a meld with another deadwood card: a
        card of its rank (a pair), of its suit one or two ranks away (a run but one)."""
        if self.rank[c] < 0:
            return 50.0
        pair = PAIR_BONUS if dead & self.rank_mates[c] else 0.0
        run = RUN1_BONUS if dead & self.run1[c] else RUN2_BONUS if dead & self.run2[c] else 0.0
        return max(pair, run) + 0.5 * min(pair, run)

    def interest(self, c: int, wanted: int) -> float:
        """Penalty for discarding a card next to what an opponent picked from the pile."""
        r, s = self.rank[c], self.suit[c]
        if r < 0 or not wanted:
            return 0.0
        worst = 0.0
        for d in bits(wanted):
            rd = self.rank[d]
            if rd == r:
                worst = max(worst, INTEREST_RANK)
            elif self.suit[d] == s:
                gap = abs(rd - r)
                if self.wrap:
                    gap = min(gap, 13 - gap)
                if gap <= 2:
                    worst = max(worst, INTEREST_SUIT)
        return worst

    def fits_table(self, c: int, table: list) -> bool:
        """Whether the card could be laid off on one of the table's melds ((cards in order,
        kind) pairs). A meld keeps its kind: a card never turns a set (aces and jokers) into
        a run, which the rules refuse (taking such a card from the pile made two greedy
        players swap pile cards forever)."""
        deck, rule = self.deck, self.rule
        for cards, kind in table:
            cards = tuple(cards)
            if M.read_meld(deck, cards + (c,), rule, kind) or M.read_meld(deck, (c,) + cards, rule, kind):
                return True
        return False

    def fit_mask(self, state, cards: int) -> int:
        """The cards of mask ``cards`` that fit a meld on ``state``'s table (rollouts: the
        table changes seldom, so each table's answers are kept)."""
        key = tuple(state.table)
        entry = self._fits.get(key)
        if entry is None:
            if len(self._fits) >= self.CACHE // 10:
                self._fits.clear()
            entry = self._fits[key] = [0, 0]
        todo = cards & ~entry[0]
        if todo:
            for c in bits(todo):
                if _fits_any(state, c):
                    entry[1] |= 1 << c
            entry[0] |= todo
        return entry[1] & cards

    # -- decisions
    def table_fits(self, cards: int, table: list) -> int:
        """The cards of mask ``cards`` that fit a meld of ``table`` ((cards in meld order,
        kind) pairs)."""
        out = 0
        for c in bits(cards):
            if self.fits_table(c, table):
                out |= 1 << c
        return out

    def discard_order(self, hand: int, allowed: list[int], wanted: int, fit: int = 0,
                      near_weight: float = 1.0) -> list[int]:
        """The allowed cards, best discard first: deadwood before meld cards; among deadwood
        the highest value less the near-meld bonus (times ``near_weight``), the opponents'
        interest, and (``fit``, cards that fit a meld on the table) the gift to the next
        player."""
        melded, _, _ = self.arrange(hand)
        dead = hand & ~melded

        def score(c: int) -> float:
            if self.rank[c] < 0:
                return -1000.0
            v = float(self.value[c])
            if melded >> c & 1:
                return v - 500.0
            v -= near_weight * self.near(c, dead) + self.interest(c, wanted)
            if fit >> c & 1:
                v -= LAYOFF_GIFT
            return v

        return sorted(allowed, key=lambda c: (-score(c), c))

    def deadwood_after(self, hand: int, c: int) -> int:
        """Deadwood points of ``hand`` without card ``c`` (exact; cheap for a deadwood card)."""
        melded, pts, _ = self.arrange(hand)
        if not melded >> c & 1:
            return pts - self.value[c]
        return self.points(hand & ~(1 << c))

    def pile_gain(self, hand: int, t: int, table: list | None = None) -> int:
        """Deadwood points saved by taking pile card ``t`` (then discarding the best other
        deadwood card) rather than keeping the hand: positive when it is worth taking.
        Only a card that lands in a meld counts (or fits a meld on the table)."""
        p0 = self.points(hand)
        h1 = hand | 1 << t
        melded, p1, _ = self.arrange(h1)
        if not melded >> t & 1:
            if table and self.fits_table(t, table):
                return 1
            return 0
        dead = h1 & ~melded
        drop = max((self.value[d] for d in bits(dead)), default=0)
        return p0 - (p1 - drop)


_MINDS: dict[tuple, Mind] = {}


def mind_for(cls: type, options: dict) -> Mind:
    key = (cls, tuple(sorted(options.items())))
    m = _MINDS.get(key)
    if m is None:
        m = _MINDS[key] = Mind(cls, options)
    return m


# ---------------------------------------------------------------- the simple level (observation)
def _best_pile_draw(mind: Mind, hand: int, sources: list[tuple[str, int]], table: list) -> str | None:
    """The pile source worth taking (largest gain), or None: draw from the stock."""
    best, best_gain = None, 0
    for source, card in sources:
        g = mind.pile_gain(hand, card, table)
        if g > best_gain:
            best, best_gain = source, g
    return best


def table_of(deck, obs: dict) -> list[tuple[list[int], str]]:
    """The observation's table melds as (cards in meld order, kind) pairs."""
    return [([deck.card(c) for c in m["cards"]], m["kind"]) for m in obs["table"]]


def chosen_reading(mind: "Mind", melds: list, unseen: int):
    """Of the readings of one meld (a natural card with jokers: a set, or a run through it;
    the player declares which), the one the others can use least: the fewest ``unseen``
    natural cards that would lay off on it or take one of its jokers back; the set when
    even (the reading of a meld not declared otherwise)."""
    if len(melds) == 1:
        return melds[0]
    deck, rule = mind.deck, mind.rule

    def gifts(m) -> int:
        cards, kind = tuple(m[1]), m[2]
        jokers = [i for i, c in enumerate(cards) if mind.rank[c] < 0]
        n = 0
        for c in bits(unseen & ~mind.jokers):
            if (M.read_meld(deck, cards + (c,), rule, kind) or M.read_meld(deck, (c,) + cards, rule, kind)
                    or any(M.read_meld(deck, cards[:i] + (c,) + cards[i + 1:], rule, kind) for i in jokers)):
                n += 1
        return n

    return min(melds, key=lambda m: (gifts(m), m[2] != "set"))


def readings_of(meld, melds: list) -> list:
    """The meld moves of ``melds`` laying the same cards as ``meld``: its readings."""
    cards = set(meld[1])
    return [m for m in melds if m[0] == "meld" and set(m[1]) == cards]


def closest_opponent(obs: dict) -> int:
    """The fewest cards an opponent of the seat holds (how near the hand is to its end)."""
    return min(k for o, k in enumerate(obs["hand_counts"]) if o != obs["seat"])


def choose_simple(cls: type, obs: dict, legal: list, expert: bool = False):
    """The greedy move for the seat to move, from its observation and the legal moves;
    ``expert``: the expert's own rule (the game's ``Style``)."""
    mind = mind_for(cls, obs["options"])
    deck = mind.deck
    step = obs["phase"]
    seat = obs["seat"]
    hand = deck.mask_of(obs["hand"])
    pile = [deck.card(c) for c in obs["pile"]]
    table = table_of(deck, obs)
    if obs["options"].get("layoff_after_meld") and not obs["melded"][seat]:
        table = []  # no lay-off before this seat's first meld: the table's melds are no use yet
    kinds = {m[0] for m in legal}
    if step == "upcard":
        return ("take_upcard",) if pile and mind.pile_gain(hand, pile[-1], table) > 0 else ("pass",)
    if step in ("draw", "draw_again"):
        sources = []
        if ("draw", "pile") in legal:
            sources.append(("pile", pile[-1]))
        if ("draw", "pile2") in legal:
            sources.append(("pile2", pile[-2]))
        src = _best_pile_draw(mind, hand, sources, table if not mind.gin else [])
        if src is None and ("draw", "stock") in legal:
            return ("draw", "stock")
        return ("draw", src or sources[0][0])
    wanted = 0
    for s, codes in enumerate(obs["known"]):
        if s != seat:
            wanted |= deck.mask_of(codes)
    if step == "layoff" or step == "joker":
        return _best_layoff(mind, hand, legal) or _joker_meld(mind, hand, legal) or legal[-1]
    # step "play"
    if "go_out" in kinds:
        return next(m for m in legal if m[0] == "go_out")
    if mind.gin:
        return _gin_play(mind, hand, legal, obs["stock"], wanted)
    melded, _, _ = mind.arrange(hand)
    if "swap" in kinds:
        for m in legal:
            if m[0] == "swap" and not melded >> m[1] & 1:
                return m
    style = mind.style if expert else SIMPLE_STYLE
    others = closest_opponent(obs)
    if "meld" in kinds and style.hold_until is not None:
        if others > style.hold_until and not _goes_out(mind, hand, mind.table_fits(hand, table)):
            kinds.discard("meld")
    if "meld" in kinds:
        # A meld of the arrangement, as the rules list it (identical cards and jokers may be
        # other copies than the finder's): the same faces.
        wanted_melds = {mind.faces(meld) for meld in mind.arrange(hand)[2]}
        best = None
        for m in legal:
            if m[0] == "meld" and mind.faces(m[1]) in wanted_melds and (best is None or len(m[1]) > len(best[1])):
                best = m
        if best is not None:
            readings = readings_of(best, legal)
            if len(readings) == 1:
                return best
            per_copy = deck.size // deck.copies
            seen = hand | deck.mask_of(obs["pile"]) | sum(1 << c for cards, _ in table_of(deck, obs) for c in cards)
            for codes in obs["known"]:
                seen |= deck.mask_of(codes)
            return chosen_reading(mind, readings, ((1 << per_copy * obs["decks"]) - 1) & ~seen)
    if "layoff" in kinds:
        lay = _best_layoff(mind, hand, legal)
        if lay is not None:
            return lay
    allowed = [m[1] for m in legal if m[0] == "discard"]
    fit = mind.table_fits(hand & ~melded, table)
    return ("discard", mind.discard_order(hand, allowed, wanted, fit, style.near_weight(others))[0])


def _goes_out(mind: Mind, hand: int, fit: int) -> bool:
    """Whether the hand can go out this turn: melds, lay-offs of the cards in ``fit`` (those
    that fit the table) and at most one card left to discard."""
    dead = hand & ~mind.arrange(hand)[0] & ~fit
    return dead & (dead - 1) == 0


def _best_layoff(mind: Mind, hand: int, legal: list):
    """A lay-off of a deadwood card (the most valuable first), or None."""
    melded, _, _ = mind.arrange(hand)
    best = None
    for m in legal:
        if m[0] == "layoff" and not melded >> m[1] & 1:
            if best is None or mind.value[m[1]] > mind.value[best[1]]:
                best = m
    return best


def _joker_meld(mind: Mind, hand: int, legal: list):
    """Step ``joker``: a meld of the hand's arrangement holding the joker, else the largest meld."""
    melded, _, _ = mind.arrange(hand)
    melds = [m for m in legal if m[0] == "meld"]
    inside = [m for m in melds if not sum(1 << c for c in m[1]) & ~melded]
    pool = inside or melds
    return max(pool, key=lambda m: len(m[1])) if pool else None


def _gin_play(mind: Mind, hand: int, legal: list, stock: int, wanted: int):
    """Jersey Gin's play step: gin, else knock when ``KNOCK`` says so, else the best discard."""
    knocks = [m[1] for m in legal if m[0] == "knock"]
    if knocks:
        after = {c: mind.deadwood_after(hand, c) for c in knocks}
        c = min(knocks, key=lambda c: (after[c], -mind.value[c], c))
        if after[c] == 0 or KNOCK.knocks(after[c], stock):
            return ("knock", c)
    allowed = [m[1] for m in legal if m[0] == "discard"]
    return ("discard", mind.discard_order(hand, allowed, wanted)[0])


# ---------------------------------------------------------------- the rollouts (full state)
def fast_move(mind: Mind, state, expert: bool = False) -> tuple:
    """The greedy rule on a full state, for the player to move, seeing only what that player
    may know (own hand, pile, table, the cards the others were seen to pick up); builds the
    move itself instead of listing every legal one. ``expert``: as ``choose_simple``'s."""
    seat = state.to_move
    step = state.step
    hand = state.hands[seat]
    pile = state.pile
    v = state.v
    if step == "upcard":
        return ("take_upcard",) if pile and mind.pile_gain(hand, pile[-1]) > 0 else ("pass",)
    if step in ("draw", "draw_again"):
        best, best_gain = None, 0
        if pile:
            g = mind.pile_gain(hand, pile[-1])
            if (g <= 0 and not mind.gin and state.table and (v.layoff_before_meld or state.melded[seat])
                    and mind.fit_mask(state, 1 << pile[-1])):
                g = 1
            if g > 0:
                best, best_gain = "pile", g
            if step == "draw" and v.pile2 and len(pile) >= 2 and not state.took_discard:
                if mind.pile_gain(hand, pile[-2]) > best_gain:
                    best = "pile2"
        if best is None:
            best = "stock" if state.stock or pile else "pile"
        return ("draw", best)
    if step == "joker":
        return _joker_meld(mind, hand, state.legal_moves()) or state.legal_moves()[0]
    melded, points, melds = mind.arrange(hand)
    if step == "layoff":
        best = None
        for c in bits(hand & ~melded):
            for i, m in enumerate(state.table):
                if state.fits(m, c):
                    if best is None or mind.value[c] > mind.value[best[1]]:
                        best = ("layoff", c, i, "")
        return best or ("pass",)
    # step "play"
    discardable = state.discardable(hand)
    wanted = 0
    for s, k in enumerate(state.known):
        if s != seat:
            wanted |= k
    if v.melding == "knock":
        dead = hand & ~melded
        cands = list(bits(dead)) if dead else list(bits(hand))
        after = {c: mind.deadwood_after(hand, c) for c in cands}
        c = min(cands, key=lambda c: (after[c], -mind.value[c], c))
        if after[c] < v.knock_limit and (after[c] == 0 or KNOCK.knocks(after[c], len(state.stock))):
            return ("knock", c)
        return ("discard", mind.discard_order(hand, list(bits(hand)), wanted)[0])
    if v.melding == "whole_hand":
        if not melded ^ hand:
            return ("go_out", None)
        dead = hand & ~melded
        if dead & (dead - 1) == 0 and dead & discardable:
            return ("go_out", dead.bit_length() - 1)
        return ("discard", mind.discard_order(hand, list(bits(discardable)), wanted)[0])
    # Basic, Classic: meld, lay off, discard
    size = hand.bit_count()
    last_discard = v.last_card_discard
    style = mind.style if expert else SIMPLE_STYLE
    # The simple style weighs every count alike: the hot path counts the others' cards only
    # for the expert's own turns.
    others = min(h.bit_count() for o, h in enumerate(state.hands) if o != seat) if expert else 0
    if melds and style.hold_until is not None and others > style.hold_until:
        can_lay = state.table and (v.layoff_before_meld or state.melded[seat])
        if not _goes_out(mind, hand, mind.fit_mask(state, hand) if can_lay else 0):
            melds = ()
    if melds and (not v.meld_limit or state.melds_this_turn < v.meld_limit):
        meld = max(melds, key=len)
        if not (last_discard and len(meld) >= size):
            rank = mind.rank
            # a meld of the arrangement: a set when its naturals are of one rank (four cards at most)
            kind = "set" if len(meld) <= 4 and len({rank[c] for c in meld if rank[c] >= 0}) == 1 else "run"
            if kind == "set" and sum(1 for c in meld if rank[c] >= 0) == 1:  # one natural: it reads both ways
                seen = hand | sum(1 << c for m in state.table for c in m.cards) | sum(1 << c for c in state.pile)
                for k in state.known:
                    seen |= k
                return chosen_reading(mind, readings_of(("meld", meld), state.meld_moves(hand)), state.in_play & ~seen)
            return ("meld", mind.cls.canonical_meld(meld, kind), kind)
    if state.table and (v.layoff_before_meld or state.melded[seat]) and not (last_discard and size <= 1):
        best = None
        for c in bits(hand & ~melded):
            for i, m in enumerate(state.table):
                ends = state.fits(m, c)
                if ends and (best is None or mind.value[c] > mind.value[best[1]]):
                    best = ("layoff", c, i, ends[0] if mind.rank[c] < 0 else "")
        if best is not None:
            return best
    fit = mind.fit_mask(state, hand & ~melded) if state.table else 0
    return ("discard", mind.discard_order(hand, list(bits(discardable)), wanted, fit, style.near_weight(others))[0])


def _fits_any(state, card: int) -> bool:
    for m in state.table:
        if state.fits(m, card):
            return True
    return False
