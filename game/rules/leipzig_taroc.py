"""Leipzig Taroc: three players, declarations, the Pagat, card points above 26.

Rules text: ``docs/rules/dutch_games.txt`` ("Leipzig Taroc, 3 spelers");
rulings: ``docs/rules/RULES-NOTES.md`` (Tarot family). Shared mechanics: ``tarot.py``. What is
particular to the game:

* 25 cards each, the dealer takes the last 3 and discards three face down (they count for
  him): never a Roi; trumps only when he holds †1 and exactly two other trumps, or †1, the
  Excuse and one other trump, and then those three together; the Excuse always. (Should he
  hold fewer than three cards he may discard, trumps complete the skart.)
* Declarations, the dealer first, then in playing order; each is shown and paid at once by
  both others in game points: Matadors (†1, †21, Excuse) 10, +5 for each trump †20, †19, ...
  held in unbroken sequence; Cavallerie (four courts of a suit) 10; half Cavallerie (three
  courts of a suit and the Excuse) 5; ten or more trumps (the Excuse is no trump here) 10,
  +5 each above ten; four Rois 10; three Rois and the Excuse 5.
* The Excuse may not lead nor be played to the last three tricks; a player who must trump
  (void in the suit led, or trumps led) and holds no trump must play it; in the 22nd trick a
  player still holding it must play it, and if he is to lead he passes the lead to the player
  on his right (``pass_lead``) and plays it to that trick. It returns to its owner, who gives
  a low card to the winner when he has one (at the end a point card if he never had a low
  card); no card is given if he never wins a trick.
* Pagat: a player whose †1 is won by an opponent pays both others 5 (10 in the last trick);
  a player who wins the last trick with †1 is paid 10 by each.
* Card points counted by threes (two cards left over count as three, the Excuse alone 4):
  78 in all. Above 26 a player scores the excess in game points, below he loses the
  difference. A game is a fixed number of deals, a multiple of three (default 6).
* Options (the text's variants, five rows for the setup screen): ``ten_trumps`` ``"10+5"``
  (the text), ``"nuremberg"`` (Nuremberg Taroc: paid only if the declarer takes more than 26)
  or ``"10"``/``"15"``/``"20"`` (Prague-Vienna: an agreed base, no extra above ten);
  ``declarations`` ``standard``, ``hidden`` (declared cards need not be shown),
  ``three_matadors`` (no Matadors beyond the three, worth 20) or both
  (``hidden_three_matadors``); ``annul_few_trumps`` (a player dealt one or two trumps may
  annul the deal); ``excuse`` ``standard``, ``not_forced`` (no obligation to play the Excuse
  when out of trumps), ``may_lead`` (the Excuse may lead; the others must then trump) or
  ``free`` (both).
"""
from __future__ import annotations

from game.rules.base import JSON, GameInfo, Option
from game.rules.fields import Field
from game.rules.tarot import (COURTS, DECK, EXC_BIT, ROIS, SUIT_MASKS, SUITS, T01, T21, TRUMPS, Profile, TarotState, by_threes,
                              skart_combinations, trump, values_table)

VALUES = values_table(roi=5, dame=4, cavalier=3, valet=2, oudler=5, excuse=5, low=1)
DECK_POINTS = 78
PAR = 26
TRICKS = 25
EXCUSE_LAST_TRICK = 21  # index of the 22nd trick

INFO = GameInfo(
    id="leipzig_taroc",
    name="Leipzig Taroc",
    min_players=3,
    max_players=3,
    deck=DECK,
    options=(
        Option("deals", (3, 6, 9, 12), 6, "deals in a game (a multiple of three)"),
        Option("ten_trumps", ("10+5", "nuremberg", "10", "15", "20"), "10+5",
               "ten trumps: 10, +5 each above ten; Nuremberg: paid only above 26; Prague-Vienna: an agreed base, no extra"),
        Option("declarations", ("standard", "hidden", "three_matadors", "hidden_three_matadors"), "standard",
               "Prague-Vienna: declared cards need not be shown; no Matadors beyond the three, worth 20"),
        Option("annul_few_trumps", (False, True), False, "Prague-Vienna: a player dealt one or two trumps may annul the deal"),
        Option("excuse", ("standard", "not_forced", "may_lead", "free"), "standard",
               "the Excuse: as the text (out of trumps it must be played; it never leads); Prague-Vienna: "
               "not forced, may lead (the others must then trump), or both"),
    ),
    description="German tarot of the 18th century: declarations, the Pagat, points above 26.",
    extra={"deck_points": DECK_POINTS},
)


