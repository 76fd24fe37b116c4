"""Every screen but the table, laid out by shape (docs/layout.md), measured as the layout rules
ask: for every registered game where the screen depends on the game (setup, rules page,
statistics, review, game over) and once for the app's own screens (shelf, Continue list,
replace question, known players, settings, rename and reset dialogs, recent games, the
kiosk's attract screen, code pad, operator menu and notice, pause, the hand-off), at phone sizes upright and on
their side, 800x480, a landscape tablet, a desktop and a 3x phone, in English, French and
Dutch. Every text drawn is 12 logical px or more, inside its box (a button's: the part
pygame_gui shows it in) and on screen; every touch target is 44x44 logical px or more, on screen,
and overlaps no other. A rotation lays the screen shown out again, keeping what it shows."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import registry  # noqa: E402
from game.i18n import t  # noqa: E402
from tests.layout_helpers import drawn_texts, target_problems, text_problems  # noqa: E402
from tests.screen_cases import (  # noqa: E402
    APP_SCREENS, GAME_SCREENS, GAMES, SIZES, make_app, open_screen, with_history,
)
from tests.ui_helpers import DT, drag  # noqa: E402



def problems_of(app, name: str, game_id: str | None = None) -> list[str]:
    open_screen(app, name, game_id)
    app.run_frames(2)
    where = f"{name}{'/' + game_id if game_id else ''}"
    return [f"{where}: {p}" for p in text_problems(app, drawn_texts(app), cut=True) + target_problems(app)]


# One game of each family: where the full matrix would cost the most (the review's replay,
# a 3x phone's nine times larger pictures) and adds the least (the layout does not depend
# on the game, the texts do not depend on the density).
FAMILY_GAMES = [games[0].id for _, games in registry.shelf()]


def cases() -> list:
    """(language, size, games of the review, games of the other screens): every language at
    every size, with every game where the texts change from game to game; one game per
    family for the review in French and Dutch (its texts are the app's, its board the
    table's), and for every screen on a 3x phone (the texts do not depend on the density)."""
    out = []
    for language in ("en", "fr", "nl"):
        for size in SIZES:
            hd = size[2] != 1
            review = FAMILY_GAMES if hd or language != "en" else GAMES
            out.append(pytest.param(language, size, review, FAMILY_GAMES if hd else GAMES, id=f"{language}-{size[0]}x{size[1]}" + ("@3" if hd else "")))
    return out


@pytest.mark.parametrize("language, size, review_games, games", cases())
def test_every_screen_fits(language, size, review_games, games):
    w, h, density = size
    app = make_app((w, h), density, language)
    found = []
    for name in APP_SCREENS:
        found += problems_of(app, name)
    for name in GAME_SCREENS:
        for game_id in review_games if name == "review" else games:
            found += problems_of(app, name, game_id)
    assert found == [], "\n".join(found[:40]) + (f"\n... {len(found) - 40} more" if len(found) > 40 else "")


# ------------------------------------------------------------------ a rotation keeps the screen's state
def rotate(app, density: float = 1.0) -> None:
    """The window turned a quarter: a resize event, as the browser's page sends it."""
    w, h = app.window_size
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=h, h=w, size=(h, w)))
    app.tick(DT)
    app.tick(DT)


def test_a_rotation_keeps_the_setup_its_scroll_its_typed_name_and_its_focus():
    app = make_app((360, 640))
    setup = open_screen(app, "setup", "classic_rummy")
    app.run_frames(2)
    assert setup.show_row(("seat", 0))
    setup.entries[0].set_text("Zoë")
    setup.cycle_option("target")
    value = setup.options_for("classic_rummy")["target"]
    last = ("seat", setup.players - 1)
    assert setup.show_row(last) and setup.scrolls[0].first > 0  # scrolled down to the last seat
    setup.focus_key(last)
    typed = setup.entries.get(0)
    rotate(app)
    assert app.shape == "short" and app.scenes.top is setup
    # On its side the seats have a list of their own: the name typed is there, the row that
    # had the focus still has it, and the option chosen stays.
    assert setup.names[0] == "Zoë" and setup.entries[0].get_text() == "Zoë" and typed is not setup.entries[0]
    assert setup.options_for("classic_rummy")["target"] == value
    assert setup.row_keys.get(setup.focusables[setup.focus]) == last
    rotate(app)
    assert app.shape == "portrait" and setup.names[0] == "Zoë"
    assert last in setup.row_keys.values() and setup.row_keys.get(setup.focusables[setup.focus]) == last


