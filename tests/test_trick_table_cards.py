"""The Spanish-suited deck drawn by game.ui.spanish_cards: every card distinct and legible."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.cards import SPANISH48  # noqa: E402
from game.ui.spanish_cards import SUIT_COLOURS, draw_face, suit_sign  # noqa: E402


@pytest.fixture(autouse=True, scope="module")
def display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((10, 10))
    yield


@pytest.mark.parametrize("width", [48, 90, 180])
def test_every_card_has_its_own_face(width):
    i18n.set_language("en")
    faces = {code: pygame.image.tobytes(draw_face(code, width), "RGBA") for code in SPANISH48.codes}
    assert len(set(faces.values())) == 48
    img = draw_face("RE", width)
    assert img.get_size() == (width, round(width * 1.4))


def test_suit_signs_carry_their_suit_colour():
    for suit, (colour, _) in SUIT_COLOURS.items():
        sign = suit_sign(suit, 40)
        pixels = {tuple(sign.get_at((x, y)))[:3] for x in range(40) for y in range(40) if sign.get_at((x, y)).a == 255}
        assert colour in pixels, suit


def test_court_letters_follow_the_language():
    faces = {}
    for lang in ("en", "fr", "nl"):
        i18n.set_language(lang)
        faces[lang] = pygame.image.tobytes(draw_face("VD", 120), "RGBA")
    i18n.set_language("en")
    assert len(set(faces.values())) == 3  # J, V, B


def test_unknown_code_is_refused():
    with pytest.raises(ValueError):
        draw_face("TD", 60)
