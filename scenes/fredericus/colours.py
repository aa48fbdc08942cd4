"""Fredericus's seat colours, read by its registration (``registration.py``, for the pages) and by its board's
drawing alike."""

Colour = tuple[int, int, int]

# Red, Blue, Green, Yellow; the colour-blind-safe set is from Okabe and Ito's palette.
COLOURS = ((214, 58, 48), (58, 108, 224), (52, 160, 76), (236, 198, 40))
COLOUR_BLIND_COLOURS = ((213, 94, 0), (0, 114, 178), (0, 158, 115), (240, 228, 66))


def seat_colours(colour_blind: bool = False) -> tuple[Colour, ...]:
    """A colour per seat, in the player's palette."""
    return COLOUR_BLIND_COLOURS if colour_blind else COLOURS
