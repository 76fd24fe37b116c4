"""Touch gestures on top of the scenes: drag a card from the hand to the table, press and hold.

The app turns fingers into mouse events (``App._pointer_events``), so both work the same
with a finger and a mouse. ``CardDrag`` talks to the table scene only through what the
scene already offers (``my_turn``, ``hand_rects``, ``click``, ``drop``, ``zone_at``): a
press that does not move is handed back as a plain tap, so tapping keeps working exactly
as without drag.
"""
from __future__ import annotations

import pygame

from game.ui import fonts, widgets

DRAG_START_PX = 14  # finger travel (at scale 1) before a press becomes a drag
HOLD_SECONDS = 2.0
TARGET_PX = 56  # the kiosk's own keys and buttons (logical px): about 10 mm on a 7" 800x480 tablet
KIOSK_MIN_BUTTON_PX = 48  # every other button in kiosk mode (logical px: 9 mm there; 44 elsewhere)


def target_height(scale: float) -> int:
    """Button height on the kiosk screens: the app's, but never under a fingertip."""
    return max(fonts.px(TARGET_PX), widgets.button_height(scale))


def _pointer(event) -> str | None:
    if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
        return "down"
    if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
        return "up"
    if event.type == pygame.MOUSEMOTION:
        return "move"
    return None


class CardDrag:
    """Drag a hand card onto the table to play it; a press without travel is a tap."""

    def __init__(self, scale: float = 1.0) -> None:
        self.scale = scale
        self.table = None  # the TableScene the press started on
        self.code: str | None = None
        self.grab: tuple[int, int] = (0, 0)  # finger offset inside the card
        self.start: tuple[int, int] = (0, 0)
        self.pos: tuple[int, int] = (0, 0)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.dragging = False

    def reset(self) -> None:
        self.table, self.code, self.dragging = None, None, False

    def handle(self, event, table) -> bool:
        """True if the event was used (press on a hand card, its motion, its release)."""
        kind = _pointer(event)
        if kind is None:
            return False
        if kind == "down":
            self.reset()
            if table is None or table.steps or not table.my_turn():
                return False
            for code, rect in reversed(table.hand_rects):
                if rect.collidepoint(event.pos):
                    self.table, self.code, self.rect = table, code, pygame.Rect(rect)
                    self.start = self.pos = tuple(event.pos)
                    self.grab = (event.pos[0] - rect.x, event.pos[1] - rect.y)
                    return True
            return False
        if self.code is None:
            return False
        if table is not self.table:  # the scene changed under the finger
            self.reset()
            return False
        if kind == "move":
            self.pos = tuple(event.pos)
            travel = max(abs(self.pos[0] - self.start[0]), abs(self.pos[1] - self.start[1]))
            if travel >= DRAG_START_PX * max(0.6, self.scale):
                self.dragging = True
            return True
        # release
        code, dragging, start = self.code, self.dragging, self.start
        self.pos = tuple(event.pos)
        self.reset()
        if not dragging:
            table.click(start)  # a tap: the table's own select / confirm
        elif self.over_table(table, self.pos):
            self.drop(table, code, self.pos)
        return True

    @staticmethod
    def over_table(table, pos) -> bool:
        """Anywhere above the hand counts as the table: a finger should not have to aim."""
        return pos[1] < table.hand_area.y - table.pad and pos[1] > table.hud_h

    @staticmethod
    def drop(table, code: str, pos) -> bool:
        """The table's own drop: the move this card makes on the zone under the finger
        (with several captures, the table card there decides; else the table asks)."""
        return table.drop(code, pos)

    def draw(self, surface: pygame.Surface, table) -> None:
        if not self.dragging or table is not self.table or self.code is None:
            return
        s = table.app.scale
        # The slot the card left, dimmed; the drop zone outlined; the card under the finger.
        hole = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        pygame.draw.rect(hole, (0, 0, 0, 150), hole.get_rect(), border_radius=max(4, self.rect.width // 12))
        surface.blit(hole, self.rect.topleft)
        zone = table.table_area.inflate(table.pad * 2, table.pad * 2)
        colour = widgets.GOLD if self.over_table(table, self.pos) else widgets.DIM
        pygame.draw.rect(surface, colour, zone, max(2, int(4 * s)), border_radius=max(12, int(30 * s)))
        _, target = table.zone_at(self.pos)
        if target is not None and any(target in table.view.move_targets(o) for o in table.moves_with([self.code])):
            pygame.draw.rect(surface, widgets.WHITE, table.card_rects[target].inflate(8, 8), max(2, int(3 * s)), border_radius=8)
        img = table.face(self.code, self.rect.width)
        img = pygame.transform.rotozoom(img, -6, 1.08)  # lifted: a little bigger and tilted
        r = img.get_rect(center=(self.pos[0] - self.grab[0] + self.rect.width // 2, self.pos[1] - self.grab[1] + self.rect.height // 2))
        shadow = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 90), shadow.get_rect(), border_radius=10)
        surface.blit(shadow, r.move(int(6 * s), int(8 * s)))
        surface.blit(img, r)


class HoldCorner:
    """Press and hold a corner square for ``HOLD_SECONDS``: the operator's way to the code pad.

    The press is not consumed (a tap in the corner still does what it does), so it only
    watches; ``update`` returns True once when the hold is long enough."""

    def __init__(self, seconds: float = HOLD_SECONDS) -> None:
        self.seconds = seconds
        self.held: float | None = None

    @staticmethod
    def corner(size) -> pygame.Rect:
        side = max(60, int(min(size) * 0.12))
        return pygame.Rect(0, 0, side, side)

    def watch(self, event, size) -> None:
        kind = _pointer(event)
        if kind == "down":
            self.held = 0.0 if self.corner(size).collidepoint(event.pos) else None
        elif kind == "up":
            self.held = None
        elif kind == "move" and self.held is not None and not self.corner(size).inflate(40, 40).collidepoint(event.pos):
            self.held = None

    def update(self, dt: float) -> bool:
        if self.held is None:
            return False
        self.held += dt
        if self.held >= self.seconds:
            self.held = None
            return True
        return False
