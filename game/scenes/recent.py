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

    def layout(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        bh = widgets.button_height(s)
        gap = max(8, int(14 * s))
        bw = min(int(w * 0.4), int(320 * s))
        y = h - bh - int(14 * s)
        if desktop(self.app):
            self.button(pygame.Rect(w // 2 - bw - gap // 2, y, bw, bh), t("recent.open_file"), self.choose_file, focusable=False)
            self.button(pygame.Rect(w // 2 + gap // 2, y, bw, bh), t("common.back"), self.back, focusable=False)
        else:
            self.button(pygame.Rect(w // 2 - bw // 2, y, bw, bh), t("common.back"), self.back, focusable=False)

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
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in self.row_rects:
                if r.collidepoint(event.pos):
                    self.selected = i
                    self.open(i)
                    return True
        if event.type == pygame.KEYDOWN and self.games:
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                self.selected = (self.selected + (1 if event.key == pygame.K_DOWN else -1)) % len(self.games)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.open(self.selected)
                return True
        return super().handle(event)

    # ------------------------------------------------------------ drawing
    def row_texts(self, replay: Replay) -> tuple[str, str]:
        names = ", ".join(str(s.get("name", "")) for s in replay.seats)
        left = t("recent.row", date=replay.started_at[:16].replace("T", " "), game=t(f"{replay.game}.title"), players=names)
        seats = self.seats_of(replay)
        winners = (replay.result or {}).get("winners") or []
        parts = [t("recent.won") if any(k in winners for k in seats) else t("recent.lost"), t("recent.moves", count=len(replay.moves))]
        if replay.analysis:
            parts.append(t("recent.analysed"))
        return left, " · ".join(parts)

    def draw(self, surface: pygame.Surface) -> None:
        self.drawn = []
        w, h = surface.get_size()
        s = self.app.scale
        title = widgets.title(surface, t("recent.title", name=self.profile), s, max(6, int(14 * s)), size=40)
        area = pygame.Rect(int(w * 0.05), title.bottom + int(10 * s), int(w * 0.9), h - title.bottom - widgets.button_height(s) - int(40 * s))
        widgets.panel(surface, area)
        size = max(14, int(21 * s))
        line = int(size * 1.7)
        self.row_rects = []
        inner = area.inflate(-int(24 * s), -int(12 * s))
        if self.note:
            r = fonts.blit_text(surface, self.note, size, widgets.GOLD, (area.centerx, area.bottom - int(8 * s)), "midbottom", max_width=inner.width)
            self.drawn.append((self.note, r, inner))
            inner.height -= r.height + int(8 * s)
        if not self.games:
            r = fonts.blit_text(surface, t("recent.empty"), size, widgets.SOFT, inner.center, "center", max_width=inner.width)
            self.drawn.append((t("recent.empty"), r, inner))
            return
        visible = max(1, inner.height // line)
        first = max(0, min(self.selected - visible + 1, len(self.games) - visible))
        for n, i in enumerate(range(first, min(len(self.games), first + visible))):
            row = pygame.Rect(inner.x, inner.y + n * line, inner.width, line)
            self.row_rects.append((i, row))
            if i == self.selected:
                pygame.draw.rect(surface, (60, 90, 120), row, border_radius=6)
            left, right = self.row_texts(self.games[i])
            right_box = pygame.Rect(row.right - int(row.width * 0.38), row.y, int(row.width * 0.38) - 8, line)
            left_box = pygame.Rect(row.x + 8, row.y, right_box.x - row.x - 16, line)
            r = fonts.blit_text(surface, left, size, widgets.WHITE, (left_box.x, row.centery), "midleft", max_width=left_box.width)
            self.drawn.append((left, r, left_box))
            r = fonts.blit_text(surface, right, size, widgets.SOFT, (right_box.right, row.centery), "midright", max_width=right_box.width)
            self.drawn.append((right, r, right_box))
