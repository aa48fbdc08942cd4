"""Catch Don Falconi and Fredericus: ``python main.py`` opens the game on its title menu; ``python main.py
--help`` lists the other commands (play straight into a game; simulate, tournament and bench, headless)."""

import sys

if __name__ == "__main__":
    import multiprocessing

    multiprocessing.freeze_support()  # in the desktop app (tools/build_app.py) the AI's worker starts here
    try:
        from cli import main
    except KeyboardInterrupt:  # pressed while the program still loads: nothing is open or unsaved yet
        print("main.py: stopped (Ctrl-C)", file=sys.stderr)
        sys.exit(130)
    sys.exit(main())
