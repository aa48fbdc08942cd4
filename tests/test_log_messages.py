"""The game log in the rulebooks' four languages.

Every legal action of seeded random games (every Falconi pizza, Fredericus for 2, 3 and 4 falconers) narrates to
a ``Message`` whose catalog key and ``@`` fields exist in English, Italian, German and French and whose template
uses exactly its fields, so it renders in each language with no ``{`` ``}`` left over; ``describe`` is its English
rendering. Hand-made actions reach every sentence of ``log.json``, and a few sentences are checked word for word.
"""

from __future__ import annotations

import dataclasses
import json
import random
import string
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from falconi_scenarios import rigged
from fredericus_builder import build_position
from registry_cases import pizzas

from game.core.message import Message, is_key
from game.core.protocol import GameState, Outcome
from game.falconi.actions import BOMB, DRAW, PASS
from game.falconi.actions import Action as FalconiAction
from game.falconi.constants import OUT
from game.falconi.network import BoostStep
from game.falconi.state import FalconiState
from game.fredericus import FredericusState
from game.fredericus.actions import (
    BET,
    CAPTURE,
    CARD,
    CENTRE,
    END_TURN,
    FLIP,
    HAND,
    HOOD,
    RAPTOR,
    SEAL,
    STAY_TOKENS,
    TIDY,
    TOKEN,
)
from game.fredericus.actions import Action as FredericusAction
from game.i18n import CATALOG_FOLDER, FALLBACK, Translator, catalog
from game.services.settings import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
TRANSLATORS = {language: Translator(language) for language in LANGUAGES}
RARE_VERBS = {"catch", "bomb", "pass", "blast", "escape", "accomplice", "boost"}
MAX_DECISIONS = 5_000


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def log_catalog(language: str) -> dict[str, str]:
    with (CATALOG_FOLDER / language / "log.json").open(encoding="utf-8") as stream:
        return json.load(stream)


def check_message(message: Message) -> None:
    """The key and every ``@`` field exist in each language, the template uses exactly the message's fields,
    and the rendered sentence has nothing left to fill."""
    assert isinstance(message, Message) and isinstance(message.key, str)
    assert all(isinstance(name, str) and isinstance(value, (str, int)) for name, value in message.fields)
    names = [name for name, _ in message.fields]
    assert len(names) == len(set(names)), f"{message.key}: a field is given twice"
    for language, translate in TRANSLATORS.items():
        texts = catalog(language)
        assert message.key in texts, f"{message.key} is missing in {language}"
        for key in message.field_keys():
            assert key in texts, f"{message.key}: the field key {key} is missing in {language}"
        assert placeholders(texts[message.key]) == set(names), f"{message.key} in {language}"
        said = translate.message(message)
        assert said.strip() and said == said.strip(), (language, said)
        assert "{" not in said and "}" not in said and "@" not in said, (language, said)
        if message.key != "log.falconi.other":  # an action's bare text form, for one foreign to the position
            assert said[0].isupper(), f"{language}: {said!r} should start with a capital letter"


def check_position(state: GameState, checked: set[Message]) -> None:
    english = TRANSLATORS[FALLBACK]
    for action in state.legal_actions():
        message = state.narrate(action)
        hash(message)
        assert state.describe(action) == english.message(message)
        if message not in checked:
            check_message(message)
            checked.add(message)


def play(state: GameState, choose: Callable[[Sequence[Any]], Any]) -> set[Message]:
    """Play to the end, checking the narration of every legal action of every position; the messages met."""
    checked: set[Message] = set()
    for _ in range(MAX_DECISIONS):
        if state.is_terminal():
            break
        check_position(state, checked)
        state.apply(choose(state.legal_actions()))
    assert state.is_terminal(), "the game should have ended"
    return checked


def eager(rng: random.Random) -> Callable[[Sequence[Any]], Any]:
    """A random Falconi player that mostly takes the rare actions, so games reach catches, bombs and boosts."""

    def choose(legal: Sequence[Any]) -> Any:
        rare = [a for a in legal if a.verb in RARE_VERBS or (a.verb == "drive" and a.slot >= 0)]
        if rare and rng.random() < 0.8:
            return rng.choice(rare)
        return rng.choice(legal)

    return choose


