"""Every game's id mapped to its State class, read from the shelf (game/registry.py)."""
from __future__ import annotations

from game.registry import ENTRIES
from game.rules.base import GameInfo, RulesError, State

GAMES: dict[str, type[State]] = {e.id: e.load("rules") for e in ENTRIES}


def game_class(game_id: str) -> type[State]:
    try:
        return GAMES[game_id]
    except KeyError:
        raise RulesError(f"unknown game {game_id!r}; games are {sorted(GAMES)}") from None


def new_game(game_id: str, players: int, options=None, seed: int = 0, deck_order=None) -> State:
    return game_class(game_id).new(players, options, seed, deck_order)


def load_state(data: dict) -> State:
    """A state read from JSON (a save, a protocol client), checked to hold together: every
    game checks its fields and cards when loading; here the state must also answer its
    verbs and play on, so a hand-made state that could not is refused with a message rather
    than failing moves later."""
    if not isinstance(data, dict):
        raise RulesError("a state must be a JSON object")
    cls = game_class(data.get("game"))
    try:
        state = cls.from_json(data)
    except RulesError:
        raise
    except Exception as e:  # a check a game lacks: still refused with a message, never a crash
        raise RulesError(f"{cls.info.id} state cannot be read: {type(e).__name__}: {e}") from None
    check_plays_on(state)
    return state


def check_plays_on(state: State) -> None:
    gid = state.info.id
    try:
        seat = state.current_player()
        moves = state.legal_moves()
        for s in range(state.players):
            state.observation(s)
        state.result()
        if seat is not None and moves:
            after = state.clone()
            after.apply(moves[0])
            nxt = after.current_player()
            if nxt is not None and not 0 <= nxt < state.players:
                raise RulesError(f"seat {nxt} would be next to move")
            after.legal_moves()
    except Exception as e:
        why = str(e) if isinstance(e, RulesError) else f"{type(e).__name__}: {e}"
        raise RulesError(f"{gid} state does not hold together: {why}") from None
    if seat is not None and not 0 <= seat < state.players:
        raise RulesError(f"{gid} state: seat {seat} to move, with {state.players} players")
    if seat is not None and not moves:
        raise RulesError(f"{gid} state: seat {seat} is to move but has no legal move (the hands do not fit the position)")


__all__ = ["GAMES", "GameInfo", "RulesError", "State", "game_class", "new_game", "load_state", "check_plays_on"]
