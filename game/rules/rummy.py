"""The rummy family: Basic Rummy, Classic Rummy, Boathouse Rummy and Jersey Gin.

Rules text: ``docs/rules/dutch_games.txt`` (Dutch; sections "Basis rummy",
"Klassieke Rummy", "Boathouse Rummy", "Jersey Gin"); rulings on what it leaves open:
``docs/rules/RULES-NOTES.md`` ("Rummy family"). The mechanics are written once here
(``RummyState``); each game is a ``RummyVariant`` (data: deck, hand sizes, ace rule, how
melds are made, how a turn draws, how a hand is scored) and a small subclass in its own
module whose only code is how its options change that data.

Shared mechanics:

* French cards with jokers (Basic and Boathouse: one or two 54-card decks, always the
  108-card deck whose second copy is set aside when one deck plays) or 52 cards (Classic,
  Jersey Gin). The first dealer is drawn from the seed; the deal rotates clockwise (seat + 1)
  and is one card at a time from the dealer's left; the next card starts the discard pile.
* A turn is several steps (``step``): ``draw`` (stock or the top of the pile), then
  ``play`` (meld, lay off, swap a joker, then discard). When the stock is empty, drawing from
  it turns the whole pile over as the new stock (without shuffling; shuffled with the
  ``shuffle_pile`` option). Endless hands: once the stock has been formed again twice and
  runs out a third time, the hand is void (no score); Jersey Gin: void when the stock is
  down to two cards.
* A meld is three or more cards: a set (one rank, different suits, at most four) or a run
  (one suit, consecutive; aces per ``MeldRule.aces``). Jokers stand for any card; a meld
  holds at least one natural card, and a meld of one natural card with jokers is what its
  player declares (RULES-NOTES): a set of that rank or a run through that card, the order
  of the cards saying where (the meld move names its reading). Identical cards (the two
  copies of a card, and the jokers, which are all alike) are used lowest-numbered first, so
  ``legal`` lists each meld once (the finder's ``meld_readings``).
* Lay-offs go on anyone's melds; the joker swap takes a melded joker back for the natural
  card it stands for (in a set, any missing suit), and the joker must then be melded or laid
  off in the same turn (step ``joker``).
* Scores: the player who goes out scores the cards left in the other hands (Basic,
  Classic, Boathouse; with Boathouse's ``penalty_only`` the others lose them instead, as
  negative points, and the highest total, the least penalty, wins); Jersey Gin scores
  deadwood (gin, knock, undercut).

Moves (tuples; JSON ``{"kind": ...}``): ``("draw", source)``, ``("take_upcard",)``,
``("pass",)``, ``("meld", cards, "set" or "run")``, ``("layoff", card, meld, end)``, ``("swap", card,
meld)``, ``("discard", card)``, ``("knock", card)``, ``("go_out", card or None)``.
docs/protocol.md ("Rummy family") is the reference.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Sequence

from game.cards import FRENCH_RANKS, FRENCH_SUITS, Deck, bits
from game.rules.base import (
    DEALER, GAME, HAND, HAND_COUNTS, JSON, OPTIONS, PLAYERS, ROUND, SEAT, TO_MOVE, GameInfo, Option, RulesError, State,
    parse_deck_order, public_fields, round_rng, seat_result,
)
from game.rules import melds as finder
from game.rules.fields import Field, Shown

STEPS = ("upcard", "draw", "draw_again", "play", "joker", "layoff", "over")


def _gone(move: tuple) -> int:
    """The cards a meld, lay-off or swap takes out of the hand."""
    return sum(1 << c for c in move[1]) if move[0] == "meld" else 1 << move[1]


# ---------------------------------------------------------------- cards and melds
def face_name(rank: int, suit: int) -> str:
    """A face's code without a copy number ("7H"; rank 0 the ace, 13 the ace above the
    king; suit -1: the rank alone, as a set's joker shows)."""
    return FRENCH_RANKS[rank % 13] + ("" if suit < 0 else FRENCH_SUITS[suit])


@dataclass(frozen=True)
class TableMeld:
    """A meld on the table: its owner, cards in meld order, and what it is (the meld
    finder's reading, ``melds.read_meld``; ranks and suits are the deck's, ``game.cards``).

    A run's ``low`` is the place of its first card (0 the ace below the two .. 12 the king,
    13 the ace above the king; runs round the ace: 0..12) and ``suit`` its suit; a set's
    ``rank`` is its rank (0 the ace .. 12 the king). A joker stands, in a run, for the card
    of its place; in a set, for any suit its naturals lack."""

    owner: int
    kind: str  # "set" | "run"
    cards: tuple[int, ...]
    rank: int = -1
    suit: int = -1
    low: int = 0

    def rank_at(self, i: int) -> int:
        """The rank the i-th card of a run stands for (0 the ace .. 12 the king)."""
        return (self.low + i) % 13

    @property
    def high(self) -> int:
        """The place of a run's last card (past 13 when a run goes round the ace)."""
        return self.low + len(self.cards) - 1


def classify(cards: Sequence[int], deck: Deck, rule: Any, owner: int = 0, kind: str | None = None) -> TableMeld:
    """The meld these cards make in this order (the meld finder's ``read_meld``; ``kind``
    forces a set or a run), or RulesError saying why they make none."""
    r = finder.read_meld(deck, cards, rule, kind)
    if r is None:
        raise RulesError(why_not_a_meld(cards, deck, rule.aces, kind))
    return TableMeld(owner, r.kind, r.cards, -1 if r.rank is None else r.rank, -1 if r.suit is None else r.suit, r.low)


def why_not_a_meld(cards: Sequence[int], deck: Deck, aces: str, kind: str | None = None) -> str:
    """Why ``cards`` make no meld in this order (for a list ``read_meld`` refuses)."""
    ranks, suits = deck.ranks, deck.suits
    shown = " ".join(deck.code(c) for c in cards)
    if len(cards) < 3:
        return f"a meld needs at least 3 cards, not {len(cards)}"
    if len(set(cards)) != len(cards):
        return "a meld names a card twice"
    naturals = [c for c in cards if ranks[c] >= 0]
    if not naturals:
        return "a meld needs at least one natural card besides its jokers"
    one_rank = len({ranks[c] for c in naturals}) == 1
    distinct = len({suits[c] for c in naturals}) == len(naturals)
    if kind == "set" and not one_rank:
        return f"not a set: {shown} (a set is one rank)"
    if one_rank and kind != "run":
        if distinct:
            return f"a set holds at most 4 cards (one per suit), not {len(cards)}"
        return f"a set needs cards of different suits: {shown}"
    if len({suits[c] for c in naturals}) != 1:
        return f"not a meld: {shown} (a set is one rank, a run one suit)"
    what = {"low": "aces are low only", "high_or_low": "aces are high or low, not both",
            "around": "runs may go round the ace"}[aces]
    # the ace rule is named only where an ace is in the meld: else the ranks do not follow on
    if any(ranks[c] == 0 for c in cards):
        return f"not a run in meld order: {shown} ({what})"
    return f"not a run in meld order: {shown} (one suit, ranks following on)"


