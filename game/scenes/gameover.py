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
from game.ui import screen_layout as sl


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
        self.lines_scroll = sl.PixelScroll()  # the totals, when more than their room holds
        if not match.recorded:
            app.record_finished(match)
            app.sounds.play("win")

    def winner_text(self) -> str:
        return self.over.winner

    def lines(self) -> list[tuple[str, str]]:
        return self.over.lines

    def layout(self) -> None:
        """Review this game (when there is a full record of it), rematch, menu along the
        bottom; the winner and the totals above. On a phone on its side the winner is on the
        left and the totals on the right; a list of totals taller than its room scrolls."""
        m = sl.measures(self.app)
        self.m = m
        actions = [("gameover.rematch", self.rematch), ("pause.main_menu", self.menu)]
        if self.match.reviewable:
            actions.insert(0, ("gameover.review", self.review))
        texts = [t(key) for key, _ in actions]
        rects, self.bar_top = sl.bottom_bar(texts, m)
        for rect, text, (_, action) in zip(rects, texts, actions):
            self.button(rect, text, action)
        self.focus = 0
        bottom = self.bar_top - m.gap
        if not self.match.reviewable:  # honest: a game resumed from an old save has no record
            bottom -= sl.wrapped_height(t("gameover.no_replay"), m.small, m.width - 2 * m.margin) + m.gap
        self.notice_top = bottom + m.gap
        room = m.width - 2 * m.margin
        if m.shape == "short":
            # Side by side, the panel as tall as its lines (scrolling when they are more than
            # the screen holds), both a third of the spare room down.
            half = (room - m.gap) // 2
            avail = bottom - m.margin
            want = min(avail, self.line_h() * len(self.over.lines) + 2 * m.px(8))
            top = m.margin + max(0, avail - max(want, min(avail, self.head_height(half)))) // 3
            self.head_rect = pygame.Rect(m.margin, top, half, bottom - top)
            self.lines_rect = pygame.Rect(m.margin + half + m.gap, top, room - half - m.gap, min(want, bottom - top))
        else:
            head_h = self.head_height(room)
            want = self.line_h() * len(self.over.lines) + 2 * m.px(8)
            spare = max(0, bottom - m.margin - head_h - m.gap - want)
            self.head_rect = pygame.Rect(m.margin, m.margin + spare // 3, room, head_h)  # a third of the spare room above
            width = min(room, max(int(m.width * 0.6), m.px(320)))
            top = self.head_rect.bottom + m.gap
            self.lines_rect = pygame.Rect((m.width - width) // 2, top, width, min(want, bottom - top))
        self.lines_scroll.fit(self.lines_rect, self.line_h() * len(self.over.lines) + 2 * m.px(8))

    def line_h(self) -> int:
        return max(self.m.u.px(28), int(sl.line_height(self.m.body, True) * 1.5))

    def winner_size(self) -> int:
        return self.m.u.text(52, least=20)

    def head_height(self, width: int) -> int:
        m = self.m
        h = sl.title_height(m, 40) + m.gap + sl.wrapped_height(self.over.winner, self.winner_size(), width, True)
        if self.over.note:
            h += m.gap + sl.wrapped_height(self.over.note, m.small, width)
        return h

    def handle(self, event) -> bool:
        if self.lines_scroll.handle(event, self.line_h()):
            return True
        return super().handle(event)

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
        m = self.m
        head = self.head_rect
        title = sl.draw_title(surface, t("gameover.title"), m, head.y, 40) if m.shape != "short" else None
        if title is None:  # beside the totals: the title in the left half
            size = fonts.fit_size(t("gameover.title"), sl.title_size(m, 40), head.width, True)
            title = fonts.blit_text(surface, t("gameover.title"), size, widgets.GOLD, (head.centerx, head.y), "midtop", bold=True, max_width=head.width)
        y = sl.wrapped(surface, self.over.winner, self.winner_size(), widgets.GOLD, pygame.Rect(head.x, title.bottom + m.gap, head.width, head.bottom - title.bottom), bold=True, align="center")
        if self.over.note:
            sl.wrapped(surface, self.over.note, m.small, widgets.SOFT, pygame.Rect(head.x, y + m.gap, head.width, head.bottom - y), align="center")
        if not self.match.reviewable:
            sl.wrapped(surface, t("gameover.no_replay"), m.small, widgets.SOFT, pygame.Rect(m.margin, self.notice_top, m.width - 2 * m.margin, self.bar_top - self.notice_top), align="center")
        box = self.lines_rect
        widgets.panel(surface, box, alpha=150, radius=m.px(10))
        line = self.line_h()
        pad = m.px(8)
        clip = surface.get_clip()
        surface.set_clip(box.inflate(-2, -2))
        y = box.y + pad - self.lines_scroll.offset
        for i, (name, score) in enumerate(self.over.lines):
            if box.y - line < y < box.bottom:
                colour = widgets.GOLD if i < self.over.golds and self.over.gold_first and self.result["winners"] else widgets.WHITE
                score_w = fonts.text_width(score, m.body, True)
                fonts.blit_text(surface, score, m.body, widgets.GOLD, (box.right - 2 * pad, y + line // 2), "midright", True)
                fonts.blit_text(surface, fonts.ellipsize(name, m.body, box.width - score_w - 5 * pad, True), m.body, colour, (box.x + 2 * pad, y + line // 2), "midleft", True, max_width=box.width - score_w - 5 * pad)
            y += line
        surface.set_clip(clip)
        self.lines_scroll.draw_bar(surface, m)
