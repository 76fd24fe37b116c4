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
from game.scenes.dialog import DialogScene
from game.ui import fonts, widgets
from game.ui import screen_layout as sl


def game_title(game_id: str) -> str:
    entry = registry.BY_ID.get(game_id)
    return t(entry.title_key) if entry is not None else game_id


def progress_lines(saved: SavedGame, size: int, width: int, most: int | None = None) -> list[str]:
    """The round and totals of ``saved`` in lines of ``width``, broken between the players'
    entries ("Bot 6: -1" is not cut in two; an entry wider than a line is wrapped by words);
    at most ``most`` lines, the last ending with "…" when some did not fit."""
    sep = t("progress.separator")
    lines: list[str] = []
    line = ""
    for part in progress_line(saved).split(sep):
        trial = f"{line}{sep}{part}" if line else part
        if fonts.text_width(trial, size) <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        *whole, line = fonts.wrap(part, size, width)
        lines += whole
    lines.append(line)
    if most is not None and 0 < most < len(lines):
        # "Bot 5: 2 · …", or the last entry cut with "…" when that does not fit either.
        lines = lines[: most - 1] + [fonts.ellipsize(f"{lines[most - 1]}{sep}…", size, width, shrink=False)]
    return lines


def game_in_progress_lines(saved: SavedGame, size: int, width: int, title: bool = True) -> int:
    """How many lines ``draw_game_in_progress`` draws at most for ``saved`` in ``width``."""
    head = 1 if not title or _head_fits(saved, size, width) else 2
    return head + len(progress_lines(saved, size, width))


def _head_fits(saved: SavedGame, size: int, width: int) -> bool:
    return fonts.text_width(game_title(saved.game_id), size, True) + fonts.text_width(when_text(saved.saved_at), size) + fonts.px(12) <= width


