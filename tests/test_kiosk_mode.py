"""Kiosk mode driven headless through synthetic finger events, time injected with tick(dt).

What a public tablet must do: come back to the attract screen after the idle time with
the game saved, go to the menu on a touch, never quit or open the settings without the
operator code, refuse a wrong code, and let a card be dragged onto the table.
"""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.app import App  # noqa: E402
from game.bots.simple import SimpleBot  # noqa: E402
from game.cards import FRENCH52  # noqa: E402
from game.kiosk import KioskConfig  # noqa: E402
from game.rules import new_game  # noqa: E402
from game.saves import has_saved_game, load_game  # noqa: E402
from game.scenes.attract import AttractScene  # noqa: E402
from game.scenes.kiosk_mode import KioskMode, kiosk_config_for_run  # noqa: E402
from game.scenes.match import Match, Seat  # noqa: E402
from game.scenes.menu import MenuScene  # noqa: E402
from game.scenes.operator import LOCKOUT, MAX_TRIES, CodePadScene, OperatorScene  # noqa: E402
from game.scenes.settings import SettingsScene  # noqa: E402
from game.scenes.table import TableScene  # noqa: E402
from game.settings import Settings  # noqa: E402
from game.storage import MemoryStorage  # noqa: E402

DT = 1 / 30
WAIT = 0.25  # frame time while nobody touches anything (the app clamps dt to 0.25 s)
CODE = "2468"
IDLE = 30
HANDS = [["7H", "2C", "TD", "JS"], ["5S", "KD", "9C", "8D"]]
TABLE = ["4C", "3D", "AS", "QH"]


@pytest.fixture(autouse=True)
def _restore_button_minimum():
    """Kiosk mode raises the app's button minimum for its process; give other tests theirs back."""
    from game.ui import widgets

    saved = widgets.MIN_BUTTON_PX
    yield
    widgets.MIN_BUTTON_PX = saved


def settings():
    return Settings(language="en", sound=False)


def kiosk_app(size=(800, 480)):
    app = App(size, headless=True, settings=settings(), seed=11)
    storage = MemoryStorage()
    app.kiosk = KioskMode(app, KioskConfig(True, CODE, IDLE), storage=storage)
    app.run_frames(2, DT)
    return app, storage


def finger(app, kind, pos, finger_id=0):
    w, h = app.screen.get_size()
    pygame.event.post(pygame.event.Event(kind, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0, finger_id=finger_id, touch_id=0, pressure=1.0))


def tap(app, pos):
    finger(app, pygame.FINGERDOWN, pos)
    finger(app, pygame.FINGERUP, pos)
    app.tick(DT)
    app.tick(DT)


def drag(app, start, end, steps=6):
    finger(app, pygame.FINGERDOWN, start)
    app.tick(DT)
    for i in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * i / steps, start[1] + (end[1] - start[1]) * i / steps)
        w, h = app.screen.get_size()
        pygame.event.post(pygame.event.Event(pygame.FINGERMOTION, x=p[0] / w, y=p[1] / h, dx=0.0, dy=0.0, finger_id=0, touch_id=0, pressure=1.0))
        app.tick(DT)
    finger(app, pygame.FINGERUP, end)
    app.tick(DT)


def button(app, text):
    for b in app.scenes.top.elements:
        if getattr(b, "text", None) == text:
            return b
    raise AssertionError(f"no button {text!r} in {[getattr(b, 'text', None) for b in app.scenes.top.elements]}")


def type_code(app, code):
    pad = app.scenes.top
    assert isinstance(pad, CodePadScene)
    for d in code:
        tap(app, pad.key_rects[d].center)
    tap(app, pad.key_rects["ok"].center)


def fixed_match(kinds=("human", "simple")):
    head = [c for h in HANDS for c in h] + TABLE
    order = head + [c for c in FRENCH52.codes if c not in head]
    opts = {"target": 21, "teams": False, "starter": 0}
    state = new_game("orlan", len(kinds), opts, seed=5, deck_order=order)
    return Match("orlan", [Seat(k, f"P{i + 1}") for i, k in enumerate(kinds)], opts, seed=5, state=state)


