"""Catch Don Falconi and Fredericus: ``python main.py`` opens the game on its title menu; ``python main.py
--help`` lists the other commands (play straight into a game; simulate, tournament and bench, headless)."""

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # pygame's banner would spoil --json output

from cli import main

if __name__ == "__main__":
    sys.exit(main())
