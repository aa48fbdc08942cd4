"""The Fredericus castle view: the ``GameView`` of ``scenes/playing/gameview.py`` for the falconers' game.

Each action is split into choices the player makes on the board — a row's end card then the row it goes to, a
raptor then its post, a tower for a bet — with the turn's ending, keeping the tokens and the choice of raptors
to hood offered as buttons. Step vocabulary (``Step = (kind, value)``):

``row`` a (the end card to move) → ``to_row`` b; ``raptor`` r → ``post`` p; ``hood`` p (the courtyard segment)
→ ``mask`` m when several sets of raptors could be hooded; ``capture`` r (a badge beyond the creature);
``flip`` row (its first card); ``seal`` row (its end card); ``tidy`` row (the first of the three cards moved);
``bet`` tower; ``token`` tower → ``token_to`` place (a tower or the centre), or just ``token_to`` for a token
in hand; ``end`` and ``stay`` buttons.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Literal

import pygame
from pygame import Vector2

from game.core.explanation import Explanation
from game.core.message import Message
from game.core.protocol import Seat
from game.fredericus.actions import (
    BET,
    CAPTURE,
    CARD,
    CENTRE,
    END,
    FLIP,
    HAND,
    HOOD,
    RAPTOR,
    SEAL,
    STAY,
    TIDY,
    TOKEN,
    raptor_kind,
    raptor_owner,
    raptors_in,
    raptors_of,
)
from game.fredericus.actions import Action as FredericusAction
from game.fredericus.cards import KINDS, ROW_CODES
from game.fredericus.explain import explain
from game.fredericus.narration import CARD_KEYS
from game.fredericus.state import FredericusState
from game.services.match import LogEntry
from scenes.context import AppContext
from scenes.fredericus import anim, draw, outlines, panels, preview
from scenes.fredericus import layout as geometry
from scenes.fredericus import why as fredericus_why
from scenes.fredericus.colours import seat_colours
from scenes.fredericus.looking import CARD_OF_STEP, STEP_KEYS, RowLook
from scenes.fredericus.preview import hood_masks
from scenes.fredericus.seat_cards import seat_cards
from scenes.fredericus.sprites import SPRITES
from scenes.kit import input as inp
from scenes.kit.animation import Animation
from scenes.kit.chooser import ActionChooser, Step
from scenes.kit.ui import ACCENT, DANGER, TEXT
from scenes.playing import why_note
from scenes.playing.gameview import BAR_AREA, BOARD_AREA
from scenes.playing.hud import Hud

FredericusStepKind = Literal["row", "to_row", "raptor", "post", "hood", "mask", "capture", "flip", "seal", "tidy",
                             "bet", "token", "token_to", "end", "stay"]  # the steps of the module's docstring
FredericusStep = Step[FredericusStepKind]
FredericusChooser = ActionChooser[FredericusState, FredericusAction, FredericusStepKind]
BUTTONS = ("end", "stay", "mask")
_BUTTON_ICONS = {"end": "end_turn", "stay": "pass", "mask": "hood"}
_STEP_OF: dict[str, FredericusStepKind] = {FLIP: "flip", SEAL: "seal", TIDY: "tidy", BET: "bet", CAPTURE: "capture",
                                           END: "end", STAY: "stay"}


class FredericusView:
    """Draws a Fredericus position and turns its actions into board choices; one per play scene."""

    previewed_kinds: frozenset[str] = frozenset()

    def __init__(self, context: AppContext) -> None:
        self.context = context
        self.input_device = "mouse"  # the device the prompts name (its prompts name none yet)
        self._layout_key: tuple[object, ...] | None = None
        self._layout: geometry.Layout | None = None
        self._secrets: frozenset[Seat] = frozenset()
        self._portraits: dict[tuple[object, ...], pygame.Surface] = {}
        self._look = RowLook()
        self._note: pygame.Rect | None = None  # the last drawing's box of an explanation's words

    @property
    def secrets_drawn(self) -> frozenset[Seat]:
        """The seats whose objectives the last ``draw_board`` or ``hud`` call showed while still secret."""
        return self._secrets

    def game_intent(self, kind: inp.GameIntent) -> bool:
        return False  # the castle has no overlay to show

    def playfield(self, state: FredericusState) -> pygame.Rect:
        """The castle has no border: the whole board."""
        return BOARD_AREA.copy()

    def pieces(self, state: FredericusState) -> list[pygame.Rect]:
        """The raptors on their posts."""
        layout = self.layout(state)
        return [layout.raptor_rect(raptor) for raptor in layout.raptors]

    def event_sound(self) -> str:
        """The end of the hunt triggered, or the game over: a raptor's cry, not the Falconi police's siren."""
        return "raptor_cry"

    def looked_at(self, state: FredericusState, intent: inp.Intent, chooser: FredericusChooser | None) -> Hashable:
        """The row card the player looks at (see ``scenes/fredericus/looking.py``), lifted whole out of its row
        in the next drawing."""
        game, layout = state, self.layout(state)
        self._look.follow(intent, game, layout, chooser)
        return self._look.pointer is None, self._look.lifted(game, layout, chooser)  # the focus leads, or the pointer

    def seat_cards(self, state: FredericusState) -> list[pygame.Rect]:
        """The boxes on the board (the deck, the turn, the legends, an explanation's words), kept clear as seat
        cards are: each falconer's own card is in the side panel."""
        return list(self.layout(state).panels) + ([] if self._note is None else [self._note])

    def announces(self, action: FredericusAction) -> bool:
        """A creature caught, a row flipped: the hunt's moments."""
        return action.kind in (CAPTURE, FLIP)

    def turn_warning(self, state: FredericusState, visible: frozenset[Seat]) -> Message | None:
        """A falconer's turn never begins with a warning."""
        return None

    def winning_moment(self, actions: Sequence[FredericusAction]) -> int:
        """The last capture (the hunt ends at the end of a round, often on a plain move), else the last action."""
        captures = [index for index, action in enumerate(actions) if action.kind == CAPTURE]
        return captures[-1] if captures else len(actions) - 1

    def explain(self, before: FredericusState, action: FredericusAction,
                after: FredericusState) -> tuple[Explanation, ...]:
        return explain(before, action, after)

    def layout(self, state: FredericusState) -> geometry.Layout:
        """The board geometry of the position, rebuilt only when a row's length or a raptor's place changes."""
        game = state
        key = _layout_facts(game)
        if self._layout is None or key != self._layout_key:
            self._layout = geometry.Layout(*key)
            self._layout_key = key
        return self._layout

    # --- choosing ---------------------------------------------------------------------------------------------
    def steps(self, state: FredericusState, action: FredericusAction) -> tuple[FredericusStep, ...]:
        kind, a, b = action
        if kind == CARD:
            return ("row", a), ("to_row", b)
        if kind == RAPTOR:
            return ("raptor", a), ("post", b)
        if kind == HOOD:  # the set of raptors is a separate choice only where there is one to make
            return (("hood", a),) if len(hood_masks(state, a)) == 1 else (("hood", a), ("mask", b))
        if kind == TOKEN:  # a token in hand goes straight to the tower clicked, as at the start
            return (("token_to", b),) if a == HAND else (("token", a), ("token_to", b))
        if kind in (END, STAY):
            return ((_STEP_OF[kind], 0),)
        return ((_STEP_OF[kind], a),)

    def is_button(self, step: FredericusStep) -> bool:
        return step[0] in BUTTONS

    def icon(self, step: FredericusStep) -> str:
        return _BUTTON_ICONS.get(str(step[0]), "")

    def option_rect(self, state: FredericusState, prefix: tuple[FredericusStep, ...],
                    step: FredericusStep) -> pygame.Rect:
        """Board hotspots; buttons get a place in the action bar too, as the chooser asks every option's rect."""
        game = state
        layout = self.layout(state)
        kind, value = step[0], int(step[1])
        if kind in BUTTONS:
            index = hood_masks(game, int(prefix[-1][1])).index(value) if kind == "mask" else 0
            return pygame.Rect(BAR_AREA.x, BAR_AREA.y + 44 * index, BAR_AREA.width, 40)
        if kind in ("row", "seal", "to_row", "flip", "tidy"):
            row = layout.rows[value]
            if kind == "to_row":
                return row.slot_rect()
            return row.card_rect(CARD_OF_STEP[kind](len(game.row(value))))
        if kind == "capture":
            return layout.rows[game.post_of(value)].badge_rect()
        if kind == "raptor":
            return layout.raptor_rect(value)
        if kind == "post":
            return layout.post_rect(value)
        if kind == "hood":
            return layout.segment_rect(value)
        if value == CENTRE:
            return layout.centre_rect()
        return layout.tower_rect(value)  # bet, token, token_to on a tower

    def label(self, state: FredericusState, step: FredericusStep) -> str:
        game = state
        tr = self.context.tr
        kind, value = step[0], int(step[1])
        if kind == "row":
            said = tr("fredericus.step.row", card=self._end_name(game, value), row=value)
            return said[:1].upper() + said[1:]  # German starts with the card: "Den Greif … verschieben"
        if kind == "to_row":
            return tr("fredericus.step.to_row", row=value)
        if kind == "raptor":
            return tr("fredericus.step.raptor", raptor=self._raptor_name(value), post=game.post_of(value))
        if kind == "post":
            return tr("fredericus.step.post", post=value)
        if kind == "hood":
            masks = hood_masks(game, value)
            if len(masks) == 1:
                return tr("fredericus.step.hood_one", raptors=self._raptor_list(masks[0]), post=value)
            return tr("fredericus.step.hood", post=value)
        if kind == "mask":
            count = min(value.bit_count(), 3)
            return tr(f"fredericus.step.mask.{count}", raptors=self._raptor_list(value))
        if kind == "capture":
            post = game.post_of(value)
            return tr("fredericus.step.capture", raptor=self._raptor_name(value), card=self._end_name(game, post),
                      tower=post)
        if kind == "tidy":
            cards = game.row(value)
            code = cards[-1] if cards else 0
            return tr(f"fredericus.step.tidy.{code}", row=value)
        if kind == "token":
            return tr("fredericus.step.token_tower", tower=value)
        if kind == "token_to":
            if value == CENTRE:
                return tr("fredericus.step.token_to_centre")
            return tr("fredericus.step.token_to_tower", tower=value)
        if kind == "end" and game.phase_name == "play" and game.extra_actions_left and not game.own_actions_left:
            return tr.plural("fredericus.step.end_unused", game.extra_actions_left)  # the extras are optional
        if kind in ("end", "stay"):
            return tr(f"fredericus.step.{kind}")
        return tr(f"fredericus.step.{kind}", row=value, tower=value)  # flip, seal, bet

    def has_secrets(self, state: FredericusState, seat: Seat) -> bool:
        """Every falconer holds a secret objective from the set-up on (R-2.4), until the final scoring shows
        them all (R-7.1)."""
        return not state.is_terminal() and seat in state.seats

    # --- names ----------------------------------------------------------------------------------------------
    def _colour(self, seat: Seat) -> str:
        return self.context.tr(f"fredericus.colour.{seat}")

    def _raptor_name(self, raptor: int) -> str:
        return self.context.tr(f"fredericus.raptor.{raptor_kind(raptor)}", colour=self._colour(raptor_owner(raptor)))

    def _raptor_list(self, mask: int) -> str:
        return self._join([self._raptor_name(raptor) for raptor in raptors_in(mask)])

    def _join(self, names: Sequence[str]) -> str:
        if len(names) <= 1:
            return "".join(names)
        return self.context.tr("fredericus.and", first=", ".join(names[:-1]), last=names[-1])

    def _end_name(self, game: FredericusState, row: int) -> str:
        """The row's end card as the object of a sentence, with its article ("la carte ciel", "den Greif"): the
        step's sentence says no "card" of its own, so a sky card is never "the sky card card"."""
        cards = game.row(row)
        return self.context.tr(f"card.{CARD_KEYS[cards[-1]]}.the") if cards else ""

    def _colours(self) -> draw.Palette:
        """The seat colours of the player's setting: the colour-blind-safe set can be chosen mid-game."""
        return seat_colours(self.context.settings.colour_blind)

    def _marks(self) -> tuple[str, ...]:
        """What each falconer's pieces carry besides their colour, in the player's language."""
        return draw.seat_marks([self._colour(seat) for seat in range(4)])

    def _shorts(self) -> list[str]:
        return [self.context.tr(f"fredericus.short.{code}") for code in range(KINDS + 1)]

    # --- the side panel -------------------------------------------------------------------------------------
    def hud(self, state: FredericusState, visible: frozenset[Seat]) -> Hud:
        """A card per falconer, two to a row: its points; whether it starts the rounds or keeps the objective
        deck; its tokens in hand, Fredericus and its objectives (face up only to its owner, and to all at the
        end); and on a line of their own the creatures it caught. The rest of the table (rows, the deck, the
        actions left) is on the board itself."""
        hud, self._secrets = seat_cards(state, visible, self.context.tr, self._colour)
        return hud

    def seat_colour(self, seat: Seat) -> tuple[int, int, int]:
        return self._colours()[seat]

    def picture(self, name: str, size: int) -> pygame.Surface:
        """``seat:N`` (the falconer's falcon and goshawk), ``token:N`` (a betting token), ``objective:back`` or
        ``objective:CODE``, ``creature:CODE`` (a creature caught), ``start`` (the start player's star) or
        ``keeper`` (the objective deck the deck keeper keeps)."""
        kind, _, value = name.partition(":")
        if kind == "start":
            return draw.start_star(size)
        if kind == "creature":
            return draw.card_image(self.context.text, int(value), (size, size), self._shorts())
        if kind == "keeper":
            return self._deck_picture(size)
        if kind == "token":
            coin = SPRITES.tinted("token", 0, self._colours()[int(value)])
            return SPRITES.tinted("token", 0, self._colours()[int(value)], size / coin.get_height())
        if kind == "seat":
            key = (name, size, self._colours())
            image = self._portraits.get(key)
            if image is None:
                image = self._portraits[key] = pygame.Surface((size, size), pygame.SRCALPHA)
                seat = int(value)
                for raptor, x in zip(raptors_of(seat), (0.32, 0.7)):
                    draw.paint_raptor(image, Vector2(size * x, size * 0.5), raptor, False, small=True,
                                      colours=self._colours())
            return image
        width = round(size * 0.75)
        code = None if value == "back" else int(value)
        return draw.card_image(self.context.text, code, (width, size), self._shorts(), objective=True)

    def _deck_picture(self, size: int) -> pygame.Surface:
        """Two objective cards face down, one a little behind the other: the deck."""
        key = ("keeper", size)
        image = self._portraits.get(key)
        if image is None:
            width = round(size * 0.7)
            back = draw.card_image(self.context.text, None, (width, size - 3), self._shorts(), objective=True)
            image = self._portraits[key] = pygame.Surface((width + 3, size), pygame.SRCALPHA)
            image.blit(back, (3, 0))
            image.blit(back, (0, 3))
        return image

    def animations(self, before: FredericusState, action: FredericusAction, after: FredericusState,
                   visible: frozenset[Seat]) -> list[Animation]:
        """See ``scenes/fredericus/anim.py``: pieces fly, slide and hop; nothing secret is ever shown, so
        ``visible`` changes nothing."""
        layouts = (geometry.Layout(*_layout_facts(before)), self.layout(after))
        return anim.build(before, action, after, layouts, self.look())

    def look(self) -> draw.Look:
        """The player's current text, letters, colours and marks, as the board and the animations use them."""
        return draw.Look(self.context.text, tuple(self._shorts()), self._colours(), self._marks())

    def draw_board(self, surface: pygame.Surface, state: FredericusState, chooser: FredericusChooser | None,
                   visible: frozenset[Seat], last: list[LogEntry], hidden: frozenset[str] = frozenset(),
                   final: FredericusState | None = None, why: Sequence[Explanation] = ()) -> None:
        """The board; pieces named in ``hidden`` (see ``scenes/fredericus/anim.py``) are left to an animation.
        With ``final``, the wedges tell the end of the game (hands, points, deck, status) over ``state``'s rows
        and pieces; ``why`` marks why the move that led to ``state`` mattered."""
        game = state
        layout = self.layout(state)
        look = self.look()
        draw.paint_castle(surface, layout, look.text)
        lifted = self._look.lifted(game, layout, chooser)
        if lifted is not None and anim.card(*lifted) in hidden:
            lifted = None
        for number, (row, cards) in enumerate(zip(layout.rows, game.rows())):
            gone = frozenset(index for index in range(len(cards))
                             if anim.card(number, index) in hidden or (number, index) == lifted)
            drawn = row.spread(lifted[1]) if lifted is not None and lifted[0] == number else row
            draw.paint_row(surface, look.text, drawn, cards, look.shorts, gone)
        focus_keys = STEP_KEYS.get(self.input_device) if self._look.pointer is None else None
        self._look.add_tips(game, layout, lifted, focus_keys)
        outlines.paint_last(surface, game, layout, last)
        marked = fredericus_why.draw_explanations(surface, layout, why)
        tokens = game.betting_tokens()
        centres = layout.token_centres(tokens)
        for token, (seat, place) in enumerate(tokens):
            if place != HAND and anim.token(token) not in hidden:
                draw.paint_token(surface, centres[token], seat, look.colours, look.marks[seat], look.text)
        shown = [(raptor, centre, small) for raptor, (centre, small) in layout.raptors.items()
                 if anim.raptor(raptor) not in hidden]
        for raptor, centre, small in shown:  # every bird first, then every mark: a neighbour hides none
            draw.paint_raptor(surface, centre, raptor, game.is_hooded(raptor), small, look.colours)
        for raptor, centre, small in shown:
            draw.paint_raptor_mark(surface, centre, raptor, small, look.colours, look.marks[raptor_owner(raptor)],
                                   look.text)
        outlines.paint_captures(surface, game, layout, look)
        self._paint_wedges(surface, game, final or state, chooser)
        self._note = why_note.draw_explained(surface, self.context.text, self.context.tr, why,
                                             self.playfield(state), [*marked, *self.pieces(state), *layout.panels])
        if chooser is not None:
            preview.paint_choices(self, surface, game, layout, chooser, look)
        if lifted is not None:  # last: whatever else lies near it, the card looked at shows whole
            number, index = lifted
            draw.paint_lifted(surface, look.text, layout.rows[number], game.row(number), index, look.shorts)

    def _paint_wedges(self, surface: pygame.Surface, game: FredericusState, summary: FredericusState,
                      chooser: FredericusChooser | None) -> None:
        """The deck, the status and the legends: the deck and turn of ``summary`` (the same position as the one
        drawn, or the game's end while the game over plays an earlier moment again)."""
        tr = self.context.tr
        text = self.context.text
        shorts = self._shorts()
        discarded = summary.discarded_objectives()
        discards = [(code, discarded.count(code)) for code in range(KINDS + 1) if code in discarded]
        notes = [tr("fredericus.board.deck"), tr("fredericus.board.seals_out", count=summary.seals_discarded),
                 self._fredericus_short(summary), tr("fredericus.board.discarded")]
        panels.paint_deck(surface, text, notes, summary.hidden_supply(), discards, shorts)
        focus = ""
        if chooser is not None and chooser.focused is not None:
            focus = self.label(game, chooser.focused)
        playing = summary.phase_name == "play"
        own, extra = (summary.own_actions_left, summary.extra_actions_left) if playing else (0, 0)
        panels.paint_status(surface, text, self._status_lines(summary), own, tr("fredericus.board.actions"), focus,
                            extra)
        names = [tr(f"fredericus.legend.{code}") for code in range(ROW_CODES)]
        pieces = [tr(f"fredericus.legend.{name}") for name in ("falcon", "goshawk", "hooded", "token", "talon", "last")]
        panels.paint_legend(surface, text, names, shorts, pieces, self._colours(), self._marks())

    def _fredericus_short(self, game: FredericusState) -> str:
        if game.fredericus_in_deck():
            return self.context.tr("fredericus.board.fredericus_deck")
        if game.fredericus_holder >= 0:
            return self.context.tr("fredericus.board.fredericus_held", name=self._colour(game.fredericus_holder))
        return self.context.tr("fredericus.board.fredericus_discarded")

    def _prompt(self, game: FredericusState) -> str:
        """Whose turn it is, to do what; an opening bet of two tokens says which of them is being placed."""
        name = self._colour(game.current_seat)
        tokens = game.tokens_of(game.current_seat)
        if game.phase_name == "bet" and len(tokens) > 1:
            placed = sum(place != HAND for place in tokens)
            return self.context.tr("fredericus.prompt.bet_of", name=name, n=placed + 1, total=len(tokens))
        return self.context.tr(f"fredericus.prompt.{game.phase_name}", name=name)

    def _status_lines(self, game: FredericusState) -> list[tuple[str, tuple[int, int, int]]]:
        tr = self.context.tr
        if game.is_terminal():
            winner = next(iter(game.outcome.winners)) if game.outcome else game.seats[0]
            return [(tr("fredericus.prompt.over", name=self._colour(winner)), ACCENT)]
        lines = [(tr("fredericus.board.round", round=game.round_number), TEXT), (self._prompt(game), TEXT)]
        if game.phase_name in ("play", "seal") and game.extra_actions_left:
            lines.append((tr.plural("fredericus.board.extra_optional", game.extra_actions_left), ACCENT))
        if game.trigger is not None:
            lines.append((tr("fredericus.info.last_round"), DANGER))
        return lines

def _layout_facts(game: FredericusState) -> tuple[tuple[int, ...], tuple[int, ...], frozenset[int], int,
                                                 tuple[int, ...]]:
    """What places the pieces: the rows' lengths, the raptors' posts, the hooded raptors, the player count and
    the turn order (the order of the falconers' cards in the side panel)."""
    return tuple(map(len, game.rows())), game.raptor_posts(), game.hooded_raptors(), game.players, tuple(game.seats)
