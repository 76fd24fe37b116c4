"""The trick-taking table (Olsen, Aluette) driven headless through real input events."""
from __future__ import annotations

import json
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.app import App  # noqa: E402
from game.i18n import t  # noqa: E402
from game.rules import load_state, new_game  # noqa: E402
from game.scenes.match import Match, Seat  # noqa: E402
from game.scenes.setup import SetupScene  # noqa: E402
from game.scenes.gameover import GameOverScene  # noqa: E402
from game.scenes.summary import SummaryScene  # noqa: E402
from game.scenes.table import TableScene  # noqa: E402
from game.ui.cards import card_name  # noqa: E402

from tests import ui_helpers  # noqa: E402
from tests.ui_helpers import DT, button_with_text, click, make_app, press, push_table, tick_until  # noqa: E402


def card_point(table: TableScene, code: str) -> tuple[int, int]:
    """A point on the visible part of a hand card (cards overlap to the right)."""
    rects = dict(table.hand_rects)
    r = rects[code]
    hand = table.shown["hand"]
    i = hand.index(code)
    nxt = rects.get(hand[i + 1]) if i + 1 < len(hand) else None
    step = nxt.x - r.x if nxt is not None and nxt.y <= r.y + r.height // 2 and nxt.x > r.x else r.width
    return (r.x + max(4, int(min(step, r.width) // 2)), r.y + r.height // 3)


def wait_for_my_turn(app: App, table: TableScene, frames: int = 4000) -> None:
    for _ in range(frames):
        if app.scenes.top is table and table.my_turn():
            return
        app.tick(DT)
    raise AssertionError("the human seat never got the turn")


def olsen_order(hands: list[list[str]]) -> list[str]:
    """Olsen deals one card at a time from seat 0 (the first dealer is the last seat)."""
    return [hands[i % 4][i // 4] for i in range(52)]


# Seat 1 holds 2♣ and leads it; seat 2 holds only hearts; seat 0 (you) holds two clubs.
FOLLOW_HANDS = [
    ["9C", "KC", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "3D", "4D", "5D"],
    ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "TC", "JC", "QC", "AC", "2S", "JS"],
    ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H"],
    ["QS", "KS", "AS", "2D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD"],
]


def open_table(app: App, match: Match) -> TableScene:
    return ui_helpers.open_table(app, match, settle_frames=1)


def follow_match(options=None) -> Match:
    opts = {"pass3": False, "jack_diamonds": False, "target": 100, "deals": 0, **(options or {})}
    state = new_game("olsen", 4, opts, seed=5, deck_order=olsen_order(FOLLOW_HANDS))
    seats = [Seat("human", "You"), Seat("simple", "Amira"), Seat("simple", "Bashir"), Seat("simple", "Ceren")]
    return Match("olsen", seats, opts, seed=5, state=state)


# ------------------------------------------------------------------ setup
@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_start_olsen_from_setup_and_play_a_legal_card_by_click(size):
    app = make_app(size)
    # On the shelf: the trick-taking family opens on its first game, Olsen; a tap on the
    # chosen game sets it up.
    click(app, button_with_text(app, t("family.tricks")).rect.center)
    click(app, button_with_text(app, t("olsen.title")).rect.center)
    assert isinstance(app.scenes.top, SetupScene)
    assert app.scenes.top.game == "olsen"
    # Olsen's own settings are offered, defaults from OlsenState.info.options.
    assert button_with_text(app, t("olsen.option.target.value", count=100))
    click(app, button_with_text(app, t("setup.start")).rect.center)
    table = app.scenes.top
    assert isinstance(table, TableScene)
    assert table.match.game_id == "olsen" and table.match.players == 4
    wait_for_my_turn(app, table)
    obs = table.match.observation(0)
    legal = [m["card"] for m in obs["legal"]]
    card = legal[0]
    before = len(obs["hand"])
    click(app, card_point(table, card))
    after = table.match.observation(0)
    assert card not in after["hand"] and len(after["hand"]) == before - 1
    played = [p for p in after["trick"] if p["seat"] == 0] + [p for tr in after["tricks"] for p in tr["plays"] if p["seat"] == 0]
    assert {"seat": 0, "card": card} in played


def test_setup_reads_olsen_options_and_fixes_aluette_partners():
    app = make_app((800, 480))
    setup = app.scenes.push(SetupScene(app, "olsen"))
    assert setup.game == "olsen" and 3 <= setup.players <= 5
    counts = set()
    for _ in range(3):
        setup.cycle_players()
        counts.add(setup.players)
    assert counts == {3, 4, 5}
    click(app, button_with_text(app, t("common.off")).rect.center)  # passing
    click(app, button_with_text(app, t("common.off")).rect.center)  # jack of diamonds
    from game.rules import GAMES

    declared = GAMES["olsen"].info
    # Each option's button cycles through every value the game declares, then back to the start.
    for name, text in (("target", lambda v: t("olsen.option.target.value", count=v)),
                       ("deals", lambda v: t("olsen.option.deals.value", count=v) if v else t("olsen.option.deals.0"))):
        expected = [text(v) for v in declared.option(name).choices]
        seen = [setup.option_buttons[name].text]
        for _ in expected:
            click(app, setup.option_buttons[name].rect.center)
            seen.append(setup.option_buttons[name].text)
        assert seen[:-1] == expected and seen[-1] == seen[0], name
    click(app, setup.option_buttons["deals"].rect.center)  # a fixed number of hands
    opts = setup.options_for("olsen")
    assert opts["pass3"] and opts["jack_diamonds"] and opts["deals"] == declared.option("deals").choices[1]
    m = setup.make_match()
    assert m.game_id == "olsen" and m.state.options["pass3"] and m.state.options["jack_diamonds"]
    assert m.state.options["deals"] == opts["deals"]
    app.scenes.pop()
    setup = app.scenes.push(SetupScene(app, "aluette"))
    assert setup.game == "aluette" and setup.players == 4
    players = button_with_text(app, t("setup.players_value", count=4))
    assert not players.is_enabled  # fixed at four
    assert not setup.option_buttons["teams"].is_enabled and setup.option_buttons["teams"].text == t("aluette.option.teams.true")
    m = setup.make_match()
    assert m.game_id == "aluette" and m.teams and m.side_of(0) == m.side_of(2) != m.side_of(1)


# ------------------------------------------------------------------ following suit
def test_illegal_card_is_refused_with_a_message_and_the_trick_goes_to_its_winner():
    app = make_app((800, 480))
    table = open_table(app, follow_match())
    wait_for_my_turn(app, table)
    obs = table.match.observation(0)
    assert [p["card"] for p in obs["trick"]][0] == "2C"
    assert sorted(m["card"] for m in obs["legal"]) == ["9C", "KC"]
    # Playable cards are marked: lifted, the others shaded (read from where they are drawn).
    app.tick(DT)
    rects = dict(table.hand_rects)
    assert rects["9C"].y < rects["3S"].y and rects["KC"].y < rects["5D"].y
    saved = table.match.state.to_json()
    hand = list(table.shown["hand"])
    click(app, card_point(table, "3S"))
    assert table.match.state.to_json() == saved  # nothing was played, nothing lost
    assert table.shown["hand"] == hand and table.my_turn()
    assert table.banner is not None and table.banner[0] == t("trick.refused_follow", suit="♣")
    assert table.refused and table.refused[0] == "3S"
    # The legal card plays; the trick completes and its winner (9♣ beats 2♣) collects it.
    click(app, card_point(table, "9C"))
    obs = table.match.observation(0)
    assert obs["tricks"][0]["winner"] == 0 and obs["tricks_won"][0] == 1
    collect = None
    for _ in range(300):
        if table.steps and table.steps[0].flights and table.steps[0].flights[0].dst == table.pile_rect(0):
            collect = table.steps[0]
            break
        app.tick(DT)
    assert collect is not None and len(collect.flights) == 4
    assert {f.code for f in collect.flights} == {p["card"] for p in obs["tricks"][0]["plays"]}
    tick_until(app, lambda: not table.shown["trick"] or table.shown["trick"][0][1] != "2C", 120)
    table.skip_animations()
    app.tick(DT)
    assert table.shown["tricks_won"][0] == 1
    heart = [p["card"] for p in obs["tricks"][0]["plays"] if p["seat"] == 2][0]
    assert heart in table.shown["faceup"][0]  # the penalty card taken is shown with its taker


def test_keyboard_plays_and_refuses_the_same_way():
    app = make_app((1280, 720))
    table = open_table(app, follow_match())
    wait_for_my_turn(app, table)
    saved = table.match.state.to_json()
    table.focus_card = "3S"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    app.run_frames(2)
    assert table.match.state.to_json() == saved and table.banner[0] == t("trick.refused_follow", suit="♣")
    table.focus_card = "KC"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    app.run_frames(2)
    assert table.match.observation(0)["tricks"][0]["winner"] == 0


def test_olsen_pass_three_cards_by_clicks():
    app = make_app((800, 480))
    table = open_table(app, follow_match({"pass3": True}))
    wait_for_my_turn(app, table)
    assert table.phase() == "pass"
    assert not table.action_buttons["pass"].is_enabled
    for code in ("3D", "4D", "5D"):
        click(app, card_point(table, code))
    assert sorted(table.selected) == ["3D", "4D", "5D"] and table.action_buttons["pass"].is_enabled
    assert table.prompt_text() == t("trick.pass_ready", name="Amira")
    press(app, table, "pass")
    tick_until(app, lambda: table.match.state.to_json()["phase"] == "play", 1500)
    obs = table.match.observation(0)
    assert obs["passed"] == ["3D", "4D", "5D"]
    assert not {"3D", "4D", "5D"} & set(obs["hand"]) and set(obs["received"]) <= set(obs["hand"])
    tick_until(app, lambda: table.view.received, 200)
    assert table.view.received == set(obs["received"])  # marked in the hand until the first trick ends


# ------------------------------------------------------------------ Aluette
def aluette_spoil_match() -> Match:
    """Seats 1-3 have played an ace, a 5 and a 4 to the first trick; you hold another ace."""
    state = new_game("aluette", 4, {}, seed=7)
    d = state.to_json()
    hands = [list(h) for h in d["hands"]]
    pool = [c for h in hands for c in h] + list(d["unused"])
    want = {1: "1C", 2: "5B", 3: "4E", 0: "1D"}
    for seat, code in want.items():
        owner = next(i for i, h in enumerate(hands) if code in h) if any(code in h for h in hands) else None
        if owner is None:  # from the unused cards: swap with a card of the seat
            give = next(c for c in hands[seat] if c not in want.values())
            d["unused"] = [c for c in d["unused"] if c != code] + [give]
            hands[seat] = [c for c in hands[seat] if c != give] + [code]
        elif owner != seat:
            give = next(c for c in hands[seat] if c not in want.values())
            hands[owner] = [c for c in hands[owner] if c != code] + [give]
            hands[seat] = [c for c in hands[seat] if c != give] + [code]
    assert sorted(pool) == sorted([c for h in hands for c in h] + list(d["unused"]))
    trick = []
    for seat in (1, 2, 3):
        hands[seat].remove(want[seat])
        trick.append({"seat": seat, "card": want[seat]})
    d.update(hands=hands, leader=1, trick=trick, to_move=0)
    seats = [Seat("human", "You"), Seat("simple", "Amira"), Seat("simple", "Bashir"), Seat("simple", "Ceren")]
    return Match("aluette", seats, {"teams": True}, seed=7, state=load_state(d))


def test_aluette_spoiled_trick_is_shown_as_such():
    app = make_app((800, 480))
    table = open_table(app, aluette_spoil_match())
    assert table.my_turn()
    assert table.legal_codes() == set(table.shown["hand"])  # any card may be played
    click(app, card_point(table, "1D"))
    obs = table.match.observation(0)
    assert obs["tricks"][0]["winner"] is None and obs["leader"] == 1  # the same leader again
    seen_stamp = seen_banner = False
    for _ in range(200):
        app.tick(DT)
        step = table.steps[0] if table.steps else None
        seen_stamp |= table.view.stamp_spoiled and len(table.shown["trick"]) == 4
        seen_banner |= bool(step and step.banner == t("trick.spoiled"))
        if not table.steps:
            break
    assert seen_stamp and seen_banner
    assert table.shown["aside"] == 1 and table.shown["tricks_won"] == [0, 0, 0, 0]
    assert table.aside_rect.colliderect(table.table_area)


def test_aluette_deal_summary_and_game_over_screens():
    app = make_app((800, 480))
    match = aluette_spoil_match()
    table = open_table(app, match)
    state = match.state
    # Play the match out through the interface; the last move goes through the table.
    events = []
    while True:
        events = state.apply(state.legal_moves()[0])
        if any(e["type"] == "game_end" for e in events):
            break
    res = state.result()
    summary = state.rounds[-1]
    scene = app.scenes.push(SummaryScene(app, match, summary, True, table.view))
    app.run_frames(2)
    rows = scene.rows()
    assert [r[2] for r in rows] == [str(x) for x in summary["tricks_won"]]
    assert [r[4] for r in rows] == [str(res["side_totals"][s % 2]) for s in range(4)]
    table.game_over = True
    click(app, button_with_text(app, t("summary.continue")).rect.center)
    over = app.scenes.top
    assert isinstance(over, GameOverScene)
    lines = over.lines()
    assert [line[1] for line in lines] == [t("table.score", count=v) for v in sorted(res["side_totals"], reverse=True)]
    if res["winners"]:
        assert over.winner_text() == t("gameover.winner_team", name=t("summary.team", names=f"{match.seats[res['winners'][0]].name} & {match.seats[res['winners'][1]].name}"))
    else:
        assert over.winner_text() == t("gameover.draw")
    # Rematch: the same game again (Aluette, same seats), not another game's table.
    click(app, button_with_text(app, t("gameover.rematch")).rect.center)
    again = app.scenes.top
    assert isinstance(again, TableScene) and again.match is not match
    assert again.match.game_id == match.game_id and type(again.view).__name__ == "AluetteView"
    assert [s.name for s in again.match.seats] == [s.name for s in match.seats]


def test_olsen_hand_summary_rows_follow_the_hand_end_event():
    app = make_app((800, 480))
    match = follow_match()
    table = open_table(app, match)
    state = match.state
    while state.round_no == 0:
        state.apply(state.legal_moves()[0])
    summary = state.rounds[0]
    tricks = [len([tr for tr in state.to_json()["tricks"] if tr["winner"] == s]) for s in range(4)]
    table.shown["tricks_won"] = tricks  # the picture at the hand's end
    scene = app.scenes.push(SummaryScene(app, match, summary, False, table.view))
    app.run_frames(2)
    rows = scene.rows()
    assert [r[2] for r in rows] == [str(p) for p in summary["penalties"]]
    assert [r[4] for r in rows] == [str(x) for x in summary["totals"]]
    assert sum(summary["penalties"]) == 26
    notes = scene.notes()
    assert notes and (t("tsummary.olsen_target", count=100) in notes or any(match.seats[0].name in n for n in notes))
    del table


# ------------------------------------------------------------------ language, rules, resume
@pytest.mark.parametrize("lang", ["fr", "nl"])
def test_table_and_spanish_cards_render_in_every_language(lang):
    app = make_app((800, 480))
    app.settings.language = lang
    app.apply_settings()
    table = open_table(app, aluette_spoil_match())
    app.run_frames(2)
    assert i18n.language() == lang
    assert table.prompt_text() == t("trick.your_turn_any")
    assert t("trick.your_turn_any") != i18n.lookup("trick.your_turn_any", "en")
    img = table.face("RC", 90)
    assert img.get_size() == (90, 126)


@pytest.mark.parametrize("game_id", ["olsen", "aluette"])
@pytest.mark.parametrize("lang", ["en", "fr", "nl"])
def test_rules_pages_exist_and_show(game_id, lang):
    from game.scenes.rules import RulesScene

    text = i18n.rules_text(game_id, lang)
    path = i18n.DATA_DIR / "rules" / f"{game_id}.{lang}.md"
    assert path.exists() and text.startswith("# ")
    app = make_app((800, 480))
    app.settings.language = lang
    app.apply_settings()
    scene = app.scenes.push(RulesScene(app, game_id))
    app.run_frames(1)
    assert scene.content_h > scene.area.height  # a full page, scrollable


def test_save_and_resume_mid_trick_shows_the_same_table():
    from game.saves import SavedGame, load_game, save_game
    from game.saves import Seat as SavedSeat
    from game.storage import MemoryStorage

    app = make_app((800, 480))
    match = follow_match()
    table = open_table(app, match)
    wait_for_my_turn(app, table)
    storage = MemoryStorage()
    seats = [SavedSeat("You", "human")] + [SavedSeat(s.name, "ai", s.kind) for s in match.seats[1:]]
    assert save_game(SavedGame(match.state, seats), storage) is None
    loaded = load_game(storage).game
    assert loaded is not None and loaded.state.to_json() == match.state.to_json()
    resumed = Match("olsen", match.seats, match.options, seed=5, state=loaded.state)
    app2 = make_app((800, 480))
    table2 = open_table(app2, resumed)
    assert table2.shown["trick"] == table.shown["trick"] and table2.shown["hand"] == table.shown["hand"]
    assert table2.my_turn() and table2.legal_codes() == {"9C", "KC"}


def test_app_saves_after_each_move_and_continue_resumes_the_trick_game():
    from game.storage import MemoryStorage

    storage = MemoryStorage()
    app = App((800, 480), headless=True, seed=11, storage=storage)
    app.settings.sound = False
    app.apply_settings()
    table = open_table(app, follow_match())
    wait_for_my_turn(app, table)  # the AIs' moves were saved as they were played
    saved_state = table.match.state.to_json()
    app2 = App((800, 480), headless=True, seed=11, storage=storage)
    app2.run_frames(2)  # start-up finishes once the menu is on screen
    assert app2.match is not None and app2.match.game_id == "olsen"
    assert app2.match.state.to_json() == saved_state
    click(app2, button_with_text(app2, t("menu.continue_game", game=t(f"{app2.match.game_id}.title"))).rect.center)
    resumed = app2.scenes.top
    assert isinstance(resumed, TableScene)
    resumed.skip_animations()
    app2.tick(DT)
    assert resumed.shown["trick"] == table.shown["trick"] and resumed.legal_codes() == {"9C", "KC"}


def test_undo_takes_back_the_card_and_the_ai_replies():
    app = make_app((800, 480))
    table = open_table(app, follow_match())
    wait_for_my_turn(app, table)
    before = table.match.state.to_json()
    click(app, card_point(table, "KC"))
    assert table.match.state.to_json() != before and table.match.can_undo()
    table.undo()
    assert table.match.state.to_json() == before
    assert "KC" in table.shown["hand"] and table.my_turn() and table.legal_codes() == {"9C", "KC"}


def test_hot_seat_hands_over_between_humans_and_hides_the_hand():
    from game.scenes.handoff import HandoffScene

    app = make_app((800, 480))
    opts = {"pass3": False, "jack_diamonds": False, "target": 100, "deals": 0}
    state = new_game("olsen", 4, opts, seed=5, deck_order=olsen_order(FOLLOW_HANDS))
    seats = [Seat("human", "Lina"), Seat("human", "Omar"), Seat("simple", "Sami"), Seat("simple", "Yara")]
    match = Match("olsen", seats, opts, seed=5, state=state)
    table = push_table(app, match)
    tick_until(app, lambda: isinstance(app.scenes.top, HandoffScene), 200)
    assert isinstance(app.scenes.top, HandoffScene) and app.scenes.top.seat == 1  # Omar holds 2♣
    assert not table.hand_visible()
    app.scenes.top.tap()
    app.tick(DT)
    assert table.viewer == 1 and table.hand_visible() and table.legal_codes() == {"2C"}
    click(app, card_point(table, "2C"))
    assert match.observation(1)["trick"][0] == {"seat": 1, "card": "2C"}


def test_tap_on_the_table_shows_the_last_trick():
    app = make_app((800, 480))
    table = open_table(app, follow_match())
    wait_for_my_turn(app, table)
    click(app, table.table_area.center)
    assert table.view.peek == 0  # no trick completed yet: nothing to show
    click(app, card_point(table, "9C"))
    table.skip_animations()
    app.tick(DT)
    click(app, table.table_area.center)
    assert table.view.peek > 0
    last = table.obs["tricks"][-1]
    assert last["winner"] == 0 and len(last["plays"]) == 4 and {"2C", "9C"} <= {p["card"] for p in last["plays"]}
    # The trick in progress is empty, yet a card face is drawn where your card lay.
    assert not table.shown["trick"]
    app.tick(DT)
    felt = tuple(min(255, c + 14) for c in app.table_colour)
    spot = table.trick_rect(0).center
    assert tuple(app.screen.get_at(spot))[:3] != felt
    for _ in range(int(3 / DT)):
        app.tick(DT)
    assert table.view.peek == 0


def test_hint_suggests_a_playable_card():
    app = make_app((800, 480))
    table = open_table(app, follow_match())
    wait_for_my_turn(app, table)
    click(app, button_with_text(app, t("table.hint")).rect.center)
    tick_until(app, lambda: table.hint, 600)
    assert table.hint and table.hint["move"]["card"] in {"9C", "KC"}
    assert table.prompt_text() == t("hint.prefix") + " " + t("hint.play", card=card_name(table.hint["move"]["card"]))


@pytest.mark.parametrize("jack_diamonds", [False, True])
def test_olsen_all_penalties_note_gives_the_takers_real_score(jack_diamonds):
    """With the J♦ option, a player who took every penalty card and the J♦ scores -10, not 0
    (game/rules/olsen.py hand_points); the summary's note says what the hand gave them."""
    from game.rules.olsen import DECK, hand_points
    from game.scenes.table import standalone_view

    penalties = [c for c in DECK.codes if c.endswith("H")] + ["QS", "JD"]
    taken = [DECK.mask_of(penalties), 0, 0, 0]
    raw, points, moon = hand_points(taken, jack_diamonds)
    assert moon == 0
    summary = {"hand": 0, "dealer": 3, "seats": [0, 1, 2, 3], "tiebreak": False, "penalties": raw, "points": points, "all_penalties": 0, "totals": points}
    match = follow_match({"jack_diamonds": jack_diamonds})
    notes = standalone_view(make_app((800, 480)), match).summary(summary, True).notes
    # Seat 0 is the one human: the note speaks to them ("for you", not "You ... for them").
    if jack_diamonds:
        assert points[0] == -10
        assert notes[0] == t("olsen.all_penalties_jack_you", count=-10) and "for you" in notes[0]
    else:
        assert points[0] == 0 and notes[0] == t("tsummary.all_penalties_you") and "for you" in notes[0]


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_sentences_about_the_one_human_speak_to_them(language):
    """The one human's name is "You" ("Vous", "Jij"): put in a sentence written for a third
    person it read "You wins!", "Vous gagne !". Sentences about that seat are in the second
    person; about an AI, with its name."""
    from game import i18n
    from game.scenes.table import standalone_view

    view = standalone_view(make_app((800, 480)), follow_match())
    i18n.set_language(language)  # after the app, which sets its own
    try:
        assert view.winners_text([0]) == t("gameover.winner_you") != t("gameover.winner", name=t("seat.you"))
        assert view.winners_text([1]) == t("gameover.winner", name="Amira")
    finally:
        i18n.set_language("en")


def test_every_second_person_text_is_in_every_language_and_names_nobody():
    from game import i18n

    keys = sorted(k for k in i18n.load("en") if k.endswith("_you"))
    assert {"gameover.winner_you", "table.last_lay_you", "basic_rummy.layoff_done_you", "review.moves_of_you"} <= set(keys)
    for lang in i18n.LANGUAGES:
        table = i18n.load(lang)
        for k in keys:
            assert k in table, (lang, k)
            assert "{name}" not in json.dumps(table[k], ensure_ascii=False), (lang, k)
