"""Fredericus's own part of the developer's tools (:mod:`devtools.games`): its command-line options (``cli``),
its tournaments and strength-table rows (``matches``), its benchmark set-ups (``benches``), and its screens
and soak matches (``window``)."""

GAME = "fredericus"  # its name in game.registry
