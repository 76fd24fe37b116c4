"""Draw the Orlan icon (a jack on green felt) with pygame and write the committed PNGs.

    python tools/make_icon.py          # writes packaging/orlan.png (256 px) and web/favicon.png (64 px)

The icon is generated, not drawn by hand, so it can be remade at any size; the PNGs are
committed so builds need neither pygame's display nor this script.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
FELT = (22, 110, 62)
FELT_EDGE = (12, 70, 38)
CARD = (250, 248, 240)
INK_RED = (190, 30, 40)
INK_BLACK = (25, 25, 30)
GOLD = (230, 190, 70)


def club(surface: pygame.Surface, cx: float, cy: float, r: float, colour) -> None:
    """A club suit sign: three circles and a stem."""
    for dx, dy in ((0, -0.55), (-0.55, 0.2), (0.55, 0.2)):
        pygame.draw.circle(surface, colour, (cx + dx * r, cy + dy * r), 0.5 * r)
    pygame.draw.polygon(surface, colour, [(cx, cy), (cx - 0.4 * r, cy + 1.1 * r), (cx + 0.4 * r, cy + 1.1 * r)])


def draw_icon(size: int) -> pygame.Surface:
    big = size * 4  # draw large and scale down: smooth edges without anti-aliasing primitives
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.rect(s, FELT_EDGE, (0, 0, big, big), border_radius=big // 5)
    pygame.draw.rect(s, FELT, (big * 0.04, big * 0.04, big * 0.92, big * 0.92), border_radius=big // 6)
    # Two cards: one behind (tilted) and the jack in front.
    w, h = big * 0.46, big * 0.64
    back = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(back, CARD, (0, 0, w, h), border_radius=int(w * 0.12))
    pygame.draw.rect(back, INK_RED, (w * 0.08, h * 0.06, w * 0.84, h * 0.88), border_radius=int(w * 0.08))
    back = pygame.transform.rotate(back, 18)
    s.blit(back, back.get_rect(center=(big * 0.40, big * 0.50)))
    front = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(front, CARD, (0, 0, w, h), border_radius=int(w * 0.12))
    pygame.draw.rect(front, GOLD, (0, 0, w, h), width=max(2, int(w * 0.03)), border_radius=int(w * 0.12))
    font = pygame.font.Font(None, int(h * 0.75))
    letter = font.render("J", True, INK_BLACK)
    front.blit(letter, letter.get_rect(center=(w * 0.5, h * 0.42)))
    club(front, w * 0.5, h * 0.72, w * 0.16, INK_BLACK)
    front = pygame.transform.rotate(front, -10)
    s.blit(front, front.get_rect(center=(big * 0.58, big * 0.52)))
    return pygame.transform.smoothscale(s, (size, size))


def main(argv: list[str] | None = None) -> int:
    pygame.font.init()  # only fonts: no window, no audio device needed
    targets = {ROOT / "packaging" / "orlan.png": 256, ROOT / "web" / "favicon.png": 64}
    for path, size in targets.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(draw_icon(size), str(path))
        print(f"wrote {path.relative_to(ROOT)} ({size}x{size})")
    pygame.font.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
