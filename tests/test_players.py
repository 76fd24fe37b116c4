"""Players: a typed name is remembered and offered, matched to a known player whatever its
case and spaces; statistics follow the player's id, so a rename keeps them; statistics and
recent-games documents written before players had ids still load, figure for figure."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from game.i18n import t
from game.replay import INDEX_FORMAT, INDEX_NAME
from game.saves import Seat as SavedSeat, load_games, progress_line, save_game
from game.scenes.match import Match, Seat
from game.scenes.players import KnownPlayersScene, RenamePlayerScene
from game.scenes.setup import SetupScene
from game.scenes.stats import StatsScene
from game.stats import STATS_NAME, Stats, clean_name, name_key
from game.storage import MemoryStorage
from tests.ui_helpers import button_with_text, click, make_app


def finished(names, seed: int = 1, kinds=None) -> Match:
    """A finished Orlan game to 11 (first legal moves), the named seats human."""
    kinds = kinds or ["human"] * len(names)
    m = Match("orlan", [Seat(k, n) for k, n in zip(kinds, names)], {"target": 11}, seed=seed)
    while not m.finished:
        m.play(m.state.legal_moves()[0])
    return m


# ------------------------------------------------------------------ how a name maps to a player
@pytest.mark.parametrize("typed", ["Ann", "ann", "ANN", "  Ann ", "Ann\u00a0", "ａｎｎ"])
def test_a_typed_name_is_the_known_player_whatever_its_case_and_spaces(typed):
    stats = Stats()
    pid = stats.remember_name("Ann")
    assert stats.find(typed) == pid and stats.remember_name(typed) == pid
    assert stats.names == ["Ann"]  # spelt as first typed


def test_other_names_are_other_players():
    stats = Stats()
    ann = stats.remember_name("Ann")
    assert stats.find("Anne") is None and stats.find("An n") is None and stats.find("") is None
    assert stats.remember_name("Anne") != ann and stats.names == ["Anne", "Ann"]
    assert stats.remember_name("   ") is None


@settings(max_examples=80, deadline=None)
@given(st.text(alphabet="abcXYZ éÉ\t", max_size=16), st.text(max_size=16))
def test_name_key_ignores_case_and_spaces_and_nothing_else(latin, anything):
    assert name_key(latin) == name_key(f"  {latin.swapcase()}\t ")
    assert name_key(latin) == name_key(latin.replace(" ", "  "))
    assert (name_key(latin) == name_key(latin + "x")) is False
    assert name_key(clean_name(anything)) == name_key(anything)
    assert clean_name(anything) == clean_name(clean_name(anything))


# ------------------------------------------------------------------ setup
def test_names_typed_at_setup_are_remembered_when_the_game_starts_and_offered_first():
    storage = MemoryStorage()
    app = make_app((800, 480), storage)
    setup = app.scenes.push(SetupScene(app, "orlan"))
    app.run_frames(1)
    setup.entries[0].set_text("Ann")
    click(app, button_with_text(app, t("setup.start")).rect.center)
    assert Stats.load(storage)[0].names == ["Ann"]  # written at the start, not only at the end
    assert app.match.seats[0].player == app.stats.find("Ann")
    again = make_app((800, 480), storage)
    setup = again.scenes.push(SetupScene(again, "aluette"))
    again.run_frames(1)
    assert setup.entries[0].get_text() == "Ann"  # the remembered player comes back first


def test_a_name_typed_in_another_case_plays_as_the_known_player():
    app = make_app((800, 480))
    app.stats.record_game(finished(["Ann", "Bo"]).tally)
    setup = app.scenes.push(SetupScene(app, "orlan"))
    setup.players = 2
    setup.kinds[1] = "human"
    setup.build()
    app.run_frames(1)
    setup.entries[0].set_text("  ann")
    setup.entries[1].set_text("BO ")
    match = setup.make_match()
    assert [s.name for s in match.seats] == ["Ann", "Bo"]
    assert [s.player for s in match.seats] == [app.stats.find("Ann"), app.stats.find("Bo")]
    while not match.finished:
        match.play(match.state.legal_moves()[0])
    app.stats.record_game(match.tally)
    assert app.stats.summary("Ann")["games"] == 2 and sorted(app.stats.names) == ["Ann", "Bo"]


def test_two_seats_typed_as_one_player_are_told_apart():
    app = make_app((800, 480))
    setup = app.scenes.push(SetupScene(app, "orlan"))
    setup.players = 2
    setup.kinds[1] = "human"
    setup.build()
    app.run_frames(1)
    setup.entries[0].set_text("Ann")
    setup.entries[1].set_text("ANN")
    assert [s.name for s in setup.make_match().seats] == ["Ann", "ANN 2"]


def test_the_known_players_button_seats_a_player_and_greys_those_already_seated():
    app = make_app((800, 480))
    for name in ("Cy", "Bo", "Ann"):
        app.stats.remember_name(name)
    setup = app.scenes.push(SetupScene(app, "orlan"))
    setup.players = 2
    setup.kinds[1] = "human"
    setup.build()
    app.run_frames(1)
    assert setup.entries[0].get_text() == "Ann" and setup.entries[1].get_text() == "Bo"  # the latest first
    click(app, setup.pick_buttons[1].rect.center)
    picker = app.scenes.top
    assert isinstance(picker, KnownPlayersScene) and picker.shown == ["Ann", "Bo", "Cy"]
    assert not button_with_text(app, "Ann").is_enabled  # at seat 1 already
    assert button_with_text(app, "Bo").is_enabled
    click(app, button_with_text(app, "Cy").rect.center)
    assert app.scenes.top is setup and setup.entries[1].get_text() == "Cy"
    assert [s.name for s in setup.make_match().seats] == ["Ann", "Cy"]
    # "New player" empties the field to type a name.
    click(app, setup.pick_buttons[1].rect.center)
    click(app, button_with_text(app, t("players.new")).rect.center)
    assert setup.entries[1].get_text() == "" and setup.entries[1].is_focused


def test_no_known_players_no_button():
    app = make_app((800, 480))
    setup = app.scenes.push(SetupScene(app, "orlan"))
    app.run_frames(1)
    assert setup.pick_buttons == {} and 0 in setup.entries


# ------------------------------------------------------------------ rename
def rename_app():
    storage = MemoryStorage()
    app = make_app((800, 480), storage)
    for seed, names in enumerate([("Ana", "Bo"), ("Bo", "Ana"), ("Ana", "Cy")]):
        m = finished(list(names), seed=seed)
        app.match = m
        app.record_finished(m)
    app.match = None
    return app, storage


def test_renaming_a_player_keeps_every_figure_and_recent_game():
    app, storage = rename_app()
    before = app.stats.summary("Ana")
    pid = app.stats.find("Ana")
    recent = app.recent_games.ids(pid)
    assert before["games"] == 3 and len(recent) == 3
    stats_scene = app.scenes.push(StatsScene(app, "orlan"))
    app.run_frames(1)
    stats_scene.selected = stats_scene.names().index("Ana")
    app.scenes.rebuild()
    click(app, button_with_text(app, t("players.rename")).rect.center)
    dialog = app.scenes.top
    assert isinstance(dialog, RenamePlayerScene)
    dialog.entry.set_text("Anna")
    click(app, button_with_text(app, t("players.rename")).rect.center)
    assert app.scenes.top is stats_scene and stats_scene.selected_name() == "Anna"
    assert app.stats.summary("Anna") == before and app.stats.find("Anna") == pid
    assert app.stats.summary("Ana")["games"] == 0 and app.stats.find("Ana") is None
    # After a restart: the same figures under the new name, the same recent games.
    again = make_app((800, 480), storage)
    assert again.stats.summary("Anna") == before
    assert again.recent_games.ids(again.stats.find("Anna")) == recent


def test_a_rename_to_another_players_name_or_to_nothing_is_refused():
    app, storage = rename_app()
    dialog = app.scenes.push(RenamePlayerScene(app, "Ana"))
    app.run_frames(1)
    for typed, key in (("bo", "players.name_taken"), ("   ", "players.name_empty")):
        dialog.entry.set_text(typed)
        dialog.confirm()
        assert app.scenes.top is dialog and dialog.problem == t(key, name="Bo")
    assert app.stats.summary("Ana")["games"] == 3 and app.stats.summary("Bo")["games"] == 2
    dialog.entry.set_text("ANA")  # only the spelling changes: allowed
    dialog.confirm()
    assert app.stats.names.count("ANA") == 1 and app.stats.summary("ANA")["games"] == 3


def test_a_game_in_progress_from_before_player_ids_counts_for_the_renamed_player():
    app, storage = rename_app()
    m = Match("orlan", [Seat("human", "Ana"), Seat("simple", "Bot")], {"target": 11}, seed=8)
    for _ in range(4):
        m.play(m.state.legal_moves()[0])
    old = m.saved()
    for seat in old.seats:
        seat.player = None  # as an older Orlan wrote it
    old.tally["seats"] = [{k: v for k, v in s.items() if k != "player"} for s in old.tally["seats"]]
    save_game(old, storage)
    again = make_app((800, 480), storage)
    again.run_frames(2)
    again.match = None
    shown = progress_line(again.saved_games["orlan"])
    assert again.rename_player("Ana", "Anna") is None
    # The shelf and the file show the new name at once, and the seat now holds the id.
    assert progress_line(again.saved_games["orlan"]) == shown.replace("Ana", "Anna")
    on_disk = storage.get("game.orlan")["seats"][0]
    assert on_disk == {"name": "Anna", "kind": "human", "level": None, "player": again.stats.find("Anna")}
    resumed = again.resume("orlan")
    assert resumed.seats[0].name == "Anna"  # the table shows the new name
    while not resumed.finished:
        resumed.play(resumed.state.legal_moves()[0])
    again.record_finished(resumed)
    assert again.stats.summary("Anna")["games"] == 4 and again.stats.find("Ana") is None
    assert load_games(storage).games == {}


# ------------------------------------------------------------------ older documents
def v2_document(stats: Stats) -> dict:
    """The same statistics as a version-2 document: profiles keyed by name."""
    doc = stats.to_json()
    return {
        "version": 2,
        "profiles": {p["name"]: {k: v for k, v in p.items() if k != "name"} for p in doc["players"].values()},
        "names": stats.names,
        "recorded": doc["recorded"],
        "last_game": doc["last_game"],
    }


def test_a_version_2_statistics_document_loads_figure_for_figure():
    stats = Stats()
    for seed, names in enumerate([("Ana", "Bo"), ("Bo", "Cy"), ("Cy", "Ana"), ("Ana", "Bo")]):
        stats.record_game(finished(list(names), seed=seed).tally)
    store = MemoryStorage()
    store.put(STATS_NAME, v2_document(stats))
    loaded, msg = Stats.load(store)
    assert msg is None and loaded.names == stats.names and loaded.recorded == stats.recorded
    for name in stats.names:
        assert loaded.profile(name)["by_game"] == stats.profile(name)["by_game"]
        assert loaded.summary(name, "orlan") == stats.summary(name, "orlan")
    assert loaded.save() is None and store.get(STATS_NAME)["version"] == 3
    assert Stats.load(store)[0].to_json() == loaded.to_json()


def test_two_spellings_of_one_name_in_an_old_document_become_one_player():
    a, b = Stats(), Stats()
    a.record_game(finished(["Ann", "Bo"], seed=1).tally)
    b.record_game(finished(["Ann", "Bo"], seed=2).tally)
    doc = v2_document(a)
    doc["profiles"]["ann "] = v2_document(b)["profiles"]["Ann"]
    doc["names"] = ["ann ", "Ann", "Bo"]
    store = MemoryStorage()
    store.put(STATS_NAME, doc)
    stats = Stats.load(store)[0]
    assert sorted(stats.names) == ["Ann", "Bo"]
    ra, rb, merged = a.record("Ann"), b.record("Ann"), stats.record("Ann")
    for key in ("games", "wins", "rounds", "points", "cards", "clubs", "sweeps"):
        assert merged[key] == ra[key] + rb[key], key
    assert len(merged["recent"]) == 2


def test_recent_games_kept_under_a_name_move_under_the_players_id():
    storage = MemoryStorage()
    app = make_app((800, 480), storage)
    m = finished(["Ana", "Bo"], seed=3)
    app.match = m
    app.record_finished(m)
    rid = m.replay.id
    # As an older Orlan kept it: the index keyed by the name.
    storage.put(INDEX_NAME, {"format": INDEX_FORMAT, "version": 1, "profiles": {"Ana": [rid], "Bo": [rid]}})
    again = make_app((800, 480), storage)
    pid = again.stats.find("Ana")
    assert again.recent_games.ids(pid) == [rid] and "Ana" not in again.recent_games.index
    assert storage.get(INDEX_NAME)["profiles"][pid] == [rid]  # written back at once
    assert again.rename_player("Ana", "Anna") is None
    assert make_app((800, 480), storage).recent_games.ids(pid) == [rid]


def test_a_saved_seat_keeps_its_player_id_and_older_seats_load_without_one():
    seat = SavedSeat("Ann", "human", None, "p1234")
    assert SavedSeat.from_json(seat.to_json()) == seat
    assert SavedSeat.from_json({"name": "Ann", "kind": "human", "level": None}).player is None
    assert SavedSeat.from_json({"name": "Bot", "kind": "ai", "level": "simple", "player": "p1"}).player is None
