"""A player's recent games (the last finished ones kept with the statistics, game/replay.py),
newest first: tap one (or choose it with the arrows and Enter) to review it move by move.
On the desktop a replay file can be opened too (a file dialog, or a file dropped on the
window); a file that is not a replay gets a clear message and changes nothing."""
from __future__ import annotations

import pygame

from game.i18n import t
from game.replay import Replay
from game.scenes.base import Scene
from game.scenes.review import ReviewScene, desktop, open_replay_file
from game.stats import name_key
from game.ui import fonts, widgets
from game.ui import screen_layout as sl


class RecentGamesScene(Scene):
    name = "recent"

    def __init__(self, app, profile: str) -> None:
        super().__init__(app)
        self.profile = profile
        self.recent = app.recent_games
        self.player = app.stats.find(profile)  # the index is kept by player id
        self.games: list[Replay] = []
        for replay, msg in self.recent.recent(self.player or profile):
            if msg is not None:
                app.messages.append(msg)  # a damaged record was set aside: say so once
            if replay is not None:
                self.games.append(replay)
        self.selected = 0
        self.row_rects: list[tuple[int, pygame.Rect]] = []
        self.note: str = ""
        self.drawn: list[tuple[str, pygame.Rect, pygame.Rect]] = []
        self.scroll = sl.RowScroll()  # the list, when longer than the screen
        self.m = sl.measures(app)

    def layout(self) -> None:
        m = sl.measures(self.app)
        self.m = m
        texts = [t("recent.open_file"), t("common.back")] if desktop(self.app) else [t("common.back")]
        rects, self.bar_top = sl.bottom_bar(texts, m)
        actions = [self.choose_file, self.back] if desktop(self.app) else [self.back]
        for rect, text, action in zip(rects, texts, actions):
            self.button(rect, text, action, focusable=False)

    # ------------------------------------------------------------ opening
    def open(self, i: int) -> None:
        if 0 <= i < len(self.games):
            replay = self.games[i]
            seats = self.seats_of(replay)
            self.app.scenes.push(ReviewScene(self.app, replay, seats[0] if seats else None, recent=self.recent))

    def seats_of(self, replay: Replay) -> list[int]:
        """The player's seats in a replay: by player id; in a replay from before ids, by
        name (or the only human seat: the player may have been renamed since)."""
        humans = [k for k, s in enumerate(replay.seats) if s.get("kind") == "human"]
        mine = [k for k in humans if self.player is not None and replay.seats[k].get("player") == self.player]
        if not mine:
            key = name_key(self.profile)
            mine = [k for k in humans if name_key(str(replay.seats[k].get("name", ""))) == key]
        return mine or (humans if len(humans) == 1 else [])

    def open_file(self, path) -> None:
        open_replay_file(self.app, path)

    def choose_file(self) -> None:
        """The desktop's file dialog when there is one; else how to drop a file here."""
        path = None
        try:
            import tkinter
            from tkinter import filedialog

            root = tkinter.Tk()
            root.withdraw()
            path = filedialog.askopenfilename(filetypes=[("JSON", "*.json")])
            root.destroy()
        except Exception:  # noqa: BLE001 - no Tk, no display: dropping a file still works
            self.note = t("recent.drop")
            return
        if path:
            self.open_file(path)

    # ------------------------------------------------------------ input
    def handle(self, event) -> bool:
        if event.type == getattr(pygame, "DROPFILE", -1) and desktop(self.app):
            self.open_file(event.file)
            return True
        if self.scroll.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not self.scroll.moved:
            for i, r in self.row_rects:
                if r.collidepoint(event.pos):
                    self.selected = i
                    self.open(i)
                    return True
        if event.type == pygame.KEYDOWN and self.games:
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                self.selected = (self.selected + (1 if event.key == pygame.K_DOWN else -1)) % len(self.games)
                self.scroll.show(self.selected)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.open(self.selected)
                return True
        return super().handle(event)

    def tap_zones(self) -> list:
        from game.scenes.base import TouchTarget

        return [TouchTarget("row", str(i), r) for i, r in self.row_rects]

    # ------------------------------------------------------------ drawing
    def row_texts(self, replay: Replay) -> tuple[str, str]:
        """The row's two parts: when, what and with whom; won or lost, moves, analysed."""
        names = ", ".join(str(s.get("name", "")) for s in replay.seats)
        left = t("recent.row", date=self.date(replay), game=t(f"{replay.game}.title"), players=names)
        return left, self.result_text(replay)

    def date(self, replay: Replay) -> str:
        return replay.started_at[:16].replace("T", " ")

    def result_text(self, replay: Replay) -> str:
        seats = self.seats_of(replay)
        winners = (replay.result or {}).get("winners") or []
        parts = [t("recent.won") if any(k in winners for k in seats) else t("recent.lost"), t("recent.moves", count=len(replay.moves))]
        if replay.analysis:
            parts.append(t("recent.analysed"))
        return " · ".join(parts)

    def row_lines(self, replay: Replay, width: int) -> list[tuple[str, tuple, bool, str]]:
        """(text, colour, bold, side) of a row: one line (what, then the result flush right)
        when it fits, else the game and date, the players, the result, a line each."""
        m = self.m
        left, right = self.row_texts(replay)
        if fonts.text_width(left, m.body) + fonts.text_width(right, m.body) + m.px(24) <= width:
            return [(left, widgets.WHITE, False, "left"), (right, widgets.SOFT, False, "right")]
        sep = t("progress.separator")
        names = ", ".join(str(s.get("name", "")) for s in replay.seats)
        return [
            (t(f"{replay.game}.title") + sep + self.date(replay), widgets.WHITE, True, "line"),
            (fonts.ellipsize(names, m.body, width), widgets.SOFT, False, "line"),
            (right, widgets.SOFT, False, "line"),
        ]

    def draw(self, surface: pygame.Surface) -> None:
        self.drawn = []
        m = self.m
        title = sl.draw_title(surface, t("recent.title", name=self.profile), m, m.margin, 40)
        area = pygame.Rect(m.margin, title.bottom + m.gap, m.width - 2 * m.margin, self.bar_top - 2 * m.gap - title.bottom)
        widgets.panel(surface, area, radius=m.px(10))
        size = m.body
        line = sl.line_height(size, True)
        pad = m.px(8)
        self.row_rects = []
        inner = area.inflate(-2 * pad, -2 * pad)
        if self.note:
            y = inner.bottom - sl.wrapped_height(self.note, size, inner.width)
            sl.wrapped(surface, self.note, size, widgets.GOLD, pygame.Rect(inner.x, y, inner.width, inner.bottom - y), align="center")
            self.drawn.append((self.note, pygame.Rect(inner.x, y, inner.width, inner.bottom - y), inner))
            inner.height = y - inner.y - pad
        if not self.games:
            r = fonts.blit_text(surface, t("recent.empty"), size, widgets.SOFT, inner.center, "center", max_width=inner.width)
            self.drawn.append((t("recent.empty"), r, inner))
            return
        text_w = inner.width - 2 * pad - m.px(6)
        lines = [self.row_lines(g, text_w) for g in self.games]
        heights = [max(m.u.touch, len([x for x in ls if x[3] != "right"]) * line + 2 * pad) for ls in lines]
        first = self.scroll.fit(heights, inner, m.px(4))
        y = inner.y
        for i in range(first, first + self.scroll.shown):
            row = pygame.Rect(inner.x, y, inner.width - m.px(6), heights[i])
            y += heights[i] + m.px(4)
            self.row_rects.append((i, row))
            if i == self.selected:
                pygame.draw.rect(surface, (60, 90, 120), row, border_radius=m.px(6))
            box = row.inflate(-2 * pad, -2 * pad)
            ty = box.y if len(lines[i]) > 2 else row.centery - line // 2
            for text, colour, bold, side in lines[i]:
                if side == "right":
                    r = fonts.blit_text(surface, text, size, colour, (box.right, ty), "topright", bold, max_width=box.width)
                    self.drawn.append((text, r, box))
                    continue
                r = fonts.blit_text(surface, text, size, colour, (box.x, ty), "topleft", bold, max_width=box.width)
                self.drawn.append((text, r, box))
                if side == "line":
                    ty += line
        self.scroll.draw_bar(surface, m)
