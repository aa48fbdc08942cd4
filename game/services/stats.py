"""The player's statistics: games played and won, per game, variant, role and opponents, kept in ``stats.json``
beside the settings.

What one finished match counts (:func:`match_results`), decided here once for every screen:

- Only a finished game counts; a game left midway was not played to a result.
- Each person at the screen counts once per role they played: somebody who drives all three police cars
  played one game as the police, not three. AI seats are not players and count nothing.
- A role counts only against somebody else. A person who plays both sides, or every falconer, practises
  against themselves: there is no result to keep.
- Falconi's roles are Don Falconi (``fugitive``) and the ``police``. The police play as one side against him
  (F-8.2: a blocked fugitive is a win for every police car still in the chase), so a police person's opponent
  is Don Falconi's seat, and Don Falconi's opponents are the police cars in play. A police person won when one
  of their cars is among the winners: the car that caught him (F-8.1, the catcher alone wins, so the other
  police lost), or every car still in the chase when he is blocked (F-8.2). A car put out earlier lost.
- Fredericus has one role, ``falconer``; every other falconer is an opponent. A person won when their seat
  wins; ties are already settled by R-8.3 (the tied player last in turn order wins), so there is one winner.
- The variant is Falconi's pizza, or Fredericus' number of falconers (``2p`` … ``4p``), the shorter game
  (R-9) apart (``2p-short`` …), since its games are shorter and score differently.
- A line keeps the current and the best winning streak and the best score (:mod:`game.services.tally`): the
  score is the game's own (``GameSpec.record_score``: Fredericus' points, Falconi's fastest win in turns), the
  best of the person's seats of that role.
- The opponents are named by the strongest AI level among them: a game is one row however the table was
  mixed, and the strongest opponent is the one a win had to get past. People's strength is unknown, so
  ``people`` is used only when every opponent is a person.

Each game also counts by name (:func:`name_results`), once for each person counted above, won when any of
their seats won. A typed name has its own line; names that read alike ("Anna", "anna") share one. A name
nobody typed ("Player 2") is no name at all: "Player 1" of one evening is not that of the next. The first
such person of a game counts on the player's own line (:data:`YOU`: the player at this computer, shown under
the name they gave in the settings, or as "You"), unless somebody typed that very name, who is the player
then; the others named by nobody count by role only, never twice on one line. At most :data:`MOST_NAMES`
names are kept: a new one beyond them takes the place of the name with the fewest games.

Several copies of the game may share the record (two windows, or a window and a script). A copy counting a
game holds a lock on ``stats.json.lock`` beside it, reads the record again and adds its games to what it
finds, so no copy writes over another's games (:func:`record_results`).

A file that is missing is an empty record. One that cannot be read never stops the game: it is moved aside
(``stats.unreadable-<time>.json``) and the count starts again; one with some bad entries keeps its good ones,
a copy of the whole file is kept aside (``stats.partial-<time>.json``) and the cleaned record is written back.
Each such problem comes with a message for the player.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, NamedTuple, TypeVar

from filelock import FileLock

from game.core.errors import StateFormatError
from game.core.jsonio import aside_name, disk_reason, envelope, open_envelope, read_json_file, write_json_atomic
from game.core.jsonio import field as json_field
from game.core.message import Message
from game.core.text import as_read, person_name, shorten
from game.registry import game_names, game_spec
from game.services.match import AI_LEVELS, NAME_LENGTH, Match, MatchSetup, SeatPlan, default_number
from game.services.tally import Tally, better, tally_from_json

STATS_FILE = "stats.json"
STATS_LOCK = STATS_FILE + ".lock"
LOCK_WAIT_SECONDS = 5.0  # a write takes milliseconds: a copy holding the lock this long has hung or was stopped
STATS_FORMAT = "falconi-fredericus-stats"
# 3: streaks and best scores; 2: games by name. Older records are read with their counts as they are (version 1
# with no names), their streaks and scores unknown (Tally.of_old_record).
STATS_VERSION = 3
PEOPLE = "people"
OPPONENTS = AI_LEVELS + (PEOPLE,)  # in the order the page lists them: the AI levels weakest first, then people
YOU = ""  # the name line of the player at this computer (a typed name is never empty: this is nobody's)
Key = TypeVar("Key")
MOST_NAMES = 200  # names kept besides the player's own: far more than one screen's friends, far less than a crowd


@dataclass(frozen=True)
class StatsKey:
    """One line of the record: a game, its variant, the role played and the opponents' level."""

    game: str
    variant: str
    role: str
    opponents: str

    def order(self) -> tuple[int, int, int, int]:
        """Where the line stands on the page: by game, variant, role and opponents, as the menus list them."""
        spec = game_spec(self.game)
        return (game_names().index(self.game), spec.record_variants.index(self.variant),
                spec.roles.index(self.role), OPPONENTS.index(self.opponents))


