"""Bezique family know-how for the generic bots (filled in below)."""