def test_a_rotation_keeps_a_dialog_and_the_text_typed_in_it():
    app = make_app((844, 390))
    rename = open_screen(app, "rename_player", "orlan")
    app.run_frames(2)
    rename.entry.set_text("Ana Maria")
    rotate(app)
    assert app.scenes.top is rename and rename.entry.get_text() == "Ana Maria"
    assert app.screen.get_rect().contains(rename.box) and rename.entry.is_focused


def test_a_rotation_keeps_the_rules_page_where_it_was_read():
    app = make_app((390, 844))
    rules = open_screen(app, "rules", "bezique")
    app.run_frames(2)
    rules.scroll_to(rules.content_h // 2)
    read = rules.scroll / rules.content_h
    rotate(app)
    assert app.scenes.top is rules and rules.game_id == "bezique"
    # The page is laid out again for the new width: the same share of it has been read.
    assert abs(rules.scroll / rules.content_h - read) < 0.1


def test_the_setup_list_scrolls_under_a_finger_and_every_option_is_reached():
    app = make_app((360, 640))
    setup = open_screen(app, "setup", "classic_rummy")
    app.run_frames(2)
    seen = set(setup.option_buttons)
    area = setup.lists[0][0]
    for _ in range(20):
        x, y = area.x + 4, area.bottom - 4
        drag(app, (x, y), (x, y - 3 * setup.scrolls[0].step))
        seen |= set(setup.option_buttons)
    assert seen == {o.name for o in setup.info.options}
    assert all(area.contains(b.rect) for b in setup.option_buttons.values())


def test_the_shelf_lists_the_families_in_a_column_upright_and_beside_the_panel_on_its_side():
    app = make_app((390, 844))
    menu = open_screen(app, "menu", "jersey_gin")
    app.run_frames(2)
    families = [b.rect for b in menu.family_buttons.values()]
    assert all(a.x == families[0].x for a in families) and families == sorted(families, key=lambda r: r.y)
    assert menu.panel_rect.top > max(r.bottom for r in families)  # the chosen game's panel under the columns
    rotate(app)
    families = [b.rect for b in menu.family_buttons.values()]
    assert menu.panel_rect.left > max(r.right for b in menu.game_buttons.values() for r in [b.rect])
    assert t("jersey_gin.title") in [b.text for b in menu.game_buttons.values()]


@pytest.mark.parametrize("name, game_id", [("settings", None), ("setup", "classic_rummy")])
def test_the_keys_reach_every_row_of_a_list_that_scrolls(name, game_id):
    """Down from the first row: the focus goes through every row, the list scrolling to show
    it, then Back (and Start); the focused button is always on screen."""
    from tests.ui_helpers import key

    app = make_app((360, 640))
    scene = open_screen(app, name, game_id)
    app.run_frames(2)
    scene.focus = 0
    scene._show_focus()
    seen = []
    for _ in range(40):
        button = scene.focusables[scene.focus]
        assert app.screen.get_rect().contains(button.rect)
        seen.append(button.text)
        if button.text == t("common.back"):
            break
        key(app, pygame.K_DOWN)
    if name == "settings":
        rows = [value for _, _, value in scene.rows()]
    else:
        rows = [t("setup.players_value", count=scene.players)] + [scene.option_value(o) for o in scene.info.options] + [t(f"kind.{k}") for k in scene.kinds[: scene.players]]
    assert seen[: len(rows)] == rows and seen[-1] == t("common.back")


@pytest.mark.parametrize("size", [(390, 844), (844, 390)])
def test_open_hands_on_a_phone_show_every_other_hand_readable_in_the_panel(size):
    app = make_app(size)
    review = open_screen(app, "review", "olsen")
    review.go(4)
    app.run_frames(1)
    from tests.ui_helpers import tap

    if t("review.more") in review.bar:  # the phone's bar has no room: behind More
        tap(app, review.bar[t("review.more")].rect.center)
        app.run_frames(2)
    tap(app, review.bar[t("review.hands_open")].rect.center)
    app.run_frames(2)
    assert not review.sheet  # closed, to show the hands
    assert review.open_hands and not review.board.open_hands  # not in the board's small chips
    names = [text for text, _, _ in review.drawn]
    others = [review.seat_name(s) for s in range(review.replay.players) if s != review.seat]
    shown = [n for n in others if n in names]
    assert shown and shown == others[: len(shown)]  # in seat order, the rest a scroll away
    panel = review.panel_rect()
    assert review.hands_scroll.content > 0
    assert text_problems(app, [d for d in drawn_texts(app) if panel.colliderect(d.rect)]) == []


def test_the_reviews_opinion_is_never_cut_on_a_phone():
    """The expert's ranking and the cards still legal: every line of the opinion is shown
    whole, the opinion scrolling when it is taller than its room (a card list was cut
    mid-entry, "10...", and the ranking cut at the bottom)."""
    from game.ui import fonts

    app = make_app((360, 640))
    review = open_screen(app, "review", "olsen")
    review.toggle_analysis()  # on again: analysed to the end, a few deals a move
    for _ in range(4000):
        if review.review.done:
            break
        review.review.step(50)
    review.build()
    entries = [e for e in review.review.entries if not e.forced and e.values]
    assert entries

    def opinion_length(entry) -> int:
        review.go(entry.index)
        return sum(len(text) for text, _, _ in review.opinion_lines())

    longest = max(entries, key=opinion_length)
    review.go(longest.index)
    if review.takes_turns():  # the board and the panel take turns at this size: the panel
        review.toggle_moves()
    app.run_frames(2)
    inner = review.panel_rect().inflate(-2 * review.pad, 0)
    size = max(fonts.min_size(), review.small_size())
    wanted = [line for text, _, bold in review.opinion_lines() for line in fonts.wrap(text, size, inner.width - app.units.px(6), bold)]
    assert any(text.startswith(t("review.ranking", moves="")[:8]) for text in wanted)
    seen = set()
    scroll = review.opinion_scroll
    for offset in range(0, scroll.room + 1 + app.units.px(10), app.units.px(10)):
        scroll.to(offset)
        app.run_frames(1)
        seen |= {text for text, rect, _ in review.drawn if scroll.area.contains(rect)}
    assert [line for line in wanted if line not in seen] == []


@pytest.mark.parametrize("size", [(640, 360), (844, 390), (800, 480)])
@pytest.mark.parametrize("recent", GAMES[:3])
@pytest.mark.parametrize("least_button", [44, 48])
def test_the_shelf_on_its_side_fits_whichever_game_continue_names(size, recent, least_button, monkeypatch):
    """The bottom row's Continue names the most recent game in progress; the families'
    column never runs into that row, even with a kiosk's 48 px buttons (it did at 640x360:
    the rows close up, never under a touch target's height)."""
    from game.ui import widgets

    monkeypatch.setattr(widgets, "MIN_BUTTON_PX", least_button)
    app = make_app(size)
    with_history(app)
    app.saved_games[recent].saved_at = "9999"  # the most recent, whatever the clock said
    assert problems_of(app, "menu") == []
    menu = app.scenes.top
    continue_button = next(b for b in menu.elements if b.text == t("menu.continue_game", game=t(f"{recent}.title")))
    assert max(b.rect.bottom for b in menu.family_buttons.values()) <= continue_button.rect.top
    assert min(b.rect.height for b in menu.family_buttons.values()) >= app.units.touch


# ------------------------------------------------------------------ the review's board on a phone on its side
def board_overlaps(app, review) -> list[str]:
    """What covers what on the review's board: two seat chips, a chip and the felt, the
    status line or the hand, two texts. The layout matrix measures each text against its own
    box only, so a chip drawn whole over the status line (each text inside its own box)
    passed it: the boxes themselves are compared here."""
    geo = review.board.geo
    board = review.board_rect()
    zones = [(f"chip {k}", r) for k, r in geo.seats.items()]
    zones += [("felt", geo.felt), ("status", geo.prompt), ("hand", geo.hand_area)]
    out = []
    for i, (a, ra) in enumerate(zones):
        for b, rb in zones[i + 1:]:
            if ra.width and rb.width and ra.clip(rb).width > 1 and ra.clip(rb).height > 1:
                out.append(f"{a} {tuple(ra)} overlaps {b} {tuple(rb)}")
    hand = len(review.board.shown.get("hand", []))
    if hand and not geo.hand_layout(hand, review.board.index_share()).fits:
        out.append(f"a hand of {hand} cards does not fit the board {board.size}: its cards run off it")
    texts = [d for d in drawn_texts(app) if board.contains(d.rect) and d.text.strip()]
    for d in texts:  # a text over a chip it is not part of
        for k, r in geo.seats.items():
            common = d.rect.clip(r)
            if not r.contains(d.rect) and common.width > 1 and common.height > 1:
                out.append(f"{d.text!r} {tuple(d.rect)} runs over chip {k} {tuple(r)}")
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            common = a.rect.clip(b.rect)
            if common.width > 1 and common.height > 1:
                out.append(f"{a.text!r} {tuple(a.rect)} overlaps {b.text!r} {tuple(b.rect)}")
    return out


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
@pytest.mark.parametrize("size", [(640, 360), (844, 390), (360, 640)])
def test_the_reviews_board_on_a_phone_has_nothing_over_anything(language, size):
    """At 640x360 the board under a bar of buttons was too low for the table's geometry: the
    seat chips ran over the status line and the felt's first line (at 360x640 too, the board
    above the panel). It takes the whole height now, the buttons beside it, or it takes
    turns with the panel; the most seats (ten in Triomphe Forcée) included."""
    app = make_app(size, 1.0, language)
    found = []
    for game_id in ("orlan", "olsen", "basic_rummy", "bezique", "maison_troggen", "triomphe_forcee"):
        review = open_screen(app, "review", game_id)
        for k in (0, review.total // 2):
            review.go(k)
            app.run_frames(1)
            found += [f"{game_id} move {k}: {p}" for p in board_overlaps(app, review)]
    assert found == [], "\n".join(found[:30])


def test_more_on_a_phone_on_its_side_opens_the_rest_and_closes():
    """The More sheet holds what the bar and the panel's buttons held; a button in it acts,
    a tap outside closes it; all of it measured (texts whole, targets 44x44 apart)."""
    from tests.ui_helpers import tap

    app = make_app((640, 360), 1.0, "fr")
    review = open_screen(app, "review", "olsen")
    app.run_frames(2)
    assert review.tight() and review.board_rect().height == app.size[1]
    from game import i18n

    for language in ("en", "fr", "nl"):  # the hint names the button as it reads
        assert i18n.lookup("review.more", language) in i18n.lookup("review.not_reviewed_more", language)
    tap(app, review.bar[t("review.more")].rect.center)
    app.run_frames(2)
    assert review.sheet
    for key in ("review.hands_open", "review.deeper", "review.export", "review.close_more"):
        assert t(key) in review.bar
    assert review.said("review.moves_of", review.seat) in review.bar
    assert text_problems(app, drawn_texts(app), cut=True) + target_problems(app) == []
    assert review.row_rects == []  # the move list under the sheet takes no tap
    tap(app, review.bar[t("review.deeper")].rect.center)
    app.run_frames(2)
    assert review.depth == 1 and review.sheet  # the sheet stays: its progress line shows the new analysis
    tap(app, (2, 2))  # outside the sheet
    app.run_frames(2)
    assert not review.sheet and t("review.next") in review.bar
    assert review.panel_shown() and review.board_shown()  # side by side: no switch
    tap(app, review.bar[t("review.more")].rect.center)
    app.run_frames(2)
    tap(app, review.bar[t("review.hands_open")].rect.center)
    app.run_frames(2)
    assert review.open_hands and not review.sheet  # closed, to show the hands


def test_an_upright_phones_more_sheet_does_not_repeat_the_panels_buttons():
    """At 360x640 the board and the panel take turns: whose moves, stop/resume and deeper are
    the panel's buttons, so More offers them only while the board hides the panel (it showed
    the same three buttons twice); from either view each of them is one tap away."""
    from tests.ui_helpers import tap

    app = make_app((360, 640), 1.0, "en")
    review = open_screen(app, "review", "orlan")
    app.run_frames(2)
    assert review.takes_turns() and not review.tight() and not review.panel_shown()
    panel_keys = (review.said("review.moves_of", review.seat), t("review.deeper"))
    tap(app, review.bar[t("review.more")].rect.center)
    app.run_frames(2)
    assert review.sheet and all(text in review.bar for text in panel_keys)
    assert text_problems(app, drawn_texts(app), cut=True) + target_problems(app) == []
    tap(app, review.bar[t("review.close_more")].rect.center)
    app.run_frames(2)
    tap(app, review.bar[t("review.show_moves")].rect.center)
    app.run_frames(2)
    assert review.panel_shown() and review.deeper_button is not None
    assert [b.text for b in review.elements if getattr(b, "text", None)].count(t("review.deeper")) == 1
    tap(app, review.bar[t("review.more")].rect.center)
    app.run_frames(2)
    assert review.sheet and not any(text in review.bar for text in panel_keys)
    assert t("review.hands_open") in review.bar and t("review.close_more") in review.bar
    assert text_problems(app, drawn_texts(app), cut=True) + target_problems(app) == []


@pytest.mark.parametrize("game_id", ["maison_troggen", "triomphe_forcee"])
def test_a_board_too_full_beside_the_panel_takes_turns_with_it_at_640x360(game_id):
    """28 tarot cards need three quarters of 640 px at 360 px high (every index showing),
    ten seats' chips left the trick's cards 10 px wide: the board and the panel take turns
    there, a button in the column of steps switching them; the move list takes taps only
    when it is shown."""
    from tests.ui_helpers import tap

    app = make_app((640, 360), 1.0, "fr")
    review = open_screen(app, "review", game_id)
    app.run_frames(2)
    assert review.takes_turns() and review.board_shown() and not review.panel_shown()
    assert board_overlaps(app, review) == [] and review.row_rects == []
    tap(app, review.bar[t("review.show_moves")].rect.center)
    app.run_frames(2)
    assert review.panel_shown() and not review.board_shown() and review.row_rects
    assert text_problems(app, drawn_texts(app), cut=True) + target_problems(app) == []
    k, row = review.row_rects[-1]
    tap(app, row.center)
    app.run_frames(1)
    assert review.cursor == k
    tap(app, review.bar[t("review.show_board")].rect.center)
    app.run_frames(2)
    assert review.board_shown() and review.cursor == k


def test_a_rotation_keeps_the_reviews_move_and_its_more_sheet():
    """Turned from its side to upright and back with the More sheet open: the same move,
    the sheet still open, every text whole and every target apart at each size."""
    from tests.ui_helpers import tap

    app = make_app((640, 360), 1.0, "nl")
    review = open_screen(app, "review", "maison_troggen")
    review.go(7)
    app.run_frames(2)
    tap(app, review.bar[t("review.more")].rect.center)
    app.run_frames(2)
    for shape in ("portrait", "short"):
        rotate(app)
        assert app.shape == shape and app.scenes.top is review
        assert review.cursor == 7 and review.sheet
        assert text_problems(app, drawn_texts(app), cut=True) + target_problems(app) == []