def open_table(app, match):
    app.match = match
    table = app.scenes.reset(TableScene(app, match))
    app.run_frames(2, DT)
    table.skip_animations()
    app.run_frames(1, DT)
    assert table.my_turn()
    return table


# ------------------------------------------------------------------ attract and idle
def test_kiosk_starts_on_the_attract_demo_of_simple_bots():
    app, _ = kiosk_app()
    scene = app.scenes.top
    assert isinstance(scene, AttractScene)
    assert app.match is None  # the demo is not a visitor's game
    assert all(isinstance(b, SimpleBot) for b in scene.match.bots.values())
    demo_state = scene.match.state.to_json()
    app.run_frames(int(20 / WAIT), WAIT)  # 20 s of demo
    obs = scene.match.observation(0)
    played = sum(len(p) for p in obs["piles"]) + len(obs["table"]) - 4
    assert scene.match.state.to_json() != demo_state and played > 0
    # Paced to be followed: at most about one move a second.
    moves = sum(4 - c for c in obs["hand_counts"]) if obs["round"] == 0 and obs["stock_count"] == 32 else None
    if moves is not None:
        assert moves <= 20
    assert app.match is None and app.running


def fast_forward(scene, until: str) -> None:
    """Play the demo's game without the UI up to one move before the first ``until`` event."""
    from game.rules import load_state

    state = scene.match.state
    while True:
        snap = state.to_json()
        events = state.apply(state.legal_moves()[0])
        if any(e["type"] == until for e in events):
            scene.match.state = load_state(snap)
            break
    scene.steps.clear()
    scene.shown = {}
    scene.frozen = False
    scene.thinking_seat = None
    scene.sync()


def test_attract_demo_goes_from_round_to_round_and_game_to_game_without_waiting_for_a_tap():
    app, _ = kiosk_app()
    scene = app.scenes.top
    fast_forward(scene, "round_end")
    round0 = scene.match.observation(0)["round"]
    for _ in range(int(40 / WAIT)):
        app.tick(WAIT)
        if scene.match.observation(0)["round"] > round0 and not scene.steps:
            break
    assert app.scenes.stack == [scene]  # no summary screen waiting for a touch
    assert scene.match.observation(0)["round"] == round0 + 1
    fast_forward(scene, "game_end")
    first = scene.match
    for _ in range(int(40 / WAIT)):
        app.tick(WAIT)
        if scene.games == 1:
            break
    assert app.scenes.stack == [scene] and scene.games == 1
    assert scene.match is not first and not scene.match.finished
    assert app.match is None


