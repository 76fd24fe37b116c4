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


NAMED = ("3D", "3C", "2D", "2C", "9C", "9D", "2B", "2E")  # Aluette's named cards


@pytest.mark.parametrize("density", [1, 3])
@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_a_card_name_is_printed_at_12_logical_px_or_left_off(language, density):
    """Aluette's names ("Monsieur", "La vache", ...) were drawn at 7-9 px on a phone's cards:
    a name is printed whole on one line at 12 logical px or more, or left off, and then the
    face is the plain card (both corner indices: the card is still told by its index)."""
    from game.ui import fonts
    from game.ui.spanish_cards import caption_font, ribbon_rect

    i18n.set_language(language)
    fonts.set_density(density)
    try:
        printed = dropped = 0
        for width in range(40, 201, 8):
            w = width * density
            for code in NAMED:
                name = i18n.t(f"aluette.name.{code}")
                fitted = caption_font(name, w)
                plain = pygame.image.tobytes(draw_face(code, w), "RGBA")
                named = pygame.image.tobytes(draw_face(code, w, name), "RGBA")
                if fitted is None:
                    dropped += 1
                    assert named == plain, (code, width)
                    continue
                printed += 1
                size, bold = fitted
                assert size >= fonts.min_size() and size / density >= 12, (name, width, size)
                assert fonts.text_width(name, size, bold) <= ribbon_rect(w, round(w * 1.4)).width - 4, (name, width)
                assert named != plain, (code, width)
        assert printed and dropped  # a desktop's cards carry their names, a phone's narrow ones do not
    finally:
        fonts.set_density(1)
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(390, 844, 1), (640, 360, 1), (1920, 1080, 1)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_card_covered_by_the_next_in_the_hand_is_drawn_without_its_name(size):
    """In an overlapped hand the next card covers the bottom ribbon of a named card (its name
    was cut): only a card shown whole is drawn with its name."""
    from tests.test_table_screens import open_at

    app, table = open_at(size, "aluette", 4)
    calls = []
    view_face = table.view.face

    def spy(code, width, named=True):
        calls.append((code, width, named))
        return view_face(code, width, named)

    table.view.face = spy
    app.tick(1 / 60)
    rects = [r for _, r in table.hand_rects]
    from game.scenes.table_layout import visible_parts

    whole = {code: part.size == r.size for (code, r), part in zip(table.hand_rects, visible_parts(rects))}
    drawn = {code: named for code, width, named in calls if code in whole}
    assert drawn == whole
    if size[0] < size[1]:
        assert not all(whole.values())  # upright, the hand's two rows overlap
    pygame.display.quit()
