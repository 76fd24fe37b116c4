"""Game over: the winner, final totals, rematch or back to the menu. Records statistics."""
from __future__ import annotations

import pygame

from game.i18n import t
from game.scenes.base import Scene
from game.scenes.match import Match
from game.scenes.summary import side_name
from game.ui import fonts, widgets


class GameOverScene(Scene):
    name = "gameover"

    def __init__(self, app, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.result = match.state.result()
        if not match.recorded:
            app.record_finished(match)
            app.sounds.play("win")

    def winner_text(self) -> str:
        winners = self.result["winners"]
        if not winners:
            return t("gameover.no_winner")
        if self.match.teams:
            return t("gameover.winner_team", name=side_name(self.match, winners))
        return t("gameover.winner", name=self.match.seats[winners[0]].name)

    def layout(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        bh = widgets.button_height(s)
        gap = max(8, int(14 * s))
        bw = min(int(w * 0.35), int(320 * s))
        y = h - bh - int(20 * s)
        self.button(pygame.Rect(w // 2 - bw - gap // 2, y, bw, bh), t("gameover.rematch"), self.rematch)
        self.button(pygame.Rect(w // 2 + gap // 2, y, bw, bh), t("pause.main_menu"), self.menu)
        self.focus = 0

    def rematch(self) -> None:
        from game.scenes.table import TableScene

        m = self.match
        self.app.match = Match(m.game_id, m.seats, m.options, seed=None if self.app.seed is None else self.app.seed + 1, timer=m.timer)
        self.app.scenes.replace(TableScene(self.app, self.app.match))

    def menu(self) -> None:
        from game.scenes.menu import MenuScene

        self.app.match = None
        self.app.scenes.reset(MenuScene(self.app))

    def back(self) -> None:
        self.menu()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = self.app.scale
        widgets.title(surface, t("gameover.title"), s, max(8, int(20 * s)), size=40)
        r = widgets.title(surface, self.winner_text(), s, int(h * 0.2), size=56)
        size = max(15, int(24 * s))
        line = int(size * 1.7)
        sides = self.result["side_totals"]
        y = r.bottom + int(20 * s)
        box = pygame.Rect(w // 2 - int(w * 0.3), y, int(w * 0.6), line * len(sides) + int(size * 0.8))
        widgets.panel(surface, box, alpha=150)
        y += int(size * 0.4)
        for side in sorted(range(len(sides)), key=lambda i: -sides[i]):
            seats = self.match.side_seats(side)
            fonts.blit_text(surface, side_name(self.match, seats), size, widgets.WHITE, (box.x + 20, y + line // 2), "midleft", True, max_width=int(box.width * 0.7))
            fonts.blit_text(surface, t("table.score", count=sides[side]), size, widgets.GOLD, (box.right - 20, y + line // 2), "midright", True)
            y += line
