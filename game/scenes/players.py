"""The known players (game.stats.Stats: a player is a record with an id and a name).

``KnownPlayersScene`` opens from a human seat of the new-game setup (the button beside its
name): the players already known, the most recently chosen first, as large buttons; a
player sitting at another seat of this game is greyed. Choosing one seats them; "New
player" empties the name field to type a new one.

``RenamePlayerScene`` opens from the statistics: a new name for the selected player, who
keeps every figure (the statistics follow the player's id, not the name). A name another
player already has, or an empty one, is refused with a message and changes nothing.
"""
from __future__ import annotations

import pygame
import pygame_gui

from game.i18n import t
from game.scenes.base import Scene
from game.stats import name_key
from game.ui import fonts, widgets

NAME_LENGTH = 16  # as the setup's name fields


class KnownPlayersScene(Scene):
    name = "known_players"
    overlay = True

    def __init__(self, app, setup, seat: int) -> None:
        super().__init__(app)
        self.setup = setup
        self.seat = seat
        self.box = pygame.Rect(0, 0, 0, 0)
        self.shown: list[str] = []  # the names on the buttons (tests)

    def taken(self) -> set[str]:
        """Name keys of the players at the other human seats of this setup."""
        s = self.setup
        return {name_key(s.display_name(i)) for i in range(s.players) if i != self.seat and s.kinds[i] == "human"}

    def layout(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        bh = max(44, widgets.button_height(s))
        gap = max(6, int(10 * s))
        pad = max(10, int(20 * s))
        head_h = fonts.font(self.title_size(), True).get_linesize()
        width = min(w - 2 * pad, max(int(640 * s), 320))
        inner = width - 2 * pad
        cols = max(2, min(4, inner // max(1, int(150 * s) + gap)))
        bw = (inner - (cols - 1) * gap) // cols
        room = h - 2 * pad - (2 * pad + head_h + gap + bh + gap)  # the grid's height at most
        rows = max(1, min((len(self.app.stats.names) + cols - 1) // cols, (room + gap) // (bh + gap)))
        names = self.app.stats.names[: rows * cols]
        self.shown = names
        grid_h = rows * (bh + gap) - gap
        self.box = pygame.Rect(0, 0, width, pad + head_h + gap + grid_h + 2 * gap + bh + pad)
        self.box.center = (w // 2, h // 2)
        top = self.box.y + pad + head_h + gap
        taken = self.taken()
        for i, name in enumerate(names):
            r, c = divmod(i, cols)
            rect = pygame.Rect(self.box.x + pad + c * (bw + gap), top + r * (bh + gap), bw, bh)
            self.button(rect, name, lambda name=name: self.choose(name), enabled=name_key(name) not in taken)
        y = self.box.bottom - pad - bh
        half = (inner - gap) // 2
        self.button(pygame.Rect(self.box.x + pad, y, half, bh), t("players.new"), self.new_player)
        self.button(pygame.Rect(self.box.x + pad + half + gap, y, half, bh), t("common.back"), self.back)
        if self.focus < 0:
            self.focus = 0

    def title_size(self) -> int:
        return max(16, int(26 * self.app.scale))

    def choose(self, name: str) -> None:
        self.app.scenes.pop()
        self.setup.set_name(self.seat, name)

    def new_player(self) -> None:
        self.app.scenes.pop()
        self.setup.set_name(self.seat, "", focus=True)

    def draw(self, surface: pygame.Surface) -> None:
        widgets.shade(surface, 170)
        widgets.panel(surface, self.box, alpha=235, colour=(18, 26, 36))
        pad = max(10, int(20 * self.app.scale))
        fonts.blit_text(surface, t("players.choose", seat=self.seat + 1), self.title_size(), widgets.GOLD, (self.box.centerx, self.box.y + pad), "midtop", bold=True, max_width=self.box.width - 2 * pad)


class RenamePlayerScene(Scene):
    """A text field with the player's name, Rename and Back; refusals are said in the box."""

    name = "rename_player"
    overlay = True

    def __init__(self, app, player: str) -> None:
        super().__init__(app)
        self.player = player
        self.typed = player
        self.problem = ""  # why the last try was refused
        self.box = pygame.Rect(0, 0, 0, 0)
        self.entry = None

    def text_size(self) -> int:
        return max(14, int(22 * self.app.scale))

    def layout(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        bh = max(44, widgets.button_height(s))
        gap = max(6, int(12 * s))
        pad = max(10, int(24 * s))
        size = self.text_size()
        line = fonts.font(size).get_linesize()
        head_h = fonts.font(int(size * 1.2), True).get_linesize()
        width = min(w - 2 * pad, max(int(560 * s), 300))
        inner = width - 2 * pad
        self.box = pygame.Rect(0, 0, width, pad + head_h + gap + line + gap + bh + gap + 2 * line + gap + bh + pad)
        self.box.center = (w // 2, h // 2)
        y = self.box.y + pad + head_h + gap + line + gap
        self.entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(self.box.x + pad, y, inner, bh), self.app.ui, initial_text=self.typed)
        self.entry.set_text_length_limit(NAME_LENGTH)
        self.elements.append(self.entry)
        self.entry.focus()
        by = self.box.bottom - pad - bh
        half = (inner - gap) // 2
        self.button(pygame.Rect(self.box.x + pad, by, half, bh), t("players.rename"), self.confirm)
        self.button(pygame.Rect(self.box.x + pad + half + gap, by, half, bh), t("common.back"), self.back)
        self.problem_top = y + bh + gap

    def clear(self) -> None:
        if self.entry is not None and self.entry.alive():
            self.typed = self.entry.get_text()
        super().clear()

    def confirm(self) -> None:
        new = self.entry.get_text() if self.entry is not None else self.typed
        msg = self.app.rename_player(self.player, new)
        if msg is not None:
            self.problem = t(msg.key, **msg.params)
            return
        below = self.app.scenes.stack[-2] if len(self.app.scenes.stack) > 1 else None
        self.app.scenes.pop()
        if below is not None and hasattr(below, "player_renamed"):
            below.player_renamed(self.app.stats.name_of(self.app.stats.find(new)))

    def handle(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.entry is not None and self.entry.is_focused:
            self.confirm()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        if event.type == pygame.KEYDOWN and self.entry is not None and self.entry.is_focused:
            return False  # the keys belong to the text field
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        widgets.shade(surface, 170)
        widgets.panel(surface, self.box, alpha=235, colour=(18, 26, 36))
        s = self.app.scale
        size = self.text_size()
        pad = max(10, int(24 * s))
        gap = max(6, int(12 * s))
        inner = self.box.width - 2 * pad
        head = fonts.blit_text(surface, t("players.rename_title", name=self.player), int(size * 1.2), widgets.GOLD, (self.box.centerx, self.box.y + pad), "midtop", bold=True, max_width=inner)
        fonts.blit_text(surface, t("players.rename_note"), size, widgets.SOFT, (self.box.x + pad, head.bottom + gap), max_width=inner)
        y = self.problem_top
        for part in fonts.wrap(self.problem, size, inner)[:2]:
            fonts.blit_text(surface, part, size, (255, 150, 130), (self.box.x + pad, y), max_width=inner)
            y += fonts.font(size).get_linesize()