# ---------------------------------------------------------------- the variants as data
@dataclass(frozen=True)
class Style:
    """How the family's expert (game/bots/rummy_expert.py) plays a game where its own rule
    departs from the simple level's (its prior, its candidates and its own turns in its
    play-outs; the others are still played by the simple rule there, as at the table).

    ``hold_until``: its melds stay in hand (hidden, and closed to the others' lay-offs)
    until the hand can go out at once or an opponent is down to this many cards; then they
    go down, to cut what being caught would cost. ``near_scale``: the near-meld bonuses of
    the discard, times this while every opponent holds more than ``close`` cards (build),
    times ``close_scale`` once one holds ``close`` or fewer (throw the high cards: the hand
    may end any turn). ``reads_discards``: its worlds are weighed by what the others threw
    and passed over (game/bots/rummy_others.py). docs/bots.md has the measurements behind
    the numbers."""

    hold_until: int | None = None
    near_scale: float = 1.0
    close: int = 0
    close_scale: float = 1.0
    reads_discards: bool = True

    def near_weight(self, others: int) -> float:
        """The near-meld bonuses' weight when the closest opponent holds ``others`` cards."""
        return self.close_scale if others <= self.close else self.near_scale


@dataclass(frozen=True)
class RummyVariant:
    """What one game of the family is, as data (options may replace fields per game)."""

    deck: Deck
    hand_sizes: dict[int, int]  # cards dealt per player count, one deck
    hand_size_two_decks: int = 10
    aces: str = "low"  # "low", "high_or_low" (not both in one run), "around" (K-A-2)
    ace_value: int = 1
    joker_value: int = 15
    melding: str = "free"  # "free"; "whole_hand" (Boathouse: all at once to go out); "knock" (Jersey)
    meld_limit: int = 0  # melds per turn, 0: no limit (Classic: 1)
    layoff_before_meld: bool = True  # Classic option: no lay-off before one's own first meld
    last_card_discard: bool = False  # Classic option: one always goes out by a discard
    keep_pile_card: str = "taken"  # never discard: "taken" the card taken from the pile; "last" the
    #                                last one taken this turn (Boathouse); "" no such rule (Jersey)
    second_draw: bool = False  # Boathouse: a card from the pile obliges a second draw
    pile2: bool = False  # Jersey: the second card of the pile may be drawn
    upcard_round: bool = False  # Jersey: a first round of take-the-upcard-or-pass
    shuffle_pile: bool = False  # the pile is shuffled when it becomes the stock
    scoring: str = "hands"  # "hands": out scores the others' cards; "penalty"; "gin"
    rummy_doubles: bool = False  # Classic: out in one turn doubles
    void_stock: int = -1  # Jersey: the hand is void when the stock is down to this many cards
    knock_limit: int = 10  # Jersey: knock with deadwood under this
    gin_bonus: int = 50
    undercut_penalty: int = 20
    knock_scoring: str = "sum"  # Jersey: "sum" (d1 + d2) - k, or "each" (d1 - k) + (d2 - k)
    style: Style = Style()  # how the family's expert plays it
    chart_top: int = 900  # the statistics chart's scale: about the most one hand gives


def target_option(default: int, choices: tuple[int, ...]) -> Option:
    return Option("target", choices, default, "the game ends after the hand in which a total reaches this")


def hands_option() -> Option:
    return Option("hands", (0, 1, 3), 0,
                  "0: play to the target; else the game is this many hands (void ones count), highest total wins")


def decks_option() -> Option:
    return Option("decks", (1, 2), 1, "4 to 6 players: one or two 54-card decks (2-3 players always one, 7 two)")


def hand_size_option() -> Option:
    return Option("hand_size", (7, 10), 7, "3 players with one deck: 7 or 10 cards each")


def shuffle_option() -> Option:
    return Option("shuffle_pile", (False, True), False, "shuffle the discard pile when it becomes the new stock")


