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
from game.scenes.dialog import DialogScene
from game.stats import name_key
from game.ui import widgets
from game.ui import screen_layout as sl

NAME_LENGTH = 16  # as the setup's name fields


class KnownPlayersScene(DialogScene):
    name = "known_players"
    design_width = 640

    def __init__(self, app, setup, seat: int) -> None:
        super().__init__(app)
        self.setup = setup
        self.seat = seat
        self.shown: list[str] = []  # the names on the buttons (tests)

    def taken(self) -> set[str]:
        """Name keys of the players at the other human seats of this setup."""
        s = self.setup
        return {name_key(s.display_name(i)) for i in range(s.players) if i != self.seat and s.kinds[i] == "human"}

    def title(self) -> str:
        return t("players.choose", seat=self.seat + 1)

    def answers(self) -> list:
        return [(t("players.new"), self.new_player), (t("common.back"), self.back)]

    def body_height(self, width: int, room: int) -> int:
        """The known players as a grid of buttons: as many columns as their names allow, as
        many rows as the screen holds (the most recently chosen first)."""
        m = self.m
        names = list(self.app.stats.names)
        need = max([sl.button_width(n, m) for n in names] + [m.px(120)])
        self.cols = max(1, min(4, len(names), (width + m.gap) // (need + m.gap)))
        rows = max(1, min((len(names) + self.cols - 1) // self.cols, (room + m.gap) // (m.bh + m.gap)))
        self.shown = names[: rows * self.cols]
        return rows * (m.bh + m.gap) - m.gap

    def layout_body(self, body: pygame.Rect) -> None:
        m = self.m
        bw = (body.width - (self.cols - 1) * m.gap) // self.cols
        taken = self.taken()
        for i, name in enumerate(self.shown):
            r, c = divmod(i, self.cols)
            rect = pygame.Rect(body.x + c * (bw + m.gap), body.y + r * (m.bh + m.gap), bw, m.bh)
            self.button(rect, name, lambda name=name: self.choose(name), enabled=name_key(name) not in taken)

    def default_focus(self, answers: int) -> int:
        return 0  # the first known player

    def choose(self, name: str) -> None:
        self.app.scenes.pop()
        self.setup.set_name(self.seat, name)

    def new_player(self) -> None:
        self.app.scenes.pop()
        self.setup.set_name(self.seat, "", focus=True)


class RenamePlayerScene(DialogScene):
    """A text field with the player's name, Rename and Back; refusals are said in the box."""

    name = "rename_player"

    def __init__(self, app, player: str) -> None:
        super().__init__(app)
        self.player = player
        self.typed = player
        self.problem = ""  # why the last try was refused
        self.entry = None

    def title(self) -> str:
        return t("players.rename_title", name=self.player)

    def answers(self) -> list:
        return [(t("players.rename"), self.confirm), (t("common.back"), self.back)]

    def body_height(self, width: int, room: int) -> int:
        # The note, the text field, and room for a refusal (two lines).
        m = self.m
        self.note_h = sl.wrapped_height(t("players.rename_note"), m.body, width)
        return self.note_h + m.gap + m.bh + m.gap + 2 * sl.line_height(m.body)

    def layout_body(self, body: pygame.Rect) -> None:
        m = self.m
        y = body.y + self.note_h + m.gap
        self.entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(body.x, y, body.width, m.bh), self.app.ui, initial_text=self.typed)
        self.entry.set_text_length_limit(NAME_LENGTH)
        self.elements.append(self.entry)
        self.entry.focus()
        self.problem_top = y + m.bh + m.gap

    def default_focus(self, answers: int) -> int:
        return -1  # the keys belong to the text field

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

    def draw_body(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        m = self.m
        sl.wrapped(surface, t("players.rename_note"), m.body, widgets.SOFT, body)
        sl.wrapped(surface, self.problem, m.body, (255, 150, 130), pygame.Rect(body.x, self.problem_top, body.width, 2 * sl.line_height(m.body)))
