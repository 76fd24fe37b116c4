"""Olsen: Danish Hearts for 3 to 5 players; avoid the hearts and the queen of spades.

Rules text: ``docs/rules/olsen.txt`` (French); decisions on silent points:
``docs/rules/RULES-NOTES.md``. What this module implements:

* 52 cards, no trumps, aces high. 3 players: the 2 of diamonds is removed (17 cards
  each); 5 players: the 2 of diamonds and the 2 of clubs (10 each). Removed cards are
  set aside face down; which ones they are is public (fixed by the player count).
* The deal passes clockwise (seat + 1) each hand; cards are dealt one at a time from the
  player after the dealer. The first dealer is the last seat, so seat 0 gets the first card.
* Option ``pass3``: before play, every player passes 3 cards face down to the left
  (the next seat). Choices are made in turn from the player after the dealer and are
  hidden until the last player has chosen; then all are exchanged at once.
* The holder of the 2 of clubs (3 of clubs when the 2 is removed) leads it to the first
  trick. Players must follow suit; a void player may play any card, except that on the
  first trick no heart and not the queen of spades may be played unless the hand holds
  nothing else. Option ``first_trick_penalties`` lifts that restriction ("Certains groupes
  autorisent les cartes pénalités au premier pli", the text's common variants). The
  highest card of the suit led wins; the winner leads next.
* Hearts are broken once a heart has been discarded on a trick led in another suit
  (the text's definition, taken literally: neither Q♠ nor a heart led by necessity breaks
  them). Option ``any_heart_breaks``: any heart played breaks them, as most Hearts players
  expect. A heart may not be led before, unless the leader holds only hearts.
* Penalties: each heart 1, Q♠ 13. A player who takes all 13 hearts and Q♠ scores 0 and
  every other player 26. Option ``jack_diamonds``: the taker of J♦ scores -10 (applied
  on top of everything else, taking all penalties included).
* End: after the hand in which a total reaches ``target`` (100), or after ``deals`` hands
  when that option is not 0. Lowest total wins. Players tied for lowest play extra hands
  among themselves only (deck reduced for their count; 2 players keep all 52 cards, 26
  each) until one has strictly fewer penalties in such a hand; tie-break hands decide the
  winner and do not change the game totals (they are listed in ``rounds``).

Moves: a card play is the card (an int); in JSON ``{"kind": "play", "card": "QS"}``. A
pass is ``("pass", mask)``; in JSON ``{"kind": "pass", "cards": ["QS", "AH", "2D"]}``
(exactly 3 cards of the hand). The kind-less forms ``{"card": ...}`` and ``{"pass": [...]}``
are still accepted.

Events from ``apply``: ``round_start`` (a hand: seats, tiebreak), ``pass_chosen`` (seat),
``pass_exchange``, ``play`` (seat, card), ``trick_end`` (winner, cards, points),
``round_end`` (summary) and ``game_end`` (winners).
"""
from __future__ import annotations

from itertools import combinations
from typing import Any, Sequence

from game.cards import FRENCH52, bits
from game.rules.base import (
    DEALER, FINISHED, GAME, HAND, HAND_COUNTS, JSON, OPTIONS, PLAYERS, ROUND, SEAT, TO_MOVE, GameInfo, Option,
    RulesError, State, parse_deck_order, round_rng,
)
from game.rules.fields import Field, Shown
from game.rules.tricks import TRICK_FIELDS, SuitedDeck, TrickFields, TrickRecord, follow_suit, highest_of_led, sample_hands

DECK = FRENCH52
RANKS = 13
CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUITED = SuitedDeck(DECK, RANKS, 4)
SUIT_MASKS = SUITED.suit_masks
HEART_MASK = SUIT_MASKS[HEARTS]
QS = DECK.card("QS")
JD = DECK.card("JD")
TWO_CLUBS = DECK.card("2C")
THREE_CLUBS = DECK.card("3C")
TWO_DIAMONDS = DECK.card("2D")
PENALTY_MASK = HEART_MASK | 1 << QS
# Aces high: code order within a suit is A,2..K, so the ace gets the top strength.
STRENGTH = tuple((c % RANKS - 1) % RANKS for c in range(DECK.size))
ALL_PENALTIES = 26
PASS_COUNT = 3

