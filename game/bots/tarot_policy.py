"""Tarot family know-how for the generic bots (placeholder filled below)."""
