"""The app side of replays: every game played is recorded (undo included), kept in the save
and in the recent games across a restart, and reviewed move by move on the review screen
(steps, open hands, the analysis filling in over frames, stop and resume, costly moves
marked, export and import), opened from the game over screen and from the statistics."""
from __future__ import annotations

import json
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.app import App, ui_font_size  # noqa: E402
from game.bots import make_bot  # noqa: E402
from game.i18n import t  # noqa: E402
from game.replay import RecentGames, Replay  # noqa: E402
from game.review import Review, cache_key  # noqa: E402
from game.saves import SavedGame, load_game, save_game  # noqa: E402
from game.scenes.gameover import GameOverScene  # noqa: E402
from game.scenes.match import Match, Seat  # noqa: E402
from game.scenes.recent import RecentGamesScene  # noqa: E402
from game.scenes.review import ReviewScene, open_replay_file  # noqa: E402
from game.scenes.stats import StatsScene  # noqa: E402
from game.settings import Settings  # noqa: E402
from game.storage import MemoryStorage  # noqa: E402
from game.ui import fonts  # noqa: E402

from tests.ui_helpers import DT, button_with_text, click, key  # noqa: E402

# One game of every family on the shelf (the review is written once for all of them).
GAMES = [("orlan", 2, {"target": 11}), ("olsen", 4, {"target": 50}), ("aluette", 4, {}),
         ("la_rigueur", 2, {}), ("marjolet", 2, {"target": 500}), ("classic_rummy", 2, {"hands": 1})]


def make_app(size=(1280, 720), storage=None, lang="en") -> App:
    return App(size, headless=True, settings=Settings(language=lang, sound=False), seed=11, storage=storage or MemoryStorage())


def play_out(match: Match, seed: int = 0, stop_after: int | None = None) -> Match:
    """Every seat's moves chosen by a random bot, through Match.play like the table does."""
    bots = [make_bot("random", match.game_id, seed=seed + i) for i in range(match.players)]
    played = 0
    while not match.finished and (stop_after is None or played < stop_after):
        cur = match.current()
        match.play(match.state.move_to_json(bots[cur].choose(match.observation(cur))))
        played += 1
    return match


def new_match(game_id="orlan", players=2, options=None, seed=3) -> Match:
    seats = [Seat("human", "Ana")] + [Seat("simple", f"Bot {i}") for i in range(1, players)]
    return Match(game_id, seats, dict(options if options is not None else {"target": 11}), seed=seed)


_FINISHED: dict = {}


def finished(game_id="orlan", players=2, options=None) -> Match:
    """A finished game per table (played once per test process)."""
    key = (game_id, players)
    if key not in _FINISHED:
        _FINISHED[key] = play_out(new_match(game_id, players, options if options is not None else dict(GAMES[[g for g, _, _ in GAMES].index(game_id)][2])))
    return _FINISHED[key]


def fresh_replay(game_id="orlan", players=2) -> Replay:
    return Replay.from_json(finished(game_id, players).replay.to_json())


# ------------------------------------------------------------------ recording
@pytest.mark.parametrize("game_id,players,options", GAMES)
def test_every_move_is_recorded_and_the_replay_rebuilds_the_game(game_id, players, options):
    match = finished(game_id, players, options)
    rep = match.replay
    assert rep is not None and rep.finished and rep.result["winners"] == match.state.result()["winners"]
    assert rep.seats[0] == {"name": "Ana", "kind": "human", "level": None}
    assert json.dumps(rep.final_state().to_json(), sort_keys=True) == json.dumps(match.state.to_json(), sort_keys=True)


def test_undo_takes_the_undone_moves_out_of_the_replay():
    match = new_match()
    play_out(match, stop_after=1)  # Ana (seat 1 deals: check who moves) ...
    while not match.is_human_turn():
        play_out(match, stop_after=1)
    before = len(match.replay.moves)
    play_out(match, seed=5, stop_after=2)  # Ana's move, then the AI's answer
    assert len(match.replay.moves) == before + 2
    assert match.undo()
    assert len(match.replay.moves) == before
    assert match.replay.final_state().to_json() == match.state.to_json()


def test_the_replay_is_kept_in_the_save_and_resumes_with_the_game():
    storage = MemoryStorage()
    match = play_out(new_match(), stop_after=25)
    assert save_game(match.saved(), storage) is None
    resumed = Match.from_saved(load_game(storage).game)
    assert resumed.reviewable and resumed.replay.moves == match.replay.moves
    play_out(resumed, seed=9)
    assert resumed.replay.final_state().to_json() == resumed.state.to_json()


