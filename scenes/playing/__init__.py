"""Playing a match on screen, the same for both games: the play scene, its action bar, hints and the tutorials."""
