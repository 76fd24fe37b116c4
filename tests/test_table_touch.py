"""A round of a game of each family played at the table by finger taps only, on a phone held
upright and on its side: every move of the human seat is made by tapping what the table
shows (hand cards, the action bar's buttons, a chooser's choices, the stock and the discard
pile, a card or meld on the felt), never by calling the table."""
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
from game.scenes.views import base as z  # noqa: E402
from game.settings import Settings  # noqa: E402
from game.storage import MemoryStorage  # noqa: E402
from game.ui.units import TOUCH  # noqa: E402

DT = 1 / 60
GAMES = [("orlan", 2), ("olsen", 4), ("basic_rummy", 3), ("bezique", 2), ("maison_troggen", 3)]


@pytest.fixture(autouse=True)
def no_kiosk_buttons(monkeypatch):
    from game.ui import widgets

    monkeypatch.setattr(widgets, "MIN_BUTTON_PX", TOUCH)


def finger(app: App, pos) -> None:
    """A tap: finger down and up at a pixel of the window."""
    w, h = app.screen.get_size()
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
        pygame.event.post(pygame.event.Event(kind, x=(pos[0] + 0.5) / w, y=(pos[1] + 0.5) / h, dx=0.0, dy=0.0, finger_id=0, touch_id=0, pressure=1.0))
    app.tick(DT)
    app.tick(DT)


def tap_target(app, table, kind: str, label: str) -> bool:
    for t in app.touch_targets():
        if t.kind == kind and t.label == label:
            finger(app, t.rect.center)
            return True
    return False


def make_move(app, table, move: dict) -> None:
    """The taps that make ``move``, read from the table's touch targets."""
    view = table.view
    kind = view.move_kind(move)
    cards = view.move_cards(move)
    choices = table.choices_now()
    if choices:
        labels = [label for label, m in choices if m == move]
        assert labels and tap_target(app, table, "choice", next(text for rect, text in table.choice_rects if text.endswith(labels[0]))), (move, choices)
        return
    if not cards:
        zone = {"draw_stock": "stock", "draw_pile": "discard", "draw_pile2": "discard", "take_upcard": "discard"}.get(kind)
        if zone == "stock":
            assert tap_target(app, table, "pile", "stock"), move
            return
        if zone == "discard":
            pile = table.shown.get(z.DISCARD, [])
            code = pile[-2] if kind == "draw_pile2" else pile[-1]
            assert tap_target(app, table, "pile", code) or tap_target(app, table, "pile", "discard"), move
            return
        finger(app, table.action_buttons[kind].rect.center)
        return
    for code in cards:
        assert tap_target(app, table, "card", code), (code, [t.label for t in app.touch_targets()])
    if table.match.state.to_json() != before_state(table):
        return  # the tap played it
    if view.select_count(table.phase()):
        button = table.action_buttons.get(kind)
        if button is not None and button.is_enabled:
            finger(app, button.rect.center)
            return
        if kind == "discard":  # a chosen card, then a tap on the pile
            assert tap_target(app, table, "pile", "discard") or tap_target(app, table, "pile", table.shown[z.DISCARD][-1]), move
            return
    targets = view.move_targets(move)
    if targets:
        spans = [t for t in app.touch_targets() if t.kind in ("table", "meld") and any(c in t.label.split() for c in targets)]
        if spans:
            finger(app, spans[0].rect.center)
            return
    assert tap_target(app, table, "card", cards[0]), move  # a second tap confirms


def before_state(table) -> str:
    return table._touch_before


@pytest.mark.parametrize("size", [(390, 844), (844, 390)], ids=["upright", "on its side"])
@pytest.mark.parametrize("game_id, players", GAMES)
def test_a_round_by_taps_alone(game_id, players, size):
    settings = Settings(language="en", sound=False, animation_speed="off")
    app = App(size, headless=True, settings=settings, storage=MemoryStorage(), seed=4)
    match = Match(game_id, [Seat("human", "You")] + [Seat("simple", f"Bot {i}") for i in range(1, players)], {}, seed=4)
    app.match = match
    app.scenes.reset(catalog.make("menu", app))
    table = app.scenes.push(catalog.make("table", app, match))
    moves = 0
    rng = random.Random(size[0] + players)
    for _ in range(6000):
        app.tick(DT)
        top = app.scenes.top
        if top.name == "summary":
            break
        assert top is table, top.name
        if not table.my_turn() or table.steps:
            continue
        legal = table.legal()
        # Any legal move: a seeded pick, so captures, melds, declarations and passes all come.
        # (A chooser shows one button for moves that differ only by the copy of a card.)
        choices = table.choices_now()
        move = rng.choice([m for _, m in choices if m is not None] if choices else legal)
        table._touch_before = match.state.to_json()
        make_move(app, table, move)
        for _ in range(3):
            if match.state.to_json() != table._touch_before:
                break
            app.tick(DT)
        assert match.state.to_json() != table._touch_before, (game_id, move, table.phase())
        moves += 1
    assert app.scenes.top.name == "summary" and moves >= 3
