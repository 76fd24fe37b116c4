"""The tarot family, written once: Maison Troggen, Leipzig Taroc, La Rigueur, Triomphe Forcée.

Rules text: ``docs/rules/dutch_games.txt`` (Dutch); rulings: ``docs/rules/RULES-NOTES.md``
("Tarot family"). Each game is a small subclass in its own module that declares its
differences as class attributes and a few hooks; everything else lives here:

* The 78-card deck (``game.cards.TAROT78``): trumps ``T01``..``T21`` (cards 0..20), the
  Excuse ``EXC`` (card 21), then clubs, diamonds, hearts, spades (``CDHS``), 14 cards each
  ranked ``A23456789TVCDR`` (Valet, Cavalier, Dame, Roi). In red suits the pips run
  1 high..10 low where the text says so (``RED_PIPS_REVERSED``).
* Seats are numbered counter-clockwise: the player on a seat's right is ``seat + 1``. Play and
  the deal run counter-clockwise; the player on the dealer's right leads the first trick; the
  winner of a trick leads the next. The first dealer is the last seat, so seat 0 leads first.
* Dealing: one card at a time from the dealer's right (the deck order, top first); in the
  games with a skart the dealer then takes the next three cards. Cards not dealt stay unused.
* Following: follow the suit led; unable, play a trump (La Rigueur: a trump or a spade);
  unable, any card. Trumps may be led and must then be followed with trumps. No obligation
  to overtrump. The Excuse may always be played instead (Leipzig Taroc restricts it). A led
  Excuse leaves the choice to the next player, whose card sets the suit.
* The trick: the highest trump wins (La Rigueur: then the highest spade), else the highest
  card of the suit led; the Excuse never wins.
* The Excuse goes back to its owner's won cards; the owner gives the trick's winner a low
  card (a card worth nothing: suit cards 1-10, trumps 2-20) from his won cards, at once or
  as soon as he has one. At the end of the deal a debt still open is paid with his least
  valuable card, or, if the Excuse is all he won, with the Excuse itself (``EXCUSE_END``).
* Counting by threes: a group of three cards scores the sum of its values minus 2 (low
  cards are worth 1), a group of two left over scores as three, a single card its value
  minus 1. The simpler equivalent count (each value minus 1, plus one point per set of
  three cards, two left over counting as a set) is reported beside it.

Moves (tuples, JSON ``{"kind": ...}``): ``("play", card)``, ``("discard", cards)`` (the skart, a
mask of three cards), ``("declare", combo)`` (a combination name, or ``"none"`` to end one's
declarations, or ``"annul"``), ``("pass_lead",)`` (Leipzig Taroc, 22nd trick).

Phases (``phase`` in the observation): ``annul``, ``skart``, ``declare``, ``play``, ``end``.

Events: ``round_start``, ``deal``, ``redeal``, ``skart``, ``declare``, ``pass_lead``, ``play``,
``trick_end``, ``excuse``, ``pagat``, ``death``, ``ante``, ``pot``, ``round_end`` (the round summary),
``game_end``.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar, Sequence

from game.cards import TAROT78, bits
from game.rules.base import (
    DEALER, FINISHED, GAME, HAND, HAND_COUNTS, JSON, OPTIONS, PLAYERS, ROUND, SEAT, TO_MOVE, GameInfo, RulesError,
    State, parse_deck_order, round_rng, seat_result,
)
from game.rules.fields import MOVER_LEGAL, Field, Shown, copy_json
from game.rules.tricks import check_in_turn, sample_hands

DECK = TAROT78
N_TRUMPS = 21
EXCUSE = 21
EXC_BIT = 1 << EXCUSE
TRUMPS = (1 << N_TRUMPS) - 1
SUIT_BASE = 22
RANKS = 14
SUITS = "CDHS"
SPADES = 3
TRUMP = 4  # group number of the trumps (suits are 0..3)
SUIT_MASKS = tuple(((1 << RANKS) - 1) << (SUIT_BASE + RANKS * s) for s in range(4))
GROUP_MASKS = SUIT_MASKS + (TRUMPS,)


PLAY_MOVES = tuple(("play", c) for c in range(DECK.size))  # shared move tuples: no allocation per call


def trump(n: int) -> int:
    """The card of trump number n (1..21)."""
    return n - 1


def suit_card(rank: str, suit: str) -> int:
    return SUIT_BASE + RANKS * SUITS.index(suit) + "A23456789TVCDR".index(rank)


T01, T11, T13, T21 = trump(1), trump(11), trump(13), trump(21)


def _rank_mask(rank: str) -> int:
    return sum(1 << suit_card(rank, s) for s in SUITS)


ROIS = _rank_mask("R")
DAMES = _rank_mask("D")
CAVALIERS = _rank_mask("C")
VALETS = _rank_mask("V")
COURTS = ROIS | DAMES | CAVALIERS | VALETS
PIPS = sum(_rank_mask(r) for r in "A23456789T")
LOW = PIPS | (TRUMPS & ~(1 << T01) & ~(1 << T21))  # cards worth nothing
HONOURS = DECK.full_mask & ~LOW
OUDLERS = 1 << T01 | 1 << T21 | EXC_BIT


def group_of(card: int) -> int:
    """0..3 for a suit card, TRUMP for a trump, -1 for the Excuse."""
    if card < N_TRUMPS:
        return TRUMP
    if card == EXCUSE:
        return -1
    return (card - SUIT_BASE) // RANKS


def strengths(red_pips_reversed: bool) -> tuple[int, ...]:
    """Strength of each card within its group (higher wins)."""
    out = [0] * DECK.size
    for n in range(1, 22):
        out[trump(n)] = n
    for s in range(4):
        for r in range(RANKS):
            card = SUIT_BASE + RANKS * s + r
            if r < 10 and red_pips_reversed and SUITS[s] in "DH":
                out[card] = 9 - r  # 1 high .. 10 low
            else:
                out[card] = r
    return tuple(out)


def values_table(roi: int, dame: int, cavalier: int, valet: int, oudler: int, excuse: int, low: int) -> tuple[int, ...]:
    out = [low] * DECK.size
    for c in bits(ROIS):
        out[c] = roi
    for c in bits(DAMES):
        out[c] = dame
    for c in bits(CAVALIERS):
        out[c] = cavalier
    for c in bits(VALETS):
        out[c] = valet
    out[T01] = out[T21] = oudler
    out[EXCUSE] = excuse
    return tuple(out)


def count_by_threes(pile: int, values: Sequence[int]) -> int:
    """Points of a pile counted by threes: each group of three scores its values minus 2;
    a group of two left over counts as three (minus 1), a single card its value minus 1."""
    n = pile.bit_count()
    total = sum(values[c] for c in bits(pile))
    return total - 2 * (n // 3) - (1 if n % 3 else 0)


def simple_count(pile: int, values: Sequence[int]) -> tuple[int, int]:
    """The equivalent simpler count: (the cards' values minus 1 each, sets of three cards
    with two left over counting as a set). Their sum equals ``count_by_threes``."""
    n = pile.bit_count()
    honours = sum(values[c] - 1 for c in bits(pile))
    return honours, n // 3 + (1 if n % 3 == 2 else 0)


def by_threes(values: Sequence[int]) -> tuple[float, ...]:
    """What each card won brings when piles are counted by threes (a group of three scores
    its values less 2): its value less 2/3."""
    return tuple(v - 1 + 1 / 3 for v in values)


@dataclass(frozen=True)
class Profile:
    """How the family's bots (game/bots/tarot_policy.py) read a game of it.

    ``worth``: the points each card brings to whoever wins it (the greedy rule's measure);
    ``every_trick``: each trick is the point (win every one, lead a trump nobody can beat;
    the search breaks a deal's ties by tricks won); ``pagat_last``: †1 is kept for the last
    trick; ``scale``: a deal's points per unit of the search's values; ``candidates``: the
    moves the search weighs, best by its prior; ``settle``: the search may stop before its
    time when more could not change its choice (docs/bots.md)."""

    worth: tuple[float, ...]
    every_trick: bool = False
    pagat_last: bool = False
    scale: float = 10.0
    candidates: int = 10
    settle: bool = True


# The declarations as the observing seat may see them (Leipzig Taroc's hidden ones).
_DECLARED = Shown("declared", "s.declared_view(seat)", read=lambda w, declared: setattr(w, "declared", copy_json(declared)))


class TarotState(State):
    """The shared flow of a tarot deal; subclasses set the class attributes and hooks."""

    info: ClassVar[GameInfo]
    RED_PIPS_REVERSED: ClassVar[bool] = True
    SPADES_TRUMP: ClassVar[bool] = False  # La Rigueur: spades are a second trump suit
    SKART: ClassVar[int] = 0  # cards the dealer takes and discards
    EXCUSE_SETTLE: ClassVar[bool] = True  # the owner gives a low card for the Excuse
    PROFILE: ClassVar[Profile]  # how the bots read the game
    EXCUSE_END: ClassVar[str] = "excuse"  # debt open at the end, owner won only the Excuse:
    # "excuse": the Excuse goes to the creditor; "keep": nothing is given
    STRENGTH: ClassVar[tuple[int, ...]] = strengths(True)
    FORMAT = 2  # format 2: the phase of a finished game is "over" (the common name), not "end"

    PUBLIC_FIELDS: ClassVar[tuple[Field, ...]] = (
        ROUND,
        Field("deal_count", "int"),
        DEALER,
        Field("phase", "str"),
        TO_MOVE,
        Field("leader", "int"),
        Field("trick", "cards"),
        Field("tricks", "card_lists"),
        Field("trick_leaders", "ints"),
        Field("trick_winners", "ints"),
        Field("won", "masks"),
        Field("tricks_won", "ints"),
        Field("excuse_owner", "opt_int"),
        Field("excuse_creditor", "opt_int"),
        Field("declared", "json"),
        Field("declare_left", "ints"),
        Field("deal_points", "ints"),
        Field("totals", "ints"),
        Field("rounds", "records"),
    )
    EXTRA_FIELDS: ClassVar[tuple[Field, ...]] = ()
    # What a seat sees: PUBLIC_FIELDS and EXTRA_FIELDS (the declarations as that seat may
    # see them), then what is its own or counted, the legal moves, a game's EXTRA_SHOWN.
    SHOWN: ClassVar[tuple[Shown, ...]] = (
        FINISHED,
        HAND,
        HAND_COUNTS,
        Shown("skart_count", "s.skart.bit_count()"),
        Shown("own_skart", "codes_of(s.skart) if seat == s.dealer else []"),
        Shown("unused_count", "s.unused.bit_count()"),
    )
    EXTRA_SHOWN: ClassVar[tuple[Shown, ...]] = ()
    # Lists with one entry per seat, checked when a state is loaded.
    SEAT_LISTS: ClassVar[tuple[str, ...]] = ("hands", "won", "tricks_won", "deal_points", "totals")
    HIDDEN_FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("hands", "masks"),
        Field("skart", "mask"),
        Field("unused", "mask"),
    )
    MOVE_KINDS: ClassVar[dict[str, tuple[Field, ...]]] = {
        "play": (Field("card", "card"),),
        "discard": (Field("cards", "mask"),),
        "declare": (Field("combo", "str"),),
        "pass_lead": (),
    }

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        cls.FIELDS = cls.PUBLIC_FIELDS + cls.EXTRA_FIELDS + cls.HIDDEN_FIELDS
        public = tuple(_DECLARED if f.name == "declared" else f for f in cls.PUBLIC_FIELDS + cls.EXTRA_FIELDS)
        cls.OBSERVATION = (GAME, SEAT, PLAYERS, OPTIONS, *public, *cls.SHOWN, MOVER_LEGAL, *cls.EXTRA_SHOWN)
        cls.STRENGTH = strengths(cls.RED_PIPS_REVERSED)

    # ------------------------------------------------------------- per game
    def hand_size(self) -> int:
        raise NotImplementedError

    def deals_done(self) -> bool:
        """True when the game is over after the round just scored."""
        raise NotImplementedError

    def score_deal(self) -> JSON:
        """Score the finished deal into ``deal_points``/``totals``; return the summary's details."""
        raise NotImplementedError

    def skart_allowed(self, hand: int) -> list[int]:
        """Every legal skart (mask of SKART cards) for the dealer's hand."""
        return []

    def combos(self, seat: int) -> list[tuple[str, int, int]]:
        """Declarations still open to a seat: (name, cards shown, points)."""
        return []

    def declare_order(self) -> list[int]:
        return []

    def on_declare(self, seat: int, name: str, cards: int, points: int, events: list | None) -> None:
        pass

    def on_trick(self, index: int, leader: int, cards: list[int], winner: int, events: list | None) -> None:
        pass

    def can_deal(self) -> bool:
        """False when the game must end before the next deal (a player cannot ante)."""
        return True

    def before_deal(self, events: list | None) -> None:
        """Called before each deal (the antes)."""

    def after_deal(self, events: list | None) -> bool:
        """Called once the cards are dealt; False when the deal ended already (Death)."""
        return True

    def annul_seats(self) -> list[int]:
        return []

    def ruff_mask(self, led: int) -> int:
        """The cards a player void in the led group must play if he has any."""
        if self.SPADES_TRUMP:
            if led == TRUMP:
                return 0
            if led == SPADES:
                return TRUMPS
            return TRUMPS | SUIT_MASKS[SPADES]
        return 0 if led == TRUMP else TRUMPS

    def unable(self, hand: int) -> int:
        """Playable cards when a player can neither follow nor ruff."""
        return hand

    def restrict(self, seat: int, playable: int, leading: bool) -> int:
        """A game's own limits on the Excuse (Leipzig Taroc)."""
        return playable

    def excuse_leads_trumps(self) -> bool:
        return False

    # ------------------------------------------------------------- new game
    @classmethod
    def new(
        cls, players: int, options: dict[str, Any] | None = None, seed: int = 0,
        deck_order: Sequence[str] | None = None,
    ) -> "TarotState":
        opts = cls.info.resolve(players, options)
        cls.info.check_seed(seed)
        s = cls.__new__(cls)
        s.players = players
        s.options = opts
        s.seed = seed
        s.round_no = 0
        s.deal_count = 0
        s.dealer = players - 1
        s.totals = [0] * players
        s.rounds = []
        s.init_extra()
        s.hands = [0] * players
        s.won = [0] * players
        s.skart = 0
        s.unused = 0
        s._clear_deal()
        s._begin_round(None, deck_order)
        return s

    def init_extra(self) -> None:
        pass

    def _clear_deal(self) -> None:
        n = self.players
        self.phase = "play"
        self.to_move = None
        self.leader = (self.dealer + 1) % n
        self.trick = []
        self.tricks = []
        self.trick_leaders = []
        self.trick_winners = []
        self.won = [0] * n
        self.tricks_won = [0] * n
        self.excuse_owner = None
        self.excuse_creditor = None
        self.declared = []
        self.declare_left = []
        self.skart = 0

    def _begin_round(self, events: list | None, deck_order: Sequence[str] | None = None) -> None:
        self.deal_points = [0] * self.players
        if not self.can_deal():
            self._finish(events)
            return
        if events is not None:
            events.append({"type": "round_start", "round": self.round_no, "dealer": self.dealer})
        self.before_deal(events)
        self._deal(events, deck_order)

    def _deal(self, events: list | None, deck_order: Sequence[str] | None = None) -> None:
        n = self.players
        if deck_order is not None:
            order = parse_deck_order(DECK, deck_order)
        else:
            order = list(range(DECK.size))
            round_rng(self.seed, self.deal_count).shuffle(order)
        self._clear_deal()
        h = self.hand_size()
        hands = [0] * n
        for k in range(n):
            seat = (self.dealer + 1 + k) % n
            m = 0
            for c in order[k : n * h : n]:
                m |= 1 << c
            hands[seat] = m
        pos = n * h
        for c in order[pos : pos + self.SKART]:
            hands[self.dealer] |= 1 << c
        pos += self.SKART
        unused = 0
        for c in order[pos:]:
            unused |= 1 << c
        self.hands = hands
        self.unused = unused
        if events is not None:
            events.append({"type": "deal", "round": self.round_no, "dealer": self.dealer,
                           "hand_counts": [m.bit_count() for m in hands]})
        if not self.after_deal(events):
            return
        self.declare_left = self.annul_seats()
        if self.declare_left:
            self.phase = "annul"
            self.to_move = self.declare_left[0]
            return
        self._to_skart()

    def _to_skart(self) -> None:
        if self.SKART:
            self.phase = "skart"
            self.to_move = self.dealer
            return
        self._to_declare()

    def _to_declare(self) -> None:
        order = [s for s in self.declare_order() if self.combos(s)]
        if order:
            self.phase = "declare"
            self.declare_left = order
            self.to_move = order[0]
            return
        self.declare_left = []
        self.phase = "play"
        self.leader = (self.dealer + 1) % self.players
        self.to_move = self.leader

    # ------------------------------------------------------------- verbs
    def current_player(self) -> int | None:
        return self.to_move

    def led_group(self) -> int | None:
        """The group every later card must follow, or None when the next card is free."""
        trick = self.trick
        if trick and trick[0] == EXCUSE and self.excuse_leads_trumps():
            return TRUMP
        for c in trick:
            if c != EXCUSE:
                return group_of(c)
        return None

    def playable(self, seat: int) -> int:
        hand = self.hands[seat]
        led = self.led_group()
        if led is None:
            m = hand
        else:
            exc = hand & EXC_BIT
            same = hand & GROUP_MASKS[led]
            if same:
                m = same | exc
            else:
                ruff = hand & self.ruff_mask(led)
                m = ruff | exc if ruff else self.unable(hand)
        return self.restrict(seat, m, not self.trick)

    def legal_moves(self) -> list:
        seat = self.to_move
        if seat is None:
            return []
        phase = self.phase
        if phase == "play":
            m = self.playable(seat)
            if m == 0:
                return [("pass_lead",)]
            out = []
            while m:
                low = m & -m
                out.append(PLAY_MOVES[low.bit_length() - 1])
                m ^= low
            return out
        if phase == "skart":
            return [("discard", m) for m in self.skart_allowed(self.hands[seat])]
        if phase == "declare":
            return [("declare", name) for name, _, _ in self.combos(seat)] + [("declare", "none")]
        if phase == "annul":
            return [("declare", "annul"), ("declare", "none")]
        return []

    def is_legal(self, move: Any) -> bool:
        if self.to_move is None or not isinstance(move, tuple) or not move:
            return False
        kind = move[0]
        seat = self.to_move
        if self.phase == "play":
            if kind == "play" and len(move) == 2 and isinstance(move[1], int) and not isinstance(move[1], bool):
                return 0 <= move[1] < DECK.size and bool(self.playable(seat) >> move[1] & 1)
            return move == ("pass_lead",) and self.playable(seat) == 0
        try:
            return move in self.legal_moves()
        except TypeError:
            return False

    def apply(self, move: Any) -> list[JSON]:
        if not self.is_legal(move):
            raise RulesError(f"{self.info.id}: illegal move {self._move_text(move)}: {self.illegal_reason(move)}")
        events: list[JSON] = []
        self.apply_unchecked(move, events)
        return events

    def play_json(self, data: Any) -> list[JSON]:
        move = self.move_from_json(data)
        return self.apply(move)

    def _move_text(self, move: Any) -> str:
        try:
            return repr(self.move_to_json(move))
        except Exception:
            return repr(move)

    # the following rule in words, for refusals (La Rigueur adds spades)
    FOLLOW_RULE: ClassVar[str] = "follow suit, else trump"
    PHASE_KINDS: ClassVar[dict[str, str]] = {"play": "play", "skart": "discard", "declare": "declare",
                                             "annul": "declare (annul or none)"}

    def why_illegal(self, move: Any) -> str:
        shown = self.move_json_text(move)
        if shown is None:
            return f"{self.info.id}: not a move: {move!r}"
        return f"{self.info.id}: illegal move {shown}: {self.illegal_reason(move)}"

    def illegal_reason(self, move: Any) -> str:
        """Why a move is refused, in words (the move is known to be illegal)."""
        if self.to_move is None:
            return "the game is over"
        seat, phase = self.to_move, self.phase
        kind = move[0] if isinstance(move, tuple) and move else None
        expected = self.PHASE_KINDS.get(phase, phase)
        if phase == "play":
            if kind == "pass_lead":
                return "only the Excuse's holder leading the 22nd trick passes the lead (Leipzig Taroc)"
            if kind != "play":
                return f"seat {seat} is to play a card ({expected}), not {kind}"
            card = move[1]
            legal = DECK.codes_of(self.playable(seat))
            if card is None:
                return f"a play names its card; playable: {legal}"
            if not self.hands[seat] >> card & 1:
                return f"{DECK.code(card)} is not in seat {seat}'s hand; playable: {legal}"
            if not legal:
                return f"seat {seat} holds the Excuse at the 22nd trick and must pass the lead (pass_lead)"
            return f"{DECK.code(card)} may not be played here ({self.FOLLOW_RULE}); playable: {legal}"
        if phase == "skart":
            if kind != "discard":
                return f"the dealer (seat {seat}) is to discard {self.SKART} cards, not {kind}"
            cards = move[1]
            if cards.bit_count() != self.SKART:
                return f"the skart is {self.SKART} cards, not {cards.bit_count()}"
            if cards & ~self.hands[seat]:
                return f"{DECK.codes_of(cards & ~self.hands[seat])} not in the dealer's hand"
            return self.skart_refusal(cards)
        if kind != "declare":
            return f"seat {seat} is to answer with {expected}, not {kind}"
        if phase == "annul":
            return "the answer is annul or none"
        return f"seat {seat} does not hold {move[1]!r}; open: {[c[0] for c in self.combos(seat)] + ['none']}"

    def skart_refusal(self, cards: int) -> str:
        return "these cards may not be discarded"

    def apply_unchecked(self, move: tuple, events: list | None = None) -> list | None:
        kind = move[0]
        if kind == "play":
            self._play(move[1], events)
        elif kind == "discard":
            self._discard(move[1], events)
        elif kind == "declare":
            self._declare(move[1], events)
        else:
            self._pass_lead(events)
        return events

    # ------------------------------------------------------------- phases
    def _discard(self, cards: int, events: list | None) -> None:
        d = self.dealer
        self.hands[d] &= ~cards
        self.skart = cards
        if events is not None:
            events.append({"type": "skart", "seat": d, "count": cards.bit_count()})
        self._to_declare()

    def _declare(self, name: str, events: list | None) -> None:
        seat = self.to_move
        if self.phase == "annul":
            self._annul_answer(seat, name == "annul", events)
            return
        if name != "none":
            rounds = len(self.rounds)
            for combo, cards, points in self.combos(seat):
                if combo == name:
                    self.declared.append({"seat": seat, "combo": name, "cards": DECK.codes_of(cards), "points": points})
                    self.on_declare(seat, name, cards, points, events)
                    break
            if len(self.rounds) != rounds:  # the declaration ended the deal (Death)
                return
            if self.combos(seat):
                return  # the same seat may declare more
        self.declare_left = self.declare_left[1:]
        if self.declare_left:
            self.to_move = self.declare_left[0]
            return
        self.phase = "play"
        self.leader = (self.dealer + 1) % self.players
        self.to_move = self.leader

    def _annul_answer(self, seat: int, annul: bool, events: list | None) -> None:
        if annul:
            if events is not None:
                events.append({"type": "redeal", "seat": seat, "round": self.round_no})
            self.deal_count += 1
            self._deal(events)
            return
        self.declare_left = self.declare_left[1:]
        if self.declare_left:
            self.to_move = self.declare_left[0]
        else:
            self._to_skart()

    def _pass_lead(self, events: list | None) -> None:
        seat = self.to_move
        self.leader = (seat + 1) % self.players
        self.to_move = self.leader
        if events is not None:
            events.append({"type": "pass_lead", "seat": seat, "to": self.leader})

    def _play(self, card: int, events: list | None) -> None:
        seat = self.to_move
        self.hands[seat] &= ~(1 << card)
        self.trick.append(card)
        if events is not None:
            events.append({"type": "play", "seat": seat, "card": DECK.code(card)})
        n = self.players
        if len(self.trick) < n:
            self.to_move = (seat + 1) % n
            return
        self._close_trick(events)

    def trick_winner(self, leader: int, cards: Sequence[int]) -> int:
        n = self.players
        led = None
        for c in cards:
            if c != EXCUSE:
                led = group_of(c)
                break
        strength = self.STRENGTH
        best, best_key = leader, -1
        spades = self.SPADES_TRUMP
        for i, c in enumerate(cards):
            if c == EXCUSE:
                continue
            if c < N_TRUMPS:
                key = 200 + strength[c]
            elif spades and c >= SUIT_BASE + RANKS * SPADES:
                key = 100 + strength[c]
            elif group_of(c) == led:
                key = strength[c]
            else:
                continue
            if key > best_key:
                best, best_key = (leader + i) % n, key
        return best

    def _close_trick(self, events: list | None) -> None:
        n = self.players
        cards = self.trick
        leader = self.leader
        winner = self.trick_winner(leader, cards)
        m = 0
        for c in cards:
            m |= 1 << c
        index = len(self.tricks)
        self.tricks.append(cards)
        self.trick_leaders.append(leader)
        self.trick_winners.append(winner)
        self.trick = []
        self.tricks_won[winner] += 1
        if m & EXC_BIT:
            owner = (leader + cards.index(EXCUSE)) % n
            self.won[winner] |= m & ~EXC_BIT
            self.won[owner] |= EXC_BIT
            if self.EXCUSE_SETTLE:
                self.excuse_owner = owner
                self.excuse_creditor = winner
        else:
            self.won[winner] |= m
        if events is not None:
            events.append({"type": "trick_end", "winner": winner, "leader": leader, "cards": [DECK.code(c) for c in cards]})
        if self.excuse_creditor is not None:
            self._settle_excuse(False, events)
        self.on_trick(index, leader, cards, winner, events)
        self.leader = winner
        self.to_move = winner
        if not self.hands[winner]:
            self._end_deal(events)

    def _settle_excuse(self, end: bool, events: list | None) -> None:
        owner, creditor = self.excuse_owner, self.excuse_creditor
        pile = self.won[owner]
        low = pile & LOW
        if low:
            card = low & -low
        elif not end:
            return
        elif pile & ~EXC_BIT:
            rest = pile & ~EXC_BIT
            values = self.card_values()
            card = 1 << min(bits(rest), key=lambda c: (values[c], c))
        elif self.EXCUSE_END == "excuse":
            card = EXC_BIT
        else:
            card = 0
        if card:
            self.won[owner] ^= card
            self.won[creditor] |= card
        self.excuse_creditor = None
        if events is not None:
            events.append({"type": "excuse", "owner": owner, "to": creditor,
                           "card": DECK.code(card.bit_length() - 1) if card else None})

    def card_values(self) -> tuple[int, ...]:
        return (0,) * DECK.size

    def pile(self, seat: int) -> int:
        """The cards a seat counts at the end of the deal (the skart counts for the dealer)."""
        return self.won[seat] | (self.skart if seat == self.dealer else 0)

    def counted_by_threes(self) -> tuple[list[int], list[int], list[int]]:
        """Per seat, its pile counted by threes, and the simple count's honours and sets."""
        values = self.card_values()
        card_points, honours, sets = [], [], []
        for s in range(self.players):
            pile = self.pile(s)
            card_points.append(count_by_threes(pile, values))
            h, k = simple_count(pile, values)
            honours.append(h)
            sets.append(k)
        return card_points, honours, sets

    def _end_deal(self, events: list | None) -> None:
        if self.excuse_creditor is not None:
            self._settle_excuse(True, events)
        details = self.score_deal()
        self._close_round(details, events)

    def _close_round(self, details: JSON, events: list | None) -> None:
        n = self.players
        summary = {
            "round": len(self.rounds) + 1,
            "sides": [[s] for s in range(n)],
            "seats": list(range(n)),  # one seat per side
            "points": list(self.deal_points),
            "totals": list(self.totals),
            "dealer": self.dealer,
            "tricks_won": list(self.tricks_won),
        }
        summary.update(details)
        self.rounds.append(summary)
        if events is not None:
            events.append({"type": "round_end", "summary": summary})
        self.phase = "over"
        self.to_move = None
        if self.deals_done():
            self._finish(events)
            return
        self.round_no += 1
        self.deal_count += 1
        self.dealer = (self.dealer + 1) % n
        self._begin_round(events)

    def _finish(self, events: list | None) -> None:
        self.phase = "over"
        self.to_move = None
        if events is not None:
            events.append({"type": "game_end", "winners": self.winners(), "totals": list(self.totals)})

    # ------------------------------------------------------------- results
    def winners(self) -> list[int]:
        if self.to_move is not None or not self.rounds:
            return []
        best = max(self.totals)
        return [s for s in range(self.players) if self.totals[s] == best]

    def result(self) -> JSON:
        return seat_result(self.to_move is None, self.winners(), list(self.totals), self.rounds)

    def json_extra(self) -> JSON:
        return {"finished": self.to_move is None, "winners": self.winners()}

    def card_locations(self) -> dict[str, int]:
        """Where every card is (the contract's check): hands, cards won, the skart, unused
        cards and the trick in progress, disjoint and the whole deck together."""
        out = {f"hand {s}": m for s, m in enumerate(self.hands)}
        out.update({f"won {s}": m for s, m in enumerate(self.won)})
        out["skart"] = self.skart
        out["unused"] = self.unused
        trick = 0
        for c in self.trick:
            trick |= 1 << c
        out["trick"] = trick
        return out

    def hidden_cards(self, seat: int) -> int:
        """The cards ``seat`` may not see: the other hands (but for declared cards shown), a
        skart it did not make, the unused cards."""
        hidden = self.unused
        for s, m in enumerate(self.hands):
            if s != seat:
                hidden |= m
        if seat != self.dealer:
            hidden |= self.skart
        for d in self.declared_view(seat):
            if d.get("cards"):
                hidden &= ~DECK.mask_of(d["cards"])
        return hidden

    @classmethod
    def upgrade_json(cls, data: JSON, fmt: int) -> JSON:
        if data.get("phase") == "end":
            data["phase"] = "over"
        return data

    def after_load(self) -> None:
        n = self.players
        for name in self.SEAT_LISTS:
            if len(getattr(self, name)) != n:
                raise RulesError(f"{self.info.id} state: {name} must have one entry per seat ({n})")
        if self.phase not in ("annul", "skart", "declare", "play", "over"):
            raise RulesError(f"{self.info.id} state: unknown phase {self.phase!r}")
        if not 0 <= self.dealer < n or not 0 <= self.leader < n:
            raise RulesError(f"{self.info.id} state: dealer and leader must be seats")
        if self.to_move is not None and not 0 <= self.to_move < n:
            raise RulesError(f"{self.info.id} state: to_move must be a seat or null")
        if (self.to_move is None) != (self.phase == "over"):
            raise RulesError(f"{self.info.id} state: to_move is null exactly when the phase is over")
        if len(self.tricks) != len(self.trick_leaders) or len(self.tricks) != len(self.trick_winners):
            raise RulesError(f"{self.info.id} state: tricks, trick_leaders and trick_winners differ in length")
        if len(self.trick) >= n:
            raise RulesError(f"{self.info.id} state: the trick in progress has {len(self.trick)} cards")
        if not all(0 <= s < n for s in self.declare_left):
            raise RulesError(f"{self.info.id} state: declare_left must list seats")
        if self.excuse_owner is not None and not 0 <= self.excuse_owner < n:
            raise RulesError(f"{self.info.id} state: excuse_owner must be a seat or null")
        # A low card owed for the Excuse: both its owner and the trick's winner are seats.
        if self.excuse_creditor is not None and (self.excuse_owner is None or not 0 <= self.excuse_creditor < n):
            raise RulesError(f"{self.info.id} state: excuse_creditor and excuse_owner must be seats when a card is owed")
        self.check_cards_whole()
        if not all(0 <= s < n for s in self.trick_winners + self.trick_leaders):
            raise RulesError(f"{self.info.id} state: trick_leaders and trick_winners must list seats")
        if self.tricks_won != [self.trick_winners.count(s) for s in range(n)]:
            raise RulesError(f"{self.info.id} state: tricks_won does not count the trick_winners")
        # Whose turn it is follows from the phase: the dealer discards, the declarers go in
        # turn, and a trick is played in turn from its leader by hands of one size.
        if self.phase == "skart" and self.to_move != self.dealer:
            raise RulesError(f"{self.info.id} state: the dealer (seat {self.dealer}) discards, not seat {self.to_move}")
        if self.phase in ("declare", "annul") and self.declare_left[:1] != [self.to_move]:
            raise RulesError(f"{self.info.id} state: seat {self.to_move} is not the next to declare ({self.declare_left})")
        if self.phase == "play":  # the trick's cards are played from the leader on, by seat number
            played = [(self.leader + k) % n for k in range(len(self.trick))]
            check_in_turn(range(n), self.leader, played, self.to_move, self.hands, self.info.id)

    # ------------------------------------------------------------- views
    def declared_view(self, seat: int) -> list:
        return self.declared

    # ------------------------------------------------------------- sampling
    def skart_could_hold(self) -> int:
        """The cards the dealer's skart may hold, for the sampler."""
        return DECK.full_mask

    def plays(self):
        """Every card played this deal, trick by trick: (seat, place in the trick, card, the
        trick's cards, the group led before this card, None until a card other than the
        Excuse sets it)."""
        n = self.players
        for cards, leader in [*zip(self.tricks, self.trick_leaders), (self.trick, self.leader)]:
            led = None
            for i, c in enumerate(cards):
                yield (leader + i) % n, i, c, cards, led
                if led is None:
                    if c != EXCUSE:
                        led = group_of(c)
                    elif i == 0 and self.excuse_leads_trumps():
                        led = TRUMP

    def hidden_constraints(self, seat: int) -> tuple[dict[int, int], dict[int, int]]:
        """(allowed, known) for the other seats: cards each may hold given play so far (voids,
        no trumps, no Excuse) and declared cards still in hand."""
        allowed = {x: DECK.full_mask for x in range(self.players) if x != seat}
        for x, _, c, _, led in self.plays():
            if led is None or x == seat or c == EXCUSE:
                continue
            g = group_of(c)
            if g == led:
                continue
            allowed[x] &= ~GROUP_MASKS[led]
            ruff = self.ruff_mask(led)
            if (1 << c) & ruff:
                continue
            allowed[x] &= ~ruff & ~self.excuse_denied_when_unable()
        known: dict[int, int] = {}
        for d in self.declared:
            x = d["seat"]
            if x != seat and d.get("cards"):
                known[x] = known.get(x, 0) | DECK.mask_of(d["cards"])
        return allowed, known

    def excuse_denied_when_unable(self) -> int:
        """Cards a player cannot hold when he discarded (neither followed nor ruffed)."""
        return 0

    def hidden_dealer(self, observation: JSON):
        """The hidden cards (other hands, a skart the seat did not make, unused cards) dealt
        anew for each world, respecting hand sizes, shown voids, refused trumps, declared
        cards and what the skart may hold."""
        obs = observation
        seat = obs["seat"]
        n = self.players
        own = DECK.mask_of(obs["hand"])
        own_skart = DECK.mask_of(obs["own_skart"])
        played = 0
        for m in self.won:
            played |= m
        for c in self.trick:
            played |= 1 << c
        unseen = DECK.full_mask & ~(own | own_skart | played)
        counts = {x: obs["hand_counts"][x] for x in range(n) if x != seat}
        self.hands = [0] * n
        allowed, known = self.hidden_constraints(seat)
        skart_n = obs["skart_count"] if not own_skart else 0
        skart_key = n
        if skart_n:
            counts[skart_key] = skart_n
            allowed[skart_key] = self.skart_could_hold()
        for x in list(known):
            known[x] &= unseen
        groups = [TRUMPS & ~(1 << T01 | 1 << T21), 1 << T01 | 1 << T21, EXC_BIT]
        for m in SUIT_MASKS:
            groups += [m & ROIS, m & ~ROIS]

        def deal(w: "TarotState", rng: random.Random) -> None:
            try:
                dealt = sample_hands(unseen, counts, rng, allowed, known, groups)
            except ValueError:  # a looser world rather than none (the skart's limits are approximated)
                dealt = sample_hands(unseen, counts, rng, None, known, groups)
            w.seed = rng.getrandbits(32)
            w.hands = [own if x == seat else dealt[x] for x in range(n)]
            w.skart = own_skart or (dealt[skart_key] if skart_n else 0)
            w.unused = dealt[-1]

        return deal

    @classmethod
    def move_text(cls, move: tuple) -> str:
        kind = move[0]
        if kind == "play":
            return DECK.code(move[1])
        if kind == "discard":
            return "skart " + " ".join(DECK.codes_of(move[1]))
        if kind == "declare":
            return f"declare {move[1]}"
        return "pass the lead"


def skart_combinations(candidates: int, size: int) -> list[int]:
    """Every mask of ``size`` cards among ``candidates``."""
    singles = [1 << c for c in bits(candidates)]
    if size == 3:
        return [a | b | c for a, b, c in combinations(singles, 3)]
    out = []
    for combo in combinations(singles, size):
        m = 0
        for x in combo:
            m |= x
        out.append(m)
    return out
