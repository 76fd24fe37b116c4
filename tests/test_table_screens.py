"""The table of every registered game drawn at a phone upright and on its side, 800x480, a
desktop and a 3x phone, mid-round at your turn with the most seats the game allows (and the
count that deals the largest hand): every text drawn fits its box and is 12 logical px or
more, every touch target is 44x44 logical, inside the window and over no other; a rotation
lays the table out again keeping the game, the selection, the animation queue and the open
chip."""
from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.app import App  # noqa: E402
from game.scenes import catalog  # noqa: E402
from game.scenes.match import Match, Seat  # noqa: E402
from game.settings import Settings  # noqa: E402
from game.storage import MemoryStorage  # noqa: E402
from game.ui.units import TOUCH  # noqa: E402
from tests.layout_helpers import drawn_texts, target_problems, text_problems  # noqa: E402
from tests.table_cases import most_seats  # noqa: E402

@pytest.fixture(autouse=True)
def no_kiosk_buttons(monkeypatch):
    """Kiosk mode raises the smallest button for its process; these measure the app's own."""
    from game.ui import widgets

    monkeypatch.setattr(widgets, "MIN_BUTTON_PX", TOUCH)


NAMES = ["You", "Amira", "Bashir", "Ceren", "Dara", "Elif", "Farid", "Gül", "Hana", "Idris"]
SIZES = [(390, 844, 1), (844, 390, 1), (800, 480, 1), (1920, 1080, 1), (390, 844, 3)]


def app_at(size) -> App:
    w, h, d = size
    settings = Settings(language="en", sound=False, animation_speed="off")
    return App((w * d, h * d), headless=True, settings=settings, storage=MemoryStorage(), seed=3, density=d)


def mid_round(game_id: str, players: int, seed: int = 5) -> Match:
    """A match at the human's (seat 0) turn, a few moves into the first round."""
    seats = [Seat("human" if i == 0 else "simple", NAMES[i]) for i in range(players)]
    match = Match(game_id, seats, {}, seed=seed)
    rng = random.Random(seed)
    moves = 0
    for _ in range(4000):
        cur = match.current()
        if cur is None:
            break
        if cur == 0 and moves >= players + 1:
            return match
        match.play(rng.choice(match.observation(cur)["legal"]))
        moves += 1
    raise AssertionError(f"{game_id}: no turn of seat 0")


def open_at(size, game_id: str, players: int):
    app = app_at(size)
    match = mid_round(game_id, players)
    app.match = match
    app.scenes.reset(catalog.make("menu", app))
    table = app.scenes.push(catalog.make("table", app, match))
    app.run_frames(2)
    table.skip_animations()
    app.run_frames(2)
    assert app.scenes.top is table and table.my_turn()
    return app, table


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}@{s[2]}")
def test_every_game_at_your_turn_fits(size):
    problems = []
    for game_id, players in most_seats():
        app, table = open_at(size, game_id, players)
        texts = drawn_texts(app)
        where = f"{game_id} {players}p"
        problems += [f"{where}: {p}" for p in text_problems(app, texts, cut=True)]
        problems += [f"{where}: {p}" for p in target_problems(app)]
        hand = table.shown["hand"]
        if sorted(code for code, _ in table.hand_targets()) != sorted(hand):
            problems.append(f"{where}: not every card of the hand can be tapped")
        pygame.display.quit()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])


def test_a_rotation_keeps_the_game_the_selection_the_animations_and_the_open_chip():
    app, table = open_at((390, 844, 3), "olsen", 4)
    state = table.match.state.to_json()
    legal = sorted(table.legal_codes())
    table.select(legal[0])
    table.seat_detail = 2
    queued = object()
    table.steps.append(queued)
    before = table.hand_area.copy()
    app.resize((844 * 3, 390 * 3), 3)
    assert app.shape == "short" and table.geo.units.size == (2532, 1170)
    assert table.hand_area != before and table.hand_area.bottom <= 1170
    assert table.match.state.to_json() == state and table.selected == [legal[0]]
    assert table.seat_detail == 2 and table.steps[-1] is queued
    table.steps.remove(queued)
    app.tick(1 / 60)
    assert app.scenes.top is table and target_problems(app) == []


def test_a_tap_on_a_chip_shows_that_players_cards_and_figures():
    app, table = open_at((390, 844, 1), "bezique", 2)
    opponent = 1
    chip = table.panels[table.position(opponent)]
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=chip.center, button=1))
    app.tick(1 / 60)
    assert table.seat_detail == opponent
    texts = [d.text for d in drawn_texts(app)]
    assert table.view.name(opponent) in texts
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=table.felt_area.center, button=1))
    app.tick(1 / 60)
    assert table.seat_detail is None


@pytest.mark.parametrize("game_id, players, lays", [("orlan", 2, False), ("aluette", 4, False), ("olsen", 4, True)])
def test_a_chips_panel_says_no_cards_are_laid_only_in_a_game_that_lays_cards(game_id, players, lays):
    """Orlan and Aluette lay no cards before a player: their chip's panel said "No cards laid
    before them" all the same. Olsen lays the penalty cards taken."""
    from game.i18n import t

    app, table = open_at((390, 844, 1), game_id, players)
    table.seat_detail = 1
    app.tick(1 / 60)
    texts = [d.text for d in drawn_texts(app)]
    assert table.view.name(1) in texts
    assert (t("table.nothing_shown") in texts) == (lays and not table.view.zone_cards("faceup", 1))


PHONES = [(390, 844, 1), (844, 390, 1), (360, 640, 1), (640, 360, 1)]


