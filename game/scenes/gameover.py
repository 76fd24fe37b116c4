"""Game over: the winner, final totals (the lines the game's view declares), rematch or
back to the menu. Records statistics."""
from __future__ import annotations

import pygame

from game.i18n import t
from game.scenes import catalog
from game.scenes.base import Scene
from game.scenes.match import Match
from game.scenes.table_picture import standalone_view
from game.ui import fonts, widgets


class GameOverScene(Scene):
    name = "gameover"

    def __init__(self, app, match: Match, view=None) -> None:
        super().__init__(app)
        self.match = match
        self.result = match.state.result()
        if view is None:
            view = standalone_view(app, match)
        self.view = view
        self.over = view.gameover(self.result)
        if not match.recorded:
            app.record_finished(match)
            app.sounds.play("win")

    def winner_text(self) -> str:
        return self.over.winner

    def lines(self) -> list[tuple[str, str]]:
        return self.over.lines

    def layout(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        bh = widgets.button_height(s)
        gap = max(8, int(14 * s))
        y = h - bh - int(20 * s)
        # Review this game (when there is a full record of it), rematch, menu.
        actions = [("gameover.rematch", self.rematch), ("pause.main_menu", self.menu)]
        if self.match.reviewable:
            actions.insert(0, ("gameover.review", self.review))
        bw = min(int((w - gap * (len(actions) + 1)) / len(actions)), int(320 * s))
        x = (w - bw * len(actions) - gap * (len(actions) - 1)) // 2
        for key, action in actions:
            self.button(pygame.Rect(x, y, bw, bh), t(key), action)
            x += bw + gap
        self.focus = 0

    def review(self) -> None:
        """The move-by-move review of this game, over this screen (Back comes here)."""
        seat = self.match.humans[0] if self.match.humans else 0
        self.app.scenes.push(catalog.make("review", self.app, self.match.replay, seat, recent=self.app.recent_games if self.match.humans else None))

    def rematch(self) -> None:
        """The same game, seats and options again (a new deal)."""
        m = self.match
        # Saved at once in the game's slot, which this finished game has just left.
        self.app.start_match(Match(m.game_id, m.seats, m.options, seed=None if self.app.seed is None else self.app.seed + 1, timer=m.timer))
        self.app.scenes.replace(catalog.make("table", self.app, self.app.match))

    def menu(self) -> None:
        self.app.match = None
        self.app.scenes.reset(catalog.make("menu", self.app))

    def back(self) -> None:
        self.menu()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = self.app.scale
        widgets.title(surface, t("gameover.title"), s, max(8, int(20 * s)), size=40)
        r = widgets.title(surface, self.over.winner, s, int(h * 0.19), size=52)
        size = max(15, int(24 * s))
        line = int(size * 1.7)
        y = r.bottom + int(16 * s)
        if not self.match.reviewable:  # honest: a game resumed from an old save has no record
            rr = fonts.blit_text(surface, t("gameover.no_replay"), max(12, int(16 * s)), widgets.SOFT, (w // 2, h - widgets.button_height(s) - int(28 * s)), "midbottom", max_width=int(w * 0.9))
        if self.over.note:
            rr = fonts.blit_text(surface, self.over.note, max(13, int(19 * s)), widgets.SOFT, (w // 2, y), "midtop", max_width=int(w * 0.9))
            y = rr.bottom + int(8 * s)
        box = pygame.Rect(w // 2 - int(w * 0.3), y, int(w * 0.6), line * len(self.over.lines) + int(size * 0.8))
        widgets.panel(surface, box, alpha=150)
        y += int(size * 0.4)
        for i, (name, score) in enumerate(self.over.lines):
            colour = widgets.GOLD if i == 0 and self.over.gold_first and self.result["winners"] else widgets.WHITE
            fonts.blit_text(surface, name, size, colour, (box.x + 20, y + line // 2), "midleft", True, max_width=int(box.width * 0.6))
            fonts.blit_text(surface, score, size, widgets.GOLD, (box.right - 20, y + line // 2), "midright", True)
            y += line
