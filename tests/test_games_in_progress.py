"""A game in progress per game (game/saves.py): one slot each, the old single save moved into
its slot, a damaged slot costing only its own game, and what a save says (round, totals)."""
from __future__ import annotations

import json
import random

import pytest

from game import i18n
from game.rules import new_game
from game.saves import (
    LEGACY_NAME,
    SAVE_VERSION,
    SavedGame,
    Seat,
    discard_game,
    has_saved_game,
    load_game,
    load_games,
    progress,
    progress_line,
    save_game,
    when_text,
)
from game.stats import GameTally
from game.storage import FileStorage, MemoryStorage

SEATS2 = [Seat("Ana"), Seat("Bot", "ai", "expert")]


def played(game_id: str, players: int, moves: int, seed: int = 1, options=None) -> SavedGame:
    """A game of ``game_id`` after ``moves`` random moves, with its statistics tally."""
    state = new_game(game_id, players, options or {}, seed=seed)
    seats = [Seat("Ana")] + [Seat(f"Bot {i}", "ai", "simple") for i in range(1, players)]
    tally = GameTally.new(game_id, [s.to_json() for s in seats])
    rng = random.Random(seed)
    for _ in range(moves):
        if state.finished:
            break
        tally.record(state.apply(rng.choice(state.legal_moves())))
    return SavedGame(state, seats, 0, tally.to_json(), {"moves": moves})


def same(a: SavedGame, b: SavedGame) -> bool:
    return a.state.to_json() == b.state.to_json() and a.seats == b.seats and a.tally == b.tally and a.extra == b.extra


def test_each_game_keeps_its_own_game_in_progress(tmp_path):
    store = FileStorage(tmp_path)
    orlan, bezique = played("orlan", 2, 30), played("bezique", 2, 40)
    assert save_game(orlan, store) is None
    assert save_game(bezique, store) is None  # saved after: the newest
    assert sorted(p.name for p in tmp_path.glob("*.json")) == ["game.bezique.json", "game.orlan.json"]
    found = load_games(FileStorage(tmp_path))
    assert found.messages == [] and set(found.games) == {"orlan", "bezique"}
    assert same(found.games["orlan"], orlan) and same(found.games["bezique"], bezique)
    assert [g.game_id for g in found.newest_first()] == ["bezique", "orlan"]
    assert load_game(store).game.game_id == "bezique"  # without a game: the newest
    assert same(load_game(store, "orlan").game, orlan)
    # A new Orlan game replaces only Orlan's.
    again = played("orlan", 3, 5, seed=9)
    save_game(again, store)
    found = load_games(store)
    assert same(found.games["orlan"], again) and same(found.games["bezique"], bezique)
    discard_game("orlan", store)
    assert set(load_games(store).games) == {"bezique"}
    assert has_saved_game(store) and has_saved_game(store, "bezique") and not has_saved_game(store, "orlan")


def test_save_times_are_to_the_millisecond_and_say_which_is_newest():
    store = MemoryStorage()
    a, b = played("orlan", 2, 3), played("olsen", 4, 3)
    save_game(a, store)
    save_game(b, store)
    assert a.saved_at < b.saved_at or a.saved_at == b.saved_at  # written in order
    assert len(b.saved_at) == len("2026-11-30T03:30:00.125Z") and b.saved_at.endswith("Z")


# ------------------------------------------------------------------ the old single save
def test_the_single_save_of_older_versions_moves_into_its_games_slot(tmp_path):
    old = played("bezique", 2, 25)
    (tmp_path / f"{LEGACY_NAME}.json").write_text(json.dumps(old.to_json()))
    store = FileStorage(tmp_path)
    found = load_games(store)
    assert found.messages == [] and list(found.games) == ["bezique"]
    assert same(found.games["bezique"], old)
    assert not (tmp_path / f"{LEGACY_NAME}.json").exists()
    on_disk = json.loads((tmp_path / "game.bezique.json").read_text())
    assert on_disk["version"] == SAVE_VERSION and on_disk["state"] == old.state.to_json()
    assert same(load_games(store).games["bezique"], old)  # and it stays there


def test_a_version_0_single_save_is_migrated_into_its_slot(tmp_path):
    state = new_game("orlan", 2, seed=11)
    for _ in range(6):
        state.apply(state.legal_moves()[0])
    doc = {"game": "orlan", "state": state.to_json(), "names": ["Ana", "Bot"], "ai": [None, "expert"], "timer": "30s"}
    (tmp_path / f"{LEGACY_NAME}.json").write_text(json.dumps(doc))
    found = load_games(FileStorage(tmp_path))
    g = found.games["orlan"]
    assert g.state.to_json() == state.to_json() and g.timer == 30
    assert g.seats == [Seat("Ana", "human", None), Seat("Bot", "ai", "expert")]
    assert [p.name for p in tmp_path.glob("*.json")] == ["game.orlan.json"]


