"""The one table with a game it has never seen (tests/fake_game.py): a turn in several
steps with buttons for what each step allows, several cards chosen together, cards
dragged onto a zone; and "tap, then confirm" on a real game (Olsen)."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.i18n import t  # noqa: E402
from game.scenes.match import Match, Seat  # noqa: E402
from game.scenes.table import view_for  # noqa: E402
from game.scenes.table_layout import MIN_INDEX_SHARE, hand_slots  # noqa: E402
from tests import fake_game  # noqa: E402
from tests.ui_helpers import DT, click, drag, make_app, open_table, press  # noqa: E402


@pytest.fixture
def fake(monkeypatch):
    fake_game.install(monkeypatch)
    monkeypatch.setattr("game.scenes.match.make_player_bot", lambda *a, **k: fake_game.FirstMoveBot())
    app = make_app()
    match = Match(fake_game.GAME_ID, [Seat("human", "Ana"), Seat("simple", "Bo")], {}, seed=1)
    return app, open_table(app, match)


def test_the_view_comes_from_the_registry_entry(fake):
    _, table = fake
    assert isinstance(table.view, fake_game.FakeRummyView)
    assert view_for("olsen").__name__ == "OlsenView" and view_for("orlan").__name__ == "OrlanView"


def test_a_turn_in_steps_draw_meld_lay_off_discard(fake):
    app, table = fake
    state = table.match.state
    # Step 1: draw. The stock is a button too; a tap on the stock draws from it.
    assert table.phase() == "draw" and set(table.action_buttons) == {"draw"}
    click(app, table.stock_rect.center)
    assert state.phase == "meld" and "7D" in state.hands[0] and table.shown["stock"] == 5
    # Step 2: two cards of a rank chosen together, then the Meld button.
    app.tick(DT)
    assert not table.action_buttons["meld"].is_enabled
    click(app, dict(table.hand_rects)["7H"].center)
    click(app, dict(table.hand_rects)["7S"].center)
    assert sorted(table.selected) == ["7H", "7S"] and table.action_buttons["meld"].is_enabled
    assert not table.action_buttons["discard"].is_enabled  # two cards chosen: not a discard
    press(app, table, "meld")
    assert state.melds[0] == [["7H", "7S"]] and state.to_move == 0  # the turn goes on
    app.tick(DT)
    # Step 3: the drawn 7♦ dragged onto the meld lays it off.
    meld_card = table.card_rects["7H"]
    drag(app, dict(table.hand_rects)["7D"].center, meld_card.center)
    assert state.melds[0] == [["7H", "7S", "7D"]]
    # Step 4: a card dragged onto the discard pile ends the turn.
    app.tick(DT)
    drag(app, dict(table.hand_rects)["2C"].center, table.discard_rect.center)
    assert state.discard[-1] == "2C" and state.to_move == 1 and "2C" not in table.shown["hand"]


def test_choosing_one_card_enables_the_discard_button(fake):
    app, table = fake
    click(app, table.discard_rect.center)  # draw the J♦ from the discard pile
    assert "JD" in table.match.state.hands[0]
    app.tick(DT)
    click(app, dict(table.hand_rects)["KH"].center)
    assert table.selected == ["KH"] and table.action_buttons["discard"].is_enabled
    press(app, table, "discard")
    assert table.match.state.discard[-1] == "KH" and table.match.state.to_move == 1


def test_a_drop_where_the_card_makes_no_move_changes_nothing(fake):
    app, table = fake
    before = table.match.state.to_json()
    drag(app, dict(table.hand_rects)["9D"].center, table.discard_rect.center)  # still to draw
    assert table.match.state.to_json() == before


# ------------------------------------------------------------------ tap, then confirm (Olsen)
FOLLOW_HANDS = [
    ["9C", "KC", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "3D", "4D", "5D"],
    ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "TC", "JC", "QC", "AC", "2S", "JS"],
    ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H"],
    ["QS", "KS", "AS", "2D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD"],
]


def olsen_match() -> Match:
    from game.rules import new_game

    opts = {"pass3": False, "jack_diamonds": False, "target": 100, "deals": 0}
    order = [FOLLOW_HANDS[i % 4][i // 4] for i in range(52)]
    seats = [Seat("human", "You"), Seat("simple", "Amira"), Seat("simple", "Bashir"), Seat("simple", "Ceren")]
    return Match("olsen", seats, opts, seed=5, state=new_game("olsen", 4, opts, seed=5, deck_order=order))


def wait_for_turn(app, table):
    for _ in range(4000):
        if table.my_turn():
            return
        app.tick(DT)
    raise AssertionError("never the human's turn")


def visible_point(table, code):
    r = dict(table.hand_rects)[code]
    return (r.x + 6, r.y + r.height // 3)


@pytest.mark.parametrize("confirm_by", ["second_tap", "button", "enter"])
def test_tap_then_confirm_setting(confirm_by):
    app = make_app((800, 480), tap_confirm=True)
    table = open_table(app, olsen_match())
    wait_for_turn(app, table)
    before = table.match.state.to_json()
    click(app, visible_point(table, "9C"))
    assert table.match.state.to_json() == before and table.selected == ["9C"]  # chosen, not played
    assert table.action_buttons["confirm"].text == t("table.confirm")
    if confirm_by == "second_tap":
        click(app, visible_point(table, "9C"))
    elif confirm_by == "button":
        press(app, table, "confirm")
    else:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
        app.tick(DT)
    assert {"seat": 0, "card": "9C"} in table.match.observation(0)["trick"] + [p for tr in table.match.observation(0)["tricks"] for p in tr["plays"]]


def test_without_the_setting_a_tap_plays_at_once():
    app = make_app((800, 480))
    table = open_table(app, olsen_match())
    wait_for_turn(app, table)
    click(app, visible_point(table, "KC"))
    assert "KC" not in table.match.observation(0)["hand"]


def test_the_setting_is_offered_in_the_settings_screen():
    from game.scenes.settings import SettingsScene

    app = make_app()
    app.scenes.push(SettingsScene(app))
    app.tick(DT)
    rows = [r[0] for r in app.scenes.top.rows()]
    assert "tap_confirm" in rows
    before = app.settings.tap_confirm
    app.scenes.top.change("tap_confirm")
    assert app.settings.tap_confirm is not before


# ------------------------------------------------------------------ long hands
@pytest.mark.parametrize("count", [11, 17, 28])
def test_long_hands_keep_every_index_visible_at_800x480(count):
    """28 tarot cards, 17 Olsen cards, 11 rummy cards: each card shows at least its index."""
    area = pygame.Rect(170, 480 - 68 - 10, 620, int(68 * 1.4))
    slots = hand_slots(count, area, 68, 5)
    assert len(slots) == count
    for r in slots:
        assert area.left <= r.left and r.right <= area.right and area.top <= r.top and r.bottom <= area.bottom + 1
    rows = sorted({r.y for r in slots})
    assert len(rows) <= 2
    for y in rows:
        row = [r for r in slots if r.y == y]
        for a, b in zip(row, row[1:]):
            assert b.x - a.x >= a.width * MIN_INDEX_SHARE - 1
    if len(rows) == 2:  # the back row's index corner is not covered by the front row
        back = [r for r in slots if r.y == rows[0]][0]
        front_top = rows[1]
        assert front_top - back.y >= back.height * 0.4


def test_a_17_card_olsen_hand_at_800x480_shows_every_index():
    app = make_app((800, 480))
    opts = {"pass3": False, "jack_diamonds": False, "target": 100, "deals": 0}
    match = Match("olsen", [Seat("human", "You"), Seat("simple", "Amira"), Seat("simple", "Bashir")], opts, seed=9)
    table = open_table(app, match)
    wait_for_turn(app, table)
    app.tick(DT)
    rects = [r for _, r in table.hand_rects]
    assert len(rects) == 17
    screen = pygame.Rect(0, 0, 800, 480)
    assert all(screen.contains(r) for r in rects)
    for a, b in zip(rects, rects[1:]):
        assert b.x - a.x >= a.width * MIN_INDEX_SHARE - 1
    # Playable cards stand out: lifted above the others.
    legal = table.legal_codes()
    lifted = {c for c, r in table.hand_rects if r.y < max(r2.y for _, r2 in table.hand_rects)}
    assert legal and lifted == legal


def test_a_round_end_calls_the_games_cache_hooks(monkeypatch):
    """Match releases caches through the hook a game's rules and bots modules define
    (``release_caches``), found from its registry entry, at every round's end."""
    from game.bots import orlan_policy
    from game.rules import orlan

    calls = []
    monkeypatch.setattr(orlan_policy, "release_caches", lambda: calls.append("bots"))
    monkeypatch.setattr(orlan, "release_caches", lambda: calls.append("rules"))
    match = Match("orlan", [Seat("human", "A"), Seat("human", "B")], {"target": 21}, seed=3)
    rounds = 0
    while not rounds:
        events = match.play(match.state.legal_moves()[0])
        rounds += sum(1 for e in events if "summary" in e)
        assert len(calls) == 2 * rounds
    assert sorted(calls) == ["bots", "rules"]