def combinations_in(hand: int, options: dict) -> list[tuple[str, int, int]]:
    """Every declaration a hand holds: (name, cards shown, game points)."""
    out = []
    oudlers = 1 << T01 | 1 << T21 | EXC_BIT
    if hand & oudlers == oudlers:
        if "three_matadors" not in options["declarations"]:
            cards, n = oudlers, 20
            while n >= 2 and hand >> trump(n) & 1:
                cards |= 1 << trump(n)
                n -= 1
            out.append(("matadors", cards, 10 + 5 * (20 - n)))
        else:
            out.append(("matadors", oudlers, 20))
    for s, suit in enumerate(SUITS):
        courts = hand & COURTS & SUIT_MASKS[s]
        if courts.bit_count() == 4:
            out.append((f"cavallerie_{suit}", courts, 10))
        elif courts.bit_count() == 3 and hand & EXC_BIT:
            out.append((f"half_cavallerie_{suit}", courts | EXC_BIT, 5))
    trumps = hand & TRUMPS
    if trumps.bit_count() >= 10:
        scale = options["ten_trumps"]
        points = 10 + 5 * (trumps.bit_count() - 10) if scale in ("10+5", "nuremberg") else int(scale)
        out.append(("trumps", trumps, points))
    rois = hand & ROIS
    if rois.bit_count() == 4:
        out.append(("four_rois", rois, 10))
    elif rois.bit_count() == 3 and hand & EXC_BIT:
        out.append(("three_rois_excuse", rois | EXC_BIT, 5))
    return out


def _without_suit(combo: str) -> str:
    """A hidden declaration names its kind, not its suit (``cavallerie_H`` -> ``cavallerie``)."""
    head, _, tail = combo.rpartition("_")
    return head if head and tail in SUITS else combo


