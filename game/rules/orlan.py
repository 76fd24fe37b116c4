"""Orlan: the fishing game of capture by 11, jack sweeps, queen takes queen, king takes king.

Rules text: ``docs/rules/orlan.txt``; decisions on silent points:
``docs/rules/RULES-NOTES.md``. Summary of what this module implements:

* 52 cards, 2-4 players, optional 2v2 teams at four (seats 0+2 against 1+3; partners keep
  their own piles, which are merged at scoring).
* A round: the dealer deals 4 cards to each player (in blocks of 4, starting with the
  player after the dealer), then 4 face up to the table. A jack on the starting table goes
  back into the stock at a random place and is replaced from the top of the stock, until
  no jack is on the starting table. When every hand is empty, 4 more each, nothing to the
  table, until the stock is empty (2 players: 6 deals, 3: 4 deals, 4: 3 deals).
* A move is (card, capture). A number card (A=1 .. 10) captures one subset of the table's
  number cards summing with it to 11; a jack sweeps every number card and jack (queens and
  kings stay), or with none of those on the table it is "Bi Qahwa" and stays; a queen
  takes one queen, a king one king. A card that can capture must capture (the player
  chooses which capture); a player may instead play a card that captures nothing.
* End of round: cards left on the table go to the last capturer (uncounted if nobody
  captured). Points: most cards 2, most clubs 1, 2 of clubs 1, 10 of diamonds 1; ties for
  most cards / clubs score nothing.
* The game ends after the round in which a side reaches the target (21, or 11 for a quick
  game); the highest side wins; a tie at the top plays one more round. The deal passes
  clockwise each round; the first round is opened by the ``starter`` option (the setup
  screen asks, default seat 0), later rounds by the player after the dealer.

Moves are tuples ``(card, capture_mask)`` (a mask of 0: the card is laid, capturing
nothing); in JSON ``{"kind": "capture", "card": "7H", "capture": ["4C"]}`` or
``{"kind": "play", "card": "7H"}``. The kind-less form ``{"card": ..., "capture": [...]}``
is still accepted.

Events from ``apply``: ``round_start``, ``capture`` (with ``sweep`` for a jack's sweep),
``lay`` (with ``bi_qahwa`` for a jack that takes nothing), ``deal`` (four more cards each),
``round_end`` (the round summary) and ``game_end`` (winners).
"""
from __future__ import annotations

from typing import Any, Sequence

from game.cards import FRENCH52, bits
from game.rules.base import (
    DEALER, FINISHED, GAME, HAND, HAND_COUNTS, JSON, OPTIONS, PLAYERS, ROUND, SEAT, TO_MOVE, GameInfo, Option,
    RulesError, State, parse_deck_order, round_rng,
)
from game.rules.fields import Field, Shown
from game.rules.sum_capture import SUBSET_CACHE, cached_subset_sums
from game.rules.sum_capture import clear_cache as release_caches  # noqa: F401  (the app's per-round hook)

DECK = FRENCH52
RANKS = 13
ACE, TEN, JACK, QUEEN, KING = 0, 9, 10, 11, 12
CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3


def _rank_mask(rank: int) -> int:
    return sum(1 << (s * RANKS + rank) for s in range(4))


NUMBERS = sum(_rank_mask(r) for r in range(ACE, TEN + 1))
JACKS = _rank_mask(JACK)
QUEENS = _rank_mask(QUEEN)
KINGS = _rank_mask(KING)
CLUB_MASK = ((1 << RANKS) - 1) << (CLUBS * RANKS)
TWO_CLUBS = 1 << (CLUBS * RANKS + 1)
TEN_DIAMONDS = 1 << (DIAMONDS * RANKS + TEN)
HAND_SIZE = 4
TABLE_START = 4

POINTS = {"most_cards": 2, "most_clubs": 1, "two_clubs": 1, "ten_diamonds": 1}

