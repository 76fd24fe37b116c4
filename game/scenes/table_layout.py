"""How the table draws any game's view, from its picture (``TablePicture``) and the geometry
of the moment (``TableGeometry``, game/scenes/table_geometry.py).

Mixed into the table scene and the review's board (both a ``TableBase``). Desktop: seat
panels around the felt. Compact (phones, upright tablets): seat chips along the top (a tap
on one shows that player's cards on the table and figures), your own chip above your hand.
A long hand overlaps its cards, then takes rows, so every card's index stays visible; the
trick's cards never cover one another. Texts are drawn through ``fonts.blit_text`` or
``fonts.draw_in_box`` with the box they must fit (never under 12 logical pixels).
"""
from __future__ import annotations

import pygame

from game.i18n import t
from game.scenes.animation import lerp_rect
from game.scenes.table_geometry import FAN_SHOW, MIN_INDEX_SHARE, POSITIONS  # noqa: F401 - re-exported
from game.scenes.views import base as z
from game.ui import fonts, widgets
from game.ui.cards import CARD_RATIO
from game.ui.hand_layout import layout_hand
LEADER_COLOUR = (240, 200, 70)
BANNER_SUIT_COLOURS = [(240, 240, 240), (255, 110, 110), (255, 110, 110), (240, 240, 240)]  # on a dark panel
OPTION_COLOURS = [(255, 215, 64), (80, 200, 255), (255, 120, 200), (140, 255, 140), (255, 160, 80), (200, 160, 255)]
HINT_COLOUR = (120, 255, 160)
REFUSED_COLOUR = (240, 80, 60)
CHIP_COLOUR = (14, 20, 28)


def hand_slots(count: int, area: pygame.Rect, cw: int, gap: int, share: float = MIN_INDEX_SHARE) -> list[pygame.Rect]:
    """Rects for ``count`` cards in ``area`` (a desktop hand): side by side, overlapped, or in
    two rows (the second lower and in front) when one row would hide the indexes."""
    if count <= 0:
        return []
    ch = int(cw * CARD_RATIO)
    lay = layout_hand(count, area, (cw, ch), (int(cw * share), int(ch * 0.46)), lift=0.0, gap=gap / max(1, cw))
    return [pygame.Rect(lay.rect(i)) for i in range(count)]