def test_an_old_save_without_a_replay_resumes_but_offers_no_review():
    match = play_out(new_match(), stop_after=25)
    saved = match.saved()
    del saved.extra["replay"]  # as written before replays existed
    resumed = Match.from_saved(SavedGame.from_json(saved.to_json()))
    assert resumed.replay is None and not resumed.reviewable
    play_out(resumed)
    app = make_app()
    app.match = resumed
    over = app.scenes.push(GameOverScene(app, resumed))
    app.tick(DT)
    texts = [getattr(b, "text", "") for b in over.elements]
    assert t("gameover.review") not in texts and t("gameover.rematch") in texts
    assert app.recent_games.ids("Ana") == []  # nothing half-recorded was kept


def test_a_replay_that_does_not_reach_the_saved_position_is_not_trusted():
    match = play_out(new_match(), stop_after=25)
    saved = match.saved()
    saved.extra["replay"]["moves"] = saved.extra["replay"]["moves"][:-3]
    assert Match.from_saved(SavedGame.from_json(saved.to_json())).replay is None


@pytest.mark.parametrize("on_disk", [False, True])
def test_a_finished_game_joins_the_recent_games_and_survives_a_restart(on_disk, tmp_path):
    from game.storage import FileStorage

    storage = FileStorage(tmp_path) if on_disk else MemoryStorage()
    app = make_app(storage=storage)
    match = play_out(new_match(seed=21))
    app.match = match
    app.scenes.push(GameOverScene(app, match))  # records the statistics, then the replay
    assert app.stats.record("Ana", "orlan")["games"] == 1
    again = make_app(storage=storage)  # a new start of the app on the same storage
    recent = again.recent_games
    assert recent.ids(again.stats.find("Ana")) == [match.replay.id]  # kept under the player's id
    replay, msg = recent.get(match.replay.id)
    assert msg is None and replay.moves == match.replay.moves and replay.finished


def test_games_between_ais_only_are_not_kept():
    app = make_app()
    match = play_out(Match("orlan", [Seat("simple", "A"), Seat("expert", "B")], {"target": 11}, seed=4))
    app.record_finished(match)
    assert app.recent_games.index == {}


# ------------------------------------------------------------------ the screen
def review_app(game_id="orlan", players=2, size=(1280, 720), lang="en", iterations=2, analysis=False):
    app = make_app(size, lang=lang)
    rep = fresh_replay(game_id, players)
    if analysis:
        cached = _analysed(game_id, players)
        rep.analysis = json.loads(json.dumps(cached))
    scene = app.scenes.push(ReviewScene(app, rep, 0, iterations=iterations))
    app.tick(DT)
    return app, scene


_ANALYSED: dict = {}


def _analysed(game_id, players) -> dict:
    if (game_id, players) not in _ANALYSED:
        rep = fresh_replay(game_id, players)
        Review(rep, 0, iterations=2).run()
        _ANALYSED[(game_id, players)] = rep.analysis
    return _ANALYSED[(game_id, players)]


def test_step_forward_and_back_by_keys_buttons_and_swipes():
    app, scene = review_app()
    scene.analysing = False
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert scene.cursor == 2
    key(app, pygame.K_LEFT)
    assert scene.cursor == 1
    click(app, button_with_text(app, t("review.next")).rect.center)
    assert scene.cursor == 2
    click(app, button_with_text(app, t("review.previous")).rect.center)
    click(app, button_with_text(app, t("review.previous")).rect.center)
    assert scene.cursor == 0
    key(app, pygame.K_END)
    assert scene.cursor == scene.total
    click(app, button_with_text(app, t("review.first")).rect.center)
    assert scene.cursor == 0
    # The board shows the position before the move under the cursor, as seat 0 saw it.
    assert scene.board.obs == scene.replay.state_at(0).observation(0)
    board = scene.board_rect()
    for dx, expect in ((-200, 1), (200, 0)):  # a swipe to the left turns the page forward
        start = (board.centerx + (100 if dx < 0 else -100), board.centery)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0] + dx, start[1]), button=1))
        app.tick(DT)
        assert scene.cursor == expect


