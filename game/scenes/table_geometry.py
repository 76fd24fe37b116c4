"""Where the table puts things, for any game's view, at any size: pure geometry.

In: the window's measures (``Units``: device size, density, shape), what the game's view
declares of its table (``TableSpec``: its zones, its text lines, how its piles lie), the
number of seats and the largest hand to plan for. Out: ``TableGeometry``, named rectangles
in device pixels. No drawing and no display: the tests lay out every registered game at
every size and measure the result (tests/test_table_geometry.py).

Two arrangements, chosen by the screen's shape (docs/layout.md):

* **compact** (``portrait``, ``short``, ``tablet``): the other players as seat chips along
  the top (name, cards held, the view's figures, dealer, whose turn, a partner's mark; a tap
  shows the rest), the felt in the middle with the stock, discard pile, turned card, aside
  pile and pot in a strip beside the trick, your own chip and the status line above your
  hand, one action bar for the buttons of the step, and your hand across the bottom: one
  overlapped row, or up to four rows, every card's index visible and every card a touch
  target of 44x44 logical pixels. Upright, the bar above the felt holds the round's text and
  one Menu button (Hint, Undo and Sound go behind it when they do not fit); on a phone on
  its side the Menu button ends the row of chips and the action bar shares the status row.
* **desktop** (``desktop``): seat panels around the felt (left, top, right; a row of compact
  panels for seven seats and more), the stock beside the hand, the buttons of the step on
  the felt, Sound / Undo / Hint / Menu in the top bar.

In both, the trick's cards are laid so that none covers another (a cross, a ring or rows,
whichever keeps the cards largest), each with its player's name tag under it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

import pygame

from game.scenes.views import base as z
from game.ui import fonts, widgets
from game.ui.cards import CARD_RATIO
from game.ui.hand_layout import HandLayout, layout_hand
from game.ui.units import CARD_INDEX, DESKTOP, PORTRAIT, SHORT, Units

# Where the other seats sit on a desktop, clockwise from the viewer (at the bottom), per table size.
POSITIONS = {
    1: (), 2: ("top",), 3: ("left", "right"), 4: ("left", "top", "right"),
    5: ("left", "topleft", "topright", "right"), 6: ("left", "topleft", "top", "topright", "right"),
}
# Seven seats and more: every panel compact (one text row, as at the top): two down each
# side (``topleft2`` the lower, ``topleft1``; ``topright1``, ``topright2``) and a row of
# ``top1`` .. ``topK`` across the top.
for _n in range(7, 11):
    POSITIONS[_n] = ("topleft2", "topleft1") + tuple(f"top{k}" for k in range(1, _n - 4)) + ("topright1", "topright2")
FAN_SHOW = 0.45  # of a card's width, what a fanned discard card under the top one shows
MIN_INDEX_SHARE = 0.34  # of a card's width left visible in an overlapped hand (its index, "10" included)
INDEX_RANK_SHARE = 0.245  # a card's rank glyph is this share of its width tall (game/ui/cards.py)


@dataclass(frozen=True)
class TableSpec:
    """What a game's view declares about its table (class attributes of ``GameView``)."""

    zones: frozenset = frozenset((z.HAND, z.TRICK, z.WON))
    seat_lines: int = 2
    won_row: bool = False
    felt_line: bool = False
    trump_across: bool = False
    discard_fan: int = 1
    index_share: float = 0.0
    hand_height: float = 0.2
    hand_width: float = 0.11
    text_size: int = 16
    panel_min: int = 150
    counter_clockwise: bool = False
    deck: str = "french52"

    @classmethod
    def of(cls, view, deck: str = "french52") -> "TableSpec":
        return cls(
            zones=frozenset(view.ZONES), seat_lines=view.SEAT_LINES, won_row=view.WON_ROW, felt_line=view.FELT_LINE,
            trump_across=view.TRUMP_ACROSS, discard_fan=view.DISCARD_FAN, index_share=view.INDEX_SHARE,
            hand_height=view.HAND_HEIGHT, hand_width=view.HAND_WIDTH, text_size=view.TEXT_SIZE,
            panel_min=view.PANEL_MIN, counter_clockwise=view.COUNTER_CLOCKWISE, deck=deck,
        )

    def has(self, zone: str) -> bool:
        return zone in self.zones

    @property
    def piles(self) -> tuple[str, ...]:
        """The pile zones beside the trick, in order."""
        return tuple(k for k in (z.STOCK, z.DISCARD, z.TRUMP) if k in self.zones)


def card_index(deck: str) -> Callable[[int], tuple[int, int]]:
    """(width, height) of a card's corner index at a card width, for the deck (font metrics,
    no display needed)."""
    def index(width: int) -> tuple[int, int]:
        from game.ui.deck_art import index_extent

        return index_extent(int(width), deck)
    return index


