"""Each game's statistics plug-in: what it counts from its events and round summaries and
what the statistics scene shows (``game.stats.GameStats``), one module per game id."""
