"""Each game's view on the one table (game/scenes/table.py); the interface is in base.py."""