INFO = GameInfo(
    id="olsen",
    name="Olsen",
    min_players=3,
    max_players=5,
    deck=DECK,
    options=(
        Option("pass3", (False, True), False, "pass 3 cards face down to the left before each hand"),
        Option("jack_diamonds", (False, True), False, "the jack of diamonds counts -10 for its taker"),
        Option("target", (100, 50, 150), 100, "the game ends after the hand in which a total reaches this"),
        Option(
            "deals",
            (0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 12, 15, 16, 20),
            0,
            "0: play to the target; otherwise play exactly this many hands",
        ),
        Option("first_trick_penalties", (False, True), False, "hearts and the queen of spades may be played on the first trick"),
        Option("any_heart_breaks", (False, True), False, "any heart played breaks hearts (not only one discarded)"),
    ),
    teams="none",
    description="Danish Hearts: avoid hearts (1 each) and the queen of spades (13).",
    extra={"lower_wins": True},
)


def removed_for(count: int) -> int:
    """Cards set aside so the deck divides evenly among ``count`` players."""
    if count == 3:
        return 1 << TWO_DIAMONDS
    if count == 5:
        return 1 << TWO_DIAMONDS | 1 << TWO_CLUBS
    return 0


def lead_card_for(removed: int) -> int:
    return THREE_CLUBS if removed >> TWO_CLUBS & 1 else TWO_CLUBS


def olsen_legal_mask(
    hand: int, plays: list, first_trick: bool, hearts_broken: bool, lead_card: int, first_trick_penalties: bool = False,
) -> int:
    """The cards of ``hand`` that may be played now (a mask)."""
    if not plays:
        if first_trick:
            return hand & (1 << lead_card)
        if not hearts_broken and hand & ~HEART_MASK:
            return hand & ~HEART_MASK
        return hand
    led = SUITED.suit_mask_of(plays[0][1])
    legal = follow_suit(hand, led)
    if first_trick and not legal & led and not first_trick_penalties:
        clean = legal & ~PENALTY_MASK
        if clean:
            legal = clean
    return legal


def hand_points(taken: Sequence[int], jack_diamonds: bool) -> tuple[list[int], list[int], int | None]:
    """(raw penalties, points scored, seat that took all penalties or None) for one hand."""
    raw = [(t & HEART_MASK).bit_count() + (13 if t >> QS & 1 else 0) for t in taken]
    moon = None
    for s, t in enumerate(taken):
        if t & PENALTY_MASK == PENALTY_MASK:
            moon = s
    if moon is None:
        points = list(raw)
    else:
        points = [0 if s == moon else ALL_PENALTIES for s in range(len(taken))]
    if jack_diamonds:
        for s, t in enumerate(taken):
            if t >> JD & 1:
                points[s] -= 10
    return raw, points, moon


