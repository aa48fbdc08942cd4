"""Where the game keeps what it remembers between runs: settings and saves, in the platform's user data folder.

``FALCONI_DATA_DIR`` moves it elsewhere (tests and portable installs use it).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "falconi-fredericus"


def data_folder() -> Path:
    override = os.environ.get("FALCONI_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