# --- random games ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", pizzas())
@pytest.mark.parametrize(
    ("police", "chooser", "seed"),
    [((1, 2, 3), "eager", 1), ((2,), "uniform", 0), ((1, 3), "eager", 2), ((1, 2, 3), "uniform", 3)],
)
def test_every_falconi_action_narrates_in_four_languages(variant, police, chooser, seed):
    rng = random.Random(seed)
    choose = eager(rng) if chooser == "eager" else rng.choice
    messages = play(FalconiState.new_game(variant, seed, police), choose)
    assert "log.falconi.place" in {message.key for message in messages}


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("short_game", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_fredericus_action_narrates_in_four_languages(players, short_game, seed):
    messages = play(FredericusState.new_game(players, seed, short_game), random.Random(seed).choice)
    assert {"log.fredericus.card", "log.fredericus.raptor", "log.fredericus.bet"} <= {m.key for m in messages}


# --- every sentence of the catalogs, from hand-made actions ---------------------------------------------------


def falconi_messages() -> list[Message]:
    """One message for every Falconi sentence, from actions made by hand (narrate does not check legality)."""
    state = FalconiState.new_game("prosciutto", 3)
    city = state.city
    cell = city.cell(4, 7)
    slots = city.slot_by_name
    said = [state.narrate(FalconiAction("place", tile=kind, cell=cell, edge=0)) for kind in range(6)]
    for edge in range(4):
        said.append(state.narrate(FalconiAction("drive", cell=cell, edge=edge)))
        said.append(state.narrate(FalconiAction("blast", cell=cell, edge=edge)))
        said.append(state.narrate(FalconiAction("step", edge=edge)))
    said.append(state.narrate(FalconiAction("drive", slot=slots["N0"])))
    said.append(state.narrate(FalconiAction("catch", edge=0)))  # he holds a Chili Bomb: he may answer (F-5.4)
    bombless = rigged(state, bombs=0)
    said.append(bombless.narrate(FalconiAction("catch", edge=0)))  # none left: a catch
    for name in ("W0", "N0", "E0"):  # a country, a port and a forest slot
        said.append(state.narrate(FalconiAction("escape", slot=slots[name])))
        said.append(state.narrate(FalconiAction("accomplice", slot=slots[name])))
    said.append(state.narrate(FalconiAction("escape", slot=slots["S4"])))  # no district: the text form
    said += [state.narrate(action) for action in (BOMB, PASS, DRAW, FalconiAction("turn", edge=0))]
    said += [state.narrate(FalconiAction("boost", path=(0, 1, 2, 3)[:length])) for length in (1, 2, 3, 4)]
    # F-6.6 (b): through the block ahead, into the crater and up to 3 tiles beyond
    routes = {(0, 1, 2, 3)[:length]: (BoostStep(cell * 4, cell),) for length in (1, 2, 3, 4)}
    smashing = rigged(state, boost_steps=routes)
    said += [smashing.narrate(FalconiAction("boost", path=path)) for path in smashing.boost_routes()]
    answering = rigged(state, catch_edge=0)  # Don Falconi may answer a catch with a Chili Bomb (F-5.2)
    said.append(answering.narrate(PASS))
    over = rigged(state, decider=-1)
    said.append(over.narrate(DRAW))
    # What follows by itself (the aftermath of an action): a car put out, overtaken by a boost, and a block.
    status = list(state.status)
    status[2] = OUT
    before, after = state.clone(), rigged(state, status=status)
    said += after.aftermath(before, DRAW) + after.aftermath(before, FalconiAction("boost", path=(0,)))
    after = rigged(after, outcome=Outcome("fugitive_blocked", frozenset({1, 2, 3}), "blocked"))
    said += [event for event in after.aftermath(before, DRAW) if event.key.endswith("fugitive_blocked")]
    before = rigged(before, must_smash=True)  # F-6.5 (Diavola): his turn ended without the smash he needed
    said += [event for event in after.aftermath(before, DRAW) if event.key.endswith("unsmashed")]
    for termination in ("police_out", "tiles_out", "round_limit"):  # the endings no action's sentence tells (F-8)
        after = rigged(after, outcome=Outcome(termination, frozenset({0}), termination))
        said += after.aftermath(before, DRAW)
    mode2 = FalconiState.new_game("salami", 3)  # Port one tile behind him, driving into his lane (F-6.4)
    cars = list(mode2.cars)
    cars[2] = mode2.city.cell(4, 3) * 4
    cars[0] = mode2.links[cars[2] + 2]
    mode2 = rigged(mode2, decider=2, cars=cars)
    said.append(mode2.narrate(FalconiAction("step", edge=2)))
    return said


def fredericus_messages() -> list[Message]:
    """One message for every Fredericus sentence, from actions made by hand."""
    state = build_position(4, {0: "gubchmdpTSI", 1: "TTT", 2: "SSS"}, raptors={"1f": 4, "2g": 4, "3f": 4})
    said = [state.narrate(FredericusAction(CARD, 0, 1)), state.narrate(FredericusAction(RAPTOR, 0, 1))]
    said += [state.narrate(FredericusAction(HOOD, 4, bits)) for bits in (0b100, 0b100100, 0b10100100)]
    said += [state.narrate(FredericusAction(kind, 1, 0)) for kind in (CAPTURE, FLIP, SEAL, TIDY, BET)]
    said += [state.narrate(FredericusAction(TIDY, 2, 0)), state.narrate(END_TURN), state.narrate(STAY_TOKENS)]
    for source in (HAND, 3):
        for target in (CENTRE, 5):
            said.append(state.narrate(FredericusAction(TOKEN, source, target)))
    said.append(state.narrate(FredericusAction(HOOD, 4, 0b11110)))  # four raptors: no sentence, the text form
    for own in (0, 1):  # ending with a flip's extra actions unused, two of them or one
        flipped = build_position(4, flipped=True, actions_left=2 - own)
        said.append(flipped.narrate(END_TURN))
    endings = [build_position(4, phase="over", turn=3, trigger="eighth_creature", creatures={0: "gggguuuu"}),
               build_position(4, phase="over", turn=3, trigger="fredericus_drawn", objectives={0: "F"}),
               build_position(4, phase="over", turn=3, trigger="fredericus_discarded", discards="F")]
    for ended in endings:  # and the game over
        said += ended.aftermath(state, END_TURN)
    for end in "gubchmdpTSI":  # each kind of card at the end of a row, moved and captured
        cards = build_position(4, {6: end})
        said.append(cards.narrate(FredericusAction(CARD, 6, 7)))
        said.append(cards.narrate(FredericusAction(CAPTURE, 5, 0)))  # raptor 5, a goshawk on post 6
    return said


def test_hand_made_actions_reach_every_sentence_of_the_log_catalog():
    said = falconi_messages() + fredericus_messages()
    for message in said:
        check_message(message)
    sentences = {key for key in log_catalog("en") if key.startswith("log.") and key != "log.nobody"}
    assert sorted(sentences - {message.key for message in said}) == [], "sentences no action produces"
    used = {key for message in said for key in message.field_keys()}
    assert "log.nobody" in used
    names = {key for key in log_catalog("en") if not key.startswith("log.")}
    unused = sorted(key for key in names - used if not key.endswith(".plural"))  # plurals: only trees and skies
    assert unused == [], "names no sentence uses"


# --- the catalogs ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != FALLBACK])
def test_the_log_catalogs_have_the_same_keys_and_placeholders(language):
    english, other = log_catalog(FALLBACK), log_catalog(language)
    assert list(other) == list(english), "the same keys, in the same order"
    for key, text in english.items():
        assert placeholders(other[key]) == placeholders(text), key
        assert other[key].strip() and other[key] == other[key].strip(), key


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_log_catalog_defines_its_names_only_once(language):
    """Seat names come from menus.json (``seat.falconi.0``…); no other catalog file redefines a log key."""
    mine = set(log_catalog(language))
    assert not any(key.startswith("seat.") for key in mine)
    for path in sorted((CATALOG_FOLDER / language).glob("*.json")):
        if path.name != "log.json":
            with path.open(encoding="utf-8") as stream:
                assert sorted(mine & set(json.load(stream))) == [], f"{path.name} redefines log keys"


# --- the Message API -------------------------------------------------------------------------------------------


def test_a_message_is_a_small_frozen_hashable_value() -> None:
    message = Message.of("log.falconi.place", who="@seat.falconi.2", tile="@tile.curve", cell="4,7")
    assert message == Message(
        "log.falconi.place", (("who", "@seat.falconi.2"), ("tile", "@tile.curve"), ("cell", "4,7"))
    )
    assert {message: 1}[Message.of("log.falconi.place", who="@seat.falconi.2", tile="@tile.curve", cell="4,7")]
    assert message.field_keys() == ("seat.falconi.2", "tile.curve")
    assert is_key("@edge.north") and not is_key("4,7") and not is_key(3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        message.key = "other"  # type: ignore[misc]
    assert TRANSLATORS["en"].message(message) == "Port police places a curve at (4,7)"
    assert TRANSLATORS["it"].message(message) == "Polizia del Porto piazza una tessera «curva» nella casella (4,7)"
    assert TRANSLATORS["de"].message(message) == "Hafenpolizei legt eine Straßenkarte „Kurve“ auf Feld (4,7)"
    assert TRANSLATORS["fr"].message(message) == "Police du port pose une carte route « virage » sur la case (4,7)"


def test_a_message_without_fields_and_an_unknown_key_still_render():
    assert TRANSLATORS["de"].message(Message("log.nobody")) == "Niemand"
    assert TRANSLATORS["fr"].message(Message("no.such.key")) == "no.such.key"
    assert TRANSLATORS["it"].message(Message.of("log.falconi.draw", who="@no.such.seat")) == (
        "no.such.seat pesca una tessera"
    )


def test_importing_the_translator_stays_cheap():
    code = (
        "import sys, game.i18n, game.core.protocol\n"
        "heavy = [m for m in sys.modules if m.split('.')[0] in ('pygame', 'scenes', 'pytmx')"
        " or m.startswith(('game.falconi', 'game.fredericus'))]\n"
        "assert not heavy, heavy\n"
        "assert not game.i18n.catalog.cache_info().currsize, 'no catalog is read on import'\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


# --- sentences, word for word ----------------------------------------------------------------------------------


def test_falconi_sentences_word_for_word():
    state = FalconiState.new_game("margherita", 0)
    place = state.parse_action("place t-junction 4,8 r0")
    assert state.narrate(place) == Message.of(
        "log.falconi.place", who="@seat.falconi.0", tile="@tile.t-junction", cell="4,8"
    )
    assert state.describe(place) == "Don Falconi places a T-junction at (4,8)"
    said = {language: tr.message(state.narrate(place)) for language, tr in TRANSLATORS.items()}
    assert said == {
        "en": "Don Falconi places a T-junction at (4,8)",
        "it": "Don Falconi piazza una tessera «incrocio a T» nella casella (4,8)",
        "de": "Don Falconi legt eine Straßenkarte „T-Kreuzung“ auf Feld (4,8)",
        "fr": "Don Falconi pose une carte route « intersection en T » sur la case (4,8)",
    }
    boost = FalconiAction("boost", path=(2, 1))
    assert state.describe(boost) == "Don Falconi fires a Chili Boost: south, east"
    assert TRANSLATORS["it"].message(state.narrate(boost)) == "Don Falconi usa un Paga-Peño: sud, est"
    blast = FalconiAction("blast", cell=state.city.cell(3, 6), edge=3)
    assert state.describe(blast) == "Don Falconi bombs the block at (3,6 W)"
    assert TRANSLATORS["fr"].message(state.narrate(blast)) == "Don Falconi fait sauter le barrage en (3,6 O)"
    assert TRANSLATORS["de"].message(state.narrate(FalconiAction("step", edge=1))) == (
        "Don Falconi fährt eine Karte weiter nach Osten"
    )


def test_fredericus_sentences_word_for_word():
    state = build_position(4, {7: "S", 0: "g", 1: "S", 3: "T", 5: "T"}, raptors={"1f": 4})
    said = {state.action_text(a): state.describe(a) for a in state.legal_actions()}
    assert said["card 0 1"] == "Red moves the griffin from row 0 to row 1"
    assert said["hood 4 1f"] == "Red hoods Blue's falcon at post 4"
    assert said["capture 0f"] == "Red's falcon captures the griffin at tower 0"
    move = state.parse_action("card 0 1")
    assert state.narrate(move) == Message.of(
        "log.fredericus.card", who="@colour.red", card="@card.griffin.the", source=0, target=1
    )
    assert {language: tr.message(state.narrate(move)) for language, tr in TRANSLATORS.items()} == {
        "en": "Red moves the griffin from row 0 to row 1",
        "it": "Rosso sposta il grifone dalla fila 0 alla fila 1",
        "de": "Rot verschiebt den Greif von Reihe 0 zu Reihe 1",
        "fr": "Rouge déplace le griffon de la rangée 0 à la rangée 1",
    }
    capture = state.parse_action("capture 0f")
    assert {language: tr.message(state.narrate(capture)) for language, tr in TRANSLATORS.items()} == {
        "en": "Red's falcon captures the griffin at tower 0",
        "it": "Rosso cattura il grifone con il suo falco al torrione 0",
        "de": "Der Falke von Rot fängt den Greif am Turm 0",
        "fr": "Rouge capture le griffon avec son faucon à la tour 0",
    }
    hood = state.parse_action("hood 4 1f")
    assert TRANSLATORS["it"].message(state.narrate(hood)) == (
        "Rosso incappuccia il rapace di Blu (falco) al posto di guardia 4"
    )
    token = FredericusAction(TOKEN, HAND, CENTRE)
    assert state.describe(token) == "Red places a token on the courtyard centre"
    assert TRANSLATORS["de"].message(state.narrate(token)) == "Rot legt einen Wettstein in die Mitte des Innenhofs"