INFO = GameInfo(
    id="orlan",
    name="Orlan",
    min_players=2,
    max_players=4,
    deck=DECK,
    options=(
        Option("target", (21, 11), 21, "points to win: 21 (normal game) or 11 (quick game)"),
        Option("teams", (False, True), False, "2v2 teams, seats 0+2 against 1+3 (4 players only)"),
        Option("starter", (0, 1, 2, 3), 0, "seat that opens the first round (the youngest player)"),
    ),
    teams="optional",
    description="Fishing game: capture by 11, jack sweeps, queen takes queen, king takes king.",
)


def value(card: int) -> int:
    """Card value: A=1 .. 10=10; jacks, queens and kings have none (0)."""
    r = card % RANKS
    return r + 1 if r <= TEN else 0


def _number_captures(table: int) -> tuple[tuple[int, ...], ...]:
    numbers = table & NUMBERS
    hit = SUBSET_CACHE.get(numbers)  # looked up before building the card list: most calls hit
    if hit is not None:
        return hit
    return cached_subset_sums(numbers, [(c, c % RANKS + 1) for c in bits(numbers)])


def moves_for(hand: int, table: int) -> list[tuple[int, int]]:
    """The legal moves of this hand on this table, card by card (lowest first): every
    capture a card makes, or the card laid when it captures nothing."""
    moves = []
    numbers = None
    while hand:
        low = hand & -hand
        hand ^= low
        card = low.bit_length() - 1
        r = card % RANKS
        if r <= TEN:
            if numbers is None:
                numbers = _number_captures(table)
            caps = numbers[10 - r]
            if caps:
                for m in caps:
                    moves.append((card, m))
                continue
        elif r == JACK:
            moves.append((card, table & (NUMBERS | JACKS)))
            continue
        else:
            same = table & (QUEENS if r == QUEEN else KINGS)
            if same:
                while same:
                    q = same & -same
                    same ^= q
                    moves.append((card, q))
                continue
        moves.append((card, 0))
    return moves


def unplay_table(table: int, card: int, cap: int) -> int:
    """The table before ``card`` was played capturing ``cap``: what it took comes back, or
    the card it laid goes."""
    return table | cap if cap else table & ~(1 << card)


