"""The saved games: what Continue resumes, the page that lists every slot, and what to do with a slot that
another window of the game is playing (see :mod:`game.services.saves`)."""

from __future__ import annotations

import sys
import time
from functools import partial

from game.services.saves import SaveError, SlotHeld, SlotInfo
from scenes.boards import board
from scenes.context import AppContext
from scenes.kit.results import DeleteSlot, OtherSlots, PlayCopy, ResumeSlot, SceneResult
from scenes.kit.stack import Pop, Push, Transition
from scenes.kit.ui import MenuItem
from scenes.pages.menu_page import MenuScene
from scenes.pages.overlays import ConfirmOverlay, MenuOverlay
from scenes.pages.seats import describe_game
from scenes.playing.sources.local import start_match_scene

PAGE = 6  # slots listed on one page: with the page choice and Back, the menu keeps clear of the notes
MENU_WIDTH = 900


def list_slots(context: AppContext) -> list[SlotInfo]:
    """Every slot, newest first; none when the saves folder cannot be read (the player is told)."""
    try:
        return context.saves.slots()
    except OSError as error:
        note = context.tr("saves.unreadable_folder", reason=str(error.strerror or error))
        if note not in context.notices:
            context.notices.append(note)
        return []


def describe_slot(context: AppContext, info: SlotInfo) -> str:
    """What a slot holds, in a line: game and pizza or table, players, round, when it was saved."""
    tr = context.tr
    when = _when(context, info.saved_at)
    if info.match is None:
        return tr("saves.summary.unreadable", when=when)
    setup = info.match.setup
    players = sum(1 for plan in setup.seats if plan.kind != "off")
    return tr("saves.summary", game=describe_game(tr, setup.game, setup.options), players=players,
              progress=board(setup.game).progress(tr, info.match.state), when=when)


def _when(context: AppContext, seconds: float) -> str:
    moment = time.localtime(seconds)
    clock = time.strftime("%H:%M", moment)
    if time.strftime("%Y-%m-%d", moment) == time.strftime("%Y-%m-%d"):
        return context.tr("saves.when.today", time=clock)
    return context.tr("saves.when.day", day=time.strftime("%Y-%m-%d", moment), time=clock)


def resume_slot(context: AppContext, name: str) -> Transition | None:
    """Play the game of slot ``name``: held by this window from now on, or, when another window plays it,
    the question of what to do instead. A slot that cannot be resumed is kept aside and the menu says why."""
    context.notices.clear()
    try:
        slot = context.saves.open(name)
    except SlotHeld:
        return Push(HeldSlotOverlay(context, name))
    except OSError as error:
        context.notices.append(context.tr("saves.unreadable_folder", reason=str(error.strerror or error)))
        return None
    try:
        match = context.saves.load(slot)
    except SaveError as error:
        report_unreadable_save(context, error)
        return None
    return Push(start_match_scene(context, match, slot))


def play_copy(context: AppContext, name: str) -> Transition | None:
    """Play a copy of slot ``name`` as last saved, in a new slot: the window that plays it keeps its own."""
    try:
        slot = context.saves.copy(name)
    except OSError as error:
        context.notices.append(context.tr("saves.copy_failed", reason=str(error.strerror or error)))
        return None
    return resume_slot(context, slot.name)


def report_unreadable_save(context: AppContext, error: SaveError) -> None:
    """Tell the player, on the next menu and in their language, that the save could not be resumed, where it
    was kept and why; the technical reason (English) goes to the terminal."""
    if error.kept is None:
        context.notices.append(context.tr("notice.save_left", file=error.path.name))
    else:
        context.notices.append(context.tr("notice.save_unreadable", file=error.kept.name))
    context.notices.append(context.tr(f"notice.save_reason.{error.kind}"))
    print(f"main.py: {error}", file=sys.stderr)