# ---------------------------------------------------------------- the shared state
class RummyState(State):
    """One state class for the family; a game is a subclass with its ``info`` and ``VARIANT``."""

    VARIANT: ClassVar[RummyVariant]
    # format 2 adds "shunned" and "last_discard"; format 3 names the seat to move "to_move"
    # (null once the game is over), and "melded_this_turn" and "scores_this_hand" as the
    # observation does
    FORMAT = 3

    MOVE_KINDS = {
        "draw": (Field("source", "str", "from"),),
        "take_upcard": (),
        "pass": (),
        "meld": (Field("cards", "cards"), Field("reading", "str", "as")),
        "layoff": (Field("card", "card"), Field("meld", "int"), Field("end", "str")),
        "swap": (Field("card", "card"), Field("meld", "int")),
        "discard": (Field("card", "card"),),
        "knock": (Field("card", "card"),),
        "go_out": (Field("discard", "card"),),
    }
    OBSERVATION = (
        GAME, PLAYERS, OPTIONS,
        ROUND,
        DEALER,
        Shown("phase", "s.step"),
        Field("step", "str"),
        Shown("turn", "0 if s.to_move is None else s.to_move"),  # to_move's older name, kept for clients
        TO_MOVE,
        Shown("finished", "s.step == 'over'"),
        Shown("decks", "s.decks(s.players, s.options)"),
        Shown("hand_size", "s.hand_size(s.players, s.options)"),  # cards dealt
        HAND_COUNTS,
        Shown("stock", "len(s.stock)"),
        Field("pile", "cards"),
        Shown("table", "s.table_json", read=lambda w, table: setattr(w, "table_json", table)),
        Field("known", "masks"),
        Field("shunned", "masks"),
        Field("last_discard", "masks"),
        Field("laid_off", "masks"),
        Field("drawn_from", "str"),
        Field("taken", "cards"),
        Shown("last_pile_card", "code(s.taken[-1]) if s.taken else None"),
        Field("melds_this_turn", "int", "melded_this_turn"),
        Field("joker", "card"),
        Field("melded", "ints"),
        Field("laid", "ints"),
        Field("laid_at_start", "int"),
        Field("rebuilds", "int"),
        Field("passes", "int"),
        Field("took_discard", "bool"),
        Field("knocker", "opt_int"),
        Field("gin", "bool"),
        Field("layoff_left", "int"),
        Field("scores", "ints", "scores_this_hand"),
        Field("totals", "ints"),
        Field("rounds", "records"),
        Field("winners", "ints"),
        SEAT,
        HAND,
        # the card drawn this turn: to the seat to move only
        Shown("drawn", "code(s.drawn) if s.drawn is not None and seat == s.to_move else None",
              read=lambda w, drawn: setattr(w, "drawn", None if drawn is None else w.info.deck.card(drawn))),
        Shown("legal", "[s.move_to_json(m) for m in s.legal_moves()] if seat == s.to_move else []"),
    )
    # The state: the observation's fields and what no seat sees whole.
    FIELDS = public_fields(OBSERVATION) + (
        Field("table_json", "json", "table"),
        Field("drawn", "card"),
        Field("hands", "masks"),
        Field("stock", "cards"),
        Field("aside", "mask"),
    )

    # ------------------------------------------------------------ the game's data
    @classmethod
    def variant(cls, players: int, options: dict[str, Any]) -> RummyVariant:
        """The variant with the options applied (a game overrides it where options change rules)."""
        v = cls.VARIANT
        if "shuffle_pile" in options:
            v = replace(v, shuffle_pile=options["shuffle_pile"])
        return v

    @classmethod
    def meld_rule(cls, options: dict[str, Any] | None = None):
        """The meld finder's rule (game/rules/melds.py) for these options."""
        opts = cls.info.resolve(cls.info.min_players, options)
        return _meld_rule(cls.variant(cls.info.min_players, opts))

    @classmethod
    def check_options(cls, players: int, options: dict[str, Any]) -> None:
        """Options that mean nothing at this player count are refused (as teams at 3 players)."""
        if options.get("decks", 1) == 2 and players <= 3:
            raise RulesError(f"{cls.info.id}: 2 or 3 players use one deck (option decks: 1)")
        if options.get("hand_size", 7) == 10 and (players != 3 or cls.decks(players, options) == 2):
            raise RulesError(f"{cls.info.id}: the hand size is a choice at 3 players only (option hand_size: 7)")

    @classmethod
    def decks(cls, players: int, options: dict[str, Any]) -> int:
        if cls.info.deck.copies == 1 or players <= 3:
            return 1
        return 2 if players >= 7 else options.get("decks", 1)

    @classmethod
    def hand_size(cls, players: int, options: dict[str, Any]) -> int:
        v = cls.VARIANT
        if cls.decks(players, options) == 2:
            return v.hand_size_two_decks
        if players == 3 and "hand_size" in options:
            return options["hand_size"]
        return v.hand_sizes[players]

    def target(self) -> int:
        if self.v.scoring == "penalty":
            return 100  # RULES-NOTES: penalty points only, the game ends when someone reaches 100
        return self.options.get("target", 0)

    # ------------------------------------------------------------ set-up
    @classmethod
    def new(cls, players: int = 2, options: dict[str, Any] | None = None, seed: int = 0,
            deck_order: Sequence[str] | None = None) -> "RummyState":
        opts = cls.info.resolve(players, options)
        cls.check_options(players, opts)
        cls.info.check_seed(seed)
        s = cls.__new__(cls)
        s.players = players
        s.options = opts
        s.seed = seed
        s._derive()
        order = None
        if deck_order is not None:
            order = parse_deck_order(cls.info.deck, deck_order, s.in_play)
        s.round_no = 0
        s.totals = [0] * players
        s.rounds = []
        s.winners = []
        s.dealer = round_rng(seed, 0).randrange(players)  # the cut for the first deal
        s._events = []
        s._start_hand(order)
        return s

    def _derive(self) -> None:
        self.v = self.variant(self.players, self.options)
        deck = self.info.deck
        self.rule = _meld_rule(self.v)
        self.values = card_values(deck, self.rule)
        # the deck's reading of its cards, at hand for the hot paths (lay-offs, swaps)
        self.ranks, self.suits, self.jokers = deck.ranks, deck.suits, deck.jokers
        copies = self.decks(self.players, self.options)
        per_copy = deck.size // deck.copies
        self.in_play = (1 << (per_copy * copies)) - 1
        self._legal: list | None = None

    def _start_hand(self, order: list[int] | None = None) -> None:
        n = self.players
        if order is None:
            order = list(bits(self.in_play))
            rng = round_rng(self.seed, self.round_no)
            if self.round_no == 0:
                rng.randrange(n)  # the cut drew first
            rng.shuffle(order)
        size = self.hand_size(n, self.options)
        self.hands = [0] * n
        first = (self.dealer + 1) % n
        for i in range(size * n):
            self.hands[(first + i) % n] |= 1 << order[i]
        pos = size * n
        self.pile = [order[pos]]
        self.stock = list(reversed(order[pos + 1:]))  # top of the stock last
        self.aside = self.info.deck.full_mask & ~self.in_play
        self.table: list[TableMeld] = []
        self.known = [0] * n
        self.shunned = [0] * n
        self.last_discard = [0] * n
        self.laid_off = [0] * n
        self.melded = [0] * n
        self.laid = [0] * n
        self.scores = [0] * n
        self.rebuilds = 0
        self.passes = 0
        self.took_discard = False
        self.knocker = None
        self.gin = False
        self.layoff_left = 0
        self._new_turn(first)
        self.step = "upcard" if self.v.upcard_round else "draw"
        self._emit({"type": "round_start", "round": self.round_no, "dealer": self.dealer, "hand_size": size,
                    "upcard": self.info.deck.code(self.pile[-1]), "stock": len(self.stock)})

    def _new_turn(self, seat: int) -> None:
        self.to_move = seat
        self.step = "draw"
        self.drawn = None
        self.drawn_from = ""
        self.taken = []
        self.melds_this_turn = 0
        self.joker = None
        self.laid_at_start = self.laid[seat]
        self._legal = None

    def _emit(self, event: JSON) -> None:
        self._events.append(event)

    # ------------------------------------------------------------ table JSON
    @property
    def table_json(self) -> list[JSON]:
        return [self.meld_json(m) for m in self.table]

    @table_json.setter
    def table_json(self, value: Any) -> None:
        where = f"malformed {self.info.id} state: table"
        if not isinstance(value, list):
            raise RulesError(f"{where} must be a list of melds")
        deck = self.info.deck
        self._table_raw = value
        out = []
        for i, m in enumerate(value):
            if not isinstance(m, dict) or not isinstance(m.get("cards"), list) or m.get("kind") not in ("set", "run") \
                    or not isinstance(m.get("owner"), int):
                raise RulesError(f"{where}[{i}] must be {{\"owner\", \"kind\", \"cards\"}}")
            try:
                cards = [deck.card(c) for c in m["cards"]]
            except (ValueError, AttributeError) as e:
                raise RulesError(f"{where}[{i}]: {e}") from None
            out.append((m["owner"], m["kind"], cards))
        self._table_cards = out

    def meld_json(self, m: TableMeld) -> JSON:
        deck = self.info.deck
        ranks = deck.ranks
        jokers = {}
        for i, c in enumerate(m.cards):
            if ranks[c] < 0:
                jokers[deck.code(c)] = face_name(m.rank, -1) if m.kind == "set" else face_name(m.rank_at(i), m.suit)
        return {"owner": m.owner, "kind": m.kind, "cards": [deck.code(c) for c in m.cards], "jokers": jokers}

    # ------------------------------------------------------------ helpers
    def hand_value(self, mask: int) -> int:
        values = self.values
        return sum(values[c] for c in bits(mask))

    def arrangement(self, mask: int):
        """The meld finder's best arrangement of these cards under this game's rule."""
        return _arrange(self.info.deck, mask, self.meld_rule_here())

    def deadwood(self, mask: int) -> int:
        """The least deadwood value of these cards (the finder's fast path where it has one)."""
        return finder.deadwood_points(self.info.deck, mask, self.meld_rule_here())

    def loners(self, hand: int, nj: int | None = None) -> int:
        """The cards of ``hand`` that can be in no meld with its other cards and ``nj`` of its
        jokers (default: all; cheap: rank and suit neighbours only)."""
        ranks, suits, jokers = self.ranks, self.suits, self.jokers
        if nj is None:
            nj = (hand & jokers).bit_count()
        if nj >= 2:
            return 0
        aces = self.v.aces
        faces = set()
        suits_of: dict[int, set] = {}
        for c in bits(hand & ~jokers):
            faces.add((ranks[c], suits[c]))
            suits_of.setdefault(ranks[c], set()).add(suits[c])
        out = 0
        for c in bits(hand & ~jokers):
            r, s = ranks[c], suits[c]
            if len(suits_of[r]) + nj >= 3:
                continue
            places = (0, 13) if r == 0 and aces == "high_or_low" else (r,)
            found = False
            for p in places:
                for lo in (p - 2, p - 1, p):
                    window = [lo, lo + 1, lo + 2]
                    if aces != "around" and (lo < 0 or lo + 2 > (13 if aces == "high_or_low" else 12)):
                        continue
                    held = sum(1 for q in window if q != p and (q % 13, s) in faces)
                    if held + nj >= 2:
                        found = True
                        break
                if found:
                    break
            if not found:
                out |= 1 << c
        return out

    def meld_rule_here(self):
        return _meld_rule(self.v)

    def _first_copies(self, mask: int) -> dict[int, int]:
        """The copy of each face in ``mask`` that moves name: the one taken from the pile this
        turn if the hand holds it (it may not be discarded, so it is the one to lay, its twin
        may go), else the lowest-numbered."""
        deck = self.info.deck
        faces = deck.faces
        out: dict[int, int] = {}
        for c in bits(mask & self._kept() & ~deck.jokers):
            out.setdefault(faces[c], c)
        for c in bits(mask & ~deck.jokers):
            out.setdefault(faces[c], c)
        return out

    def _jokers(self, mask: int) -> list[int]:
        """The jokers of ``mask`` in the order moves use them: the one that must be used
        (after a swap) first, then one taken from the pile this turn, then by number."""
        js = list(bits(mask & self.jokers))
        for first in (self._kept(), 1 << self.joker if self.joker is not None else 0):
            for j in [j for j in js if first >> j & 1]:
                js.remove(j)
                js.insert(0, j)
        return js

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players

    # ------------------------------------------------------------ melds, lay-offs, swaps
    def meld_moves(self, hand: int) -> list[tuple]:
        """Every meld the hand can lay down and how it reads, each once (the meld finder's
        ``meld_readings``: identical cards and jokers lowest-numbered first, but for a card
        taken from the pile this turn, named in place of its twin; a natural card
        with jokers as a set and as each run through it). After a swap only the joker taken
        back is offered among the jokers, so every meld listed uses it."""
        if self.joker is not None and hand >> self.joker & 1:
            hand &= ~self.jokers | 1 << self.joker
        return [("meld", cards, kind)
                for cards, kind in finder.meld_readings(self.info.deck, hand, self.meld_rule_here(), self._kept())]

    def fits(self, m: TableMeld, card: int) -> list[str]:
        """The ends of meld ``m`` where ``card`` may be laid off ("" for a set)."""
        ranks, suits = self.ranks, self.suits
        aces = self.v.aces
        r = ranks[card]
        n = len(m.cards)
        if m.kind == "set":
            if n >= 4:
                return []
            if r < 0:
                return [""]
            held = {suits[c] for c in m.cards if ranks[c] >= 0}
            return [""] if r == m.rank and suits[card] not in held else []
        # the places just below and above the run (-1: none)
        ends = []
        if aces == "around":
            if n >= 13:
                return []
            below = (m.low - 1) % 13
            above = (m.low + n) % 13
        else:
            # an ace already at one end of a high_or_low run closes the other end to it
            below = m.low - 1 if m.low > 0 and not (m.high == 13 and m.low == 1) else -1
            top = 13 if aces == "high_or_low" and m.low != 0 else 12
            above = m.high + 1 if m.high < top else -1
        if r < 0:
            if below >= 0:
                ends.append("low")
            if above >= 0:
                ends.append("high")
            return ends
        if suits[card] != m.suit:
            return []
        if below >= 0 and r == below % 13:
            ends.append("low")
        if above >= 0 and r == above % 13:
            ends.append("high")
        return ends[:1]

    def _laid(self, m: TableMeld, card: int, end: str) -> TableMeld:
        if m.kind == "set":
            return replace(m, cards=m.cards + (card,))
        if end == "low":
            low = m.low - 1
            if self.v.aces == "around":
                low %= 13
            return replace(m, cards=(card,) + m.cards, low=low)
        return replace(m, cards=m.cards + (card,))

    def layoff_moves(self, hand: int, only_joker: int | None = None) -> list[tuple]:
        ranks = self.ranks
        if only_joker is not None:
            cards = [only_joker]
        else:
            cards = sorted(self._first_copies(hand).values()) + self._jokers(hand)[:1]
        out = []
        for i, m in enumerate(self.table):
            for c in cards:
                for end in self.fits(m, c):
                    out.append(("layoff", c, i, end if ranks[c] < 0 else ""))
        return out

    def _swap_target(self, m: TableMeld, card: int) -> int | None:
        """The position of the joker ``card`` replaces in ``m``, or None."""
        ranks, suits = self.ranks, self.suits
        r = ranks[card]
        if r < 0:
            return None
        if m.kind == "set":
            if r != m.rank or suits[card] in {suits[c] for c in m.cards if ranks[c] >= 0}:
                return None
            for i, c in enumerate(m.cards):
                if ranks[c] < 0:
                    return i
            return None
        if suits[card] != m.suit:
            return None
        for i, c in enumerate(m.cards):
            if ranks[c] < 0 and r == m.rank_at(i):
                return i
        return None

    def swap_moves(self, hand: int) -> list[tuple]:
        out = []
        low = sorted(self._first_copies(hand).values())
        for i, m in enumerate(self.table):
            if not any(self.ranks[c] < 0 for c in m.cards):
                continue
            for c in low:
                pos = self._swap_target(m, c)
                if pos is not None and self._joker_usable_after_swap(i, pos, c):
                    out.append(("swap", c, i))
        return out

    def _joker_usable_after_swap(self, i: int, pos: int, card: int) -> bool:
        m = self.table[i]
        joker = m.cards[pos]
        hand = (self.hands[self.to_move] & ~(1 << card)) | 1 << joker
        saved = self.table[i], self.joker
        self.table[i] = replace(m, cards=m.cards[:pos] + (card,) + m.cards[pos + 1:])
        self.joker = joker
        try:
            return bool(self._joker_moves(hand))
        finally:
            self.table[i], self.joker = saved

    def _joker_moves(self, hand: int) -> list[tuple]:
        """Step ``joker``: the swapped joker melded (with cards of the hand) or laid off."""
        melds = [m for m in self.meld_moves(hand) if self.joker in m[1]]
        return self._keep_last_card(melds + self.layoff_moves(hand, self.joker), hand)

    def _keep_last_card(self, moves: list[tuple], hand: int) -> list[tuple]:
        """Without going out by melding (Jersey never melds; Classic option), no meld or lay-off may
        empty the hand. And none may leave only the card taken from the pile (Basic, Classic):
        it may not be discarded, so the turn could not end."""
        if self.v.last_card_discard:
            size = hand.bit_count()
            moves = [m for m in moves if (len(m[1]) if m[0] == "meld" else 1) < size]
        if self._kept() & hand:
            moves = [m for m in moves if m[0] not in ("meld", "layoff", "swap") or not self.strands(hand, _gone(m))]
        return moves

    def strands(self, hand: int, gone: int) -> bool:
        """True when laying ``gone`` out of ``hand`` (a meld, a lay-off, a swap whose joker is
        used at once) would leave only cards taken from the pile this turn, which may not be
        discarded: the turn could not end."""
        rest = hand & ~gone
        return bool(rest) and not rest & ~self._kept()

    # ------------------------------------------------------------ verbs
    def current_player(self) -> int | None:
        return None if self.step == "over" else self.to_move

    def legal_moves(self) -> list:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list:
        step = self.step
        if step == "over":
            return []
        v = self.v
        seat = self.to_move
        hand = self.hands[seat]
        if step == "upcard":
            return [("take_upcard",), ("pass",)]
        if step == "draw":
            moves = [("draw", "stock")] if self.stock or self.pile else []
            if self.pile:
                moves.append(("draw", "pile"))
            if v.pile2 and len(self.pile) >= 2 and not self.took_discard:
                moves.append(("draw", "pile2"))
            return moves
        if step == "draw_again":
            moves = [("draw", "stock")] if self.stock or self.pile else []
            if self.pile:
                moves.append(("draw", "pile"))
            return moves
        if step == "joker":
            return self._joker_moves(hand)
        if step == "layoff":
            return self.layoff_moves(hand) + [("pass",)]
        # step "play"
        moves: list = []
        if v.melding == "free":
            if not v.meld_limit or self.melds_this_turn < v.meld_limit:
                moves += self.meld_moves(hand)
            if v.layoff_before_meld or self.melded[seat]:
                moves += self.layoff_moves(hand)
            moves += self.swap_moves(hand)
            moves = self._keep_last_card(moves, hand)
        discards = self.discardable(hand)
        if v.melding == "whole_hand":
            moves += self.go_out_moves(hand, discards)
        if v.melding == "knock":
            moves += self.knock_moves(hand)
        moves += [("discard", c) for c in bits(discards)]
        return moves

    def _kept(self) -> int:
        """The cards taken from the pile this turn that may not be discarded in it."""
        if self.taken and self.v.keep_pile_card:
            return 1 << self.taken[-1] if self.v.keep_pile_card == "last" else sum(1 << c for c in self.taken)
        return 0

    def discardable(self, hand: int) -> int:
        """The hand's cards that may be discarded now."""
        # A hand holding only the card taken from the pile could not end its turn: it may go
        # (melds and lay-offs never leave it so; this is a last resort).
        return hand & ~self._kept() or hand

    def go_out_moves(self, hand: int, discards: int) -> list[tuple]:
        """Boathouse: lay the whole hand at once, with or without a discard."""
        loners = self.loners(hand)
        if loners.bit_count() > 1:
            return []
        # A meld with j jokers holds at most 2(j + 1) cards that need one, so the jokers can
        # place at most 4 per joker of the cards that fit no meld of naturals.
        nj = (hand & self.jokers).bit_count()
        if nj and self.loners(hand, 0).bit_count() > 4 * nj + 1:
            return []
        if not self.can_meld_all(hand, 1):
            return []
        out = [("go_out", None)] if not loners and self.can_meld_all(hand, 0) else []
        for c in bits(discards & loners if loners else discards):
            if self.can_meld_all(hand & ~(1 << c), 0):
                out.append(("go_out", c))
        return out

    def can_meld_all(self, hand: int, skips: int) -> bool:
        """Whether every card of ``hand`` but at most ``skips`` goes into melds (the meld
        finder's search, which stops as soon as more cards are left over)."""
        return finder.can_meld_all(self.info.deck, hand, self.meld_rule_here(), skips)

    def knock_moves(self, hand: int) -> list[tuple]:
        """Jersey Gin: discard a card and knock, the deadwood then under the knock limit."""
        whole = self.deadwood(hand)
        values = self.values
        limit = self.v.knock_limit
        out = []
        for c in bits(hand):
            # hand - c arranges with deadwood D only if the whole hand does with D + value(c).
            if whole - values[c] < limit and self.deadwood(hand & ~(1 << c)) < limit:
                out.append(("knock", c))
        return out

    def apply(self, move: Any) -> list[JSON]:
        if not isinstance(move, tuple) or move not in self.legal_moves():
            raise RulesError(self.why_illegal(move))
        return self.apply_unchecked(move)

    def apply_unchecked(self, move: tuple) -> list[JSON]:
        """Apply a move known to be legal (the bots' rollouts: listing every legal move prices
        many arrangements in Jersey Gin and Boathouse); returns its events."""
        self._events = []
        self._legal = None
        getattr(self, "_do_" + move[0])(*move[1:])
        self._legal = None
        events, self._events = self._events, []
        return events

    def _same_but_copy(self, move: tuple) -> tuple | None:
        """The legal move that is ``move`` with another copy of its card (or another joker)."""
        deck = self.info.deck
        def key(c):
            return -1 if self.jokers >> c & 1 else deck.faces[c]
        for m in self.legal_moves():
            if m[0] == move[0] and m[2:] == move[2:] and m[1] != move[1] and key(m[1]) == key(move[1]):
                return m
        return None

    def why_illegal(self, move: Any) -> str:
        """A clear message for a move that is not legal now."""
        gid = self.info.id
        shown = self.move_json_text(move)
        if shown is None:
            return f"{gid}: not a move: {move!r}"
        if self.step == "over":
            return f"{gid}: the game is over"
        kind = move[0]
        deck = self.info.deck
        hand = self.hands[self.to_move]
        kinds = sorted({m[0] for m in self.legal_moves()})
        prefix = f"{gid}: illegal move {shown}"
        if kind in ("layoff", "swap", "discard") and move[1] is None:
            return f"{prefix}: a {kind} names its card (\"card\": a card code, not null)"
        if kind in ("meld", "layoff", "swap") and self.step in ("play", "joker"):
            gone = _gone(move)
            if gone & hand == gone and self.strands(hand, gone):
                return (f"{prefix}: it would leave only {deck.codes_of(hand & ~gone)}, taken from the pile "
                        "this turn, which may not be discarded")
        # in a free-melding step, a meld, lay-off or swap is explained by what is wrong with it
        melding = kind in ("meld", "layoff", "swap") and self.step in ("play", "joker") and self.v.melding == "free"
        if kind == "layoff" and melding and not (self.v.layoff_before_meld or self.melded[self.to_move]):
            return f"{prefix}: seat {self.to_move} lays off only after melding once"
        if kind not in kinds and not melding:
            return f"{prefix}: seat {self.to_move} is at step {self.step!r}, where the moves are {kinds}"
        if kind == "meld":
            cards = move[1]
            missing = [deck.code(c) for c in cards if not hand >> c & 1]
            if missing:
                return f"{prefix}: not in the hand: {missing}"
            try:
                classify(cards, deck, self.rule, kind=move[2])
            except RulesError as e:
                return f"{prefix}: {e}"
            if self.v.meld_limit and self.melds_this_turn >= self.v.meld_limit:
                return f"{prefix}: {self.v.meld_limit} meld(s) a turn"
            return (f"{prefix}: not a meld allowed now (of identical cards and jokers, moves name the one "
                    "taken from the pile this turn, else the lowest-numbered)")
        if kind in ("layoff", "swap", "discard", "knock") and move[1] is not None and not hand >> move[1] & 1:
            return f"{prefix}: {deck.code(move[1])} is not in the hand"
        if kind in ("layoff", "swap"):
            if not 0 <= move[2] < len(self.table):
                return f"{prefix}: there is no meld {move[2]} (the table has {len(self.table)})"
            if kind == "layoff" and deck.ranks[move[1]] < 0 and self.table[move[2]].kind == "run" \
                    and not move[3]:
                return f"{prefix}: a joker laid off on a run says its \"end\": \"low\" or \"high\""
            same = self._same_but_copy(move)
            if same is not None:
                return (f"{prefix}: of identical cards, moves name the one taken from the pile this turn, else "
                        f"the lowest-numbered: {deck.code(same[1])}")
            return f"{prefix}: {deck.code(move[1])} does not fit meld {move[2]} there"
        if kind == "discard" and self.taken:
            return f"{prefix}: the card taken from the pile this turn may not be discarded"
        if kind == "knock":
            return f"{prefix}: the deadwood after that discard is not under {self.v.knock_limit}"
        if kind == "go_out":
            return f"{prefix}: the hand does not all form melds"
        return f"{prefix}; legal moves are {json.dumps([self.move_to_json(m) for m in self.legal_moves()], ensure_ascii=False)}"

    # ------------------------------------------------------------ the moves
    def _do_take_upcard(self) -> None:
        card = self.pile.pop()
        self._take(card, "pile")
        self.step = "play"

    def _do_pass(self) -> None:
        seat = self.to_move
        if self.step == "upcard":
            self.passes += 1
            self.shunned[seat] |= 1 << self.pile[-1]
            self._emit({"type": "pass", "seat": seat})
            first = (self.dealer + 1) % self.players
            if self.passes >= self.players:
                self._new_turn(first)
            else:
                self._new_turn(self.next_seat(seat))
                self.step = "upcard"
            return
        # step "layoff": this opponent is done laying off on the knocker's melds
        self._emit({"type": "pass", "seat": seat})
        self.layoff_left -= 1
        nxt = self.next_seat(seat)
        if nxt == self.knocker:
            nxt = self.next_seat(nxt)
        if self.layoff_left <= 0:
            self._score_gin()
        else:
            self.to_move = nxt

    def _take(self, card: int, source: str) -> None:
        seat = self.to_move
        self.hands[seat] |= 1 << card
        self.drawn = card
        self.drawn_from = "stock" if source == "stock" else "pile"
        if source != "stock":
            self.taken.append(card)
            self.known[seat] |= 1 << card
        ev: JSON = {"type": "draw", "seat": seat, "from": source}
        if source != "stock":
            ev["card"] = self.info.deck.code(card)
        self._emit(ev)

    def _do_draw(self, source: str) -> None:
        if source == "stock":
            if self.pile:
                self.shunned[self.to_move] |= 1 << self.pile[-1]  # passed over for the stock
            if not self.stock:
                self._rebuild_stock()
            card = self.stock.pop()
        elif source == "pile":
            card = self.pile.pop()
        else:  # pile2: the second card, the top one stays
            card = self.pile.pop(-2)
        self._take(card, source)
        if self.step == "draw" and source != "stock" and self.v.second_draw:
            self.step = "draw_again"
            if not self.stock and not self.pile:
                self.step = "play"  # RULES-NOTES: no card for the forced second draw
        else:
            self.step = "play"

    def _rebuild_stock(self) -> None:
        """The pile turned over as the new stock (its first discard on top), or shuffled."""
        cards = list(self.pile)
        self.pile = []
        # What the seats passed over is now hidden in the stock: shown no more.
        gone = sum(1 << c for c in cards)
        self.shunned = [m & ~gone for m in self.shunned]
        self.last_discard = [m & ~gone for m in self.last_discard]
        if self.v.shuffle_pile:
            round_rng(self.seed, self.round_no * 1000 + self.rebuilds + 1).shuffle(cards)
            self.stock = cards
        else:
            self.stock = list(reversed(cards))
        self.rebuilds += 1
        self._emit({"type": "rebuild", "stock": len(self.stock), "shuffled": self.v.shuffle_pile})

    def _do_meld(self, cards: tuple, reading: str) -> None:
        seat = self.to_move
        m = classify(cards, self.info.deck, self.rule, seat, reading)
        self.table.append(m)
        mask = sum(1 << c for c in cards)
        self.hands[seat] &= ~mask
        self.known[seat] &= ~mask
        self.melds_this_turn += 1
        self.melded[seat] += 1
        self.laid[seat] += len(cards)
        if self.joker in cards:
            self.joker = None
        self._emit({"type": "meld", "seat": seat, "cards": [self.info.deck.code(c) for c in cards],
                    "meld": len(self.table) - 1, "kind": m.kind})
        self._after_laying()

    def _do_layoff(self, card: int, index: int, end: str) -> None:
        seat = self.to_move
        m = self.table[index]
        if not end:
            end = (self.fits(m, card) or [""])[0]
        self.table[index] = self._laid(m, card, end)
        self.hands[seat] &= ~(1 << card)
        self.known[seat] &= ~(1 << card)
        self.laid_off[seat] |= 1 << card
        self.laid[seat] += 1
        if self.joker == card:
            self.joker = None
        self._emit({"type": "layoff", "seat": seat, "card": self.info.deck.code(card), "meld": index,
                    "end": end, "owner": m.owner})
        if self.step == "layoff":
            return
        self._after_laying()

    def _do_swap(self, card: int, index: int) -> None:
        seat = self.to_move
        m = self.table[index]
        pos = self._swap_target(m, card)
        joker = m.cards[pos]
        self.table[index] = replace(m, cards=m.cards[:pos] + (card,) + m.cards[pos + 1:])
        self.hands[seat] = (self.hands[seat] & ~(1 << card)) | 1 << joker
        self.known[seat] = (self.known[seat] & ~(1 << card)) | 1 << joker
        self.joker = joker
        self.step = "joker"
        deck = self.info.deck
        self._emit({"type": "swap", "seat": seat, "card": deck.code(card), "joker": deck.code(joker), "meld": index})

    def _after_laying(self) -> None:
        if self.joker is None and self.step == "joker":
            self.step = "play"
        if not self.hands[self.to_move]:
            self._end_hand(out=self.to_move)

    def _throw(self, seat: int, card: int) -> None:
        """The card from the seat's hand onto the pile, seen by all (a discard, also the one
        that goes with going out or knocking)."""
        bit = 1 << card
        self.hands[seat] &= ~bit
        self.known[seat] &= ~bit
        self.pile.append(card)
        self.shunned[seat] |= bit
        self.last_discard[seat] = bit
        self._emit({"type": "discard", "seat": seat, "card": self.info.deck.code(card)})

    def _do_discard(self, card: int) -> None:
        seat = self.to_move
        self._throw(seat, card)
        if not self.hands[seat]:
            self._end_hand(out=seat)
            return
        self._end_turn()

    def _end_turn(self) -> None:
        v = self.v
        took = self.drawn_from == "pile"
        if v.void_stock >= 0 and len(self.stock) <= v.void_stock:
            self._end_hand(out=None)
            return
        if v.void_stock < 0 and not self.stock and self.rebuilds >= 2:
            self._end_hand(out=None)  # RULES-NOTES: the stock ran out a third time
            return
        self._new_turn(self.next_seat(self.to_move))
        self.took_discard = took

    def _do_go_out(self, card: int | None) -> None:
        seat = self.to_move
        if card is not None:
            self._throw(seat, card)
        self._lay_arrangement(seat)
        self._emit({"type": "go_out", "seat": seat})
        self._end_hand(out=seat)

    def _lay_arrangement(self, seat: int) -> None:
        """The finder's melds of this hand laid on the table; the hand keeps its deadwood."""
        arr = self.arrangement(self.hands[seat])
        for cards in arr.melds:
            self.table.append(classify(cards, self.info.deck, self.rule, seat))
            self.hands[seat] &= ~sum(1 << c for c in cards)
            self.melded[seat] += 1
            self.laid[seat] += len(cards)
        self.known[seat] = self.hands[seat]

    def _do_knock(self, card: int) -> None:
        seat = self.to_move
        self._throw(seat, card)
        self._lay_arrangement(seat)  # the knocker's known cards become its deadwood
        self.knocker = seat
        self.gin = not self.hands[seat]
        self._emit({"type": "knock", "seat": seat, "card": self.info.deck.code(card), "gin": self.gin})
        # RULES-NOTES: the opponents lay off on the knocker's (or gin) melds, from his left.
        self.step = "layoff"
        self.layoff_left = self.players - 1
        self.to_move = self.next_seat(seat)
        self.drawn = None
        self.drawn_from = ""
        self.taken = []

    # ------------------------------------------------------------ the end of a hand
    def _score_gin(self) -> None:
        k_seat = self.knocker
        v = self.v
        dead = []
        for s in range(self.players):
            dead.append(self.hand_value(self.hands[s]) if s == k_seat else self.arrangement(self.hands[s]).points)
        k = dead[k_seat]
        others = [s for s in range(self.players) if s != k_seat]
        undercut = False
        if self.gin:
            self.scores[k_seat] = v.gin_bonus + sum(dead[s] for s in others)
        elif all(k < dead[s] for s in others):
            if v.knock_scoring == "each":
                self.scores[k_seat] = sum(dead[s] - k for s in others)
            else:
                self.scores[k_seat] = sum(dead[s] for s in others) - k
        else:
            undercut = True
            self.scores[k_seat] = -v.undercut_penalty
        self._finish_hand(out=k_seat, void=False, flags={"gin": self.gin, "undercut": undercut, "knock": not self.gin,
                                                          "rummy": False})

    def _end_hand(self, out: int | None) -> None:
        v = self.v
        rummy = False
        if out is not None:
            values = [self.hand_value(self.hands[s]) for s in range(self.players)]
            rummy = v.rummy_doubles and self.laid_at_start == 0
            if v.scoring == "penalty":
                for s in range(self.players):
                    self.scores[s] = -values[s]
            else:
                self.scores[out] = sum(values) * (2 if rummy else 1)
        self._finish_hand(out=out, void=out is None,
                          flags={"rummy": rummy, "gin": False, "undercut": False, "knock": False})

    def hand_details(self, seat: int) -> JSON:
        deck = self.info.deck
        hand = self.hands[seat]
        melds = [m for m in self.table if m.owner == seat]
        if self.v.melding == "knock" and seat != self.knocker:
            arr = self.arrangement(hand)
            melds += [classify(cards, deck, self.meld_rule_here(), seat) for cards in arr.melds]
            dead = sum(1 << c for c in arr.deadwood)
        else:
            dead = hand
        shown = [self.meld_json(m) for m in melds]
        # what each joker of these melds stands for, so the summary can show it as the table does
        jokers = {code: face for m in shown for code, face in m["jokers"].items()}
        details = {"melds": [m["cards"] for m in shown], "laid_off": deck.codes_of(self.laid_off[seat]),
                   "deadwood": deck.codes_of(dead), "deadwood_points": self.hand_value(dead)}
        if jokers:
            details["jokers"] = jokers
        return details

    def _finish_hand(self, out: int | None, void: bool, flags: JSON) -> None:
        n = self.players
        for s in range(n):
            self.totals[s] += self.scores[s]
        summary = {
            "round": self.round_no,
            "sides": [[s] for s in range(n)],
            "points": list(self.scores),
            "totals": list(self.totals),
            "dealer": self.dealer,
            "out": out,
            "void": void,
            **flags,
            "hands": [self.hand_details(s) for s in range(n)],
        }
        self.rounds.append(summary)
        self._emit({"type": "round_end", "summary": summary})
        target = self.target()
        hands = self.options.get("hands", 0)
        over = bool(hands) and len(self.rounds) >= hands
        if target and not hands:
            if self.v.scoring == "penalty":
                over = min(self.totals) <= -target
            else:
                over = max(self.totals) >= target
        if over:
            best = max(self.totals)
            self.winners = [s for s in range(n) if self.totals[s] == best]
            self.step = "over"
            self.to_move = None
            self.drawn, self.drawn_from, self.taken, self.joker = None, "", [], None
            self._emit({"type": "game_end", "winners": list(self.winners), "totals": list(self.totals)})
            return
        self.round_no += 1
        self.dealer = self.next_seat(self.dealer)
        self._start_hand()

    def result(self) -> JSON:
        return seat_result(self.step == "over", list(self.winners), list(self.totals), self.rounds)

    # ------------------------------------------------------------ views
    def card_locations(self) -> dict[str, int]:
        locs = {f"hand {s}": h for s, h in enumerate(self.hands)}
        locs["stock"] = sum(1 << c for c in self.stock)
        locs["pile"] = sum(1 << c for c in self.pile)
        locs["table"] = sum(1 << c for m in self.table for c in m.cards)
        locs["aside"] = self.aside
        return locs

    def hidden_cards(self, seat: int) -> int:
        """The stock and the other hands, but for their cards known to all (taken from the pile)."""
        hidden = sum(1 << c for c in self.stock)
        for s, h in enumerate(self.hands):
            if s != seat:
                hidden |= h & ~self.known[s]
        return hidden

    def json_extra(self) -> JSON:
        return {"finished": self.step == "over"}

    @classmethod
    def move_from_tuple(cls, move: tuple) -> tuple:
        kind = move[0]
        if kind == "meld":
            if move[2] not in ("set", "run"):
                raise RulesError(f"{cls.info.id}: a meld is read \"as\": \"set\" or \"run\", not {move[2]!r}")
            return ("meld", cls.canonical_meld(tuple(move[1]), move[2]), move[2])
        if kind == "draw" and move[1] not in ("stock", "pile", "pile2"):
            raise RulesError(f"{cls.info.id}: draw from \"stock\", \"pile\" or \"pile2\", not {move[1]!r}")
        if kind == "layoff" and move[3] not in ("", "low", "high"):
            raise RulesError(f"{cls.info.id}: a lay-off's end is \"low\" or \"high\" (a joker on a run), "
                             f"not {move[3]!r}")
        return move

    @classmethod
    def move_from_json(cls, data: Any) -> tuple:
        if isinstance(data, dict) and data.get("kind") == "layoff" and "end" not in data:
            data = {**data, "end": ""}
        if isinstance(data, dict) and data.get("kind") == "meld" and "as" not in data:
            data = {**data, "as": cls.default_reading(data.get("cards"))}
        return super().move_from_json(data)

    @classmethod
    def move_to_json(cls, move: Any) -> JSON:
        out = super().move_to_json(move)
        if out.get("kind") == "layoff" and not out["end"]:
            del out["end"]
        if out.get("kind") == "meld" and not cls.reads_both_ways(move[1]):
            del out["as"]  # said only where the cards read both ways
        return out

    @classmethod
    def reads_both_ways(cls, cards: Sequence[int]) -> bool:
        """One natural card with jokers, four cards at most: a set or a run, as declared."""
        ranks = cls.info.deck.ranks
        return 3 <= len(cards) <= 4 and sum(1 for c in cards if ranks[c] >= 0) == 1

    @classmethod
    def default_reading(cls, codes: Any) -> str:
        """How a meld given without ``as`` reads: a set when its natural cards are of one
        rank (RULES-NOTES: until declared otherwise), four cards at most; else a run."""
        try:
            cards = [cls.info.deck.card(c) for c in codes]
        except (TypeError, ValueError, AttributeError):
            return "set"  # not cards: the move's fields say what is wrong
        ranks = cls.info.deck.ranks
        natural = {ranks[c] for c in cards if ranks[c] >= 0}
        return "set" if len(natural) <= 1 and len(cards) <= 4 else "run"

    @classmethod
    def canonical_meld(cls, cards: tuple, reading: str | None = None) -> tuple:
        """A set's cards in suit order (clubs, diamonds, hearts, spades), jokers last; a run without
        jokers in rank order (any order given). Runs with jokers keep the order given: it says what
        each joker stands for. ``reading`` "set" or "run" (None: a set when the naturals are of one
        rank)."""
        deck = cls.info.deck
        rank, suit = deck.ranks, deck.suits
        nat = [c for c in cards if rank[c] >= 0]
        js = sorted(c for c in cards if rank[c] < 0)
        if reading != "run" and nat and len({rank[c] for c in nat}) == 1:
            return tuple(sorted(nat, key=lambda c: (suit[c], c))) + tuple(js)
        if reading == "set" or js or len({suit[c] for c in nat}) != 1 or len({rank[c] for c in nat}) != len(nat):
            return cards
        ranks = sorted(nat, key=lambda c: rank[c])
        for i in range(len(ranks)):
            if (rank[ranks[i]] - rank[ranks[i - 1]]) % 13 != 1:
                return tuple(ranks[i:] + ranks[:i])
        return tuple(ranks)

    @classmethod
    def move_text(cls, move: Any) -> str:
        deck = cls.info.deck
        kind = move[0]
        if kind == "draw":
            return f"draw {move[1]}"
        if kind == "meld":
            return "meld " + " ".join(deck.code(c) for c in move[1]) + (f" as a {move[2]}" if cls.reads_both_ways(move[1]) else "")
        if kind == "layoff":
            return f"layoff {deck.code(move[1])} on {move[2]}" + (f" {move[3]}" if move[3] else "")
        if kind == "swap":
            return f"swap {deck.code(move[1])} on {move[2]}"
        if kind in ("discard", "knock"):
            return f"{kind} {deck.code(move[1])}"
        if kind == "go_out":
            return "go out" + (f" {deck.code(move[1])}" if move[1] is not None else "")
        return kind.replace("_", " ")

    # ------------------------------------------------------------ loading
    @classmethod
    def upgrade_json(cls, data: JSON, fmt: int) -> JSON:
        if fmt < 2:
            # Format 1 did not record what each seat discarded or passed over: nothing is known.
            data["shunned"] = [[] for _ in data["hands"]]
            data["last_discard"] = [[] for _ in data["hands"]]
        # Format 2 named the seat to move "turn" (0 once the game was over).
        turn = data.pop("turn")
        data["to_move"] = None if data.get("step") == "over" else turn
        data["melded_this_turn"] = data.pop("melds_this_turn")
        data["scores_this_hand"] = data.pop("scores")
        return data

    def after_load(self) -> None:
        self.check_options(self.players, self.options)
        self._derive()
        self._events = []
        where = f"malformed {self.info.id} state"
        n = self.players
        for name in ("hands", "known", "shunned", "last_discard", "laid_off", "melded", "laid", "scores", "totals"):
            if len(getattr(self, name)) != n:
                raise RulesError(f"{where}: {name} must have one entry per seat")
        if self.step not in STEPS:
            raise RulesError(f"{where}: step must be one of {STEPS}, not {self.step!r}")
        if (self.to_move is None) != (self.step == "over"):
            raise RulesError(f"{where}: to_move is null exactly when the step is over")
        if self.to_move is not None and not 0 <= self.to_move < n or not 0 <= self.dealer < n:
            raise RulesError(f"{where}: seat to move or dealer out of range")
        if self.drawn_from not in ("", "stock", "pile"):
            raise RulesError(f"{where}: drawn_from must be \"\", \"stock\" or \"pile\"")
        if not isinstance(self.rounds, list):
            raise RulesError(f"{where}: rounds must be a list")
        table = []
        for owner, kind, cards in self._table_cards:
            if not 0 <= owner < n:
                raise RulesError(f"{where}: a meld's owner {owner} is not a seat")
            try:
                table.append(classify(cards, self.info.deck, self.rule, owner, kind))
            except RulesError as e:
                raise RulesError(f"{where}: table: {e}") from None
        self.table = table
        for s in range(n):
            if self.known[s] & ~self.hands[s]:
                raise RulesError(f"{where}: known cards of seat {s} are not in its hand")
        if self.aside != self.info.deck.full_mask & ~self.in_play:
            raise RulesError(f"{where}: the cards set aside must be the second deck when one deck plays")
        self.check_cards_whole()

    # ------------------------------------------------------------ sampling (the expert)
    def after_observation(self, observation: JSON) -> None:
        self._derive()
        self._events = []
        deck = self.info.deck
        self.table = [classify(cards, deck, self.rule, owner, kind) for owner, kind, cards in self._table_cards]
        del self._table_raw, self._table_cards
        self.aside = deck.full_mask & ~self.in_play

    def hidden_dealer(self, observation: JSON):
        """The other hands' unknown cards and the stock, dealt at random from the cards the
        seat has not seen (cards taken from the pile and still held stay in their hands)."""
        seat = observation["seat"]
        own = self.info.deck.mask_of(observation["hand"])
        public = own | sum(1 << c for m in self.table for c in m.cards) | sum(1 << c for c in self.pile) | self.aside
        for k in self.known:
            public |= k
        unseen_cards = list(bits(self.info.deck.full_mask & ~public))
        counts = observation["hand_counts"]
        need = [0 if o == seat else counts[o] - self.known[o].bit_count() for o in range(self.players)]
        known = self.known

        def deal(w: "RummyState", rng: random.Random) -> None:
            w.seed = rng.getrandbits(32)
            unseen = list(unseen_cards)
            rng.shuffle(unseen)
            hands = [0] * len(need)
            pos = 0
            for o, k in enumerate(need):
                if o == seat:
                    hands[o] = own
                    continue
                hands[o] = known[o] | sum(1 << c for c in unseen[pos:pos + k])
                pos += k
            w.hands = hands
            w.stock = unseen[pos:]

        return deal