@dataclass(frozen=True)
class NameKey:
    """One line by name: a person's name as typed (:data:`YOU` for the player's own line) and the game."""

    name: str
    game: str


class Counted(NamedTuple, Generic[Key]):
    """What one finished game adds to a line (a :class:`StatsKey` or a :class:`NameKey`): won or not, and the
    score the game keeps the best of (``None``: none)."""

    key: Key
    won: bool
    score: int | None = None


def lowest_best(game: str) -> bool:
    """Whether ``game``'s best score is its lowest."""
    return game_spec(game).record_score_lowest


@dataclass(frozen=True)
class Stats:
    """The whole record: a tally per line and per name. A value: counting a game makes a new record."""

    tallies: Mapping[StatsKey, Tally] = field(default_factory=dict)
    names: Mapping[NameKey, Tally] = field(default_factory=dict)

    @property
    def is_empty(self) -> bool:
        return not self.tallies and not self.names

    def counted(self, key: StatsKey, won: bool, score: int | None = None) -> Stats:
        """The record with one more game on line ``key``, its ``score`` kept if the best (a line at
        :data:`game.services.tally.MOST_GAMES` counts no further)."""
        tallies = dict(self.tallies)
        tallies[key] = tallies.get(key, Tally()).one_more(won, score, lowest_best(key.game))
        return Stats(tallies, self.names)

    def counted_name(self, key: NameKey, won: bool, score: int | None = None) -> Stats:
        """The record with one more game for ``key``'s name, kept as first met where it reads as a name already
        kept; a new name beyond :data:`MOST_NAMES` takes the place of the one with the fewest games."""
        names = dict(self.names)
        reading = as_read(key.name)
        spelling = next((kept.name for kept in names if as_read(kept.name) == reading), None)
        if spelling is None and len(_readings(names) - {YOU}) >= MOST_NAMES and key.name != YOU:
            dropped = min(_readings(names) - {YOU}, key=lambda name: (_played(names, name), name))
            names = {kept: tally for kept, tally in names.items() if as_read(kept.name) != dropped}
        line = NameKey(key.name if spelling is None else spelling, key.game)
        names[line] = names.get(line, Tally()).one_more(won, score, lowest_best(key.game))
        return Stats(self.tallies, names)

    def people(self, game: str, own: str) -> list[tuple[str, Tally]]:
        """A game's lines by name, most games first: the player's own (:data:`YOU`) with any line of their name
        ``own`` (from the settings, "" for none), typed at the screen before they gave it in the settings."""
        merged: dict[str, Tally] = {}
        for key, tally in self.names.items():
            if key.game == game:
                name = YOU if own and as_read(key.name) == as_read(own) else key.name
                merged[name] = merged.get(name, Tally()).plus(tally, lowest_best(game))
        return sorted(merged.items(), key=lambda line: (-line[1].played, -line[1].won, as_read(line[0])))

    def lines(self, game: str) -> list[tuple[StatsKey, Tally]]:
        """A game's lines in the page's order."""
        return sorted(((key, tally) for key, tally in self.tallies.items() if key.game == game),
                      key=lambda line: line[0].order())

    def total(self, game: str) -> Tally:
        """A game's lines as one: its games, its longest streak and its best score on any one line."""
        total = Tally()
        for _, tally in self.lines(game):
            total = total.plus(tally, lowest_best(game))
        return total

    def to_json(self) -> dict[str, Any]:
        lines = sorted(self.tallies.items(), key=lambda line: line[0].order())
        names = sorted(self.names.items(), key=lambda line: (game_names().index(line[0].game), -line[1].played,
                                                             as_read(line[0].name)))
        return envelope(STATS_FORMAT, STATS_VERSION, {"lines": [
            {"game": key.game, "variant": key.variant, "role": key.role, "opponents": key.opponents}
            | tally.to_json() for key, tally in lines
        ], "names": [{"name": key.name, "game": key.game} | tally.to_json() for key, tally in names]})