def test_jump_to_the_next_round_and_play_back():
    app, scene = review_app()
    scene.analysing = False
    starts = scene.round_starts()
    assert len(starts) >= 2 and starts[0] == 0
    click(app, button_with_text(app, t("review.next_round.round")).rect.center)
    assert scene.cursor == starts[1] and scene.rounds[starts[1]] == scene.rounds[0] + 1
    key(app, pygame.K_PAGEUP)
    assert scene.cursor == 0
    key(app, pygame.K_PAGEDOWN)
    assert scene.cursor == starts[1]
    for k in (3, 2, 1):  # a move of the first round with the round's heading in view above it
        scene.go(k)
        app.tick(DT)
        heading = [r for i, r in scene.row_rects if i == 0]  # the round's heading, then its first move
        if len(heading) == 2:
            break
    assert scene.cursor > 0 and len(heading) == 2
    click(app, heading[0].center)  # the first round's heading: its first move
    assert scene.cursor == 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    app.tick(DT)
    assert scene.cursor == 2
    click(app, button_with_text(app, t("review.play")).rect.center)
    assert scene.playing
    app.run_frames(150)  # 2.5 s at the normal animation speed: two moves and more
    assert scene.cursor >= 2
    key(app, pygame.K_SPACE)
    here = scene.cursor
    app.run_frames(120)
    assert not scene.playing and scene.cursor == here


def test_open_hands_shows_every_hand_face_up():
    app, scene = review_app()
    scene.analysing = False
    key(app, pygame.K_RIGHT)
    hidden = pygame.Surface(app.size)
    scene.draw(hidden)
    others = scene.replay.state_at(scene.cursor).observation(1)["hand"]
    assert others and not scene.board.open_hands
    click(app, button_with_text(app, t("review.hands_open")).rect.center)
    assert scene.open_hands and scene.board.open_hands
    assert button_with_text(app, t("review.hands_hidden"))
    assert set(scene.board.hands()[1]) == set(others)
    shown = pygame.Surface(app.size)
    scene.draw(shown)
    panel = scene.board.panels[scene.board.position(1)]
    assert pygame.image.tobytes(hidden.subsurface(panel), "RGB") != pygame.image.tobytes(shown.subsurface(panel), "RGB")
    key(app, pygame.K_o)
    assert not scene.open_hands


def test_the_analysis_fills_in_over_frames_with_a_progress_bar_and_stops_and_resumes():
    app, scene = review_app(iterations=2)
    review = scene.review
    assert review.total > 3 and len(review.entries) < review.total
    seen = [len(review.entries)]
    while seen[-1] < seen[0] + 3 and len(seen) < 3000:  # frames, however loaded the machine
        app.tick(DT)
        seen.append(len(review.entries))
    assert seen[-1] >= seen[0] + 3
    assert all(0 <= b - a <= 1 for a, b in zip(seen, seen[1:]))  # move by move, a slice a frame
    assert 0 < review.progress < 1
    assert scene.progress_rect.width > 0
    click(app, button_with_text(app, t("review.stop")).rect.center)
    assert not scene.analysing
    stopped = len(review.entries)
    app.run_frames(10)
    assert len(review.entries) == stopped
    click(app, button_with_text(app, t("review.resume")).rect.center)
    for _ in range(3000):
        if len(review.entries) > stopped:
            break
        app.tick(DT)
    assert len(review.entries) > stopped
    while not review.done:
        app.run_frames(20)
    assert [e.index for e in review.sorted_entries()] == [k for k in range(scene.total) if scene.movers[k] == 0]


def test_deeper_analysis_asks_more_of_the_expert():
    app, scene = review_app(iterations=2, analysis=True)
    assert scene.review.done and scene.depth == 0
    click(app, button_with_text(app, t("review.deeper")).rect.center)
    assert scene.depth == 1 and scene.review.iterations == 8 and not scene.review.done and scene.analysing
    # the shallower review stays kept: going back to it costs nothing
    assert cache_key(0, None, 2, 0) in scene.replay.analysis


def test_a_costly_move_is_marked_in_the_list_and_explained():
    app, scene = review_app(analysis=True)
    key_ = cache_key(0, None, 2, 0)
    entries = scene.replay.analysis[key_]["entries"]
    target = next(e for e in entries if not e["forced"] and e["played"] != e["values"][-1]["move"])
    # The expert's verdict made unmistakable: the move played cost three points, sure of it.
    target.update(cost=3.0, se=0.1, best=target["values"][0]["move"] if target["values"][0]["move"] != target["played"] else target["values"][1]["move"])
    scene.start_review(scene.start_budget())
    scene.go(target["index"])
    app.tick(DT)
    texts = [text for text, _, _ in scene.drawn]
    assert "?? 3.00" in texts
    view = scene.board.view
    assert t("review.prefers", play=view.move_text(target["best"])) in " ".join(texts)
    assert any(t("review.cost", cost="3.00", se="0.10") in x for x in texts)
    assert scene.board.hint == {"move": target["best"]}  # and on the table, framed


