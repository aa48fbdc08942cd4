"""The Falconi board view: each legal action split into the choices a player makes on the board, where each
choice sits on screen, the city drawn with the options and the focused one's preview (ghost tile, the route a
drive would take, CATCH!/ESCAPE! before it is played), and the side panel's lines. What Don Falconi hides in
Mode II (F-6.2, F-6.6) is drawn only for the seats in ``visible``. The previews are drawn by
:mod:`scenes.falconi.preview` and the panel's lines written by :mod:`scenes.falconi.panel`. The animations of
each move are made by :mod:`scenes.falconi.anim`; while they run, the board leaves out the pieces they draw
(``car:SEAT``, ``cell:N``, ``slot:N``, ``edge:PLACE``, ``strip:N``).

The steps of each action are those of :mod:`scenes.falconi.steps`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pygame

from game.core.errors import GameError
from game.core.explanation import Explanation
from game.core.message import Message
from game.core.protocol import Seat
from game.falconi.actions import Action as FalconiAction
from game.falconi.city import cell_of, edge_of
from game.falconi.constants import ANSWER, FUGITIVE, OUT, POLICE
from game.falconi.explain import explain
from game.falconi.mode2 import ACTIONS_PER_TURN
from game.falconi.queries import Way, step_end, turn_place
from game.falconi.state import FalconiState
from game.services.match import LogEntry
from scenes.context import AppContext
from scenes.falconi import anim as falconi_anim
from scenes.falconi import draw, panel, preview, sprites, tags
from scenes.falconi import why as falconi_why
from scenes.falconi.colours import seat_colours
from scenes.falconi.danger import DANGER as DANGER_INTENT
from scenes.falconi.danger import DangerOverlay
from scenes.falconi.frame import draw_frame
from scenes.falconi.preview import DRIVE_ENDS
from scenes.falconi.steps import (
    ACCOMPLICE,
    BUTTONS,
    FalconiChooser,
    FalconiStep,
    StepMaker,
    drive_goal,
    hand_tiles,
    icon,
    is_button,
    label,
)
from scenes.falconi.steps import shout as shout_of
from scenes.kit import input as inp
from scenes.kit import tooltip
from scenes.kit.animation import Animation
from scenes.kit.surface_cache import SurfaceCache
from scenes.kit.ui import DANGER, GOOD
from scenes.playing import why_note
from scenes.playing.gameview import BAR_AREA, BOARD_AREA
from scenes.playing.hud import Hud

ANNOUNCED = frozenset({"bomb", "boost", "catch", "blast", "escape", "accomplice"})


class FalconiView:
    """The :class:`scenes.playing.gameview.GameView` of Catch Don Falconi."""

    previewed_kinds = frozenset({"tile"})  # a tile in hand shows where it may go before it is taken

    def __init__(self, context: AppContext) -> None:
        self.context = context
        self.input_device = "mouse"  # the device the prompts name: mouse, keyboard or pad (set by the play scene)
        self._geometries: dict[int, draw.Geometry] = {}
        self._frame: tuple[tuple[int, str, bool], pygame.Surface] | None = None
        size = (BOARD_AREA.right, BOARD_AREA.bottom)
        self._overlay = pygame.Surface(size, pygame.SRCALPHA)
        self._ghosts = pygame.Surface(size, pygame.SRCALPHA)
        self._board_secrets: frozenset[Seat] = frozenset()
        self._info_secrets: frozenset[Seat] = frozenset()
        self._pictures = SurfaceCache("Falconi HUD pictures", 2)
        self._maker = StepMaker()
        self.danger = DangerOverlay(context.settings.hints, self.steps)  # D toggles it
        self._note: pygame.Rect | None = None  # the last drawing's box of an explanation's words

    def looked_at(self, state: FalconiState, intent: inp.Intent, chooser: FalconiChooser | None) -> None:
        """Every Falconi tile and car shows whole: looking lifts nothing."""
        return None

    def game_intent(self, kind: inp.GameIntent) -> bool:
        if kind != DANGER_INTENT:
            return False
        self.danger.toggle()
        return True

    def playfield(self, state: FalconiState) -> pygame.Rect:
        """The grid of cells, inside the ring of border slots."""
        frame, cs = self._geometry(state).frame, self._geometry(state).cs
        return frame.inflate(-2 * cs, -2 * cs)

    def pieces(self, state: FalconiState) -> list[pygame.Rect]:
        """The cars on the board."""
        geometry = self._geometry(state)
        return [geometry.place_rect(place) for place in state.cars if place >= 0]

    def event_sound(self) -> str:
        """A police car put out, Don Falconi blocked, the chase over: a siren."""
        return "siren"

    def seat_cards(self, state: FalconiState) -> list[pygame.Rect]:
        """The seats' cards are in the side panel's HUD: only the box of an explanation's words, where the board
        shows one (see :mod:`scenes.playing.why_note`)."""
        return [] if self._note is None else [self._note]

    def announces(self, action: FalconiAction) -> bool:
        """A Chili Bomb or Boost, a catch, a blast, an escape tile laid, the accomplice called: the chase's turns."""
        return action.verb in ANNOUNCED

    def turn_warning(self, state: FalconiState, visible: frozenset[Seat]) -> Message | None:
        """A Diavola Don Falconi whose one way on is a block to smash this turn (F-6.5): told to him alone, since
        his accomplice's district may be what decides it."""
        if state.must_smash and FUGITIVE in visible and state.current_seat == FUGITIVE:
            return Message("falconi.info.must_smash")
        return None

    def winning_moment(self, actions: Sequence[FalconiAction]) -> int:
        """The last action: a chase is always decided by its last move (a catch, an escape, a block…)."""
        return len(actions) - 1

    @property
    def secrets_drawn(self) -> frozenset[Seat]:
        return self._board_secrets | self._info_secrets

    def has_secrets(self, state: FalconiState, seat: Seat) -> bool:
        return state.hides_hand(seat)

    # --- steps (scenes.falconi.steps) --------------------------------------------------------------------
    def steps(self, state: FalconiState, action: FalconiAction) -> tuple[FalconiStep, ...]:
        return self._maker.steps(state, action)

    def way_after(self, state: FalconiState, placement: FalconiAction) -> Way:
        return self._maker.way_after(state, placement)

    def is_button(self, step: FalconiStep) -> bool:
        return is_button(step)

    def icon(self, step: FalconiStep) -> str:
        return icon(step)

    def option_rect(self, state: FalconiState, prefix: tuple[FalconiStep, ...], step: FalconiStep) -> pygame.Rect:
        geometry = self._geometry(state)
        kind, value = step[0], step[1]
        car = state.cars[state.turn_seat]
        if kind == "tile":
            index = next((i for i, tile in enumerate(hand_tiles(state)) if tile.value == value), 0)
            return geometry.strip_rect(index)
        if kind in ("cell", "rot"):
            cell = value if kind == "cell" else next((v for k, v in prefix if k == "cell"), cell_of(car))
            return geometry.cell_rect(cell)  # the rotations of a tile share its cell
        if kind in DRIVE_ENDS:
            end = drive_goal(state, step)
            if end < 0:
                return geometry.slot_rect(-end - 1)
            return geometry.place_area(end, self._ends_in(state, cell_of(end)))
        if kind == "slot":
            return geometry.slot_rect(value)
        if kind == "step":
            nxt = step_end(state, value)
            return geometry.slot_rect(-nxt - 1) if nxt < 0 else geometry.cell_rect(cell_of(nxt))
        if kind == "turn":
            return geometry.place_rect(turn_place(state, value))
        if kind == "boost":
            return self._boost_rect(state, geometry, value)
        # Buttons are laid out by the play scene; an empty rect in the bar keeps the arrows' focus moves sane.
        index = BUTTONS.index(value) if value in BUTTONS else len(BUTTONS)
        return pygame.Rect(BAR_AREA.x + 40 + index * 80, BAR_AREA.y + 20, 0, 0)

    def label(self, state: FalconiState, step: FalconiStep) -> str:
        caught = self.danger.caught_by(self.context.tr, state, step)  # a stop in danger says who could catch him
        return label(self.context.tr, self.input_device, state, step) + (" · " + caught if caught else "")

    @staticmethod
    def _boost_rect(state: FalconiState, geometry: draw.Geometry, path: tuple[int, ...]) -> pygame.Rect:
        """The end of the boost's route; routes ending at the same place share its hotspot, side by side."""
        routes = state.boost_routes()
        if path not in routes:
            return geometry.cell_rect(cell_of(state.cars[FUGITIVE]))
        end = routes[path][-1].place
        base = geometry.slot_rect(-end - 1) if end < 0 else geometry.place_rect(end)
        same = sorted(p for p, steps in routes.items() if steps[-1].place == end)
        count, index = len(same), same.index(path)
        if base.width >= base.height:
            width = base.width // count
            return pygame.Rect(base.x + index * width, base.y, width, base.height)
        height = base.height // count
        return pygame.Rect(base.x, base.y + index * height, base.width, height)

    def _ends_in(self, state: FalconiState, cell: int) -> set[int]:
        """The entry edges of the Mode I drives, catches and blasts on offer that end in ``cell``: they share
        it as their hotspots, so a click anywhere in the cell chooses one (see ``Geometry.place_area``)."""
        ends = (drive_goal(state, self.steps(state, action)[0]) for action in state.legal_actions()
                if action.verb in ("drive", "catch", "blast"))
        return {edge_of(end) for end in ends if end >= 0 and cell_of(end) == cell}

    def _mark(self, state: FalconiState, prefix: tuple[FalconiStep, ...], option: FalconiStep) -> pygame.Rect:
        """Where an option is drawn: a drive's end in a cell by its entry edge, where the car would stand, within
        its share of the cell (a click anywhere in that share chooses it); any other option over its hotspot."""
        hotspot = self.option_rect(state, prefix, option)
        if option[0] in DRIVE_ENDS:
            end = drive_goal(state, option)
            if end >= 0:
                return self._geometry(state).place_rect(end).clip(hotspot)
        return hotspot

    # --- drawing -------------------------------------------------------------------------------------------
    def animations(self, before: FalconiState, action: FalconiAction, after: FalconiState,
                   visible: frozenset[Seat]) -> list[Animation]:
        return falconi_anim.animations(self._stage(before, after, visible), before, action, after)

    def _stage(self, before: FalconiState, after: FalconiState, visible: frozenset[Seat]) -> falconi_anim.Stage:
        """What the animations of a move draw with; the strip's new tiles are told apart by what the seats at
        the screen see of the strip before and after, so a face-down tile's animation shows nothing more."""
        strip = self._strip_items(after, visible)
        if before.turn_seat == after.turn_seat:
            old = self._strip_items(before, visible)
            new = [index for index, item in enumerate(strip) if index >= len(old) or old[index] != item]
        else:  # a new turn: only a tile just drawn comes in
            new = [0] if after.tile_just_drawn() is not None else []
        return falconi_anim.Stage(self._geometry(after), self.context.text, self._colours(), self._letters(),
                                  tuple(strip), tuple(new))

    @staticmethod
    def _strip_items(state: FalconiState, visible: frozenset[Seat]) -> list[int | None]:
        """The strip's tiles as the seats in ``visible`` see them: an item, or ``None`` face down."""
        return [None if tile.secret and FUGITIVE not in visible else tile.item for tile in hand_tiles(state)]

    def draw_board(self, surface: pygame.Surface, state: FalconiState, chooser: FalconiChooser | None,
                   visible: frozenset[Seat], last: list[LogEntry], hidden: frozenset[str] = frozenset(),
                   final: FalconiState | None = None, why: Sequence[Explanation] = ()) -> None:
        """The city, the strip and the cars of ``state``, and ``why`` its last move mattered. The board tells
        nothing of the game as a whole, and a chase's winning moment is its last move, so ``final`` changes
        nothing here."""
        geometry = self._geometry(state)
        surface.blit(self._frame_image(geometry), BOARD_AREA.topleft, area=BOARD_AREA)
        draw.draw_position(surface, geometry, state.board, state.closed, state.escapes, self._colours(),
                           self._letters(), self.context.text, hidden, escape_tiles=state.variant.escapes)
        turned = preview.placing(self, state, chooser) if chooser is not None else None
        secrets = self._draw_strip(surface, state, geometry, visible, hidden, turned)
        self.danger.draw_lanes(surface, geometry, state, chooser is not None)
        overlay = self._overlay
        overlay.fill((0, 0, 0, 0))
        self._draw_last(overlay, state, geometry, last)
        if chooser is not None:
            self._draw_options(overlay, state, chooser)
        surface.blit(overlay, BOARD_AREA.topleft, area=BOARD_AREA)
        if chooser is not None:
            preview.draw_preview(self, surface, self._ghosts, state, geometry, chooser)
        if state.phase == ANSWER:
            preview.draw_threat(self, surface, state, geometry,
                                chooser is not None and chooser.focused == ("button", "bomb"))
        falconi_why.draw_explanations(surface, overlay, geometry, state, why)
        movers = {entry.seat for entry in last}
        escaped = state.outcome is not None and state.outcome.termination == "escape"  # gone with his accomplice
        cars = [(seat, state.cars[seat], self.context.tr(f"falconi.car.{seat}"), state.status[seat] == OUT,
                 seat in movers) for seat in (*POLICE, FUGITIVE) if state.cars[seat] >= 0
                and not (seat == FUGITIVE and escaped)]
        draw.draw_cars(surface, geometry, self.context.text, cars, self._colours(), hidden)
        if chooser is not None:  # over the cars: the tile being placed is never hidden by the car on its cell
            secrets |= preview.draw_ghosts(self, surface, state, geometry, chooser, visible)
        if chooser is not None:
            # Two roads to the same catch: their tags stand apart, inside the grid (off the border's captions)
            # and off the cars, whose letters must still be read.
            prefix, taken = tuple(chooser.prefix), list[pygame.Rect]()
            shouts = [(self._mark(state, prefix, option), shout) for option in chooser.options
                      if (shout := shout_of(state, option))]
            marks = [mark for mark, _ in shouts]
            for mark, shout in shouts:
                tags.tag(surface, self.context.text, self.context.tr(f"falconi.tag.{shout}"), mark,
                         DANGER if shout == "catch" else GOOD, taken, [*self.pieces(state), *marks],
                         self.playfield(state), tags.ROOM)
            self.danger.draw_sirens(surface, state, chooser.options,
                                    lambda option: self._mark(state, tuple(chooser.prefix), option))
        self._note = why_note.draw_explained(surface, self.context.text, self.context.tr, why,
                                             self.playfield(state), self.pieces(state))
        self._board_secrets = frozenset(secrets)

    def explain(self, before: FalconiState, action: FalconiAction, after: FalconiState) -> tuple[Explanation, ...]:
        return explain(before, action, after)

    def _geometry(self, state: FalconiState) -> draw.Geometry:
        geometry = self._geometries.get(id(state.city))
        if geometry is None or geometry.city is not state.city:
            geometry = self._geometries[id(state.city)] = draw.Geometry(state.city)
        return geometry

    def _colours(self) -> draw.Palette:
        """The seat colours of the player's setting: the colour-blind-safe set can be chosen mid-game."""
        return seat_colours(self.context.settings.colour_blind)

    def _letters(self) -> tuple[str, ...]:
        """The cars' letters, which the districts of the police cars carry too."""
        return tuple(self.context.tr(f"falconi.car.{seat}") for seat in range(4))

    def _frame_image(self, geometry: draw.Geometry) -> pygame.Surface:
        """The grid and border ring, drawn once per city, language and palette."""
        key = (id(geometry.city), self.context.tr.language, self.context.settings.colour_blind)
        if self._frame is None or self._frame[0] != key:
            image = pygame.Surface((BOARD_AREA.right, BOARD_AREA.bottom))
            tr = self.context.tr
            labels = {"prison": tr("falconi.board.prison"), "police": tr("falconi.board.police"),
                      "tunnel": tr("falconi.board.tunnel", slot="{slot}")}
            draw_frame(image, geometry, self.context.text, labels, self._colours(), self._letters())
            self._frame = (key, image)
        return self._frame[1]

    def _draw_strip(self, surface: pygame.Surface, state: FalconiState, geometry: draw.Geometry,
                    visible: frozenset[Seat], hidden: frozenset[str],
                    turned: tuple[int, int, int] | None = None) -> set[Seat]:
        """The tiles in hand of the car whose turn it is, face down where they are secret, the one being placed
        (``turned``: its kind, cell and rotation) turned as on the board; returns the seats whose secrets were
        shown."""
        tr = self.context.tr
        tiles, shown = [], set()
        for index, (tile, item) in enumerate(zip(hand_tiles(state), self._strip_items(state, visible))):
            shown |= {FUGITIVE} if tile.secret and item is not None else set()
            rotation = turned[2] if turned is not None and item == turned[0] else 0
            tiles.append(draw.StripTile(item, tr(tile.caption), rotation))
            tooltip.add(geometry.strip_rect(index), panel.strip_tip(item, tile.value == ACCOMPLICE))
        counters = []
        if state.variant.mode == 2 and state.outcome is None:
            counters.append(draw.Counter(tr("falconi.board.actions"), ACTIONS_PER_TURN, state.actions_left, draw.ROUTE,
                                         tip="tips.falconi.actions"))
        if state.variant.boosts:
            counters.append(draw.Counter(tr("falconi.board.boosts"), state.variant.boosts, state.boosts, DANGER,
                                         "boost", "tips.falconi.boosts"))
        if state.variant.bombs:
            counters.append(draw.Counter(tr("falconi.board.bombs"), state.variant.bombs, state.bombs, DANGER,
                                         "bomb", "tips.falconi.bombs"))
        draw.draw_strip(surface, geometry, self.context.text, tr(f"seat.falconi.{state.turn_seat}"),
                        self._colours()[state.turn_seat], tiles, counters,
                        tr("falconi.board.pile", count=state.hidden_supply()), self._colours(), self._letters(), hidden)
        return shown

    def _draw_last(self, overlay: pygame.Surface, state: FalconiState, geometry: draw.Geometry,
                   last: list[LogEntry]) -> None:
        """Outline the cells and slots the last turn's actions touched (its cars get a ring)."""
        for entry in last:
            try:
                action = state.parse_action(entry.text)
            except GameError:
                continue  # not a Falconi action: nothing to show
            if action.verb in ("place", "blast") or (action.verb == "drive" and action.slot < 0):
                rect = geometry.cell_rect(action.cell)
            elif action.slot >= 0:
                rect = geometry.slot_rect(action.slot)
            else:
                continue
            pygame.draw.rect(overlay, (*draw.LAST_MOVE, 220), rect.inflate(-2, -2), width=3, border_radius=5)

    def _draw_options(self, overlay: pygame.Surface, state: FalconiState, chooser: FalconiChooser) -> None:
        """Every board option tinted, the focused one strongly; the tile in hand being placed stays marked."""
        chosen = [step for step in chooser.prefix if step[0] == "tile"]
        if chosen:
            rect = self.option_rect(state, (), chosen[0]).inflate(8, 8)
            pygame.draw.rect(overlay, (255, 255, 255, 255), rect, width=3, border_radius=4)
        for _step, cell in chooser.behind():  # where the focused tile in hand may go: a click there lays it
            pygame.draw.rect(overlay, (*draw.ROUTE, 170), cell.inflate(-8, -8), width=3, border_radius=6)
        for option in chooser.options:
            if self.is_button(option):
                continue
            rect = self._mark(state, tuple(chooser.prefix), option)
            focused = option == chooser.focused
            draw.highlight(overlay, rect.inflate(8, 8) if option[0] == "tile" else rect, focused,
                           fill=not (focused and option[0] in ("cell", "rot")))  # keep the ghost tile clear
            hotspot = chooser.rect(option)
            if focused and rect != hotspot:  # a drive's end: outline the share of its cell that a click takes
                pygame.draw.rect(overlay, (*draw.ROUTE, 200), hotspot.inflate(-4, -4), width=2, border_radius=5)

    # --- the side panel ------------------------------------------------------------------------------------
    def hud(self, state: FalconiState, visible: frozenset[Seat]) -> Hud:
        hides = self.has_secrets(state, FUGITIVE) and FUGITIVE not in visible
        shown = panel.hud(self.context.tr, state, hides)
        secret = self.has_secrets(state, FUGITIVE) and not hides
        self._info_secrets = frozenset({FUGITIVE}) if secret else frozenset()
        return replace(shown, notes=shown.notes + tuple(self.danger.legend(self.context.tr, state)))

    def seat_colour(self, seat: Seat) -> tuple[int, int, int]:
        return self._colours()[seat]

    def picture(self, name: str, size: int) -> pygame.Surface:
        """``seat:N`` (the car, upright), ``token:bomb``… (a Chili token), ``tile:back``, ``tile:ITEM``."""
        key = (name, size, self._colours(), self.context.tr.language)
        image = self._pictures.get(key)
        if image is None:
            image = self._pictures.put(key, self._picture(name, size))
        return image

    def _picture(self, name: str, size: int) -> pygame.Surface:
        kind, _, value = name.partition(":")
        if kind == "token":
            return sprites.image(sprites.ITEMS, value, size)
        image = pygame.Surface((size, size), pygame.SRCALPHA)
        if kind == "seat":
            seat = int(value)
            draw.draw_car(image, round(size * 1.8), (size / 2, size / 2), 90.0, seat, self._colours()[seat],
                          self._letters()[seat], self.context.text)
        elif value == "back":
            draw.tile_back(image, image.get_rect(), self.context.text)
        else:
            draw.draw_strip_tile(image, image.get_rect(), int(value), self.context.text, self._colours(),
                                 self._letters())
        return image
