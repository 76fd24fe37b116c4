"""Kiosk operator screens: the code pad (an on-screen numeric keypad) and the operator menu;
and the notice shown when ``--kiosk`` finds no usable kiosk file (``KioskOffScene``).

The pad is drawn by hand rather than with pygame_gui buttons: keys light up under the
finger at once and act when it lifts on the same key, the digits are large, and the keys
grow with the screen (at least 56 px, a fingertip, at 800x480). Digits (typed text),
Backspace, Enter and Esc work from a keyboard too. The typed code is never shown, only one dot per digit.
After ``MAX_TRIES`` wrong codes in a row the pad refuses input for ``LOCKOUT`` seconds,
so guessing a 4-digit code at a public stand takes hours rather than minutes.
"""
from __future__ import annotations

import os
from typing import Callable

import pygame

from game.i18n import t
from game.scenes.base import Scene
from game.scenes.dialog import DialogScene
from game.ui import fonts, widgets
from game.ui import screen_layout as sl
from game.ui.touch import TARGET_PX, target_height

MAX_TRIES = 3
LOCKOUT = 30.0
KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "clear", "0", "ok"]
ERROR = (255, 110, 90)


class CodeLock:
    """The operator code check with its count of wrong tries, shared by every pad the
    kiosk opens (closing and reopening the pad does not reset the lockout)."""

    def __init__(self, check: Callable[[str], bool], max_tries: int = MAX_TRIES, lockout: float = LOCKOUT) -> None:
        self.check = check
        self.max_tries = max_tries
        self.lockout = lockout
        self.wrong = 0  # wrong codes in a row
        self.locked_for = 0.0

    def attempt(self, typed: str) -> bool:
        if self.locked_for > 0:
            return False
        if self.check(typed):
            self.wrong = 0
            return True
        self.wrong += 1
        if self.wrong >= self.max_tries:
            self.wrong = 0
            self.locked_for = self.lockout
        return False

    def update(self, dt: float) -> None:
        self.locked_for = max(0.0, self.locked_for - dt)


