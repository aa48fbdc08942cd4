"""What the app keeps around the rules: a match as played, its saves, the settings, series, statistics,
the tutorials' scripts and where the player's files live. Headless, like the rest of ``game/``."""
