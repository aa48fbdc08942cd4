"""The window's palette. Its own module, below the widgets (:mod:`scenes.kit.ui`), so that the tooltips and the
menu art's plain fallbacks, which the widgets draw with, can use it too; the pages read it from ``ui``."""

BACKGROUND = (24, 28, 40)
PANEL = (38, 44, 62)
PANEL_EDGE = (86, 96, 128)
TEXT = (228, 230, 238)
DIM = (140, 146, 166)
ACCENT = (250, 204, 92)
FOCUS = (70, 120, 200)
DANGER = (220, 70, 60)
GOOD = (90, 190, 110)
SHADE = (0, 0, 0, 170)
SHADOW = (8, 8, 14)  # behind titles drawn over a picture