def test_side_piles_do_not_overlap(fake):
    app, table = fake
    assert not table.stock_rect.colliderect(table.discard_rect)
    assert pygame.Rect((0, 0), app.size).contains(table.discard_rect)
    assert not table.hand_area.colliderect(table.stock_rect) and not table.hand_area.colliderect(table.discard_rect)


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("game_id,players", [("orlan", 2), ("orlan", 4), ("olsen", 3), ("olsen", 5), ("aluette", 4)])
def test_every_game_lays_out_inside_the_window(game_id, players, size):
    """One layout for every game and size: panels, felt and hand inside the window, the
    panels clear of the felt and of each other, every hand card on screen."""
    app = make_app(size)
    match = Match(game_id, [Seat("human", "You")] + [Seat("simple", f"Bot {i}") for i in range(1, players)], {}, seed=4)
    table = open_table(app, match)
    app.tick(DT)
    screen = pygame.Rect((0, 0), size)
    used = [table.panels[table.position(s)] for s in range(players)]
    for p in used:
        assert screen.contains(p)
        assert not p.colliderect(table.felt_area)
    for i, a in enumerate(used):
        assert all(not a.colliderect(b) for b in used[i + 1:])
    assert screen.contains(table.hand_area) and not table.hand_area.colliderect(table.felt_area)
    assert table.hand_rects and all(screen.contains(r) for _, r in table.hand_rects)