def test_idle_timeout_saves_the_game_and_shows_attract_then_touch_goes_to_menu_and_continue_resumes():
    app, storage = kiosk_app()
    match = fixed_match()
    table = open_table(app, match)
    tap(app, dict(table.hand_rects)["2C"].center)  # select
    tap(app, dict(table.hand_rects)["2C"].center)  # play: lay the 2C
    assert "2C" in match.observation(0)["table"]
    # The AI replies; then nobody touches the tablet.
    quiet = DT  # seconds since the finger lifted (the tap's second frame)
    while quiet < 10 and not (match.current() == 0 and not table.steps):
        app.tick(DT)
        quiet += DT
    assert match.current() == 0
    app.run_frames(int((IDLE - 1 - quiet) / WAIT), WAIT)
    assert app.scenes.top is table and not has_saved_game(storage)
    app.run_frames(int(2 / WAIT), WAIT)
    assert isinstance(app.scenes.top, AttractScene)
    saved = load_game(storage).game
    assert saved is not None
    assert saved.state.to_json() == match.state.to_json()
    assert [s.kind for s in saved.seats] == ["human", "ai"]
    # The attract screen stays (no idle timeout on it).
    app.run_frames(int((IDLE + 5) / WAIT), WAIT)
    assert isinstance(app.scenes.top, AttractScene)
    # A touch: the menu, not a menu button under the finger.
    w, h = app.size
    tap(app, (w // 2, h // 2))
    assert isinstance(app.scenes.top, MenuScene)
    cont = button(app, "Continue: Orlan")
    assert cont.is_enabled
    tap(app, cont.rect.center)
    resumed = app.scenes.top
    assert isinstance(resumed, TableScene) and not isinstance(resumed, AttractScene)
    assert resumed.match.state.to_json() == saved.state.to_json()


def test_input_resets_the_idle_timer():
    app, storage = kiosk_app()
    table = open_table(app, fixed_match())
    for _ in range(3):
        app.run_frames(int((IDLE - 5) / WAIT), WAIT)
        finger(app, pygame.FINGERMOTION, (10, 300))
        app.tick(DT)
    assert app.scenes.top is table  # 75 s in all, never 30 s without a touch
    app.run_frames(int((IDLE + 1) / WAIT), WAIT)
    assert isinstance(app.scenes.top, AttractScene)
    assert has_saved_game(storage)


def test_idle_timeout_on_the_menu_without_a_game_saves_nothing():
    app, storage = kiosk_app()
    tap(app, (400, 240))
    assert isinstance(app.scenes.top, MenuScene)
    app.run_frames(int((IDLE + 1) / WAIT), WAIT)
    assert isinstance(app.scenes.top, AttractScene)
    assert not has_saved_game(storage)


# ------------------------------------------------------------------ no way out
def test_quit_attempts_without_the_code_keep_the_app_running():
    app, _ = kiosk_app()
    tap(app, (400, 240))
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    # Window close / Alt+F4.
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.tick(DT)
    assert app.running and isinstance(app.scenes.top, CodePadScene)
    tap(app, button(app, "Cancel").rect.center)
    assert app.scenes.top is menu
    # The menu's Quit button.
    tap(app, button(app, "Quit").rect.center)
    assert app.running and isinstance(app.scenes.top, CodePadScene)
    # Esc closes the pad, and Esc on the menu does nothing.
    for _ in range(3):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
        app.tick(DT)
    assert app.running and app.scenes.top is menu
    # F11 (leave full screen) is ignored, app.quit() asks for the code.
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))
    app.tick(DT)
    app.quit()
    app.run_frames(3, DT)
    assert app.running and isinstance(app.scenes.top, CodePadScene)


def test_wrong_code_is_refused_and_repeated_wrong_codes_lock_the_pad():
    app, _ = kiosk_app()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.tick(DT)
    pad = app.scenes.top
    type_code(app, "1357")
    assert app.running and app.scenes.top is pad
    assert pad.error and pad.typed == ""
    type_code(app, CODE[:-1])  # a prefix of the code is not the code
    assert app.running and app.scenes.top is pad
    type_code(app, "0000")  # MAX_TRIES wrong codes: the pad refuses input for a while
    assert MAX_TRIES == 3 and pad.locked_for > 0
    type_code(app, CODE)
    assert app.running and app.scenes.top is pad and pad.typed == ""
    # Closing and reopening the pad does not lift the lockout.
    tap(app, button(app, "Cancel").rect.center)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.tick(DT)
    pad = app.scenes.top
    type_code(app, CODE)
    assert app.running and app.scenes.top is pad and pad.locked_for > 0
    # The operator waits (touching the screen, so the idle timeout does not close the pad).
    waited = 0.0
    while waited < LOCKOUT:
        app.run_frames(int(10 / WAIT), WAIT)
        waited += 10
        finger(app, pygame.FINGERMOTION, (5, 5))
    app.tick(DT)
    type_code(app, CODE)
    assert not app.running


def test_right_code_from_the_keyboard_quits():
    app, _ = kiosk_app()
    tap(app, (400, 240))
    tap(app, button(app, "Quit").rect.center)
    for d in CODE:  # a keyboard sends the key and the text; the text is what counts
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=getattr(pygame, f"K_{d}"), mod=0, unicode=d, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=d))
    app.tick(DT)
    assert app.scenes.top.typed == CODE
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    app.tick(DT)
    assert not app.running


