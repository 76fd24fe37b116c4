"""The view interface: what a game tells the one table scene (game/scenes/table.py).

A view *declares*; the table places, draws, animates and routes input. A game's view
names the table zones it uses (``ZONES``), fills them from the viewer's observation
(``shown``), says which cards a legal move uses (``move_cards`` / ``move_targets``) and
what its kind is, and gives the texts: status line, seat lines, prompts, hint and
refusal texts, round-summary table, game-over lines. Everything is read from the
observation (``phase``, ``legal`` with each move's ``kind``) and from the events that
``apply`` returns, never from the rules' internals.

See docs/plugins.md, section "view", for a game author's walk-through.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.i18n import lookup, t
from game.scenes.animation import Flight, Step
from game.ui import widgets
from game.ui.cards import card_name
from game.ui.units import is_phone

# The zones a table can hold. Per seat: HAND (face up for the viewer, backs for the
# others), WON (face-down pile of captures or tricks), FACEUP (cards shown in front of a
# player: penalty cards taken, declarations), MELDS (groups laid on the table). Shared:
# TRICK (each card in front of the player who played it), OPEN (the open capture table),
# STOCK, DISCARD (top card face up), TRUMP (the turned card), ASIDE (skart, chien, talon,
# spoiled tricks: a face-down pile in the felt's corner), POT (chips).
HAND, WON, FACEUP, MELDS = "hand", "won", "faceup", "melds"
TRICK, OPEN, STOCK, DISCARD, TRUMP, ASIDE, POT = "trick", "open", "stock", "discard", "trump", "aside", "pot"
SEAT_ZONES = (HAND, WON, FACEUP, MELDS)
ZONE_KINDS = SEAT_ZONES + (TRICK, OPEN, STOCK, DISCARD, TRUMP, ASIDE, POT)

# Which move kinds a card dropped on a zone may make (drag and drop).
DROP_KINDS = {
    TRICK: ("play",), OPEN: ("play", "capture"), DISCARD: ("discard",),
    MELDS: ("meld", "layoff"), ASIDE: ("discard", "exchange"), STOCK: (),
}


@dataclass
class SummaryTable:
    """A round summary as the generic summary screen shows it."""

    title: str
    headers: list[str]
    rows: list[list[str]]
    widths: list[float]  # column widths, fractions of the table (they add up to 1)
    best: set[int] = field(default_factory=set)  # rows whose total is drawn in gold
    notes: list[str] = field(default_factory=list)
    bold: set[int] = field(default_factory=lambda: {0, -1})  # column indexes in bold
    team_column: int | None = None  # a column holding a team number, drawn with its colour
    # Optional: cards spread under the table, per row: groups ``(kind, [codes])``, kind being
    # "meld", "layoff" (cards laid off) or "deadwood" (cards left, framed in red): the hands
    # shown at a rummy hand's end.
    spreads: list[list[tuple[str, list[str]]]] | None = None
    spread_column: int = 1  # the column the spreads are drawn in (its text is left empty)
    # Optional, per row: a card of the spread -> a mark the view draws on it
    # (``GameView.draw_card_mark``: the card a rummy joker stands for).
    card_marks: list[dict[str, str]] | None = None


@dataclass
class GameOverLines:
    winner: str  # the headline
    lines: list[tuple[str, str]]  # (name, score), best first
    note: str = ""  # a line under the headline ("lowest total wins")
    gold_first: bool = True
    golds: int = 1  # how many lines, from the first, are in gold (winners sharing the win)


_PAINTERS: dict[str, object] = {}


def card_face(app, deck: str, code: str, width: int, caption: str | None = None) -> "pygame.Surface":
    """The one place that picks how a deck's cards are drawn: the Spanish painter for the
    Spanish deck, the app's French painter (four colours as set) for the others."""
    if deck.startswith("spanish"):
        if deck not in _PAINTERS:
            from game.ui.spanish_cards import SpanishCardRenderer

            _PAINTERS[deck] = SpanishCardRenderer()
        return _PAINTERS[deck].face(code, width, caption)
    return app.cards.face(code, width, app.settings.four_colour_suits)


