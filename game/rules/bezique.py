"""The Bezique family: Bezique, Marjolet, Binage / Cinq Cents, Fildinski and Rubicon.

Rules text: ``docs/rules/dutch_games.txt`` (Dutch; sections "Bezique",
"Marjolet", "Binage / Cinq Cents", "Fildinski", "Rubicon"); rulings on silent or garbled
points: ``docs/rules/RULES-NOTES.md`` ("Bezique family"). The mechanics are written once here
(``BeziqueFamilyState``); each game is a ``Variant`` (data: deck, hand size, its table of
declarations, how many per won trick, from where, its re-use rule, its bonuses, and how
the family's bots and statistics read it) and a small subclass in its own module
(``bezique_game.py``, ``marjolet.py``, ``binage.py``, ``fildinski.py``, ``rubicon.py``)
naming its ``info`` and ``variant``.

Shared mechanics, as the texts give them:

* Piquet cards (32, 64 or 128), trick rank A-10-K-Q-J-9-8-7. Two players. The dealer
  (first one by a cut drawn from the seed, then alternating) deals in packets of 3 and 2
  (8 cards: 3-2-3; 6: 3-3; 9: 3-3-3), the non-dealer first; the next card is turned for
  trumps and lies under the stock (Rubicon: none; the first marriage declared sets trumps).
  A turned 7 scores 10 for the dealer.
* The non-dealer leads. The highest trump wins a trick, else the highest card of the suit
  led; of two identical cards the first played wins. The winner leads the next trick.
* Stage 1, while the stock lasts: any card may be played. After each trick the winner may
  declare (``declare`` moves, ``dix``, then ``skip`` to stop; in Bezique and Binage one
  declaration per won trick, and the Dix besides it, made first: as in the classic rules, the
  exchange may go with a declaration), then draws the top card and the other player the next.
  Declared cards stay in the hand, lie face up (``shown``) and may still be played.
  The last card drawn is the turned trump (or the trump 7 exchanged for it).
* Stage 2, once the stock is empty: declared cards go back into the hand; the follower
  must follow suit and beat the card led when able, else trump when able. No declarations
  (Marjolet: still allowed, from the hand).
* Points come in as they are earned: each ace and ten won in a trick 10 (brisques), each
  trump 7 played 10, declarations, the Dix (a trump 7 from the hand exchanged for the
  turned trump: 10), the last trick (10; Rubicon 50). The game ends the moment a total
  reaches the target (first to reach it wins); Rubicon is a number of deals.

Re-use of a declared card ("the same combination only once", RULES-NOTES): a card is never
declared twice in the same kind of combination, and may be used again in another kind only
as the game allows: Bezique and Rubicon, only in a combination worth as much or more; the
others, in any other kind. Rubicon: a combination one of whose cards has been played may
be completed again with another card and scores again. Fildinski: declarations are made
from the won cards lying face up, each must use a card of the trick just won, and no card
serves in two declarations of the same turn.

Moves (tuples; JSON ``{"kind": ...}``): ``("play", card)``, ``("declare", combination,
cards_mask)``, ``("dix", trump7)``, ``("skip",)``. The draws happen by themselves.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations, product
from typing import Any, ClassVar, Sequence

from game.cards import PIQUET32, PIQUET64, PIQUET128, Deck, bits
from game.rules.base import (
    DEALER, FINISHED, GAME, HAND, HAND_COUNTS, JSON, OPTIONS, PLAYERS, ROUND, SEAT, TO_MOVE, Option,
    RulesError, State, parse_deck_order, round_rng, seat_result,
)
from game.rules.fields import Field, Shown

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUIT_CODES = "CDHS"
R7, R8, R9, RT, RJ, RQ, RK, RA = range(8)  # rank index in the piquet codes 789TJQKA
RANK_STRENGTH = (0, 1, 2, 6, 3, 4, 5, 7)  # trick order A-10-K-Q-J-9-8-7
COURTS = (RJ, RQ, RK)
PARTNER_SUIT = {DIAMONDS: SPADES, SPADES: DIAMONDS, CLUBS: HEARTS, HEARTS: CLUBS}


def face(card: int) -> int:
    """The card without its copy number: suit * 8 + rank."""
    return card & 31


def suit_of(card: int) -> int:
    return (card & 31) >> 3


def rank_of(card: int) -> int:
    return card & 7


def strength(card: int) -> int:
    return RANK_STRENGTH[card & 7]


class DeckMasks:
    """Masks of a piquet deck with 1, 2 or 4 copies: per face, per suit, per rank."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self.copies = deck.size // 32
        self.face = [sum(1 << (f + 32 * k) for k in range(self.copies)) for f in range(32)]
        self.suit = [sum(self.face[s * 8 + r] for r in range(8)) for s in range(4)]
        self.rank = [sum(self.face[s * 8 + r] for s in range(4)) for r in range(8)]
        self.courts = sum(self.rank[r] for r in COURTS)
        self.brisques = self.rank[RA] | self.rank[RT]


