"""Interface text in the rulebooks' four languages, from the catalogs in ``assets/i18n/<language>/*.json``.

Every string the player reads comes from a catalog by key. Each language's catalog is split by area (menus,
falconi, fredericus, rules…) so each file stays readable; the files of a language are merged. A key missing
from a catalog falls back to English, and a test keeps all four catalogs with the same keys and the same
``{placeholders}``.

A text that counts something has one key per plural form, ``<key>.one`` and ``<key>.other``: the four languages
need only these two forms, but do not agree on which one zero takes.

``pseudo`` is a made-up language for tests, never offered to players: English with every word about 40% longer
(its vowels doubled with accents), longer than any real translation, to show where a text does not fit.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from game.core.message import Message, is_key
from game.resources import asset_path

CATALOG_FOLDER = asset_path("i18n")
FALLBACK = "en"
SINGULAR_COUNTS = {"fr": (0, 1)}  # French says "0 point"; English, Italian and German say "0 points"
PSEUDO = "pseudo"
STRETCH = 0.4  # how much longer each word of the pseudo-language is
_VOWELS = "aeiouyAEIOUY"
_ACCENTED = str.maketrans(_VOWELS, "àéîõüÿÀÉÎÕÜŸ")
# French and Italian elide an article before a vowel where a template's "Le {raptor}" or "il {raptor}" meets
# "autour" or "astore" ("L'autour", "l'astore"). A French pronoun after a hyphen ("pose-le au bout") never
# elides, and "h" is left alone (h aspiré: "le haut vol").
_ELISIONS = {
    "fr": re.compile(r"(?<![\w-])([Ll])[ea] (?=[aeiouyâàéèêëîïôûAEIOUYÉÀ])"),
    "it": re.compile(r"(?<![\w-])(?:([Ll])o|([Ii])l|([Ll])a) (?=[aeiouàèéìòùAEIOU])"),
}


def _elided(match: re.Match[str]) -> str:
    """The article's first letter, in its case, with an apostrophe: "Il" gives "L'", "la" gives "l'"."""
    letter = next(group for group in match.groups() if group)
    return ("L" if letter.isupper() else "l") + "'"
_WORD = re.compile(r"\{[^{}]*\}|[^\W\d_]+")  # a {placeholder}, kept as it is, or a word's letters


@cache
def catalog(language: str) -> dict[str, str]:
    """The catalog of ``language`` (read once); an unknown language gets the English one."""
    if language == PSEUDO:
        return {key: stretched(text) for key, text in catalog(FALLBACK).items()} | {
            f"language.{PSEUDO}": stretched("Pseudo")}
    folder = CATALOG_FOLDER / language
    if not folder.is_dir():
        folder = CATALOG_FOLDER / FALLBACK
    texts: dict[str, str] = {}
    for path in sorted(folder.glob("*.json")):
        with path.open(encoding="utf-8") as stream:
            data = json.load(stream)
        texts.update({key: value for key, value in data.items() if isinstance(value, str)})
    return texts


def stretched(text: str) -> str:
    """``text`` in the pseudo-language: each word ``STRETCH`` longer, its vowels doubled with accents (or accented
    letters after it, if it has none) in its own case, so words grow where they are and lines wrap sooner;
    ``{placeholders}`` are kept."""

    def longer(match: re.Match[str]) -> str:
        word = match.group()
        if word.startswith("{"):
            return word
        extra = math.ceil(len(word) * STRETCH)
        vowels = sum(char in _VOWELS for char in word)
        each = math.ceil(extra / vowels) if vowels else 0
        letters = []
        for char in word:
            added = min(each, extra) if char in _VOWELS else 0
            letters.append(char + char.translate(_ACCENTED) * added)
            extra -= added
        return "".join(letters) + ("Ë" if word.isupper() else "ë") * extra

    return _WORD.sub(longer, text)


class Translator:
    """Looks up interface text in one language: ``tr("menu.new_game")``, ``tr("turn.of", name="Anna")``."""

    def __init__(self, language: str) -> None:
        self.language = language
        self._texts = catalog(language)
        self._fallback = catalog(FALLBACK)

    def __call__(self, key: str, **fields: Any) -> str:
        text = self._texts.get(key) or self._fallback.get(key)
        if text is None:
            return key  # a missing key shows itself, so a test or a player can report it
        if not fields:
            return text
        said = text.format(**fields)
        elision = _ELISIONS.get(self.language)
        return elision.sub(_elided, said) if elision else said

    def plural(self, key: str, count: int, **fields: Any) -> str:
        """``key.one`` or ``key.other`` as this language says ``count`` things ("1 point", "2 points"), with
        ``{count}`` and ``fields`` filled in."""
        form = "one" if count in SINGULAR_COUNTS.get(self.language, (1,)) else "other"
        return self(f"{key}.{form}", count=count, **fields)

    def has(self, key: str) -> bool:
        return key in self._fallback

    def message(self, message: Message, named: Mapping[str, str] | None = None) -> str:
        """A ``Message`` said in this language: its ``@key`` fields translated first, then the template filled.
        ``named``: a name to say beside some of the keys (the person playing a seat: "Port police (Anna)")."""
        named = named or {}
        fields = {name: self._key_field(value[1:], named) if is_key(value) else value for name, value in message.fields}
        return self(message.key, **fields)

    def _key_field(self, key: str, named: Mapping[str, str]) -> str:
        return self("common.named", what=self(key), name=named[key]) if key in named else self(key)