class LeipzigTarocState(TarotState):
    info = INFO
    PROFILE = Profile(by_threes(VALUES), pagat_last=True)  # †1 is worth most in the last trick
    SKART = 3
    EXCUSE_END = "keep"
    EXTRA_FIELDS = (Field("pending", "ints"),)
    SEAT_LISTS = TarotState.SEAT_LISTS + ("pending",)

    def init_extra(self) -> None:
        self.pending = [0] * self.players

    # Every declaration a hand holds, for a view's buttons (they show the points).
    combinations_in = staticmethod(combinations_in)

    def hand_size(self) -> int:
        return TRICKS

    def card_values(self) -> tuple[int, ...]:
        return VALUES

    # -- skart
    def skart_allowed(self, hand: int) -> list[int]:
        free = hand & ~ROIS & ~TRUMPS
        out = skart_combinations(free, self.SKART) if free.bit_count() >= self.SKART else []
        trumps = hand & TRUMPS
        if trumps >> T01 & 1:
            if trumps.bit_count() == 3:
                out.append(trumps)
            elif trumps.bit_count() == 2 and hand & EXC_BIT:
                out.append(trumps | EXC_BIT)
        if not out:
            out = skart_combinations(hand & ~ROIS, self.SKART)
        return out

    def skart_refusal(self, cards: int) -> str:
        if cards & ROIS:
            return f"{DECK.codes_of(cards & ROIS)}: a Roi may never be discarded"
        return (f"{DECK.codes_of(cards & TRUMPS)}: trumps only as †1 with exactly two other trumps, "
                "or †1, the Excuse and one other trump, those three together")

    def skart_could_hold(self) -> int:
        return DECK.full_mask & ~ROIS

    # -- annulment and declarations
    def annul_seats(self) -> list[int]:
        if not self.options["annul_few_trumps"]:
            return []
        n = self.players
        order = [(self.dealer + 1 + k) % n for k in range(n)]
        return [s for s in order if 1 <= (self.hands[s] & TRUMPS).bit_count() <= 2]

    def declare_order(self) -> list[int]:
        return [(self.dealer + k) % self.players for k in range(self.players)]

    def combos(self, seat: int) -> list[tuple[str, int, int]]:
        done = {d["combo"] for d in self.declared if d["seat"] == seat}
        return [c for c in combinations_in(self.hands[seat], self.options) if c[0] not in done]

    def on_declare(self, seat: int, name: str, cards: int, points: int, events: list | None) -> None:
        if name == "trumps" and self.options["ten_trumps"] == "nuremberg":
            self.pending[seat] += points
            paid = False
        else:
            self._pay(seat, points)
            paid = True
        if events is not None:
            # Events are public: with hidden declarations the others hear the kind, not the suit.
            ev = {"type": "declare", "seat": seat, "combo": name if self.shown() else _without_suit(name),
                  "points": points, "paid": paid}
            if self.shown():
                ev["cards"] = DECK.codes_of(cards)
            events.append(ev)

    def shown(self) -> bool:
        """Declared cards are shown (Prague-Vienna: they need not be)."""
        return "hidden" not in self.options["declarations"]

    def declared_view(self, seat: int) -> list:
        if self.shown():
            return self.declared
        return [d if d["seat"] == seat else {"seat": d["seat"], "combo": _without_suit(d["combo"]), "points": d["points"]}
                for d in self.declared]

    def _pay(self, seat: int, points: int) -> None:
        """Both others pay ``points`` to ``seat`` (negative: the seat pays each of them)."""
        for x in range(self.players):
            delta = 2 * points if x == seat else -points
            self.totals[x] += delta
            self.deal_points[x] += delta

    # -- play
    def restrict(self, seat: int, playable: int, leading: bool) -> int:
        hand = self.hands[seat]
        if not hand & EXC_BIT:
            return playable
        index = len(self.tricks)
        if index == EXCUSE_LAST_TRICK:
            if leading and not self.options["excuse"] in ("may_lead", "free"):
                return 0  # pass the lead to the right, play the Excuse after
            return EXC_BIT
        if index > EXCUSE_LAST_TRICK or (leading and not self.options["excuse"] in ("may_lead", "free")):
            rest = playable & ~EXC_BIT
            return rest or playable
        return playable

    def unable(self, hand: int) -> int:
        if self.options["excuse"] in ("standard", "may_lead") and hand & EXC_BIT:
            return EXC_BIT
        return hand

    def excuse_denied_when_unable(self) -> int:
        return EXC_BIT if self.options["excuse"] in ("standard", "may_lead") else 0

    def excuse_leads_trumps(self) -> bool:
        return self.options["excuse"] in ("may_lead", "free")

    def on_trick(self, index: int, leader: int, cards: list[int], winner: int, events: list | None) -> None:
        if T01 not in cards:
            return
        player = (leader + cards.index(T01)) % self.players
        last = index == TRICKS - 1
        if winner != player:
            points = -(10 if last else 5)
        elif last:
            points = 10
        else:
            return
        self._pay(player, points)
        if events is not None:
            events.append({"type": "pagat", "seat": player, "points": points, "last_trick": last})

    # -- scoring
    def deals_done(self) -> bool:
        return len(self.rounds) >= self.options["deals"]

    def score_deal(self) -> JSON:
        card_points, honours, sets = self.counted_by_threes()
        game_points = [pts - PAR for pts in card_points]
        paid_late = []
        for x in range(self.players):
            self.totals[x] += game_points[x]
            self.deal_points[x] += game_points[x]
        for s in range(self.players):
            late = self.pending[s] if card_points[s] > PAR else 0
            paid_late.append(late)
            if late:
                self._pay(s, late)
        self.pending = [0] * self.players
        return {"card_points": card_points, "simple": {"honours": honours, "sets": sets},
                "card_score": game_points, "declarations_paid_late": paid_late,
                "skart": DECK.codes_of(self.skart)}
