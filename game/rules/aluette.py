"""Aluette: the cow game of the French west coast, 4 players in fixed partnerships.

Rules text: ``docs/rules/aluette.txt`` (Norwegian); decisions on silent points:
``docs/rules/RULES-NOTES.md``. What this module implements:

* The 48-card Spanish-suited deck (``game.cards.SPANISH48``: ranks 1-9, Valet, Cavalier,
  Roi; suits D coins, C cups, B batons, E swords). Partners are seats 0+2 against 1+3.
* A deal: clockwise (seat + 1) in three rounds of three cards, from the player after the
  dealer: 9 cards each; the remaining 12 are unused and never seen. The first dealer is
  seat 3, so seat 0 leads the first deal; the deal passes clockwise.
* Ranking, strongest first: 3D Monsieur, 3C Madame, 2D Le borgne, 2C La vache,
  9C Grand-neuf, 9D Petit-neuf, 2B Deux de chêne, 2E Deux d'écrit; then the groups
  aces > Rois > Cavaliers > Valets > 9B/9E > 8s > 7s > 6s > 5s > 4s > 3B/3E. Cards of one
  group are equal; suits never decide.
* Any card of the hand may be played. The unique strongest card wins the trick and its
  player leads next; when the top strength is shared the trick is spoiled (pourri):
  nobody takes it and the same leader leads again.
* After nine tricks the single player with most tricks scores for the partnership
  (partners never add their tricks); on a tie for most, the tied player who reached that
  count first. All nine spoiled: nobody scores. Mordienne: when that player won no trick
  before a final unbroken run of at least two won tricks ending with the last trick, the
  partnership scores 2 instead of 1.
* A match is always five deals; the partnership with more points wins; equal is a draw.

Moves are cards (ints); in JSON ``{"kind": "play", "card": "3D"}`` (``{"card": "3D"}`` is
still accepted).

Events from ``apply``: ``round_start`` (a deal), ``play`` (seat, card), ``trick_end``
(winner, or ``spoiled``), ``round_end`` (summary of the deal), ``game_end`` (winners, draw).
"""
from __future__ import annotations

from typing import Any, Sequence

from game.cards import SPANISH48, bits
from game.rules.base import (
    DEALER, FINISHED, GAME, HAND, HAND_COUNTS, JSON, OPTIONS, PLAYERS, ROUND, SEAT, TO_MOVE, GameInfo, Option,
    RulesError, State, parse_deck_order, round_rng,
)
from game.rules.fields import Field, Shown
from game.rules.tricks import TRICK_FIELDS, TrickFields, TrickRecord, deal_blocks, sample_hands, unique_highest

DECK = SPANISH48
SEATS = 4
HAND_SIZE = 9
TRICKS = 9
DEALS = 5

_SPECIALS = ("3D", "3C", "2D", "2C", "9C", "9D", "2B", "2E")
_GROUPS = ("1", "R", "C", "V", "9", "8", "7", "6", "5", "4", "3")


def _strengths() -> tuple[int, ...]:
    table = [0] * DECK.size
    top = 100
    for i, code in enumerate(_SPECIALS):
        table[DECK.card(code)] = top - i
    for g, rank in enumerate(_GROUPS):
        for suit in "DCBE":
            code = rank + suit
            if code not in _SPECIALS:
                table[DECK.card(code)] = 50 - g
    return tuple(table)


STRENGTH = _strengths()
NAMES = {
    "3D": "Monsieur", "3C": "Madame", "2D": "Le borgne", "2C": "La vache",
    "9C": "Grand-neuf", "9D": "Petit-neuf", "2B": "Deux de chêne", "2E": "Deux d'écrit",
}

INFO = GameInfo(
    id="aluette",
    name="Aluette",
    min_players=SEATS,
    max_players=SEATS,
    deck=DECK,
    # Declared so tools that pass teams=True for partnership games (the arena) are accepted.
    options=(Option("teams", (True,), True, "fixed partnerships: seats 0+2 against 1+3"),),
    teams="fixed",
    description="Partnership trick game with the Spanish deck; most tricks by one player scores.",
    extra={"partners": [[0, 2], [1, 3]], "deals": DEALS},
)


def team_of(seat: int) -> int:
    return seat % 2


def deal_score(winners: Sequence[int | None]) -> tuple[int | None, int]:
    """(the player who wins the deal or None, points) from the trick winners in order
    (None for a spoiled trick)."""
    counts = [0] * SEATS
    reached = [0] * SEATS  # trick index at which the player reached their final count
    for i, w in enumerate(winners):
        if w is not None:
            counts[w] += 1
            reached[w] = i
    best = max(counts)
    if best == 0:
        return None, 0
    tied = [s for s in range(SEATS) if counts[s] == best]
    player = min(tied, key=lambda s: reached[s])
    won = [i for i, w in enumerate(winners) if w == player]
    n = len(winners)
    mordienne = len(won) >= 2 and won == list(range(n - len(won), n))
    return player, 2 if mordienne else 1