def test_settings_are_locked_behind_the_code_every_time():
    app, _ = kiosk_app()
    tap(app, (400, 240))
    menu = app.scenes.top
    tap(app, button(app, "Settings").rect.center)
    assert isinstance(app.scenes.top, CodePadScene)
    assert not any(isinstance(s, SettingsScene) for s in app.scenes.stack)
    type_code(app, "9999")
    assert isinstance(app.scenes.top, CodePadScene)
    type_code(app, CODE)
    assert isinstance(app.scenes.top, SettingsScene)
    tap(app, button(app, "Back").rect.center)
    assert app.scenes.top is menu
    tap(app, button(app, "Settings").rect.center)  # unlocked once, not for good
    assert isinstance(app.scenes.top, CodePadScene)
    # The pause screen's Settings too.
    open_table(app, fixed_match())
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.tick(DT)
    app.tick(DT)
    tap(app, button(app, "Settings").rect.center)
    assert isinstance(app.scenes.top, CodePadScene)
    assert not any(isinstance(s, SettingsScene) for s in app.scenes.stack)


def test_holding_the_corner_opens_the_pad_then_the_operator_menu():
    app, _ = kiosk_app()
    assert isinstance(app.scenes.top, AttractScene)
    finger(app, pygame.FINGERDOWN, (8, 8))  # on the attract screen, the finger stays down
    app.run_frames(int(1.0 / DT), DT)
    assert isinstance(app.scenes.top, MenuScene)  # the touch opened the menu, nothing more yet
    finger(app, pygame.FINGERUP, (8, 8))
    app.run_frames(int(3 / DT), DT)
    assert isinstance(app.scenes.top, MenuScene)  # lifted too soon: no pad
    finger(app, pygame.FINGERDOWN, (8, 8))
    app.run_frames(int(1.0 / DT), DT)
    app.run_frames(int(1.5 / DT), DT)
    assert isinstance(app.scenes.top, CodePadScene)
    finger(app, pygame.FINGERUP, (8, 8))
    app.tick(DT)
    type_code(app, CODE)
    assert isinstance(app.scenes.top, OperatorScene)
    tap(app, button(app, "Settings").rect.center)
    assert isinstance(app.scenes.top, SettingsScene)
    tap(app, button(app, "Back").rect.center)
    assert isinstance(app.scenes.top, OperatorScene)
    tap(app, button(app, "Quit Orlan").rect.center)
    assert not app.running


# ------------------------------------------------------------------ playing by touch
def test_drag_a_card_to_the_table_plays_it():
    app, _ = kiosk_app()
    match = fixed_match()
    table = open_table(app, match)
    target = table.table_area.center
    drag(app, dict(table.hand_rects)["2C"].center, target)
    obs = match.observation(0)
    assert "2C" in obs["table"] and "2C" not in obs["hand"]
    assert match.current() == 1


def test_drag_single_capture_and_drop_on_the_group_to_choose():
    app, _ = kiosk_app()
    match = fixed_match()
    table = open_table(app, match)
    # The 10 takes the ace (10 + 1 = 11): one capture, played wherever it lands on the table.
    drag(app, dict(table.hand_rects)["TD"].center, (table.table_area.x + 5, table.table_area.y + 5))
    assert sorted(match.observation(0)["piles"][0]) == ["AS", "TD"]

    app2, _ = kiosk_app()
    match2 = fixed_match()
    table2 = open_table(app2, match2)
    # The 7 takes the 4 or the 3 + ace: dropped on the 3, that group is taken.
    drag(app2, dict(table2.hand_rects)["7H"].center, table2.card_rects["3D"].center)
    assert sorted(match2.observation(0)["piles"][0]) == ["3D", "7H", "AS"]
    assert "4C" in match2.observation(0)["table"]


