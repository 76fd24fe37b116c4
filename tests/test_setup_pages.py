"""Setup with more options than fit the screen (the kiosk's finger-sized rows at 800x480):
the options scroll, and every one of them is reachable by a drag of the list."""
from game.registry import ENTRIES
from game.scenes.setup import SetupScene
from game.ui import widgets
from tests.test_kiosk_mode import DT, kiosk_app
from tests.ui_helpers import drag


def test_every_option_of_every_game_is_reached_by_dragging_the_list_at_800x480():
    saved = widgets.MIN_BUTTON_PX  # kiosk mode raises it for its process
    try:
        _every_option_reached_by_a_drag()
    finally:
        widgets.MIN_BUTTON_PX = saved


def _every_option_reached_by_a_drag():
    app, _ = kiosk_app((800, 480))
    for entry in ENTRIES:
        scene = SetupScene(app, entry.id)
        app.scenes.push(scene)
        app.tick(DT)
        seen = set(scene.option_buttons)
        area = scene.lists[0][0]
        for _ in range(len(scene.info.options)):
            for button in scene.option_buttons.values():
                assert area.contains(button.rect) and button.rect.bottom <= app.size[1], (entry.id, button.rect)
            if seen == {o.name for o in scene.info.options}:
                break
            # A finger drags the list up by a row (the drag starts on a label, not a button).
            x, y = area.x + 4, area.bottom - 4
            drag(app, (x, y), (x, y - scene.scrolls[0].step - 2))
            seen |= set(scene.option_buttons)
        assert seen == {o.name for o in scene.info.options}, entry.id
        app.scenes.pop()
