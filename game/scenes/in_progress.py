"""The games in progress (one per game of the shelf, game/saves.py) as a player sees them.

``ContinueScene`` lists every game in progress, the most recently played first: its game,
the round it is in (in the game's own word: hand, deal), the players and their totals, and
when it was last played. Tap a row (or choose it with the arrows and Enter) to continue it;
a drag or the wheel scrolls a list longer than the screen.

``ReplaceScene`` is the question asked before a new game takes the place of a game in
progress of the same game: it shows that game (round, totals, when) and offers to replace
it, to continue it instead, or to go back (the default: Enter or Esc right away changes
nothing). Nothing replaces a game in progress without this question.
"""
from __future__ import annotations

from typing import Callable

import pygame

from game import registry
from game.i18n import t
from game.saves import SavedGame, progress_line, when_text
from game.scenes import catalog
from game.scenes.base import Scene
from game.ui import fonts, widgets


def game_title(game_id: str) -> str:
    entry = registry.BY_ID.get(game_id)
    return t(entry.title_key) if entry is not None else game_id


def draw_game_in_progress(surface: pygame.Surface, saved: SavedGame, box: pygame.Rect, size: int, title: bool = True) -> int:
    """The game's title (optional) and when it was played, then its round and totals,
    wrapped to ``box``; returns the y under the last line drawn."""
    y = box.y
    line = fonts.font(size).get_linesize()
    when = when_text(saved.saved_at)
    if title:
        head = fonts.blit_text(surface, game_title(saved.game_id), size, widgets.GOLD, (box.x, y), bold=True, max_width=int(box.width * 0.6))
        fonts.blit_text(surface, when, size, widgets.SOFT, (box.right, y), "topright", max_width=box.width - head.width - 12)
        y = head.bottom
    else:
        fonts.blit_text(surface, t("progress.last_played", when=when), size, widgets.SOFT, (box.x, y), max_width=box.width)
        y += line
    for part in fonts.wrap(progress_line(saved), size, box.width):
        if y + line > box.bottom:
            break
        fonts.blit_text(surface, part, size, widgets.WHITE, (box.x, y), max_width=box.width)
        y += line
    return y