def clear_painters() -> None:
    """Forget the faces drawn at earlier sizes (the window was laid out again)."""
    for painter in _PAINTERS.values():
        painter.clear()


def legacy_kind(move: dict) -> str:
    """The kind of a move written in a game's older JSON form (before ``kind`` existed)."""
    if "kind" in move:
        return move["kind"]
    if "pass" in move:
        return "pass"
    if move.get("capture"):
        return "capture"
    return "play"


def said(key: str, name: str, you: bool, **params) -> str:
    """A sentence about what a player did: in the second person (``key + "_you"``) when ``you``
    (the one human against AIs, whose name is "You": "You wins!" was the third person's verb),
    else with the player's name."""
    if you and lookup(key + "_you") is not None:
        return t(key + "_you", **params)
    return t(key, name=name, **params)


class GameView:
    """Base of every game's view: sensible defaults for a one-card-per-move game."""

    ZONES: tuple[str, ...] = (HAND, TRICK, WON)
    HAND_HEIGHT = 0.2  # hand card height, as a fraction of the window's height
    HAND_WIDTH = 0.11  # at most this fraction of the window's width per hand card
    TEXT_SIZE = 16  # seat panel text size at scale 1
    PANEL_MIN = 150  # narrowest seat panel, in pixels
    SEAT_LINES = 2  # text lines under a seat's name
    WON_ROW = False  # the won pile gets a row with a label (else a corner of the panel)
    FELT_LINE = False  # the felt's first line tells the last move (``felt_line``)
    ALWAYS_CONFIRM = False  # a chosen card waits for a second tap (or Enter) before it plays
    DEAL_GAP = 0.05  # seconds between two dealt cards
    BANNER_AT = "felt"  # banners over the felt's centre, or "prompt": in the status line's place
    INDEX_SHARE = 0.0  # of a card's width an overlapped hand card keeps visible (0: the table's default)
    COUNTER_CLOCKWISE = False  # play runs counter-clockwise: the next seat (seat + 1) sits on the viewer's right
    TRUMP_ACROSS = False  # the turned card lies across under the stock (else beside it)
    DISCARD_FAN = 1  # top cards of the discard pile shown fanned (each under the next, peeking out)
    SELECT_UP_TO = False  # select_count is a maximum: a move may use any number of the chosen cards (melds)
    BUTTONS_LOW = False  # action buttons along the felt's bottom edge (the felt's middle holds the game)
    TEAM_COLOURS = [(255, 200, 80), (120, 200, 255)]

    def __init__(self, table) -> None:
        self.table = table

    # ------------------------------------------------------------ shortcuts
    @property
    def match(self):
        return self.table.match

    @property
    def app(self):
        return self.table.app

    @property
    def shown(self) -> dict:
        return self.table.shown

    def name(self, seat: int) -> str:
        return self.match.seats[seat].name

    def is_you(self, seat: int) -> bool:
        """The one human playing against AIs: messages say "you" rather than the name."""
        return self.match.humans == [seat]

    def said(self, key: str, seat: int, **params) -> str:
        """A sentence about what a seat did (``said``), to the one human against AIs."""
        return said(key, self.name(seat), self.is_you(seat), **params)

    # ------------------------------------------------------------ what is shown
    def show(self, obs: dict, old: dict) -> dict:
        """The table's picture of the game from the viewer's observation: ``hand``,
        ``hand_counts``, ``dealer``, ``totals``, ``round`` and whatever the zones read."""
        return {
            "hand": self.sort_hand(obs.get("hand", [])),
            "hand_counts": list(obs.get("hand_counts", [])),
            "dealer": obs.get("dealer"),
            "totals": list(obs.get("totals", [])),
            "round": obs.get("round", 0),
        }

    def fresh_deal(self) -> bool:
        """A round that nobody has played to yet (the deal is animated)."""
        return False

    def sort_hand(self, codes: list[str]) -> list[str]:
        return list(codes)

    def deal_order(self) -> list[int]:
        n = self.match.players
        dealer = self.shown.get("dealer") or 0
        return [(dealer + j) % n for j in range(1, n + 1)]

    def face(self, code: str, width: int, named: bool = True) -> "pygame.Surface":
        """A card's face, from the painter of the game's deck (``card_face``); ``named``:
        with the name some decks print on a card (Aluette's), left off a card partly covered
        by the next, where the name would be cut."""
        return card_face(self.app, self.match.state.info.deck.name, code, width)

    def draw_card_mark(self, surface: "pygame.Surface", rect: "pygame.Rect", visible: int, mark: str) -> None:
        """Draw a summary's mark on a card (``SummaryTable.card_marks``) in its part left in
        sight (``visible`` px from its left edge); a game that gives marks draws them."""

    def card_label(self, code: str) -> str:
        return card_name(code)

    def team_of(self, seat: int) -> int | None:
        return self.match.side_of(seat) if self.match.teams else None

    def in_round(self, seat: int) -> bool:
        """Does this seat play the current round (a tie-break may leave seats out)?"""
        return True

    # ------------------------------------------------------------ zones
    def zone_cards(self, zone: str, seat: int | None = None) -> list:
        """Cards of a zone as shown: WON, FACEUP, MELDS (list of groups) per seat; TRICK as
        (seat, card) pairs; OPEN, DISCARD, TRUMP as codes; STOCK and ASIDE as counts."""
        return self.shown.get(zone, []) if seat is None else self.shown.get(zone, {}).get(seat, [])

    def won_label(self, seat: int) -> str:
        return ""

    def won_count(self, seat: int) -> int:
        """How thick the won pile looks when its cards are not listed (tricks won)."""
        return len(self.zone_cards(WON, seat))

    def aside_label(self, count: int) -> str:
        return ""

    # ------------------------------------------------------------ moves
    def phase(self, obs: dict) -> str:
        return obs.get("phase") or "play"

    def move_kind(self, move: dict) -> str:
        return legacy_kind(move)

    def move_cards(self, move: dict) -> list[str]:
        """Cards of the mover's hand that the move uses."""
        cards = [move["card"]] if "card" in move else []
        for key in ("cards", "pass"):
            cards += list(move.get(key, []))
        return cards

    def move_targets(self, move: dict) -> list[str]:
        """Cards already on the table that the move takes or joins (captures, a meld laid off to)."""
        return list(move.get("capture", [])) + list(move.get("target", []))

    def select_count(self, phase: str) -> int:
        """Cards chosen together in this phase (a pass, a skart, a meld); 0: one card per move."""
        return 0

    def drop_kinds(self, zone: str) -> tuple[str, ...]:
        """Move kinds a card dropped on this zone may make (``DROP_KINDS`` unless the game says)."""
        return DROP_KINDS.get(zone, ())

    def action_label(self, kind: str) -> str:
        return t(f"action.{kind}")

    def action_refusal(self, kind: str, selected: list[str]) -> str:
        """Why the button ``kind`` plays nothing with these chosen cards."""
        return t("trick.refused")

    def drop_refusal(self, zone: str, code: str) -> str | None:
        """Why this card dropped on this zone makes no move (None: say nothing)."""
        return None

    def pile_move(self, zone: str, card: str | None, legal: list[dict]) -> dict | None:
        """The move a tap on the stock or the discard pile makes (``card``: the pile's card
        under the finger, when the pile is fanned): by default the ``draw`` from there."""
        for m in legal:
            if self.move_kind(m) == "draw" and m.get("from", STOCK) == zone:
                return m
        return None

    def view_actions(self) -> list[tuple[str, str]]:
        """Buttons of the view's own (not moves: sort the hand): (key, label)."""
        return []

    def view_action(self, key: str) -> None:
        """One of ``view_actions`` was pressed."""

    def meld_area(self, seat: int):
        """Where a seat's melds lie, when the view draws them itself (None: the table's strip)."""
        return None

    def meld_spans(self) -> list:
        """(label, rect) of each meld as last drawn, when a tap on one acts (a lay-off)."""
        return []

    def choices(self, phase: str, legal: list[dict]) -> list[tuple[str, dict]] | None:
        """A chooser: one button per (label, move), e.g. the declarations a won trick allows
        with their points and "none". None: the usual buttons (one per card-less kind)."""
        return None

    def move_choices(self, moves: list[dict]) -> list[tuple[str, dict | None]] | None:
        """Several legal moves answer one gesture (the same chosen cards: a joker that may
        stand for one card or another): a chooser, one button per (label, move) and a way
        back (label, None). None: the gesture plays the first, as it always did."""
        return None

    def move_text(self, move: dict) -> str:
        """A move in short, for the review's move list and opinions: its cards, then
        ``×`` and the cards it takes or joins; a move of another kind than a plain play or
        capture starts with its action's label, a move with no card is that label alone."""
        cards = " ".join(self.card_label(c) for c in self.move_cards(move))
        targets = self.move_targets(move)
        if targets:
            cards += " × " + "+".join(self.card_label(c) for c in targets)
        kind = self.move_kind(move)
        if not cards:
            return self.action_label(kind)
        return cards if kind in ("play", "capture") else f"{self.action_label(kind)} {cards}"

    # ------------------------------------------------------------ texts
    def touch_t(self, key: str, **params) -> str:
        """A text that names a key of the keyboard ("or press Enter"), in its form for a
        finger (``<key>_touch``) on a phone, upright or on its side (its short side at most
        PHONE_SIDE logical px): no keyboard there."""
        if is_phone(self.app.logical_size) and lookup(f"{key}_touch") is not None:
            return t(f"{key}_touch", **params)
        return t(key, **params)

    def hud_text(self) -> str:
        return ""

    def seat_lines(self, seat: int) -> list[tuple[str, tuple, bool]]:
        """Lines under a seat's name: (text, colour, bold)."""
        return []

    def chip_short(self, seat: int) -> str:
        """A seat's main figure in a few letters, for a seat chip too narrow for its lines
        ("12 pts"; the chip's panel shows the lines in full)."""
        totals = self.shown.get("totals") or []
        return t("table.points_short", count=totals[seat]) if seat < len(totals) else ""

    def prompt(self, selected: list[str], options: list[dict], phase: str) -> str:
        """The status line on the viewer's turn (the table adds hints and thinking)."""
        return t("table.your_move")

    def waiting_text(self, seat: int, phase: str) -> str:
        return t("table.thinking", name=self.name(seat))

    def explain(self, move: dict) -> str:
        """A hint in words."""
        return t("hint.play", card=self.card_label(self.move_cards(move)[0])) if self.move_cards(move) else self.action_label(self.move_kind(move))

    def refusal(self, code: str) -> str:
        """Why this card may not be played now (read from the observation only)."""
        return t("trick.refused")

    # ------------------------------------------------------------ events
    def animate(self, events: list[dict]) -> None:
        """Queue the animations of what just happened (``table.add(Step(...))``)."""

    def animate_play(self, seat: int, card: str) -> None:
        """A card flies from the seat's hand to its place in the trick (every trick game)."""
        table, shown = self.table, self.shown
        src = table.fly_from_hand(seat, card)

        def start():
            table.take_from_hand(seat, card)
            if not shown[TRICK]:
                shown["leader"] = seat

        table.add(Step(table.dur(0.3), [Flight(card, src, table.trick_rect(seat))], start=start, done=lambda: shown[TRICK].append((seat, card)), sound="play"))

    def after_round(self) -> None:
        """The round summary closed and a new round is about to be dealt."""

    # ------------------------------------------------------------ drawing hooks
    def felt_line(self) -> str:
        """The felt's first line (``FELT_LINE``): the last move, in words."""
        return ""

    def peek_text(self) -> str:
        """While the last trick is shown: who took it (in the status line's place)."""
        return ""

    def felt_text(self, flying: set) -> list[str]:
        """Quiet lines in the middle of an empty trick ("Amira leads")."""
        return []

    def hand_mark(self, code: str):
        """A colour to frame a hand card with (cards just received), or None."""
        return None

    def hand_note(self, code: str) -> list[str]:
        """Short lines the table writes on a hand card, low on its face: what only this
        physical card carries (the Bezique family: the combinations a declared card has
        served in, when another copy of it is in the hand). Default: none."""
        return []

    def draw_felt(self, surface, flying: set, highlight: set) -> bool:
        """Extra drawing on the felt (a stamp, the last trick); True if it replaces the zones."""
        return False

    def hand_marks(self, phase: str) -> bool:
        """Mark the playable cards in the hand (lift and dot them, shade the others)?"""
        return True

    def pile_marks(self, legal: list[dict]) -> set[str]:
        """The discard pile's cards a legal move takes, marked as playable cards are."""
        return set()

    def capture_marks(self) -> bool:
        """Mark the hand cards that have a capture or several moves (gold frame)?"""
        return False

    def felt_tap(self) -> bool:
        """A tap on the felt outside any card: True if the view used it."""
        return False

    def key(self, key: int) -> bool:
        """A key the view handles itself (L: show the last trick)."""
        return False

    # ------------------------------------------------------------ summary, game over
    def summary(self, summary: dict, game_over: bool) -> SummaryTable:
        raise NotImplementedError

    def winners_text(self, winners: list[int], draw: bool = False) -> str:
        """Game over's head: the winner; the winners sharing it (every one named); a draw
        when every seat shares it (or ``draw``); no winner."""
        if not winners:
            return t("gameover.draw") if draw else t("gameover.no_winner")
        if len(winners) == 1:
            return self.said("gameover.winner", winners[0])
        if len(winners) == self.match.players:
            return t("gameover.draw")
        # A name stays on one line (no break inside "Robot 7").
        return t("gameover.shared_win", names=", ".join(self.name(w).replace(" ", "\u00a0") for w in winners))

    @staticmethod
    def golds(winners: list[int]) -> int:
        """Game over's lines in gold: every winner's (they come first)."""
        return max(1, len(winners))

    def gameover(self, result: dict) -> GameOverLines:
        winners = result.get("winners") or []
        totals = result.get("totals", [])
        order = sorted(range(len(totals)), key=lambda k: (k not in winners, -totals[k]))
        head = self.winners_text(winners)
        return GameOverLines(head, [(self.name(k), t("table.score", count=totals[k])) for k in order], golds=self.golds(winners))

    def update(self, dt: float) -> None:
        """Per-frame upkeep of the view's own timers."""


