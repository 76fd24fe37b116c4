"""What the table plays between two moves: cards in flight, pauses with highlights and
banners (``Step``), and the bots' thinking sliced across frames (``Thinker``)."""
from __future__ import annotations

import time

import pygame


def lerp_rect(a: pygame.Rect, b: pygame.Rect, f: float) -> pygame.Rect:
    f = 1 - (1 - f) ** 3  # ease out
    return pygame.Rect(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, a.w + (b.w - a.w) * f, a.h + (b.h - a.h) * f)


class Flight:
    def __init__(self, code: str | None, src: pygame.Rect, dst: pygame.Rect, delay: float = 0.0):
        self.code, self.src, self.dst, self.delay = code, pygame.Rect(src), pygame.Rect(dst), delay


class Step:
    """One stage of an animation: cards flying, a pause with highlights, a banner."""

    def __init__(self, dur: float, flights=(), start=None, done=None, banner: str | None = None, highlight=(), sound: str | None = None):
        self.dur = dur
        # A list given here is kept, not copied: animations fill it when the step starts.
        self.flights = flights if isinstance(flights, list) else list(flights)
        self.start_fn, self.done_fn = start, done
        self.banner = banner
        self.highlight = set(highlight)
        self.sound = sound
        self.t = 0.0
        self.started = False


class Thinker:
    """Runs a bot a slice per frame (bot.begin, then bot.step(ms) each frame, then bot.move).

    A bot that declines to start an iteration longer than the slice would never progress
    at 4 ms; when a step comes back at once without a decision, the slice grows a little
    (14 ms at most, still inside a 60 fps frame; more only if the machine is so loaded
    that even that stalls), and a wall-clock deadline (a few times the bot's budget)
    always ends the turn with the best move found so far.
    """

    SLICE_MS = 4.0
    MAX_SLICE_MS = 14.0
    STALLED_MAX_MS = 40.0

    def __init__(self, bot, obs) -> None:
        self.bot = bot
        self.slice = self.SLICE_MS
        self.max_slice = self.MAX_SLICE_MS  # the table lowers it when its own drawing takes longer
        self.done = False
        self.stalls = 0
        self.started = time.perf_counter()
        budget = getattr(bot, "ms", 1000.0) or 1000.0
        self.deadline = self.started + 4 * budget / 1000.0 + 1.5
        bot.begin(obs)

    def tick(self) -> bool:
        if self.done:
            return True
        t0 = time.perf_counter()
        self.done = self.bot.step(self.slice)
        if not self.done and (time.perf_counter() - t0) * 1000.0 < 0.25 * self.slice:
            self.stalls += 1
            limit = self.STALLED_MAX_MS if self.stalls > 30 else self.max_slice
            self.slice = min(limit, self.slice + 2.0)
        else:
            # Drift back down: the slice settles just above one iteration's cost.
            self.slice = max(self.SLICE_MS, self.slice - 0.25)
            if self.stalls <= 30:  # and never above what the frame leaves it
                self.slice = max(self.SLICE_MS, min(self.slice, self.max_slice))
        if not self.done and time.perf_counter() > self.deadline:
            self.done = True
        return self.done

    def move(self):
        return self.bot.move()
