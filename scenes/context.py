"""What every scene may use: the settings, the translator, cached text, the saves, the AI worker, the input
layer and the sound. One object made by the app and handed to each scene, never a global."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from game.ai.service import AIService
from game.core.jsonio import disk_reason
from game.core.message import Message
from game.i18n import Translator
from game.services.match import Match, Person, default_number
from game.services.saves import SaveStore
from game.services.settings import Settings, SettingsProblem, save_settings
from game.services.stats import Stats, count_match, match_results, name_results, record_results
from scenes.kit.audio import Audio
from scenes.kit.input import InputMapper
from scenes.kit.ui import TextCache

if TYPE_CHECKING:
    from game.core.options import GameOptions
    from game.services.match import SeatPlan
    from scenes.kit.stack import Scene
    from scenes.online.network import Network

# The page after a game's options page: its seat set-up, with the options and first seats (None: its board's).
SeatPage = Callable[["AppContext", str, "GameOptions | None", "Sequence[SeatPlan] | None"], "Scene"]


@dataclass
class AppContext:
    settings: Settings
    data_folder: Path
    saves: SaveStore
    ai: AIService
    inputs: InputMapper
    text: TextCache = field(default_factory=TextCache)
    notices: list[str] = field(default_factory=list)  # messages for the player, shown by the next menu
    window_changed: bool = False  # the app re-applies fullscreen and window size when set
    ai_pause: float = 0.7  # seconds between two AI actions at animation speed 1, so people can follow them
    audio: Audio = field(default_factory=Audio.silent)  # the app passes one with the mixer open
    stats: Stats = field(default_factory=Stats)  # games played and won (game.services.stats), loaded by the app
    seat_page: SeatPage | None = None  # while a table to host is being chosen, its seat page instead of the local one
    network: Callable[[], Network] | None = None  # the doors to the network, asked when first used (None: the real
    # ones; the soak's are closed, so random input never opens a table on the player's network)

    def __post_init__(self) -> None:
        self.tr = Translator(self.settings.language)

    def explain(self, problem: SettingsProblem) -> str:
        """A stored setting that was ignored, told in the player's language."""
        if problem.setting is None and problem.kept:
            return self.tr("notice.settings_unreadable", file=problem.kept)
        if problem.setting is None:
            return self.tr.message(Message.of("notice.settings_left", reason=problem.not_kept))
        return self.tr("notice.setting_ignored", setting=self.tr(f"settings.{problem.setting}"))

    def change_settings(self, settings: Settings) -> None:
        """Use and remember new settings (written at once, atomically)."""
        window = (settings.fullscreen, settings.window_size) != (self.settings.fullscreen, self.settings.window_size)
        self.settings = settings
        self.tr = Translator(settings.language)
        self.audio.set_volumes(settings.effects_volume, settings.music_volume)
        self.window_changed = self.window_changed or window
        try:
            save_settings(self.data_folder, settings)
        except OSError as error:
            self.notices.append(self.tr.message(Message.of("notice.settings_not_saved", reason=disk_reason(error))))

    def record_game(self, match: Match) -> None:
        """Count a finished game in the statistics and remember them at once: written here, once a game, as its
        result comes up, on top of what the file holds now, under the statistics' lock (another copy of the
        game may have counted games since, or be counting one now). A disk that refuses is told on the next
        menu; the game is counted in memory and the game goes on."""
        try:
            self.stats = record_results(self.data_folder, match_results(match), self.stats,
                                        name_results(match, self.settings.player_name))
        except OSError as error:
            self.stats = count_match(self.stats, match, self.settings.player_name)
            self.notices.append(self.tr.message(Message.of("stats.not_saved", reason=disk_reason(error))))

    def person_name(self, person: Person) -> str:
        """A person's name as the player reads it: a default name (kept in one form whatever the language,
        :func:`default_number`) in the current language, a typed one as typed."""
        number = default_number(person.name)
        return person.name if number is None else self.tr("setup.player", number=number)
