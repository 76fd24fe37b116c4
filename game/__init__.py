"""Orlan: traditional card games with correct rules, strong AI and a friendly table."""

__version__ = "0.1.0"
