"""Sample games for the tools and the tests that show screens (tools/screenshots.py, the
layout tests): a short game of any registered game, played out by random bots.

Nothing here names a game: the short options follow the option-name conventions of
docs/plugins.md (``target``, ``hands``, ``deals``, ``rounds``: the smallest positive choice).
"""
from __future__ import annotations

from game import registry
from game.bots import make_bot
from game.scenes.match import Match, Seat

SHORT_OPTIONS = ("target", "hands", "deals", "rounds")
NAMES = ("Ana", "Bashir", "Ceren", "Dara", "Emre", "Farah", "Goran", "Hana", "Ilias", "Jana")


def short_options(game_id: str) -> dict:
    """The options of ``game_id`` that make its game shortest (smallest target, fewest deals)."""
    out = {}
    for o in registry.BY_ID[game_id].info.options:
        if o.name in SHORT_OPTIONS:
            positive = [c for c in o.choices if isinstance(c, int) and not isinstance(c, bool) and c > 0]
            if positive:
                out[o.name] = min(positive)
    return out


def sample_match(game_id: str, players: int | None = None, humans: int = 1, seed: int = 3) -> Match:
    """A new game of ``game_id`` with short options: ``humans`` human seats first, simple AIs after."""
    info = registry.BY_ID[game_id].info
    players = players or info.min_players
    seats = [Seat("human" if i < humans else "simple", NAMES[i % len(NAMES)] if i < humans else f"Robot {i + 1}") for i in range(players)]
    return Match(game_id, seats, short_options(game_id), seed=seed)


def play_out(match: Match, seed: int = 0, moves: int | None = None) -> Match:
    """Every seat's moves chosen by a random bot, through ``Match.play`` as the table does;
    to the end of the game (or ``moves`` moves)."""
    bots = [make_bot("random", match.game_id, seed=seed + i) for i in range(match.players)]
    played = 0
    while not match.finished and (moves is None or played < moves):
        seat = match.current()
        match.play(match.state.move_to_json(bots[seat].choose(match.observation(seat))))
        played += 1
    return match


def finished_match(game_id: str, players: int | None = None, seed: int = 3) -> Match:
    """A short game of ``game_id`` played to its end (one human seat, for its replay)."""
    return play_out(sample_match(game_id, players, seed=seed), seed=seed)