MASKS = {d.size: DeckMasks(d) for d in (PIQUET32, PIQUET64, PIQUET128)}


# ---------------------------------------------------------------- declarations as data
@dataclass(frozen=True)
class Combination:
    """One line of a game's table: its id (the JSON ``combination``), what it is, its points.

    ``shape`` is one of:
      ``trump_sequence``   A-10-K-Q-J of trumps
      ``sequence``         A-10-K-Q-J of a suit that is not trumps
      ``four``             any four cards of rank ``rank`` (suits need not differ)
      ``trump_pair``       ``ranks`` (e.g. K, Q) of trumps
      ``pair``             ``ranks`` of one suit that is not trumps (a marriage)
      ``trump_jack_queen`` the trump jack with a queen that is not trumps (the marjolet)
      ``jacks_queens``     ``count`` jacks and ``count`` queens of the bezique pair
      ``carte_blanche``    the whole hand, holding no king, queen or jack
    """

    id: str
    shape: str
    points: int
    rank: int = 0
    ranks: tuple[int, ...] = ()
    count: int = 1


def four(id: str, rank: int, points: int) -> Combination:
    return Combination(id, "four", points, rank=rank)


TRUMP_SEQUENCE = Combination("trump_sequence", "trump_sequence", 250)
FOURS = (four("four_aces", RA, 100), four("four_kings", RK, 80), four("four_queens", RQ, 60), four("four_jacks", RJ, 40))
TRUMP_MARRIAGE = Combination("trump_marriage", "trump_pair", 40, ranks=(RK, RQ))
MARRIAGE = Combination("marriage", "pair", 20, ranks=(RK, RQ))

DIX_POINTS = 10
# Kinds that are one kind for "the same combination only once": in Rubicon a marriage that
# names trumps must not be declared again with the same cards as the trump marriage.
KIND_CLASS = {"trump_marriage": "marriage", "trump_sequence": "sequence"}


@dataclass(frozen=True)
class Variant:
    """What one game of the family is, as data."""

    deck: Deck
    hand_size: int
    packets: tuple[int, ...]
    table: tuple[Combination, ...]
    per_trick: int | None  # declarations per won trick (None: as many as legal)
    source: str  # "hand" or "won" (Fildinski: the won cards lying face up)
    reuse: str  # "higher" (worth as much or more) or "other_kind"
    refill: bool = False  # Rubicon: a combination with a played card may be completed again
    turned_trump: bool = True
    brisques: bool = True  # aces and tens won, trump 7s played: 10 each; the Dix
    declare_in_stage2: bool = False
    last_trick: int = 10
    all_last_tricks: int = 0  # Marjolet: 40 more for winning every stage-2 trick
    last_draw: int = 0  # Marjolet: 10 for the player who draws the last card
    target_option: bool = True  # else a number of deals
    one_use_per_turn: bool = False  # Fildinski: no card in two declarations of the same turn
    # How the family's bots (game/bots/bezique_policy.py) weigh a deal: points per unit of
    # the search's values, and the searching seat's turns a play-out looks ahead while the
    # stock lasts (None: to the end of the deal, where little is hidden)
    search_scale: float = 100.0
    search_horizon: int | None = 6
    chart_top: int = 2000  # the statistics chart's scale: about the most one deal gives


def target_option(default: int, choices: tuple[int, ...]) -> Option:
    return Option("target", choices, default, "the game ends the moment a total reaches this; the first to reach it wins")


def bezique_pair_option(name: str) -> Option:
    """The text's variant of the jack and queen that make the pair (``name``: the game's word for it)."""
    return Option("bezique_pair", ("fixed", "clubs_hearts"), "fixed",
                  f"fixed: {name} is J♦ with Q♠; clubs_hearts: when diamonds or spades are trumps, "
                  "J♣ with Q♥ (the text's variant)")


