"""A dialog over the screen below: a title, a body of the dialog's own, and a row (or a
column) of answers at the bottom, in a box centred on the shaded screen, sized by shape
(docs/layout.md). The replace question, the known players, renaming a player, resetting
the statistics and the kiosk's notice are dialogs; each says only what its body holds."""
from __future__ import annotations

from typing import Callable

import pygame

from game.scenes.base import Scene
from game.ui import screen_layout as sl


class DialogScene(Scene):
    overlay = True
    design_width = 560  # the box's width in design pixels (the screen's margins at most)
    stacked = False  # True: the answers one under the other, as wide as the box

    def __init__(self, app) -> None:
        super().__init__(app)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.body = pygame.Rect(0, 0, 0, 0)

    # ------------------------------------------------------------ what a dialog says
    def title(self) -> str:
        raise NotImplementedError

    def answers(self) -> list[tuple[str, Callable[[], None]]]:
        """The buttons at the bottom, (text, action), in focus order."""
        raise NotImplementedError

    def body_height(self, width: int, room: int) -> int:
        """The body's height for a width, ``room`` being the most the screen leaves it."""
        return 0

    def layout_body(self, body: pygame.Rect) -> None:
        """The body's own elements (made before the answers: they come first in focus order)."""

    def draw_body(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        """What the body shows, drawn over the box."""

    def default_focus(self, answers: int) -> int:
        """The button focused when the dialog opens (an index into the focusables)."""
        return len(self.focusables) - 1  # the last answer (Back): a key pressed by mistake changes nothing

    # ------------------------------------------------------------ the box
    def answers_height(self, texts: list[str], inner: int) -> int:
        m = self.m
        if self.stacked:
            return len(texts) * m.bh + (len(texts) - 1) * m.gap
        return sl.grid_height(texts, inner, m)

    def layout(self) -> None:
        m = sl.measures(self.app)
        self.m = m
        pad = sl.dialog_pad(m)
        width = sl.dialog_width(m, self.design_width)
        inner = width - 2 * pad
        head_h = sl.dialog_title_height(m, self.title(), inner)
        answers = self.answers()
        texts = [text for text, _ in answers]
        answers_h = self.answers_height(texts, inner)
        frame = 2 * pad + head_h + m.gap + 2 * m.gap + answers_h  # all but the body
        body_h = self.body_height(inner, m.height - 2 * m.margin - frame)
        self.box = sl.centred_box(m, width, frame + body_h)
        self.body = pygame.Rect(self.box.x + pad, self.box.y + pad + head_h + m.gap, inner, body_h)
        self.layout_body(self.body)
        top = self.box.bottom - pad - answers_h
        if self.stacked:
            rects = [pygame.Rect(self.box.x + pad, top + i * (m.bh + m.gap), inner, m.bh) for i in range(len(texts))]
        elif len(texts) == 1:  # one answer: centred, of a button's usual width
            bw = min(inner, max(int(360 * m.scale), sl.button_width(texts[0], m)))
            rects = [pygame.Rect(self.box.centerx - bw // 2, top, bw, m.bh)]
        else:
            rects, _ = sl.button_grid(texts, self.box.x + pad, inner, top, m)
        for rect, (text, action) in zip(rects, answers):
            self.button(rect, text, action)
        if self.focus < 0 and self.focusables:
            self.focus = self.default_focus(len(answers))

    def draw(self, surface: pygame.Surface) -> None:
        sl.draw_dialog(surface, self.box, self.m, self.title())
        self.draw_body(surface, self.body)