@pytest.mark.parametrize("size", PHONES[:2], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_chip_of_a_table_says_its_figure_in_one_wording(size):
    """"Total: 0 points" on one chip and "0 pts" on the next is one figure in two words: when
    a chip is too narrow for the long form, every chip of that table shows the short one."""
    problems = []
    for game_id, players in most_seats():
        app, table = open_at(size, game_id, players)
        texts = drawn_texts(app)
        view = table.view
        forms = set()
        for seat in range(players):
            chip = table.panels[table.position(seat)]
            inside = [d.text for d in texts if chip.contains(d.rect)]
            main = next((x for x, _, bold in view.seat_lines(seat) if bold), None)
            short = view.chip_short(seat)
            if main is None or not short or main == short:
                continue
            if any(short in x for x in inside):
                forms.add("short")
            elif any(main in x for x in inside):
                forms.add("long")
            else:
                problems.append(f"{game_id} {players}p seat {seat}: neither {main!r} nor {short!r} in {inside}")
        if len(forms) > 1:
            problems.append(f"{game_id} {players}p: chips in both wordings")
        pygame.display.quit()
    assert not problems, "\n".join(problems)


def at_your_declaration(size, game_id: str = "bezique", seed: int = 3):
    """The table when the human (seat 0) has just won a trick and may declare: the chooser."""
    from game.bots import make_bot

    app = app_at(size)
    match = Match(game_id, [Seat("human", "You"), Seat("simple", "Amira")], {}, seed=seed)
    bot = make_bot("random", game_id, seed=seed)
    for _ in range(400):
        legal = match.observation(match.current())["legal"]
        if match.current() == 0 and any(m.get("kind") == "declare" for m in legal):
            break
        match.play(match.state.move_to_json(bot.choose(match.observation(match.current()))))
    app.match = match
    app.scenes.reset(catalog.make("menu", app))
    table = app.scenes.push(catalog.make("table", app, match))
    app.run_frames(2)
    table.skip_animations()
    app.run_frames(2)
    assert table.choices_now(), "no declaration to choose"
    return app, table


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_choosers_buttons_keep_clear_of_the_status_line_and_the_chips(size):
    """On a phone on its side the action bar shares the status row: a chooser's buttons stay
    in the bar's width and grow up over the felt, never across your chip or the status line
    (a label too long for the bar: the felt's width, above the status row); each label on
    one line, with no key numbers on a phone."""
    app, table = at_your_declaration(size)
    geo = table.geo
    assert table.choice_rects
    for rect, text in table.choice_rects:
        assert not rect.colliderect(geo.prompt), (text, rect, geo.prompt)
        for pos, chip in table.panels.items():
            assert not rect.colliderect(chip), (text, rect, pos, chip)
        assert app.screen.get_rect().contains(rect)
    texts = drawn_texts(app)
    problems = text_problems(app, texts, cut=True) + target_problems(app)
    assert not problems, problems
    for rect, text in table.choice_rects:  # on one line, without the keyboard's digits
        assert not text[0].isdigit(), text
        assert any(d.text == text and rect.contains(d.rect) for d in texts), text


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_the_round_line_breaks_between_its_parts_on_the_narrowest_phone(language):
    """The line at the top (game, round, target, trumps) on a 360 px phone: where it needs
    two lines it breaks between its parts ("trumps ♠" stays whole), and the rummy games say
    their target in a few words, as the others do, not as a sentence."""
    from game.scenes.table_layout import HUD_SEPARATOR

    problems = []
    for game_id, players in most_seats():
        app, table = open_at((360, 640, 1), game_id, players)
        if language != "en":
            app.settings.language = language
            app.apply_settings()
            app.run_frames(2)
        parts = table.view.hud_text().split(HUD_SEPARATOR)
        box = table.geo.hud_text
        lines = [d.text for d in drawn_texts(app) if box.colliderect(d.rect) and d.text not in table.hud_labels()]
        if len(lines) > 1 and any(p not in parts for line in lines for p in line.split(HUD_SEPARATOR)):
            problems.append(f"{game_id}: {lines}")
        if any(line.endswith(".") for line in lines):
            problems.append(f"{game_id}: a sentence in the round's line: {lines}")
        pygame.display.quit()
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("size", [(390, 844, 1), (844, 390, 1), (1280, 800, 1)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_phone_names_no_key_of_a_keyboard(size):
    """On a phone (its short side 430 logical px or less) the status line says what to tap,
    not "press Enter" or "keys 1-9"; a larger window keeps the keyboard's words."""
    from game.i18n import t

    app, table = at_your_declaration(size)
    phone = min(size[:2]) <= 430
    assert table.prompt_text() == t("bezique.prompt_declare_touch" if phone else "bezique.prompt_declare")
    if phone:
        for key in ("trick.pass_ready", "trick.peek_hint", "table.confirm_lay", "table.confirm_capture", "table.choose_capture"):
            said = table.view.touch_t(key, name="Amira", card="7♥", taken="2♣", options="2♣")
            assert said == t(f"{key}_touch", name="Amira", card="7♥", taken="2♣", options="2♣")
            assert "Enter" not in said and "press" not in said, said


@pytest.mark.parametrize("size", PHONES[:2], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_chips_panel_leaves_the_rounds_line_in_view(size):
    """The panel a tap on a chip opens lies on the felt under the round's line (on a phone on
    its side that line is on the felt's top edge: the panel covered it)."""
    app, table = open_at(size, "olsen", 5)
    table.seat_detail = 1
    texts = drawn_texts(app)
    hud = table.geo.hud_text
    assert any(d.text == table.view.hud_text() for d in texts)
    name = [d for d in texts if d.text == table.view.name(1) and table.felt_area.contains(d.rect)]
    assert name and all(d.rect.top >= hud.bottom for d in name), (name, hud)