def test_the_analysis_is_written_back_with_the_kept_replay():
    storage = MemoryStorage()
    app = make_app(storage=storage)
    match = play_out(new_match(seed=8))
    app.match = match
    app.scenes.push(GameOverScene(app, match))
    scene = app.scenes.push(ReviewScene(app, match.replay, 0, recent=app.recent_games, iterations=2))
    while not scene.review.done:
        app.run_frames(20)
    kept, _ = RecentGames.load(storage).get(match.replay.id)
    assert kept.analysis[scene.review.key]["entries"] == scene.replay.analysis[scene.review.key]["entries"]
    again = make_app(storage=storage)
    scene2 = again.scenes.push(ReviewScene(again, again.recent_games.get(match.replay.id)[0], 0, recent=again.recent_games, iterations=2))
    assert scene2.review.done  # analysed once, read ever after


def test_review_from_the_game_over_screen():
    app = make_app()
    match = play_out(new_match(seed=12))
    app.match = match
    app.scenes.push(GameOverScene(app, match))
    app.tick(DT)
    click(app, button_with_text(app, t("gameover.review")).rect.center)
    top = app.scenes.top
    assert isinstance(top, ReviewScene) and top.replay is match.replay and top.seat == 0
    click(app, button_with_text(app, t("common.back")).rect.center)
    assert isinstance(app.scenes.top, GameOverScene)


def test_review_from_the_statistics_recent_games():
    app = make_app()
    for seed in (31, 32):
        match = play_out(new_match(seed=seed))
        app.match = match
        app.record_finished(match)
    app.scenes.push(StatsScene(app, "orlan"))
    app.tick(DT)
    click(app, button_with_text(app, t("stats.recent")).rect.center)
    recent = app.scenes.top
    assert isinstance(recent, RecentGamesScene) and len(recent.games) == 2
    assert recent.games[0].id == match.replay.id  # newest first
    click(app, recent.row_rects[0][1].center)
    top = app.scenes.top
    assert isinstance(top, ReviewScene) and top.replay.id == match.replay.id and top.recent is app.recent_games


def test_a_damaged_recent_game_is_set_aside_with_a_message():
    app = make_app()
    match = play_out(new_match(seed=41))
    app.match = match
    app.record_finished(match)
    app.storage.put(f"replay.{match.replay.id}", {"format": "orlan-replay", "version": 1})
    scene = app.scenes.push(RecentGamesScene(app, "Ana"))
    assert scene.games == [] and [m.key for m in app.messages] == ["replay.corrupt"]


def test_export_and_open_a_file_and_a_clear_message_for_a_bad_one(tmp_path, monkeypatch):
    app, scene = review_app(analysis=True)
    path = scene.export(tmp_path)
    assert path is not None and path.exists() and path.parent == tmp_path
    opened = open_replay_file(app, path)
    assert isinstance(opened, ReviewScene) and opened.replay.moves == scene.replay.moves
    assert opened.review.done  # the analysis travels with the file
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    depth = len(app.scenes.stack)
    assert open_replay_file(app, bad) is None
    assert len(app.scenes.stack) == depth and app.messages[-1].key == "review.bad_file"
    assert str(bad) in t(app.messages[-1].key, **app.messages[-1].params)
    # A file dropped on the window opens the same way.
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    app.tick(DT)
    assert isinstance(app.scenes.top, ReviewScene) and app.scenes.top is not opened


def test_no_export_button_in_the_browser(monkeypatch):
    import sys

    monkeypatch.setattr(sys, "platform", "emscripten")
    app, scene = review_app()
    texts = [getattr(b, "text", None) for b in scene.elements]
    assert t("review.export") not in texts and t("common.back") in texts