SIDES = [[0, 2], [1, 3]]


class AluetteState(TrickFields, State):
    info = INFO
    FORMAT = 2
    FIELDS = (
        ROUND,
        DEALER,
        TO_MOVE,
        Field("hands", "masks"),
        Field("unused", "mask"),
        *TRICK_FIELDS,
        Field("tricks_won", "ints"),
        Field("points", "ints", "side_totals"),
        Field("rounds", "records"),
    )
    MOVE_KINDS = {"play": (Field("card", "card"),)}
    OBSERVATION = (
        GAME, SEAT, PLAYERS, OPTIONS,
        Shown("partner", "(seat + 2) % 4"),
        ROUND,
        DEALER,
        TO_MOVE,
        FINISHED,
        Shown("phase", "'play' if s.to_move is not None else 'over'"),
        HAND,
        HAND_COUNTS,
        *TRICK_FIELDS,
        Field("tricks_won", "ints"),
        Field("points", "ints", "team_totals"),
        Shown("totals", "s.seat_totals()"),
        Field("rounds", "records"),
    )

    @classmethod
    def new(
        cls, players: int = SEATS, options: dict[str, Any] | None = None, seed: int = 0,
        deck_order: Sequence[str] | None = None,
    ) -> "AluetteState":
        opts = INFO.resolve(players, options)
        INFO.check_seed(seed)
        s = cls.__new__(cls)
        s.players = SEATS
        s.options = opts
        s.seed = seed
        s.round_no = 0
        s.dealer = SEATS - 1
        s.points = [0, 0]
        s.rounds = []
        s._start_deal(deck_order)
        return s

    def _start_deal(self, deck_order: Sequence[str] | None = None) -> list[JSON]:
        if deck_order is not None:
            order = parse_deck_order(DECK, deck_order)
        else:
            order = list(range(DECK.size))
            round_rng(self.seed, self.round_no).shuffle(order)
        seats = [(self.dealer + k) % SEATS for k in range(1, SEATS + 1)]
        dealt, used = deal_blocks(order, seats, HAND_SIZE, 3)
        self.hands = [0] * SEATS
        for i, s in enumerate(seats):
            self.hands[s] = dealt[i]
        self.unused = sum(1 << c for c in order[used:])
        self.record = TrickRecord(leader=seats[0])
        self.tricks_won = [0] * SEATS
        self.to_move = seats[0]
        return [{"type": "round_start", "round": self.round_no, "dealer": self.dealer}]

    # ----------------------------------------------------------------- verbs
    def current_player(self) -> int | None:
        return self.to_move

    def legal_moves(self) -> list[int]:
        if self.to_move is None:
            return []
        return list(bits(self.hands[self.to_move]))

    def apply(self, move: Any) -> list[JSON]:
        if (
            self.to_move is None or not isinstance(move, int) or isinstance(move, bool)
            or not 0 <= move < DECK.size or not self.hands[self.to_move] >> move & 1
        ):
            raise RulesError(f"aluette: illegal move {move!r}")
        return self.apply_unchecked(move, [])

    def apply_unchecked(self, card: int, events: list[JSON] | None = None) -> list[JSON] | None:
        seat = self.to_move
        self.hands[seat] ^= 1 << card
        rec = self.record
        rec.plays.append((seat, card))
        if events is not None:
            events.append({"type": "play", "seat": seat, "card": DECK.code(card)})
        if len(rec.plays) < SEATS:
            self.to_move = (seat + 1) % SEATS
            return events
        winner = unique_highest(rec.plays, STRENGTH)
        if events is not None:
            ev = {"type": "trick_end", "winner": winner, "cards": [DECK.code(c) for _, c in rec.plays]}
            if winner is None:
                ev["spoiled"] = True
            events.append(ev)
        leader = rec.leader
        rec.close(winner)
        if winner is not None:
            self.tricks_won[winner] += 1
            leader = winner
        rec.leader = leader
        self.to_move = leader
        if len(rec.done) == TRICKS:
            self._end_deal(events)
        return events

    def _end_deal(self, events: list[JSON] | None) -> None:
        winners = [w for _, _, w in self.record.done]
        player, pts = deal_score(winners)
        gained = [0, 0]
        if player is not None:
            gained[team_of(player)] = pts
        for t in range(2):
            self.points[t] += gained[t]
        summary = {
            "round": self.round_no,
            "sides": SIDES,
            "points": gained,
            "totals": list(self.points),
            "dealer": self.dealer,
            "tricks_won": list(self.tricks_won),
            "trick_winners": winners,
            "deal_winner": player,
            "mordienne": pts == 2,
        }
        self.rounds.append(summary)
        if events is not None:
            events.append({"type": "round_end", "summary": summary})
        if len(self.rounds) >= DEALS:
            self.to_move = None
            if events is not None:
                events.append({"type": "game_end", "winners": self.winners(), "draw": self.points[0] == self.points[1]})
            return
        self.round_no += 1
        self.dealer = (self.dealer + 1) % SEATS
        ev = self._start_deal()
        if events is not None:
            events.extend(ev)

    def winners(self) -> list[int]:
        if self.to_move is not None or self.points[0] == self.points[1]:
            return []
        team = 0 if self.points[0] > self.points[1] else 1
        return [team, team + 2]

    def result(self) -> JSON:
        finished = self.to_move is None
        return {
            "finished": finished,
            "winners": self.winners(),
            "draw": finished and self.points[0] == self.points[1],
            "totals": self.seat_totals(),
            "sides": SIDES,
            "side_totals": list(self.points),
            "rounds": self.rounds,
        }

    # ----------------------------------------------------------------- views
    def seat_totals(self) -> list[int]:
        return [self.points[team_of(s)] for s in range(SEATS)]

    def json_extra(self) -> JSON:
        return {
            "finished": self.to_move is None,
            "totals": self.seat_totals(),
            "winners": self.winners(),
        }

    @classmethod
    def upgrade_json(cls, data: JSON, fmt: int) -> JSON:
        # Format 1: "deal" for the round, "team_totals", deal summaries without sides.
        data["round"] = data.pop("deal")
        data["side_totals"] = data.pop("team_totals")
        data["rounds"] = [upgrade_summary(r) for r in data.get("rounds", [])]
        return data

    def after_load(self) -> None:
        if self.players != SEATS:
            raise RulesError(f"malformed aluette state: {SEATS} players, not {self.players}")
        if len(self.hands) != SEATS or len(self.tricks_won) != SEATS or len(self.points) != 2:
            raise RulesError("malformed aluette state: 4 hands, 4 trick counts and 2 team totals expected")
        if not 0 <= self.dealer < SEATS or (self.to_move is not None and not 0 <= self.to_move < SEATS):
            raise RulesError("malformed aluette state: to_move or dealer is not a seat")
        self.check_tricks(range(SEATS), "aluette")
        if self.to_move is not None:
            self.check_turn(range(SEATS), self.to_move, self.hands, "aluette")
        if self.round_no < 0:
            raise RulesError("malformed aluette state: round must be 0 or more")
        if self.to_move is not None and len(self.rounds) >= DEALS:
            raise RulesError(f"malformed aluette state: a match is {DEALS} deals, and {len(self.rounds)} are played")
        won = [sum(1 for _, _, w in self.tricks if w == seat) for seat in range(SEATS)]
        if self.to_move is not None and list(self.tricks_won) != won:
            raise RulesError(f"malformed aluette state: tricks_won {list(self.tricks_won)} differs from the deal's tricks {won}")
        self.check_cards_whole()

    def card_locations(self) -> dict[str, int]:
        places = {"unused": self.unused, "played": self.record.played_mask()}
        for seat in range(SEATS):
            places[f"hand {seat}"] = self.hands[seat]
        return places

    def hidden_cards(self, seat: int) -> int:
        hidden = self.unused
        for other, hand in enumerate(self.hands):
            if other != seat:
                hidden |= hand
        return hidden

    def hidden_dealer(self, observation: JSON):
        """The other hands and the 12 unused cards, dealt at random: any card may be played,
        so play reveals nothing about what a hand still holds."""
        seat = observation["seat"]
        own = DECK.mask_of(observation["hand"])
        unseen = DECK.full_mask & ~(own | self.record.played_mask())
        counts = {x: observation["hand_counts"][x] for x in range(SEATS) if x != seat}

        def deal(w: "AluetteState", rng) -> None:
            w.seed = rng.getrandbits(32)
            dealt = sample_hands(unseen, counts, rng)
            w.hands = [own if x == seat else dealt[x] for x in range(SEATS)]
            w.unused = dealt[-1]

        return deal

    # ----------------------------------------------------------------- moves
    @classmethod
    def move_tuple(cls, move: int) -> tuple:
        return ("play", move)

    @classmethod
    def move_from_tuple(cls, move: tuple) -> int:
        return move[1]

    @classmethod
    def upgrade_move_json(cls, data: JSON) -> JSON:
        if set(data) != {"card"}:
            raise RulesError('an aluette move is {"kind": "play", "card": "3D"}')
        return {"kind": "play", "card": data["card"]}

    @classmethod
    def move_text(cls, move: int) -> str:
        code = DECK.code(move)
        return f"{code} ({NAMES[code]})" if code in NAMES else code


def upgrade_summary(summary: JSON) -> JSON:
    """A deal summary of state format 1 in the common shape."""
    if "sides" in summary:
        return summary
    out = {"round": summary["deal"], "sides": SIDES, "points": summary["points"], "totals": summary["totals"]}
    out.update({k: v for k, v in summary.items() if k not in ("deal", "winner", "points", "totals")})
    out["deal_winner"] = summary.get("winner")
    return out
