"""Setup with more options than fit the screen (the kiosk's finger-sized rows at 800x480):
the options come a page at a time and every one of them is reachable."""
from game.registry import ENTRIES
from game.scenes.setup import SetupScene
from game.ui import widgets
from tests.test_kiosk_mode import DT, kiosk_app


def test_every_option_of_every_game_is_on_exactly_one_page_at_800x480():
    saved = widgets.MIN_BUTTON_PX  # kiosk mode raises it for its process
    try:
        _every_option_on_one_page()
    finally:
        widgets.MIN_BUTTON_PX = saved


def _every_option_on_one_page():
    app, _ = kiosk_app((800, 480))
    for entry in ENTRIES:
        scene = SetupScene(app, entry.id)
        app.scenes.push(scene)
        app.tick(DT)
        seen = []
        for _ in range(len(scene.info.options) + 1):
            seen += list(scene.option_buttons)
            for button in scene.option_buttons.values():
                assert button.rect.bottom <= app.size[1], (entry.id, button.rect)
            scene.next_option_page()
            app.tick(DT)
            if scene.option_page == 0:
                break
        assert sorted(seen) == sorted(o.name for o in scene.info.options), entry.id
        app.scenes.pop()