# ---------------------------------------------------------------- the shared state
class BeziqueFamilyState(State):
    """One state class for the family; a game is a subclass naming its ``info`` and ``variant``."""

    variant: ClassVar[Variant]

    FIELDS = (
        ROUND,
        DEALER,
        TO_MOVE,
        Field("leader", "int"),
        Field("phase", "str"),
        Field("stage", "int"),
        Field("trump_letter", "json", "trump"),
        Field("turned", "card"),
        Field("stock", "cards"),
        Field("hands", "masks"),
        Field("shown", "masks"),
        Field("known", "masks"),
        Field("won", "masks"),
        Field("trick", "cards"),
        Field("tricks", "card_lists"),
        Field("trick_leaders", "ints"),
        Field("trick_winners", "ints"),
        Field("stage_two_from", "opt_int"),
        Field("declarations", "json"),
        Field("turn_used", "mask"),
        Field("turn_count", "int"),
        Field("asking", "ints"),
        Field("blanche", "ints"),
        Field("scores", "ints"),
        Field("breakdown", "json"),
        Field("totals", "ints"),
        Field("rounds", "records"),
        Field("winners", "ints"),
    )
    MOVE_KINDS = {
        "play": (Field("card", "card"),),
        "declare": (Field("combination", "str"), Field("cards", "mask")),
        "dix": (Field("card", "card"),),
        "skip": (),
    }
    OBSERVATION = (
        GAME, SEAT, PLAYERS, OPTIONS,
        ROUND,
        DEALER,
        Field("phase", "str"),
        Field("stage", "int"),
        TO_MOVE,
        FINISHED,
        Field("leader", "int"),
        Shown("trump", "s.trump_code()", read=lambda w, trump: setattr(w, "trump_letter", trump)),
        Field("turned", "card"),
        Shown("stock", "s.stock_count()"),  # the turned trump included: it is drawn last
        HAND,
        HAND_COUNTS,
        Field("shown", "masks"),
        Field("known", "masks"),
        Field("won", "masks"),
        Shown("won_face_up", "s.variant.source == 'won' and s.stage == 1"),
        Field("trick", "cards"),
        Shown("tricks", "s.tricks_json()", read=lambda w, tricks: w.read_tricks(tricks)),
        Field("stage_two_from", "opt_int"),
        Shown("declarations", "[dict(d) for d in s.declarations]",
              read=lambda w, ds: setattr(w, "declarations", [dict(d) for d in ds])),
        Field("turn_used", "mask"),
        Field("turn_count", "int"),
        Field("asking", "ints"),
        Field("blanche", "ints"),
        Field("scores", "ints"),
        Shown("breakdown", "[dict(b) for b in s.breakdown]",
              read=lambda w, bs: setattr(w, "breakdown", [dict(b) for b in bs])),
        Field("totals", "ints"),
        Field("rounds", "records"),
        Field("winners", "ints"),
    )

    # ------------------------------------------------------------ set-up
    @classmethod
    def new(cls, players: int = 2, options: dict[str, Any] | None = None, seed: int = 0,
            deck_order: Sequence[str] | None = None) -> "BeziqueFamilyState":
        opts = cls.info.resolve(players, options)
        cls.info.check_seed(seed)
        if deck_order is not None:
            order = parse_deck_order(cls.info.deck, deck_order)
        else:
            order = None
        s = cls.__new__(cls)
        s.players = players
        s.options = opts
        s.seed = seed
        s.round_no = 0
        s.totals = [0, 0]
        s.rounds = []
        s.winners = []
        s.dealer = round_rng(seed, 0).randrange(2)  # the cut for the first deal
        s._derive()
        s._events = []
        s._start_round(order)
        return s

    def _derive(self) -> None:
        self.m = MASKS[self.info.deck.size]
        self.by_id = {c.id: c for c in self.variant.table}
        self._decl_parsed = None

    def _start_round(self, order: list[int] | None = None) -> None:
        v = self.variant
        deck = self.info.deck
        if order is None:
            order = list(range(deck.size))
            rng = round_rng(self.seed, self.round_no)
            if self.round_no == 0:
                rng.randrange(2)  # the cut drew first
            rng.shuffle(order)
        self.hands = [0, 0]
        pos = 0
        first = 1 - self.dealer
        for packet in v.packets:
            for seat in (first, self.dealer):
                for c in order[pos:pos + packet]:
                    self.hands[seat] |= 1 << c
                pos += packet
        self.turned = None
        self.trump = None
        if v.turned_trump:
            self.turned = order[pos]
            self.trump = suit_of(self.turned)
            pos += 1
        self.stock = list(order[pos:])
        self.shown = [0, 0]
        self.known = [0, 0]
        self.won = [0, 0]
        self.trick = []
        self.tricks = []
        self.trick_leaders = []
        self.trick_winners = []
        self.stage = 1
        self.stage_two_from = None
        self.declarations = []
        self._decl_parsed = None
        self.turn_used = 0
        self.turn_count = 0
        self.asking = []
        self.blanche = [0, 0]
        self.scores = [0, 0]
        self.breakdown = [{}, {}]
        self.leader = first
        self.to_move = first
        self.phase = "play"
        self._emit({"type": "round_start", "round": self.round_no, "dealer": self.dealer,
                    "trump": self.trump_code(), "turned": None if self.turned is None else deck.code(self.turned),
                    "stock": self.stock_count()})
        if self.turned is not None and rank_of(self.turned) == R7:
            self._score(self.dealer, 10, "turned_seven")
            if self.phase == "over":
                return
        if self.by_id.get("carte_blanche"):
            self.asking = [s for s in (first, self.dealer) if not self.hands[s] & self.m.courts]
            self._next_question()

    def _next_question(self) -> None:
        """Carte blanche: ask the seats in ``asking`` in turn, then the leader plays."""
        if self.asking:
            self.phase = "carte_blanche"
            self.to_move = self.asking[0]
        else:
            self.phase = "play"
            self.to_move = self.leader

    # ------------------------------------------------------------ helpers
    @property
    def trump_letter(self) -> str | None:
        """Trumps as written in JSON: a suit letter, or null (Rubicon before a marriage)."""
        return self.trump_code()

    @trump_letter.setter
    def trump_letter(self, value: Any) -> None:
        if value is not None and (not isinstance(value, str) or len(value) != 1 or value not in SUIT_CODES):
            raise RulesError(f"malformed {self.info.id} state: trump must be one of C, D, H, S or null, not {value!r}")
        self.trump = None if value is None else SUIT_CODES.index(value)

    def trump_code(self) -> str | None:
        return None if self.trump is None else SUIT_CODES[self.trump]

    def stock_count(self) -> int:
        return len(self.stock) + (self.turned is not None)

    def _emit(self, event: JSON) -> None:
        self._events.append(event)

    def _score(self, seat: int, points: int, reason: str, last_trick: bool = False) -> None:
        """Points earned now; reaching the target ends the game at once (the deal is complete
        only when that happens with the last trick's own points, ``last_trick``)."""
        if self.phase == "over" or not points:
            return
        self.scores[seat] += points
        self.totals[seat] += points
        self.breakdown[seat][reason] = self.breakdown[seat].get(reason, 0) + points
        self._emit({"type": "score", "seat": seat, "points": points, "reason": reason,
                    "total": self.totals[seat]})
        if self.variant.target_option and self.totals[seat] >= self.options["target"]:
            # The first to reach the target wins, at once.
            self.winners = [seat]
            self._end_round(complete=last_trick)

    def _parsed(self) -> list[tuple[int, str, int, int]]:
        if self._decl_parsed is None:
            mask_of = self.info.deck.mask_of
            self._decl_parsed = [(d["seat"], d["combination"], mask_of(d["cards"]), d["points"])
                                 for d in self.declarations]
        return self._decl_parsed

    def source(self, seat: int) -> int:
        """Where the seat's declarations come from."""
        return self.won[seat] if self.variant.source == "won" else self.hands[seat]

    def bezique_faces(self, count: int = 1) -> list[tuple[int, int, int | None]]:
        """(jack face, queen face, trump it sets or None) of the bezique pair now."""
        opt = self.options.get("bezique_pair", "fixed")
        t = self.trump
        if opt == "clubs_hearts" and t in (DIAMONDS, SPADES):
            return [(CLUBS * 8 + RJ, HEARTS * 8 + RQ, None)]
        if opt == "trump_queen":
            if t is not None:
                return [(PARTNER_SUIT[t] * 8 + RJ, t * 8 + RQ, None)]
            return [(PARTNER_SUIT[s] * 8 + RJ, s * 8 + RQ, s) for s in range(4)]
        return [(DIAMONDS * 8 + RJ, SPADES * 8 + RQ, None)]

    def marriage_ranks(self, combo: Combination) -> tuple[int, ...]:
        if combo.shape == "pair" and combo.id == "marriage" and self.options.get("marriage") == "jack_queen":
            return (RJ, RQ)
        return combo.ranks

    # ------------------------------------------------------------ declarations
    def candidates(self, combo: Combination, src: int, need: int = 0) -> list[int]:
        """Every set of cards of ``src`` forming ``combo`` now (re-use rules not applied);
        with ``need``, only those holding one of its cards (Fildinski: the trick just won)."""
        fm = self.m.face
        t = self.trump

        def choose(faces_counts: list[tuple[int, int]]) -> list[int]:
            if need and not any(need & fm[f] for f, _ in faces_counts):
                return []
            options = []
            for f, n in faces_counts:
                avail = list(bits(src & fm[f]))
                if len(avail) < n:
                    return []
                options.append([sum(1 << c for c in cs) for cs in combinations(avail, n)])
            return [sum(parts) for parts in product(*options)]

        shape = combo.shape
        if shape == "trump_sequence":
            if t is None:
                return []
            return choose([(t * 8 + r, 1) for r in (RA, RT, RK, RQ, RJ)])
        if shape == "sequence":
            out = []
            for s in range(4):
                if s != t:
                    out += choose([(s * 8 + r, 1) for r in (RA, RT, RK, RQ, RJ)])
            return out
        if shape == "four":
            cards = list(bits(src & self.m.rank[combo.rank]))
            return [sum(1 << c for c in cs) for cs in combinations(cards, 4)]
        if shape == "trump_pair":
            if t is None:
                return []
            return choose([(t * 8 + r, 1) for r in combo.ranks])
        if shape == "pair":
            ranks = self.marriage_ranks(combo)
            out = []
            for s in range(4):
                if s != t:
                    out += choose([(s * 8 + r, 1) for r in ranks])
            return out
        if shape == "trump_jack_queen":
            if t is None:
                return []
            out = []
            for s in range(4):
                if s != t:
                    out += choose([(t * 8 + RJ, 1), (s * 8 + RQ, 1)])
            return out
        if shape == "jacks_queens":
            out = []
            for jack, queen, _ in self.bezique_faces():
                out += choose([(jack, combo.count), (queen, combo.count)])
            return out
        if shape == "carte_blanche":
            return []  # asked for on its own, before the first lead
        raise AssertionError(shape)

    def reuse_ok(self, seat: int, combo: Combination, cards: int) -> bool:
        """The text's rule on cards already declared (see the module text)."""
        v = self.variant
        source = self.source(seat)
        for s, kind, mask, points in self._parsed():
            if s != seat or not mask & cards or kind in ("carte_blanche", "dix"):
                continue
            if KIND_CLASS.get(kind, kind) == KIND_CLASS.get(combo.id, combo.id):
                if v.refill and mask & ~source:
                    continue  # one of its cards was played: completing it again scores again
                return False
            if v.reuse == "higher" and combo.points < points:
                return False
        return True

    def legal_declarations(self, seat: int) -> list[tuple[str, int]]:
        src = self.source(seat)
        need = 0
        if self.variant.source == "won" and self.tricks:
            need = sum(1 << c for c in self.tricks[-1])
        out = []
        for combo in self.variant.table:
            if need and combo.shape == "four" and not need & self.m.rank[combo.rank]:
                continue
            for cards in self.candidates(combo, src, need):
                if cards & self.turn_used and self.variant.one_use_per_turn:
                    continue
                if need and not cards & need:
                    continue
                if self.reuse_ok(seat, combo, cards):
                    out.append((combo.id, cards))
        return out

    def dix_cards(self, seat: int) -> list[int]:
        if not self.variant.brisques or self.turned is None or rank_of(self.turned) == R7:
            return []
        return list(bits(self.hands[seat] & self.m.face[self.trump * 8 + R7]))

    # ------------------------------------------------------------ verbs
    def current_player(self) -> int | None:
        return self.to_move

    def legal_cards(self) -> int:
        seat = self.to_move
        hand = self.hands[seat]
        if self.stage == 1 or not self.trick:
            return hand
        led = self.trick[0]
        same = hand & self.m.suit[suit_of(led)]
        if same:
            higher = sum(1 << c for c in bits(same) if strength(c) > strength(led))
            return higher or same
        if self.trump is not None and hand & self.m.suit[self.trump]:
            return hand & self.m.suit[self.trump]
        return hand

    def legal_moves(self) -> list:
        seat = self.to_move
        if seat is None:
            return []
        if self.phase == "play":
            return [("play", c) for c in bits(self.legal_cards())]
        if self.phase == "carte_blanche":
            return [("declare", "carte_blanche", self.hands[seat]), ("skip",)]
        moves: list = [("declare", k, cards) for k, cards in self.legal_declarations(seat)]
        moves += [("dix", c) for c in self.dix_cards(seat)]
        moves.append(("skip",))
        return moves

    def apply(self, move: Any) -> list[JSON]:
        if not isinstance(move, tuple) or move not in self.legal_moves():
            try:
                shown = self.move_to_json(move)
            except Exception:
                shown = repr(move)
            raise RulesError(f"{self.info.id}: illegal move {shown}; it is {self.phase} for seat {self.to_move}")
        return self.apply_unchecked(move)

    def apply_unchecked(self, move: tuple) -> list[JSON]:
        """Apply a move known to be legal (the expert's rollouts); returns its events."""
        self._events = []
        kind = move[0]
        seat = self.to_move
        if kind == "play":
            self._play(seat, move[1])
        elif kind == "declare":
            self._declare(seat, move[1], move[2])
        elif kind == "dix":
            self._dix(seat, move[1])
        else:
            self._skip(seat)
        return self._events

    # ------------------------------------------------------------ play
    def _play(self, seat: int, card: int) -> None:
        v = self.variant
        bit = 1 << card
        self.hands[seat] &= ~bit
        self.shown[seat] &= ~bit
        self.known[seat] &= ~bit
        self.trick.append(card)
        self._emit({"type": "play", "seat": seat, "card": self.info.deck.code(card)})
        if v.brisques and self.trump is not None and face(card) == self.trump * 8 + R7:
            self._score(seat, 10, "trump_seven")
            if self.phase == "over":
                return
        if len(self.trick) < 2:
            self.to_move = 1 - seat
            return
        lead, follow = self.trick
        winner = self.leader if self.beats(lead, follow) else 1 - self.leader
        cards = bit | 1 << lead
        self.won[winner] |= cards
        self.tricks.append(list(self.trick))
        self.trick_leaders.append(self.leader)
        self.trick_winners.append(winner)
        self.trick = []
        brisques = (cards & self.m.brisques).bit_count() * 10 if v.brisques else 0
        code = self.info.deck.code
        self._emit({"type": "trick_end", "winner": winner, "leader": self.leader, "cards": [code(lead), code(follow)],
                    "brisques": brisques, "trick": len(self.tricks) - 1})
        self._score(winner, brisques, "brisques")
        if self.phase == "over":
            return
        self.leader = winner
        self.to_move = winner
        self.turn_used = 0
        self.turn_count = 0
        if not self.hands[winner]:
            self._last_trick(winner)
            return
        if self.stage == 1 or v.declare_in_stage2:
            self.phase = "declare"
        else:
            self.phase = "play"

    def beats(self, lead: int, follow: int) -> bool:
        """True when the card led keeps the trick against the card that followed."""
        ls, fs = suit_of(lead), suit_of(follow)
        if fs == ls:
            return strength(follow) <= strength(lead)  # identical cards: the first played wins
        return fs != self.trump

    def _last_trick(self, winner: int) -> None:
        v = self.variant
        self._score(winner, v.last_trick, "last_trick", last_trick=True)
        if v.all_last_tricks and self.stage_two_from is not None:
            if all(w == winner for w in self.trick_winners[self.stage_two_from:]):
                self._score(winner, v.all_last_tricks, "all_last_tricks", last_trick=True)
        if self.phase != "over":
            self._end_round(complete=True)

    # ------------------------------------------------------------ declarations
    def _declare(self, seat: int, kind: str, cards: int) -> None:
        combo = self.by_id[kind]
        deck = self.info.deck
        event = {"type": "declare", "seat": seat, "combination": kind, "cards": deck.codes_of(cards),
                 "points": combo.points}
        if self.phase == "carte_blanche":
            self.blanche[seat] += 1
            self.asking.pop(0)
            self.known[seat] |= cards
        else:
            self.turn_used |= cards
            self.turn_count += 1
            if self.variant.source == "hand":
                self.known[seat] |= cards
                if self.stage == 1:
                    self.shown[seat] |= cards
            if self.trump is None and combo.shape in ("pair", "jacks_queens"):
                # Rubicon: the first marriage (or, in the variant, bezique) names trumps.
                sets = None
                if combo.shape == "pair":
                    sets = suit_of(bits(cards)[0])
                else:
                    sets = next((t for j, q, t in self.bezique_faces() if cards & self.m.face[q]), None)
                if sets is not None:
                    self.trump = sets
                    event["trump"] = SUIT_CODES[sets]
        self.declarations.append({"seat": seat, "combination": kind, "cards": deck.codes_of(cards),
                                  "points": combo.points, "trick": len(self.tricks)})
        self._decl_parsed = None
        self._emit(event)
        self._score(seat, combo.points, "carte_blanche" if kind == "carte_blanche" else "declarations")
        if self.phase == "over":
            return
        if self.phase == "carte_blanche":
            self._next_question()
        elif self.variant.per_trick is not None and self.turn_count >= self.variant.per_trick:
            self._end_declaring()

    def _dix(self, seat: int, seven: int) -> None:
        turned = self.turned
        self.hands[seat] = self.hands[seat] & ~(1 << seven) | 1 << turned
        self.known[seat] = self.known[seat] & ~(1 << seven) | 1 << turned
        self.turned = seven
        self.declarations.append({"seat": seat, "combination": "dix", "cards": [self.info.deck.code(seven)],
                                  "points": DIX_POINTS, "trick": len(self.tricks)})
        self._decl_parsed = None
        self._emit({"type": "dix", "seat": seat, "card": self.info.deck.code(seven),
                    "taken": self.info.deck.code(turned), "points": DIX_POINTS})
        self._score(seat, DIX_POINTS, "dix")

    def _skip(self, seat: int) -> None:
        if self.phase == "carte_blanche":
            self.asking.pop(0)
            self._next_question()
            return
        self._end_declaring()

    def _end_declaring(self) -> None:
        self.turn_used = 0
        self.turn_count = 0
        if self.stage == 1:
            self._draw()
        else:
            self.phase = "play"
            self.to_move = self.leader

    def _draw(self) -> None:
        winner = self.leader
        deck = self.info.deck
        drawn = [0, 0]
        for seat in (winner, 1 - winner):
            if self.stock:
                card = self.stock.pop(0)
                self._emit({"type": "draw", "seat": seat, "stock": self.stock_count()})
            else:
                card = self.turned
                self.turned = None
                self.known[seat] |= 1 << card
                self._emit({"type": "draw", "seat": seat, "card": deck.code(card), "stock": 0})
            self.hands[seat] |= 1 << card
            drawn[seat] = card
        if not self.stock_count():
            self.stage = 2
            self.stage_two_from = len(self.tricks)
            self.shown = [0, 0]
            self._emit({"type": "stage_two", "leader": winner})
            if self.variant.last_draw:
                drawer = winner if self.options.get("last_draw") == "trick_winner" else 1 - winner
                self._score(drawer, self.variant.last_draw, "last_draw")
                if self.phase == "over":
                    return
        self.phase = "play"
        self.to_move = winner
        if self.options.get("carte_blanche_repeat") and self.stage == 1:
            self.asking = [s for s in (winner, 1 - winner)
                           if self.blanche[s] and not self.hands[s] & self.m.courts
                           and not (1 << drawn[s]) & self.m.courts]
            self._next_question()

    # ------------------------------------------------------------ round and game end
    def _end_round(self, complete: bool) -> None:
        summary = {
            "round": self.round_no,
            "sides": [[0], [1]],
            "points": list(self.scores),
            "totals": list(self.totals),
            "dealer": self.dealer,
            "trump": self.trump_code(),
            "complete": complete,
            "breakdown": [dict(b) for b in self.breakdown],
            "declarations": [[d["combination"] for d in self.declarations if d["seat"] == s] for s in (0, 1)],
            "tricks": [self.trick_winners.count(s) for s in (0, 1)],
        }
        self.rounds.append(summary)
        self._emit({"type": "round_end", "summary": summary})
        over = bool(self.winners)
        if not over and not self.variant.target_option and len(self.rounds) >= self.options["deals"]:
            best = max(self.totals)
            self.winners = [s for s in (0, 1) if self.totals[s] == best]
            over = True
        if over:
            self.phase = "over"
            self.to_move = None
            self._emit({"type": "game_end", "winners": list(self.winners), "totals": list(self.totals)})
            return
        self.round_no += 1
        self.dealer = 1 - self.dealer
        self._start_round()

    def result(self) -> JSON:
        return seat_result(self.to_move is None, list(self.winners), list(self.totals), self.rounds)

    # ------------------------------------------------------------ views
    def tricks_json(self) -> list[JSON]:
        """The tricks of the deal as the observation shows them."""
        code = self.info.deck.code
        return [{"leader": lead, "cards": [code(c) for c in t], "winner": w}
                for lead, t, w in zip(self.trick_leaders, self.tricks, self.trick_winners)]

    def read_tricks(self, tricks: list[JSON]) -> None:
        card = self.info.deck.card
        self.tricks = [[card(c) for c in t["cards"]] for t in tricks]
        self.trick_leaders = [t["leader"] for t in tricks]
        self.trick_winners = [t["winner"] for t in tricks]

    def card_locations(self) -> dict[str, int]:
        """Every card's place: hands (declared cards included), the stock, the turned trump,
        the trick in progress and the cards won (Fildinski's face-up piles; else the tricks)."""
        return {
            "hand 0": self.hands[0],
            "hand 1": self.hands[1],
            "stock": sum(1 << c for c in self.stock),
            "turned": 0 if self.turned is None else 1 << self.turned,
            "trick": sum(1 << c for c in self.trick),
            "won 0": self.won[0],
            "won 1": self.won[1],
        }

    def hidden_cards(self, seat: int) -> int:
        """The stock and the other hand, except its cards known to all (declared, drawn face up)."""
        other = 1 - seat
        return sum(1 << c for c in self.stock) | (self.hands[other] & ~self.known[other])

    def json_extra(self) -> JSON:
        return {"finished": self.to_move is None}

    @classmethod
    def move_text(cls, move: Any) -> str:
        kind = move[0]
        deck = cls.info.deck
        if kind == "play":
            return deck.code(move[1])
        if kind == "declare":
            return f"{move[1]} " + " ".join(deck.codes_of(move[2]))
        if kind == "dix":
            return "dix " + deck.code(move[1])
        return "skip"

    # ------------------------------------------------------------ loading
    def after_load(self) -> None:
        self._derive()
        self._events = []
        where = f"malformed {self.info.id} state"
        if self.players != 2:
            raise RulesError(f"{where}: 2 players")
        for name in ("hands", "shown", "known", "won", "scores", "totals", "blanche"):
            if len(getattr(self, name)) != 2:
                raise RulesError(f"{where}: {name} must have one entry per seat")
        if self.phase not in ("play", "declare", "carte_blanche", "over") or self.stage not in (1, 2):
            raise RulesError(f"{where}: bad phase {self.phase!r} or stage {self.stage!r}")
        if (self.to_move is None) != (self.phase == "over") or self.dealer not in (0, 1) or self.leader not in (0, 1):
            raise RulesError(f"{where}: seat to move, dealer or leader out of range")
        if self.to_move is not None and self.to_move not in (0, 1):
            raise RulesError(f"{where}: seat to move out of range")
        if self.turned is not None and self.trump != suit_of(self.turned):
            raise RulesError(f"{where}: trump must be the turned card's suit")
        if self.stage == 2 and self.stock:
            raise RulesError(f"{where}: stage 2 begins once the stock is drawn")
        if self.phase != "over" and self.stage == 1 and not self.stock:
            raise RulesError(f"{where}: stage 1 lasts while the stock lasts; with the stock drawn it is stage 2")
        if self.variant.turned_trump and self.trump is None:
            raise RulesError(f"{where}: a card is turned for trumps, so trumps are known from the deal on")
        if not self.variant.turned_trump and self.turned is not None:
            raise RulesError(f"{where}: no card is turned for trumps in {self.info.id}")
        if self.stage == 2 and self.turned is not None:
            raise RulesError(f"{where}: the turned card is the last card drawn, so it is gone in stage 2")
        if self.stage == 2 and self.phase == "declare" and not self.variant.declare_in_stage2:
            raise RulesError(f"{where}: no declarations in stage 2")
        if not (len(self.tricks) == len(self.trick_leaders) == len(self.trick_winners)):
            raise RulesError(f"{where}: tricks, trick_leaders and trick_winners differ in length")
        # The leader leads, the other plays second; the trick's winner declares and leads next.
        if self.phase in ("play", "declare") and self.to_move != (1 - self.leader if self.trick else self.leader):
            raise RulesError(f"{where}: seat {self.to_move} cannot be to {self.phase} when seat {self.leader} leads"
                             f" and the trick holds {len(self.trick)} card(s)")
        # A game can end inside a trick (a trump 7 played reaches the target): both its
        # cards then stay in the trick of the finished state.
        if any(len(t) != 2 for t in self.tricks) or len(self.trick) > (2 if self.phase == "over" else 1):
            raise RulesError(f"{where}: a trick holds two cards")
        if not isinstance(self.declarations, list) or not isinstance(self.rounds, list) \
                or not isinstance(self.breakdown, list) or len(self.breakdown) != 2:
            raise RulesError(f"{where}: declarations, breakdown or rounds malformed")
        for b in self.breakdown:  # points by source, per seat: {"declarations": 40, ...}
            if not isinstance(b, dict) or not all(isinstance(k, str) and type(v) is int for k, v in b.items()):
                raise RulesError(f"{where}: breakdown must hold, per seat, points (whole numbers) by source, not {b!r}")
        known_kinds = set(self.by_id) | {"dix"}
        try:
            for d in self.declarations:
                if d["seat"] not in (0, 1) or d["combination"] not in known_kinds or not isinstance(d["points"], int):
                    raise RulesError(f"{where}: bad declaration {d!r}")
                self.info.deck.mask_of(d["cards"])
        except (KeyError, TypeError, ValueError) as e:
            if isinstance(e, RulesError):
                raise
            raise RulesError(f"{where}: bad declaration: {e}") from None
        for s in (0, 1):
            if self.shown[s] & ~self.hands[s] or self.known[s] & ~self.hands[s]:
                raise RulesError(f"{where}: shown or known cards not in the hand of seat {s}")
        played = sum(1 << c for t in self.tricks for c in t)
        if self.won[0] | self.won[1] != played or self.won[0] & self.won[1]:
            raise RulesError(f"{where}: won cards differ from the cards of the tricks")
        self.check_cards_whole()
        if self.phase != "over":
            # Both draw after every trick: the hands are one size, but for the card led.
            sizes = [h.bit_count() for h in self.hands]
            led = self.leader if self.trick and self.phase == "play" else None
            if any(sizes[s] != max(sizes) - (s == led) for s in (0, 1)) or max(sizes) < 1:
                raise RulesError(f"{where}: hands of {sizes} cards cannot be, with {len(self.trick)} card(s) led")

    # ------------------------------------------------------------ sampling (the expert)
    def after_observation(self, observation: JSON) -> None:
        self._derive()
        self._events = []

    def hidden_dealer(self, observation: JSON):
        """The opponent's hidden cards and the stock order, dealt at random from the cards
        the seat has not seen (cards declared, shown or drawn face up stay where they are
        known to be)."""
        deck = self.info.deck
        seat = observation["seat"]
        other = 1 - seat
        own = deck.mask_of(observation["hand"])
        played = sum(1 << c for t in self.tricks for c in t) | sum(1 << c for c in self.trick)
        opp_known = self.known[other]
        unseen = deck.full_mask & ~(own | played | opp_known | (0 if self.turned is None else 1 << self.turned))
        cards = list(bits(unseen))
        need = observation["hand_counts"][other] - opp_known.bit_count()

        def deal(w: "BeziqueFamilyState", rng: random.Random) -> None:
            w.seed = rng.getrandbits(32)
            dealt = list(cards)
            rng.shuffle(dealt)
            w.hands = [0, 0]
            w.hands[seat] = own
            w.hands[other] = opp_known | sum(1 << c for c in dealt[:need])
            w.stock = dealt[need:]

        return deal

    def copy_nested(self, copy: "BeziqueFamilyState") -> None:
        # (``fast_copy`` and the sampler's worlds) finished tricks, declarations and round
        # summaries are never changed once recorded, so they are shared
        copy.breakdown = [dict(b) for b in self.breakdown]  # points by source: changed in place
        copy.options = dict(self.options)
