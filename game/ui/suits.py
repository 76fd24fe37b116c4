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
