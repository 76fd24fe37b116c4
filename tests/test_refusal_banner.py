"""Why a card may not be played: every refusal text of every game, in English, French and
Dutch, drawn in its banner at the table of that game on a phone (both ways up, the small
and the common one) and on the small landscape screen, reads whole: at 12 logical px or
more, inside its box, on screen, not cut short with "…". The banner is drawn as a frame
draws it (``draw_banner``); its texts are the language file's, the card named by the
longest name of the game's deck."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.ui import fonts  # noqa: E402
from tests.layout_helpers import text_problems  # noqa: E402
from tests.table_cases import most_seats  # noqa: E402
from tests.test_layout_matrix import app_for, open_table, report  # noqa: E402

SIZES = [(360, 640, 1), (390, 844, 1), (640, 360, 1), (844, 390, 1), (800, 480, 1)]
SHARED = ("trick.", "tarot.")  # the trick games' and the tarot family's refusals


def refusal_keys(language: str, game_id: str) -> list[str]:
    table = i18n.load(language)
    return sorted(k for k, v in table.items() if isinstance(v, str) and "refus" in k.rsplit(".", 1)[-1]
                  and (k.startswith(f"{game_id}.") or k.startswith(SHARED)))


def longest_card_name(table) -> str:
    return max((table.view.card_label(code) for code in table.shown["hand"]), key=len)


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_refusal_reads_whole_in_its_banner(language, size):
    app = app_for(language, size)
    found = []
    checked = 0
    for game_id, players in most_seats():
        from tests.test_table_screens import mid_round

        table = open_table(app, mid_round(game_id, players))
        card = longest_card_name(table)
        for key in refusal_keys(language, game_id):
            text = i18n.t(key, card=card, suit="♦")
            surface = app.canvas.copy()
            with fonts.recording() as drawn:
                table.draw_banner(surface, text)
            assert drawn, f"{game_id} {key}: nothing drawn"
            found += [f"{game_id} {key}: {p}" for p in text_problems(app, list(drawn), cut=True)]
            checked += 1
    pygame.display.quit()
    assert checked > 60  # every game's own refusals and the shared ones
    assert not found, report(found)
