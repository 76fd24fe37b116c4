"""The table's picture and the geometry of the moment, for the table scene, the review
board and a view used on its own (summaries, game over).

``TablePicture`` is the one declared picture the drawing reads: the viewer, what is shown
(the view's ``shown``), the viewer's observation, the cards chosen, the options they allow,
the hint, a chooser's readings, a refused card, a banner, the turn timer. ``TableBase``
holds it with the app, the match and the game's view, and answers everything a view may
ask of its table (the geometry's rectangles, where a seat's cards fly from and to, the
turn flow's hooks with do-nothing defaults): the table scene (game/scenes/table.py), the
review's board (game/scenes/review.py) and ``BareTable`` (below) are all one,
so no view needs ``getattr(self.table, ...)``.

The geometry is recomputed from the window's current measures when they change (a
resize, a rotation), so a table drawn under a dialog is laid out for the window too.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.scenes.table_geometry import MIN_INDEX_SHARE, TableGeometry, TableSpec, positions_for, table_geometry
from game.scenes.views import base as z
from game.scenes.views import view_for
from game.ui.cards import CARD_RATIO


@dataclass
class TablePicture:
    """What the table shows, as the drawing reads it."""

    viewer: int = 0
    shown: dict = field(default_factory=dict)  # the view's picture of the game (``GameView.show``)
    obs: dict = field(default_factory=dict)  # the viewer's observation
    selected: list[str] = field(default_factory=list)  # hand cards chosen for the next move
    options: list[dict] = field(default_factory=list)  # legal moves using the selection
    active: int = 0  # the option a second tap (or Enter) plays
    hint: dict | None = None  # {"move": ..., "text": ...}
    readings: list | None = None  # a gesture's several moves: the chooser's (label, move) pairs
    focus_card: str | None = None  # the keyboard's cursor in the hand
    refused: tuple[str, float] | None = None  # a refused card flashes red (code, seconds)
    banner: tuple[str, float] | None = None  # (text, seconds)
    frozen: bool = False  # a round ended: the picture waits for its summary
    hide_hands: bool = False  # while the deal is animated
    timer_left: float | None = None  # the viewer's turn timer, seconds
    caption: str = ""  # the review: the line shown in the status line's place
    open_hands: bool = False  # the review: every hand face up


def _picture_property(name: str):
    return property(lambda self: getattr(self.picture, name), lambda self, value: setattr(self.picture, name, value))


class TableBase:
    """A table: the app, the match, the game's view and the picture; the geometry of the
    moment; what a view asks of its table. The turn flow's hooks do nothing here (a replay,
    a summary): the table scene overrides them."""

    # The picture's fields, read and set as the table's own.
    viewer = _picture_property("viewer")
    shown = _picture_property("shown")
    obs = _picture_property("obs")
    selected = _picture_property("selected")
    options = _picture_property("options")
    active = _picture_property("active")
    hint = _picture_property("hint")
    readings = _picture_property("readings")
    focus_card = _picture_property("focus_card")
    refused = _picture_property("refused")
    banner = _picture_property("banner")
    frozen = _picture_property("frozen")
    hide_hands = _picture_property("hide_hands")
    timer_left = _picture_property("timer_left")

    def setup_table(self, app, match, view_class, viewer: int = 0) -> None:
        """The table's state (called by each kind of table's ``__init__``)."""
        self.app = app
        self.match = match
        self.picture = TablePicture(viewer=viewer)
        self.steps: list = []  # the animation queue
        self.card_rects: dict[str, pygame.Rect] = {}  # cards on the felt, where drawn
        self.hand_rects: list[tuple[str, pygame.Rect]] = []  # the bottom hand, where drawn
        self.discard_fan_rects: list[tuple[str, pygame.Rect]] = []
        self.choice_rects: list[tuple[pygame.Rect, str]] = []
        self.action_buttons: dict[str, object] = {}
        self.press = None
        self.drag_pos = None
        self.hand_plan = 0  # the largest hand seen this round: the geometry plans for it
        self._geo: tuple | None = None
        self.view = view_class(self)

    # ------------------------------------------------------------ the turn flow's hooks
    def my_turn(self) -> bool:
        return False

    def legal(self) -> list[dict]:
        return []

    def legal_codes(self) -> set[str]:
        return {c for m in self.legal() for c in self.view.move_cards(m)}

    def hand_visible(self) -> bool:
        return True

    def phase(self) -> str:
        return self.view.phase(self.obs)

    def sync(self) -> None:
        """The picture follows the viewer's observation (a table scene; nothing here)."""

    def add(self, step) -> None:
        """An animation step (a table scene plays them; nothing moves here)."""

    def dur(self, seconds: float) -> float:
        return 0.0

    def refresh_actions(self) -> None:
        """The buttons of the step (a table scene's)."""

    def choices_now(self) -> list | None:
        return None

    def choice_cards(self) -> set[str]:
        return set()

    def face(self, code: str, width: int, named: bool = True) -> pygame.Surface:
        return self.view.face(code, width, named)

    def hud_labels(self) -> list[str]:
        """The texts of the HUD's buttons (a table scene has some), the Menu's last."""
        return []

    # ------------------------------------------------------------ geometry
    def geometry_key(self) -> tuple:
        plan = max([self.hand_plan, len(self.shown.get("hand", []))] + list(self.shown.get("hand_counts", []) or [0]))
        self.hand_plan = plan
        return (self.app.units, self.match.players, plan, self.hud_widths(), self.compact_override())

    def compact_override(self) -> bool | None:
        """None: the arrangement follows the screen's shape."""
        return None

    def hud_signature(self) -> tuple:
        """What the HUD's texts depend on (the labels are measured again when it changes)."""
        return ()

    def hud_widths(self) -> tuple[int, ...]:
        from game.i18n import language
        from game.ui import fonts

        key = (self.app.units, language(), self.hud_signature())
        cached = self.__dict__.get("_hud_widths")
        if cached is None or cached[0] != key:
            font = fonts.font(fonts.ui_font_size(self.app.scale), True)
            pad = self.app.units.px(12)
            widths = tuple(max(self.app.units.touch, font.size(text)[0] + 2 * pad) for text in self.hud_labels())
            self._hud_widths = cached = (key, widths)
        return cached[1]

    @property
    def geo(self) -> TableGeometry:
        # Asked dozens of times a frame: its key is looked at once a frame (and at once after
        # a resize, whose measures are part of the quick check).
        quick = (self.app.frame, self.app.units)
        if self._geo is not None and self.__dict__.get("_geo_quick") == quick:
            return self._geo[1]
        self._geo_quick = quick
        key = self.geometry_key()
        if self._geo is None or self._geo[0] != key:
            spec = TableSpec.of(self.view, self.match.state.info.deck.name)
            self._geo = (key, table_geometry(self.app.units, spec, self.match.players, key[2], key[3], key[4]))
            self.layout_changed()
        return self._geo[1]

    def layout_changed(self) -> None:
        """The geometry was computed again (a resize, a larger hand)."""

    # The geometry's rectangles and sizes, as the views and the drawing name them.
    pad = property(lambda self: self.geo.pad)
    small = property(lambda self: self.geo.small)
    tag = property(lambda self: self.geo.tag)
    line = property(lambda self: self.geo.line)
    cw = property(lambda self: self.geo.cw)
    ch = property(lambda self: self.geo.ch)
    sw = property(lambda self: self.geo.sw)
    tw = property(lambda self: self.geo.tw)
    th = property(lambda self: self.geo.th)
    fw = property(lambda self: self.geo.fw)
    open_w = property(lambda self: self.geo.open_w)
    hud_h = property(lambda self: self.geo.hud.height)
    hand_area = property(lambda self: self.geo.hand_area)
    felt_area = property(lambda self: self.geo.felt)
    table_area = property(lambda self: self.geo.table)
    side_area = property(lambda self: self.geo.side)
    stock_rect = property(lambda self: self.geo.stock)
    discard_rect = property(lambda self: self.geo.discard)
    trump_rect = property(lambda self: self.geo.trump)
    aside_rect = property(lambda self: self.geo.aside)
    deck_rect = property(lambda self: self.geo.deck)
    panels = property(lambda self: self.geo.seats)

    @property
    def compact(self) -> bool:
        return self.geo.compact

    # ------------------------------------------------------------ seats
    def rel(self, seat: int) -> int:
        return (seat - self.viewer) % self.match.players

    def position(self, seat: int) -> str:
        """Where a seat sits: "bottom" for the viewer; a panel's place on a desktop
        ("left", "top", ...), a chip ("chip2") on a phone."""
        r = self.rel(seat)
        if self.view.COUNTER_CLOCKWISE and not self.geo.compact:  # the next seat sits on the viewer's right
            r = (self.match.players - r) % self.match.players
        return positions_for(self.match.players, self.geo.compact)[r]

    def seat_at(self, position: str) -> int | None:
        for seat in range(self.match.players):
            if self.position(seat) == position:
                return seat
        return None

    def index_share(self) -> float:
        """Of a hand card's width, what an overlapped card leaves visible (its index)."""
        return self.view.INDEX_SHARE or MIN_INDEX_SHARE

    def has(self, zone: str) -> bool:
        return zone in self.view.ZONES

    def hand_count(self, seat: int) -> int:
        if self.position(seat) == "bottom" and self.hand_visible():
            return len(self.shown.get("hand", []))
        counts = self.shown.get("hand_counts", [])
        return counts[seat] if seat < len(counts) else 0

    def hand_slots(self, count: int) -> list[pygame.Rect]:
        return self.geo.hand_slots(count, self.index_share())

    def seat_hand_rect(self, seat: int, i: int = 0) -> pygame.Rect:
        """Card ``i`` of a seat's hand: in the bottom hand, or among the seat's small backs."""
        pos = self.position(seat)
        if pos == "bottom":
            count = max(self.hand_count(seat), i + 1, 1)
            return self.hand_slots(count)[i]
        p = self.panels[pos]
        r = pygame.Rect(0, 0, self.sw, int(self.sw * CARD_RATIO))
        if self.geo.compact:  # a chip: the cards go to (and come from) its middle
            r.width, r.height = p.height * 2 // 3, p.height
            r.center = (p.x + p.width // 3, p.centery)
            return r
        from game.i18n import t
        from game.ui import fonts

        count = max(1, self.hand_count(seat))
        label = fonts.font(self.small).size(t("table.hand_count", count=count))[0]
        avail = (p.width // 2 if pos.startswith("top") else p.width) - 2 * self.pad - label - 6
        step = max(3, min(self.sw // 2, (avail - self.sw) / max(1, count - 1)))
        r.topleft = (int(p.x + self.pad + i * step), self.row_y(seat))
        return r

    def header_lines(self, seat: int) -> int:
        top = self.position(seat).startswith("top")
        return (2 if self.view.SEAT_LINES > 1 else 1) if top else 1 + self.view.SEAT_LINES

    def row_y(self, seat: int) -> int:
        """Top of the first row of cards in a seat's panel (under its text lines)."""
        p = self.panels[self.position(seat)]
        return p.y + self.pad // 2 + self.header_lines(seat) * self.line + 2

    def pile_rect(self, seat: int) -> pygame.Rect:
        """A seat's won pile: a row with its label, or the panel's top right corner (a chip's right end)."""
        pos = self.position(seat)
        p = self.panels[pos]
        r = pygame.Rect(0, 0, self.sw, int(self.sw * CARD_RATIO))
        if self.geo.compact:
            r.width, r.height = p.height * 2 // 3, p.height
            r.midright = (p.right - self.pad, p.centery)
            return r
        if not self.view.WON_ROW:
            r.topright = (p.right - self.pad, p.y + self.pad // 2 + (2 * self.line + 2 if pos.startswith("top") else self.line))
        elif pos == "bottom":
            r.topleft = (p.x + self.pad, self.row_y(seat))
        elif pos.startswith("top"):
            r.topleft = (p.centerx, self.row_y(seat))
        else:
            r.topleft = (p.x + self.pad, self.row_y(seat) + r.height + self.pad // 2)
        return r

    def faceup_origin(self, seat: int) -> tuple[int, int, int]:
        """(x, y, width available) of the face-up row in a seat's panel."""
        pos = self.position(seat)
        p = self.panels[pos]
        sh = int(self.sw * CARD_RATIO)
        y = self.row_y(seat)
        if self.view.WON_ROW and pos != "top":
            y += sh + self.pad // 2
        if pos == "bottom":
            return p.x + self.pad, y, p.width - 2 * self.pad
        if pos.startswith("top"):
            x0 = p.centerx + self.pad
            return x0, self.row_y(seat), p.right - self.sw - 2 * self.pad - x0
        return p.x + self.pad, y + sh + self.pad // 2, p.width - 2 * self.pad

    def trick_rect(self, seat: int) -> pygame.Rect:
        """A seat's card in the trick, in its place (no card covers another)."""
        r = self.geo.trick.get(self.position(seat))
        if r is None:  # a seat the geometry did not plan for: the felt's centre
            r = pygame.Rect(0, 0, max(1, self.tw), max(1, self.th))
            r.center = self.table_area.center
        return r.copy()

    def meld_rect(self, seat: int) -> pygame.Rect:
        """A seat's meld area: the view's (``meld_area``), or the felt's strip nearest to that player."""
        own = self.view.meld_area(seat)
        if own is not None:
            return own
        a = self.table_area
        mh = min(int(self.open_w * 0.8 * CARD_RATIO), a.height // 3)
        if self.position(seat) == "bottom":
            return pygame.Rect(a.x, a.bottom - mh, a.width, mh)
        others = [s for s in range(self.match.players) if self.position(s) != "bottom"]
        k, n = others.index(seat), len(others)
        return pygame.Rect(a.x + a.width * k // n, a.y, a.width // n, mh)

    def layout_table(self, codes: list[str]) -> dict[str, pygame.Rect]:
        """The open table: rows of cards centred on the felt, smaller when many (a crowded
        table on a small screen goes below a touch target's size rather than off the felt)."""
        area = self.table_area
        n = max(1, len(codes))
        tw = self.open_w
        gap = max(4, self.pad // 2)
        least = self.app.units.px(24)
        while True:
            th = int(tw * CARD_RATIO)
            per_row = max(1, (area.width + gap) // (tw + gap))
            rows = -(-n // per_row)
            if rows * (th + gap) - gap <= area.height or tw <= least:
                break
            tw = max(least, int(tw * 0.92))
        th = int(tw * CARD_RATIO)
        per_row = max(1, (area.width + gap) // (tw + gap))
        rows = -(-n // per_row)
        out = {}
        y0 = area.centery - (rows * (th + gap) - gap) // 2
        for i, code in enumerate(codes):
            r, c = divmod(i, per_row)
            in_row = min(per_row, n - r * per_row)
            x0 = area.centerx - (in_row * (tw + gap) - gap) // 2
            out[code] = pygame.Rect(x0 + c * (tw + gap), y0 + r * (th + gap), tw, th)
        return out

    def deal_source(self) -> pygame.Rect:
        return self.stock_rect if self.has(z.STOCK) else self.deck_rect

    def fly_from_hand(self, seat: int, card: str) -> pygame.Rect:
        """Where a card leaves a hand: its place in the bottom hand, or the seat's backs."""
        hand = self.shown["hand"]
        if self.position(seat) == "bottom" and card in hand:
            return self.seat_hand_rect(seat, hand.index(card))
        return self.seat_hand_rect(seat, max(0, self.shown["hand_counts"][seat] - 1))

    def take_from_hand(self, seat: int, card: str) -> None:
        if card in self.shown["hand"]:
            self.shown["hand"].remove(card)
        self.shown["hand_counts"][seat] = max(0, self.shown["hand_counts"][seat] - 1)

    def sync_and_deal(self) -> None:
        self.sync()

    def zone_at(self, pos) -> tuple[str | None, str | None]:
        """The zone under a point (and the card there, if any), for drops and taps."""
        if self.has(z.STOCK) and self.stock_rect.collidepoint(pos):
            return z.STOCK, None
        if self.has(z.DISCARD):
            for code, rect in reversed(self.discard_fan_rects):
                if rect.collidepoint(pos):  # the top card first: it lies over the others
                    return z.DISCARD, (code if len(self.discard_fan_rects) > 1 else None)
            if self.discard_rect.inflate(self.pad, self.pad).collidepoint(pos):
                return z.DISCARD, None
        for code, rect in self.card_rects.items():
            if rect.collidepoint(pos):
                return (z.OPEN if self.has(z.OPEN) else z.TRICK if self.has(z.TRICK) else z.MELDS), code
        if self.has(z.MELDS) and self.meld_rect(self.viewer).collidepoint(pos):
            return z.MELDS, None
        # Anywhere else on the felt counts as the felt: a finger should not have to aim.
        if self.felt_area.collidepoint(pos) or (not self.geo.compact and self.hud_h < pos[1] < self.hand_area.y - self.pad):
            for zone in (z.TRICK, z.OPEN, z.DISCARD, z.MELDS):
                if self.has(zone):
                    return zone, None
        return None, None


class BareTable(TableBase):
    """A table that only lends a view its picture: summaries and game-over lines."""

    def __init__(self, app, match, viewer: int = 0) -> None:
        self.setup_table(app, match, view_for(match.game_id), viewer)
        self.obs = match.observation(viewer)


def standalone_view(app, match):
    """A game's view outside a table scene, its picture read from seat 0's observation."""
    bare = BareTable(app, match)
    bare.shown = bare.view.show(bare.obs, {})
    return bare.view
