"""The game's data: Tiled maps, sprites, sounds and the catalogs in four languages (made by ``tools/``).

A package only so that it is installed with the code (``pip install .``, ``pipx``, a PyInstaller folder) and
found where it was installed: every reader asks :mod:`game.resources` for it, never a path beside the code."""
