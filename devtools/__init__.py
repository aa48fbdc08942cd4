"""The developer's tools: benchmarks, the soak, tournaments and the strength table, screenshots and the scene
catalogue. The game (``game/``) and the window (``scenes/``) never import this package; the command line
(``cli/``) runs it."""
