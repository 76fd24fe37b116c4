"""Logical pixels, density and the shape of the screen: what every layout measures in.

The window is given in device pixels (what pygame draws into) with a density: device pixels
per logical pixel (the browser's ``devicePixelRatio``, the desktop's display scale when SDL
tells it, ``--scale``). Minimums are in logical pixels, the unit of Apple's points and
Android's dp, so a 44 px touch target is the same size under a finger on any phone.

The layouts were drawn for a 1280x720 window; ``zoom`` says how large that design is drawn
in logical pixels (0.6 to 3, as before density existed: a 1920x1080 desktop at density 1 is
zoomed 1.5), and ``scale`` = density x zoom is the device pixels per design pixel that the
scenes multiply by. See docs/layout.md.

Pure: no pygame here, so layouts and their tests use it without a display.
"""
from __future__ import annotations

from dataclasses import dataclass

# Minimums, in logical pixels.
BODY_TEXT = 14  # running text, labels
MIN_TEXT = 12  # no text is drawn smaller (a label wraps, abbreviates or gets room instead)
CARD_INDEX = 11  # the height of a card's rank in its corner index
TOUCH = 44  # a touch target's width and height (Apple's HIG; Material asks 48 dp)

DESIGN_SIZE = (1280, 720)  # the window the layouts' design sizes were drawn for
MIN_ZOOM, MAX_ZOOM = 0.6, 3.0

# The shapes of a screen, in logical pixels (docs/layout.md):
PORTRAIT = "portrait"  # upright and narrow: a phone held upright (360x640 .. 430x932)
SHORT = "short"  # landscape and low: a phone on its side (640x360 .. 932x430), 800x480 tablets
TABLET = "tablet"  # upright and wide: a tablet held upright (768x1024)
DESKTOP = "desktop"  # landscape with room: landscape tablets (1024x768, 1280x800), desktops
SHAPES = (PORTRAIT, SHORT, TABLET, DESKTOP)
PORTRAIT_MAX_WIDTH = 600  # an upright screen narrower than this is a phone
SHORT_MAX_HEIGHT = 500  # a landscape screen lower than this is a phone on its side
PHONE_SIDE = 430  # a phone's short side (360..430), held either way: no keyboard there


def shape_of(width: float, height: float) -> str:
    """The shape of a screen of this logical size."""
    if height > width:
        return PORTRAIT if width < PORTRAIT_MAX_WIDTH else TABLET
    return SHORT if height < SHORT_MAX_HEIGHT else DESKTOP


def is_phone(logical_size) -> bool:
    """A window a phone shows (its short side at most PHONE_SIDE logical px): texts say
    what to tap, never a key of a keyboard."""
    return min(logical_size) <= PHONE_SIDE


def zoom_for(width: float, height: float) -> float:
    """How large the 1280x720 design is drawn, in logical pixels per design pixel."""
    return max(MIN_ZOOM, min(width / DESIGN_SIZE[0], height / DESIGN_SIZE[1], MAX_ZOOM))


@dataclass(frozen=True)
class Units:
    """The measures of one window: its device size, density, logical size, zoom and shape."""

    size: tuple[int, int]  # device pixels
    density: float = 1.0  # device pixels per logical pixel

    @property
    def logical(self) -> tuple[float, float]:
        return (self.size[0] / self.density, self.size[1] / self.density)

    @property
    def zoom(self) -> float:
        return zoom_for(*self.logical)

    @property
    def scale(self) -> float:
        """Device pixels per design pixel: what ``app.scale`` is."""
        return self.density * self.zoom

    @property
    def shape(self) -> str:
        return shape_of(*self.logical)

    @property
    def touch(self) -> int:
        """The side of the smallest touch target, in device pixels."""
        return self.px(TOUCH)

    def px(self, logical: float) -> int:
        """Device pixels for a length in logical pixels (rounded; at least 1 if not 0)."""
        if logical <= 0:
            return 0
        return max(1, int(round(logical * self.density)))

    def lp(self, device: float) -> float:
        """Logical pixels for a length in device pixels."""
        return device / self.density

    def design(self, value: float, least: float = 0) -> int:
        """A design size (drawn for 1280x720) in device pixels, never under ``least`` logical px."""
        return max(self.px(least), int(value * self.scale))

    def text(self, design_size: float, least: float = BODY_TEXT) -> int:
        """A font size in device pixels: the design size zoomed, never under ``least`` logical px."""
        return max(self.px(max(least, MIN_TEXT)), int(design_size * self.scale))

    def logical_rect(self, rect) -> tuple[float, float, float, float]:
        """(x, y, w, h) of a device-pixel rectangle, in logical pixels."""
        x, y, w, h = (rect.x, rect.y, rect.width, rect.height) if hasattr(rect, "x") else rect
        d = self.density
        return (x / d, y / d, w / d, h / d)


def units_for(size, density: float = 1.0) -> Units:
    """The Units of a window of ``size`` device pixels at ``density`` (at least 1x1, density > 0)."""
    density = float(density) if density and density > 0 else 1.0
    return Units((max(1, int(size[0])), max(1, int(size[1]))), density)
