"""The art, map and sound scripts: run each from the repository's root as ``python -m tools.<script>``; the
game only reads what they write."""

from pathlib import Path

# What they write goes into the checkout they are run from (the game reads it through game.resources, which
# finds the same folder in a checkout and the installed copy elsewhere).
CHECKOUT_ASSETS = Path(__file__).resolve().parent.parent / "assets"