class OlsenState(TrickFields, State):
    info = INFO
    FORMAT = 2
    FIELDS = (
        ROUND,
        Field("hands_played", "int"),
        DEALER,
        Field("seats", "ints"),
        Field("tiebreak", "bool"),
        Field("phase", "json"),
        TO_MOVE,
        Field("hands", "masks"),
        Field("pass_masks", "masks", "passes"),
        Field("passed", "masks"),
        Field("received", "masks"),
        *TRICK_FIELDS,
        Field("taken", "masks"),
        Field("tricks_won", "ints"),
        Field("voids", "ints"),
        Field("hearts_broken", "bool"),
        Field("totals", "ints"),
        Field("rounds", "records"),
        Field("winners", "ints"),
    )
    MOVE_KINDS = {"play": (Field("card", "card"),), "pass": (Field("cards", "mask"),)}
    RULE_CARD_KEYS = ("lead_card",)
    OBSERVATION = (
        GAME, SEAT, PLAYERS, OPTIONS,
        ROUND,
        Field("hands_played", "int"),
        DEALER,
        Field("seats", "ints"),
        Field("tiebreak", "bool"),
        Shown("phase", "s.phase or 'over'", read=lambda w, phase: setattr(w, "phase", None if phase == "over" else phase)),
        TO_MOVE,
        FINISHED,
        Field("removed", "mask"),
        Field("lead_card", "card"),
        HAND,
        HAND_COUNTS,
        # Whether each seat has chosen its pass (the cards stay hidden until the exchange),
        # the seat's own pass, and what it passed and received once exchanged.
        Shown("pass_chosen", "[p is not None for p in s.passes]"),
        Shown("my_pass", "None if s.passes[seat] is None else codes_of(s.passes[seat])"),
        Shown("passed", "codes_of(s.passed[seat])"),
        Shown("received", "codes_of(s.received[seat])"),
        *TRICK_FIELDS,
        Field("tricks_won", "ints"),
        Shown("penalty_cards", "[codes_of(t & s.scoring_mask()) for t in s.taken]"),
        # The suits each seat has shown out of this hand (a bitmask of suits in the state).
        Shown("voids", "[[x for x in range(4) if v >> x & 1] for v in s.voids]",
              read=lambda w, voids: setattr(w, "voids", [sum(1 << x for x in v) for v in voids])),
        Field("hearts_broken", "bool"),
        Field("totals", "ints"),
        Field("rounds", "records"),
        Field("winners", "ints"),
    )

    # ----------------------------------------------------------------- set-up
    @classmethod
    def new(
        cls, players: int, options: dict[str, Any] | None = None, seed: int = 0, deck_order: Sequence[str] | None = None
    ) -> "OlsenState":
        opts = INFO.resolve(players, options)
        INFO.check_seed(seed)
        s = cls.__new__(cls)
        s.players = players
        s.options = opts
        s.seed = seed
        s.round_no = 0
        s.hands_played = 0
        s.dealer = players - 1
        s.totals = [0] * players
        s.rounds = []
        s.winners = []
        s.tiebreak = False
        s.seats = list(range(players))
        s._start_hand(deck_order)
        return s

    def _start_hand(self, deck_order: Sequence[str] | None = None) -> list[JSON]:
        seats = self.seats
        k = len(seats)
        self.removed = removed_for(k)
        self.lead_card = lead_card_for(self.removed)
        if deck_order is not None:
            order = parse_deck_order(DECK, deck_order, DECK.full_mask & ~self.removed)
        else:
            order = [c for c in range(DECK.size) if not self.removed >> c & 1]
            round_rng(self.seed, self.round_no).shuffle(order)
        n = self.players
        self.hands = [0] * n
        first = seats.index(self.dealer) + 1 if self.dealer in seats else 0
        for i, c in enumerate(order):
            self.hands[seats[(first + i) % k]] |= 1 << c
        self.taken = [0] * n
        self.tricks_won = [0] * n
        self.voids = [0] * n
        self.hearts_broken = False
        # Until the lead card's holder is known (after a pass), the leader is a seat that plays
        # this hand: in a tie-break hand seat 0 may not (a state naming it would not load).
        self.record = TrickRecord(leader=seats[0])
        self.played = 0  # every card played this hand (current trick included)
        self.passes = [None] * n  # chosen, not yet exchanged (hidden)
        self.passed = [0] * n  # given to the left, after the exchange
        self.received = [0] * n
        if self.options["pass3"]:
            self.phase = "pass"
            self.to_move = seats[first % k]
        else:
            self._start_play()
        return [{"type": "round_start", "round": self.round_no, "dealer": self.dealer, "seats": list(seats),
                 "tiebreak": self.tiebreak}]

    @property
    def pass_masks(self) -> list[int]:
        """The passes chosen and not yet exchanged, 0 for a seat still to choose."""
        return [p or 0 for p in self.passes]

    @pass_masks.setter
    def pass_masks(self, masks: list[int]) -> None:
        self.passes = [m or None for m in masks]

    def _start_play(self) -> None:
        self.phase = "play"
        holder = next(s for s in self.seats if self.hands[s] >> self.lead_card & 1)
        self.record.leader = holder
        self.to_move = holder

    def next_seat(self, seat: int) -> int:
        seats = self.seats
        return seats[(seats.index(seat) + 1) % len(seats)]

    # ----------------------------------------------------------------- verbs
    def current_player(self) -> int | None:
        return self.to_move

    def legal_mask(self) -> int:
        return olsen_legal_mask(
            self.hands[self.to_move], self.record.plays, not self.record.done, self.hearts_broken, self.lead_card,
            self.options["first_trick_penalties"],
        )

    def legal_moves(self) -> list:
        if self.to_move is None:
            return []
        if self.phase == "pass":
            hand = list(bits(self.hands[self.to_move]))
            return [("pass", (1 << a) | (1 << b) | (1 << c)) for a, b, c in combinations(hand, PASS_COUNT)]
        return list(bits(self.legal_mask()))

    def is_legal(self, move: Any) -> bool:
        if self.to_move is None:
            return False
        if self.phase == "pass":
            return (
                isinstance(move, tuple) and len(move) == 2 and move[0] == "pass" and isinstance(move[1], int)
                and move[1] >= 0 and move[1].bit_count() == PASS_COUNT and move[1] & ~self.hands[self.to_move] == 0
            )
        return isinstance(move, int) and not isinstance(move, bool) and 0 <= move < DECK.size and bool(
            self.legal_mask() >> move & 1)

    def apply(self, move: Any) -> list[JSON]:
        if not self.is_legal(move):
            shown = self.move_text(move) if _is_move(move) else repr(move)
            raise RulesError(f"olsen: illegal move {shown}")
        return self.apply_unchecked(move, [])

    def apply_unchecked(self, move: Any, events: list[JSON] | None = None) -> list[JSON] | None:
        """Apply a move known to be legal (taken from legal_moves); events are optional."""
        seat = self.to_move
        if self.phase == "pass":
            self.passes[seat] = move[1]
            if events is not None:
                events.append({"type": "pass_chosen", "seat": seat})
            nxt = self.next_seat(seat)
            if self.passes[nxt] is None:
                self.to_move = nxt
                return events
            for s in self.seats:
                self.hands[s] &= ~self.passes[s]
            for s in self.seats:
                left = self.next_seat(s)
                self.hands[left] |= self.passes[s]
                self.passed[s] = self.passes[s]
                self.received[left] = self.passes[s]
            self.passes = [None] * self.players
            if events is not None:
                events.append({"type": "pass_exchange"})
            self._start_play()
            return events
        card = move
        self.hands[seat] ^= 1 << card
        self.played |= 1 << card
        rec = self.record
        plays = rec.plays
        if plays:
            led = plays[0][1] // RANKS
            suit = card // RANKS
            if suit != led:
                self.voids[seat] |= 1 << led
                if suit == HEARTS:
                    self.hearts_broken = True
        if card // RANKS == HEARTS and self.options["any_heart_breaks"]:
            self.hearts_broken = True
        plays.append((seat, card))
        if events is not None:
            events.append({"type": "play", "seat": seat, "card": DECK.code(card)})
        if len(plays) < len(self.seats):
            self.to_move = self.next_seat(seat)
            return events
        winner = highest_of_led(plays, STRENGTH, SUIT_MASKS[plays[0][1] // RANKS])
        cards = 0
        for _, c in plays:
            cards |= 1 << c
        self.taken[winner] |= cards
        self.tricks_won[winner] += 1
        if events is not None:
            events.append({
                "type": "trick_end", "winner": winner, "cards": DECK.codes_of(cards),
                "points": (cards & HEART_MASK).bit_count() + (13 if cards >> QS & 1 else 0),
            })
        rec.close(winner)
        rec.leader = winner
        self.to_move = winner
        if self.hands[winner]:
            return events
        self._end_hand(events)
        return events

    def _game_ends(self) -> bool:
        """The hands agreed are played, or a total reached the target: the game ends at the end
        of this hand (or a tie-break hand begins)."""
        deals = self.options["deals"]
        return self.hands_played >= deals if deals else max(self.totals) >= self.options["target"]

    def _end_hand(self, events: list[JSON] | None) -> None:
        seats = self.seats
        raw, points, moon = hand_points([self.taken[s] for s in seats], self.options["jack_diamonds"])
        n = self.players
        penalties: list[int | None] = [None] * n
        hand_pts: list[int | None] = [None] * n
        for i, s in enumerate(seats):
            penalties[s] = raw[i]
            hand_pts[s] = points[i]
        # A tie-break hand decides the winner but adds nothing to the game's totals.
        added = [0 if self.tiebreak or p is None else p for p in hand_pts]
        if not self.tiebreak:
            for s in seats:
                self.totals[s] += added[s]
            self.hands_played += 1
        summary = {
            "round": self.round_no,
            "sides": [[s] for s in range(n)],
            "points": added,
            "totals": list(self.totals),
            "dealer": self.dealer,
            "seats": list(seats),
            "tiebreak": self.tiebreak,
            "penalties": penalties,
            "hand_points": hand_pts,
            "all_penalties": None if moon is None else seats[moon],
        }
        self.rounds.append(summary)
        if events is not None:
            events.append({"type": "round_end", "summary": summary})
        contenders = None
        if self.tiebreak:
            best = min(points)
            contenders = [s for i, s in enumerate(seats) if points[i] == best]
        elif self._game_ends():
            best = min(self.totals)
            contenders = [s for s in range(self.players) if self.totals[s] == best]
        if contenders is not None and len(contenders) == 1:
            self.winners = contenders
            self.to_move = None
            self.phase = None
            if events is not None:
                events.append({"type": "game_end", "winners": list(self.winners)})
            return
        if contenders is not None:
            self.tiebreak = True
            self.seats = contenders
        self.round_no += 1
        # The deal passes clockwise, skipping anyone not in a tie-break hand.
        d = (self.dealer + 1) % self.players
        while d not in self.seats:
            d = (d + 1) % self.players
        self.dealer = d
        ev = self._start_hand()
        if events is not None:
            events.extend(ev)

    def scoring_mask(self) -> int:
        """The cards that score: hearts, Q♠, and J♦ when that option is on."""
        return PENALTY_MASK | (1 << JD if self.options["jack_diamonds"] else 0)

    def result(self) -> JSON:
        return {
            "finished": self.to_move is None,
            "winners": list(self.winners),
            "draw": False,
            "totals": list(self.totals),
            "sides": [[s] for s in range(self.players)],
            "side_totals": list(self.totals),
            "rounds": self.rounds,
        }

    # ----------------------------------------------------------------- views
    def json_extra(self) -> JSON:
        return {"finished": self.to_move is None}

    @classmethod
    def upgrade_json(cls, data: JSON, fmt: int) -> JSON:
        # Format 1: "hand_no", passes not yet chosen as null, hand summaries per playing seat.
        data["round"] = data.pop("hand_no")
        data.setdefault("hands_played", 0)
        data.setdefault("tiebreak", False)
        data["passes"] = [p or [] for p in data["passes"]]
        data.setdefault("winners", [])
        data["rounds"] = [upgrade_summary(r, data["players"]) for r in data.get("rounds", [])]
        return data

    def after_load(self) -> None:
        n = self.players
        self.removed = removed_for(len(self.seats))
        self.lead_card = lead_card_for(self.removed)
        self.played = self.record.played_mask()
        for name in ("hands", "passes", "passed", "received", "taken", "tricks_won", "voids", "totals"):
            if len(getattr(self, name)) != n:
                raise RulesError(f"malformed olsen state: {name} does not match the player count")
        if not self.seats or any(not 0 <= x < n for x in self.seats) or not 0 <= self.dealer < n:
            raise RulesError("malformed olsen state: seats or dealer out of range")
        if self.phase not in ("pass", "play", None) or (self.to_move is not None and self.to_move not in self.seats):
            raise RulesError("malformed olsen state: bad phase or seat to move")
        if (self.phase is None) != (self.to_move is None):
            raise RulesError("malformed olsen state: a finished game has no phase, a game in play has one")
        if any(p is not None and p.bit_count() != PASS_COUNT for p in self.passes):
            raise RulesError("malformed olsen state: a chosen pass holds 3 cards")
        if any(not 0 <= w < n for w in self.winners):
            raise RulesError("malformed olsen state: a winner is not a seat")
        if self.round_no < 0 or self.hands_played < 0:
            raise RulesError("malformed olsen state: round and hands_played must be 0 or more")
        if self.phase is not None:
            if self.winners:
                raise RulesError("malformed olsen state: winners are named only once the game is over")
            if self._game_ends() and not self.tiebreak:
                # That hand's end ended the game, or began a tie-break hand.
                raise RulesError(f"malformed olsen state: the game is over after {self.hands_played} hand(s) with "
                                 f"totals {self.totals}, yet a hand is in play that is not a tie-break")
        rec = self.record
        if self.phase == "pass" and rec.leader not in self.seats and not rec.plays and not rec.done:
            rec.leader = self.seats[0]  # a tie-break's pass saved before 2026-12-06 named seat 0
        self.check_tricks(self.seats, "olsen")
        taken, won = [0] * n, [0] * n
        for _, plays, w in rec.done:
            won[w] += 1
            for _, c in plays:
                taken[w] |= 1 << c
        if taken != self.taken or won != self.tricks_won:
            raise RulesError("malformed olsen state: taken or tricks_won does not match the tricks of the hand")
        if self.phase == "play":
            self.check_turn(self.seats, self.to_move, self.hands, "olsen")
        self.check_cards_whole()

    def card_locations(self) -> dict[str, int]:
        """Set aside, in hands (a chosen pass stays in the hand until the exchange) and
        played this hand (the tricks and the trick in progress)."""
        places = {"removed": self.removed, "played": self.record.played_mask()}
        for seat in range(self.players):
            places[f"hand {seat}"] = self.hands[seat]
        return places

    def hidden_cards(self, seat: int) -> int:
        hidden = 0
        for other, hand in enumerate(self.hands):
            if other != seat:
                hidden |= hand
        # What this seat passed sits in its left neighbour's hand: it knows those cards.
        return hidden & ~self.passed[seat]

    def after_observation(self, observation: JSON) -> None:
        """What a seat knows besides the observation's fields: the cards each seat took (from
        the tricks), and of the exchange what it passed and received, so what its left
        neighbour received and its right neighbour passed."""
        n = self.players
        seat = observation["seat"]
        self.played = self.record.played_mask()
        self.taken = [0] * n
        for _, plays, w in self.record.done:
            for _, c in plays:
                self.taken[w] |= 1 << c
        self.passed = [0] * n
        self.received = [0] * n
        self.passed[seat] = DECK.mask_of(observation["passed"])
        self.received[seat] = DECK.mask_of(observation["received"])
        if self.passed[seat]:
            # Everyone else's exchange is unknown; what this seat passed and received is known.
            self.received[self.neighbour(seat, 1)] = self.passed[seat]
            self.passed[self.neighbour(seat, -1)] = self.received[seat]
        self.passes = [None] * n
        if observation["my_pass"] is not None:
            self.passes[seat] = DECK.mask_of(observation["my_pass"])

    def neighbour(self, seat: int, step: int) -> int:
        """The playing seat ``step`` places after ``seat`` (-1: before it)."""
        return self.seats[(self.seats.index(seat) + step) % len(self.seats)]

    def hidden_dealer(self, observation: JSON):
        """The other hands, dealt from the cards the seat has not seen respecting shown voids
        and the cards this seat passed (still in the left neighbour's hand unless played);
        the passes others have chosen and not yet exchanged, drawn from their hands."""
        seat = observation["seat"]
        hidden = [x for x in self.seats if x != seat]
        own = DECK.mask_of(observation["hand"])
        unseen = DECK.full_mask & ~(own | self.played | self.removed)
        counts = {x: observation["hand_counts"][x] for x in hidden}
        allowed = {x: DECK.full_mask & ~sum(SUIT_MASKS[v] for v in range(4) if self.voids[x] >> v & 1) for x in hidden}
        known = {}
        if self.passed[seat]:
            known[self.neighbour(seat, 1)] = self.passed[seat] & unseen
        chosen = [x for x, yes in enumerate(observation["pass_chosen"]) if yes and x != seat]
        n = self.players

        def deal(w: "OlsenState", rng) -> None:
            w.seed = rng.getrandbits(32)
            dealt = sample_hands(unseen, counts, rng, allowed, known, SUIT_MASKS)
            w.hands = [0] * n
            w.hands[seat] = own
            for x in hidden:
                w.hands[x] = dealt[x]
            for x in chosen:
                w.passes[x] = sum(1 << c for c in rng.sample(list(bits(w.hands[x])), PASS_COUNT))

        return deal

    # ----------------------------------------------------------------- moves
    @classmethod
    def move_tuple(cls, move: Any) -> tuple:
        return move if isinstance(move, tuple) else ("play", move)

    @classmethod
    def move_from_tuple(cls, move: tuple) -> Any:
        if move[0] == "pass":
            if move[1].bit_count() != PASS_COUNT:
                raise RulesError('olsen: a pass is exactly 3 different cards: {"kind": "pass", "cards": ["QS", "AH", "2D"]}')
            return move
        return move[1]

    @classmethod
    def upgrade_move_json(cls, data: JSON) -> JSON:
        if set(data) == {"card"}:
            return {"kind": "play", "card": data["card"]}
        if set(data) == {"pass"}:
            return {"kind": "pass", "cards": data["pass"]}
        raise RulesError('an olsen move is {"kind": "play", "card": "QS"} or, when passing, '
                         '{"kind": "pass", "cards": ["QS", "AH", "2D"]}')

    @classmethod
    def move_text(cls, move: Any) -> str:
        if isinstance(move, tuple):
            return "pass " + " ".join(DECK.codes_of(move[1]))
        return DECK.code(move)


def upgrade_summary(summary: JSON, players: int) -> JSON:
    """A hand summary of state format 1 (points per playing seat) in the common shape."""
    if "sides" in summary:
        return summary
    seats = summary["seats"]
    penalties: list[int | None] = [None] * players
    hand_pts: list[int | None] = [None] * players
    for i, s in enumerate(seats):
        penalties[s] = summary["penalties"][i]
        hand_pts[s] = summary["points"][i]
    tiebreak = summary.get("tiebreak", False)
    return {
        "round": summary["hand"],
        "sides": [[s] for s in range(players)],
        "points": [0 if tiebreak or p is None else p for p in hand_pts],
        "totals": summary["totals"],
        "dealer": summary["dealer"],
        "seats": seats,
        "tiebreak": tiebreak,
        "penalties": penalties,
        "hand_points": hand_pts,
        "all_penalties": summary.get("all_penalties"),
    }


def _is_move(move: Any) -> bool:
    if isinstance(move, tuple):
        return len(move) == 2 and move[0] == "pass" and isinstance(move[1], int) and move[1] >= 0
    return isinstance(move, int) and not isinstance(move, bool) and 0 <= move < DECK.size