def test_drag_with_two_captures_on_empty_felt_asks_and_drag_back_cancels():
    app, _ = kiosk_app()
    match = fixed_match()
    table = open_table(app, match)
    before = match.state.to_json()
    # Dropped back on the hand: nothing happens.
    drag(app, dict(table.hand_rects)["2C"].center, (dict(table.hand_rects)["2C"].centerx + 60, dict(table.hand_rects)["2C"].centery - 10))
    assert match.state.to_json() == before
    # Two captures and no group under the finger: the card stays selected, the table asks.
    empty = (table.table_area.x + 4, table.table_area.bottom - 4)
    assert not any(r.collidepoint(empty) for r in table.card_rects.values())
    drag(app, dict(table.hand_rects)["7H"].center, empty)
    assert match.state.to_json() == before
    assert table.selected == ["7H"] and len(table.options) == 2
    # A tap still works as before: tap the 4 to take it.
    tap(app, table.card_rects["4C"].center)
    assert sorted(match.observation(0)["piles"][0]) == ["4C", "7H"]


def test_tap_tap_still_plays_in_kiosk_mode():
    app, _ = kiosk_app()
    match = fixed_match()
    table = open_table(app, match)
    tap(app, dict(table.hand_rects)["2C"].center)
    assert table.selected == ["2C"] and match.current() == 0
    tap(app, dict(table.hand_rects)["2C"].center)
    assert "2C" in match.observation(0)["table"]


# ------------------------------------------------------------------ start-up
def test_no_valid_config_means_the_normal_app(tmp_path, capsys):
    assert kiosk_config_for_run(tmp_path / "missing.json") is None
    bad = tmp_path / "kiosk.json"
    bad.write_text('{"operator_code": "12"}')
    assert kiosk_config_for_run(bad) is None
    assert "operator_code" in capsys.readouterr().err
    off = tmp_path / "off.json"
    off.write_text('{"operator_code": "1234", "enabled": false}')
    assert kiosk_config_for_run(off) is None
    good = tmp_path / "good.json"
    good.write_text('{"operator_code": "0042", "idle_timeout": 45}')
    cfg = kiosk_config_for_run(good)
    assert cfg is not None and cfg.idle_timeout == 45 and cfg.check_code("0042")


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_code_pad_keys_are_finger_sized_and_on_screen(size):
    app, _ = kiosk_app(size)
    app.kiosk.ask_code(lambda: None)
    app.tick(DT)
    pad = app.scenes.top
    screen = pygame.Rect((0, 0), size)
    rects = list(pad.key_rects.values()) + [button(app, "Cancel").rect]
    for r in rects:
        assert screen.contains(r)
        assert min(r.size) >= 48
    for i, a in enumerate(rects):
        assert a.collidelist(rects[i + 1:]) == -1  # no two keys overlap


