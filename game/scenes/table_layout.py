"""Where the table puts things and how it draws them, for any game's view.

From the view's declarations (its zones, how tall the hand is, how many lines a seat
shows) the layout places the seat panels around the window (the viewer at the bottom),
the hand, the felt and each zone, from 800x480 to 3840x2160, and draws them. A long
hand overlaps its cards, then takes two rows, so every card's index stays visible.
"""
from __future__ import annotations

import math

import pygame

from game.i18n import t
from game.scenes.animation import lerp_rect
from game.scenes.views import base as z
from game.ui import fonts, widgets
from game.ui.cards import CARD_RATIO

try:  # the shared hand layout (game/ui/hand_layout.py), once it is there
    from game.ui.hand_layout import layout_hand
except ImportError:  # pragma: no cover - until then, the table's own two-row fan below
    layout_hand = None

# Where the other seats sit, clockwise from the viewer (at the bottom), per table size.
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
LEADER_COLOUR = (240, 200, 70)
BANNER_SUIT_COLOURS = [(240, 240, 240), (255, 110, 110), (255, 110, 110), (240, 240, 240)]  # on a dark panel


def hand_slots(count: int, area: pygame.Rect, cw: int, gap: int, share: float = MIN_INDEX_SHARE) -> list[pygame.Rect]:
    """Rects for ``count`` cards in ``area``: side by side, overlapped, or in two rows
    (the second lower and in front) when one row would hide the indexes. The shared hand
    layout of game/ui (``layout_hand``) decides when it is there."""
    if count <= 0:
        return []
    if layout_hand is not None:
        ch = int(cw * CARD_RATIO)
        lay = layout_hand(count, area, (cw, ch), (int(cw * share), int(ch * 0.46)), lift=0.0, gap=gap / max(1, cw))
        return [pygame.Rect(lay.rect(i)) for i in range(count)]

    def row(n: int, w: int, y: int) -> list[pygame.Rect]:
        step = 0.0 if n <= 1 else min(w + gap, (area.width - w) / (n - 1))
        total = step * (n - 1) + w
        x0 = area.centerx - total / 2
        return [pygame.Rect(int(x0 + i * step), y, w, int(w * CARD_RATIO)) for i in range(n)]

    one = row(count, cw, area.y)
    if count < 2 or one[1].x - one[0].x >= cw * share:
        return one
    # Two rows: cards a little smaller so both rows fit the hand's height.
    drop = 0.46  # the back row shows its top 46 %: rank and suit of the index
    w2 = max(16, int(area.height / (1 + drop) / CARD_RATIO))
    first = -(-count // 2)
    top = row(first, w2, area.y)
    bottom = row(count - first, w2, area.y + int(w2 * CARD_RATIO * drop))
    return top + bottom


class TableLayout:
    """Mixed into TableScene: geometry (``layout`` and the zone rects) and drawing."""

    # ------------------------------------------------------------ seats
    def rel(self, seat: int) -> int:
        return (seat - self.viewer) % self.match.players

    def position(self, seat: int) -> str:
        r = self.rel(seat)
        if self.view.COUNTER_CLOCKWISE:  # the next seat sits on the viewer's right
            r = (self.match.players - r) % self.match.players
        return "bottom" if r == 0 else POSITIONS[self.match.players][r - 1]

    def index_share(self) -> float:
        """Of a hand card's width, what an overlapped card leaves visible (its index)."""
        return self.view.INDEX_SHARE or MIN_INDEX_SHARE

    def has(self, zone: str) -> bool:
        return zone in self.view.ZONES

    # ------------------------------------------------------------ layout
    def layout(self) -> None:
        self.layout_version = getattr(self, "layout_version", 0) + 1
        z.clear_painters()
        v = self.view
        w, h = self.app.size
        s = self.app.scale
        pad = self.pad = max(6, int(10 * s))
        bh = max(widgets.MIN_BUTTON_PX, int(46 * s))
        self.hud_h = bh + 2 * (pad // 2)
        self.small = max(13, int(v.TEXT_SIZE * s))
        self.line = fonts.font(self.small, True).get_linesize()
        cw = int(min(h * v.HAND_HEIGHT / CARD_RATIO, w * v.HAND_WIDTH))
        self.cw, self.ch = cw, int(cw * CARD_RATIO)
        self.sw = max(16, int(cw * 0.35))  # small cards: other hands, piles
        sh = int(self.sw * CARD_RATIO)
        self.fw = int(self.sw * 1.35) if self.has(z.FACEUP) else 0  # face-up cards in a panel
        fh = int(self.fw * CARD_RATIO)
        pw = max(v.PANEL_MIN, int(min(w * 0.18, 300 * s)))
        lines = 1 + v.SEAT_LINES
        won_row = self.has(z.WON) and v.WON_ROW
        side_h = pad // 2 + lines * self.line + 2 + sh + (pad // 2 + sh if won_row else 0) + (pad // 2 + fh if fh else 0) + pad
        top_h = pad // 2 + (2 if v.SEAT_LINES > 1 else 1) * self.line + 2 + max(sh, fh) + pad
        top_y = self.hud_h + pad // 2
        n = self.match.players
        self.panels = {
            "left": pygame.Rect(pad, top_y + int(h * 0.09), pw, side_h),
            "right": pygame.Rect(w - pw - pad, top_y + int(h * 0.09), pw, side_h),
            "top": pygame.Rect(w // 2 - int(pw * 1.1), top_y, int(pw * 2.2), top_h),
            "topleft": pygame.Rect(int(w * 0.3) - int(pw * 0.95), top_y, int(pw * 1.9), top_h),
            "topright": pygame.Rect(int(w * 0.7) - int(pw * 0.95), top_y, int(pw * 1.9), top_h),
        }
        if n >= 5:  # four opponents or more: the side panels sit below the top ones
            for pos in ("left", "right"):
                self.panels[pos].y = self.panels["topleft"].bottom + pad // 2
        if n == 6:  # three panels across the top: side by side, as wide as they fit
            tw_ = min(int(pw * 1.9), (w - 2 * pad - pad) // 3)
            x = (w - 3 * tw_ - pad) // 2
            for name in ("topleft", "top", "topright"):
                self.panels[name] = pygame.Rect(x, top_y, tw_, top_h)
                x += tw_ + pad // 2
        if n >= 7:  # a row of compact panels across the window, two more down each side
            tops = [p for p in POSITIONS[n] if p[3:].isdigit()]
            tw_ = min(int(pw * 1.9), (w - 2 * pad - (len(tops) - 1) * (pad // 2)) // len(tops))
            x = (w - len(tops) * tw_ - (len(tops) - 1) * (pad // 2)) // 2
            for name in tops:
                self.panels[name] = pygame.Rect(x, top_y, tw_, top_h)
                x += tw_ + pad // 2
            sw_ = min(int(pw * 1.3), int(w * 0.24))
            for k in (1, 2):
                y = top_y + top_h + pad // 2 + (k - 1) * (top_h + pad // 2)
                self.panels[f"topleft{k}"] = pygame.Rect(pad, y, sw_, top_h)
                self.panels[f"topright{k}"] = pygame.Rect(w - sw_ - pad, y, sw_, top_h)
        bottom_h = pad // 2 + lines * self.line + 2 + (sh + pad // 2 if won_row else 0) + (fh + pad // 2 if fh else 0) + pad // 2
        if won_row and not fh:
            bottom_h = max(bottom_h, self.ch - pad)
        self.panels["bottom"] = pygame.Rect(pad, h - bottom_h - pad, pw, bottom_h)
        hand_y = h - self.ch - pad
        side_zones = any(self.has(k) for k in (z.STOCK, z.DISCARD, z.TRUMP))
        side_w = 0
        if side_zones:  # the stock (and discard, turned card) with the stock's label
            label = fonts.font(self.small, True).size(t("table.stock", count=52))[0]
            piles = sum(self.has(k) for k in (z.STOCK, z.DISCARD, z.TRUMP))
            if v.TRUMP_ACROSS and self.has(z.TRUMP):  # the turned card sticks out from under the stock
                piles -= 1
                label += int(1.3 * self.sw)
            fan = int(self.sw * 2 * FAN_SHOW) * (v.DISCARD_FAN - 1) if self.has(z.DISCARD) else 0
            side_w = min(int(w * 0.3), max(pw, piles * (2 * self.sw + pad) + fan + (label if piles == 1 else 0) + 2 * pad))
        x0 = self.panels["bottom"].right + pad
        x1 = w - pad - (side_w + pad if side_zones else 0)
        self.hand_area = pygame.Rect(x0, hand_y, x1 - x0, self.ch)
        self.side_area = pygame.Rect(x1 + pad, hand_y + pad, side_w, self.ch - pad)
        used = set(POSITIONS[n])
        has_sides = bool(used & {"left", "right"})
        tops = [self.panels[p] for p in used if p.startswith("top")]
        tx0 = self.panels["left"].right + pad if has_sides else pad * 3
        tx1 = self.panels["right"].x - pad if has_sides else w - pad * 3
        ty0 = (max(p.bottom for p in tops) if tops else self.hud_h) + pad
        ty1 = hand_y - int(self.ch * 0.15) - max(22, int(30 * s)) - pad  # the status line above the hand
        if n >= 7:  # between the two columns of side panels, under the top row
            tx0, tx1 = self.panels["topleft1"].right + pad, self.panels["topright1"].x - pad
            ty0 = self.panels["top1"].bottom + pad
        self.felt_area = pygame.Rect(tx0, ty0, tx1 - tx0, max(40, ty1 - ty0))
        self.table_area = self.felt_area.copy()
        if v.FELT_LINE:  # the felt's first line tells the last move
            self.table_area.y += self.line
            self.table_area.height -= self.line
        # Cards on the felt.
        self.tag = max(11, int(13 * s))
        tag_h = fonts.font(self.tag, True).get_linesize()
        th_fit = (self.table_area.height - 1.5 * tag_h) / 2.25
        self.tw = int(max(24, min(cw * 0.95, th_fit / CARD_RATIO, self.table_area.width / 4.4)))
        if n >= 7:  # a card from every seat around the felt's centre
            self.tw = max(20, min(self.tw, int(self.table_area.width / 6.5), int(self.table_area.height / 3.2 / CARD_RATIO)))
        self.th = int(self.tw * CARD_RATIO)
        self.open_w = int(cw * 0.82)
        self.deck_rect = pygame.Rect(0, 0, self.sw * 2, int(self.sw * 2 * CARD_RATIO))
        self.deck_rect.center = self.table_area.center
        self.stock_rect = self.deck_rect.copy()
        if side_zones:
            self.stock_rect.midleft = (self.side_area.x + pad, self.side_area.centery)
        # Beside the stock, in this order: the discard pile, the turned card.
        # A fanned pile: the cards under the top one peek out on its left, the top card on the right.
        fan = int(self.stock_rect.width * FAN_SHOW) * (v.DISCARD_FAN - 1) if self.has(z.DISCARD) else 0
        self.discard_rect = self.stock_rect.move(self.stock_rect.width + pad + fan, 0)
        self.discard_fan_rects: list[tuple[str, pygame.Rect]] = []  # (card, rect) bottom first, where drawn
        self.trump_rect = self.discard_rect.move(self.stock_rect.width + pad, 0) if self.has(z.DISCARD) else self.discard_rect.copy()
        if v.TRUMP_ACROSS:
            self.trump_rect = pygame.Rect(0, 0, self.stock_rect.height, self.stock_rect.width)
            self.trump_rect.center = (self.stock_rect.centerx + int(self.stock_rect.width * 0.6), self.stock_rect.centery)
        self.aside_rect = pygame.Rect(0, 0, self.sw, sh)
        self.aside_rect.bottomleft = (self.table_area.x + pad, self.table_area.bottom - pad)
        # HUD buttons (right side): sound, undo, hint, menu.
        labels = [("table.menu", self.pause, True)]
        if len(self.match.humans) == 1:
            labels.insert(0, ("table.hint", self.ask_hint, True))
            if self.app.settings.undo_allowed:
                labels.insert(0, ("table.undo", self.undo, self.match.can_undo()))
        labels.insert(0, ("table.sound_off" if self.app.settings.sound else "table.sound_on", self.toggle_sound, True))
        x = w - pad
        self.hud_buttons = {}
        for key, action, enabled in reversed(labels):
            text = t(key)
            bw = max(int(bh * 1.6), fonts.font(max(15, int(22 * s)), True).size(text)[0] + 2 * pad + 10)
            x -= bw
            self.hud_buttons[key] = self.button(pygame.Rect(x, pad // 2, bw, bh), text, action, enabled, focusable=False)
            x -= pad // 2
        self.hud_text_right = x
        self.action_buttons = {}
        self._actions_shown = None
        self.refresh_actions()

    def settings_changed(self) -> None:
        pass

    def refresh_actions(self) -> None:
        """Buttons for what the current step allows (pass these cards, draw, knock...)."""
        if not hasattr(self, "hud_h"):
            return
        now = tuple(self.actions_now()) if not self.steps else ()
        choices = (self.choices_now() or []) if not self.steps else []
        own = dict(self.view.view_actions())
        key = (now, tuple(label for label, _ in choices), tuple(own.values()))
        if key == self._actions_shown:
            return
        self._actions_shown = key
        for b in self.action_buttons.values():
            b.kill()
            if b in self.elements:
                self.elements.remove(b)
        self.action_buttons = {}
        s = self.app.scale
        bh = widgets.button_height(s)
        gap = self.pad
        self.choice_rects = []
        if choices:
            self.place_choices([label for label, _ in choices], bh, gap)
        if not now:
            return
        def label(kind: str) -> str:
            if kind == "confirm":
                return t("table.confirm")
            return own.get(kind[5:], kind) if kind.startswith("view:") else self.view.action_label(kind)

        labels = [(kind, label(kind), enabled) for kind, enabled in now]
        widths = [min(int(self.felt_area.width * 0.8), max(int(160 * s), fonts.font(max(15, int(22 * s)), True).size(text)[0] + 3 * gap)) for _, text, _ in labels]
        # Rows of buttons as wide as the felt allows (several declarations), centred.
        rows: list[list[int]] = [[]]
        for i, bw in enumerate(widths):
            if rows[-1] and sum(widths[j] + gap for j in rows[-1]) + bw > self.felt_area.width:
                rows.append([])
            rows[-1].append(i)
        height = len(rows) * bh + (len(rows) - 1) * (gap // 2)
        low = self.view.BUTTONS_LOW or self.shown.get(z.TRICK) or self.shown.get(z.OPEN) or self.view.felt_text(set())  # leave the felt's middle to what it shows
        y = self.felt_area.bottom - height - gap if low else self.felt_area.centery - height // 2
        y = max(self.felt_area.y, y)
        for row in rows:
            total = sum(widths[i] for i in row) + gap * (len(row) - 1)
            x = self.felt_area.centerx - total // 2
            for i in row:
                kind, text, enabled = labels[i]
                self.action_buttons[kind] = self.button(pygame.Rect(x, y, widths[i], bh), text, lambda k=kind: self.act(k), enabled, focusable=False)
                x += widths[i] + gap
            y += bh + gap // 2

    def place_choices(self, labels: list[str], bh: int, gap: int) -> None:
        """The chooser's buttons (``choice_rects``: (rect, text) per choice), numbered, in
        rows centred on the felt (along its bottom, in the buttons' place, for a view whose
        felt's middle holds the game: ``BUTTONS_LOW``). The table draws them itself
        (``draw_choices``) so suit signs in a label are drawn as shapes; a tap plays the choice."""
        s = self.app.scale
        area = self.felt_area
        last = len(labels) - 1
        # Keys 1-9 for the first choices, 0 for the last one (none).
        texts = [f"{0 if i == last else i + 1}  {text}" if i == last or i < 9 else text for i, text in enumerate(labels)]
        self.choice_size = size = max(14, int(20 * s))
        widths = [min(area.width - 2 * gap, fonts.render_rich(text, size, widgets.WHITE, True).get_width() + 3 * gap) for text in texts]
        rows: list[list[int]] = [[]]
        used = 0
        for i, bw in enumerate(widths):
            if rows[-1] and used + gap + bw > area.width - 2 * gap:
                rows.append([])
                used = 0
            used += (gap if rows[-1] else 0) + bw
            rows[-1].append(i)
        bh = min(bh, max(24, area.height // max(1, len(rows)) - gap // 2))
        step = bh + gap // 2
        y = area.centery - (len(rows) * step - gap // 2) // 2
        if self.view.BUTTONS_LOW:
            y = area.bottom - len(rows) * step + gap // 2 - gap
        y = max(area.y, min(y, area.bottom - len(rows) * step))
        self.choice_rects = [None] * len(texts)
        for row in rows:
            total = sum(widths[i] for i in row) + gap * (len(row) - 1)
            x = area.centerx - total // 2
            for i in row:
                self.choice_rects[i] = (pygame.Rect(x, y, widths[i], bh), texts[i])
                x += widths[i] + gap
            y += step

    def choice_cards(self) -> set[str]:
        """The cards of the choice under the pointer (``move_targets`` of its move), ringed
        in the hand and in the face-up rows so a player sees which copies it takes."""
        rects = getattr(self, "choice_rects", [])
        if not rects or self.steps:
            return set()
        mouse = pygame.mouse.get_pos()
        hover = next((i for i, (r, _) in enumerate(rects) if r.collidepoint(mouse)), None)
        options = self.choices_now() or []
        if hover is None or hover >= len(options) or options[hover][1] is None:  # None: the way back
            return set()
        return set(self.view.move_targets(options[hover][1]))

    def draw_choices(self, surface) -> None:
        s = self.app.scale
        mouse = pygame.mouse.get_pos()
        for rect, text in getattr(self, "choice_rects", []):
            hover = rect.collidepoint(mouse)
            pygame.draw.rect(surface, (52, 80, 110) if hover else (37, 54, 74), rect, border_radius=max(6, int(12 * s)))
            pygame.draw.rect(surface, (255, 255, 255) if hover else (159, 180, 207), rect, 2, border_radius=max(6, int(12 * s)))
            img = fonts.render_rich(text, fonts.fit_size(text, self.choice_size, rect.width - self.pad, True), widgets.WHITE, True, BANNER_SUIT_COLOURS)
            surface.blit(img, img.get_rect(center=rect.center))

    # ------------------------------------------------------------ zone rects
    def hand_count(self, seat: int) -> int:
        if self.position(seat) == "bottom" and self.hand_visible():
            return len(self.shown.get("hand", []))
        counts = self.shown.get("hand_counts", [])
        return counts[seat] if seat < len(counts) else 0

    def seat_hand_rect(self, seat: int, i: int = 0) -> pygame.Rect:
        pos = self.position(seat)
        if pos == "bottom":
            count = max(self.hand_count(seat), i + 1, 1)
            return hand_slots(count, self.hand_area, self.cw, self.pad // 2, self.index_share())[i]
        p = self.panels[pos]
        r = pygame.Rect(0, 0, self.sw, int(self.sw * CARD_RATIO))
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
        """A seat's won pile: a row with its label, or the panel's top right corner."""
        pos = self.position(seat)
        p = self.panels[pos]
        r = pygame.Rect(0, 0, self.sw, int(self.sw * CARD_RATIO))
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
        """A seat's card in the trick, pushed from the centre towards that player."""
        cx, cy = self.table_area.center
        tw, th, area = self.tw, self.th, self.table_area
        dx = int(max(tw * 1.3, min(area.width * 0.2, tw * 1.9)))
        dy = int(max(th * 0.56, min(area.height * 0.25, th * 0.66)))
        pos = self.position(seat)
        off = {"bottom": (0, dy), "top": (0, -dy), "left": (-dx, 0), "right": (dx, 0), "topleft": (-int(dx * 0.6), -dy), "topright": (int(dx * 0.6), -dy)}.get(pos)
        if off is None or self.match.players >= 7:  # a big table: the cards on an ellipse, each towards its seat
            n = self.match.players
            k = 0 if pos == "bottom" else POSITIONS[n].index(pos) + 1
            angle = 2 * math.pi * k / n
            rx, ry = max(0, area.width // 2 - tw // 2 - 4), max(0, area.height // 2 - th // 2 - 4)
            off = (-int(rx * math.sin(angle)), int(ry * math.cos(angle)))
        if self.match.players == 3 and pos in ("left", "right"):
            off = (off[0], -int(dy * 0.45))
        r = pygame.Rect(0, 0, tw, th)
        r.center = (cx + off[0], cy + off[1])
        return r

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
        """The open table: rows of cards centred on the felt, smaller when many."""
        area = self.table_area
        n = max(1, len(codes))
        tw = self.open_w
        gap = max(4, self.pad // 2)
        while True:
            th = int(tw * CARD_RATIO)
            per_row = max(1, (area.width + gap) // (tw + gap))
            rows = -(-n // per_row)
            if rows * (th + gap) - gap <= area.height or tw <= 24:
                break
            tw = int(tw * 0.9)
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

    def zone_at(self, pos) -> tuple[str | None, str | None]:
        """The zone under a point (and the card there, if any), for drops and taps."""
        if self.has(z.STOCK) and self.stock_rect.collidepoint(pos):
            return z.STOCK, None
        if self.has(z.DISCARD):
            for code, rect in reversed(getattr(self, "discard_fan_rects", [])):
                if rect.collidepoint(pos):  # the top card first: it lies over the others
                    return z.DISCARD, (code if len(self.discard_fan_rects) > 1 else None)
            if self.discard_rect.inflate(self.pad, self.pad).collidepoint(pos):
                return z.DISCARD, None
        for code, rect in self.card_rects.items():
            if rect.collidepoint(pos):
                return (z.OPEN if self.has(z.OPEN) else z.TRICK if self.has(z.TRICK) else z.MELDS), code
        if self.has(z.MELDS) and self.meld_rect(self.viewer).collidepoint(pos):
            return z.MELDS, None
        # Anywhere else above the hand counts as the felt: a finger should not have to aim.
        if self.hud_h < pos[1] < self.hand_area.y - self.pad:
            for zone in (z.TRICK, z.OPEN, z.DISCARD, z.MELDS):
                if self.has(zone):
                    return zone, None
        return None, None

    # ------------------------------------------------------------ drawing
    def background(self, size) -> pygame.Surface:
        key = (tuple(size), self.app.table_colour, self.layout_version, self.match.players, self.viewer)
        if getattr(self, "_bg_key", None) != key:
            s = self.app.scale
            bg = pygame.Surface(size).convert()
            bg.fill(self.app.table_colour)
            widgets.panel(bg, pygame.Rect(0, 0, size[0], self.hud_h), alpha=110, radius=0)
            felt = self.felt_area.inflate(self.pad * 2, self.pad * 2)
            lighter = tuple(min(255, c + 14) for c in self.app.table_colour)
            pygame.draw.rect(bg, lighter, felt, border_radius=max(12, int(30 * s)))
            for seat in range(self.match.players):
                widgets.panel(bg, self.panels[self.position(seat)], alpha=130)
            self._bg, self._bg_key = bg, key
        return self._bg

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        small = self.small
        step = self.steps[0] if self.steps else None
        flying = {f.code for f in step.flights if f.code} if step else set()
        highlight = step.highlight if step else set()
        surface.blit(self.background(surface.get_size()), (0, 0))
        fonts.blit_text(surface, self.view.hud_text(), max(14, int(20 * s)), widgets.WHITE, (self.pad, self.hud_h // 2), "midleft", bold=True, max_width=self.hud_text_right - 2 * self.pad, suit_colours=[(255, 120, 120)] * 4)
        for seat in range(self.match.players):
            self.draw_seat(surface, seat)
        self.card_rects = {}
        if not self.view.draw_felt(surface, flying, highlight):
            if self.has(z.OPEN):
                self.draw_open(surface, flying, highlight)
            if self.has(z.TRICK):
                self.draw_trick(surface, flying, highlight)
            if self.has(z.MELDS):
                self.draw_melds(surface)
        if self.has(z.ASIDE):
            self.draw_pile(surface, self.aside_rect, self.shown.get(z.ASIDE, 0), self.view.aside_label(self.shown.get(z.ASIDE, 0)), hide_empty=True)
        if self.has(z.POT) and self.shown.get(z.POT):
            fonts.blit_text(surface, t("table.pot", count=self.shown[z.POT]), small, widgets.GOLD, (self.table_area.right - self.pad, self.table_area.y + self.pad), "topright", bold=True)
        self.draw_side(surface)
        line = self.view.felt_line()
        if line:
            fonts.blit_text(surface, line, small, widgets.SOFT, (self.felt_area.centerx, self.felt_area.y), "midtop", max_width=self.felt_area.width)
        self.draw_hand(surface, flying)
        self.draw_prompt(surface)
        if not self.steps:
            self.draw_choices(surface)
        if step:
            for f in step.flights:
                if step.t < f.delay:
                    continue
                frac = 1.0 if step.dur <= 0 else max(0.0, min(1.0, (step.t - f.delay) / max(1e-6, step.dur - f.delay)))
                r = lerp_rect(f.src, f.dst, frac)
                # Card sizes in flight go in steps of 8 px, so the cache holds a few sizes only.
                width = max(8, (r.width + 4) // 8 * 8)
                img = self.face(f.code, width) if f.code else self.app.cards.back(self.app.settings.card_back, width)
                surface.blit(img, r)
        self.draw_drag(surface)
        banner = (step.banner if step and step.banner else None) or (self.banner[0] if self.banner else None)
        if banner:
            self.draw_banner(surface, banner)

    def draw_banner(self, surface, text: str) -> None:
        s = self.app.scale
        if self.view.BANNER_AT == "prompt":
            # In the status line's place above the hand: the felt stays in full view, and a
            # refusal shows where the player is looking.
            size = max(18, int(28 * s))
            img = fonts.render_rich(text, fonts.fit_size(text, size, int(self.hand_area.width * 0.98), True), widgets.GOLD, True, BANNER_SUIT_COLOURS)
            r = img.get_rect(midbottom=(self.hand_area.centerx, self.prompt_y()))
            widgets.panel(surface, r.inflate(int(24 * s), int(10 * s)), alpha=215)
        else:
            size = max(22, int(44 * s))
            img = fonts.render(text, fonts.fit_size(text, size, int(surface.get_width() * 0.8), True), widgets.GOLD, True)
            r = img.get_rect(center=self.table_area.center)
            widgets.panel(surface, r.inflate(int(40 * s), int(16 * s)), alpha=190)
        surface.blit(img, r)

    def draw_pile(self, surface, rect: pygame.Rect, count: int, label: str = "", hide_empty: bool = False, label_width: int | None = None, per_layer: int = 1) -> None:
        """A face-down pile (stock, won cards or tricks, aside) with its label on the right;
        it thickens by one card per ``per_layer`` (three at most)."""
        if count:
            back = self.app.cards.back(self.app.settings.card_back, rect.width)
            for k in range(min(3, max(1, count // per_layer))):
                surface.blit(back, rect.move(-k * 2, -k * 2))
        elif hide_empty:
            return
        else:
            pygame.draw.rect(surface, (255, 255, 255), rect, 1, border_radius=4)
        if label:
            fonts.blit_text(surface, label, self.small, widgets.SOFT, (rect.right + self.pad // 2, rect.centery), "midleft", max_width=label_width or self.table_area.width // 2, suit_colours=[(255, 255, 255)] * 4)

    def draw_seat(self, surface, seat: int) -> None:
        v = self.view
        pos = self.position(seat)
        p = self.panels[pos]
        small = self.small
        s = self.app.scale
        top = pos.startswith("top")
        if self.match.current() == seat and not self.match.finished and not self.frozen:
            pygame.draw.rect(surface, widgets.GOLD, p, max(2, int(3 * s)), border_radius=14)
        x, y = p.x + self.pad, p.y + self.pad // 2
        team = v.team_of(seat)
        dot = small if team is not None else 0
        tag = "" if self.match.seats[seat].human else " · " + t(f"kind.{self.match.seats[seat].kind}")
        lines = v.seat_lines(seat)
        full = not top or len(lines) != 1  # a top panel's single line sits on the name's right
        name_w = (p.width - 2 * self.pad - int(small * 1.6) if full else p.width // 2) - dot - (self.sw if not v.WON_ROW else 0)
        r = fonts.blit_text(surface, fonts.ellipsize(v.name(seat) + tag, small, name_w, True), small, widgets.WHITE if v.in_round(seat) else widgets.DIM, (x + dot, y), bold=True, max_width=name_w)
        if team is not None:
            pygame.draw.circle(surface, v.TEAM_COLOURS[team % len(v.TEAM_COLOURS)], (x + small // 2 - 2, r.centery), small // 2 - 1)
        if self.shown.get("dealer") == seat:
            cx = r.right + int(small * 0.8)
            pygame.draw.circle(surface, (250, 250, 250), (cx, r.centery), small * 0.6)
            fonts.blit_text(surface, t("table.dealer_chip"), max(fonts.min_size(), int(small * 0.8)), (20, 20, 20), (cx, r.centery), "center", bold=True)
        text_w = p.width - 2 * self.pad - (self.sw + self.pad if not v.WON_ROW else 0)
        if top and len(lines) == 1:
            text, colour, bold = lines[0]
            fonts.blit_text(surface, fonts.ellipsize(text, small, p.width // 2 - 2 * self.pad, bold), small, colour, (p.right - self.pad, r.y), "topright", bold=bold, max_width=p.width // 2 - 2 * self.pad)
        elif top and lines:
            fonts.blit_text(surface, fonts.ellipsize("  ·  ".join(x[0] for x in lines), small, text_w, True), small, lines[-1][1], (x, r.bottom + 1), bold=True, max_width=text_w)
        else:
            yy = r.bottom + 1
            for text, colour, bold in lines:
                rr = fonts.blit_text(surface, fonts.ellipsize(text, small, text_w, bold), small, colour, (x, yy), bold=bold, max_width=text_w)
                yy = rr.bottom + 1
        back = self.app.cards.back(self.app.settings.card_back, self.sw)
        if pos != "bottom":
            count = 0 if self.hide_hands else self.hand_count(seat)
            for i in range(count):
                surface.blit(back, self.seat_hand_rect(seat, i))
            first = self.seat_hand_rect(seat)
            hx = self.seat_hand_rect(seat, max(0, count - 1)).right + 4
            limit = p.centerx - self.pad if top and (v.WON_ROW or self.has(z.FACEUP)) else p.right - self.pad - (self.sw if top and not v.WON_ROW else 0)
            label = t("table.hand_count", count=count)
            if fonts.font(small).size(label)[0] > max(20, limit - hx):
                label = str(count)  # a narrow panel (ten seats, a long hand): the number alone, not shrunk
            fonts.blit_text(surface, label, small, widgets.SOFT, (hx, first.centery), "midleft", max_width=max(20, limit - hx))
        if self.has(z.WON):
            pr = self.pile_rect(seat)
            label = v.won_label(seat)
            if v.WON_ROW:  # cards captured: a thicker pile every six cards
                self.draw_pile(surface, pr, len(v.zone_cards(z.WON, seat)), label, label_width=p.right - pr.right - self.pad, per_layer=6)
            else:  # tricks: one card of thickness per trick
                self.draw_pile(surface, pr, v.won_count(seat), label, label_width=p.right - pr.right - self.pad)
        if self.has(z.FACEUP):
            cards = v.zone_cards(z.FACEUP, seat)
            if cards:
                px0, py, avail = self.faceup_origin(seat)
                stepx = min(self.fw * 0.55, (avail - self.fw) / max(1, len(cards) - 1)) if len(cards) > 1 else 0
                ringed = self.choice_cards()
                for i, code in enumerate(cards):
                    surface.blit(self.face(code, self.fw), (int(px0 + i * stepx), py))
                    if code in ringed:
                        r = pygame.Rect(int(px0 + i * stepx), py, self.fw, int(self.fw * CARD_RATIO))
                        pygame.draw.rect(surface, HINT_COLOUR, r.inflate(4, 4), max(2, int(3 * s)), border_radius=6)

    def draw_side(self, surface) -> None:
        """Stock, discard pile and turned card beside the hand (or across under the stock)."""
        across = self.view.TRUMP_ACROSS and self.has(z.TRUMP)
        if across:
            cards = self.shown.get(z.TRUMP, [])
            if cards:
                r = self.trump_rect
                surface.blit(pygame.transform.rotate(self.face(cards[-1], r.height), 90), r)
                self.card_rects[cards[-1]] = r
        if self.has(z.STOCK):
            n = self.shown.get(z.STOCK, 0)
            r = self.stock_rect
            if n:
                back = self.app.cards.back(self.app.settings.card_back, r.width)
                for k in range(min(4, 1 + n // 10)):
                    surface.blit(back, r.move(-k * 2, -k * 2))
            else:
                pygame.draw.rect(surface, (255, 255, 255), r, 1, border_radius=6)
            if not self.has(z.DISCARD) and (across or not self.has(z.TRUMP)):
                lx = max(r.right, self.trump_rect.right if across else 0) + self.pad
                fonts.blit_text(surface, t("table.stock", count=n), self.small, widgets.WHITE, (lx, r.centery), "midleft", bold=True, max_width=self.side_area.right - lx)
        if self.has(z.STOCK) and self.has(z.DISCARD):  # the stock's count on its top card
            n = self.shown.get(z.STOCK, 0)
            r = self.stock_rect
            text = str(n)
            img = fonts.render(text, max(12, int(r.width * 0.38)), widgets.WHITE, True)
            br = img.get_rect(center=r.center).inflate(max(8, r.width // 6), 4)
            pygame.draw.rect(surface, (20, 28, 40), br, border_radius=br.height // 2)
            pygame.draw.rect(surface, widgets.GOLD, br, max(1, int(2 * self.app.scale)), border_radius=br.height // 2)
            surface.blit(img, img.get_rect(center=br.center))
        self.discard_fan_rects = []
        for zone, rect in ((z.DISCARD, self.discard_rect), (z.TRUMP, self.trump_rect)):
            if self.has(zone) and not (across and zone == z.TRUMP):
                cards = self.shown.get(zone, [])
                if cards:
                    fan = cards[-self.view.DISCARD_FAN:] if zone == z.DISCARD else cards[-1:]
                    step = int(rect.width * FAN_SHOW)
                    # A pile card a legal move takes (Jersey Gin's upcard) is marked as a
                    # playable hand card is: lifted a little, a gold dot on its top edge.
                    takable = self.view.pile_marks(self.legal()) if zone == z.DISCARD and self.my_turn() else set()
                    for k, code in enumerate(fan):
                        r = rect.move(-(len(fan) - 1 - k) * step, 0)
                        if code in takable:
                            r = r.move(0, -int(self.ch * 0.08))
                        surface.blit(self.face(code, rect.width), r)
                        if code in takable:
                            pygame.draw.circle(surface, widgets.GOLD, (r.x + max(6, (step if k < len(fan) - 1 else r.width) // 2), r.y), max(4, self.small // 3))
                        self.card_rects[code] = r
                        if zone == z.DISCARD:
                            self.discard_fan_rects.append((code, r))
                else:
                    pygame.draw.rect(surface, (255, 255, 255), rect, 1, border_radius=6)

    def option_marks(self) -> dict[str, list[int]]:
        marks: dict[str, list[int]] = {}
        for i, o in enumerate(self.options):
            for c in self.view.move_targets(o):
                marks.setdefault(c, []).append(i)
        return marks

    def draw_open(self, surface, flying: set, highlight: set) -> None:
        """The open table (captures): options ringed in colour, numbered when several."""
        s = self.app.scale
        small = self.small
        codes = self.shown.get(z.OPEN, [])
        rects = self.layout_table(codes) if codes else {}
        marks = self.option_marks()
        hint_targets = set(self.view.move_targets(self.hint["move"])) if self.hint else set()
        for code in codes:
            if code in flying:
                continue
            r = rects[code]
            lift = max(3, self.pad) if code in marks and self.active in marks[code] else 0
            rr = r.move(0, -lift)
            self.card_rects[code] = r
            surface.blit(self.face(code, r.width), rr)
            if code in highlight:
                pygame.draw.rect(surface, widgets.GOLD, rr.inflate(6, 6), max(2, int(3 * s)), border_radius=8)
            for k, oi in enumerate(marks.get(code, [])):
                col = OPTION_COLOURS[oi % len(OPTION_COLOURS)]
                width = max(3, int(4 * s)) if oi == self.active else max(2, int(2 * s))
                pygame.draw.rect(surface, col, rr.inflate(6 + 6 * k, 6 + 6 * k), width, border_radius=8)
                if len(self.options) > 1:
                    badge = pygame.Rect(0, 0, int(small * 1.3), int(small * 1.3))
                    badge.center = (rr.x + badge.width // 2 + k * badge.width, rr.y)
                    pygame.draw.circle(surface, col, badge.center, badge.width // 2)
                    fonts.blit_text(surface, str(oi + 1), small, (20, 20, 20), badge.center, "center", bold=True)
            if code in hint_targets:
                pygame.draw.rect(surface, HINT_COLOUR, rr.inflate(10, 10), max(2, int(3 * s)), border_radius=10)
        if not codes:
            fonts.blit_text(surface, t("table.empty"), small, widgets.DIM, self.table_area.center, "center")

    def name_tag(self, surface, r: pygame.Rect, seat: int, lead: bool) -> None:
        """Who played a card: a tag on its lower edge; gold for the leader."""
        tag = self.view.name(seat)
        img = fonts.render(tag, fonts.fit_size(tag, self.tag, r.width + 20, True), (20, 20, 20), True)
        tr = img.get_rect(midtop=(r.centerx, r.bottom - img.get_height() // 2))
        pygame.draw.rect(surface, LEADER_COLOUR if lead else (235, 235, 235), tr.inflate(10, 2), border_radius=max(4, tr.height // 2))
        surface.blit(img, tr)

    def draw_trick(self, surface, flying: set, highlight: set) -> None:
        s = self.app.scale
        trick = self.shown.get(z.TRICK, [])
        leader = self.shown.get("leader")
        for seat, code in trick:
            if code in flying:
                continue
            r = self.trick_rect(seat)
            self.card_rects[code] = r
            surface.blit(self.face(code, r.width), r)
            if code in highlight:
                pygame.draw.rect(surface, widgets.GOLD, r.inflate(8, 8), max(3, int(4 * s)), border_radius=10)
            self.name_tag(surface, r, seat, seat == leader)
        y = self.table_area.centery
        for i, text in enumerate(self.view.felt_text(flying)):
            size = self.small if i == 0 else max(fonts.min_size(), int(self.small * 0.85))
            r = fonts.blit_text(surface, text, size, widgets.DIM, (self.table_area.centerx, y), "center" if i == 0 else "midtop", max_width=self.table_area.width - 10)
            y = r.bottom + (self.line - r.height if i == 0 else 2)

    def draw_melds(self, surface) -> None:
        for seat in range(self.match.players):
            area = self.meld_rect(seat)
            w = max(20, int(area.height / CARD_RATIO))
            x = area.x
            for group in self.view.zone_cards(z.MELDS, seat):
                step = max(8, w // 3)
                for i, code in enumerate(group):
                    r = pygame.Rect(x + i * step, area.y, w, area.height)
                    surface.blit(self.face(code, w), r)
                    self.card_rects[code] = r
                x += step * (len(group) - 1) + w + self.pad

    def draw_hand(self, surface, flying: set) -> None:
        s = self.app.scale
        v = self.view
        self.hand_rects = []
        seat = self.viewer
        visible = self.hand_visible()
        cards = list(self.shown["hand"]) if visible else [None] * self.hand_count(seat)
        if self.hide_hands:
            cards = []
        mine = self.my_turn()
        phase = self.phase()
        single = not v.select_count(phase)
        legal = self.legal_codes() if mine and single else set()
        mark_legal = mine and single and v.hand_marks(phase)
        several = set()
        if mine and v.capture_marks():
            several = {c for m in self.legal() if v.move_targets(m) for c in v.move_cards(m)}
        hint_cards = set(v.move_cards(self.hint["move"])) if self.hint else set()
        hint_cards |= self.choice_cards()
        refused = self.refused[0] if self.refused else None
        dragged = self.press[0] if self.press and self.drag_pos else None
        slots = hand_slots(len(cards), self.hand_area, self.cw, self.pad // 2, self.index_share())
        notes = []  # (card rect, lines) written over the cards once they are all laid
        for i, code in enumerate(cards):
            if code is not None and code in flying:
                continue
            r = slots[i]
            nxt = slots[i + 1] if i + 1 < len(slots) and slots[i + 1].y == r.y else None
            visible_w = nxt.x - r.x if nxt else r.width
            if code is None:
                surface.blit(self.app.cards.back(self.app.settings.card_back, r.width), r)
                continue
            if code in self.selected:
                r = r.move(0, -int(self.ch * 0.15))
            elif mark_legal and code in legal:
                r = r.move(0, -int(self.ch * 0.08))
            self.hand_rects.append((code, r))
            if code == dragged:
                hole = pygame.Surface(r.size, pygame.SRCALPHA)
                pygame.draw.rect(hole, (0, 0, 0, 150), hole.get_rect(), border_radius=max(4, r.width // 12))
                surface.blit(hole, r)
                continue
            surface.blit(self.face(code, r.width), r)
            if mark_legal and code not in legal:
                shade = pygame.Surface(r.size, pygame.SRCALPHA)
                pygame.draw.rect(shade, (0, 0, 0, 110), shade.get_rect(), border_radius=max(3, r.width // 12))
                surface.blit(shade, r)
            elif mark_legal:
                pygame.draw.circle(surface, widgets.GOLD, (r.x + max(6, min(visible_w, r.width) // 2), r.y), max(4, self.small // 3))
            if code in several:
                pygame.draw.rect(surface, widgets.GOLD, r.inflate(4, 4), max(2, int(3 * s)), border_radius=10)
                pygame.draw.circle(surface, widgets.GOLD, (r.x + min(visible_w, r.width) // 2, r.y), max(5, self.small // 2))
            if code in self.selected:
                pygame.draw.rect(surface, (255, 255, 255), r.inflate(8, 8), max(2, int(3 * s)), border_radius=12)
            mark = v.hand_mark(code)
            if mark:
                pygame.draw.rect(surface, mark, r.inflate(4, 4), max(2, int(3 * s)), border_radius=10)
            if code == refused:
                pygame.draw.rect(surface, REFUSED_COLOUR, r.inflate(6, 6), max(3, int(4 * s)), border_radius=10)
            if code in hint_cards:
                pygame.draw.rect(surface, HINT_COLOUR, r.inflate(12, 12), max(2, int(4 * s)), border_radius=12)
            if mine and code == self.focus_card and code not in self.selected:
                pygame.draw.line(surface, (255, 255, 255), (r.x + 4, r.bottom + 3), (r.x + max(8, min(visible_w, r.width) - 4), r.bottom + 3), max(2, int(3 * s)))
            lines = v.hand_note(code)
            if lines:
                notes.append((r, lines))
        self.card_notes = notes
        for r, lines in notes:
            self.draw_card_note(surface, r, lines)

    def draw_card_note(self, surface, r: pygame.Rect, lines: list[str]) -> None:
        """Short lines low on a hand card, each on a dark tag (readable over the next card,
        whose index stays clear above them): the view's ``hand_note``."""
        size = max(12, int(self.small * 0.8))
        line_h = fonts.font(size, True).get_linesize()
        pad = max(2, line_h // 6)
        y = r.bottom - max(3, r.width // 14)
        for text in reversed(lines):
            img = fonts.render_rich(text, fonts.fit_size(text, size, int(r.width * 1.6), True, minimum=12), (255, 255, 255), True)
            tag = pygame.Rect(r.x + max(2, r.width // 20), y - line_h - pad, img.get_width() + 2 * pad, line_h + pad)
            y = tag.y - 1
            back = pygame.Surface(tag.size, pygame.SRCALPHA)
            pygame.draw.rect(back, (30, 36, 48, 225), back.get_rect(), border_radius=max(3, line_h // 3))
            surface.blit(back, tag)
            surface.blit(img, img.get_rect(center=tag.center))

    def draw_drag(self, surface) -> None:
        if self.press is None or self.drag_pos is None:
            return
        s = self.app.scale
        code, start = self.press
        zone, target = self.zone_at(self.drag_pos)
        # The zone the card would land on, outlined in gold (the felt in grey otherwise).
        spot = {z.DISCARD: self.discard_rect, z.STOCK: self.stock_rect}.get(zone)
        if zone == z.MELDS and target is None:
            spot = self.meld_rect(self.viewer)
        felt = self.felt_area.inflate(self.pad * 2, self.pad * 2)
        pygame.draw.rect(surface, widgets.GOLD if zone and spot is None else widgets.DIM, felt, max(2, int(4 * s)), border_radius=max(12, int(30 * s)))
        if spot is not None:
            pygame.draw.rect(surface, widgets.GOLD, spot.inflate(10, 10), max(2, int(4 * s)), border_radius=10)
        if target is not None and target in self.card_rects:
            pygame.draw.rect(surface, widgets.WHITE, self.card_rects[target].inflate(8, 8), max(2, int(3 * s)), border_radius=8)
        rect = dict(self.hand_rects).get(code, pygame.Rect(0, 0, self.cw, self.ch))
        img = pygame.transform.rotozoom(self.face(code, rect.width), -6, 1.08)  # lifted: bigger and tilted
        r = img.get_rect(center=(self.drag_pos[0] - start[0] + rect.centerx, self.drag_pos[1] - start[1] + rect.centery))
        surface.blit(img, r)

    def prompt_y(self) -> int:
        return self.hand_area.y - int(self.ch * 0.15) - self.pad // 2

    def draw_prompt(self, surface) -> None:
        text = self.prompt_text()
        w = surface.get_width()
        y = self.prompt_y()
        if text:
            size = max(14, int(19 * self.app.scale))
            width = max(self.hand_area.width, int(w * 0.96)) if self.view.BANNER_AT == "felt" else int(self.hand_area.width * 0.98)
            img = fonts.render_rich(text, fonts.fit_size(text, size, width, True), widgets.WHITE, True)
            cx = min(max(self.hand_area.centerx, img.get_width() // 2 + 8), w - img.get_width() // 2 - 8)
            r = img.get_rect(midbottom=(cx, y))
            widgets.panel(surface, r.inflate(16, 6), alpha=145, radius=8)
            surface.blit(img, r)
        if self.timer_left is not None and self.my_turn():
            total = max(1, self.match.timer)
            frac = max(0.0, self.timer_left / total)
            col = (90, 220, 120) if frac > 0.3 else (240, 80, 60)
            bar = pygame.Rect(self.hand_area.x, self.hand_area.bottom + 2, self.hand_area.width, max(4, self.pad // 2))
            pygame.draw.rect(surface, (40, 40, 40), bar, border_radius=3)
            pygame.draw.rect(surface, col, (bar.x, bar.y, int(bar.width * frac), bar.height), border_radius=3)
            fonts.blit_text(surface, t("table.timer", count=int(self.timer_left + 0.999)), self.small, col, (self.hand_area.right, y), "bottomright", bold=True)


OPTION_COLOURS = [(255, 215, 64), (80, 200, 255), (255, 120, 200), (140, 255, 140), (255, 160, 80), (200, 160, 255)]
HINT_COLOUR = (120, 255, 160)
REFUSED_COLOUR = (240, 80, 60)