# ------------------------------------------------------------------ fits at every size
@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("game_id,players", [(g, p) for g, p, _ in GAMES])
def test_no_text_is_wider_than_its_box(game_id, players, size, lang):
    app, scene = review_app(game_id, players, size, lang, analysis=True)
    font = fonts.font(ui_font_size(app.scale), True)
    screen = app.screen.get_rect()
    entries = scene.review.sorted_entries()
    costly = max((e for e in entries if not e.forced), key=lambda e: e.cost)
    for k, hands in ((costly.index, False), (costly.index, True), (scene.total, False)):
        scene.open_hands = hands
        scene.go(k)
        scene.build()
        app.tick(DT)
        buttons = [b for b in scene.elements if getattr(b, "text", None)]
        for b in buttons:
            assert screen.contains(b.rect), (b.text, b.rect)
            assert font.size(b.text)[0] < b.rect.width, (b.text, b.rect.width)
        assert all(not a.rect.colliderect(b.rect) for i, a in enumerate(buttons) for b in buttons[i + 1:])
        assert scene.drawn
        for text, rect, box in scene.drawn:
            assert box.inflate(2, 2).contains(rect), (text, rect, box)
            assert screen.contains(rect), (text, rect)


def test_another_players_moves_can_be_reviewed_from_their_own_view():
    app, scene = review_app("olsen", 4, iterations=2)
    click(app, button_with_text(app, t("review.moves_of_you")).rect.center)
    assert scene.seat == 1 and scene.review.seat == 1 and scene.board.viewer == 1
    assert scene.board.obs == scene.replay.state_at(scene.cursor).observation(1)
    for _ in range(3000):
        if scene.review.entries:
            break
        app.tick(DT)
    assert scene.review.entries and all(scene.movers[e.index] == 1 for e in scene.review.entries)


def test_on_a_kiosk_the_review_has_finger_sized_buttons_and_no_files():
    from game.kiosk import KioskConfig
    from game.scenes.kiosk_mode import KioskMode
    from game.ui import widgets
    from game.ui.touch import KIOSK_MIN_BUTTON_PX

    saved = widgets.MIN_BUTTON_PX
    try:
        app = make_app((800, 480))
        app.kiosk = KioskMode(app, KioskConfig(True, "2468", 30), storage=MemoryStorage())
        scene = app.scenes.push(ReviewScene(app, fresh_replay(), 0, iterations=2))
        app.tick(DT)
        buttons = [b for b in scene.elements if getattr(b, "text", None)]
        assert t("review.export") not in [b.text for b in buttons]
        for b in buttons:
            assert b.rect.height >= KIOSK_MIN_BUTTON_PX and b.rect.width >= KIOSK_MIN_BUTTON_PX, b.text
            assert app.screen.get_rect().contains(b.rect)
        assert all(not a.rect.colliderect(b.rect) for i, a in enumerate(buttons) for b in buttons[i + 1:])
    finally:
        widgets.MIN_BUTTON_PX = saved


# ------------------------------------------------------------------ what the review says
def test_a_move_no_deal_was_played_out_for_is_not_estimated_nor_the_experts_choice():
    """Olsen's pass of 3 cards among 286: in a short budget no deal finishes for every
    candidate. It said "The expert's choice too" beside "estimated over 0 deals"."""
    app = make_app((800, 480))
    match = play_out(new_match("olsen", 4, {"target": 50, "pass3": True}), stop_after=8)
    rep = Replay.from_json(match.replay.to_json())
    scene = app.scenes.push(ReviewScene(app, rep, 0))
    scene.analysing = False
    scene.start_review((0.5, None))  # half a millisecond a move
    while not scene.review.done:
        scene.review.step(5.0)
    entry = scene.entries[0]
    assert rep.moves[0]["kind"] == "pass" and not entry.forced and entry.worlds == 0
    assert not entry.estimated and not entry.agrees and not entry.costly()
    scene.go(0)
    app.tick(DT)
    said = [text for text, _, _ in scene.opinion_lines()]
    assert t("review.agrees") not in said and not any("0 deals" in s for s in said)
    assert t("review.not_estimated", count=len(entry.legal), deeper=t("review.deeper")) in said
    assert scene.board.hint is None  # no "preferred" move framed on the board
    # Left out of the agreement, as a forced move is.
    from game.review import summarise

    assert summarise([entry]).moves == 0


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_caption_says_the_board_shows_the_position_before_the_move(lang):
    app, scene = review_app(lang=lang)
    scene.analysing = False
    scene.go(9)
    caption = scene.board.prompt_text()
    move = scene.board.view.move_text(scene.replay.moves[9])
    assert caption == t("review.caption", move=10, moves=scene.total, name=scene.seat_name(scene.movers[9]), play=move)
    assert caption.startswith({"en": "Before move 10/", "fr": "Avant le coup 10/", "nl": "Voor zet 10/"}[lang])
    assert scene.board.match.state.to_json() == scene.replay.state_at(9).to_json()


