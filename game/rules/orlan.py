"""Orlan: the fishing game of capture by 11, jack sweeps, queen takes queen, king takes king.

Rules text: ``shared/seeds/000_b28bcca049f5857c.txt``; decisions on silent points:
``shared/RULES-NOTES.md``. Summary of what this module implements:

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

Moves are tuples ``(card, capture_mask)``; in JSON ``{"card": "7H", "capture": ["4C"]}``,
a card laid without capturing has an empty capture list.
"""
from __future__ import annotations

from typing import Any, Sequence

from game.cards import FRENCH52, bits
from game.rules.base import JSON, STATE_FORMAT, GameInfo, Option, RulesError, State, parse_deck_order, round_rng
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


def captures_for(card: int, table: int) -> list[int]:
    """Every capture (as a mask of table cards) the card can make; [] if it can make none."""
    r = card % RANKS
    if r <= TEN:
        return list(_number_captures(table)[10 - r])
    if r == JACK:
        sweep = table & (NUMBERS | JACKS)
        return [sweep] if sweep else []
    same = table & (QUEENS if r == QUEEN else KINGS)
    return [1 << c for c in bits(same)]


def _number_captures(table: int) -> tuple[tuple[int, ...], ...]:
    numbers = table & NUMBERS
    hit = SUBSET_CACHE.get(numbers)  # looked up before building the card list: most calls hit
    if hit is not None:
        return hit
    return cached_subset_sums(numbers, [(c, c % RANKS + 1) for c in bits(numbers)])