def draw_game_in_progress(surface: pygame.Surface, saved: SavedGame, box: pygame.Rect, size: int, title: bool = True) -> int:
    """The game's title (optional) and when it was played (beside it, or under it when the
    box is narrow), then its round and totals, wrapped to ``box``; returns the y under the
    last line drawn."""
    y = box.y
    line = fonts.font(size).get_linesize()
    when = when_text(saved.saved_at)
    if title:
        head = fonts.blit_text(surface, game_title(saved.game_id), size, widgets.GOLD, (box.x, y), bold=True, max_width=box.width)
        if _head_fits(saved, size, box.width):
            fonts.blit_text(surface, when, size, widgets.SOFT, (box.right, y), "topright", max_width=box.width - head.width - fonts.px(12))
            y = head.bottom
        else:
            fonts.blit_text(surface, when, size, widgets.SOFT, (box.x, head.bottom), max_width=box.width)
            y = head.bottom + line
    else:
        fonts.blit_text(surface, t("progress.last_played", when=when), size, widgets.SOFT, (box.x, y), max_width=box.width)
        y += line
    room = max(0, int((box.bottom + 1 - y) // line)) if line else 1
    # The lines that do not fit are said to be there: the last one shown ends with "…" (a
    # ten-player table's leader was at the end, cut without a sign).
    for part in progress_lines(saved, size, box.width, most=room)[:room]:
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
        m = sl.measures(self.app)
        self.m = m
        (back,), self.bar_top = sl.bottom_bar([t("common.back")], m)
        self.button(back, t("common.back"), self.back, focusable=False)

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

    def tap_zones(self) -> list:
        from game.scenes.base import TouchTarget

        return [TouchTarget("row", game_id, r) for game_id, r in self.row_rects]

    def draw(self, surface: pygame.Surface) -> None:
        m = sl.measures(self.app)
        title = sl.draw_title(surface, t("continue.title"), m, m.margin, 40)
        games = self.games()
        size = m.body
        small = m.small
        line = sl.line_height(size)
        pad = m.px(8)
        more_h = sl.line_height(small) + m.px(4)
        area = pygame.Rect(m.margin, title.bottom + m.gap, m.width - 2 * m.margin, self.bar_top - m.gap - title.bottom - m.gap)
        widgets.panel(surface, area, radius=m.px(10))
        inner = area.inflate(-2 * pad, -2 * pad)
        self.row_rects = []
        if not games:
            sl.wrapped(surface, t("continue.empty"), size, widgets.SOFT, inner, align="center")
            return
        text_w = inner.width - 2 * pad - m.px(6)
        row_h = max(m.u.touch, min(3, max(game_in_progress_lines(g, size, text_w) for g in games)) * line + 2 * pad)
        self.selected = min(self.selected, len(games) - 1)
        visible = max(1, (inner.height + m.px(4)) // (row_h + m.px(4)))
        if len(games) > visible:  # room for the line saying how to reach the others
            inner.height -= more_h
            visible = max(1, (inner.height + m.px(4)) // (row_h + m.px(4)))
        self.visible, self.row_h = visible, row_h + m.px(4)
        first = self.first = max(0, min(self.first, len(games) - visible))
        y = inner.y
        for i in range(first, min(len(games), first + visible)):
            row = pygame.Rect(inner.x, y, inner.width - m.px(6), row_h)
            self.row_rects.append((games[i].game_id, row))
            pygame.draw.rect(surface, (60, 90, 120) if i == self.selected else (30, 44, 58), row, border_radius=m.px(6))
            draw_game_in_progress(surface, games[i], row.inflate(-2 * pad, -2 * pad), size)
            y += row_h + m.px(4)
        if len(games) > visible:  # more below or above: say how to reach them
            fonts.blit_text(surface, t("continue.more", count=len(games) - visible), small, widgets.DIM, (area.centerx, area.bottom - pad), "midbottom", max_width=inner.width)
            w = max(2, m.px(3))
            bar = pygame.Rect(inner.right - w, inner.y, w, inner.height)  # where the rows shown are in the list
            pygame.draw.rect(surface, (50, 60, 70), bar, border_radius=w // 2)
            part = pygame.Rect(bar.x, bar.y + bar.height * first // len(games), w, max(m.px(8), bar.height * visible // len(games)))
            pygame.draw.rect(surface, widgets.SOFT, part, border_radius=w // 2)


def _cannot_resume(game_id: str):
    from game.storage import Message

    return Message("save.cannot_resume", {"game": game_id})


class ReplaceScene(DialogScene):
    """Replace the game in progress? Replace it / continue it / back (the default)."""

    name = "replace"
    design_width = 620

    def __init__(self, app, saved: SavedGame, replace: Callable[[], None], resume: Callable[[], None]) -> None:
        super().__init__(app)
        self.saved = saved
        self.on_replace = replace
        self.on_resume = resume

    def title(self) -> str:
        return t("replace.title")

    def question(self) -> str:
        return t("replace.question", game=game_title(self.saved.game_id))

    def answers(self) -> list:
        return [(t("replace.replace"), self.replace), (t("replace.resume"), self.resume), (t("common.back"), self.back)]

    def body_height(self, width: int, room: int) -> int:
        # The question, then the game (title and when, then its round and totals: three
        # lines at most).
        m = self.m
        self.game_h = min(3, game_in_progress_lines(self.saved, m.body, width)) * sl.line_height(m.body)
        return sl.wrapped_height(self.question(), m.body, width) + m.gap + self.game_h

    def replace(self) -> None:
        self.app.scenes.pop()
        self.on_replace()

    def resume(self) -> None:
        self.app.scenes.pop()
        self.on_resume()

    def draw_body(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        m = self.m
        y = sl.wrapped(surface, self.question(), m.body, widgets.WHITE, body)
        draw_game_in_progress(surface, self.saved, pygame.Rect(body.x, y + m.gap, body.width, self.game_h), m.body)
