"""The table's course on screen, for the layout tests and the screenshots: the table at a
step with buttons or a chooser (the cards of a meld, a skart, a pass chosen; a declaration's
chooser; the set-or-run chooser), the round summary reached as a player reaches it, and the
hot-seat hand-off. Games are short games (game.samples) played by random bots."""
from __future__ import annotations

from game.app import App

# Options that bring in a step with buttons the short options leave out.
STEP_OPTIONS = {"olsen": {"pass3": True}}


def open_table(app: App, match, frames: int = 2):
    from game.scenes import catalog

    app.match = match
    app.scenes.reset(catalog.make("menu", app))
    table = app.scenes.push(catalog.make("table", app, match))
    table.skip_animations()
    app.run_frames(frames)
    return table


def button_step(legal: list[dict]) -> dict | None:
    """A move of the step's buttons or chooser (a meld, a lay-off, a knock, a declaration,
    a pass or skart of several cards), the one of most cards; None for a plain card play."""
    special = [m for m in legal if m.get("kind") not in (None, "play", "draw", "discard", "capture") or len(m.get("cards") or ()) > 1]
    return max(special, key=lambda m: (len(m.get("cards") or ()), m.get("kind") != "pass"), default=None)


def table_at_step(app: App, game_id: str, seed: int = 3):
    """The table at a step of ``game_id`` that shows buttons or a chooser, its cards chosen
    (a meld's, a skart's): played by random bots from a short game (a few seeds tried);
    None when the game has no such step (card plays only)."""
    from game.registry import BY_ID
    from game.samples import play_out, short_options
    from game.scenes.match import Match, Seat

    info = BY_ID[game_id].info
    for attempt in range(6):
        options = {**short_options(game_id), **STEP_OPTIONS.get(game_id, {})}
        seats = [Seat("human" if i == 0 else "simple", "You" if i == 0 else f"Robot {i + 1}") for i in range(info.min_players)]
        match = Match(game_id, seats, options, seed=seed + attempt)
        for _ in range(400):
            if match.finished:
                break
            if match.current() == 0:
                move = button_step(match.observation(0)["legal"])
                if move is not None:
                    table = open_table(app, match)
                    cards = table.view.move_cards(move)
                    if table.choices_now() is None and table.view.select_count(table.phase()):
                        for code in cards:
                            table.tap_card(code)
                        same = [m for m in table.legal() if table.view.move_kind(m) == table.view.move_kind(move) and sorted(table.view.move_cards(m)) == sorted(cards)]
                        if len(same) > 1:
                            table.offer(same)  # the readings' chooser
                    return table
            play_out(match, seed=attempt, moves=1)
    return None


def table_summary(app: App, game_id: str):
    """The summary of a short game's first round over its table, as a player reaches it:
    random bots play up to the move that ends the round, which the table then plays."""
    from game.registry import BY_ID
    from game.bots import make_bot
    from game.rules import load_state
    from game.samples import sample_match
    from game.scenes.match import Match

    match = sample_match(game_id, BY_ID[game_id].info.max_players)
    bots = [make_bot("random", game_id, seed=i) for i in range(match.players)]
    while not match.finished:
        seat = match.current()
        move = match.state.move_to_json(bots[seat].choose(match.observation(seat)))
        before = match.state.to_json()
        if any("summary" in e for e in match.play(move)):
            match = Match(game_id, match.seats, match.options, seed=match.seed, state=load_state(before))
            table = open_table(app, match, frames=0)  # no frame: an AI would move
            table.play(move)
            for _ in range(600):
                if app.scenes.top.name == "summary":
                    return app.scenes.top
                table.skip_animations()
                app.tick(1 / 60)
            break
    raise AssertionError(f"{game_id}: no round summary")


def table_handoff(app: App, game_id: str):
    """A hot-seat game of ``game_id`` (two humans): the hand-off screen of its first turn."""
    from game.registry import BY_ID
    from game.samples import sample_match

    match = sample_match(game_id, max(2, BY_ID[game_id].info.min_players), humans=2)
    table = open_table(app, match)
    for _ in range(600):
        if app.scenes.top.name == "handoff":
            return app.scenes.top
        app.tick(1 / 60)
        table.skip_animations()
    return None
