"""``python main.py bench tutorial``: how long each game's first path takes a newcomer, by a model of a person.

The person reads every text the path shows at 200 words a minute (each screen's lesson once, each line saying
which key to press the first time it appears, and the end card) and spends 3 seconds on each action: a choice of
theirs, a note card dismissed, an action of the script watched, and the Enter that leaves the end card. Words are
counted in every language; a path's minutes are those of its slowest language. Nothing is timed for real: the
path is replayed on the rules core, so the figure depends on the script and its texts only. Target (issue 52):
at most five minutes per game.
"""

from __future__ import annotations

from typing import Any

from game.i18n import Translator
from game.services.match import Match
from game.services.settings import LANGUAGES
from game.services.tutorials import FIRST_PATHS, LEARNER, NOTE, Tutorial, accepted

WORDS_PER_MINUTE = 200
SECONDS_PER_ACTION = 3.0
LIMIT_MINUTES = 5.0
_HOW = {NOTE: "tutorial.how.next.keyboard", LEARNER: "tutorial.how.choose.keyboard"}  # the focus is on the target
_WATCH = "tutorial.how.watch"


def _words(text: str) -> int:
    return len(text.split())


def shown_texts(tutorial: Tutorial) -> list[str]:
    """The keys of the texts the path shows, in order, each once: a screen's lesson, a line of keys the first
    time it appears, the end card's title and text."""
    keys: list[str] = []
    for index, step in enumerate(tutorial.steps):
        if index == 0 or step.lesson != tutorial.steps[index - 1].lesson:
            keys.append(step.lesson)
        how = _HOW.get(step.kind, _WATCH)
        if how not in keys:
            keys.append(how)
    return [*keys, "tutorial.done.title", tutorial.outro]


def path_figures(tutorial: Tutorial) -> dict[str, Any]:
    """The model's figures for one path: its lessons (screens), the person's actions, the words read in each
    language, and the minutes of the slowest language."""
    match = Match(tutorial.setup)
    for text in tutorial.opening:
        match.play(match.state.parse_action(text))
    counts = {NOTE: 0, LEARNER: 0, "script": 0}
    for step in tutorial.steps:
        counts[step.kind] += 1
        if step.kind != NOTE:
            match.play(accepted(match.state, step)[0])
    keys = shown_texts(tutorial)
    words = {language: sum(_words(Translator(language)(key)) for key in keys) for language in LANGUAGES}
    slowest = max(words, key=lambda language: words[language])
    actions = counts[LEARNER] + counts[NOTE] + counts["script"] + 1  # and the Enter on the end card
    reading = words[slowest] * 60 / WORDS_PER_MINUTE
    acting = actions * SECONDS_PER_ACTION
    return {
        "tutorial": tutorial.name,
        "minutes": round((reading + acting) / 60, 2),
        "lessons": tutorial.screen_count,
        "choices": counts[LEARNER],
        "notes": counts[NOTE],
        "watched": counts["script"],
        "words": words,
        "slowest_language": slowest,
        "reading_seconds": round(reading, 1),
        "acting_seconds": round(acting, 1),
        "game_over": match.state.is_terminal(),
    }


def run_tutorial_bench() -> dict[str, Any]:
    """Every game's first path, with the model and its limit."""
    games = {game: path_figures(tutorial) for game, tutorial in FIRST_PATHS.items()}
    return {
        "model": {"words_per_minute": WORDS_PER_MINUTE, "seconds_per_action": SECONDS_PER_ACTION},
        "limit_minutes": LIMIT_MINUTES,
        "games": games,
        "within_limit": all(figures["minutes"] <= LIMIT_MINUTES for figures in games.values()),
    }


def describe(figures: dict[str, Any]) -> list[str]:
    """The bench's figures as lines to read: a path per game, then the verdict."""
    model = figures["model"]
    lines = [f"first paths, read at {model['words_per_minute']} words a minute, "
             f"{model['seconds_per_action']:g} s an action (limit {figures['limit_minutes']:g} minutes):"]
    for game, path in figures["games"].items():
        lines.append(f"  {game} ({path['tutorial']}): {path['minutes']:.1f} minutes, {path['lessons']} lessons, "
                     f"{path['choices']} choices, {path['notes']} notes, {path['watched']} watched; "
                     f"{path['words'][path['slowest_language']]} words in {path['slowest_language']} "
                     f"(en {path['words']['en']})")
    lines.append("every path within the limit" if figures["within_limit"] else "a path is over the limit")
    return lines