class TrickTakingView(GameView):
    """Base of the trick-taking families' views (Olsen and Aluette, the Bezique family, the
    tarot family), whose pictures count ``shown["tricks_won"]`` per seat: a won trick taken
    to its winner's pile, the last trick shown for a moment on a tap on the felt (or L), and
    who leads on an empty felt."""

    PEEK_SECONDS = 2.5

    def __init__(self, table) -> None:
        super().__init__(table)
        self.peek = 0.0  # seconds left showing the last trick (tap on the table, or L)

    def won_count(self, seat: int) -> int:
        return self.shown["tricks_won"][seat]

    # ------------------------------------------------------------ events
    def animate(self, events: list[dict]) -> None:
        for e in events:
            kind = e["type"]
            if kind == "play":
                self.animate_play(e["seat"], e["card"])
            elif kind == "trick_end":
                self.animate_trick_end(e)
            else:
                self.animate_event(e)

    def animate_trick_end(self, e: dict) -> None:
        """A trick is complete: ``animate_trick_won`` with the game's banner."""
        raise NotImplementedError

    def animate_event(self, e: dict) -> None:
        """An event of the game's own (a declaration, an exchange, a draw); none by default."""

    # What a trick's points are for the taker: penalties (Olsen) or points won (Bezique's brisques).
    TRICK_POINTS_ARE_PENALTIES = True

    def trick_banner(self, winner: int, points: int | None = 0) -> str:
        """Who takes the trick, with its points (or penalties) when it carries some."""
        kind = "points" if self.TRICK_POINTS_ARE_PENALTIES else "scored"
        if self.is_you(winner):
            return t(f"trick.you_take_{kind}", count=points) if points else t("trick.you_take")
        return t(f"trick.takes_{kind}", name=self.name(winner), count=points) if points else t("trick.takes", name=self.name(winner))

    def animate_trick_won(self, winner: int, banner: str, then=None) -> None:
        """A pause with ``banner``, the winner's card highlighted; then the trick flies to
        the winner's pile, which counts one trick more, and ``then`` runs."""
        table, shown = self.table, self.shown
        pause = Step(table.dur(0.7), banner=banner, sound="capture")
        pause.start_fn = lambda: pause.highlight.update(c for s, c in shown[TRICK] if s == winner)
        table.add(pause)

        def counted():
            shown["tricks_won"][winner] += 1
            if then is not None:
                then()

        self.fly_trick(lambda: table.pile_rect(winner), counted)

    def fly_trick(self, dst, done, start=None) -> None:
        """The trick's cards fly one after another to ``dst()`` (placed when they leave, from
        the layout of that moment) and leave the trick: ``start`` first, ``done`` at the end."""
        table, shown = self.table, self.shown
        collect = Step(table.dur(0.4))

        def start_collect():
            if start is not None:
                start()
            to = dst()
            for k, (s, c) in enumerate(shown[TRICK]):
                collect.flights.append(Flight(c, table.trick_rect(s), to, table.dur(0.03) * k))
            shown[TRICK] = []

        collect.start_fn, collect.done_fn = start_collect, done
        table.add(collect)

    # ------------------------------------------------------------ the last trick
    def update(self, dt: float) -> None:
        self.peek = max(0.0, self.peek - dt)

    def felt_tap(self) -> bool:
        """Show the last completed trick for a moment (or hide it again)."""
        self.peek = 0.0 if self.peek or not self.table.obs.get("tricks") else self.PEEK_SECONDS
        return True

    def key(self, key: int) -> bool:
        if key == pygame.K_l:
            self.felt_tap()
            return True
        return False

    def peeking(self) -> bool:
        """The last trick is shown in place of the felt's zones."""
        return bool(self.peek and self.table.obs.get("tricks") and not self.table.steps)

    def draw_felt(self, surface, flying: set, highlight: set) -> bool:
        if self.peeking():
            self.draw_last_trick(surface)
            return True
        return False

    def draw_last_trick(self, surface) -> None:
        """The game's last trick, read from its observation: ``draw_trick_shown``."""
        raise NotImplementedError

    def draw_trick_shown(self, surface, plays, winner: int | None, leader: int | None = None) -> None:
        """A past trick on the felt: each (seat, card) of ``plays`` in front of its player,
        the winner's framed in gold (``leader``'s name tag marked); who took it is said in
        the status line (``peek_text``), not over the cards."""
        table = self.table
        s = self.app.scale
        for seat, code in plays:
            r = table.trick_rect(seat)
            surface.blit(self.face(code, r.width), r)
            if seat == winner:
                pygame.draw.rect(surface, widgets.GOLD, r.inflate(8, 8), max(3, int(4 * s)), border_radius=10)
            table.name_tag(surface, r, seat, seat == leader)

    def last_trick_winner(self) -> int | None:
        """The seat that took the last trick (None: spoiled), read from the observation."""
        raise NotImplementedError

    def peek_text(self) -> str:
        if not self.peeking():
            return ""
        winner = self.last_trick_winner()
        if winner is None:
            return t("trick.last_trick_spoiled")
        if self.is_you(winner):
            return t("trick.last_trick_you")
        return t("trick.last_trick_won", name=self.name(winner))

    # ------------------------------------------------------------ texts
    def felt_text(self, flying: set) -> list[str]:
        """Who leads, and how to see the last trick, on an empty felt."""
        table = self.table
        if self.shown[TRICK] or flying or table.frozen:
            return []
        out = []
        cur = self.match.current()
        leader = self.shown.get("leader", cur)
        if cur is not None and not table.steps and not (leader == table.viewer and table.my_turn()):
            out.append(t("trick.you_lead") if self.is_you(leader) else t("trick.leads", name=self.name(leader)))
        if table.obs.get("tricks"):
            out.append(self.touch_t("trick.peek_hint"))
        return out