_RULES: dict = {}
_VALUES: dict = {}


def card_values(deck: Deck, rule: Any) -> tuple[int, ...]:
    """Every card's value left in a hand under ``rule`` (the meld finder's ``card_value``)."""
    key = (deck.name, rule)
    if key not in _VALUES:
        _VALUES[key] = tuple(finder.card_value(deck, c, rule) for c in range(deck.size))
    return _VALUES[key]


def _meld_rule(v: RummyVariant):
    """One MeldRule per ace rule and values: the finder builds its tables once per rule object."""
    key = (v.aces, v.ace_value, v.joker_value)
    if key not in _RULES:
        _RULES[key] = finder.MeldRule(aces=v.aces, ace_value=v.ace_value, joker_value=v.joker_value, court_value=10,
                               min_len=3)
    return _RULES[key]


_ARRANGED: dict = {}


def _arrange(deck: Deck, mask: int, rule: Any):
    """best_arrangement, remembered: legal moves, the summary and the bots ask for the same hands."""
    key = (deck.name, rule, mask)
    got = _ARRANGED.get(key)
    if got is None:
        if len(_ARRANGED) > 4096:
            _ARRANGED.clear()
        got = _ARRANGED[key] = finder.best_arrangement(deck, mask, rule)
    return got


def info(id: str, name: str, players: tuple[int, int], deck: Deck, options: tuple[Option, ...],
         description: str) -> GameInfo:
    return GameInfo(id=id, name=name, min_players=players[0], max_players=players[1], deck=deck, options=options,
                    description=description,
                    # Random players seldom go out: the contract's random games play one hand.
                    extra={"contract_options": {"hands": 1}})