class OrlanState(State):
    info = INFO

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
        self.stock = stock[::-1]  # internal: top of the stock is the end of the list
        self.to_move = (self.dealer + 1) % n
        return [{"type": "round_start", "round": self.round_no, "dealer": self.dealer}]

    # ----------------------------------------------------------------- verbs
    def current_player(self) -> int | None:
        return self.to_move

    def legal_moves(self) -> list[tuple[int, int]]:
        if self.to_move is None:
            return []
        moves = []
        table = self.table
        numbers = None
        hand = self.hands[self.to_move]
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
            if events is not None:
                events.append({"type": "deal", "stock": len(stock)})
            return events
        self._end_round(events)
        return events

    def _end_round(self, events: list[JSON] | None) -> None:
        leftover = self.table
        if self.last_capturer is not None and leftover:
            self.piles[self.last_capturer] |= leftover
            self.table = 0
        summary = self.round_scores()
        summary["leftover"] = DECK.codes_of(leftover)
        summary["leftover_to"] = self.last_capturer if leftover else None
        for side, line in enumerate(summary["sides"]):
            self.totals[side] += line["points"]
        summary["totals"] = list(self.totals)
        self.rounds.append(summary)
        if events is not None:
            events.append({"type": "round_end", "summary": summary})
        best = max(self.totals)
        if best >= self.options["target"] and self.totals.count(best) == 1:
            self.winner = self.totals.index(best)
            self.to_move = None
            if events is not None:
                events.append({"type": "game_end", "winner": self.winner})
            return
        self.round_no += 1
        self.dealer = (self.dealer + 1) % self.players
        ev = self._start_round()
        if events is not None:
            events.extend(ev)

    def round_scores(self) -> JSON:
        """Points of the round as the piles stand (called once the round is over)."""
        side_piles = [0] * self.sides
        for seat, pile in enumerate(self.piles):
            side_piles[self.side_of(seat)] |= pile
        cards = [p.bit_count() for p in side_piles]
        clubs = [(p & CLUB_MASK).bit_count() for p in side_piles]
        most_cards = _unique_max(cards)
        most_clubs = _unique_max(clubs)
        sides = []
        for i, p in enumerate(side_piles):
            breakdown = {
                "most_cards": POINTS["most_cards"] if i == most_cards else 0,
                "most_clubs": POINTS["most_clubs"] if i == most_clubs else 0,
                "two_clubs": POINTS["two_clubs"] if p & TWO_CLUBS else 0,
                "ten_diamonds": POINTS["ten_diamonds"] if p & TEN_DIAMONDS else 0,
            }
            sides.append(
                {
                    "seats": [s for s in range(self.players) if self.side_of(s) == i],
                    "cards": cards[i],
                    "clubs": clubs[i],
                    "breakdown": breakdown,
                    "points": sum(breakdown.values()),
                }
            )
        return {"round": self.round_no, "dealer": self.dealer, "sides": sides}

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
            "totals": self.seat_totals(),
            "side_totals": list(self.totals),
            "rounds": self.rounds,
        }

    # ----------------------------------------------------------------- views
    def observation(self, seat: int) -> JSON:
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise RulesError(f"orlan: seat must be 0 to {self.players - 1}, not {seat!r}")
        obs = {
            "game": "orlan",
            "seat": seat,
            "players": self.players,
            "options": dict(self.options),
            "round": self.round_no,
            "dealer": self.dealer,
            "to_move": self.to_move,
            "finished": self.to_move is None,
            "hand": DECK.codes_of(self.hands[seat]),
            "hand_counts": [h.bit_count() for h in self.hands],
            "table": DECK.codes_of(self.table),
            # Captured cards were all seen face up when taken, so every pile is public.
            "piles": [DECK.codes_of(p) for p in self.piles],
            "stock_count": len(self.stock),
            "last_capturer": self.last_capturer,
            "totals": self.seat_totals(),
            "rounds": self.rounds,
        }
        if self.to_move == seat:
            obs["legal"] = [self.move_to_json(m) for m in self.legal_moves()]
        return obs

    def to_json(self) -> JSON:
        d = {
            "format": STATE_FORMAT,
            "game": "orlan",
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "round": self.round_no,
            "dealer": self.dealer,
            "to_move": self.to_move,
            "finished": self.to_move is None,
            "hands": [DECK.codes_of(h) for h in self.hands],
            "table": DECK.codes_of(self.table),
            "piles": [DECK.codes_of(p) for p in self.piles],
            "stock": [DECK.code(c) for c in reversed(self.stock)],  # top first
            "last_capturer": self.last_capturer,
            "totals": self.seat_totals(),
            "side_totals": list(self.totals),
            "rounds": self.rounds,
            "winners": self.winners(),
        }
        return d

    @classmethod
    def from_json(cls, data: JSON) -> "OrlanState":
        try:
            if data.get("game") != "orlan":
                raise RulesError(f"not an orlan state (game={data.get('game')!r})")
            fmt = data.get("format", STATE_FORMAT)
            if not isinstance(fmt, int) or fmt > STATE_FORMAT:
                raise RulesError(f"state format {fmt!r} is newer than this program understands ({STATE_FORMAT})")
            players = data["players"]
            opts = INFO.resolve(players, data.get("options"))
            s = cls.__new__(cls)
            s.players = players
            s.options = opts
            s.teams = opts["teams"]
            s.seed = int(data.get("seed", 0))
            s.round_no = int(data["round"])
            s.dealer = int(data["dealer"])
            tm = data["to_move"]
            s.to_move = None if tm is None else int(tm)
            s.hands = [DECK.mask_of(h) for h in data["hands"]]
            s.table = DECK.mask_of(data["table"])
            s.piles = [DECK.mask_of(p) for p in data["piles"]]
            s.stock = [DECK.card(c) for c in data["stock"]][::-1]
            lc = data.get("last_capturer")
            s.last_capturer = None if lc is None else int(lc)
            if "side_totals" in data:
                s.totals = [int(t) for t in data["side_totals"]]
            else:
                seat_totals = [int(t) for t in data["totals"]]
                s.totals = [seat_totals[i] for i in range(s.sides)]
            s.rounds = list(data.get("rounds", []))
            s.winner = None
            winners = data.get("winners") or []
            if winners:
                s.winner = s.side_of(int(winners[0]))
        except RulesError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            raise RulesError(f"malformed orlan state: {type(e).__name__}: {e}") from None
        s._check_consistent()
        return s

    def _check_consistent(self) -> None:
        n = self.players
        if len(self.hands) != n or len(self.piles) != n or len(self.totals) != self.sides:
            raise RulesError("malformed orlan state: hands, piles or totals do not match the player count")
        if not 0 <= self.dealer < n or (self.to_move is not None and not 0 <= self.to_move < n):
            raise RulesError("malformed orlan state: dealer or to_move is not a seat")
        if self.last_capturer is not None and not 0 <= self.last_capturer < n:
            raise RulesError("malformed orlan state: last_capturer is not a seat")
        seen = 0
        count = 0
        for part in [*self.hands, *self.piles, self.table, *(1 << c for c in self.stock)]:
            if seen & part:
                raise RulesError("malformed orlan state: a card appears twice")
            seen |= part
            count += part.bit_count()
        finished = self.to_move is None
        if not finished and count != DECK.size:
            raise RulesError(f"malformed orlan state: {count} cards accounted for, not {DECK.size}")

    @classmethod
    def sample(cls, observation: JSON, rng) -> "OrlanState":
        """Deal the cards the seat has not seen (other hands, stock) at random."""
        obs = observation
        seat = obs["seat"]
        n = obs["players"]
        s = cls.__new__(cls)
        s.players = n
        s.options = dict(obs["options"])
        s.teams = s.options["teams"]
        s.seed = rng.getrandbits(32)
        s.round_no = obs["round"]
        s.dealer = obs["dealer"]
        s.to_move = obs["to_move"]
        s.table = DECK.mask_of(obs["table"])
        s.piles = [DECK.mask_of(p) for p in obs["piles"]]
        s.last_capturer = obs["last_capturer"]
        totals = obs["totals"]
        s.totals = [totals[i] for i in range(s.sides)] if s.teams else list(totals)
        s.rounds = list(obs["rounds"])
        s.winner = None
        own = DECK.mask_of(obs["hand"])
        seen = own | s.table
        for p in s.piles:
            seen |= p
        unseen = [c for c in range(DECK.size) if not seen >> c & 1]
        rng.shuffle(unseen)
        s.hands = [0] * n
        pos = 0
        for i, count in enumerate(obs["hand_counts"]):
            if i == seat:
                s.hands[i] = own
                continue
            for c in unseen[pos : pos + count]:
                s.hands[i] |= 1 << c
            pos += count
        s.stock = unseen[pos:]
        return s

    # ----------------------------------------------------------------- moves
    @classmethod
    def move_to_json(cls, move: tuple[int, int]) -> JSON:
        card, cap = move
        return {"card": DECK.code(card), "capture": DECK.codes_of(cap)}

    @classmethod
    def move_from_json(cls, data: Any) -> tuple[int, int]:
        if not isinstance(data, dict) or "card" not in data:
            raise RulesError('an orlan move is {"card": "7H", "capture": ["4C"]}')
        cap = data.get("capture", [])
        if not isinstance(cap, list) or not all(isinstance(c, str) for c in cap):
            raise RulesError("capture must be a list of card codes")
        if not isinstance(data["card"], str):
            raise RulesError("card must be a card code such as 7H")
        try:
            return DECK.card(data["card"]), DECK.mask_of(cap)
        except ValueError as e:
            raise RulesError(str(e)) from None

    @classmethod
    def move_text(cls, move: tuple[int, int]) -> str:
        card, cap = move
        if not cap:
            return f"{DECK.code(card)} laid"
        return f"{DECK.code(card)} takes {' '.join(DECK.codes_of(cap))}"


def _unique_max(values: list[int]) -> int | None:
    best = max(values)
    return values.index(best) if values.count(best) == 1 else None


def _is_move(move: Any) -> bool:
    return isinstance(move, tuple) and len(move) == 2 and all(isinstance(x, int) for x in move)
