"""Suit symbols drawn as polygons and circles, supersampled then smoothed for clean edges."""
from __future__ import annotations

from functools import lru_cache

import pygame

SS = 4  # supersampling factor


def _heart(s: pygame.Surface, n: int, col) -> None:
    r = n * 0.27
    pygame.draw.circle(s, col, (n * 0.28, n * 0.33), r)
    pygame.draw.circle(s, col, (n * 0.72, n * 0.33), r)
    pygame.draw.polygon(s, col, [(n * 0.03, n * 0.42), (n * 0.97, n * 0.42), (n * 0.5, n * 0.97)])


def _diamond(s: pygame.Surface, n: int, col) -> None:
    pygame.draw.polygon(s, col, [(n * 0.5, 0), (n * 0.9, n * 0.5), (n * 0.5, n), (n * 0.1, n * 0.5)])


def _club(s: pygame.Surface, n: int, col) -> None:
    r = n * 0.22
    pygame.draw.circle(s, col, (n * 0.5, n * 0.25), r)
    pygame.draw.circle(s, col, (n * 0.26, n * 0.56), r)
    pygame.draw.circle(s, col, (n * 0.74, n * 0.56), r)
    pygame.draw.circle(s, col, (n * 0.5, n * 0.5), r * 0.6)
    pygame.draw.polygon(s, col, [(n * 0.5, n * 0.5), (n * 0.68, n), (n * 0.32, n)])


def _spade(s: pygame.Surface, n: int, col) -> None:
    r = n * 0.25
    pygame.draw.circle(s, col, (n * 0.28, n * 0.6), r)
    pygame.draw.circle(s, col, (n * 0.72, n * 0.6), r)
    pygame.draw.polygon(s, col, [(n * 0.04, n * 0.55), (n * 0.96, n * 0.55), (n * 0.5, 0)])
    pygame.draw.polygon(s, col, [(n * 0.5, n * 0.6), (n * 0.68, n), (n * 0.32, n)])


_DRAW = (_club, _diamond, _heart, _spade)  # suit order CDHS as in game.cards


@lru_cache(maxsize=256)
def symbol(suit: int, size: int, colour: tuple) -> pygame.Surface:
    size = max(4, int(size))
    big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    _DRAW[suit](big, size * SS, tuple(colour))
    return pygame.transform.smoothscale(big, (size, size))


@lru_cache(maxsize=32)
def star(size: int, colour: tuple) -> pygame.Surface:
    import math

    n = max(4, int(size)) * SS
    pts = []
    for k in range(10):
        r = n * (0.5 if k % 2 == 0 else 0.2)
        a = -math.pi / 2 + k * math.pi / 5
        pts.append((n / 2 + r * math.cos(a), n / 2 + r * math.sin(a)))
    big = pygame.Surface((n, n), pygame.SRCALPHA)
    pygame.draw.polygon(big, colour, pts)
    return pygame.transform.smoothscale(big, (n // SS, n // SS))


@lru_cache(maxsize=32)
def jester(size: int, colours: tuple) -> pygame.Surface:
    """A jester's cap with three bells (jokers and the Excuse): ``colours`` are the three
    points' colours, ``size`` pixels square."""
    n = max(6, int(size)) * SS
    big = pygame.Surface((n, n), pygame.SRCALPHA)
    ink = (40, 30, 30)
    lw = max(1, n // 40)
    band = pygame.Rect(int(n * 0.18), int(n * 0.72), int(n * 0.64), int(n * 0.16))
    # Three floppy points, drawn back to front: left, right, then the tall middle one.
    tips = ((0.08, 0.30), (0.92, 0.30), (0.5, 0.06))
    roots = (((0.2, 0.74), (0.46, 0.72)), ((0.54, 0.72), (0.8, 0.74)), ((0.34, 0.73), (0.66, 0.73)))
    for (tx, ty), ((ax, ay), (bx, by)), col in zip(tips, roots, colours):
        mid = ((ax + bx) / 2, (ay + by) / 2 - 0.22)
        pts = [(ax * n, ay * n), ((mid[0] - 0.12) * n, mid[1] * n), (tx * n, ty * n), ((mid[0] + 0.12) * n, (mid[1] + 0.04) * n), (bx * n, by * n)]
        pygame.draw.polygon(big, col, pts)
        pygame.draw.polygon(big, ink, pts, lw)
    pygame.draw.rect(big, (236, 206, 120), band, border_radius=n // 20)
    pygame.draw.rect(big, ink, band, lw, border_radius=n // 20)
    for k in range(4):
        x = band.x + band.width * (k + 0.5) / 4
        pygame.draw.circle(big, ink, (x, band.centery), n * 0.022)
    for tx, ty in tips:
        pygame.draw.circle(big, (236, 196, 60), (tx * n, ty * n), n * 0.07)
        pygame.draw.circle(big, ink, (tx * n, ty * n), n * 0.07, lw)
        pygame.draw.circle(big, ink, (tx * n, ty * n + n * 0.03), n * 0.015)
    return pygame.transform.smoothscale(big, (n // SS, n // SS))