def test_a_stop_between_writing_the_slot_and_removing_the_old_save_loses_nothing(tmp_path):
    """The move writes the slot first and removes current_game after: killed in between,
    both exist with the same game; the next start just removes the old one."""
    old = played("orlan", 2, 12)
    old.saved_at = "2026-11-30T03:30:00.000Z"
    (tmp_path / f"{LEGACY_NAME}.json").write_text(json.dumps(old.to_json()))
    (tmp_path / "game.orlan.json").write_text(json.dumps(old.to_json()))
    found = load_games(FileStorage(tmp_path))
    assert found.messages == [] and same(found.games["orlan"], old)
    assert [p.name for p in tmp_path.glob("*.json")] == ["game.orlan.json"]


@pytest.mark.parametrize("legacy_newer", [True, False])
def test_two_different_games_of_one_game_keep_the_newer_and_set_the_older_aside(tmp_path, legacy_newer):
    legacy, slot = played("orlan", 2, 10, seed=1), played("orlan", 2, 20, seed=2)
    legacy.saved_at, slot.saved_at = ("2026-12-02T10:00:00.000Z", "2026-12-01T10:00:00.000Z")[:: 1 if legacy_newer else -1]
    (tmp_path / f"{LEGACY_NAME}.json").write_text(json.dumps(legacy.to_json()))
    (tmp_path / "game.orlan.json").write_text(json.dumps(slot.to_json()))
    found = load_games(FileStorage(tmp_path))
    newer, older = (legacy, slot) if legacy_newer else (slot, legacy)
    assert same(found.games["orlan"], newer)
    (msg,) = found.messages
    assert msg.key == "save.kept_aside" and msg.params["game"] == "orlan"
    kept = json.loads((tmp_path / f"{msg.params['backup']}.json").read_text())
    assert kept["state"] == older.state.to_json()  # nothing lost: the older one is kept aside
    assert not (tmp_path / f"{LEGACY_NAME}.json").exists()
    assert load_games(FileStorage(tmp_path)).messages == []


def test_a_damaged_old_save_is_set_aside_and_named_by_its_game(tmp_path):
    doc = played("olsen", 4, 8).to_json()
    doc["seats"] = doc["seats"][:1]
    (tmp_path / f"{LEGACY_NAME}.json").write_text(json.dumps(doc))
    found = load_games(FileStorage(tmp_path))
    (msg,) = found.messages
    assert found.games == {} and msg.key == "save.corrupt" and msg.params["game"] == "olsen"
    assert json.loads((tmp_path / f"{msg.params['backup']}.json").read_text()) == doc


