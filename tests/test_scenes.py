"""The app driven headless through real input events (mouse, touch, keyboard)."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.app import App  # noqa: E402
from game.i18n import t  # noqa: E402
from game.settings import Settings  # noqa: E402
from game.storage import MemoryStorage  # noqa: E402
from game.cards import FRENCH52  # noqa: E402
from game.rules import new_game  # noqa: E402
from game.scenes.gameover import GameOverScene  # noqa: E402
from game.scenes.handoff import HandoffScene  # noqa: E402
from game.scenes.match import Match, Seat  # noqa: E402
from game.scenes.menu import MenuScene  # noqa: E402
from game.scenes.pause import PauseScene  # noqa: E402
from game.scenes.setup import SetupScene  # noqa: E402
from game.scenes.summary import SummaryScene  # noqa: E402
from game.scenes.views.orlan import summary_rows  # noqa: E402
from game.scenes.table import TableScene  # noqa: E402

from tests.ui_helpers import DT, button_with_text, click, key, tap  # noqa: E402


def make_app(size=(1280, 720), **settings) -> App:
    st = Settings(language="en", sound=False, **settings)
    return App(size, headless=True, settings=st, seed=11, storage=MemoryStorage())


def fixed_match(kinds, hands, table, players=None, options=None, timer=0) -> Match:
    """A match whose first deal is fixed: hands from the seat after the dealer (seat 0)."""
    players = players or len(kinds)
    head = [c for h in hands for c in h] + table
    order = head + [c for c in FRENCH52.codes if c not in head]
    opts = {"target": 21, "teams": False, "starter": 0, **(options or {})}
    state = new_game("orlan", players, opts, seed=5, deck_order=order)
    return Match("orlan", [Seat(k, f"P{i + 1}") for i, k in enumerate(kinds)], opts, seed=5, state=state, timer=timer)


def open_table(app: App, match: Match) -> TableScene:
    app.match = match
    table = app.scenes.push(TableScene(app, match))
    app.run_frames(2)
    table.skip_animations()
    app.run_frames(1)
    return table


HANDS = [["7H", "2C", "TD", "JS"], ["5S", "KD", "9C", "8D"]]
TABLE = ["4C", "3D", "AS", "QH"]


def test_menu_to_table_by_mouse_clicks():
    app = make_app()
    assert isinstance(app.scenes.top, MenuScene)
    click(app, button_with_text(app, "New game").rect.center)
    assert isinstance(app.scenes.top, SetupScene)
    click(app, button_with_text(app, "4 players").rect.center)  # cycles 4 -> 2
    assert app.scenes.top.players == 2
    click(app, button_with_text(app, "Start").rect.center)
    assert isinstance(app.scenes.top, TableScene)
    assert app.match.players == 2 and app.match.seats[0].human and not app.match.seats[1].human


def test_touch_opens_setup_and_rules_scroll():
    app = make_app((800, 480))
    tap(app, button_with_text(app, "Rules").rect.center)
    rules = app.scenes.top
    assert rules.name == "rules" and rules.content_h > rules.area.height
    key(app, pygame.K_PAGEDOWN)
    assert rules.scroll > 0
    key(app, pygame.K_ESCAPE)
    tap(app, button_with_text(app, "New game").rect.center)
    assert isinstance(app.scenes.top, SetupScene)


def test_choice_of_captures_pick_second_group_then_ai_replies():
    app = make_app()
    match = fixed_match(["human", "simple"], HANDS, TABLE)
    table = open_table(app, match)
    assert table.hand_visible()
    hand = dict(table.hand_rects)
    click(app, hand["7H"].center)
    assert table.selected == ["7H"]
    assert sorted(sorted(o["capture"]) for o in table.options) == [["3D", "AS"], ["4C"]]
    second = next(i for i, o in enumerate(table.options) if "3D" in o["capture"])
    # Tap the highlighted group of the second capture (the 3♦).
    click(app, table.card_rects["3D"].center)
    pile = match.observation(0)["piles"][0]
    assert sorted(pile) == sorted(["7H", "3D", "AS"]) and second >= 0
    assert "4C" in match.observation(0)["table"]
    # The AI replies after its pacing delay; the table animates it.
    assert match.current() == 1
    for _ in range(600):
        app.tick(DT)
        if match.current() == 0 and not table.steps:
            break
    assert match.current() == 0
    assert match.observation(0)["hand_counts"][1] == 3
    assert table.shown["hand_counts"][1] == 3


def test_a_table_card_two_captures_share_asks_which():
    """3♥ takes 5♣+2♦+A♠ or 7♦+A♠: a tap on the A♠, in both, once took the first unasked.
    It opens a chooser of the two, numbered as the prompt numbers them, and Back."""
    app = make_app()
    match = fixed_match(["human", "simple"], [["3H", "2C", "TD", "KS"], ["5S", "KD", "9C", "8D"]], ["5C", "2D", "AS", "7D"])
    table = open_table(app, match)
    click(app, dict(table.hand_rects)["3H"].center)
    assert sorted(sorted(o["capture"]) for o in table.options) == [["2D", "5C", "AS"], ["7D", "AS"]]
    click(app, table.card_rects["AS"].center)
    assert match.current() == 0 and "AS" in match.observation(0)["table"]  # nothing played yet
    labels = [label for label, _ in table.choices_now()]
    assert len(labels) == 3 and labels[-1] == t("common.back")
    assert [label.split(") ")[0] for label in labels[:2]] == ["1", "2"]
    click(app, table.choice_rects[labels.index(next(x for x in labels if "7" in x and "5" not in x))][0].center)
    assert sorted(match.observation(0)["piles"][0]) == sorted(["3H", "7D", "AS"])
    assert sorted(match.observation(0)["table"]) == ["2D", "5C"]


def test_keyboard_cycles_captures_and_confirms():
    app = make_app()
    table = open_table(app, fixed_match(["human", "simple"], HANDS, TABLE))
    hand = table.shown["hand"]
    key(app, pygame.K_1 + hand.index("7H"))
    assert table.selected == ["7H"] and table.active == 0
    first = table.options[0]["capture"]
    key(app, pygame.K_DOWN)
    assert table.active == 1
    key(app, pygame.K_RETURN)
    taken = set(table.match.observation(0)["piles"][0]) - {"7H"}
    assert taken and taken != set(first)


def test_full_round_summary_numbers_and_game_over():
    app = make_app(animation_speed="off")
    match = fixed_match(["human", "simple"], HANDS, TABLE, options={"target": 11})
    table = open_table(app, match)
    summaries = 0
    for _ in range(5000):
        top = app.scenes.top
        if isinstance(top, SummaryScene):
            # Numbers on screen = an independent count of the piles the table showed.
            piles = [table.shown["won"][s] for s in range(2)]
            rows = summary_rows(match, top.summary)
            cards = [len(p) for p in piles]
            clubs = [sum(1 for c in p if c[1] == "C") for p in piles]
            for seat, row in enumerate(rows):
                assert int(row[1]) == cards[seat]
                assert int(row[2]) == clubs[seat]
                most_cards = 2 if cards[seat] > cards[1 - seat] else 0
                most_clubs = 1 if clubs[seat] > clubs[1 - seat] else 0
                two = int("2C" in piles[seat])
                ten = int("TD" in piles[seat])
                assert [int(x) for x in row[3:8]] == [most_cards, most_clubs, two, ten, most_cards + most_clubs + two + ten]
            assert sum(cards) + (0 if top.summary["leftover_to"] is not None else len(top.summary["leftover"])) == 52
            assert [int(r[8]) for r in rows] == top.summary["totals"]
            summaries += 1
            click(app, button_with_text(app, "Continue").rect.center)
            continue
        if isinstance(top, GameOverScene):
            break
        if match.is_human_turn() and not table.steps:
            key(app, pygame.K_RETURN)  # select the first card
            key(app, pygame.K_RETURN)  # confirm its first move
        else:
            app.tick(DT)
    assert isinstance(app.scenes.top, GameOverScene)
    assert summaries >= 1
    result = match.state.result()
    assert max(result["side_totals"]) >= 11
    winner = app.scenes.top.winner_text()
    assert match.seats[result["winners"][0]].name in winner
    assert app.stats.summary("P1")["games"] == 1  # the finished game was recorded for the human
    assert app.storage.get("game.orlan") is None  # and its save discarded
    click(app, button_with_text(app, "Rematch").rect.center)
    assert isinstance(app.scenes.top, TableScene) and app.match is not match


def test_hot_seat_hides_hand_until_tap():
    app = make_app()
    match = fixed_match(["human", "human"], HANDS, TABLE)
    app.match = match
    table = app.scenes.push(TableScene(app, match))
    for _ in range(200):
        app.tick(DT)
        if isinstance(app.scenes.top, HandoffScene):
            break
    handoff = app.scenes.top
    assert isinstance(handoff, HandoffScene) and handoff.seat == 0
    assert not handoff.overlay  # opaque: the table is not drawn at all
    assert not table.hand_visible()
    app.tick(DT)
    assert table.hand_rects == [] or not table.hand_visible()
    # On screen: not one pixel of card paper (every card face is drawn on it).
    import numpy as np

    px = pygame.surfarray.array3d(app.screen).reshape(-1, 3)
    assert not (px == np.array([252, 250, 244])).all(axis=1).any()
    tap(app, (app.size[0] // 2, app.size[1] // 4))
    assert app.scenes.top is table and table.hand_visible() and table.viewer == 0
    app.tick(DT)
    assert sorted(c for c, _ in table.hand_rects) == sorted(HANDS[0])
    px = pygame.surfarray.array3d(app.screen).reshape(-1, 3)
    assert (px == np.array([252, 250, 244])).all(axis=1).sum() > 1000  # the faces are now shown
    # Seat 0 lays a card; next the device goes to seat 1, hands hidden again.
    click(app, dict(table.hand_rects)["2C"].center)
    click(app, dict(table.hand_rects)["2C"].center)
    for _ in range(200):
        app.tick(DT)
        if isinstance(app.scenes.top, HandoffScene):
            break
    assert isinstance(app.scenes.top, HandoffScene) and app.scenes.top.seat == 1
    assert not table.hand_visible()
    key(app, pygame.K_RETURN)
    assert table.hand_visible() and table.viewer == 1
    app.tick(DT)
    assert sorted(c for c, _ in table.hand_rects) == sorted(HANDS[1])


def test_turn_timer_plays_for_the_player_at_zero():
    app = make_app(turn_timer=10)
    match = fixed_match(["human", "simple"], HANDS, TABLE, timer=10)
    table = open_table(app, match)
    app.run_frames(5)
    assert match.current() == 0 and table.timer_left is not None
    assert 9 < table.timer_left <= 10
    app.run_frames(36, dt=0.25)  # 9 seconds: not yet
    assert match.current() == 0 and match.observation(0)["hand_counts"][0] == 4
    app.run_frames(8, dt=0.25)
    assert match.observation(0)["hand_counts"][0] == 3


def test_undo_and_hint_against_ai():
    app = make_app()
    match = fixed_match(["human", "simple"], HANDS, TABLE)
    table = open_table(app, match)
    assert not match.can_undo()
    key(app, pygame.K_h)
    for _ in range(3000):
        app.tick(DT)
        if table.hint:
            break
    assert table.hint and table.hint["move"]["card"] in HANDS[0]
    assert table.hint["text"]
    key(app, pygame.K_1 + table.shown["hand"].index("JS"))
    key(app, pygame.K_RETURN)
    assert match.observation(0)["hand_counts"][0] == 3
    click(app, table.hud_buttons["table.undo"].rect.center)
    obs = match.observation(0)
    assert obs["hand_counts"][0] == 4 and sorted(obs["table"]) == sorted(TABLE)
    assert match.current() == 0


def test_no_undo_between_humans():
    app = make_app()
    match = fixed_match(["human", "human"], HANDS, TABLE)
    open_table(app, match)
    match.play({"card": "2C", "capture": []})
    assert not match.can_undo()


def test_escape_pauses_and_main_menu_keeps_continue():
    app = make_app()
    open_table(app, fixed_match(["human", "simple"], HANDS, TABLE))
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, PauseScene)
    click(app, button_with_text(app, "Main menu").rect.center)
    assert isinstance(app.scenes.top, MenuScene)
    cont = button_with_text(app, "Continue: Orlan")
    assert cont.is_enabled
    click(app, cont.rect.center)
    assert isinstance(app.scenes.top, TableScene)


def test_language_and_table_colour_apply_at_once():
    app = make_app()
    click(app, button_with_text(app, "Settings").rect.center)
    click(app, button_with_text(app, "English").rect.center)
    assert button_with_text(app, "Français")
    assert button_with_text(app, "Retour")
    colour = app.table_colour
    click(app, button_with_text(app, "Vert").rect.center)
    assert app.table_colour != colour
    assert app.screen.get_at((2, app.size[1] - 2))[:3] == app.table_colour


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080), (3840, 2160)])
def test_layout_fits_window(size):
    app = make_app(size)
    table = open_table(app, fixed_match(["human", "simple", "simple", "simple"], HANDS + [["6H", "QS", "4D", "AH"], ["3C", "9H", "2S", "8C"]], TABLE))
    screen = pygame.Rect((0, 0), app.size)
    for name, p in table.panels.items():
        assert screen.contains(p), name
    assert screen.contains(table.hand_area) and screen.contains(table.table_area)
    assert not table.table_area.colliderect(table.hand_area)
    for name, panel in table.panels.items():
        assert not panel.colliderect(table.table_area), name
    for _, r in table.hand_rects:
        assert screen.contains(r)
    for b in table.hud_buttons.values():
        assert screen.contains(b.rect) and b.rect.height >= 44


def test_resize_event_relayouts():
    app = make_app()
    table = open_table(app, fixed_match(["human", "simple"], HANDS, TABLE))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=800, h=480, size=(800, 480)))
    app.tick(DT)
    assert app.size == (800, 480)
    assert table.hand_area.bottom <= 480


def test_game_is_saved_after_each_move_and_continues_in_a_new_app():
    storage = MemoryStorage()
    app = App((1280, 720), headless=True, settings=Settings(language="en", sound=False), storage=storage)
    table = open_table(app, fixed_match(["human", "expert"], HANDS, TABLE))
    click(app, dict(table.hand_rects)["2C"].center)
    click(app, dict(table.hand_rects)["2C"].center)
    saved = storage.get("game.orlan")
    assert saved and "2C" in saved["state"]["table"]
    assert [s["kind"] for s in saved["seats"]] == ["human", "ai"] and saved["seats"][1]["level"] == "expert"
    again = App((1280, 720), headless=True, settings=Settings(language="en", sound=False), storage=storage)
    assert again.match is None  # the save is read just after the first menu frame
    again.tick(DT)
    assert again.match is not None and again.match.seats[1].kind == "expert"
    click(again, button_with_text(again, "Continue: Orlan").rect.center)
    assert isinstance(again.scenes.top, TableScene)
    assert "2C" in again.match.observation(0)["table"]


def test_resumed_game_keeps_its_own_turn_timer():
    storage = MemoryStorage()
    app = App((1280, 720), headless=True, settings=Settings(language="en", sound=False), storage=storage)
    table = open_table(app, fixed_match(["human", "simple"], HANDS, TABLE, timer=20))
    click(app, dict(table.hand_rects)["2C"].center)
    click(app, dict(table.hand_rects)["2C"].center)
    assert storage.get("game.orlan")["timer"] == 20
    # A new run whose settings say "no timer" still resumes the game with its 20 s.
    again = App((1280, 720), headless=True, settings=Settings(language="en", sound=False, turn_timer=0), storage=storage)
    again.tick(DT)
    click(again, button_with_text(again, "Continue: Orlan").rect.center)
    for _ in range(400):
        again.tick(DT)
        if again.match.current() == 0:
            break
    again.scenes.top.skip_animations()
    again.run_frames(3)
    assert again.match.timer == 20
    assert again.scenes.top.timer_left is not None and 0 < again.scenes.top.timer_left <= 20


def test_first_start_uses_system_language(monkeypatch):
    monkeypatch.setattr("game.i18n.system_language", lambda: "nl")
    app = App((800, 480), headless=True, storage=MemoryStorage())
    assert app.settings.language == "nl"
    assert button_with_text(app, "Nieuw spel")
    from game import i18n

    i18n.set_language("en")


def test_corrupt_save_is_reported_and_menu_still_works():
    storage = MemoryStorage({"current_game": "{not json"})
    app = App((800, 480), headless=True, settings=Settings(language="en", sound=False), storage=storage)
    app.tick(DT)
    app.tick(DT)
    assert app.match is None
    assert app.toast and "could not be read" in app.toast[0]
    assert not button_with_text(app, "Continue").is_enabled
    app.run_frames(40, dt=0.25)
    assert app.toast is None


def test_fullscreen_toggle_restores_the_window_size():
    app = make_app((800, 480))
    key(app, pygame.K_F11)
    assert app.settings.fullscreen
    key(app, pygame.K_F11)
    assert not app.settings.fullscreen and app.screen.get_size() == (800, 480)
    assert isinstance(app.scenes.top, MenuScene)


def test_setup_first_human_starts_by_default():
    app = make_app()
    click(app, button_with_text(app, "New game").rect.center)
    setup = app.scenes.top
    setup.cycle_kind(0)  # seat 1 becomes a simple AI...
    setup.cycle_kind(1)  # ...and seat 2 a human (simple -> expert -> human)
    setup.cycle_kind(1)
    assert setup.kinds[:2] == ["simple", "human"] and setup.starter == 1
    m = setup.make_match()
    assert m.current() == 1


def test_a_second_human_makes_the_first_player_1_not_you():
    """Two people sharing the device are "Player 1" and "Player 2": the one-player default
    "You" (shown in the field, not typed) follows the seats, and a remembered "You" is not
    offered to two humans (the hand-off once said "Pass the device to You")."""
    for remembered in ([], ["You"]):
        app = make_app()
        for name in remembered:
            app.stats.remember_name(name)
        click(app, button_with_text(app, "New game").rect.center)
        setup = app.scenes.top
        assert setup.entries[0].get_text() == (remembered[0] if remembered else "You")
        setup.cycle_kind(1)
        setup.cycle_kind(1)  # seat 2: simple -> expert -> human
        assert [setup.entries[s].get_text() for s in (0, 1)] == ["Player 1", "Player 2"]
        m = setup.make_match()
        assert [seat.name for seat in m.seats[:2]] == ["Player 1", "Player 2"]
    # A name typed stays what it is.
    app = make_app()
    click(app, button_with_text(app, "New game").rect.center)
    setup = app.scenes.top
    setup.entries[0].set_text("Ana")
    setup.cycle_kind(1)
    setup.cycle_kind(1)
    assert [setup.entries[s].get_text() for s in (0, 1)] == ["Ana", "Player 2"]


def test_setup_names_human_seats():
    app = make_app()
    click(app, button_with_text(app, "New game").rect.center)
    setup = app.scenes.top
    setup.cycle_kind(1)
    setup.cycle_kind(1)  # seat 2: simple -> expert -> human
    assert set(setup.entries) == {0, 1}
    # Type a name: click into the field, then text input events.
    entry = setup.entries[0]
    click(app, entry.rect.center)
    entry.set_text("")
    for ch in "Ana":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.tick(DT)
    key(app, pygame.K_RETURN)
    assert entry.get_text() == "Ana"
    setup.entries[1].set_text("Ana")
    m = setup.make_match()
    assert [s.name for s in m.seats[:2]] == ["Ana", "Ana 2"]


def test_animations_skip_on_click_and_sound_mute():
    app = make_app(animation_speed="slow")
    app.sounds.enabled = True
    app.settings.sound = True
    table = open_table(app, fixed_match(["human", "simple"], HANDS, TABLE))
    key(app, pygame.K_1 + table.shown["hand"].index("JS"))
    key(app, pygame.K_RETURN)
    assert table.steps  # the jack flies, the sweep shows, the cards go to the pile
    assert any(s.banner for s in table.steps)  # "Orlan! The jack sweeps the table"
    click(app, (app.size[0] // 2, app.size[1] // 2))
    assert not table.steps
    assert sorted(table.shown["won"][0]) == sorted(["JS", "4C", "3D", "AS"])
    assert "QH" in table.shown["open"] and "JS" not in table.shown["open"]
    assert "sweep" in app.sounds.played
    key(app, pygame.K_m)
    assert not app.settings.sound and not app.sounds.enabled


def test_bi_qahwa_is_announced():
    app = make_app(animation_speed="slow")
    table = open_table(app, fixed_match(["human", "simple"], [["JS", "2C", "TD", "7H"], ["5S", "KD", "9C", "8D"]], ["QC", "KH", "QD", "KS"]))
    assert table.moves_with(["JS"]) == [{"kind": "play", "card": "JS"}]
    click(app, dict(table.hand_rects)["JS"].center)
    click(app, dict(table.hand_rects)["JS"].center)
    banners = [s.banner for s in table.steps if s.banner]
    assert banners and "Bi Qahwa" in banners[0]


def test_rules_page_follows_language():
    app = make_app()
    click(app, button_with_text(app, "Rules").rect.center)
    rules = app.scenes.top
    english = rules.content_h
    assert english > rules.area.height
    app.settings.language = "fr"
    app.apply_settings()
    assert rules.lines and rules.content_h != english
    app.settings.language = "en"
    app.apply_settings()


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_crowded_table_cards_fit_without_overlap(size):
    app = make_app(size)
    table = open_table(app, fixed_match(["human", "simple", "simple", "simple"], HANDS + [["6H", "QS", "4D", "AH"], ["3C", "9H", "2S", "8C"]], TABLE))
    codes = [c for c in FRENCH52.codes if c[0] in "23456789"][:22]
    rects = table.layout_table(codes)
    assert len(rects) == 22
    for r in rects.values():
        assert table.table_area.contains(r) and r.width >= 24
    rs = list(rects.values())
    assert not any(a.colliderect(b) for i, a in enumerate(rs) for b in rs[i + 1:])


def test_hot_seat_hides_hand_during_ai_turns():
    app = make_app()
    match = fixed_match(["human", "simple", "human"], HANDS + [["6H", "QS", "4D", "AH"]], TABLE)
    app.match = match
    table = app.scenes.push(TableScene(app, match))
    for _ in range(200):
        app.tick(DT)
        if isinstance(app.scenes.top, HandoffScene):
            break
    key(app, pygame.K_RETURN)
    assert table.hand_visible()
    click(app, dict(table.hand_rects)["2C"].center)
    click(app, dict(table.hand_rects)["2C"].center)
    assert match.current() == 1  # the simple AI is to play
    assert not table.hand_visible()
    app.tick(DT)
    assert table.hand_rects == []


def _kiosk_app():
    from game.kiosk import KioskConfig

    kiosk = KioskConfig(enabled=True, operator_code="4321", idle_timeout=30)
    return App((1280, 720), headless=True, settings=Settings(language="en", sound=False), storage=MemoryStorage(), kiosk=kiosk)


def test_kiosk_quit_needs_the_operator_code():
    app = _kiosk_app()
    app.tick(DT)
    click(app, (640, 360))  # kiosk mode starts on the attract screen: a touch opens the menu
    click(app, button_with_text(app, "Quit").rect.center)
    gate = app.scenes.top
    assert gate.name == "operator" and app.running
    for ch in "1111":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.tick(DT)
    key(app, pygame.K_RETURN)
    assert gate.wrong and app.running and app.scenes.top is gate
    for ch in "4321":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.tick(DT)
    key(app, pygame.K_RETURN)
    assert not app.running


def test_kiosk_idle_timeout_saves_the_game_and_shows_the_attract_screen():
    from game.saves import load_game
    from game.scenes.attract import AttractScene

    app = _kiosk_app()
    app.tick(DT)
    match = fixed_match(["human", "simple"], HANDS, TABLE)
    open_table(app, match)
    app.run_frames(100, dt=0.25)  # 25 s without input: still playing
    assert isinstance(app.scenes.top, TableScene)
    app.run_frames(30, dt=0.25)
    # The game is kept for the next visitor (Continue); the demo plays meanwhile.
    assert isinstance(app.scenes.top, AttractScene) and app.match is match
    assert load_game(app.storage).game.state.to_json() == match.state.to_json()


def test_statistics_lists_profiles_and_selects_by_tap():
    from game.scenes.match import Match as M, Seat as S

    app = make_app()
    for seed, (a, b) in enumerate([("Ana", "Bo"), ("Bo", "Ana"), ("Cy", "Ana")]):
        m = M("orlan", [S("human", a), S("human", b)], {"target": 11}, seed=seed)
        while not m.finished:
            m.play(m.state.legal_moves()[0])
        app.stats.record_game(m.tally)
    click(app, button_with_text(app, "Statistics").rect.center)
    scene = app.scenes.top
    rows = scene.rows()
    assert sorted(r[0] for r in rows) == ["Ana", "Bo", "Cy"]
    ana = next(r for r in rows if r[0] == "Ana")
    assert ana[1] == "3" and int(ana[2]) == app.stats.summary("Ana")["wins"]
    app.tick(DT)
    target = next(i for i, r in scene.row_rects if rows[i][0] == "Cy")
    click(app, dict(scene.row_rects)[target].center)
    assert scene.names()[scene.selected] == "Cy"
