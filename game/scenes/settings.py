"""Settings: every change is applied at once (language, table colour, cards, timer...).

By shape (docs/layout.md): upright, one list of rows (a label, its value on a button) and
the cards as they will look; on its side and on a desktop, two columns. A list longer
than the screen scrolls a row at a time (a drag, the wheel, the focus moving past it)."""
from __future__ import annotations

import pygame

from game.i18n import t
from game.scenes.base import Scene
from game.settings import CHOICES
from game.ui import screen_layout as sl

PREVIEW = ("TD", "2C", "QH", "JS")  # the cards shown as they will look, then a back


class SettingsScene(Scene):
    name = "settings"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.labels: list[tuple[str, pygame.Rect]] = []
        self.preview = pygame.Rect(0, 0, 0, 0)
        self.scrolls: list[sl.RowScroll] = []
        self.row_buttons: dict[str, object] = {}  # field -> its value button (shown rows)

    def value_text(self, field: str, value) -> str:
        if field == "language":
            return t(f"language.{value}")
        if field == "table_colour":
            return t(f"colour.{value}")
        if field == "card_back":
            return t(f"back.{value}")
        if field == "turn_timer":
            return t("timer.off") if not value else t("timer.seconds", count=value)
        if field == "animation_speed":
            return t(f"speed.{value}")
        return t("common.on") if value else t("common.off")

    def rows(self) -> list[tuple[str, str, str]]:
        """(field, label, value shown) of every setting, in the order on screen."""
        st = self.app.settings
        labels = [
            ("language", "settings.language"), ("table_colour", "settings.table_colour"), ("card_back", "settings.card_back"),
            ("four_colour_suits", "settings.four_colour"), ("turn_timer", "settings.turn_timer"), ("animation_speed", "settings.animation_speed"),
            ("sound", "settings.sound"), ("fullscreen", "settings.fullscreen"), ("undo_allowed", "settings.undo"), ("tap_confirm", "settings.tap_confirm"),
        ]
        return [(field, t(key), self.value_text(field, getattr(st, field))) for field, key in labels]

    def value_need(self, field: str, m: sl.Measures) -> int:
        return max(sl.button_width(self.value_text(field, v), m) for v in CHOICES[field])

    def layout(self) -> None:
        m = sl.measures(self.app)
        w, h = m.size
        self.m = m
        self.labels = []
        self.row_buttons = {}
        self.title_top = m.margin
        (back,), bar_top = sl.bottom_bar([t("common.back")], m)
        top = self.title_top + sl.title_height(m) + m.gap
        area = pygame.Rect(m.margin, top, w - 2 * m.margin, bar_top - m.gap - top)
        rows = self.rows()
        # The cards as they will look: a row of their own at the end of the list.
        card_h = max(m.bh, m.px(56)) if m.compact else max(m.bh, int(110 * m.scale))
        if m.upright:
            columns = [(area, rows + [("preview", "", "")])]
        else:
            half = (area.width - 2 * m.gap) // 2
            per = (len(rows) + 1) // 2
            columns = [(pygame.Rect(area.x, area.y, half, area.height), rows[:per]), (pygame.Rect(area.right - half, area.y, half, area.height), rows[per:] + [("preview", "", "")])]
        self.preview = pygame.Rect(0, 0, 0, 0)
        for i, (rect, col) in enumerate(columns):
            while len(self.scrolls) <= i:
                self.scrolls.append(sl.RowScroll())
            inner = rect.width - m.px(8)
            button_w = sl.common_button_width([self.value_need(f, m) for f, _, _ in col if f != "preview"], inner, m)
            plans = [("preview", card_h) if f == "preview" else sl.labelled_row(label, self.value_need(f, m), inner, button_w, m) for f, label, _ in col]
            scroll = self.scrolls[i]
            first = scroll.fit([hgt for _, hgt in plans], rect, m.gap)
            y = rect.y
            for (field, label, value), (kind, hgt) in list(zip(col, plans))[first:first + scroll.shown]:
                row = pygame.Rect(rect.x, y, inner, hgt)
                y += hgt + m.gap
                if field == "preview":
                    self.preview = row
                    continue
                label_rect, button = sl.labelled_rects(row, kind, button_w, m)
                self.labels.append((label, label_rect))
                self.row_buttons[field] = self.button(button, value, lambda f=field: self.change(f))
        self.back_button = self.button(back, t("common.back"), self.back)

    def change(self, field: str) -> None:
        self.app.settings.cycle(field)
        if field == "turn_timer" and self.app.match is not None:
            self.app.match.timer = self.app.settings.turn_timer  # the game in progress follows at once
        focus = self.focus
        self.app.apply_settings()
        if 0 <= focus < len(self.focusables):  # the focus stays on the row just changed
            self.focus = focus
            self._show_focus()

    def settings_changed(self) -> None:
        pass

    def handle(self, event) -> bool:
        for scroll in self.scrolls:
            if event.type == pygame.MOUSEWHEEL and len(self.scrolls) > 1 and not scroll.area.collidepoint(pygame.mouse.get_pos()):
                continue
            if scroll.handle(event):
                self.build()
                return True
        return super().handle(event)

    def move_focus(self, delta: int) -> None:
        """Up/Down along the rows: at the end of what shows, the list scrolls on."""
        if self.focusables and 0 <= self.focus < len(self.focusables):
            field = next((f for f, b in self.row_buttons.items() if b is self.focusables[self.focus]), None)
            fields = [f for f, _, _ in self.rows()]
            if field is not None:
                i = fields.index(field) + delta
                if 0 <= i < len(fields) and fields[i] not in self.row_buttons:
                    for scroll in self.scrolls:
                        scroll.scroll(delta)
                    self.build()
                    if fields[i] in self.row_buttons:
                        self.focus = self.focusables.index(self.row_buttons[fields[i]])
                        self._show_focus()
                        return
        super().move_focus(delta)

    def draw(self, surface: pygame.Surface) -> None:
        m = sl.measures(self.app)
        sl.draw_title(surface, t("settings.title"), m, self.title_top)
        sl.draw_labels(surface, self.labels, m)
        for scroll in self.scrolls:
            scroll.draw_bar(surface, m)
        # The cards as they will look on the table.
        if self.preview.width:
            st = self.app.settings
            ch = self.preview.height
            cw = max(m.px(24), int(ch / 1.4))
            step = cw + m.px(6)
            x = self.preview.centerx - (5 * step - m.px(6)) // 2
            for code in PREVIEW:
                surface.blit(self.app.cards.face(code, cw, st.four_colour_suits), (x, self.preview.y))
                x += step
            surface.blit(self.app.cards.back(st.card_back, cw), (x, self.preview.y))