# ------------------------------------------------------------------ damage stays in its slot
DAMAGE = {
    "empty": lambda good: b"",
    "truncated": lambda good: good[: len(good) // 3],
    "binary": lambda good: bytes(range(256)),
    "not_object": lambda good: b"[1, 2]",
    "too_new": lambda good: json.dumps({**json.loads(good), "version": SAVE_VERSION + 1}).encode(),
    "other_game": lambda good: json.dumps(played("orlan", 2, 4).to_json()).encode(),  # Orlan's game in Bezique's slot
    "bad_seats": lambda good: json.dumps({**json.loads(good), "seats": []}).encode(),
}


@pytest.mark.parametrize("kind", sorted(DAMAGE))
def test_a_damaged_slot_costs_only_its_own_game(tmp_path, kind):
    store = FileStorage(tmp_path)
    orlan, bezique, olsen = played("orlan", 2, 30), played("bezique", 2, 30), played("olsen", 3, 30)
    for g in (orlan, bezique, olsen):
        save_game(g, store)
    bad = DAMAGE[kind]((tmp_path / "game.bezique.json").read_bytes())
    (tmp_path / "game.bezique.json").write_bytes(bad)
    found = load_games(FileStorage(tmp_path))
    assert set(found.games) == {"orlan", "olsen"}
    assert same(found.games["orlan"], orlan) and same(found.games["olsen"], olsen)
    (msg,) = found.messages
    assert msg.key == ("save.too_new" if kind == "too_new" else "save.corrupt") and msg.params["game"] == "bezique"
    assert (tmp_path / f"{msg.params['backup']}.json").read_bytes() == bad  # kept, byte for byte
    # Bezique can start again; the others are untouched.
    assert save_game(played("bezique", 2, 3, seed=4), store) is None
    assert set(load_games(store).games) == {"orlan", "olsen", "bezique"} and load_games(store).messages == []


def test_loading_without_repair_writes_nothing(tmp_path):
    store = FileStorage(tmp_path)
    save_game(played("orlan", 2, 10), store)
    (tmp_path / "game.bezique.json").write_bytes(b"{broken")
    (tmp_path / f"{LEGACY_NAME}.json").write_text(json.dumps(played("olsen", 4, 5).to_json()))
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    found = load_games(FileStorage(tmp_path, sweep=False), repair=False)
    assert set(found.games) == {"orlan", "olsen"}
    assert [(m.key, m.params["game"], m.params["backup"]) for m in found.messages] == [("save.corrupt", "bezique", None)]
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_backups_and_unknown_games_are_not_slots(tmp_path):
    store = FileStorage(tmp_path)
    save_game(played("orlan", 2, 4), store)
    (tmp_path / "game.orlan.bad-20260101-000000.json").write_text("{}")
    (tmp_path / "game.chess.json").write_text("{}")  # a game this Orlan does not know: left alone
    found = load_games(store)
    assert list(found.games) == ["orlan"] and found.messages == []
    assert (tmp_path / "game.chess.json").exists()


# ------------------------------------------------------------------ what a save says
def test_progress_reads_the_round_and_the_side_totals():
    i18n.set_language("en")
    saved = played("orlan", 4, 400, seed=3, options={"teams": True, "target": 21})
    p = progress(saved)
    tally = saved.tally
    assert p.round == saved.state.to_json()["round"] + 1 and p.round >= 2
    assert [names for names, _ in p.sides] == [["Ana", "Bot 2"], ["Bot 1", "Bot 3"]]  # partners sit opposite
    assert [total for _, total in p.sides] == tally["totals"]
    line = progress_line(saved)
    assert line.startswith(f"Round {p.round} · Ana & Bot 2: {tally['totals'][0]}")


@pytest.mark.parametrize("game_id, word", [("orlan", "Round"), ("olsen", "Hand"), ("bezique", "Deal"), ("basic_rummy", "Hand"), ("maison_troggen", "Deal")])
def test_the_round_is_named_in_the_games_own_word(game_id, word):
    i18n.set_language("en")
    from game.rules import GAMES

    saved = played(game_id, GAMES[game_id].info.min_players, 0)
    assert progress_line(saved).startswith(f"{word} 1 · Ana · Bot 1")  # names only before any score


def test_when_a_game_was_saved_reads_as_today_yesterday_or_a_date():
    import time

    i18n.set_language("en")
    noon = time.mktime((2026, 11, 30, 12, 0, 0, 0, 0, -1))  # local noon

    def stamp(t):
        return time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(t))

    assert when_text(stamp(noon - 3600), noon) == "today 11:00"
    assert when_text(stamp(noon - 86400), noon) == "yesterday 12:00"
    assert when_text(stamp(noon - 5 * 86400), noon) == "25 Nov 2026"
    assert when_text("", noon) == "at an unknown time"
    i18n.set_language("fr")
    assert when_text(stamp(noon - 5 * 86400), noon) == "le 25 nov. 2026"
    i18n.set_language("en")


def test_a_progress_line_cut_by_its_box_ends_with_an_ellipsis():
    """A ten-player table's totals wrap to more lines than a Continue row holds: the last line
    shown ends with "…" (the leader, named last, was cut with no sign)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.scenes.in_progress import draw_game_in_progress, progress_lines
    from game.ui import fonts

    pygame.init()
    i18n.set_language("en")
    saved = played("triomphe_forcee", 10, 300, seed=2)
    size = 16
    line = fonts.font(size).get_linesize()
    surface = pygame.Surface((300, 400))
    whole = progress_lines(saved, size, 300)
    assert len(whole) > 2
    sep = i18n.t("progress.separator")
    # Lines break between the players' entries, never inside one ("Bot 6: -1" whole).
    assert sep.join(whole) == progress_line(saved)
    with fonts.recording() as drawn:
        draw_game_in_progress(surface, saved, pygame.Rect(0, 0, 300, 3 * line), size)
    shown = [d.text for d in drawn]
    assert shown[-1].endswith("…") and shown[-1] != whole[1]
    with fonts.recording() as drawn:
        draw_game_in_progress(surface, saved, pygame.Rect(0, 0, 300, (2 + len(whole)) * line), size)
    assert [d.text for d in drawn][-len(whole):] == whole  # room for all: nothing cut
