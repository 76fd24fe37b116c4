"""A game of each family played by a finger alone on a phone held upright (390x844), from the
shelf to the end of its first round: the family and the game chosen on the shelf, the
setup's player count set, Start, then every move of the human seat made by tapping what
the table shows, and one card dragged from the hand onto the table. Only finger events
reach the app (pygame FINGERDOWN, FINGERMOTION, FINGERUP with x, y in 0..1 of the window),
against AIs, in the headless app."""
from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import registry  # noqa: E402
from game.app import App  # noqa: E402
from game.i18n import t  # noqa: E402
from game.scenes.views import base as z  # noqa: E402
from game.settings import Settings  # noqa: E402
from game.storage import MemoryStorage  # noqa: E402
from game.ui.units import TOUCH  # noqa: E402
from tests.test_table_touch import finger, make_move  # noqa: E402

DT = 1 / 60
SIZE = (390, 844)
# One game of each family, at a small table (a round of a few dozen moves).
GAMES = [("orlan", 2), ("olsen", 3), ("basic_rummy", 2), ("bezique", 2), ("maison_troggen", 3)]


@pytest.fixture(autouse=True)
def no_kiosk_buttons(monkeypatch):
    from game.ui import widgets

    monkeypatch.setattr(widgets, "MIN_BUTTON_PX", TOUCH)


def slide(app: App, start, end, steps: int = 8) -> None:
    """A finger put down at ``start``, moved to ``end`` and lifted (pixels of the window)."""
    w, h = app.screen.get_size()

    def event(kind, pos, dx=0.0, dy=0.0):
        return pygame.event.Event(kind, x=(pos[0] + 0.5) / w, y=(pos[1] + 0.5) / h, dx=dx, dy=dy, finger_id=0, touch_id=0, pressure=1.0)

    pygame.event.post(event(pygame.FINGERDOWN, start))
    app.tick(DT)
    last = start
    for k in range(1, steps + 1):
        pos = (start[0] + (end[0] - start[0]) * k // steps, start[1] + (end[1] - start[1]) * k // steps)
        pygame.event.post(event(pygame.FINGERMOTION, pos, (pos[0] - last[0]) / w, (pos[1] - last[1]) / h))
        app.tick(DT)
        last = pos
    pygame.event.post(event(pygame.FINGERUP, end))
    app.tick(DT)
    app.tick(DT)


def tap_button(app: App, text: str) -> None:
    for target in app.touch_targets():
        if target.kind == "button" and target.label == text:
            finger(app, target.rect.center)
            return
    raise AssertionError(f"no button {text!r} on {app.scenes.top.name}: {[x.label for x in app.touch_targets()]}")


def drop_point(table, move: dict):
    """Where a finger may drop the move's single card so that the drop makes exactly this
    move (the zone under the point takes the move's kind, and no other move of that card)."""
    view = table.view
    cards = view.move_cards(move)
    if len(cards) != 1 or view.move_targets(move):
        return None
    kind = view.move_kind(move)
    places = []
    if table.has(z.DISCARD):
        places.append(table.discard_rect.center)
    places += [table.table_area.center, table.felt_area.center]
    for pos in places:
        zone, _ = table.zone_at(pos)
        if zone is None or kind not in view.drop_kinds(zone):
            continue
        same = [m for m in table.legal() if view.move_cards(m) == cards and view.move_kind(m) in view.drop_kinds(zone)]
        if same == [move]:
            return pos
    return None


def hand_card(app: App, code: str):
    return next((x.rect for x in app.touch_targets() if x.kind == "card" and x.label == code), None)


@pytest.mark.parametrize("game_id, players", GAMES)
def test_a_game_from_the_shelf_to_the_end_of_its_first_round_by_finger(game_id, players):
    settings = Settings(language="en", sound=False, animation_speed="off")
    app = App(SIZE, headless=True, settings=settings, storage=MemoryStorage(), seed=5)
    app.run_frames(2)
    entry = registry.BY_ID[game_id]
    # The shelf: the game's family, then the game (a first tap chooses it, a second sets it up).
    tap_button(app, t(f"family.{entry.family}"))
    tap_button(app, t(entry.title_key))
    if app.scenes.top.name == "menu":
        tap_button(app, t(entry.title_key))
    setup = app.scenes.top
    assert setup.name == "setup" and setup.game == game_id
    for _ in range(entry.info.max_players):  # the Players button goes round the counts
        if setup.players == players:
            break
        tap_button(app, t("setup.players_value", count=setup.players))
    assert setup.players == players and setup.kinds[0] == "human"
    tap_button(app, t("setup.start"))
    table = app.scenes.top
    assert table.name == "table" and table.match.game_id == game_id and table.match.players == players
    match = table.match
    rng = random.Random(players)
    moves = dragged = 0
    for _ in range(8000):
        app.tick(DT)
        top = app.scenes.top
        if top.name == "summary":
            break
        assert top is table, top.name
        if not table.my_turn() or table.steps:
            continue
        choices = table.choices_now()
        legal = [m for _, m in choices if m is not None] if choices else table.legal()
        table._touch_before = before = match.state.to_json()
        droppable = [m for m in legal if not choices and not dragged and drop_point(table, m) is not None]
        if droppable:
            # Once in the round: a card of the hand dragged onto the table.
            move = rng.choice(droppable)
            start = hand_card(app, table.view.move_cards(move)[0])
            if start is not None:
                slide(app, start.center, drop_point(table, move))
                dragged += match.state.to_json() != before
        if match.state.to_json() == before:
            make_move(app, table, rng.choice(legal))
        for _ in range(3):
            if match.state.to_json() != before:
                break
            app.tick(DT)
        assert match.state.to_json() != before, (game_id, table.phase())
        moves += 1
    assert app.scenes.top.name == "summary", "the round did not end"
    assert moves >= 3 and dragged == 1
