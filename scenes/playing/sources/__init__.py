"""Where a play scene's moves come from: the people at this screen with the AI worker, a tutorial's script (and,
in ``scenes/online/source.py``, an online table)."""
