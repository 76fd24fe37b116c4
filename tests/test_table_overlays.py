"""What shows over the table on a phone held upright and on its side, for every registered
game at its most seats: the round summary as a player reaches it (every text 12 logical px
or more inside its box, none under Continue, the hands spread in it with their indexes 11
px tall, the rows that do not fit reached by a drag), the pause menu, and the hot-seat
hand-off (tests/table_overlay_cases.py opens them as the screenshots do)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.registry import ENTRIES  # noqa: E402
from game.settings import Settings  # noqa: E402
from game.storage import MemoryStorage  # noqa: E402
from game.app import App  # noqa: E402
from game.scenes.summary import CARD_INDEX_WIDTH  # noqa: E402
from game.ui.units import TOUCH  # noqa: E402
from tests.layout_helpers import target_problems, text_problems  # noqa: E402
from tests.table_overlay_cases import table_handoff, table_summary  # noqa: E402
from tests.test_touch_from_shelf import slide  # noqa: E402

SIZES = [(390, 844), (844, 390), (360, 640), (640, 360)]
GAMES = [e.id for e in ENTRIES]


@pytest.fixture(autouse=True)
def no_kiosk_buttons(monkeypatch):
    from game.ui import widgets

    monkeypatch.setattr(widgets, "MIN_BUTTON_PX", TOUCH)


def make_app(size) -> App:
    settings = Settings(language="en", sound=False, animation_speed="off")
    app = App(size, headless=True, settings=settings, storage=MemoryStorage(), seed=3)
    app.run_frames(1)
    return app


def own_texts(app) -> list:
    """The texts the screen on top draws itself (not the shaded table under it), and its buttons'."""
    from game.ui import fonts
    from tests.layout_helpers import button_texts

    app.tick(1 / 60)
    with fonts.recording() as drawn:
        app.scenes.top.draw(app.canvas)
    return list(drawn) + button_texts(app)


def under_buttons(app, texts) -> list[str]:
    buttons = [t for t in app.touch_targets() if t.kind == "button"]
    return [f"{d.text!r} under {b.label!r}" for d in texts for b in buttons if d.text != b.label and d.rect.colliderect(b.rect)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_round_summary_fits_a_phone(size):
    app = make_app(size)
    problems = []
    for game_id in GAMES:
        summary = table_summary(app, game_id)
        widths = []
        face = summary.view.face

        def recorded(code, width, named=True, face=face):
            widths.append(width)
            return face(code, width, named)

        summary.view.face = recorded
        texts = own_texts(app)
        problems += [f"{game_id}: {p}" for p in text_problems(app, texts) + target_problems(app) + under_buttons(app, texts)]
        stacked = not summary.columns_fit(int(app.size[0] * 0.92), app.units.text(22, least=14), app.units.text(17, least=12))
        if widths and not stacked and min(widths) < app.units.px(CARD_INDEX_WIDTH):
            problems.append(f"{game_id}: a card of a hand spread {min(widths)} px wide")
        if summary.scroll.room:
            # The rows below the fold: a drag up brings them.
            view = summary.scroll.area
            slide(app, (view.centerx, view.bottom - 10), (view.centerx, view.top + 10))
            if summary.scroll.offset <= 0:
                problems.append(f"{game_id}: the summary's rows do not scroll")
        del summary.view.face
    pygame.display.quit()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])


@pytest.mark.parametrize("size", SIZES[:2], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_pause_menu_and_the_hand_off_fit_a_phone(size):
    from game.samples import play_out, sample_match
    from tests.table_overlay_cases import open_table

    app = make_app(size)
    problems = []
    for game_id in GAMES:
        table = open_table(app, play_out(sample_match(game_id), moves=4))
        table.pause()
        assert app.scenes.top.name == "pause"
        texts = own_texts(app)
        problems += [f"{game_id} pause: {p}" for p in text_problems(app, texts) + target_problems(app) + under_buttons(app, texts)]
        handoff = table_handoff(app, game_id)
        assert handoff is not None and handoff.name == "handoff", game_id
        texts = own_texts(app)
        problems += [f"{game_id} hand-off: {p}" for p in text_problems(app, texts) + target_problems(app) + under_buttons(app, texts)]
    pygame.display.quit()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])


@pytest.mark.parametrize("game_id", GAMES)
def test_game_over_names_every_winner(game_id):
    """Five of ten sharing Triomphe Forcée's win were shown as "Ana wins!": game over names
    the one winner, or every winner sharing the win (each in gold in the list), or a draw
    when all share it."""
    from game.i18n import t
    from game.scenes.table_picture import standalone_view
    from tests.screen_cases import finished

    app = make_app((390, 844))
    match = finished(game_id)
    view = standalone_view(app, match)
    result = match.state.result()
    for winners in ([0], [0, 1], list(range(match.players))):
        head = view.gameover({**result, "winners": winners}).winner
        names = [view.name(w) for w in winners]
        if view.team_of(0) is None and winners == [0] and view.is_you(0):  # the one human: spoken to
            assert head == t("gameover.winner_you")
        elif view.team_of(0) is not None or len(winners) == 1:  # partners: the team's name
            assert names[0] in head
        elif len(winners) == match.players:
            assert head == t("gameover.draw")
        else:  # every name whole on a line (no break inside "Robot 7"), every winner's line gold
            assert all(name.replace(" ", "\u00a0") in head for name in names), (head, names)
            over = view.gameover({**result, "winners": winners})
            assert not over.gold_first or over.golds == len(winners)
    pygame.display.quit()


@pytest.mark.parametrize("size, language", [(s, "en") for s in SIZES] + [((360, 640), "fr"), ((360, 640), "nl")], ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else v)
def test_every_step_with_buttons_fits_a_phone(size, language):
    """The table at each game's step with buttons or a chooser, its cards chosen (a meld, a
    skart, a pass; a declaration): every text fits at 12 px or more, every touch target is
    44x44 and clear of the others (a chosen card of a lower row rose over the strip left of
    the card above it: 40 px in Leipzig Taroc's skart)."""
    from tests.screen_cases import set_language
    from tests.table_overlay_cases import table_at_step

    app = make_app(size)
    set_language(app, language)
    problems = []
    for game_id in GAMES:
        if table_at_step(app, game_id) is None:
            continue
        app.run_frames(2)
        texts = [d for d in own_texts(app)]
        problems += [f"{game_id}: {p}" for p in text_problems(app, texts) + target_problems(app)]
    pygame.display.quit()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])


def test_game_over_says_when_a_tie_break_hand_decided():
    """Olsen: level on the lowest total, a tie-break hand decides (its points not added): the
    winner's total equals another's, and game over says why that one won."""
    from game.i18n import t
    from game.scenes.table_picture import standalone_view
    from tests.screen_cases import finished

    app = make_app((390, 844))
    match = finished("olsen")
    view = standalone_view(app, match)
    result = match.state.result()
    decided = [{**r, "tiebreak": True} for r in result["rounds"]]
    assert t("gameover.tiebreak_decided") in view.gameover({**result, "rounds": decided}).note
    plain = [{**r, "tiebreak": False} for r in result["rounds"]]
    assert t("gameover.tiebreak_decided") not in view.gameover({**result, "rounds": plain}).note
    pygame.display.quit()
