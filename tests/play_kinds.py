"""Which move source a play scene on the stack plays from: one ``PlayScene`` plays local games, online tables and
tutorials and replays, so the tests ask its source."""

from __future__ import annotations

from typing import Any, TypeGuard

from scenes.online.source import OnlineSource
from scenes.playing.play import PlayScene
from scenes.playing.sources.replay import ReplaySource
from scenes.playing.sources.tutorial import TutorialSource


def is_tutorial(scene: Any) -> TypeGuard[PlayScene[TutorialSource]]:
    return isinstance(scene, PlayScene) and isinstance(scene.source, TutorialSource)


def is_online(scene: Any) -> TypeGuard[PlayScene[OnlineSource]]:
    return isinstance(scene, PlayScene) and isinstance(scene.source, OnlineSource)


def is_replay(scene: Any) -> TypeGuard[PlayScene[ReplaySource]]:
    return isinstance(scene, PlayScene) and isinstance(scene.source, ReplaySource)