def _readings(names: Iterable[NameKey]) -> set[str]:
    return {as_read(key.name) for key in names}


def _played(names: Mapping[NameKey, Tally], reading: str) -> int:
    """The games of the name that reads ``reading``, in every game."""
    return sum(tally.played for key, tally in names.items() if as_read(key.name) == reading)


# --- counting a match -------------------------------------------------------------------------------------------
def variant_of(setup: MatchSetup) -> str:
    return setup.spec.record_variant(setup.options, len(setup.seats))


def role_of(setup: MatchSetup, seat: int) -> str:
    return setup.spec.role_of(seat)


def _opponent_seats(setup: MatchSetup, role: str) -> list[int]:
    """The seats in play on the other side of ``role`` (the person's own seats included): in a game of one
    role, every seat in play."""
    in_play = [seat for seat, plan in enumerate(setup.seats) if plan.kind != "off"]
    if len(setup.spec.roles) == 1:
        return in_play
    return [seat for seat in in_play if role_of(setup, seat) != role]


def opponents_level(opponents: Iterable[SeatPlan]) -> str:
    """The strongest AI level among the opponents, or ``people`` when none is an AI (see the module's notes)."""
    levels = [plan.level for plan in opponents if plan.kind == "ai"]
    return max(levels, key=AI_LEVELS.index) if levels else PEOPLE


def _person_results(match: Match) -> list[tuple[int, Counted[StatsKey]]]:
    """Per person and role played against somebody else: the person and what the game adds to the line;
    nothing while the game goes on."""
    outcome = match.state.outcome
    if outcome is None:
        return []
    setup = match.setup
    results: list[tuple[int, Counted[StatsKey]]] = []
    for person in range(len(setup.people)):
        own = setup.seats_of(person)
        for role in setup.spec.roles:
            seats = [seat for seat in own if role_of(setup, seat) == role]
            rivals = [setup.seats[seat] for seat in _opponent_seats(setup, role) if seat not in own]
            if not seats or not rivals:
                continue
            key = StatsKey(setup.game, variant_of(setup), role, opponents_level(rivals))
            results.append((person, Counted(key, any(seat in outcome.winners for seat in seats),
                                            _best_score(match, seats))))
    return results


def _best_score(match: Match, seats: Iterable[int]) -> int | None:
    """The best of ``seats``' scores in a finished match (``None`` in a game that keeps none)."""
    spec, outcome, best = match.setup.spec, match.state.outcome, None
    if spec.record_score is None or outcome is None:
        return None
    for seat in seats:
        best = better(best, spec.record_score(match.state, seat, seat in outcome.winners), spec.record_score_lowest)
    return best


def match_results(match: Match) -> list[Counted[StatsKey]]:
    """What a match adds to the record's lines: per person and role played against somebody else, the line,
    whether they won and their score; nothing while the game goes on."""
    return [counted for _, counted in _person_results(match)]


def name_results(match: Match, own: str) -> list[Counted[NameKey]]:
    """What a match adds to the lines by name (see the module's notes): each person counted by
    :func:`match_results` once, under their typed name or on the player's own line; ``own`` is the name the
    player gave in the settings ("" for none); their score is the best of their roles'."""
    won: dict[int, bool] = {}
    scores: dict[int, int | None] = {}
    lowest = match.setup.spec.record_score_lowest
    for person, counted in _person_results(match):
        won[person] = won.get(person, False) or counted.won
        scores[person] = better(scores.get(person), counted.score, lowest)
    typed = {person: _typed_name(match.setup.people[person].name) for person in won}
    mine = next((person for person, name in typed.items() if own and as_read(name) == as_read(own)),
                next((person for person, name in typed.items() if not name), None))
    return [Counted(NameKey(YOU if person == mine else typed[person], match.setup.game), won[person],
                    scores[person]) for person in won if person == mine or typed[person]]


