"""Drawing helpers for the app: fonts, cards, colours, sounds, layout, widgets."""