def visible_parts(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """The part of each card not covered by the cards drawn after it (its index corner, and
    where a tap lands on it): cut on the right by a later card of its row, at the bottom by
    a lower row."""
    out = []
    for i, r in enumerate(rects):
        right, bottom = r.right, r.bottom
        for later in rects[i + 1:]:
            if not later.colliderect(r):
                continue
            if later.y <= r.y + r.height // 3 and later.x > r.x:  # the same row: it cuts the right
                right = min(right, later.x)
            elif later.y > r.y:  # a lower row: it cuts the bottom
                bottom = min(bottom, later.y)
        out.append(pygame.Rect(r.x, r.y, max(0, right - r.x), max(0, bottom - r.y)))
    return out



HUD_SEPARATOR = "  ·  "


def hud_lines(text: str, size: int, width: int) -> list[str]:
    """The round's line broken, where it needs two, between its parts ("Bezique · deal 1 ·
    game to 500" / "trumps ♠"), never inside one ("trumps" / "♠"); one line when it fits
    (or when a part alone is wider than the room: the caller wraps it as it can)."""
    parts = text.split(HUD_SEPARATOR)
    if fonts.text_width(text, size, True) <= width or any(fonts.text_width(p, size, True) > width for p in parts):
        return [text]
    lines = [parts[0]]
    for part in parts[1:]:
        joined = lines[-1] + HUD_SEPARATOR + part
        if fonts.text_width(joined, size, True) <= width:
            lines[-1] = joined
        else:
            lines.append(part)
    return lines

def part_lines(text: str, size: int, width: int) -> list[str]:
    """A status line wrapped to ``width``, breaking between its parts first ("3 cards chosen:
    a button, or drag them" / "deadwood 39 points", not "... deadwood 39" / "points"): each
    part wrapped on its own, a part joining the line before when it fits there."""
    lines: list[str] = []
    for part in text.split(HUD_SEPARATOR):
        if lines and fonts.text_width(lines[-1] + HUD_SEPARATOR + part, size, True) <= width:
            lines[-1] += HUD_SEPARATOR + part
        else:
            lines += fonts.wrap(part, size, width, True)
    return lines


def draw_parts_in_box(surface, text: str, size: int, colour, box: pygame.Rect, suit_colours=None) -> bool:
    """``text`` centred in ``box`` on as many lines as it holds, broken between its parts
    (``part_lines``), at the largest size from ``size`` down to the minimum that holds it
    whole; False (nothing drawn) when even the minimum does not."""
    for fitted in range(int(size), fonts.min_size() - 1, -1):
        lines = part_lines(text, fitted, box.width)
        f = fonts.font(fitted, True)
        total = f.get_linesize() * (len(lines) - 1) + f.get_height()
        if total <= box.height and all(fonts.text_width(line, fitted, True) <= box.width for line in lines):
            y = box.centery - total // 2
            for line in lines:
                img = fonts.render_rich(line, fitted, colour, True, suit_colours)
                r = img.get_rect(midtop=(box.centerx, y))
                surface.blit(img, r)
                fonts.record(line, fitted, r, box)
                y += f.get_linesize()
            return True
    return False


class TableLayout:
    """Mixed into a TableBase: drawing."""

    seat_detail: int | None = None  # compact: the seat whose chip was tapped (its cards shown)

    # ------------------------------------------------------------ background
    def background(self, size) -> pygame.Surface:
        geo = self.geo
        key = (tuple(size), self.app.table_colour, id(geo), self.match.players, self.viewer)
        if getattr(self, "_bg_key", None) != key:
            s = self.app.scale
            bg = pygame.Surface(size).convert()
            bg.fill(self.app.table_colour)
            if geo.hud.height:
                widgets.panel(bg, pygame.Rect(0, 0, size[0], geo.hud.height), alpha=110, radius=0)
            felt = self.felt_area.inflate(self.pad * 2, self.pad * 2) if not geo.compact else self.felt_area.copy()
            lighter = tuple(min(255, c + 14) for c in self.app.table_colour)
            pygame.draw.rect(bg, lighter, felt, border_radius=max(12, int(30 * s)) if not geo.compact else self.app.units.px(14))
            if not geo.compact:
                for seat in range(self.match.players):
                    widgets.panel(bg, self.panels[self.position(seat)], alpha=130)
            self._bg, self._bg_key = bg, key
        return self._bg

    # ------------------------------------------------------------ the frame
    def draw(self, surface: pygame.Surface) -> None:
        geo = self.geo
        step = self.steps[0] if self.steps else None
        flying = {f.code for f in step.flights if f.code} if step else set()
        highlight = step.highlight if step else set()
        surface.blit(self.background(surface.get_size()), (0, 0))
        self.draw_hud_text(surface)
        short = geo.compact and self.chips_short()
        for seat in range(self.match.players):
            if geo.compact:
                self.draw_chip(surface, seat, short)
            else:
                self.draw_seat(surface, seat)
        self.card_rects = {}
        if not self.view.draw_felt(surface, flying, highlight):
            if self.has(z.OPEN):
                self.draw_open(surface, flying, highlight)
            if self.has(z.TRICK):
                self.draw_trick(surface, flying, highlight)
            if self.has(z.MELDS):
                self.draw_melds(surface)
        self.draw_faceup_band(surface)
        if self.has(z.ASIDE):
            self.draw_pile(surface, self.aside_rect, self.shown.get(z.ASIDE, 0), self.view.aside_label(self.shown.get(z.ASIDE, 0)), hide_empty=True)
        if self.has(z.POT) and self.shown.get(z.POT):
            fonts.blit_text(surface, t("table.pot", count=self.shown[z.POT]), self.tag, widgets.GOLD, geo.pot.topright, "topright", bold=True, max_width=geo.pot.width)
        self.draw_side(surface)
        line = self.view.felt_line()
        if line and geo.felt_line.height:
            fonts.blit_text(surface, line, self.tag if geo.compact else self.small, widgets.SOFT, geo.felt_line.midtop, "midtop", max_width=geo.felt_line.width)
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
                # Card sizes in flight go in steps of 8 logical px, so the cache holds a few sizes only.
                q = 8 * max(1, int(self.app.density))
                width = max(q, (r.width + q // 2) // q * q)
                img = self.face(f.code, width) if f.code else self.app.cards.back(self.app.settings.card_back, width)
                surface.blit(img, r)
        self.draw_drag(surface)
        self.draw_seat_detail(surface)
        banner = (step.banner if step and step.banner else None) or (self.banner[0] if self.banner else None)
        if banner and self.showing_banners():
            self.draw_banner(surface, banner)

    def showing_banners(self) -> bool:
        """Banners only on the screen shown: a dialog over the table hides them."""
        return True

    def draw_hud_text(self, surface) -> None:
        box = self.geo.hud_text
        text = self.view.hud_text()
        if not text or box.width <= 0:
            return
        if self.geo.compact:
            size = self.geo.tag if box.height < self.geo.line * 1.5 else self.geo.small
            size = fonts.fit_size(text, size, box.width, True)  # one line, down to the minimum
            lines = hud_lines(text, size, box.width)
            line_h = fonts.font(size, True).get_linesize()
            if len(lines) == 1 or line_h * (len(lines) - 1) + fonts.font(size, True).get_height() > box.height:
                fonts.draw_in_box(surface, text, size, widgets.WHITE, box, align="left", bold=True, suit_colours=[(255, 120, 120)] * 4)
                return
            y = box.centery - (line_h * (len(lines) - 1) + fonts.font(size, True).get_height()) // 2
            for line in lines:
                fonts.blit_text(surface, line, size, widgets.WHITE, (box.x, y), bold=True, box=pygame.Rect(box.x, y, box.width, line_h), suit_colours=[(255, 120, 120)] * 4)
                y += line_h
        else:
            fonts.blit_text(surface, text, self.app.units.text(20), widgets.WHITE, (box.x, box.centery), "midleft", bold=True, max_width=box.width, suit_colours=[(255, 120, 120)] * 4)

    def draw_banner(self, surface, text: str) -> None:
        s = self.app.scale
        geo = self.geo
        if self.view.BANNER_AT == "prompt" or geo.compact:
            # In the status line's place above the hand: the felt stays in full view, and a
            # refusal shows where the player is looking.
            box = geo.prompt if geo.compact else pygame.Rect(self.hand_area.x, geo.prompt.y - geo.prompt.height, int(self.hand_area.width * 0.98), geo.prompt.height * 2)
            size = self.app.units.text(28 if not geo.compact else 20, least=14)
            if geo.compact:
                widgets.panel(surface, box, alpha=225, radius=8)
                fonts.draw_in_box(surface, text, size, widgets.GOLD, box.inflate(-self.pad, -2), bold=True, suit_colours=BANNER_SUIT_COLOURS)
                return
            img = fonts.render_rich(text, fonts.fit_size(text, size, box.width, True), widgets.GOLD, True, BANNER_SUIT_COLOURS)
            r = img.get_rect(midbottom=(self.hand_area.centerx, geo.prompt.bottom))
            widgets.panel(surface, r.inflate(int(24 * s), int(10 * s)), alpha=215)
            surface.blit(img, r)
            fonts.record(text, img.get_height() and fonts.fit_size(text, size, box.width, True), r, r.inflate(int(24 * s), int(10 * s)))
        else:
            size = self.app.units.text(44, least=16)
            width = int(surface.get_width() * 0.8)
            fitted = fonts.fit_size(text, size, width, True)
            img = fonts.render(text, fitted, widgets.GOLD, True)
            r = img.get_rect(center=self.table_area.center)
            panel = r.inflate(int(40 * s), int(16 * s))
            widgets.panel(surface, panel, alpha=190)
            surface.blit(img, r)
            fonts.record(text, fitted, r, panel)

    def draw_pile(self, surface, rect: pygame.Rect, count: int, label: str = "", hide_empty: bool = False, label_width: int | None = None, per_layer: int = 1) -> None:
        """A face-down pile (stock, won cards or tricks, aside) with its label on the right
        (under it, compact); it thickens by one card per ``per_layer`` (three at most)."""
        if count:
            back = self.app.cards.back(self.app.settings.card_back, rect.width)
            for k in range(min(3, max(1, count // per_layer))):
                surface.blit(back, rect.move(-k * 2, -k * 2))
        elif hide_empty:
            return
        else:
            pygame.draw.rect(surface, (255, 255, 255), rect, 1, border_radius=4)
        if label:
            if self.geo.compact:
                fonts.blit_text(surface, label, self.tag, widgets.SOFT, (rect.x, rect.bottom + 1), "topleft", max_width=label_width or self.table_area.width // 3, suit_colours=[(255, 255, 255)] * 4)
            else:
                fonts.blit_text(surface, label, self.small, widgets.SOFT, (rect.right + self.pad // 2, rect.centery), "midleft", max_width=label_width or self.table_area.width // 2, suit_colours=[(255, 255, 255)] * 4)

    # ------------------------------------------------------------ seats
    def is_turn(self, seat: int) -> bool:
        return self.match.current() == seat and not self.match.finished and not self.frozen

    def draw_chip(self, surface, seat: int, short: bool = False) -> None:
        """A seat as a chip: name (dealer, partner's colour), then the cards held and the
        view's figures; gold when it is that player's turn. Drawn once per change and kept."""
        v = self.view
        pos = self.position(seat)
        p = self.panels.get(pos)
        if p is None or p.width <= 0:
            return
        seat_lines = v.seat_lines(seat)
        count = 0 if self.hide_hands else self.hand_count(seat)
        won = self.chip_won(seat)
        key = (p.size, pos, v.name(seat), tuple(seat_lines), won, count, self.shown.get("dealer") == seat, v.team_of(seat),
               self.is_turn(seat), self.seat_detail == seat, v.in_round(seat), self.app.settings.card_back, id(self.geo), short)
        cache = self.__dict__.setdefault("_chips", {})
        kept = cache.get(seat)
        if kept is None or kept[0] != key:
            chip = pygame.Surface(p.size, pygame.SRCALPHA)
            with fonts.capturing() as drawn:
                self.paint_chip(chip, seat, pos, seat_lines, count, won, short)
            kept = cache[seat] = (key, chip, drawn)
        surface.blit(kept[1], p.topleft)
        fonts.replay(kept[2], p.x, p.y)

    def chip_won(self, seat: int) -> str:
        v = self.view
        return v.won_label(seat) if v.WON_ROW and self.has(z.WON) else ""

    def chip_figures_width(self, seat: int, pos: str, width: int) -> int:
        """The room for a chip's figures: its second line, after the cards held."""
        pad = self.geo.pad
        x2 = pad
        if pos != "bottom" and self.has(z.HAND):
            line2 = fonts.font(self.geo.detail).get_linesize()
            count = 0 if self.hide_hands else self.hand_count(seat)
            bw = max(6, int(line2 * 0.62))
            x2 += bw + 3 + min(fonts.text_width(str(count), self.geo.detail, True), fonts.font(self.geo.detail, True).size("88")[0] + 2) + pad
        return width - pad - x2

    def chip_figures(self, seat: int, seat_lines, won: str, width: int, short: bool) -> tuple[str, tuple]:
        """A chip's second line: every figure if they fit, else the main one (the bold
        line). ``short``: the main figure in its short form ("12 pts"), on every chip of the
        table alike, when one chip is too narrow for it in full."""
        v = self.view
        main = next(((text, colour) for text, colour, bold in seat_lines if bold), seat_lines[-1][:2] if seat_lines else ("", widgets.SOFT))
        if short and main[0]:
            main = (v.chip_short(seat) or main[0], main[1])
        figures = [main[0] if text == next((x for x, _, b in seat_lines if b), None) else text for text, _, _ in seat_lines] + [won]
        figures = [f for f in figures if f]
        text = "  ·  ".join(figures)
        if figures and fonts.text_width(text, self.geo.detail) > width:
            return main
        return text, seat_lines[-1][1] if seat_lines else widgets.SOFT

    def chips_short(self) -> bool:
        """Does a chip of this table lack the room for its main figure in full? Then every
        chip shows the short form: one wording for the same figure on every chip."""
        for seat in range(self.match.players):
            pos = self.position(seat)
            p = self.panels.get(pos)
            if p is None or p.width <= 0:
                continue
            main, _ = self.chip_figures(seat, self.view.seat_lines(seat), "", 0, False)
            if main and fonts.text_width(main, self.geo.detail) > self.chip_figures_width(seat, pos, p.width):
                return True
        return False

    def paint_chip(self, surface, seat: int, pos: str, seat_lines, count: int, won: str, short: bool = False) -> None:
        """A chip's face on its own surface (at 0, 0)."""
        v = self.view
        geo = self.geo
        p = surface.get_rect()
        u = self.app.units
        widgets.panel(surface, p, alpha=170, radius=u.px(10), colour=CHIP_COLOUR)
        if self.is_turn(seat):
            pygame.draw.rect(surface, widgets.GOLD, p, max(2, u.px(2)), border_radius=u.px(10))
        elif self.seat_detail == seat:
            pygame.draw.rect(surface, widgets.WHITE, p, max(1, u.px(1)), border_radius=u.px(10))
        pad = geo.pad
        x = p.x + pad
        inner = p.width - 2 * pad
        small, detail = geo.small, geo.detail
        line1 = fonts.font(small, True).get_linesize()
        line2 = fonts.font(detail).get_linesize()
        y = p.centery - (line1 + line2) // 2
        team = v.team_of(seat)
        if team is not None:
            r = max(3, small // 3)
            pygame.draw.circle(surface, v.TEAM_COLOURS[team % len(v.TEAM_COLOURS)], (x + r, y + line1 // 2), r)
            x += 2 * r + pad // 2
            inner -= 2 * r + pad // 2
        dealer = self.shown.get("dealer") == seat
        dw = int(small * 1.2) if dealer else 0
        name = fonts.ellipsize(v.name(seat), small, inner - dw, True)  # the AI's level: in the chip's panel
        r = fonts.blit_text(surface, name, small, widgets.WHITE if v.in_round(seat) else widgets.DIM, (x, y), bold=True, max_width=inner - dw, box=pygame.Rect(x, y, inner - dw, line1))
        if dealer:
            cx = min(r.right + dw // 2 + 2, p.right - pad - dw // 2)
            pygame.draw.circle(surface, (250, 250, 250), (cx, r.centery), dw // 2)
            d = t("table.dealer_chip")
            fonts.blit_text(surface, d, max(fonts.min_size(), int(small * 0.8)), (20, 20, 20), (cx, r.centery), "center", bold=True, box=pygame.Rect(cx - dw // 2, r.centery - dw // 2, dw, dw))
        # The second line: the cards held (a small back and the number), then the figures.
        yy = y + line1
        x2 = p.x + pad
        if pos != "bottom" and self.has(z.HAND):
            bw = max(6, int(line2 * 0.62))
            back = self.app.cards.back(self.app.settings.card_back, bw)
            surface.blit(back, (x2, yy + (line2 - back.get_height()) // 2))
            rr = fonts.blit_text(surface, str(count), detail, widgets.SOFT, (x2 + bw + 3, yy), bold=True, box=pygame.Rect(x2 + bw + 3, yy, fonts.font(detail, True).size("88")[0] + 2, line2))
            x2 = rr.right + pad
        box = pygame.Rect(x2, yy, p.right - pad - x2, line2)
        text, colour = self.chip_figures(seat, seat_lines, won, box.width, short)
        if text:
            fonts.blit_text(surface, fonts.ellipsize(text, detail, box.width), detail, colour, box.topleft, box=box, max_width=box.width)

    def draw_faceup_band(self, surface) -> None:
        """Compact, two or three seats: each other seat's face-up cards (declarations,
        penalty cards) in a row under its chip's column, the cards a chooser's button would
        use ringed."""
        geo = self.geo
        if not geo.faceup:
            return
        ringed = self.choice_cards()
        s = self.app.scale
        for pos, area in geo.faceup.items():
            seat = self.seat_at(pos)
            cards = self.view.zone_cards(z.FACEUP, seat) if seat is not None else []
            if not cards:
                continue
            fw = geo.fw
            step = min(fw + geo.pad // 2, (area.width - fw) / max(1, len(cards) - 1)) if len(cards) > 1 else 0
            x0 = area.centerx - int(step * (len(cards) - 1) + fw) // 2
            for i, code in enumerate(cards):
                r = pygame.Rect(int(x0 + i * step), area.y, fw, int(fw * CARD_RATIO))
                surface.blit(self.face(code, fw), r)
                if code in ringed:
                    pygame.draw.rect(surface, HINT_COLOUR, r.inflate(4, 4), max(2, int(3 * s)), border_radius=6)

    def chip_text_lines(self, seat: int) -> list[tuple[str, tuple, bool]]:
        """Everything a chip stands for, in full: the seat's lines and its pile's."""
        v = self.view
        lines = list(v.seat_lines(seat))
        if not self.match.seats[seat].human:
            lines.insert(0, (t(f"kind.{self.match.seats[seat].kind}"), widgets.SOFT, False))
        if self.has(z.WON) and v.won_label(seat):
            lines.append((v.won_label(seat), widgets.SOFT, False))
        if self.position(seat) != "bottom" and self.has(z.HAND):
            lines.insert(0, (t("table.hand_count", count=self.hand_count(seat)), widgets.SOFT, False))
        return lines

    def draw_seat_detail(self, surface) -> None:
        """Compact: a tapped chip opens a panel over the felt with the seat's name, figures,
        cards laid face up before them (declarations, penalty cards) and melds."""
        seat = self.seat_detail
        if seat is None or not self.geo.compact:
            return
        geo = self.geo
        u = self.app.units
        pad = geo.pad
        area = geo.felt.inflate(-pad * 2, -pad * 2)
        if geo.hud_text.height and area.colliderect(geo.hud_text):  # on its side: the round's line stays in view
            area.height -= geo.hud_text.bottom - area.y
            area.y = geo.hud_text.bottom
        lines = self.chip_text_lines(seat)
        faceup = list(self.view.zone_cards(z.FACEUP, seat)) if self.has(z.FACEUP) else []
        melds = list(self.view.zone_cards(z.MELDS, seat)) if self.has(z.MELDS) else []
        cards = faceup + [c for group in melds for c in group]
        lays = self.has(z.FACEUP) or self.has(z.MELDS)  # a game where cards are laid before a player
        line_h = fonts.font(geo.small, True).get_linesize()
        cw = max(u.px(36), min(geo.cw, area.width // 6))
        rows_h = 0
        if cards:
            per_row = max(1, (area.width - 2 * pad - cw) // max(1, int(cw * 0.5)) + 1)
            rows_h = (-(-len(cards) // per_row)) * (int(cw * CARD_RATIO) + pad)
        height = min(area.height, pad * 2 + line_h * (1 + len(lines)) + rows_h + (0 if cards or not lays else line_h))
        box = pygame.Rect(area.x, area.y, area.width, height)
        widgets.panel(surface, box, alpha=255, radius=u.px(12), colour=(16, 24, 34))  # the felt's texts do not show through
        pygame.draw.rect(surface, widgets.WHITE, box, max(1, u.px(1)), border_radius=u.px(12))
        y = box.y + pad
        inner = pygame.Rect(box.x + pad, y, box.width - 2 * pad, line_h)
        fonts.draw_in_box(surface, self.view.name(seat), geo.small, widgets.GOLD, inner, align="left", bold=True)
        y += line_h
        for text, colour, bold in lines:
            fonts.draw_in_box(surface, text, geo.small, colour, pygame.Rect(box.x + pad, y, box.width - 2 * pad, line_h), align="left", bold=bold, suit_colours=[(255, 255, 255)] * 4)
            y += line_h
        if not cards:
            if lays:  # "no cards laid before them" says nothing in a game that lays none
                fonts.draw_in_box(surface, t("table.nothing_shown"), geo.detail, widgets.DIM, pygame.Rect(box.x + pad, y, box.width - 2 * pad, line_h), align="left")
            return
        step = max(int(cw * 0.5), u.px(20))
        x = box.x + pad
        for code in cards:
            if x + cw > box.right - pad:
                x = box.x + pad
                y += int(cw * CARD_RATIO) + pad
            if y + int(cw * CARD_RATIO) > box.bottom:
                break
            surface.blit(self.face(code, cw, named=code == cards[-1]), (x, y))  # the others are covered
            x += step

    def draw_seat(self, surface, seat: int) -> None:
        """A seat's panel on a desktop: name, figures, its cards' backs, pile and face-up cards."""
        v = self.view
        pos = self.position(seat)
        p = self.panels[pos]
        small = self.small
        s = self.app.scale
        top = pos.startswith("top")
        if self.is_turn(seat):
            pygame.draw.rect(surface, widgets.GOLD, p, max(2, int(3 * s)), border_radius=14)
        x, y = p.x + self.pad, p.y + self.pad // 2
        team = v.team_of(seat)
        dot = small if team is not None else 0
        tag = "" if self.match.seats[seat].human else " · " + t(f"kind.{self.match.seats[seat].kind}")
        lines = v.seat_lines(seat)
        full = not top or len(lines) != 1  # a top panel's single line sits on the name's right
        name_w = (p.width - 2 * self.pad - int(small * 1.6) if full else p.width // 2) - dot - (self.sw if not v.WON_ROW else 0)
        name = fonts.ellipsize(v.name(seat) + tag, small, name_w, True)
        r = fonts.blit_text(surface, name, small, widgets.WHITE if v.in_round(seat) else widgets.DIM, (x + dot, y), bold=True, max_width=name_w)
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
            joined = "  ·  ".join(x[0] for x in lines)
            fonts.blit_text(surface, fonts.ellipsize(joined, small, text_w, True), small, lines[-1][1], (x, r.bottom + 1), bold=True, max_width=text_w)
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
            fonts.blit_text(surface, label, small, widgets.SOFT, (hx, first.centery), "midleft", max_width=max(fonts.font(small).size(label)[0], limit - hx))
        if self.has(z.WON):
            pr = self.pile_rect(seat)
            label = v.won_label(seat)
            room = p.right - pr.right - self.pad - self.pad // 2
            if v.WON_ROW:  # cards captured: a thicker pile every six cards
                self.draw_pile(surface, pr, len(v.zone_cards(z.WON, seat)), "", per_layer=6)
                self.draw_won_label(surface, label, pr, room)
            else:  # tricks: one card of thickness per trick
                self.draw_pile(surface, pr, v.won_count(seat), "")
                self.draw_won_label(surface, label, pr, room)
        if self.has(z.FACEUP):
            cards = v.zone_cards(z.FACEUP, seat)
            if cards:
                px0, py, avail = self.faceup_origin(seat)
                stepx = min(self.fw * 0.55, (avail - self.fw) / max(1, len(cards) - 1)) if len(cards) > 1 else 0
                ringed = self.choice_cards()
                for i, code in enumerate(cards):
                    surface.blit(self.face(code, self.fw, named=i == len(cards) - 1 or stepx >= self.fw), (int(px0 + i * stepx), py))
                    if code in ringed:
                        r = pygame.Rect(int(px0 + i * stepx), py, self.fw, int(self.fw * CARD_RATIO))
                        pygame.draw.rect(surface, HINT_COLOUR, r.inflate(4, 4), max(2, int(3 * s)), border_radius=6)

    def draw_won_label(self, surface, label: str, pile: pygame.Rect, room: int) -> None:
        """A won pile's label beside it: on as many lines as its parts need ("Pile: 12 cards
        · 3♣" then "★ last capture"), never shrunk under the minimum."""
        if not label:
            return
        size = self.small
        parts = [p.strip() for p in label.split("  ") if p.strip()]
        lines: list[str] = []
        for part in parts:
            if lines and fonts.font(size).size(lines[-1] + "  " + part)[0] <= room:
                lines[-1] += "  " + part
            else:
                lines.append(part)
        line_h = fonts.font(size).get_linesize()
        y = pile.centery - line_h * len(lines) // 2
        for text in lines:
            fonts.blit_text(surface, fonts.ellipsize(text, size, room), size, widgets.SOFT, (pile.right + self.pad // 2, y), "topleft", max_width=room, suit_colours=[(255, 255, 255)] * 4)
            y += line_h

    # ------------------------------------------------------------ piles beside the felt
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
                if self.geo.compact:  # the count on the stock, as with a discard pile
                    self.draw_count_badge(surface, r, n)
                else:
                    lx = max(r.right, self.trump_rect.right if across else 0) + self.pad
                    fonts.blit_text(surface, t("table.stock", count=n), self.small, widgets.WHITE, (lx, r.centery), "midleft", bold=True, max_width=max(self.side_area.right - lx, fonts.font(self.small, True).size(str(n))[0]))
        if self.has(z.STOCK) and self.has(z.DISCARD):  # the stock's count on its top card
            self.draw_count_badge(surface, self.stock_rect, self.shown.get(z.STOCK, 0))
        self.discard_fan_rects = []
        for zone, rect in ((z.DISCARD, self.discard_rect), (z.TRUMP, self.trump_rect)):
            if self.has(zone) and not (across and zone == z.TRUMP):
                cards = self.shown.get(zone, [])
                if cards:
                    fan = cards[-self.view.DISCARD_FAN:] if zone == z.DISCARD else cards[-1:]
                    step = self.geo.fan_step
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

    def draw_count_badge(self, surface, r: pygame.Rect, n: int) -> None:
        text = str(n)
        size = max(fonts.min_size(), int(r.width * 0.38))
        img = fonts.render(text, size, widgets.WHITE, True)
        br = img.get_rect(center=r.center).inflate(max(8, r.width // 6), 4)
        pygame.draw.rect(surface, (20, 28, 40), br, border_radius=br.height // 2)
        pygame.draw.rect(surface, widgets.GOLD, br, max(1, int(2 * self.app.scale)), border_radius=br.height // 2)
        ir = img.get_rect(center=br.center)
        surface.blit(img, ir)
        fonts.record(text, size, ir, br)

    # ------------------------------------------------------------ the felt
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
            fonts.blit_text(surface, t("table.empty"), small, widgets.DIM, self.table_area.center, "center", max_width=self.table_area.width)

    def name_tag(self, surface, r: pygame.Rect, seat: int, lead: bool) -> None:
        """Who played a card: a tag just under it (the geometry leaves the room); gold for the leader."""
        size = self.tag
        room = max(r.width + self.pad, fonts.font(size, True).size("Wwww")[0])
        tag = fonts.ellipsize(self.view.name(seat), size, room - self.pad, True)
        img = fonts.render(tag, size, (20, 20, 20), True)
        tr = img.get_rect(midtop=(r.centerx, r.bottom + 1))
        back = tr.inflate(self.pad, 0)
        pygame.draw.rect(surface, LEADER_COLOUR if lead else (235, 235, 235), back, border_radius=max(4, tr.height // 2))
        surface.blit(img, tr)
        fonts.record(tag, size, tr, back)

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
        lines = self.view.felt_text(flying)
        if not lines:
            return
        area = self.table_area
        size0, size1 = self.small, max(fonts.min_size(), int(self.small * 0.85))
        heights = [fonts.font(size0).get_linesize()] + [fonts.font(size1).get_linesize()] * (len(lines) - 1)
        y = area.centery - sum(heights) // 2
        for i, text in enumerate(lines):
            box = pygame.Rect(area.x + 5, y, area.width - 10, heights[i])
            fonts.draw_in_box(surface, text, size0 if i == 0 else size1, widgets.DIM, box)
            y += heights[i]

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

    # ------------------------------------------------------------ the hand
    def hand_cards(self) -> list:
        """The bottom hand as drawn: its codes, or None for each card shown face down."""
        if self.hide_hands:
            return []
        if self.hand_visible():
            return list(self.shown.get("hand", []))
        return [None] * self.hand_count(self.viewer)

    def draw_hand(self, surface, flying: set) -> None:
        s = self.app.scale
        v = self.view
        self.hand_rects = []
        cards = self.hand_cards()
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
        lay = self.geo.hand_layout(len(cards), self.index_share()) if cards else None
        one_row = lay is not None and lay.rows == 1
        rects = []
        # A card of a lower row rises over the row above it: never so far that the strip
        # left of a card there is under a touch target's height (a skart's chosen cards).
        tops = sorted({y for _, y, _, _ in lay.rects}) if lay else []
        cover = max(0, tops[1] - tops[0] - self.app.units.touch) if len(tops) > 1 else None
        for i, code in enumerate(cards):
            r = pygame.Rect(lay.rect(i))
            rise = 0
            if code is not None and code in self.selected:
                rise = int(self.ch * 0.15) if one_row and not self.geo.compact else lay.lift or int(self.ch * 0.08)
            elif mark_legal and code in legal:
                rise = lay.lift or int(self.ch * 0.08)
            if cover is not None and r.y > tops[0]:
                rise = min(rise, cover)
            rects.append(r.move(0, -rise))
        visible = visible_parts(rects)
        notes = []  # (the card's uncovered part, lines) written over the cards once they are all laid
        for i, code in enumerate(cards):
            if code is not None and code in flying:
                continue
            r = rects[i]
            visible_w = visible[i].width or r.width
            if code is None:
                surface.blit(self.app.cards.back(self.app.settings.card_back, r.width), r)
                continue
            self.hand_rects.append((code, r))
            if code == dragged:
                hole = pygame.Surface(r.size, pygame.SRCALPHA)
                pygame.draw.rect(hole, (0, 0, 0, 150), hole.get_rect(), border_radius=max(4, r.width // 12))
                surface.blit(hole, r)
                continue
            surface.blit(self.face(code, r.width, named=visible[i].size == r.size), r)  # a covered card's name would be cut
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
            if lines:  # low on the part of the card left in sight (a card of an upper row: above the next row)
                notes.append((pygame.Rect(r.x, r.y, r.width, visible[i].height or r.height), lines))
        self.card_notes = notes
        for r, lines in notes:
            self.draw_card_note(surface, r, lines)

    def draw_card_note(self, surface, r: pygame.Rect, lines: list[str]) -> None:
        """Short lines low on a hand card, each on a dark tag (readable over the next card,
        whose index stays clear above them): the view's ``hand_note``."""
        size = max(fonts.min_size(), int(self.small * 0.8))
        line_h = fonts.font(size, True).get_linesize()
        pad = max(2, line_h // 6)
        y = r.bottom - max(3, r.width // 14)
        for text in reversed(lines):
            fitted = fonts.fit_size(text, size, int(r.width * 1.6), True)
            img = fonts.render_rich(text, fitted, (255, 255, 255), True)
            tag = pygame.Rect(r.x + max(2, r.width // 20), y - line_h - pad, img.get_width() + 2 * pad, line_h + pad)
            y = tag.y - 1
            back = pygame.Surface(tag.size, pygame.SRCALPHA)
            pygame.draw.rect(back, (30, 36, 48, 225), back.get_rect(), border_radius=max(3, line_h // 3))
            surface.blit(back, tag)
            ir = img.get_rect(center=tag.center)
            surface.blit(img, ir)
            fonts.record(text, fitted, ir, tag)

    def hand_targets(self) -> list[tuple[str, pygame.Rect]]:
        """Each card of the bottom hand and the part of it a tap reaches (not covered)."""
        rects = [r for _, r in self.hand_rects]
        return [(code, part) for (code, _), part in zip(self.hand_rects, visible_parts(rects))]

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

    # ------------------------------------------------------------ the status line
    def prompt_y(self) -> int:
        return self.geo.prompt.bottom

    def prompt_text(self) -> str:
        return self.picture.caption

    def timer_text(self) -> str:
        if self.timer_left is None or not self.my_turn():
            return ""
        return t("table.timer", count=int(self.timer_left + 0.999))

    def draw_prompt(self, surface) -> None:
        geo = self.geo
        text = self.prompt_text()
        timer = self.timer_text()
        box = geo.prompt.copy()
        col = None
        if timer:
            total = max(1, self.match.timer)
            frac = max(0.0, self.timer_left / total)
            col = (90, 220, 120) if frac > 0.3 else (240, 80, 60)
            tw = fonts.font(geo.small, True).size(timer)[0] + geo.pad
            tbox = pygame.Rect(box.right - tw, box.y, tw, box.height)
            box.width -= tw + geo.pad // 2
            fonts.blit_text(surface, timer, geo.small, col, (tbox.right, tbox.centery), "midright", bold=True, box=tbox)
            bar = pygame.Rect(self.hand_area.x, self.hand_area.bottom + 1, self.hand_area.width, max(3, self.pad // 2))
            if bar.bottom > surface.get_height():
                bar.bottom = surface.get_height()
            pygame.draw.rect(surface, (40, 40, 40), bar, border_radius=3)
            pygame.draw.rect(surface, col, (bar.x, bar.y, int(bar.width * frac), bar.height), border_radius=3)
        if not text:
            return
        if geo.compact:
            widgets.panel(surface, box, alpha=120, radius=self.app.units.px(8))
            inner = box.inflate(-geo.pad, -2)
            if not draw_parts_in_box(surface, text, geo.small, widgets.WHITE, inner, BANNER_SUIT_COLOURS):
                fonts.draw_in_box(surface, text, geo.small, widgets.WHITE, inner, bold=True, suit_colours=BANNER_SUIT_COLOURS)
            return
        size = self.app.units.text(19, least=14)
        width = box.width if self.view.BANNER_AT != "felt" or timer else max(box.width, int(surface.get_width() * 0.96) - 16)
        fitted = fonts.fit_size(text, size, width, True)
        img = fonts.render_rich(text, fitted, widgets.WHITE, True)
        if img.get_width() > width:  # still too long at the smallest size: two lines
            fonts.draw_in_box(surface, text, size, widgets.WHITE, pygame.Rect(box.x, box.y - box.height, width, box.height * 2), bold=True)
            return
        w = surface.get_width()
        cx = min(max(box.centerx, img.get_width() // 2 + 8), (box.right if timer else w) - img.get_width() // 2 - 8)
        r = img.get_rect(midbottom=(cx, box.bottom))
        widgets.panel(surface, r.inflate(16, 6), alpha=145, radius=8)
        surface.blit(img, r)
        fonts.record(text, fitted, r, r.inflate(16, 6))

    # ------------------------------------------------------------ choosers
    def draw_choices(self, surface) -> None:
        s = self.app.scale
        mouse = pygame.mouse.get_pos()
        for rect, text in self.choice_rects:
            hover = rect.collidepoint(mouse)
            pygame.draw.rect(surface, (52, 80, 110) if hover else (37, 54, 74), rect, border_radius=max(6, int(12 * s)))
            pygame.draw.rect(surface, (255, 255, 255) if hover else (159, 180, 207), rect, 2, border_radius=max(6, int(12 * s)))
            fonts.draw_in_box(surface, text, self.choice_size, widgets.WHITE, rect.inflate(-self.pad, -4), bold=True, suit_colours=BANNER_SUIT_COLOURS)

    choice_size = 16