def _typed_name(name: str) -> str:
    """A person's name as somebody typed it, "" for a default one (or one with nothing left to show)."""
    return "" if default_number(name) is not None else person_name(name, NAME_LENGTH)


def count_match(stats: Stats, match: Match, own: str = "") -> Stats:
    """The record with a finished match counted, by line and by name (``own``: see :func:`name_results`);
    unchanged for a match still going."""
    return _counted_all(stats, match_results(match), name_results(match, own))


def _counted_all(stats: Stats, results: Iterable[Counted[StatsKey]], names: Iterable[Counted[NameKey]]) -> Stats:
    for key, won, score in results:
        stats = stats.counted(key, won, score)
    for name, won, score in names:
        stats = stats.counted_name(name, won, score)
    return stats


# --- reading and writing -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class StatsProblem:
    """A stored record that could not be used whole: ``message`` tells the player (a catalog key and fields),
    ``detail`` says what was wrong, for whoever looks closer."""

    message: Message
    detail: str


def _line(data: Any, version: int) -> tuple[StatsKey, Tally]:
    """One stored line, checked; ``StateFormatError`` says what is wrong with it."""
    if not isinstance(data, dict):
        raise StateFormatError("a statistics line must be an object")
    where = "statistics line"
    game, variant, role, opponents = (json_field(data, name, str, where)
                                      for name in ("game", "variant", "role", "opponents"))
    if game not in game_names():
        raise StateFormatError(f"unknown game {shorten(repr(game), 40)}")
    spec = game_spec(game)
    if variant not in spec.record_variants or role not in spec.roles or opponents not in OPPONENTS:
        raise StateFormatError(f"no such {game} line: " + ", ".join(shorten(repr(text), 40)
                                                                   for text in (variant, role, opponents)))
    return StatsKey(game, variant, role, opponents), tally_from_json(data, where, version)


def _name_line(data: Any, version: int) -> tuple[NameKey, Tally]:
    """One stored line by name, checked: a name as the seat screen keeps a typed one (or :data:`YOU`)."""
    if not isinstance(data, dict):
        raise StateFormatError("a line by name must be an object")
    where = "line by name"
    name, game = json_field(data, "name", str, where), json_field(data, "game", str, where)
    if game not in game_names():
        raise StateFormatError(f"unknown game {shorten(repr(game), 40)}")
    if name != YOU and (person_name(name, NAME_LENGTH) != name or default_number(name) is not None):
        raise StateFormatError(f"not a name the game keeps: {shorten(repr(name), 40)}")
    return NameKey(name, game), tally_from_json(data, where, version)


def stats_from_json(data: Any) -> tuple[Stats, list[str]]:
    """A record from stored data (versions 1 and 2 too: their counts as they are, streaks and scores unknown,
    no names in version 1), and what was wrong with each line left out; ``StateFormatError`` when the document
    as a whole is not a statistics record."""
    document = open_envelope(data, STATS_FORMAT, STATS_VERSION, oldest=1)
    version: int = document["version"]
    tallies: dict[StatsKey, Tally] = {}
    rejected: list[str] = []
    for number, item in enumerate(json_field(document, "lines", list, "statistics"), start=1):
        try:
            key, tally = _line(item, version)
        except StateFormatError as error:
            rejected.append(f"line {number}: {error}")
            continue
        if key in tallies:
            rejected.append(f"line {number}: the same line twice")
            continue
        tallies[key] = tally
    stored = json_field(document, "names", list, "statistics") if version >= 2 else []
    return Stats(tallies, _names_from_json(stored, version, rejected)), rejected