class CodePadScene(Scene):
    """Type the operator code; ``on_success`` runs (after the pad closes) if it is right.

    ``lock`` is a CodeLock (or a plain check function, for a pad of its own); whoever owns
    a shared lock calls its ``update`` each frame."""

    name = "operator"  # the operator gate (App.operator_gate)
    overlay = True

    def __init__(self, app, lock, on_success: Callable[[], None], max_len: int = 12) -> None:
        super().__init__(app)
        self.own_lock = not isinstance(lock, CodeLock)
        self.lock = CodeLock(lock) if self.own_lock else lock
        self.on_success = on_success
        self.max_len = max_len
        self.typed = ""
        self.error = ""
        self.pressed: str | None = None
        self.key_rects: dict[str, pygame.Rect] = {}
        self.display = pygame.Rect(0, 0, 0, 0)
        self.card = pygame.Rect(0, 0, 0, 0)
        self.title_y = 0

    @property
    def locked_for(self) -> float:
        return self.lock.locked_for

    @property
    def wrong(self) -> bool:
        """A wrong code was typed (the message is showing)."""
        return bool(self.error)

    # ------------------------------------------------------------ layout
    def layout(self) -> None:
        """The title, the code display, the 3x4 keys and Cancel one under the other; on a
        screen too low for that (a phone on its side), the keys on the right and the rest on
        the left. Keys are 56 logical px at least (a fingertip), larger on a larger screen."""
        m = sl.measures(self.app)
        self.m = m
        w, h = m.size
        s = m.scale
        gap = max(m.px(8), int(12 * s))
        margin = m.margin
        self.title_size = m.u.text(34, least=20)
        title_h = sl.line_height(self.title_size, True)
        display_h = max(m.px(48), int(64 * s))
        cancel_h = target_height(s)
        least = m.px(TARGET_PX)
        stacked_h = title_h + display_h + 4 * least + cancel_h + 6 * gap + 2 * margin
        self.side = stacked_h > h and w > h
        if self.side:
            key = max(least, min(int((h - 2 * margin - 3 * gap) / 4), int(150 * s)))
            grid_w = 3 * key + 2 * gap
            left_w = min(w - 2 * margin - grid_w - 4 * gap, max(m.px(220), grid_w))
            total_w = left_w + 2 * gap + grid_w
            x0 = (w - total_w) // 2
            grid_h = 4 * key + 3 * gap
            top = (h - grid_h) // 2
            self.card = pygame.Rect(x0 - gap, top - gap, total_w + 2 * gap, grid_h + 2 * gap)
            left_h = title_h + gap + display_h + gap + cancel_h
            ly = top + (grid_h - left_h) // 2
            self.title_y = ly
            self.title_box = pygame.Rect(x0, ly, left_w, title_h)
            self.display = pygame.Rect(x0, ly + title_h + gap, left_w, display_h)
            keys_x, y0 = x0 + left_w + 2 * gap, top
            cancel = pygame.Rect(x0, self.display.bottom + gap, left_w, cancel_h)
        else:
            # Four rows of keys share what the title, code display and cancel button leave.
            room = h - 2 * margin - title_h - display_h - cancel_h - 6 * gap
            key = max(least, min(int(room / 4), int(150 * s), int((w - 2 * margin) / 3.6)))
            grid_w = 3 * key + 2 * gap
            total_h = title_h + display_h + 4 * key + cancel_h + 6 * gap
            top = max(margin, (h - total_h) // 2)
            keys_x = w // 2 - grid_w // 2
            self.card = pygame.Rect(keys_x - 2 * gap, top - gap, grid_w + 4 * gap, total_h + 2 * gap)
            self.title_y = top
            self.title_box = pygame.Rect(keys_x - gap, top, grid_w + 2 * gap, title_h)
            self.display = pygame.Rect(keys_x, top + title_h + gap, grid_w, display_h)
            y0 = self.display.bottom + gap
            cancel = pygame.Rect(keys_x, y0 + 4 * key + 4 * gap, grid_w, cancel_h)
        self.key_rects = {}
        for i, k in enumerate(KEYS):
            r, c = divmod(i, 3)
            self.key_rects[k] = pygame.Rect(keys_x + c * (key + gap), y0 + r * (key + gap), key, key)
        self.button(cancel, t("kiosk.cancel"), self.back, focusable=False)

    def tap_zones(self) -> list:
        from game.scenes.base import TouchTarget

        return [TouchTarget("key", k, r) for k, r in self.key_rects.items()]

    # ------------------------------------------------------------ input
    def key_at(self, pos) -> str | None:
        for k, r in self.key_rects.items():
            if r.collidepoint(pos):
                return k
        return None

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self.pressed = self.key_at(event.pos)
            if self.pressed is None:
                return super().handle(event)
            return True
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            k, self.pressed = self.pressed, None
            if k is not None and self.key_at(event.pos) == k:
                self.press(k)
                return True
            return super().handle(event)
        if event.type == pygame.TEXTINPUT:
            # Digits from a keyboard arrive as text (whatever the layout: AZERTY's top row
            # needs Shift); the key events of the same presses are ignored below.
            for ch in event.text:
                if ch.isdigit():
                    self.press(ch)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.typed = self.typed[:-1]
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.press("ok")
                return True
            if event.key == pygame.K_ESCAPE:
                self.back()
                return True
            return True  # nothing else reaches the scenes below
        return super().handle(event)

    def press(self, k: str) -> None:
        if self.locked_for > 0:
            return
        self.app.sounds.play("tick")
        if k == "clear":
            self.typed = ""
            self.error = ""
        elif k == "ok":
            self.submit()
        elif len(self.typed) < self.max_len:
            self.typed += k
            self.error = ""

    def submit(self) -> None:
        if not self.typed:
            return
        typed, self.typed = self.typed, ""
        if self.lock.attempt(typed):
            self.app.scenes.pop()
            self.on_success()
            return
        self.error = t("kiosk.code_wrong")

    def back(self) -> None:
        self.app.scenes.pop()

    def update(self, dt: float) -> None:
        if self.own_lock:
            self.lock.update(dt)

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        widgets.shade(surface, 200)
        widgets.panel(surface, self.card, alpha=235, radius=max(12, int(20 * s)), colour=(22, 30, 40))
        fonts.draw_in_box(surface, t("kiosk.operator_title"), self.title_size, widgets.GOLD, self.title_box, bold=True)
        # The code display: one dot per digit, or the message.
        d = self.display
        pygame.draw.rect(surface, (8, 12, 18), d, border_radius=max(8, int(12 * s)))
        pygame.draw.rect(surface, ERROR if self.error else (110, 130, 150), d, 2, border_radius=max(8, int(12 * s)))
        if self.locked_for > 0:
            text = t("kiosk.locked_wait", count=int(self.locked_for + 0.999))
            fonts.blit_text(surface, text, self.m.body, ERROR, d.center, "center", bold=True, max_width=d.width - 16)
        elif self.typed:
            n = len(self.typed)
            rad = max(6, int(d.height * 0.14))
            step = min(rad * 3, (d.width - 4 * rad) // max(1, n))
            x = d.centerx - step * (n - 1) / 2
            for i in range(n):
                pygame.draw.circle(surface, widgets.WHITE, (int(x + i * step), d.centery), rad)
        else:
            text = self.error or t("kiosk.code_prompt")
            fonts.blit_text(surface, text, self.m.body, ERROR if self.error else widgets.DIM, d.center, "center", bold=bool(self.error), max_width=d.width - 16)
        locked = self.locked_for > 0
        for k, r in self.key_rects.items():
            down = k == self.pressed and not locked
            if k == "ok":
                bg = (40, 120, 70) if not down else (60, 160, 95)
            elif k == "clear":
                bg = (90, 50, 45) if not down else (130, 70, 60)
            else:
                bg = (37, 54, 74) if not down else (224, 181, 49)
            if locked:
                bg = (42, 45, 49)
            pygame.draw.rect(surface, bg, r, border_radius=max(8, int(14 * s)))
            pygame.draw.rect(surface, (159, 180, 207) if not locked else (74, 79, 86), r, 2, border_radius=max(8, int(14 * s)))
            label = k if k.isdigit() else t(f"kiosk.key_{k}")
            size = max(fonts.min_size(), int(r.height * (0.5 if k.isdigit() else 0.28)))
            colour = (21, 23, 26) if down and k.isdigit() else (widgets.WHITE if not locked else (125, 131, 139))
            fonts.blit_text(surface, label, size, colour, r.center, "center", bold=True, max_width=r.width - 8)


class OperatorScene(Scene):
    """After the right code: settings, quit to the desktop, or back to the public screens."""

    name = "operator_menu"
    overlay = True

    def __init__(self, app, kiosk) -> None:
        super().__init__(app)
        self.kiosk = kiosk
        self.top = 0

    def layout(self) -> None:
        m = sl.measures(self.app)
        self.m = m
        w, h = m.size
        bh = target_height(m.scale)
        gap = max(m.px(8), int(14 * m.scale))
        bw = min(w - 2 * m.margin, max(m.px(280), int(420 * m.scale)))
        items = [("kiosk.settings", self.kiosk.open_settings), ("kiosk.quit_app", self.kiosk.force_quit), ("kiosk.back", self.back)]
        total = len(items) * bh + (len(items) - 1) * gap
        title_h = sl.title_height(m)
        self.top = max(m.margin + title_h + gap, (h - total) // 2)
        for rect, (key, action) in zip(widgets.column(w // 2, self.top, bw, bh, gap, len(items)), items):
            self.button(rect, t(key), action)

    def back(self) -> None:
        self.app.scenes.pop()

    def draw(self, surface: pygame.Surface) -> None:
        m = self.m
        widgets.shade(surface, 200)
        sl.draw_title(surface, t("kiosk.operator_menu_title"), m, max(m.margin, self.top - sl.title_height(m) - m.gap))


KIOSK_EXAMPLE = '{"enabled": true, "operator_code": "4321", "idle_timeout": 120}'


class KioskOffScene(DialogScene):
    """``--kiosk`` asked for, but the kiosk file is missing, invalid or turned off: what is
    wrong and how to make the file, on the screen (not only on stderr), over the menu.
    The app goes on in normal mode; the button (or Enter, Esc) closes this."""

    name = "kiosk_off"
    design_width = 900

    def __init__(self, app, config) -> None:
        super().__init__(app)
        self.config = config

    def title(self) -> str:
        return t("kiosk.off_title")

    def answers(self) -> list:
        return [(t("kiosk.off_ok"), self.back)]

    def reasons(self) -> list[str]:
        path = self.config.path or "kiosk.json"
        fatal = [m for m in self.config.problems if m.key != "kiosk.unknown_field"]
        if fatal:
            return [t("kiosk.off_invalid", path=path)] + [t(m.key, **m.params) for m in fatal]
        if self.config.path and os.path.exists(self.config.path):
            return [t("kiosk.off_disabled", path=path)]
        return [t("kiosk.off_missing", path=path)]

    def text_size(self) -> int:
        return self.app.units.text(20)

    def lines(self, width: int) -> list[tuple[str, tuple]]:
        """(text, colour) lines: why, how to make the file, the example, how to check it."""
        size = self.text_size()
        out = []
        for reason in self.reasons():
            out += [(part, widgets.WHITE) for part in fonts.wrap(reason, size, width)]
        out.append(("", widgets.WHITE))
        out += [(part, widgets.SOFT) for part in fonts.wrap(t("kiosk.off_how", path=self.config.path or "kiosk.json"), size, width)]
        out += [(part, widgets.GOLD) for part in fonts.wrap(KIOSK_EXAMPLE, size, width)]
        out += [(part, widgets.SOFT) for part in fonts.wrap(t("kiosk.off_check"), size, width)]
        return out

    def body_height(self, width: int, room: int) -> int:
        return len(self.lines(width)) * sl.line_height(self.text_size())

    def back(self) -> None:
        self.app.scenes.pop()

    def draw_body(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        size = self.text_size()
        line = sl.line_height(size)
        y = body.y
        bottom = self.box.bottom - sl.dialog_pad(self.m) - self.m.bh - self.m.gap
        for text, colour in self.lines(body.width):
            if y + line > bottom:
                break
            if text:
                fonts.blit_text(surface, text, size, colour, (body.x, y), max_width=body.width)
            y += line
