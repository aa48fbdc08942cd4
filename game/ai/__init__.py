"""AI opponents for every seat of both games: a heuristic ``easy`` level and information-set Monte Carlo tree
search for ``normal`` and ``hard``. Bots see only a :class:`game.core.view.SeatView`."""
