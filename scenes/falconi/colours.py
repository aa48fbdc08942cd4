"""Catch Don Falconi's seat colours, read by its registration (``registration.py``, for the pages) and by its board's
drawing alike."""

Colour = tuple[int, int, int]

# Don Falconi, Country, Port, Forest; the colour-blind-safe set is from Okabe and Ito's palette, which stays
# distinct for every common kind of colour blindness (the drawings add shapes and letters besides).
COLOURS = ((18, 18, 22), (214, 168, 58), (66, 128, 222), (52, 150, 80))
COLOUR_BLIND_COLOURS = ((18, 18, 22), (230, 159, 0), (86, 180, 233), (0, 158, 115))


def seat_colours(colour_blind: bool = False) -> tuple[Colour, ...]:
    """A colour per seat, in the player's palette."""
    return COLOUR_BLIND_COLOURS if colour_blind else COLOURS
