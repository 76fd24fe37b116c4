"""Settings: every change is applied at once (language, table colour, cards, timer...)."""
from __future__ import annotations

import pygame

from game.i18n import t
from game.scenes.base import Scene
from game.ui import fonts, widgets


class SettingsScene(Scene):
    name = "settings"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.labels: list[tuple[str, pygame.Rect]] = []
        self.preview = pygame.Rect(0, 0, 0, 0)

    def rows(self):
        st = self.app.settings
        onoff = lambda v: t("common.on") if v else t("common.off")  # noqa: E731
        return [
            ("language", t("settings.language"), t(f"language.{st.language}")),
            ("table_colour", t("settings.table_colour"), t(f"colour.{st.table_colour}")),
            ("card_back", t("settings.card_back"), t(f"back.{st.card_back}")),
            ("four_colour_suits", t("settings.four_colour"), onoff(st.four_colour_suits)),
            ("turn_timer", t("settings.turn_timer"), t("timer.off") if not st.turn_timer else t("timer.seconds", count=st.turn_timer)),
            ("animation_speed", t("settings.animation_speed"), t(f"speed.{st.animation_speed}")),
            ("sound", t("settings.sound"), onoff(st.sound)),
            ("fullscreen", t("settings.fullscreen"), onoff(st.fullscreen)),
            ("undo_allowed", t("settings.undo"), onoff(st.undo_allowed)),
            ("tap_confirm", t("settings.tap_confirm"), onoff(st.tap_confirm)),
        ]

    def layout(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        bh = widgets.button_height(s)
        gap = max(6, int(10 * s))
        top = int(70 * s) + 30
        col_w = min(int(w * 0.45), int(560 * s))
        label_w = int(col_w * 0.52)
        self.labels = []
        rows = self.rows()
        per_col = (len(rows) + 1) // 2
        for i, (field, label, value) in enumerate(rows):
            c, r = divmod(i, per_col)
            x = w // 2 - col_w - gap if c == 0 else w // 2 + gap
            y = top + r * (bh + gap)
            self.labels.append((label, pygame.Rect(x, y, label_w, bh)))
            self.button(pygame.Rect(x + label_w, y, col_w - label_w, bh), value, lambda f=field: self.change(f))
        # The cards as they will look, under the two columns.
        self.preview = pygame.Rect(w // 2 - col_w // 2, top + per_col * (bh + gap), col_w, bh)
        bw = min(int(w * 0.3), int(300 * s))
        self.button(pygame.Rect(w // 2 - bw // 2, h - bh - int(14 * s), bw, bh), t("common.back"), self.back)

    def change(self, field: str) -> None:
        self.app.settings.cycle(field)
        if field == "turn_timer" and self.app.match is not None:
            self.app.match.timer = self.app.settings.turn_timer  # the game in progress follows at once
        self.app.apply_settings()

    def settings_changed(self) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        widgets.title(surface, t("settings.title"), s, max(6, int(14 * s)), size=44)
        size = max(14, int(21 * s))
        for text, rect in self.labels:
            fonts.blit_text(surface, text, size, widgets.WHITE, (rect.x, rect.centery), "midleft", bold=True, max_width=rect.width - 8)
        # Preview of the cards as they will look on the table.
        if self.preview.width:
            cw = max(24, int(self.preview.height / 1.4))
            x = self.preview.centerx - (5 * cw + 4 * 6) // 2
            st = self.app.settings
            for code in ("TD", "2C", "QH", "JS"):
                img = self.app.cards.face(code, cw, st.four_colour_suits)
                surface.blit(img, (x, self.preview.y))
                x += cw + 6
            surface.blit(self.app.cards.back(st.card_back, cw), (x, self.preview.y))
