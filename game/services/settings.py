"""The player's settings, remembered between runs: language, window, volumes, animation speed, colours, hints,
whether a move that would lose the game asks first, and which of the games' once-only cards (Falconi's new pizzas)
the player has already seen.

A settings file that is missing, malformed or partly wrong never stops the game: each value that cannot be
used falls back to its default, and each such problem is kept for the app to explain in the player's language.
A file that cannot be read at all is moved aside (``settings.unreadable-<time>.json``), never written over.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from game.core.errors import StateFormatError
from game.core.jsonio import aside_name, disk_reason, read_json_file, write_json_atomic
from game.core.text import person_name
from game.registry import game_names, game_spec
from game.services.match import NAME_LENGTH

LANGUAGES = ("en", "it", "de", "fr")  # the rulebooks' languages
WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080))  # offered in the menu; a dragged window may be any size
SMALLEST_WINDOW = (640, 360)  # half the picture each way: the window scales it down, still readable
# The largest real screens (8K UHD), either way round: a bigger stored size is damage, not a window, and
# opening it would cost seconds a frame and gigabytes of memory.
LARGEST_WINDOW = (7680, 4320)
ANIMATION_SPEEDS = (0.5, 1.0, 2.0, 4.0)
SETTINGS_FILE = "settings.json"


@dataclass(frozen=True)
class SettingsProblem:
    """A stored setting that could not be used (``setting`` is ``None`` when the whole file could not be read);
    the app tells the player in their language, ``detail`` says what was wrong, for whoever looks closer.
    An unreadable file is moved aside before new settings are written over it: ``kept`` is its new name, or
    ``not_kept`` says why it could not be moved."""

    setting: str | None
    detail: str
    kept: str = ""
    not_kept: str = ""


@dataclass(frozen=True)
class Settings:
    language: str = "en"
    fullscreen: bool = False
    window_size: tuple[int, int] = WINDOW_SIZES[0]
    music_volume: float = 0.5
    effects_volume: float = 0.8
    animation_speed: float = 1.0
    colour_blind: bool = False  # seat colours that stay apart for every kind of colour blindness
    hints: bool = True
    screen_shake: bool = True
    confirm_losses: bool = True  # a move that would lose its maker the game asks first (as Board Game Arena's)
    seen_cards: tuple[str, ...] = ()  # the once-only cards already shown (of once_cards()), as they were seen
    player_name: str = ""  # the name this player takes to an online table ("": their login name)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        data["seen_cards"] = list(self.seen_cards)
        return data

    def changed(self, **values: Any) -> Settings:
        return replace(self, **values)


_CHECKS = {
    "language": lambda v: v in LANGUAGES,
    "fullscreen": lambda v: isinstance(v, bool),
    "window_size": lambda v: _is_window_size(v),
    "music_volume": lambda v: _is_fraction(v),
    "effects_volume": lambda v: _is_fraction(v),
    "animation_speed": lambda v: v in ANIMATION_SPEEDS and not isinstance(v, bool),
    "colour_blind": lambda v: isinstance(v, bool),
    "hints": lambda v: isinstance(v, bool),
    "screen_shake": lambda v: isinstance(v, bool),
    "confirm_losses": lambda v: isinstance(v, bool),
    "seen_cards": lambda v: _is_card_list(v),
    "player_name": lambda v: isinstance(v, str) and person_name(v, NAME_LENGTH) == v,
}


def _is_window_size(value: Any) -> bool:
    """Two whole numbers, no smaller than the smallest window the game opens (the picture is scaled to fit it)
    and no larger than the largest screen, standing or lying."""
    if not isinstance(value, list) or len(value) != 2:
        return False
    if not all(isinstance(side, int) and not isinstance(side, bool) for side in value):
        return False
    longer, shorter = sorted(value, reverse=True)
    return (all(least <= side for side, least in zip(value, SMALLEST_WINDOW))
            and longer <= LARGEST_WINDOW[0] and shorter <= LARGEST_WINDOW[1])


def window_size_choices(current: tuple[int, int], desktop: tuple[int, int] | None = None) -> list[tuple[int, int]]:
    """The sizes the settings menu offers, smallest first: the usual ones that fit on ``desktop`` (the screen's
    size; ``None``: unknown, all of them), or where none does the largest of the picture's shape that fits; and
    the window's own size (dragged to another, or kept from a larger screen), which it shows as it is."""
    sizes = {size for size in WINDOW_SIZES if desktop is None or _fits(size, desktop)}
    if not sizes and desktop is not None:
        width = min(desktop[0], desktop[1] * WINDOW_SIZES[0][0] // WINDOW_SIZES[0][1])
        height = width * WINDOW_SIZES[0][1] // WINDOW_SIZES[0][0]
        sizes = {(max(width, SMALLEST_WINDOW[0]), max(height, SMALLEST_WINDOW[1]))}
    return sorted(sizes | {current}, key=lambda size: (size[0] * size[1], size))


def _fits(size: tuple[int, int], desktop: tuple[int, int]) -> bool:
    return size[0] <= desktop[0] and size[1] <= desktop[1]


def once_cards() -> tuple[str, ...]:
    """Every registered game's once-only cards (``GameSpec.once_cards``): the names ``seen_cards`` may hold."""
    return tuple(card for name in game_names() for card in game_spec(name).once_cards)


def _is_card_list(value: Any) -> bool:
    """Names of once-only cards, each at most once: a list the game itself writes, so anything else is damage."""
    known = once_cards()
    return (isinstance(value, list) and all(isinstance(name, str) and name in known for name in value)
            and len(set(value)) == len(value))


def _is_fraction(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 1


def settings_from_json(data: Any) -> tuple[Settings, list[SettingsProblem]]:
    """Settings from stored data, and a problem for each value that was ignored."""
    if not isinstance(data, dict):
        return Settings(), [SettingsProblem(None, "the settings file is not a JSON object")]
    values: dict[str, Any] = {}
    problems: list[SettingsProblem] = []
    for item in fields(Settings):
        if item.name not in data:
            continue
        value = data[item.name]
        if _CHECKS[item.name](value):
            values[item.name] = tuple(value) if item.name in ("window_size", "seen_cards") else value
        else:
            problems.append(SettingsProblem(item.name, f"the setting {item.name!r} cannot be {value!r}"))
    return Settings(**values), problems


def load_settings(folder: Path) -> tuple[Settings, list[SettingsProblem]]:
    """The stored settings and the problems met; a file that cannot be read at all is kept aside (a bad value
    alone falls back to its default, and the others are written back at the next change)."""
    path = folder / SETTINGS_FILE
    if not path.exists():
        return Settings(), []
    try:
        settings, problems = settings_from_json(read_json_file(path))
    except StateFormatError as error:
        settings, problems = Settings(), [SettingsProblem(None, f"the settings could not be read ({error})")]
    return settings, [_set_aside(path, problem) if problem.setting is None else problem for problem in problems]


def _set_aside(path: Path, problem: SettingsProblem) -> SettingsProblem:
    """Move an unreadable settings file out of the way of the defaults the game will write, so it is never lost.
    Moving it needs the folder the settings are written to, so if that fails, so would any write over it."""
    try:
        kept = aside_name(path, "unreadable")
        path.replace(kept)
    except OSError as failure:
        return replace(problem, not_kept=disk_reason(failure))
    return replace(problem, kept=kept.name)


def save_settings(folder: Path, settings: Settings) -> None:
    write_json_atomic(folder / SETTINGS_FILE, settings.to_json())