class SavedGamesScene(MenuScene):
    """Every saved game, the most recent first, a page at a time: each leads to its choices (resume, delete,
    or play a copy of one another window is playing)."""

    title_key = "saves.title"

    def __init__(self, context: AppContext) -> None:
        self.page = 0
        self.slots: list[SlotInfo] = []
        super().__init__(context)
        self.menu.width = MENU_WIDTH  # a row names the game and when it was saved
        self.menu.layout()

    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        self.slots = list_slots(self.context)
        pages = max(1, -(-len(self.slots) // PAGE))
        self.page = min(self.page, pages - 1)
        shown = self.slots[self.page * PAGE:(self.page + 1) * PAGE]
        items = [MenuItem(self._label(info), partial(self._choose, info.name), key=info.name,
                          note=self._note(info)) for info in shown]
        if pages > 1:
            items.append(MenuItem(tr("saves.page_label"), choices=[tr("saves.page", page=page + 1, pages=pages)
                                                                     for page in range(pages)],
                                  index=self.page, on_change=self._turn_page, key="page"))
        if not shown:
            items.append(MenuItem(tr("saves.none"), enabled=False, key="none"))
        return items + [MenuItem(tr("menu.back"), self.back, key="back", icon="back")]

    def _label(self, info: SlotInfo) -> str:
        tr, when = self.context.tr, _when(self.context, info.saved_at)
        if info.match is None:
            return tr("saves.label", game=tr("saves.unreadable_label"), when=when)
        setup = info.match.setup
        return tr("saves.label", game=describe_game(tr, setup.game, setup.options), when=when)

    def _note(self, info: SlotInfo) -> str:
        summary = describe_slot(self.context, info)
        return self.context.tr("saves.held_note", summary=summary) if info.held else summary

    def _turn_page(self, index: int) -> None:
        self.page = index
        self.rebuild()
        self.menu.focus = next(number for number, item in enumerate(self.menu.items) if item.key == "page")

    def _choose(self, name: str) -> Transition:
        info = next(info for info in self.slots if info.name == name)
        if info.held:
            return Push(HeldSlotOverlay(self.context, name))
        return Push(SlotOverlay(self.context, info))

    def resume(self, result: SceneResult | None) -> Transition | None:
        match result:
            case ResumeSlot(name):
                return resume_slot(self.context, name)
            case PlayCopy(name):
                return play_copy(self.context, name)
            case DeleteSlot(name):
                self._delete(name)
        self.rebuild()
        return None

    def _delete(self, name: str) -> None:
        try:
            self.context.saves.delete(name)
        except SlotHeld:
            self.context.notices.append(self.context.tr("saves.held_elsewhere"))
        except OSError as error:
            self.context.notices.append(self.context.tr("saves.delete_failed", reason=str(error.strerror or error)))


class SlotOverlay(MenuOverlay):
    """A slot's choices: resume it, delete it (asked first; No is the default), or go back."""

    side = 120  # the summary is a long line

    def __init__(self, context: AppContext, info: SlotInfo) -> None:
        self.info = info
        super().__init__(context, describe_slot(context, info), top=320)

    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        return [MenuItem(tr("menu.continue"), lambda: Pop(ResumeSlot(self.info.name)), key="resume", icon="resume"),
                MenuItem(tr("saves.delete"), self._ask_delete, key="delete", icon="delete"),
                MenuItem(tr("menu.back"), lambda: Pop(), key="back", icon="back")]

    def _ask_delete(self) -> Transition:
        return Push(ConfirmOverlay(self.context, self.context.tr("saves.confirm_delete",
                                                                 summary=describe_slot(self.context, self.info)),
                                   DeleteSlot(self.info.name), safe=True, yes_icon="delete"))

    def resume(self, result: SceneResult | None) -> Transition | None:
        match result:
            case DeleteSlot():
                return Pop(result)  # the question's Yes goes on down to the list
        return None


class HeldSlotOverlay(MenuOverlay):
    """A slot another window is playing: it stays that window's. Play a copy of it as last saved, choose
    another saved game, or go back."""

    side = 120

    def __init__(self, context: AppContext, name: str) -> None:
        self.name = name
        super().__init__(context, context.tr("saves.held_title"), top=360)

    def explanation(self) -> str:
        return self.context.tr("saves.held_explanation")

    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        return [MenuItem(tr("saves.play_copy"), lambda: Pop(PlayCopy(self.name)), key="copy", icon="keep"),
                MenuItem(tr("saves.other"), self._others, key="others", icon="log"),
                MenuItem(tr("menu.back"), lambda: Pop(), key="back", icon="back")]

    def _others(self) -> Transition:
        return Pop(OtherSlots(self.name))