@pytest.mark.parametrize("size", [(390, 844), (844, 390)])
def test_a_phones_caption_is_the_move_number_whole_and_the_panel_says_the_move(size):
    """The board's status line on a phone is narrow: "Before move 10/96" there (it was cut
    to "Before move 10/96 · Ana: 7♣..."), the move itself in the panel's first line."""
    app, scene = review_app(size=size)
    scene.analysing = False
    scene.go(9)
    app.tick(DT)
    caption = scene.board.prompt_text()
    assert caption == t("review.caption_short", move=10, moves=scene.total)
    played = t("review.played", name=scene.seat_name(scene.movers[9]), play=scene.board.view.move_text(scene.replay.moves[9]))
    assert scene.opinion_lines()[0][0] == played
    with fonts.recording() as drawn:
        app.tick(DT)
    shown = [d.text for d in drawn]
    start = next(i for i, text in enumerate(shown) if caption.startswith(text))
    lines = [shown[start]]
    while " ".join(lines) != caption and start + len(lines) < len(shown) and caption.startswith(" ".join(lines + [shown[start + len(lines)]])):
        lines.append(shown[start + len(lines)])
    assert " ".join(lines) == caption  # whole, on one line or two, none cut
    assert played in shown


@pytest.mark.parametrize("game_id,players,word", [("classic_rummy", 2, "Hand"), ("olsen", 4, "Hand"), ("aluette", 4, "Deal"),
                                                  ("marjolet", 2, "Deal"), ("la_rigueur", 2, "Deal"), ("orlan", 2, "Round")])
def test_the_review_names_rounds_with_the_games_own_word(game_id, players, word):
    app, scene = review_app(game_id, players, analysis=True)
    scene.analysing = False
    app.tick(DT)
    drawn = [text for text, _, _ in scene.drawn]
    assert f"{word} 1" in drawn  # the move list's heading
    assert any(text.startswith(f"{word} 1:") for text in drawn)  # the round's summary
    assert button_with_text(app, f"Next {word.lower()}")
    other = {"Hand", "Deal", "Round"} - {word}
    assert not any(text.split(" ")[0] in other and text[-1:].isdigit() for text in drawn)


def test_the_summary_says_no_move_is_reviewed_before_the_expert_has_looked_at_one():
    app, scene = review_app(iterations=2)
    click(app, button_with_text(app, t("review.stop")).rect.center)
    scene.review.entries = [e for e in scene.review.entries if not e.estimated]  # none looked at yet
    with fonts.recording() as drawn:
        app.tick(DT)
    texts = [d.text for d in drawn]
    assert t("review.summary_none") in texts
    assert not any("like the expert" in text for text in texts)  # no perfect score for nothing
    # Once analysed, the game's and the round's figures.
    app, scene = review_app(analysis=True)
    with fonts.recording() as drawn:
        app.tick(DT)
    texts = " ".join(d.text for d in drawn)
    assert t("review.summary_none") not in texts and "% like the expert" in texts


def test_a_finger_dragged_on_the_move_list_scrubs_the_moves_and_a_tap_picks_one():
    """A finger put down on the list to scroll it once jumped the review to the move under it
    and the list did not follow: a drag now scrubs (up, later moves; the list follows the
    finger), and a press released where it began is a tap on that move."""
    app, scene = review_app()
    scene.analysing = False
    scene.go(3)
    app.tick(DT)
    rows = [(k, r) for k, r in scene.row_rects if k > 3]
    k, r = rows[0]
    step = r.height

    def finger(kind, pos):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, buttons=(1, 0, 0), rel=(0, 0), touch=False, finger=True))
        app.tick(DT)

    finger(pygame.MOUSEBUTTONDOWN, r.center)
    assert scene.cursor == 3  # a finger down alone moves nothing
    for dy in range(1, 4):
        finger(pygame.MOUSEMOTION, (r.centerx, r.centery - dy * step))
    assert scene.cursor == 6  # three rows up: three moves on
    finger(pygame.MOUSEBUTTONUP, (r.centerx, r.centery - 3 * step))
    assert scene.cursor == 6
    app.tick(DT)
    k, r = next((k, r) for k, r in scene.row_rects if k not in (6,) and k > 0)
    finger(pygame.MOUSEBUTTONDOWN, r.center)
    finger(pygame.MOUSEBUTTONUP, r.center)
    assert scene.cursor == k