def _names_from_json(items: list[Any], version: int, rejected: list[str]) -> dict[NameKey, Tally]:
    """The stored lines by name, the bad ones, a name's second line for a game and the names beyond
    :data:`MOST_NAMES` told in ``rejected``."""
    names: dict[NameKey, Tally] = {}
    for number, item in enumerate(items, start=1):
        try:
            key, tally = _name_line(item, version)
        except StateFormatError as error:
            rejected.append(f"name {number}: {error}")
            continue
        reading, readings = as_read(key.name), _readings(names)
        if any(as_read(kept.name) == reading and kept.game == key.game for kept in names):
            rejected.append(f"name {number}: the same name twice")
        elif reading not in readings and key.name != YOU and len(readings - {YOU}) >= MOST_NAMES:
            rejected.append(f"name {number}: more than {MOST_NAMES} names")
        else:
            names[key] = tally
    return names


def load_stats(folder: Path) -> tuple[Stats, list[StatsProblem]]:
    """The stored record and the problems met; a bad file is kept aside, never lost (see the module's notes).
    Moving or copying it needs the same folder the record is written to, so if that fails, so would any write
    that could replace the file."""
    path = folder / STATS_FILE
    if not path.exists():
        return Stats(), []
    try:
        stats, rejected = stats_from_json(read_json_file(path))
    except StateFormatError as error:
        try:
            kept = aside_name(path, "unreadable")
            path.replace(kept)
        except OSError as failure:
            why = Message.of("stats.notice.not_repaired", reason=disk_reason(failure))
            return Stats(), [StatsProblem(why, str(error))]
        return Stats(), [StatsProblem(Message.of("stats.notice.unreadable", file=kept.name), str(error))]
    if not rejected:
        return stats, []
    detail = "; ".join(rejected)
    try:
        kept = aside_name(path, "partial")
        kept.write_bytes(path.read_bytes())
        save_stats(folder, stats)
    except OSError as failure:
        return stats, [StatsProblem(Message.of("stats.notice.not_repaired", reason=disk_reason(failure)), detail)]
    return stats, [StatsProblem(Message.of("stats.notice.partial", file=kept.name), detail)]


def latest_stats(folder: Path, fallback: Stats) -> Stats:
    """The record as it stands on disk now, to count a game on: another copy of the game, open at the same time,
    may have counted games since this one loaded it, and writing ``fallback`` over them would lose them. A file
    gone or not readable whole gives ``fallback``, the record in memory (the checks of :func:`load_stats`, at the
    next start, are where a bad file is kept aside)."""
    try:
        stored, rejected = stats_from_json(read_json_file(folder / STATS_FILE))
    except StateFormatError:
        return fallback
    return fallback if rejected else stored


def _lock(folder: Path) -> FileLock:
    """The lock a copy of the game holds while it writes the record. The system lets it go when its process
    ends, however it ends, so a copy that crashed never leaves it held; waiting for it longer than
    :data:`LOCK_WAIT_SECONDS` ends in ``filelock.Timeout``, an ``OSError``, as a disk that refuses does."""
    return FileLock(folder / STATS_LOCK, timeout=LOCK_WAIT_SECONDS)


def record_results(folder: Path, results: Iterable[Counted[StatsKey]], fallback: Stats,
                   names: Iterable[Counted[NameKey]] = ()) -> Stats:
    """Count ``results`` and ``names`` (see :func:`match_results` and :func:`name_results`) on the record as it
    stands on disk, read again while the lock is held (``fallback`` when it cannot be read whole, see
    :func:`latest_stats`), write it, and return it: two copies counting at once each add their own games.
    ``OSError`` if the disk refuses or the lock is held too long, with the file as it was."""
    with _lock(folder):
        stats = _counted_all(latest_stats(folder, fallback), results, names)
        write_json_atomic(folder / STATS_FILE, stats.to_json())
    return stats


def save_stats(folder: Path, stats: Stats) -> None:
    """Write the record atomically, holding the lock (``OSError`` if the disk refuses or the lock is held too
    long): a record reset or repaired is never written in the middle of another copy's count."""
    with _lock(folder):
        write_json_atomic(folder / STATS_FILE, stats.to_json())