class OrlanState(State):
    info = INFO
    FORMAT = 4
    FIELDS = (
        ROUND,
        DEALER,
        TO_MOVE,
        Field("hands", "masks"),
        Field("table", "mask"),
        Field("piles", "masks"),
        Field("stock_top_first", "cards", "stock"),
        Field("last_capturer", "opt_int"),
        Field("deal_plays", "captures"),
        Field("round_plays", "captures"),
        Field("past_rounds", "capture_rounds"),
        Field("totals", "ints", "side_totals"),
        Field("rounds", "records"),
        Field("winner", "opt_int", "winning_side"),
    )
    MOVE_KINDS = {
        "capture": (Field("card", "card"), Field("capture", "mask")),
        "play": (Field("card", "card"),),
    }
    OBSERVATION = (
        GAME, SEAT, PLAYERS, OPTIONS,
        ROUND,
        DEALER,
        TO_MOVE,
        FINISHED,
        Shown("phase", "'play' if s.to_move is not None else 'over'"),
        HAND,
        HAND_COUNTS,
        Field("table", "mask"),
        # Captured cards were all seen face up when taken, so every pile is public.
        Field("piles", "masks"),
        Shown("stock_count", "len(s.stock)"),
        Field("last_capturer", "opt_int"),
        # Every play since these hands were dealt, in order: all were made face up.
        Field("deal_plays", "captures"),
        # Every play of the round, in order, and of each earlier round with the table it
        # started from: what a player who watched the table remembers.
        Field("round_plays", "captures"),
        Field("past_rounds", "capture_rounds"),
        Shown("totals", "s.seat_totals()", read=lambda w, totals: w.read_seat_totals(totals)),
        Field("rounds", "records"),
    )

    # ----------------------------------------------------------------- set-up
    @classmethod
    def new(
        cls, players: int, options: dict[str, Any] | None = None, seed: int = 0, deck_order: Sequence[str] | None = None
    ) -> "OrlanState":
        opts = INFO.resolve(players, options)
        if opts["teams"] and players != 4:
            raise RulesError("orlan: teams are played with 4 players only")
        if opts["starter"] >= players:
            raise RulesError(f"orlan: starter must be a seat from 0 to {players - 1}")
        INFO.check_seed(seed)
        order = None
        if deck_order is not None:
            order = parse_deck_order(DECK, deck_order)
        s = cls.__new__(cls)
        s.players = players
        s.options = opts
        s.seed = seed
        s.teams = opts["teams"]
        s.round_no = 0
        # The starter opens round one; making them "the player after the dealer" keeps
        # every round the same shape.
        s.dealer = (opts["starter"] - 1) % players
        s.totals = [0] * s.sides
        s.rounds = []
        s.past_rounds = []
        s.winner = None
        s._start_round(order)
        return s

    @property
    def sides(self) -> int:
        return 2 if self.teams else self.players

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.teams else seat

    def _start_round(self, order: list[int] | None = None) -> list[JSON]:
        rng = round_rng(self.seed, self.round_no)
        if order is None:
            order = list(range(DECK.size))
            rng.shuffle(order)
        order = list(order)
        n = self.players
        self.hands = [0] * n
        self.piles = [0] * n
        self.last_capturer = None
        self.deal_plays = []
        self.round_plays = []
        pos = 0
        for k in range(1, n + 1):
            seat = (self.dealer + k) % n
            for c in order[pos : pos + HAND_SIZE]:
                self.hands[seat] |= 1 << c
            pos += HAND_SIZE
        table = order[pos : pos + TABLE_START]
        stock = order[pos + TABLE_START :]
        # A starting-table jack goes back into the stock at random and is replaced from
        # the top, repeatedly, until no jack lies on the starting table.
        while True:
            jacks = [i for i, c in enumerate(table) if c % RANKS == JACK]
            if not jacks:
                break
            for i in jacks:
                jack = table[i]
                table[i] = stock.pop(0)
                stock.insert(rng.randrange(len(stock) + 1), jack)
        self.table = 0
        for c in table:
            self.table |= 1 << c
        self.stock = stock[::-1]  # top of the stock is the end of the list: dealing pops
        self.to_move = (self.dealer + 1) % n
        return [{"type": "round_start", "round": self.round_no, "dealer": self.dealer}]

    @property
    def stock_top_first(self) -> list[int]:
        return self.stock[::-1]

    @stock_top_first.setter
    def stock_top_first(self, cards: list[int]) -> None:
        self.stock = cards[::-1]

    # ----------------------------------------------------------------- verbs
    def current_player(self) -> int | None:
        return self.to_move

    def legal_moves(self) -> list[tuple[int, int]]:
        if self.to_move is None:
            return []
        return moves_for(self.hands[self.to_move], self.table)

    def apply(self, move: Any) -> list[JSON]:
        if move not in self.legal_moves():
            raise RulesError(f"illegal move {self.move_text(move) if _is_move(move) else move!r}")
        return self.apply_unchecked(move, [])

    def apply_unchecked(self, move: tuple[int, int], events: list[JSON] | None = None) -> list[JSON] | None:
        """Apply a move known to be legal (taken from legal_moves); events are optional."""
        card, cap = move
        seat = self.to_move
        bit = 1 << card
        self.hands[seat] ^= bit
        if cap:
            self.table ^= cap
            self.piles[seat] |= cap | bit
            self.last_capturer = seat
        else:
            self.table |= bit
        self.deal_plays.append((seat, card, cap))
        self.round_plays.append((seat, card, cap))
        if events is not None:
            kind = "capture" if cap else "lay"
            ev = {"type": kind, "seat": seat, "card": DECK.code(card), "capture": DECK.codes_of(cap)}
            if card % RANKS == JACK:
                ev["sweep" if cap else "bi_qahwa"] = True
            events.append(ev)
        n = self.players
        nxt = (seat + 1) % n
        if self.hands[nxt] or any(self.hands):
            self.to_move = nxt
            return events
        if self.stock:
            stock = self.stock
            for k in range(1, n + 1):
                s = (self.dealer + k) % n
                h = 0
                for _ in range(HAND_SIZE):
                    h |= 1 << stock.pop()
                self.hands[s] = h
            self.to_move = nxt
            self.deal_plays = []
            if events is not None:
                events.append({"type": "deal", "stock": len(stock)})
            return events
        self._end_round(events)
        return events

    def _end_round(self, events: list[JSON] | None) -> None:
        leftover = self.table
        start = leftover  # the table the round's recorded plays started from
        for _, card, cap in reversed(self.round_plays):
            start = unplay_table(start, card, cap)
        if self.last_capturer is not None and leftover:
            self.piles[self.last_capturer] |= leftover
            self.table = 0
        summary = self.round_scores()
        for side, points in enumerate(summary["points"]):
            self.totals[side] += points
        summary["totals"] = list(self.totals)
        summary["leftover"] = DECK.codes_of(leftover)
        summary["leftover_to"] = self.last_capturer if leftover else None
        self.rounds.append(summary)
        if events is not None:
            events.append({"type": "round_end", "summary": summary})
        winner = self._side_alone_past_target()
        if winner is not None:
            self.winner = winner
            self.to_move = None
            if events is not None:
                events.append({"type": "game_end", "winners": self.winners()})
            return
        self.round_no += 1
        self.dealer = (self.dealer + 1) % self.players
        self.past_rounds.append((start, self.round_plays))
        ev = self._start_round()
        if events is not None:
            events.extend(ev)

    def round_scores(self) -> JSON:
        """The round summary as the piles stand (called once the round is over): the common
        shape (round, sides, points per side; totals are added by the caller), then per
        side the cards and clubs taken and the points by scoring item."""
        side_piles = [0] * self.sides
        for seat, pile in enumerate(self.piles):
            side_piles[self.side_of(seat)] |= pile
        cards = [p.bit_count() for p in side_piles]
        clubs = [(p & CLUB_MASK).bit_count() for p in side_piles]
        most_cards = _unique_max(cards)
        most_clubs = _unique_max(clubs)
        breakdown = [
            {
                "most_cards": POINTS["most_cards"] if i == most_cards else 0,
                "most_clubs": POINTS["most_clubs"] if i == most_clubs else 0,
                "two_clubs": POINTS["two_clubs"] if p & TWO_CLUBS else 0,
                "ten_diamonds": POINTS["ten_diamonds"] if p & TEN_DIAMONDS else 0,
            }
            for i, p in enumerate(side_piles)
        ]
        return {
            "round": self.round_no,
            "sides": self.side_seats(),
            "points": [sum(b.values()) for b in breakdown],
            "dealer": self.dealer,
            "cards": cards,
            "clubs": clubs,
            "breakdown": breakdown,
        }

    def side_seats(self) -> list[list[int]]:
        return [[s for s in range(self.players) if self.side_of(s) == i] for i in range(self.sides)]

    def seat_totals(self) -> list[int]:
        return [self.totals[self.side_of(s)] for s in range(self.players)]

    def winners(self) -> list[int]:
        if self.winner is None:
            return []
        return [s for s in range(self.players) if self.side_of(s) == self.winner]

    def result(self) -> JSON:
        return {
            "finished": self.to_move is None,
            "winners": self.winners(),
            "draw": False,
            "totals": self.seat_totals(),
            "sides": self.side_seats(),
            "side_totals": list(self.totals),
            "rounds": self.rounds,
        }

    # ----------------------------------------------------------------- views
    def json_extra(self) -> JSON:
        return {"finished": self.to_move is None, "totals": self.seat_totals(), "winners": self.winners()}

    @classmethod
    def upgrade_json(cls, data: JSON, fmt: int) -> JSON:
        # Format 2 had no record of the plays of the current deal: they are read as none.
        data.setdefault("deal_plays", [])
        # Format 3 had no record of the round's plays: the current deal's are all it knew.
        data.setdefault("round_plays", list(data["deal_plays"]))
        data.setdefault("past_rounds", [])
        if fmt >= 2:
            return data
        # Format 1: totals per seat (side totals only with teams), winners as seats, round
        # summaries with one object per side.
        if "side_totals" not in data:
            data["side_totals"] = data["totals"][: 2 if (data.get("options") or {}).get("teams") else data["players"]]
        winners = data.get("winners") or []
        teams = bool((data.get("options") or {}).get("teams"))
        data["winning_side"] = (winners[0] % 2 if teams else winners[0]) if winners else None
        data["rounds"] = [upgrade_summary(r) for r in data.get("rounds", [])]
        return data

    def _side_alone_past_target(self) -> int | None:
        """The side alone at the top of the totals at or past the target (it has won at the
        end of its round), or None."""
        best = max(self.totals)
        return self.totals.index(best) if best >= self.options["target"] and self.totals.count(best) == 1 else None

    def after_load(self) -> None:
        self.teams = self.options["teams"]
        n = self.players
        if len(self.hands) != n or len(self.piles) != n or len(self.totals) != self.sides:
            raise RulesError("malformed orlan state: hands, piles or totals do not match the player count")
        if not 0 <= self.dealer < n or (self.to_move is not None and not 0 <= self.to_move < n):
            raise RulesError("malformed orlan state: dealer or to_move is not a seat")
        if self.last_capturer is not None and not 0 <= self.last_capturer < n:
            raise RulesError("malformed orlan state: last_capturer is not a seat")
        for name, plays in [("deal_plays", self.deal_plays), ("round_plays", self.round_plays)] + \
                [("past_rounds", p) for _, p in self.past_rounds]:
            if any(not 0 <= s < n for s, _, _ in plays):
                raise RulesError(f"malformed orlan state: a play of {name} is not by a seat")
        if len(self.deal_plays) > len(self.round_plays) or \
                self.round_plays[len(self.round_plays) - len(self.deal_plays):] != self.deal_plays:
            raise RulesError("malformed orlan state: the plays of the deal are not the last plays of the round")
        if self.winner is not None and not 0 <= self.winner < self.sides:
            raise RulesError("malformed orlan state: winning_side is not a side")
        if (self.winner is None) != (self.to_move is not None):
            raise RulesError("malformed orlan state: a game is either won or has a seat to move")
        if self.to_move is not None:
            # Each player in turn lays one card and four more each are dealt only when every
            # hand is empty: from the player to move round the table, the hands must hold h
            # cards (h >= 1), then h - 1, or a player would be to move with none.
            sizes = [self.hands[(self.to_move + k) % n].bit_count() for k in range(n)]
            h = sizes[0]
            if h < 1 or any(not h - 1 <= x <= h for x in sizes) or sizes != sorted(sizes, reverse=True):
                raise RulesError(f"malformed orlan state: seat {self.to_move} cannot be to move with hands of "
                                 f"{[self.hands[s].bit_count() for s in range(n)]} cards")
        self.check_cards_whole()
        if self.teams and n != 4:
            raise RulesError("malformed orlan state: teams are played with 4 players only")
        if not 0 <= self.options["starter"] < n:
            raise RulesError(f"malformed orlan state: starter must be a seat from 0 to {n - 1}")
        if len(self.stock) % (4 * n):
            # The stock is dealt four cards to each player at a time until it runs out.
            raise RulesError(f"malformed orlan state: a stock of {len(self.stock)} cards cannot be dealt "
                             f"four to each of {n} players")
        if self.to_move is not None and self._side_alone_past_target() is not None:
            # The game ends at the end of the round where one side leads at or past the target.
            raise RulesError(f"malformed orlan state: totals {self.totals} mean the game is already over "
                             f"(target {self.options['target']})")

    def card_locations(self) -> dict[str, int]:
        places = {"table": self.table, "stock": sum(1 << c for c in self.stock)}
        for seat in range(self.players):
            places[f"hand {seat}"] = self.hands[seat]
            places[f"pile {seat}"] = self.piles[seat]
        return places

    def hidden_cards(self, seat: int) -> int:
        hidden = sum(1 << c for c in self.stock)
        for other, hand in enumerate(self.hands):
            if other != seat:
                hidden |= hand
        return hidden

    def fast_copy(self) -> "OrlanState":
        """An independent copy for a search (every field that play changes is copied)."""
        s = OrlanState.__new__(OrlanState)
        s.__dict__.update(self.__dict__)
        s.options = dict(self.options)
        s.hands = list(self.hands)
        s.piles = list(self.piles)
        s.stock = list(self.stock)
        s.deal_plays = list(self.deal_plays)
        s.round_plays = list(self.round_plays)
        s.past_rounds = list(self.past_rounds)
        s.totals = list(self.totals)
        s.rounds = list(self.rounds)
        return s

    def read_seat_totals(self, totals: list[int]) -> None:
        """A world's side totals from the observation's seat totals (partners share one)."""
        self.totals = list(totals[:2]) if self.options["teams"] else list(totals)

    def after_observation(self, observation: JSON) -> None:
        self.teams = self.options["teams"]
        self.winner = None

    def hidden_dealer(self, observation: JSON):
        """The other hands and the stock, dealt at random from the cards the seat has not
        seen (a player who has shown out of nothing in Orlan: every deal is possible)."""
        seat = observation["seat"]
        own = DECK.mask_of(observation["hand"])
        seen = own | self.table
        for p in self.piles:
            seen |= p
        unseen_cards = [c for c in range(DECK.size) if not seen >> c & 1]
        counts = list(observation["hand_counts"])

        def deal(w: "OrlanState", rng) -> None:
            w.seed = rng.getrandbits(32)
            unseen = list(unseen_cards)
            rng.shuffle(unseen)
            hands = w.hands = [0] * len(counts)
            pos = 0
            for i, count in enumerate(counts):
                if i == seat:
                    hands[i] = own
                    continue
                h = 0
                for c in unseen[pos : pos + count]:
                    h |= 1 << c
                hands[i] = h
                pos += count
            w.stock = unseen[pos:]

        return deal

    # ----------------------------------------------------------------- moves
    @classmethod
    def move_tuple(cls, move: tuple[int, int]) -> tuple:
        card, cap = move
        return ("capture", card, cap) if cap else ("play", card)

    @classmethod
    def move_from_tuple(cls, move: tuple) -> tuple[int, int]:
        if move[0] == "capture":
            if not move[2]:
                raise RulesError("orlan: a capture takes at least one card; a card that takes nothing is a play")
            return move[1], move[2]
        return move[1], 0

    @classmethod
    def upgrade_move_json(cls, data: JSON) -> JSON:
        if "card" not in data or set(data) - {"card", "capture"}:
            raise RulesError('an orlan move is {"kind": "capture", "card": "7H", "capture": ["4C"]} or {"kind": "play", "card": "7H"}')
        if data.get("capture"):
            return {"kind": "capture", "card": data["card"], "capture": data["capture"]}
        if "capture" in data and data["capture"] != []:
            raise RulesError("orlan: capture must be a list of card codes")
        return {"kind": "play", "card": data["card"]}

    @classmethod
    def move_text(cls, move: tuple[int, int]) -> str:
        card, cap = move
        if not cap:
            return f"{DECK.code(card)} laid"
        return f"{DECK.code(card)} takes {' '.join(DECK.codes_of(cap))}"


def upgrade_summary(summary: JSON) -> JSON:
    """A round summary of state format 1 (one object per side) in the common shape."""
    if not summary.get("sides") or not isinstance(summary["sides"][0], dict):
        return summary
    lines = summary["sides"]
    out = {
        "round": summary["round"],
        "sides": [line["seats"] for line in lines],
        "points": [line["points"] for line in lines],
        "totals": summary["totals"],
        "dealer": summary.get("dealer"),
        "cards": [line["cards"] for line in lines],
        "clubs": [line["clubs"] for line in lines],
        "breakdown": [line["breakdown"] for line in lines],
    }
    for key in ("leftover", "leftover_to"):
        if key in summary:
            out[key] = summary[key]
    return out


def _unique_max(values: list[int]) -> int | None:
    best = max(values)
    return values.index(best) if values.count(best) == 1 else None


def _is_move(move: Any) -> bool:
    return isinstance(move, tuple) and len(move) == 2 and all(isinstance(x, int) for x in move)