@dataclass
class TableGeometry:
    """The table's named rectangles, in device pixels."""

    units: Units
    spec: TableSpec
    players: int
    compact: bool
    pad: int
    small: int  # seat text (names, figures)
    detail: int  # a chip's second line
    tag: int  # name tags under trick cards, labels of piles
    line: int  # the line height of ``small`` in bold
    hud: pygame.Rect  # the top bar (zero height on a phone on its side)
    hud_text: pygame.Rect  # the round's text ("Hand 2 · to 100")
    menu_only: bool  # Hint / Undo / Sound behind the Menu button
    hud_slots: list[pygame.Rect]  # the HUD buttons, in the order asked (menu last)
    seats: dict[str, pygame.Rect]  # a panel (desktop) or a chip (compact) per position
    hand_area: pygame.Rect
    prompt: pygame.Rect  # the status line's box
    actions: pygame.Rect  # the action bar: where the step's buttons and choosers go
    felt: pygame.Rect
    felt_line: pygame.Rect  # the felt's line telling the last move (``felt_line``; empty if none)
    table: pygame.Rect  # the felt less its first lines and the pile strip
    side: pygame.Rect  # where the stock and the discard pile lie
    stock: pygame.Rect
    discard: pygame.Rect
    trump: pygame.Rect
    aside: pygame.Rect
    pot: pygame.Rect
    deck: pygame.Rect
    cw: int
    ch: int
    sw: int
    tw: int
    th: int
    fw: int
    open_w: int
    hand_rows: int
    hand_index: Callable[[int], tuple[int, int]]
    lift: float
    trick: dict[str, pygame.Rect] = field(default_factory=dict)
    faceup: dict[str, pygame.Rect] = field(default_factory=dict)  # compact, few seats: a row of each chip's face-up cards
    fan_step: int = 0  # how far each card of a fanned discard pile peeks out from under the next

    @property
    def shape(self) -> str:
        return self.units.shape

    @property
    def touch(self) -> int:
        return self.units.touch

    def hand_layout(self, count: int, share: float = MIN_INDEX_SHARE) -> HandLayout:
        """The viewer's hand of ``count`` cards in ``hand_area``: side by side, overlapped or in
        rows, each card's index visible and each card 44x44 logical to tap (cached: drawn
        every frame)."""
        key = (count, share)
        cache = self.__dict__.setdefault("_hands", {})
        if key not in cache:
            cache[key] = self._hand_layout(count, share)
        return cache[key]

    def _hand_layout(self, count: int, share: float) -> HandLayout:
        touch = self.units.touch
        # A card's index, measured exactly, costs a drawing of every corner of the deck at
        # that width: the search uses the index scaled from the planned card's (rounded up,
        # two pixels more), and the width it finds is then checked exactly.
        ref_w, (ref_iw, ref_ih) = self.cw, self.hand_index(self.cw)

        def need(measure):
            def index(width: int) -> tuple[int, int]:
                iw, ih = measure(width)
                iw = max(iw, int(width * share))
                margin = max(2, width // 24)
                lift = int(round(width * CARD_RATIO * self.lift))
                return max(iw, touch - margin), max(ih, touch - margin - lift)
            return index

        def estimate(width: int) -> tuple[int, int]:
            return int(ref_iw * width / ref_w) + 2, int(ref_ih * width / ref_w) + 2

        rows = 4 if self.shape == PORTRAIT else 3 if self.compact else 2
        min_w = min(self.units.px(CARD_INDEX / INDEX_RANK_SHARE) if self.compact else 24, self.cw)
        rough = layout_hand(count, self.hand_area, (self.cw, self.ch), need(estimate), lift=self.lift, gap=0.06, max_rows=rows, min_width=min_w)
        if not rough.fits:
            return layout_hand(count, self.hand_area, (self.cw, self.ch), need(self.hand_index), lift=self.lift, gap=0.06, max_rows=rows, min_width=min_w)
        exact = layout_hand(count, self.hand_area, rough.card, need(self.hand_index), lift=self.lift, gap=0.06, min_width=min(min_w, rough.card[0]), rows_only=rough.rows)
        if exact.fits:
            return exact
        return layout_hand(count, self.hand_area, (self.cw, self.ch), need(self.hand_index), lift=self.lift, gap=0.06, max_rows=rows, min_width=min_w)

    def hand_slots(self, count: int, share: float = MIN_INDEX_SHARE) -> list[pygame.Rect]:
        if count <= 0:
            return []
        lay = self.hand_layout(count, share)
        return [pygame.Rect(lay.rect(i)) for i in range(count)]


# ------------------------------------------------------------------ sizes
def _text_sizes(u: Units, spec: TableSpec) -> tuple[int, int, int]:
    """(seat text, a chip's second line, tags) in device pixels."""
    small = u.text(spec.text_size, least=14)
    detail = u.text(spec.text_size * 0.85, least=12)
    tag = u.text(13, least=12)
    return small, detail, tag


def _line(size: int, bold: bool = True) -> int:
    return fonts.font(size, bold).get_linesize()


def trick_places(n: int, area: pygame.Rect, positions: list[str], tag_h: int, gap: int, limit: int, compact: bool, order: list[str] | None = None) -> tuple[int, dict[str, pygame.Rect]]:
    """A card's place for each seat in ``positions`` (the viewer's first, "bottom") so that no
    card and no name tag under it covers another: a cross for up to four seats, a ring, or
    rows in reading ``order`` (by default the positions', the viewer's card last, nearest
    the hand), whichever keeps the cards largest (at most ``limit`` wide). Returns (card
    width, {position: rect})."""
    best: tuple[int, dict[str, pygame.Rect]] = (0, {})
    if n <= 0 or area.width <= 0 or area.height <= 0:
        return best
    order = order or positions[1:] + positions[:1]
    for rows in range(1, min(n, 3) + 1):
        per = -(-n // rows)
        w_fit = (area.width - (per - 1) * gap) / per
        h_fit = ((area.height - (rows - 1) * gap) / rows - tag_h) / CARD_RATIO
        tw = int(min(w_fit, h_fit, limit))
        if tw <= best[0]:
            continue
        th = int(tw * CARD_RATIO)
        out = {}
        total_h = rows * (th + tag_h) + (rows - 1) * gap
        y = area.centery - total_h // 2
        for r in range(rows):
            chunk = order[r * per:(r + 1) * per]
            x = area.centerx - (len(chunk) * tw + (len(chunk) - 1) * gap) // 2
            for pos in chunk:
                out[pos] = pygame.Rect(x, y, tw, th)
                x += tw + gap
            y += th + tag_h + gap
        best = (tw, out)
    if not compact:
        # Toward each player: a cross (up to four) or a ring (desktop, five and more).
        for tw in range(int(min(limit, area.width, area.height / CARD_RATIO)), max(best[0], 8), -2):
            out = _ring(n, area, positions, tw, tag_h)
            if out and _apart(out.values(), tag_h, gap) and all(area.contains(r.union(r.move(0, tag_h))) for r in out.values()):
                if tw >= best[0]:
                    best = (tw, out)
                break
    return best


def _ring(n: int, area: pygame.Rect, positions: list[str], tw: int, tag_h: int) -> dict[str, pygame.Rect]:
    th = int(tw * CARD_RATIO)
    cx, cy = area.centerx, area.centery - tag_h // 2
    out = {}
    if n <= 4:
        dx = max(int(tw * 1.15), min(area.width // 2 - tw // 2 - 2, int(tw * 1.6)))
        dy = max(int((th + tag_h) * 0.55), min(area.height // 2 - th // 2 - tag_h, int(th * 0.62)))
        cross = {"bottom": (0, dy), "top": (0, -dy), "left": (-dx, 0), "right": (dx, 0)}
        for pos in positions:
            off = cross.get(pos)
            if off is None:
                return {}
            if n == 3 and pos in ("left", "right"):
                off = (off[0], -int(dy * 0.45))
            r = pygame.Rect(0, 0, tw, th)
            r.center = (cx + off[0], cy + off[1])
            out[pos] = r
        return out
    rx, ry = max(0, area.width // 2 - tw // 2 - 2), max(0, area.height // 2 - (th + tag_h) // 2 - 2)
    for k, pos in enumerate(positions):
        angle = 2 * math.pi * k / n
        r = pygame.Rect(0, 0, tw, th)
        r.center = (cx - int(rx * math.sin(angle)), cy + int(ry * math.cos(angle)))
        out[pos] = r
    return out


def _apart(rects, tag_h: int, gap: int) -> bool:
    """No two cards (each with its name tag under it) touch."""
    boxes = [pygame.Rect(r.x, r.y, r.width, r.height + tag_h).inflate(gap // 2, gap // 2) for r in rects]
    return not any(a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])


def positions_for(players: int, compact: bool) -> list[str]:
    """The position of each seat relative to the viewer (index 0 is the viewer, "bottom"),
    in clockwise order (a counter-clockwise view mirrors it)."""
    if compact:
        return ["bottom"] + [f"chip{k}" for k in range(1, players)]
    return ["bottom"] + list(POSITIONS[players])


# ------------------------------------------------------------------ the layout
def table_geometry(u: Units, spec: TableSpec, players: int, hand_count: int, hud_widths: list[int] | None = None, compact: bool | None = None) -> TableGeometry:
    """The table laid out for a window (``u``), a view (``spec``), ``players`` seats and a
    hand of ``hand_count`` cards at most. ``hud_widths``: the widths the HUD buttons' texts
    need (the Menu button's last)."""
    compact = u.shape != DESKTOP if compact is None else compact
    if compact:
        return _compact(u, spec, players, max(1, hand_count), hud_widths or [])
    return _desktop(u, spec, players, max(1, hand_count), hud_widths or [])


def fan_step(u: Units, sw: int) -> int:
    """How far each card of a fanned discard pile peeks out: enough to be a touch target."""
    return max(u.touch, int(sw * FAN_SHOW))


def _pile_sizes(u: Units, spec: TableSpec, sw: int) -> int:
    """The width of the pile strip for the zones present (stock, discard fan, turned card)."""
    piles = list(spec.piles)
    if not piles:
        return 0
    pad = u.px(6)
    if spec.trump_across and spec.has(z.TRUMP):
        piles.remove(z.TRUMP)
    width = len(piles) * (sw + pad) - pad
    if spec.has(z.DISCARD):
        width += fan_step(u, sw) * (spec.discard_fan - 1)
    if spec.trump_across and spec.has(z.TRUMP):
        width += int(sw * 0.9)
    return width


def _hud_slots(widths: list[int], menu_only: bool, right: int, pad: int, height: int) -> tuple[list[pygame.Rect], int]:
    """The HUD's buttons right to left from ``right`` (an empty rect for each hidden behind
    the Menu, the last, when ``menu_only``) and the x left of the leftmost shown, less a gap."""
    slots = []
    x = right
    for k in range(len(widths) - 1, -1, -1):
        if menu_only and k != len(widths) - 1:
            slots.insert(0, pygame.Rect(0, 0, 0, 0))
            continue
        x -= widths[k]
        slots.insert(0, pygame.Rect(x, pad // 2, widths[k], height))
        x -= pad // 2
    return slots, x


def _compact(u: Units, spec: TableSpec, players: int, hand_count: int, hud_widths: list[int]) -> TableGeometry:
    w, h = u.size
    shape = u.shape
    px = u.px
    touch = max(u.touch, px(widgets.MIN_BUTTON_PX))  # kiosk mode asks larger
    pad = px(10 if shape not in (PORTRAIT, SHORT) else 6)
    small, detail, tag = _text_sizes(u, spec)
    line = _line(small)
    tag_h = _line(tag)
    chip_h = max(touch, pad // 2 + line + _line(detail, False) + pad // 2)
    # The top: the HUD bar (upright), then the rows of chips.
    y = 0
    if shape == SHORT:
        # The HUD's buttons end the row of chips: all of them if the chips keep their room
        # beside them, else the Menu alone (the others behind it).
        hud = pygame.Rect(0, 0, w, 0)
        others = players - 1
        chip_min = px(112)
        all_w = sum(hud_widths) + pad // 2 * max(0, len(hud_widths) - 1)
        menu_only = others * (chip_min + pad // 2) + all_w > w - 3 * pad
        hud_slots, x = _hud_slots(hud_widths, menu_only, w - pad, pad, chip_h)
        chips_right = x - pad // 2
    else:
        bar_h = touch + pad
        hud = pygame.Rect(0, 0, w, bar_h)
        room = w - 2 * pad - px(150)  # the round's text keeps 150 logical px
        all_w = sum(hud_widths) + pad // 2 * max(0, len(hud_widths) - 1)
        menu_only = all_w > room
        hud_slots, _ = _hud_slots(hud_widths, menu_only, w - pad, pad, touch)
        chips_right = w - pad
        y = bar_h
    shown_slots = [r for r in hud_slots if r.width]
    hud_text = pygame.Rect(pad, 0, (min(r.x for r in shown_slots) if shown_slots else w) - 2 * pad, hud.height)
    if shape == SHORT:
        hud_text = pygame.Rect(0, 0, 0, 0)  # on the felt's first line instead, below
    others = players - 1
    chip_min = px(104 if shape == PORTRAIT else 100 if shape == SHORT else 112)
    room = chips_right - pad
    per_row = max(1, min(others, (room + pad // 2) // (chip_min + pad // 2))) if others else 1
    rows = -(-others // per_row) if others else 0
    chip_w = min(px(220), (room - (per_row - 1) * (pad // 2)) // per_row) if others else 0
    seats: dict[str, pygame.Rect] = {}
    order = list(range(1, players))
    if spec.counter_clockwise:
        order.reverse()  # the next seat sits on the viewer's right
    chip_top = y + pad // 2
    for i, r in enumerate(order):
        row, col = divmod(i, per_row)
        in_row = min(per_row, others - row * per_row)
        block = in_row * chip_w + (in_row - 1) * (pad // 2)
        x0 = max(pad, min(w // 2 - block // 2, chips_right - block))  # centred on the window when it can be
        seats[f"chip{r}"] = pygame.Rect(x0 + col * (chip_w + pad // 2), chip_top + row * (chip_h + pad // 2), chip_w, chip_h)
    top = chip_top + rows * (chip_h + pad // 2) if rows else y + pad // 2
    if shape == SHORT:
        top = max(top, pad // 2 + chip_h + pad // 2)
    # The bottom: the hand, planned for its largest size.
    ratio_budget = {PORTRAIT: 0.34, SHORT: 0.36}.get(shape, 0.3)
    hand_w = w - 2 * pad
    cw_cap = int(min(hand_w / 4.2, h * 0.24 / CARD_RATIO, px(150) * max(1.0, u.zoom / 0.6)))
    index = card_index(spec.deck)
    lift = 0.08
    probe = TableGeometry(
        units=u, spec=spec, players=players, compact=True, pad=pad, small=small, detail=detail, tag=tag, line=line,
        hud=hud, hud_text=hud_text, menu_only=menu_only, hud_slots=hud_slots, seats=seats,
        hand_area=pygame.Rect(pad, 0, hand_w, int(h * ratio_budget)), prompt=pygame.Rect(0, 0, 0, 0), actions=pygame.Rect(0, 0, 0, 0),
        felt=pygame.Rect(0, 0, 0, 0), felt_line=pygame.Rect(0, 0, 0, 0), table=pygame.Rect(0, 0, 0, 0), side=pygame.Rect(0, 0, 0, 0), stock=pygame.Rect(0, 0, 0, 0),
        discard=pygame.Rect(0, 0, 0, 0), trump=pygame.Rect(0, 0, 0, 0), aside=pygame.Rect(0, 0, 0, 0), pot=pygame.Rect(0, 0, 0, 0),
        deck=pygame.Rect(0, 0, 0, 0), cw=cw_cap, ch=int(cw_cap * CARD_RATIO), sw=0, tw=0, th=0, fw=0, open_w=0, hand_rows=1,
        hand_index=index, lift=lift,
    )
    lay = probe.hand_layout(hand_count, spec.index_share or MIN_INDEX_SHARE)
    cw, ch = lay.card
    hand_h = max(y + ch for _, y, _, _ in lay.rects) - min(y for _, y, _, _ in lay.rects) + lay.lift + 1
    hand_area = pygame.Rect(pad, h - pad // 2 - hand_h, hand_w, hand_h)
    # The status row just above the hand (your chip, the status line; on a phone on its side
    # the step's buttons too), and upright the action bar above it (more rows of buttons
    # grow up over the felt).
    # The status line holds a step's whole instruction (a rummy's "choose cards: meld, lay
    # off or discard" and its deadwood, a skart's limits) in French or Dutch, never cut with
    # "…": three lines of 12 logical px on a phone on its side (where it shares the row with
    # the action bar, a little taller than a chip), four upright (beside your chip, in a
    # third of the width), when the window is a whole phone's (the review's board, beside
    # or above its move list, keeps a chip's height and three lines: its felt would be too
    # low for the trick and the felt's texts).
    line12 = _line(u.px(12))
    whole_phone = u.logical[0] >= 600 if shape == SHORT else u.logical[1] >= 600
    if shape == SHORT:
        status_h = max(chip_h, 2 + 3 * line12) if whole_phone else chip_h
    else:
        status_h = max(chip_h, pad + (4 if whole_phone else 3) * line12)
    # (a raised card's gold dot sits on its top edge: room for its upper half)
    status = pygame.Rect(0, hand_area.y - pad // 2 - small // 3 - status_h, w, status_h)
    actions = status.copy() if shape == SHORT else pygame.Rect(0, status.y - pad // 2 - touch, w, touch)
    own_w = min(px(150), w // 3)
    seats["bottom"] = pygame.Rect(pad, status.y, own_w, status_h)
    prompt = pygame.Rect(seats["bottom"].right + pad, status.y, w - seats["bottom"].right - 2 * pad, status_h)
    if shape != SHORT:
        actions = pygame.Rect(pad, actions.y, w - 2 * pad, actions.height)
    else:
        actions = pygame.Rect(prompt.centerx, status.y, prompt.right - prompt.centerx, status_h)
        prompt.width = actions.x - prompt.x - pad // 2
    felt = pygame.Rect(pad, top, w - 2 * pad, max(touch, min(status.y, actions.y) - pad // 2 - top))
    table = felt.copy()
    text_line = _line(tag, False)
    if shape == SHORT:  # the round's text on the felt's first line
        hud_text = pygame.Rect(felt.x + pad, table.y, felt.width - 2 * pad, text_line)
        table.y += text_line
        table.height -= text_line
    felt_line = pygame.Rect(felt.x + pad, table.y, felt.width - 2 * pad, 0)
    if spec.felt_line:  # then the last move
        felt_line.height = text_line
        table.y += text_line
        table.height -= text_line
    # Piles: a strip across the felt's top (upright) or down its left (on its side).
    sw = max(touch, int(min(cw * 0.72, px(70))))
    piles_w = _pile_sizes(u, spec, sw)
    side = pygame.Rect(table.x, table.y, 0, 0)
    stock = pygame.Rect(0, 0, sw, int(sw * CARD_RATIO))
    if spec.piles:
        if shape == SHORT:
            sw = max(touch, min(sw, int((table.height - pad) / CARD_RATIO)))
            stock = pygame.Rect(0, 0, sw, int(sw * CARD_RATIO))
            piles_w = _pile_sizes(u, spec, sw)
            side = pygame.Rect(table.x, table.y, piles_w + 2 * pad, table.height)
            stock.midleft = (side.x + pad, side.centery)
            table = pygame.Rect(side.right + pad, table.y, table.right - side.right - pad, table.height)
        else:  # with room above for a pile card that rises when it may be taken
            rise = int(ch * 0.08)
            side = pygame.Rect(table.x, table.y, table.width, stock.height + rise + pad + tag_h)
            stock.topleft = (side.centerx - piles_w // 2, side.y + pad // 2 + rise)
            table = pygame.Rect(table.x, side.bottom, table.width, table.bottom - side.bottom)
    step = fan_step(u, sw)
    fan = step * (spec.discard_fan - 1) if spec.has(z.DISCARD) else 0
    discard = stock.move(sw + pad + fan, 0)
    if spec.trump_across:
        trump = pygame.Rect(0, 0, stock.height, stock.width)
        trump.center = (stock.centerx + int(sw * 0.6), stock.centery)
    else:
        trump = discard.move(sw + pad, 0) if spec.has(z.DISCARD) else discard.copy()
    # The aside pile (skart, spoiled tricks) and the pot in the table's corners.
    aw = max(px(24), int(sw * 0.6))
    aside = pygame.Rect(0, 0, aw, int(aw * CARD_RATIO))
    # Two or three seats and cards laid face up (declarations, penalty cards): the others'
    # show in a band across the felt's top, each under its chip's column (a chip's panel
    # shows them too); more seats: in the chips' panels only.
    faceup: dict[str, pygame.Rect] = {}
    fw = max(px(30), int(sw * 0.8))
    if spec.has(z.FACEUP) and 2 <= players <= 3 and shape != SHORT:
        band = int(fw * CARD_RATIO) + pad
        if table.height - band > 3 * touch:
            share = table.width // (players - 1)
            for i, r in enumerate(order):
                faceup[f"chip{r}"] = pygame.Rect(table.x + i * share + pad // 2, table.y + pad // 2, share - pad, int(fw * CARD_RATIO))
            table = pygame.Rect(table.x, table.y + band, table.width, table.height - band)
    aside.bottomleft = (table.x + pad // 2, table.bottom - pad // 2 - tag_h)
    pot = pygame.Rect(table.right - px(120), table.y, px(120), tag_h)
    inner = table.copy()
    if spec.has(z.ASIDE):  # the trick keeps clear of the aside pile and its label
        inner.x += aw + pad
        inner.width -= 2 * (aw + pad)
    if spec.has(z.POT):
        inner.y += tag_h
        inner.height -= tag_h
    positions = positions_for(players, True)
    reading = [f"chip{r}" for r in order] + ["bottom"]  # the chips' order, left to right, then yours
    tw, trick = trick_places(players, inner, positions, tag_h, pad, int(cw * 0.95), True, reading)
    open_w = max(touch, int(cw * 0.82))
    deck = pygame.Rect(0, 0, sw, int(sw * CARD_RATIO))
    deck.center = table.center
    return TableGeometry(
        units=u, spec=spec, players=players, compact=True, pad=pad, small=small, detail=detail, tag=tag, line=line,
        hud=hud, hud_text=hud_text, menu_only=menu_only, hud_slots=hud_slots, seats=seats, hand_area=hand_area,
        prompt=prompt, actions=actions, felt=felt, felt_line=felt_line, table=table, side=side, stock=stock, discard=discard, trump=trump,
        aside=aside, pot=pot, deck=deck, cw=cw, ch=ch, sw=sw, tw=tw, th=int(tw * CARD_RATIO),
        fw=fw, open_w=open_w, hand_rows=lay.rows, hand_index=index, lift=lift, trick=trick,
        fan_step=step, faceup=faceup,
    )


def _desktop(u: Units, spec: TableSpec, players: int, hand_count: int, hud_widths: list[int]) -> TableGeometry:
    """Seat panels around the felt (the arrangement the table always had on a desktop)."""
    w, h = u.size
    s = u.scale
    px = u.px
    pad = max(px(6), int(10 * s))
    touch = u.touch
    bh = max(touch, int(46 * s))
    hud_h = bh + 2 * (pad // 2)
    small, detail, tag = _text_sizes(u, spec)
    line = _line(small)
    tag_h = _line(tag)
    cw = int(min(h * spec.hand_height / CARD_RATIO, w * spec.hand_width))
    ch = int(cw * CARD_RATIO)
    sw = max(px(16), int(cw * 0.35))  # small cards: other hands, piles
    sh = int(sw * CARD_RATIO)
    fw = int(sw * 1.35) if spec.has(z.FACEUP) else 0  # face-up cards in a panel
    fh = int(fw * CARD_RATIO)
    pw = max(int(spec.panel_min * u.density), int(min(w * 0.18, 300 * s)))
    lines = 1 + spec.seat_lines
    won_row = spec.has(z.WON) and spec.won_row
    side_h = pad // 2 + lines * line + 2 + sh + (pad // 2 + sh if won_row else 0) + (pad // 2 + fh if fh else 0) + pad
    top_h = pad // 2 + (2 if spec.seat_lines > 1 else 1) * line + 2 + max(sh, fh) + pad
    top_y = hud_h + pad // 2
    n = players
    panels = {
        "left": pygame.Rect(pad, top_y + int(h * 0.09), pw, side_h),
        "right": pygame.Rect(w - pw - pad, top_y + int(h * 0.09), pw, side_h),
        "top": pygame.Rect(w // 2 - int(pw * 1.1), top_y, int(pw * 2.2), top_h),
        "topleft": pygame.Rect(int(w * 0.3) - int(pw * 0.95), top_y, int(pw * 1.9), top_h),
        "topright": pygame.Rect(int(w * 0.7) - int(pw * 0.95), top_y, int(pw * 1.9), top_h),
    }
    if n >= 5:  # four opponents or more: the side panels sit below the top ones
        for pos in ("left", "right"):
            panels[pos].y = panels["topleft"].bottom + pad // 2
    if n == 6:  # three panels across the top: side by side, as wide as they fit
        tw_ = min(int(pw * 1.9), (w - 2 * pad - pad) // 3)
        x = (w - 3 * tw_ - pad) // 2
        for name in ("topleft", "top", "topright"):
            panels[name] = pygame.Rect(x, top_y, tw_, top_h)
            x += tw_ + pad // 2
    if n >= 7:  # a row of compact panels across the window, two more down each side
        tops = [p for p in POSITIONS[n] if p[3:].isdigit()]
        tw_ = min(int(pw * 1.9), (w - 2 * pad - (len(tops) - 1) * (pad // 2)) // len(tops))
        x = (w - len(tops) * tw_ - (len(tops) - 1) * (pad // 2)) // 2
        for name in tops:
            panels[name] = pygame.Rect(x, top_y, tw_, top_h)
            x += tw_ + pad // 2
        sw_ = min(int(pw * 1.3), int(w * 0.24))
        for k in (1, 2):
            y = top_y + top_h + pad // 2 + (k - 1) * (top_h + pad // 2)
            panels[f"topleft{k}"] = pygame.Rect(pad, y, sw_, top_h)
            panels[f"topright{k}"] = pygame.Rect(w - sw_ - pad, y, sw_, top_h)
    bottom_h = pad // 2 + lines * line + 2 + (sh + pad // 2 if won_row else 0) + (fh + pad // 2 if fh else 0) + pad // 2
    if won_row and not fh:
        bottom_h = max(bottom_h, ch - pad)
    panels["bottom"] = pygame.Rect(pad, h - bottom_h - pad, pw, bottom_h)
    hand_y = h - ch - pad
    side_zones = bool(spec.piles)
    side_w = 0
    if side_zones:  # the stock (and discard, turned card) with the stock's label
        from game.i18n import t

        label = fonts.font(small, True).size(t("table.stock", count=52))[0]
        piles = len(spec.piles)
        if spec.trump_across and spec.has(z.TRUMP):  # the turned card sticks out from under the stock
            piles -= 1
            label += int(1.3 * sw)
        fan = fan_step(u, 2 * sw) * (spec.discard_fan - 1) if spec.has(z.DISCARD) else 0
        side_w = min(int(w * 0.3), max(pw, piles * (2 * sw + pad) + fan + (label if piles == 1 else 0) + 2 * pad))
    x0 = panels["bottom"].right + pad
    x1 = w - pad - (side_w + pad if side_zones else 0)
    lift = int(round(ch * 0.08))  # a playable card rises this much: the area holds it
    hand_area = pygame.Rect(x0, hand_y - lift, x1 - x0, ch + lift)
    side = pygame.Rect(x1 + pad, hand_y + pad, side_w, ch - pad)
    used = set(POSITIONS[n])
    has_sides = bool(used & {"left", "right"})
    tops = [panels[p] for p in used if p.startswith("top")]
    tx0 = panels["left"].right + pad if has_sides else pad * 3
    tx1 = panels["right"].x - pad if has_sides else w - pad * 3
    ty0 = (max(p.bottom for p in tops) if tops else hud_h) + pad
    prompt_h = max(_line(u.text(19, least=14)), px(22))
    ty1 = hand_y - int(ch * 0.15) - prompt_h - pad  # the status line above the hand
    if n >= 7:  # between the two columns of side panels, under the top row
        tx0, tx1 = panels["topleft1"].right + pad, panels["topright1"].x - pad
        ty0 = panels["top1"].bottom + pad
    felt = pygame.Rect(tx0, ty0, tx1 - tx0, max(px(40), ty1 - ty0))
    table = felt.copy()
    felt_line = pygame.Rect(felt.x, felt.y, felt.width, 0)
    if spec.felt_line:  # the felt's first line tells the last move
        felt_line.height = line
        table.y += line
        table.height -= line
    positions = positions_for(players, False)
    inner = table.copy()
    if spec.has(z.POT):
        inner.y += tag_h
        inner.height -= tag_h
    th_fit = (inner.height - 1.5 * tag_h) / 2.25
    limit = int(max(px(24), min(cw * 0.95, th_fit / CARD_RATIO, inner.width / 4.4)))
    tw, trick = trick_places(players, inner, positions, tag_h, pad // 2, limit, False)
    open_w = int(cw * 0.82)
    deck = pygame.Rect(0, 0, sw * 2, int(sw * 2 * CARD_RATIO))
    deck.center = table.center
    stock = deck.copy()
    if side_zones:
        stock.midleft = (side.x + pad, side.centery)
    fan = fan_step(u, stock.width) * (spec.discard_fan - 1) if spec.has(z.DISCARD) else 0
    discard = stock.move(stock.width + pad + fan, 0)
    trump = discard.move(stock.width + pad, 0) if spec.has(z.DISCARD) else discard.copy()
    if spec.trump_across:
        trump = pygame.Rect(0, 0, stock.height, stock.width)
        trump.center = (stock.centerx + int(stock.width * 0.6), stock.centery)
    aside = pygame.Rect(0, 0, sw, sh)
    aside.bottomleft = (table.x + pad, table.bottom - pad)
    pot = pygame.Rect(table.right - px(160), table.y + pad // 2, px(160) - pad, tag_h)
    prompt = pygame.Rect(hand_area.x, hand_y - int(ch * 0.15) - pad // 2 - prompt_h, hand_area.width, prompt_h)
    # HUD buttons (right side): sound, undo, hint, menu.
    hud_slots = []
    x = w - pad
    for bw in reversed(hud_widths):
        bw = max(int(bh * 1.6), bw)
        x -= bw
        hud_slots.insert(0, pygame.Rect(x, pad // 2, bw, bh))
        x -= pad // 2
    hud = pygame.Rect(0, 0, w, hud_h)
    hud_text = pygame.Rect(pad, 0, x - 2 * pad, hud_h)
    return TableGeometry(
        units=u, spec=spec, players=players, compact=False, pad=pad, small=small, detail=detail, tag=tag, line=line,
        hud=hud, hud_text=hud_text, menu_only=False, hud_slots=hud_slots, seats=panels, hand_area=hand_area,
        prompt=prompt, actions=felt.copy(), felt=felt, felt_line=felt_line, table=table, side=side, stock=stock, discard=discard, trump=trump,
        aside=aside, pot=pot, deck=deck, cw=cw, ch=ch, sw=sw, tw=tw, th=int(tw * CARD_RATIO), fw=fw, open_w=open_w,
        hand_rows=2, hand_index=card_index(spec.deck), lift=0.08, trick=trick, fan_step=fan_step(u, stock.width),
    )
