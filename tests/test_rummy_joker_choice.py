"""Where a joker goes, chosen at the table (Basic Rummy, jokers in play), through real input:
5♥ 6♥ and a joker are 4♥-5♥-6♥ or 5♥-6♥-7♥, so Meld (or the cards dragged onto the felt, or
Enter) opens a chooser with both readings and Back; the reading picked (a click or a digit)
is the meld on the table, its joker standing for the card chosen; Back (or Escape) changes
nothing and leaves the cards chosen; cards with one reading (7♣ 7♠ and a joker, a set) meld
at once. A joker laid off on a run may go at either end: the same chooser; with the Layoff
button and a joker that fits two melds, each place names its meld. The chooser lies
inside the felt, clear of the melds and the hand, at 800x480 and 1920x1080."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui.cards import card_name  # noqa: E402
from tests.test_rummy_table import FirstLegalBot, card_at, choose, code, dealt, drag, make_app, open_table, press, settle, tx  # noqa: E402
from tests.ui_helpers import DT, click, key  # noqa: E402

GID = "basic_rummy"
HANDS = [["5H", "6H", "X1", "7C", "7S", "KD", "2C"], ["AC", "3C", "6D", "8D", "TD", "QC", "2S"]]
RUN_HANDS = [["5H", "6H", "7H", "X1", "7C", "7S", "2C"], ["AC", "3C", "6D", "8D", "TD", "QC", "2S"]]


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch):
    monkeypatch.setattr("game.scenes.match.make_player_bot", lambda *a, **k: FirstLegalBot())


def c(name: str) -> str:
    return code(GID, name)


def joker_as(name: str) -> str:
    return tx(GID, "choice_joker", card=card_name(name))


def drawn_table(hands, size=(1280, 720)):
    """Seat 0 at the table, having drawn from the stock: the play step."""
    app = make_app(size)
    table = open_table(app, dealt(GID, hands, pile="QD", stock=["4C", "TC", "TS"]))
    click(app, table.stock_rect.center)
    settle(app, table)
    assert table.phase() == "play"
    return app, table


def labels(table) -> list[str]:
    return [label for label, _ in table.choices_now() or []]


def click_choice(app, table, label: str) -> None:
    i = labels(table).index(label)
    click(app, table.choice_rects[i][0].center)


def onto_meld(app, table, gesture: str, card: str, target: str) -> None:
    """``card`` of the hand dragged onto the meld holding ``target``, or chosen and the meld
    tapped: a gesture with several readings, so nothing is played yet (the chooser opens)."""
    before = table.match.state.to_json()
    if gesture == "drag":
        drag(app, card_at(table, c(card)), table.card_rects[c(target)].center)
    else:
        choose(app, table, [c(card)])
        app.tick(DT)
        click(app, table.card_rects[c(target)].center)
    assert table.match.state.to_json() == before


def on_table(table) -> list[dict]:
    return table.match.observation(0)["table"]


@pytest.mark.parametrize("stands_for, order", [("4H", ["X1", "5H", "6H"]), ("7H", ["5H", "6H", "X1"])])
def test_meld_offers_both_readings_and_the_one_clicked_is_the_meld_laid(stands_for, order):
    app, table = drawn_table(HANDS)
    choose(app, table, [c("5H"), c("6H"), c("X1")])
    press(app, table, "meld")
    assert on_table(table) == []  # nothing laid yet: the player chooses
    assert labels(table) == [joker_as("4H"), joker_as("7H"), tx(GID, "choice_back")]
    assert "meld" not in table.action_buttons  # the chooser takes the buttons' place
    assert table.prompt_text().startswith(tx(GID, "prompt_reading", count=1))
    click_choice(app, table, joker_as(stands_for))
    meld = on_table(table)[0]
    assert meld["cards"] == [c(x) for x in order] and meld["kind"] == "run"
    assert meld["jokers"] == {c("X1"): stands_for}
    assert table.readings is None and table.selected == []


def test_back_and_escape_change_nothing_and_keep_the_cards_chosen():
    app, table = drawn_table(HANDS)
    state = table.match.state
    chosen = [c("5H"), c("6H"), c("X1")]
    choose(app, table, chosen)
    before = state.to_json()
    press(app, table, "meld")
    click_choice(app, table, tx(GID, "choice_back"))
    assert state.to_json() == before and sorted(table.selected) == sorted(chosen)
    assert table.choices_now() is None and table.action_buttons["meld"].is_enabled
    press(app, table, "meld")
    key(app, pygame.K_0)  # 0: the chooser's last button, Back
    assert state.to_json() == before and table.choices_now() is None
    press(app, table, "meld")
    key(app, pygame.K_ESCAPE)
    assert state.to_json() == before and sorted(table.selected) == sorted(chosen)
    assert table.app.scenes.top is table  # Escape closed the chooser, not the game (no pause)
    # A card tapped while the chooser is open changes the choice: the chooser goes.
    press(app, table, "meld")
    click(app, card_at(table, c("2C")))
    assert table.choices_now() is None and state.to_json() == before


def test_dragging_the_cards_onto_the_felt_or_enter_opens_the_chooser_and_a_digit_picks():
    app, table = drawn_table(HANDS)
    choose(app, table, [c("5H"), c("6H"), c("X1")])
    drag(app, card_at(table, c("6H")), table.felt_area.center)
    assert on_table(table) == [] and labels(table)[:2] == [joker_as("4H"), joker_as("7H")]
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)  # Enter confirms the chosen cards: the same chooser
    assert labels(table)[:2] == [joker_as("4H"), joker_as("7H")]
    key(app, pygame.K_2)
    assert on_table(table)[0]["jokers"] == {c("X1"): "7H"}


def test_cards_with_one_reading_meld_at_once():
    app, table = drawn_table(HANDS)
    choose(app, table, [c("7C"), c("7S"), c("X1")])
    press(app, table, "meld")
    assert table.readings is None
    meld = on_table(table)[0]
    assert meld["kind"] == "set" and sorted(meld["cards"]) == sorted([c("7C"), c("7S"), c("X1")])


@pytest.mark.parametrize("gesture", ["drag", "tap"])
def test_a_joker_laid_off_on_a_run_asks_which_end(gesture):
    app, table = drawn_table(RUN_HANDS)
    choose(app, table, [c("5H"), c("6H"), c("7H")])
    press(app, table, "meld")  # no joker: one reading, laid at once
    settle(app, table)
    assert [m["cards"] for m in on_table(table)] == [[c("5H"), c("6H"), c("7H")]]
    onto_meld(app, table, gesture, "X1", "6H")
    assert labels(table) == [joker_as("4H"), joker_as("8H"), tx(GID, "choice_back")]
    click_choice(app, table, joker_as("8H"))
    meld = on_table(table)[0]
    assert meld["cards"] == [c("5H"), c("6H"), c("7H"), c("X1")] and meld["jokers"] == {c("X1"): "8H"}


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_the_chooser_lies_in_the_felt_clear_of_the_melds_and_the_hand(size):
    app, table = drawn_table(RUN_HANDS, size)
    choose(app, table, [c("5H"), c("6H"), c("7H")])
    press(app, table, "meld")
    settle(app, table)
    drag(app, card_at(table, c("X1")), table.card_rects[c("6H")].center)
    app.tick(DT)
    rects = [r for r, _ in table.choice_rects]
    assert len(rects) == 3
    melds = [table.card_rects[c(x)] for x in ("5H", "6H", "7H")]
    # On a phone the chooser takes the action bar (and the felt's bottom for more rows).
    room = table.felt_area.union(table.geo.actions) if table.geo.compact else table.felt_area
    for i, r in enumerate(rects):
        assert room.contains(r), (r, room)
        assert not any(r.colliderect(m) for m in melds), (r, melds)
        assert not any(r.colliderect(h) for _, h in table.hand_rects)
        assert not any(r.colliderect(o) for o in rects[i + 1:])


def test_the_layoff_button_with_a_joker_that_fits_two_melds_names_the_meld_of_each_place():
    app, table = drawn_table([["5H", "6H", "7H", "9C", "9D", "9S", "X1"], ["AC", "3C", "6D", "8D", "TD", "QC", "2S"]])
    for three in (["5H", "6H", "7H"], ["9C", "9D", "9S"]):
        choose(app, table, [c(x) for x in three])
        press(app, table, "meld")
        settle(app, table)
    choose(app, table, [c("X1")])
    press(app, table, "layoff")
    run = " ".join(card_name(c(x)) for x in ("5H", "6H", "7H"))
    nines = " ".join(card_name(c(x)) for x in ("9C", "9D", "9S"))
    assert labels(table) == [
        tx(GID, "choice_on", what=joker_as("4H"), meld=run), tx(GID, "choice_on", what=joker_as("8H"), meld=run),
        tx(GID, "choice_on", what=card_name(c("X1")), meld=nines), tx(GID, "choice_back"),
    ]
    click_choice(app, table, labels(table)[2])
    assert [len(m["cards"]) for m in on_table(table)] == [3, 4] and c("X1") in on_table(table)[1]["cards"]


# A natural card with jokers is what its player declares (RULES-NOTES): 10♥ and two jokers
# are three tens, or 8♥-9♥-10♥, 9♥-10♥-J♥, 10♥-J♥-Q♥.
TEN_HANDS = [["TH", "X1", "X2", "3C", "7S", "9D", "KC"], ["AC", "3D", "6D", "8D", "TD", "QC", "2S"]]


def jokers_as(*names: str) -> str:
    return tx(GID, "choice_jokers", cards=", ".join(card_name(n) for n in names))


def readings_shown(table) -> list[str]:
    return labels(table)[:-1]


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_a_natural_card_with_jokers_asks_set_or_run_and_lays_the_reading_picked(size, tmp_path):
    app, table = drawn_table(TEN_HANDS, size)
    choose(app, table, [c("TH"), c("X1"), c("X2")])
    press(app, table, "meld")
    assert on_table(table) == []  # nothing laid yet: the player declares
    a_set = tx(GID, "choice_set", count=2, rank="10")
    assert readings_shown(table) == [a_set, jokers_as("8H", "9H"), jokers_as("9H", "JH"), jokers_as("JH", "QH")]
    assert labels(table)[-1] == tx(GID, "choice_back")
    app.tick(DT)
    rects = [r for r, _ in table.choice_rects]
    # Every choice readable on the felt (on a phone: in the action bar and up over the felt),
    # none over another, each a touch target.
    room = table.felt_area.union(table.geo.actions) if table.geo.compact else table.felt_area
    for i, r in enumerate(rects):
        assert room.contains(r) and not any(r.colliderect(o) for o in rects[i + 1:])
        assert r.height >= 44
    pygame.image.save(app.screen, str(tmp_path / f"readings_{size[0]}.png"))
    click_choice(app, table, jokers_as("8H", "9H"))
    meld = on_table(table)[0]
    assert meld["kind"] == "run" and meld["cards"] == [c("X1"), c("X2"), c("TH")]
    assert meld["jokers"] == {c("X1"): "8H", c("X2"): "9H"}


def test_the_set_reading_lays_three_tens_whose_jokers_any_missing_ten_takes_back():
    app, table = drawn_table(TEN_HANDS)
    choose(app, table, [c("TH"), c("X1"), c("X2")])
    press(app, table, "meld")
    click_choice(app, table, tx(GID, "choice_set", count=2, rank="10"))
    meld = on_table(table)[0]
    assert meld["kind"] == "set" and meld["jokers"] == {c("X1"): "T", c("X2"): "T"}


@pytest.mark.parametrize("gesture", ["drag", "tap"])
def test_a_card_that_may_lay_off_or_take_back_the_joker_asks_which(gesture):
    """7♦ on the set 7♣ 7♠ joker may be laid off, or take the joker's place: dragged onto the
    meld it once did nothing, and a tap on the meld laid it off without asking."""
    app, table = drawn_table([["5H", "6H", "X1", "7C", "7S", "7D", "2C"], HANDS[1]])
    choose(app, table, [c("7C"), c("7S"), c("X1")])
    press(app, table, "meld")
    settle(app, table)
    onto_meld(app, table, gesture, "7D", "7S")
    view = table.view
    lay, swap = (tx(GID, "choice_doing", doing=view.action_label(k), what=card_name(c("7D"))) for k in ("layoff", "swap"))
    assert sorted(labels(table)) == sorted([lay, swap, tx(GID, "choice_back")])
    click_choice(app, table, swap)
    settle(app, table)
    meld = on_table(table)[0]
    assert c("7D") in meld["cards"] and c("X1") not in meld["cards"]
