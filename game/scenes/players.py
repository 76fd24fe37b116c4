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
from game.ui import widgets
from game.ui import screen_layout as sl

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
        """The known players as a grid of buttons (as many columns as their names allow, as
        many rows as the screen holds: the most recently chosen first), then New player and
        Back."""
        m = sl.measures(self.app)
        self.m = m
        pad = sl.dialog_pad(m)
        width = sl.dialog_width(m, 640)
        inner = width - 2 * pad
        title = t("players.choose", seat=self.seat + 1)
        head_h = sl.dialog_title_height(m, title, inner)
        names = list(self.app.stats.names)
        need = max([sl.button_width(n, m) for n in names] + [m.px(120)])
        cols = max(1, min(4, len(names), (inner + m.gap) // (need + m.gap)))
        bw = (inner - (cols - 1) * m.gap) // cols
        footer = [t("players.new"), t("common.back")]
        footer_h = sl.grid_height(footer, inner, m)
        room = m.height - 2 * m.margin - (2 * pad + head_h + 2 * m.gap + footer_h)  # the grid's height at most
        rows = max(1, min((len(names) + cols - 1) // cols, (room + m.gap) // (m.bh + m.gap)))
        names = names[: rows * cols]
        self.shown = names
        grid_h = rows * (m.bh + m.gap) - m.gap
        self.box = sl.centred_box(m, width, pad + head_h + m.gap + grid_h + 2 * m.gap + footer_h + pad)
        top = self.box.y + pad + head_h + m.gap
        taken = self.taken()
        for i, name in enumerate(names):
            r, c = divmod(i, cols)
            rect = pygame.Rect(self.box.x + pad + c * (bw + m.gap), top + r * (m.bh + m.gap), bw, m.bh)
            self.button(rect, name, lambda name=name: self.choose(name), enabled=name_key(name) not in taken)
        rects, _ = sl.button_grid(footer, self.box.x + pad, inner, self.box.bottom - pad - footer_h, m)
        self.button(rects[0], footer[0], self.new_player)
        self.button(rects[1], footer[1], self.back)
        if self.focus < 0:
            self.focus = 0

    def choose(self, name: str) -> None:
        self.app.scenes.pop()
        self.setup.set_name(self.seat, name)

    def new_player(self) -> None:
        self.app.scenes.pop()
        self.setup.set_name(self.seat, "", focus=True)

    def draw(self, surface: pygame.Surface) -> None:
        sl.draw_dialog(surface, self.box, self.m, t("players.choose", seat=self.seat + 1))


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

    def layout(self) -> None:
        m = sl.measures(self.app)
        self.m = m
        pad = sl.dialog_pad(m)
        width = sl.dialog_width(m, 560)
        inner = width - 2 * pad
        head_h = sl.dialog_title_height(m, self.title(), inner)
        note_h = sl.wrapped_height(t("players.rename_note"), m.body, inner)
        problem_h = 2 * sl.line_height(m.body)  # room for a refusal, two lines
        footer = [t("players.rename"), t("common.back")]
        footer_h = sl.grid_height(footer, inner, m)
        self.box = sl.centred_box(m, width, pad + head_h + m.gap + note_h + m.gap + m.bh + m.gap + problem_h + m.gap + footer_h + pad)
        self.note_top = self.box.y + pad + head_h + m.gap
        y = self.note_top + note_h + m.gap
        self.entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(self.box.x + pad, y, inner, m.bh), self.app.ui, initial_text=self.typed)
        self.entry.set_text_length_limit(NAME_LENGTH)
        self.elements.append(self.entry)
        self.entry.focus()
        rects, _ = sl.button_grid(footer, self.box.x + pad, inner, self.box.bottom - pad - footer_h, m)
        self.button(rects[0], footer[0], self.confirm)
        self.button(rects[1], footer[1], self.back)
        self.problem_top = y + m.bh + m.gap

    def title(self) -> str:
        return t("players.rename_title", name=self.player)

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
        m = self.m
        pad = sl.dialog_pad(m)
        inner = self.box.width - 2 * pad
        sl.draw_dialog(surface, self.box, m, self.title())
        sl.wrapped(surface, t("players.rename_note"), m.body, widgets.SOFT, pygame.Rect(self.box.x + pad, self.note_top, inner, self.box.height))
        sl.wrapped(surface, self.problem, m.body, (255, 150, 130), pygame.Rect(self.box.x + pad, self.problem_top, inner, 2 * sl.line_height(m.body)))