@pytest.mark.skipif(os.name != "posix", reason="SIGTERM is how a POSIX system shuts a program down")
def test_a_system_shutdown_stops_the_kiosk_cleanly(tmp_path):
    """The kiosk refuses window-close events, so SIGTERM must not become one (SDL's default):
    the process ends by itself, with status 0, instead of hanging until SIGKILL."""
    import signal
    import subprocess
    import sys
    import threading
    from pathlib import Path

    (tmp_path / "kiosk.json").write_text('{"operator_code": "2468", "idle_timeout": 30}')
    env = dict(os.environ, ORLAN_CONFIG_DIR=str(tmp_path), ORLAN_DATA_DIR=str(tmp_path / "data"),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    root = Path(__file__).resolve().parent.parent
    proc = subprocess.Popen([sys.executable, "main.py", "--kiosk"], cwd=root, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    watchdog = threading.Timer(120, proc.kill)  # never hang the suite
    watchdog.start()
    try:
        lines = []
        while not any(line.startswith("kiosk: on") for line in lines):  # the kiosk is up
            line = proc.stderr.readline().decode()
            assert line, "".join(lines)
            lines.append(line)
        assert proc.poll() is None
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
    finally:
        watchdog.cancel()
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_idle_save_goes_to_the_apps_storage_and_a_restarted_kiosk_continues_it():
    storage = MemoryStorage()
    app = App((800, 480), headless=True, settings=settings(), seed=11, storage=storage)
    app.kiosk = KioskMode(app, KioskConfig(True, CODE, IDLE))  # as `main.py --kiosk` does
    match = fixed_match()
    table = open_table(app, match)
    tap(app, dict(table.hand_rects)["TD"].center)
    tap(app, dict(table.hand_rects)["TD"].center)  # the 10 takes the ace
    app.run_frames(int((IDLE + 2) / WAIT), WAIT)
    assert isinstance(app.scenes.top, AttractScene)
    saved = load_game(storage).game
    assert saved is not None and saved.state.to_json() == match.state.to_json()
    # The tablet restarts (power cut, reboot): the next visitor can still continue.
    again = App((800, 480), headless=True, settings=settings(), seed=12, storage=storage)
    again.kiosk = KioskMode(again, KioskConfig(True, CODE, IDLE))
    again.tick(DT)
    assert isinstance(again.scenes.top, AttractScene)
    tap(again, (400, 240))
    tap(again, button(again, "Continue: Orlan").rect.center)
    assert isinstance(again.scenes.top, TableScene)
    assert again.scenes.top.match.state.to_json() == match.state.to_json()


def test_a_second_finger_does_not_disturb_a_drag():
    app, _ = kiosk_app()
    match = fixed_match()
    table = open_table(app, match)
    start, end = dict(table.hand_rects)["2C"].center, table.table_area.center
    finger(app, pygame.FINGERDOWN, start, finger_id=1)
    app.tick(DT)
    w, h = app.screen.get_size()
    for i in range(1, 5):
        p = (start[0] + (end[0] - start[0]) * i / 4, start[1] + (end[1] - start[1]) * i / 4)
        pygame.event.post(pygame.event.Event(pygame.FINGERMOTION, x=p[0] / w, y=p[1] / h, dx=0.0, dy=0.0, finger_id=1, touch_id=0, pressure=1.0))
        app.tick(DT)
    # A palm lands on the hand and lifts while the card is held: ignored.
    finger(app, pygame.FINGERDOWN, dict(table.hand_rects)["JS"].center, finger_id=2)
    finger(app, pygame.FINGERUP, dict(table.hand_rects)["JS"].center, finger_id=2)
    app.tick(DT)
    assert match.current() == 0 and table.selected == []
    finger(app, pygame.FINGERUP, end, finger_id=1)
    app.tick(DT)
    assert "2C" in match.observation(0)["table"] and "JS" in match.observation(0)["hand"]


def test_attract_prompt_speaks_every_language_starting_with_the_apps():
    from game import i18n

    app, _ = kiosk_app()
    scene = app.scenes.top
    seen = []
    for _ in range(int(12 / WAIT)):
        app.tick(WAIT)
        text = scene.prompt_now()
        if not seen or seen[-1] != text:
            seen.append(text)
    assert seen[0] == "Touch to play"
    assert set(seen) == {i18n.lookup("kiosk.touch_to_play", lang) for lang in i18n.LANGUAGES}
    assert len(set(seen)) == 3


def test_drag_plays_on_the_trick_table_too_and_an_illegal_card_stays_in_hand():

    app, _ = kiosk_app((1280, 720))
    # Olsen: seat 1 leads the 2 of clubs; you (seat 0) must follow with a club.
    hands = [
        ["9C", "KC", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "3D", "4D", "5D"],
        ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "TC", "JC", "QC", "AC", "2S", "JS"],
        ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H"],
        ["QS", "KS", "AS", "2D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD"],
    ]
    opts = {"pass3": False, "jack_diamonds": False, "target": 100, "deals": 0}
    state = new_game("olsen", 4, opts, seed=5, deck_order=[hands[i % 4][i // 4] for i in range(52)])
    match = Match("olsen", [Seat("human", "You")] + [Seat("simple", f"Bot {i}") for i in (1, 2, 3)], opts, seed=5, state=state)
    app.match = match
    table = app.scenes.reset(TableScene(app, match))
    for _ in range(int(30 / DT)):
        if table.my_turn() and not table.steps:
            break
        app.tick(DT)
    assert table.my_turn() and table.legal_codes() == {"9C", "KC"}

    def visible_point(code):
        r = dict(table.hand_rects)[code]
        return (r.x + 6, r.y + r.height // 3)

    drag(app, visible_point("3S"), table.table_area.center)  # a spade: not allowed
    assert "3S" in match.observation(0)["hand"] and table.my_turn()
    drag(app, visible_point("9C"), table.table_area.center)
    after = match.observation(0)
    assert "9C" not in after["hand"]
    assert {"seat": 0, "card": "9C"} in after["trick"] + [p for tr in after["tricks"] for p in tr["plays"]]


def all_buttons_fit(app, minimum):
    screen = app.screen.get_rect()
    rects = [b.rect for b in app.scenes.top.elements if hasattr(b, "text") and b.visible and type(b).__name__ == "UIButton"]
    assert rects, app.scenes.top
    for r in rects:
        assert screen.contains(r), (app.scenes.top.name, r)
        assert r.height >= minimum, (app.scenes.top.name, r)
    for i, a in enumerate(rects):
        assert a.collidelist(rects[i + 1:]) == -1, (app.scenes.top.name, a)
    return rects


def test_every_screen_has_finger_sized_buttons_at_800x480():
    from game.scenes.pause import PauseScene
    from game.scenes.rules import RulesScene
    from game.scenes.setup import SetupScene
    from game.scenes.stats import StatsScene
    from game.ui.touch import KIOSK_MIN_BUTTON_PX

    app, _ = kiosk_app((800, 480))
    tap(app, (400, 240))
    assert isinstance(app.scenes.top, MenuScene)
    all_buttons_fit(app, KIOSK_MIN_BUTTON_PX)
    from game.registry import ENTRIES

    for scene in (SetupScene, RulesScene, StatsScene):
        app.scenes.push(scene(app))
        app.tick(DT)
        all_buttons_fit(app, KIOSK_MIN_BUTTON_PX)
        app.scenes.pop()
    for entry in ENTRIES:  # every game's options
        app.scenes.push(SetupScene(app, entry.id))
        app.tick(DT)
        all_buttons_fit(app, KIOSK_MIN_BUTTON_PX)
        app.scenes.pop()
    tap(app, button(app, "Settings").rect.center)
    type_code(app, CODE)
    assert isinstance(app.scenes.top, SettingsScene)
    all_buttons_fit(app, KIOSK_MIN_BUTTON_PX)
    table = open_table(app, fixed_match())
    all_buttons_fit(app, KIOSK_MIN_BUTTON_PX)  # the table's Sound, Undo, Hint, Menu
    app.scenes.push(PauseScene(app, table))
    app.tick(DT)
    all_buttons_fit(app, KIOSK_MIN_BUTTON_PX)
    app.kiosk.ask_code(app.kiosk.operator_menu)
    app.tick(DT)
    type_code(app, CODE)
    assert isinstance(app.scenes.top, OperatorScene)
    from game.ui.touch import TARGET_PX

    all_buttons_fit(app, TARGET_PX)


def test_a_lost_finger_lift_does_not_lock_touch_out():
    app, _ = kiosk_app()
    finger(app, pygame.FINGERDOWN, (400, 240), finger_id=7)  # opens the menu; its lift never comes
    app.tick(DT)
    assert isinstance(app.scenes.top, MenuScene)
    menu = app.scenes.top
    app.run_frames(int(6 / DT), DT)
    b = button(app, "New game").rect.center
    finger(app, pygame.FINGERDOWN, b, finger_id=8)
    finger(app, pygame.FINGERUP, b, finger_id=8)
    app.tick(DT)
    app.tick(DT)
    assert app.scenes.top is not menu  # the new finger works