class ContinueScene(Scene):
    name = "continue"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.selected = 0
        self.first = 0  # the first row shown (the list scrolls: wheel, drag, arrows)
        self.visible = 1
        self.row_h = 44
        self.press: tuple[int, int] | None = None  # where a press began, until it is a tap or a drag
        self.dragged = 0
        self.row_rects: list[tuple[str, pygame.Rect]] = []

    def games(self) -> list[SavedGame]:
        return self.app.games_in_progress()

    def layout(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        bh = widgets.button_height(s)
        bw = min(int(w * 0.4), int(320 * s))
        self.button(pygame.Rect(w // 2 - bw // 2, h - bh - int(14 * s), bw, bh), t("common.back"), self.back, focusable=False)

    def open(self, game_id: str) -> None:
        match = self.app.resume(game_id)
        if match is None:
            self.app.messages.append(_cannot_resume(game_id))
            return
        self.app.scenes.pop()
        self.app.scenes.push(catalog.make("table", self.app, match))

    def scroll(self, rows: int) -> None:
        self.first = max(0, min(self.first + rows, len(self.games()) - self.visible))

    def handle(self, event) -> bool:
        games = self.games()
        # A tap on a row opens it; a drag (or the wheel) scrolls the list.
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and any(r.collidepoint(event.pos) for _, r in self.row_rects):
            self.press, self.dragged = event.pos, 0
            return True
        if event.type == pygame.MOUSEMOTION and self.press is not None:
            rows = (self.press[1] - event.pos[1]) // max(1, self.row_h) - self.dragged
            if rows:
                self.scroll(rows)
                self.dragged += rows
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.press is not None:
            press, self.press = self.press, None
            if abs(event.pos[1] - press[1]) < max(10, self.row_h // 3):
                for game_id, r in self.row_rects:
                    if r.collidepoint(event.pos):
                        self.open(game_id)
                        break
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
            return True
        if event.type == pygame.KEYDOWN and games:
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                self.selected = (self.selected + (1 if event.key == pygame.K_DOWN else -1)) % len(games)
                if self.selected < self.first:
                    self.first = self.selected
                elif self.selected >= self.first + self.visible:
                    self.first = self.selected - self.visible + 1
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.open(games[min(self.selected, len(games) - 1)].game_id)
                return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = self.app.scale
        title = widgets.title(surface, t("continue.title"), s, max(6, int(14 * s)), size=40)
        area = pygame.Rect(int(w * 0.05), title.bottom + int(10 * s), int(w * 0.9), h - title.bottom - widgets.button_height(s) - int(40 * s))
        widgets.panel(surface, area)
        size = max(14, int(21 * s))
        line = fonts.font(size).get_linesize()
        pad = max(6, int(10 * s))
        row_h = max(44, 2 * line + 2 * pad)
        inner = area.inflate(-int(24 * s), -int(12 * s))
        self.row_rects = []
        games = self.games()
        if not games:
            fonts.blit_text(surface, t("continue.empty"), size, widgets.SOFT, inner.center, "center", max_width=inner.width)
            return
        self.selected = min(self.selected, len(games) - 1)
        visible = max(1, inner.height // (row_h + 4))
        self.visible, self.row_h = visible, row_h + 4
        first = self.first = max(0, min(self.first, len(games) - visible))
        y = inner.y
        for i in range(first, min(len(games), first + visible)):
            row = pygame.Rect(inner.x, y, inner.width, row_h)
            self.row_rects.append((games[i].game_id, row))
            pygame.draw.rect(surface, (60, 90, 120) if i == self.selected else (30, 44, 58), row, border_radius=8)
            draw_game_in_progress(surface, games[i], row.inflate(-2 * pad, -2 * pad), size)
            y += row_h + 4
        if len(games) > visible:  # more below or above: say how to reach them
            fonts.blit_text(surface, t("continue.more", count=len(games) - visible), max(12, int(size * 0.8)), widgets.DIM, (area.centerx, area.bottom - 2), "midbottom")
            bar = pygame.Rect(area.right - 8, inner.y, 4, inner.height)  # where the rows shown are in the list
            pygame.draw.rect(surface, (50, 60, 70), bar, border_radius=2)
            part = pygame.Rect(bar.x, bar.y + bar.height * first // len(games), 4, max(8, bar.height * visible // len(games)))
            pygame.draw.rect(surface, widgets.SOFT, part, border_radius=2)


def _cannot_resume(game_id: str):
    from game.storage import Message

    return Message("save.cannot_resume", {"game": game_id})


class ReplaceScene(Scene):
    """Replace the game in progress? Replace it / continue it / back (the default)."""

    name = "replace"
    overlay = True

    def __init__(self, app, saved: SavedGame, replace: Callable[[], None], resume: Callable[[], None]) -> None:
        super().__init__(app)
        self.saved = saved
        self.on_replace = replace
        self.on_resume = resume
        self.box = pygame.Rect(0, 0, 0, 0)
        self.text_top = 0

    def text_size(self) -> int:
        return max(14, int(22 * self.app.scale))

    def question_lines(self, width: int) -> list[str]:
        return fonts.wrap(t("replace.question", game=game_title(self.saved.game_id)), self.text_size(), width)

    def layout(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        bh = widgets.button_height(s)
        gap = max(6, int(12 * s))
        pad = max(10, int(24 * s))
        size = self.text_size()
        line = fonts.font(size).get_linesize()
        items = [
            (t("replace.replace"), self.replace),
            (t("replace.resume"), self.resume),
            (t("common.back"), self.back),
        ]
        # Wide enough for the question and for the three answers' texts side by side.
        need = 3 * max(self.text_widths([text for text, _ in items])) + 2 * gap + 2 * pad
        width = min(w - 2 * pad, max(int(560 * s), 300, need))
        inner = width - 2 * pad
        head_h = fonts.font(int(size * 1.2), True).get_linesize()
        # The question, the game (title and when, then its round and totals: up to two
        # lines), then the three answers side by side.
        text_h = len(self.question_lines(inner)) * line + gap + (1 + min(2, len(fonts.wrap(progress_line(self.saved), size, inner)))) * line
        total = pad + head_h + gap + text_h + gap + bh + pad
        self.box = pygame.Rect(0, 0, width, min(h - 8, total))
        self.box.center = (w // 2, h // 2)
        self.text_top = self.box.y + pad + head_h + gap
        bw = (inner - 2 * gap) // 3
        y = self.box.bottom - pad - bh
        for i, (text, action) in enumerate(items):
            self.button(pygame.Rect(self.box.x + pad + i * (bw + gap), y, bw, bh), text, action)
        if self.focus < 0:
            self.focus = len(items) - 1  # Back: a key pressed by mistake changes nothing

    def text_widths(self, texts: list[str]) -> list[int]:
        """The width a button needs for each text (the UI's bold font and padding)."""
        f = fonts.font(fonts.ui_font_size(self.app.scale), True)
        pad = max(12, int(20 * self.app.scale))
        return [f.size(text)[0] + 2 * pad for text in texts]

    def replace(self) -> None:
        self.app.scenes.pop()
        self.on_replace()

    def resume(self) -> None:
        self.app.scenes.pop()
        self.on_resume()

    def draw(self, surface: pygame.Surface) -> None:
        widgets.shade(surface, 170)
        widgets.panel(surface, self.box, alpha=235, colour=(18, 26, 36))
        s = self.app.scale
        size = self.text_size()
        pad = max(10, int(24 * s))
        gap = max(6, int(12 * s))
        inner = self.box.width - 2 * pad
        fonts.blit_text(surface, t("replace.title"), int(size * 1.2), widgets.GOLD, (self.box.centerx, self.box.y + pad), "midtop", bold=True, max_width=inner)
        y = self.text_top
        for part in self.question_lines(inner):
            fonts.blit_text(surface, part, size, widgets.WHITE, (self.box.x + pad, y), max_width=inner)
            y += fonts.font(size).get_linesize()
        card = pygame.Rect(self.box.x + pad, y + gap // 2, inner, self.box.bottom - pad - widgets.button_height(s) - gap - y)
        draw_game_in_progress(surface, self.saved, card, size)
