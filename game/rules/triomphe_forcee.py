"""Triomphe Forcée: 2 to 10 players, a pot of chips, one point a trick.

Rules text: ``docs/rules/dutch_games.txt`` ("Triomphe Forcée, 2-10 spelers");
rulings: ``docs/rules/RULES-NOTES.md`` (Tarot family). Shared mechanics: ``tarot.py``. What is
particular to the game:

* 12 cards each (above six players floor(78 / players)); the rest unused. Red suits rank
  R-D-C-V-1..10, black suits R-D-C-V-10..1.
* The pot: every player antes one chip when it is empty (each starts with 20, an option).
  A player dealt †13 (Death) shows it at once (his only move: ``declare`` ``death``) and takes
  the whole pot; the deal ends there.
* Declarations before the first lead, in playing order: the Excuse and †1 one stake each from
  the pot, †11 two, while the pot lasts; when declarations empty the pot, everyone antes
  again.
* Following as in every tarot game; the Excuse may always be played instead and never wins.
* One point a trick; the most tricks takes what is left in the pot; a tie leaves it for the
  next deal (no antes while it is not empty).
* The game ends after a fixed number of deals (default 10) or when a player cannot ante;
  the most chips wins (equal counts share the win). The totals are the chip balances: chips
  won minus chips lost since the start (``chips()`` gives the chips held).
"""
from __future__ import annotations

from game.rules.base import JSON, GameInfo, Option, RulesError
from game.rules.fields import Field, Shown
from game.rules.tarot import DECK, EXC_BIT, T01, T11, T13, Profile, TarotState

DECLARATIONS = (("excuse", EXC_BIT, 1), ("pagat", 1 << T01, 1), ("eleven", 1 << T11, 2))
DECLARABLE = EXC_BIT | 1 << T01 | 1 << T11
ANTE = 1

INFO = GameInfo(
    id="triomphe_forcee",
    name="Triomphe Forcée",
    min_players=2,
    max_players=10,
    deck=DECK,
    options=(
        Option("chips", (10, 20, 50), 20, "chips each player starts with"),
        Option("deals", (5, 10, 20), 10, "deals in a game (it ends sooner when a player cannot ante)"),
    ),
    description="Old tarot casino game: Death takes the pot, the most tricks takes the rest.",
)


class TriompheForceeState(TarotState):
    info = INFO
    # No card counts: the tricks do (a deal's points are chips, a few at most).
    PROFILE = Profile((0.0,) * DECK.size, every_trick=True, scale=2.0)
    EXCUSE_SETTLE = False
    EXTRA_FIELDS = (Field("pot", "int"), Field("broke", "bool"))
    EXTRA_SHOWN = (Shown("chips", "s.chips()"),)  # what each player holds is on the table for all to see

    def after_load(self) -> None:
        super().after_load()
        if self.pot < 0:
            raise RulesError(f"{self.info.id} state: the pot cannot hold fewer than 0 chips")

    def init_extra(self) -> None:
        self.pot = 0
        self.broke = False

    def chips(self) -> list[int]:
        """Chips held: the starting chips plus the balance."""
        return [self.options["chips"] + t for t in self.totals]

    def hand_size(self) -> int:
        return 12 if self.players <= 6 else 78 // self.players

    def _ante(self, events: list | None) -> None:
        paid = []
        held = self.chips()
        for s in range(self.players):
            if held[s] >= ANTE:
                self.totals[s] -= ANTE
                self.deal_points[s] -= ANTE
                self.pot += ANTE
                paid.append(s)
            else:
                self.broke = True
        if events is not None:
            events.append({"type": "ante", "seats": paid, "pot": self.pot})

    def can_deal(self) -> bool:
        if self.pot == 0 and min(self.chips()) < ANTE:
            self.broke = True
            return False
        return True

    def before_deal(self, events: list | None) -> None:
        if self.pot == 0:
            self._ante(events)

    def death_holder(self) -> int | None:
        for s in range(self.players):
            if self.hands[s] >> T13 & 1:
                return s
        return None

    def declare_order(self) -> list[int]:
        holder = self.death_holder()
        if holder is not None:
            return [holder]  # Death is shown at once and ends the deal
        return [(self.dealer + 1 + k) % self.players for k in range(self.players)]

    def combos(self, seat: int) -> list[tuple[str, int, int]]:
        if self.hands[seat] >> T13 & 1:
            return [("death", 1 << T13, self.pot)]
        if self.pot <= 0:
            return []
        done = {d["combo"] for d in self.declared if d["seat"] == seat}
        hand = self.hands[seat]
        return [(name, card, stakes) for name, card, stakes in DECLARATIONS if hand & card and name not in done]

    def legal_moves(self) -> list:
        seat = self.to_move
        if self.phase == "declare" and self.hands[seat] >> T13 & 1:
            return [("declare", "death")]  # "dan roemt hij deze meteen": no other choice
        return super().legal_moves()

    def on_declare(self, seat: int, name: str, cards: int, points: int, events: list | None) -> None:
        if name == "death":
            won = self.pot
            self.totals[seat] += won
            self.deal_points[seat] += won
            self.pot = 0
            if events is not None:
                events.append({"type": "death", "seat": seat, "pot": won})
            self._close_round({"death": seat, "pot_winner": seat, "pot_won": won, "pot": 0}, events)
            return
        take = min(points * ANTE, self.pot)
        self.pot -= take
        self.totals[seat] += take
        self.deal_points[seat] += take
        self.declared[-1]["points"] = take
        if events is not None:
            events.append({"type": "declare", "seat": seat, "combo": name, "cards": DECK.codes_of(cards), "points": take,
                           "chips": take})
        if self.pot == 0:
            self._ante(events)

    def hidden_constraints(self, seat: int) -> tuple[dict[int, int], dict[int, int]]:
        """Beside voids and declared cards: once a deal is under way nobody holds Death (it
        would have been shown and ended the deal), and once play has begun, a player who did
        not declare the Excuse, †1 or †11 does not hold it (a declaration only gains: stakes
        from the pot while it lasts, and it is refilled when emptied)."""
        allowed, known = super().hidden_constraints(seat)  # known: each seat's declared cards
        if self.phase in ("declare", "play"):
            undeclared = DECLARABLE if self.phase == "play" else 0
            for x in allowed:
                allowed[x] &= ~(1 << T13 | undeclared & ~known.get(x, 0))
        return allowed, known

    def deals_done(self) -> bool:
        return self.broke or len(self.rounds) >= self.options["deals"]

    def score_deal(self) -> JSON:
        best = max(self.tricks_won)
        top = [s for s in range(self.players) if self.tricks_won[s] == best]
        winner = top[0] if len(top) == 1 else None
        won = 0
        if winner is not None:
            won = self.pot
            self.totals[winner] += won
            self.deal_points[winner] += won
            self.pot = 0
        return {"pot_winner": winner, "pot_won": won, "pot": self.pot}

    def json_extra(self) -> JSON:
        return {**super().json_extra(), "chips": self.chips()}

    def result(self) -> JSON:
        return {**super().result(), "chips": self.chips()}
