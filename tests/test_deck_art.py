"""Every deck drawn through game.ui.deck_art: distinct faces, readable corners, jokers and
the Excuse apart, copy marks on multi-deck copies, four colours on every French suit."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.cards import DECKS, FRENCH52, TAROT78  # noqa: E402
from game.ui import deck_art, tarot_cards  # noqa: E402
from game.ui.cards import CardRenderer, split_copy  # noqa: E402

PAPER_LIKE = 90  # colour distance from the paper under which a pixel counts as blank


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((10, 10))
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def _rgb(img: pygame.Surface) -> np.ndarray:
    return pygame.surfarray.array3d(img).astype(int)  # (w, h, 3)


def _ink(block: np.ndarray) -> float:
    """Share of pixels that are not paper (light and unsaturated)."""
    light = block.min(axis=2) > 200
    return float((~light).mean())


@pytest.mark.parametrize("width", [24, 36, 120])
@pytest.mark.parametrize("name", list(DECKS))
def test_every_face_renders_distinct(name, width):
    art = deck_art.DeckArt()
    deck = DECKS[name]
    faces = {}
    for code in deck.codes:
        img = art.face(code, width, deck=name)
        assert img.get_size() == deck_art.card_size(width), code
        faces[split_copy(code)[0]] = pygame.image.tobytes(img, "RGBA")
    # No two cards look the same (the copies of one card look alike).
    assert len(set(faces.values())) == len(faces) == deck.size // deck.copies


@pytest.mark.parametrize("name", list(DECKS))
def test_large_faces_render(name):
    """4K sizes: the courts, specials and a few number cards of every deck."""
    codes = [c for c in DECKS[name].codes if split_copy(c)[0][0] in "AJQKVCDRXE9" or c.startswith("T2")][:24]
    for code in codes:
        assert deck_art.draw_face(code, 400, True, name).get_size() == (400, 560), code


@pytest.mark.parametrize("name", ["french108", "piquet64", "piquet128"])
def test_the_copies_of_a_card_look_alike(name):
    """Which copy a card is means nothing to a player (issue 35: badges 1 and 2 on every
    card, even with one deck): the faces are the same."""
    deck = DECKS[name]
    for base in ("QH", "7S", "X1"):
        copies = [c for c in deck.codes if split_copy(c)[0] == base]
        if not copies:
            continue
        assert len(copies) == deck.copies
        first = pygame.image.tobytes(deck_art.face(copies[0], 100, deck=name), "RGBA")
        for code in copies[1:]:
            assert pygame.image.tobytes(deck_art.face(code, 100, deck=name), "RGBA") == first, code


@pytest.mark.parametrize("name", list(DECKS))
def test_the_visible_corner_alone_tells_every_card_apart(name):
    """What a fanned hand shows of a card (its index corner) is non-empty and unique."""
    deck = DECKS[name]
    width = 64
    iw, ih = deck_art.index_extent(width, name)
    assert 0 < iw < width * 0.6 and 0 < ih < width * 1.4 * 0.7
    corners = {}
    for code in deck.codes:
        px = _rgb(deck_art.face(code, width, deck=name))[:iw, :ih]
        assert _ink(px) > 0.08, code
        corners[split_copy(code)[0]] = px.tobytes()
    assert len(set(corners.values())) == len(corners) == deck.size // deck.copies


def test_jokers_and_excuse_stand_apart():
    x1 = _rgb(deck_art.face("X1", 100, deck="french54"))
    x2 = _rgb(deck_art.face("X2", 100, deck="french54"))
    red = np.array((200, 24, 36))
    reds = [float((np.abs(px - red).sum(axis=2) < 60).mean()) for px in (x1, x2)]
    assert reds[0] > 0.01 and reds[0] > 3 * reds[1]  # the red joker and the black one
    exc = deck_art.face("EXC", 100, deck="tarot78")
    trumps = {pygame.image.tobytes(deck_art.face(c, 100, deck="tarot78"), "RGBA") for c in tarot_cards.TRUMP_CODES}
    assert pygame.image.tobytes(exc, "RGBA") not in trumps
    wine = np.array(tarot_cards.WINE)
    assert float((np.abs(_rgb(exc) - wine).sum(axis=2) < 40).mean()) > 0.02
    assert float((np.abs(_rgb(deck_art.face("T12", 100, deck="tarot78")) - wine).sum(axis=2) < 40).mean()) == 0


def _share(img: pygame.Surface, rgb) -> float:
    return float((np.abs(_rgb(img) - np.array(rgb)).sum(axis=2) < 60).mean())


@pytest.mark.parametrize("name", ["french52", "french54", "french108", "piquet32", "piquet64", "piquet128", "tarot78"])
def test_four_colours_on_every_french_suited_deck(name):
    deck = DECKS[name]
    club = next(c for c in deck.codes if split_copy(c)[0][1:] == "C" and split_copy(c)[0][0] in "79")
    diamond = next(c for c in deck.codes if split_copy(c)[0][1:] == "D" and split_copy(c)[0][0] in "79")
    green, blue = (18, 130, 52), (28, 88, 200)
    assert _share(deck_art.face(club, 100, True, name), green) > 0.03
    assert _share(deck_art.face(diamond, 100, True, name), blue) > 0.03
    assert _share(deck_art.face(club, 100, False, name), green) == 0
    assert _share(deck_art.face(diamond, 100, False, name), blue) == 0


def test_spanish_faces_keep_their_own_colours():
    two = pygame.image.tobytes(deck_art.face("5B", 90, False, "spanish48"), "RGBA")
    four = pygame.image.tobytes(deck_art.face("5B", 90, True, "spanish48"), "RGBA")
    assert two == four


def test_french_faces_unchanged_through_the_one_entry_point():
    old, new = CardRenderer(), deck_art.DeckArt()
    for code in ("AS", "TD", "QH", "7C"):
        for four in (False, True):
            assert pygame.image.tobytes(old.face(code, 80, four), "RGBA") == pygame.image.tobytes(new.face(code, 80, four), "RGBA")


@pytest.mark.parametrize(
    "lang, letters, trump, excuse",
    [("en", ["J", "Kn", "Q", "K"], "Trump 21", "Excuse"), ("fr", ["V", "C", "D", "R"], "Atout 21", "Excuse"), ("nl", ["B", "R", "V", "H"], "Troef 21", "Excuus")],
)
def test_tarot_court_letters_and_names_follow_the_language(lang, letters, trump, excuse):
    i18n.set_language(lang)
    try:
        assert [deck_art.card_name(r + "S", "tarot78")[:-1] for r in "VCDR"] == letters
        assert deck_art.card_name("AH", "tarot78") == "1♥"
        assert deck_art.card_name("T21", "tarot78") == trump
        assert deck_art.card_name("EXC") == excuse
        # Faces are cached per language: the Cavalier's corner changes with it.
        assert deck_art.face("CS", 80, deck="tarot78") is deck_art.face("CS", 80, deck="tarot78")
    finally:
        i18n.set_language("en")
    assert deck_art.card_name("AS/2", "french108") == deck_art.card_name("AS") == "A♠"
    assert deck_art.card_name("X2", "french54") == i18n.t("card.joker")


def test_tarot_court_faces_differ_by_language():
    faces = set()
    for lang in ("en", "fr"):
        i18n.set_language(lang)
        faces.add(pygame.image.tobytes(deck_art.draw_face("CS", 80, deck="tarot78"), "RGBA"))
    i18n.set_language("en")
    assert len(faces) == 2


def test_the_deck_chooses_the_painter():
    assert deck_art.deck_kind(None, "T01") == deck_art.deck_kind(None, "EXC") == deck_art.deck_kind(None, "CS") == "tarot"
    assert deck_art.deck_kind(None, "AS/2") == deck_art.deck_kind(None, "X1") == "french"
    assert {deck_art.deck_kind(name) for name in DECKS} == {"french", "spanish", "tarot"}
    with pytest.raises(ValueError, match="no art for the deck"):
        deck_art.face("AS", 60, deck="uno")
    with pytest.raises(ValueError):
        deck_art.face("ZZ", 60, deck="french52")
    with pytest.raises(ValueError):
        deck_art.face("AS/2", 60, deck="tarot78")
    # Tarot suit cards are French faces whose ace reads 1.
    assert pygame.image.tobytes(deck_art.face("AS", 60, deck="tarot78"), "RGBA") != pygame.image.tobytes(deck_art.face("AS", 60, deck="french52"), "RGBA")
    with pytest.raises(ValueError):
        deck_art.face("KS", 60, deck="tarot78")  # the tarot's king is RS
    assert len(TAROT78.codes) == 78 and len(FRENCH52.codes) == 52


def test_roman_numerals():
    assert [tarot_cards.roman(n) for n in (1, 4, 9, 14, 18, 19, 21)] == ["I", "IV", "IX", "XIV", "XVIII", "XIX", "XXI"]


def test_deck_sheets_tool_writes_every_sheet(tmp_path):
    from tools import deck_sheets

    written = deck_sheets.main([str(tmp_path), "--width", "40", "--lang", "fr"])
    names = {os.path.basename(p) for p in written}
    assert {f"deck_{d}.png" for d in DECKS} <= names
    assert {"hand_tarot28.png", "hand_olsen17.png", "hand_rummy11.png", "hand_tarot28_narrow.png"} <= names
    hand = pygame.image.load(str(tmp_path / "hand_tarot28.png"))
    assert hand.get_size() == (800, 480)
    i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_index_extent_covers_every_corner(lang):
    """The extent is measured on one card per corner shape: it equals the scan of every card."""
    i18n.set_language(lang)
    try:
        for name, deck in DECKS.items():
            for width in (30, 77):
                right = bottom = 0
                for code in deck.codes:
                    img, (x, y) = deck_art.corner(code, width, False, name)
                    right, bottom = max(right, x + img.get_width()), max(bottom, y + img.get_height())
                assert deck_art.index_extent(width, name) == (right, bottom), (name, width)
    finally:
        i18n.set_language("en")
