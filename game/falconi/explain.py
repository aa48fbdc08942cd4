"""Why a chase's moment happened, as :class:`game.core.explanation.Explanation` values the board draws: the road
a catch came by (F-5.4, F-6.4), the road out of an escape (F-3.5), the roads a blocked car still had and the
tiles that close them (F-5.5, F-6.5), what a Chili Bomb closed or cleared (F-5.4, F-5.5), a Chili Boost's road
and the block it smashed (F-6.6), and the counter that ended the chase (F-7.2, F-7.3). Worked out from the
rules' own answers (the drive's route, the catch's edge, the boost's steps), never from the screen."""

from __future__ import annotations

from game.core.explanation import Explanation
from game.core.message import Message
from game.falconi.actions import Action
from game.falconi.constants import ACTIVE, FUGITIVE, OUT, POLICE, ROUND_LIMIT
from game.falconi.network import drive_route
from game.falconi.queries import bomb_place, catch_place
from game.falconi.state import FalconiState
from game.falconi.tiles import EMPTY, EXITS


def explain(before: FalconiState, action: Action, after: FalconiState) -> tuple[Explanation, ...]:
    """The reasons to show for ``action``, played in ``before`` to give ``after``: what the action itself did
    (a catch, an escape, a bomb, a blast, a boost), then every car it left blocked, then a counter that ended
    the chase. Empty for an ordinary move."""
    found: list[Explanation] = []
    own = _own(before, action, after)
    if own is not None:
        found.append(own)
    knocked = set(_boosted_over(before, action)) if action.verb == "boost" else set()
    for seat in POLICE:
        if before.status[seat] == ACTIVE and after.status[seat] == OUT and seat not in knocked:
            found.append(closed_in(after, seat, "out"))
    outcome = after.outcome
    if outcome is not None and before.outcome is None:
        if outcome.termination == "fugitive_blocked":
            found.append(closed_in(after, FUGITIVE, "blocked"))
        elif outcome.termination == "tiles_out":
            found.append(Explanation("tiles_out", note=Message("why.falconi.tiles_out")))
        elif outcome.termination == "round_limit":
            found.append(Explanation("round_limit", note=Message.of("why.falconi.round_limit", round=ROUND_LIMIT,
                                                                     limit=ROUND_LIMIT)))
    return tuple(found)


def _own(before: FalconiState, action: Action, after: FalconiState) -> Explanation | None:
    """What the action did by itself, if it was one of the chase's turns."""
    verb, caught = action.verb, after.outcome is not None and after.outcome.termination == "catch"
    if verb in ("catch", "pass") and caught:  # F-5.4: the police car's drive, unanswered
        edge = action.edge if verb == "catch" else before.catch_edge
        return Explanation("catch", road=_catch_road(before, edge))
    if verb == "step":  # F-6.4: one tile, into his lane; F-3.5: out by an escape
        end = before.links[(before.cars[before.turn_seat] & ~3) + action.edge]
        if caught or (end < 0 and after.outcome is not None):
            kind = "catch" if caught else "escape"
            return Explanation(kind, road=(before.cars[before.turn_seat], end), slots=_slot(end))
        return None
    if verb == "drive" and action.slot >= 0:  # F-3.5: a Mode I drive out by an escape tile
        road = drive_route(before, before.drive_from, -(action.slot + 1)) or [before.drive_from]
        return Explanation("escape", road=tuple(road), slots=(action.slot,))
    if verb == "bomb":  # F-5.4: the road behind him closed, where the police car's route came in
        return Explanation("bomb", road=_catch_road(before, before.catch_edge), edges=(bomb_place(before),))
    if verb == "blast":  # F-5.5: the block he drove up to became a crater
        place = action.cell * 4 + action.edge
        road = drive_route(before, before.drive_from, place) or [place]
        return Explanation("blast", road=tuple(road), cells=(action.cell,))
    if verb == "boost":  # F-6.6: his road, the block it smashed, the cars it put out
        steps = before.boost_routes()[action.path]
        end = steps[-1].place
        return Explanation("boost", road=(before.cars[FUGITIVE], *(step.place for step in steps)),
                           cells=tuple(step.smashed for step in steps if step.smashed >= 0), slots=_slot(end))
    return None


def _catch_road(before: FalconiState, edge: int) -> tuple[int, ...]:
    """The police car's road to Don Falconi, entering his last tile by ``edge`` (F-5.4), ending in his lane."""
    place = catch_place(before, edge)
    route = drive_route(before, before.drive_from, place) or [place]
    return (*route, before.cars[FUGITIVE])


def _boosted_over(before: FalconiState, action: Action) -> list[int]:
    """The police cars a Chili Boost put out: overtaken or landed on in their own lane (F-6.6)."""
    landed = {step.place for step in before.boost_routes()[action.path]}
    return [seat for seat in POLICE if before.status[seat] == ACTIVE and before.cars[seat] in landed]


def _slot(end: int) -> tuple[int, ...]:
    return (-end - 1,) if end < 0 else ()


def closed_in(state: FalconiState, seat: int, kind: str) -> Explanation:
    """Why ``seat``'s car is blocked (F-5.5, F-6.5): every place its roads still lead to (``reach``; in Mode II
    turning round where a three-point turn would let it), and what closes each of them: tiles with no road
    towards it or a bombed edge (``cells``) and border slots with no escape (``slots``)."""
    board, closed, links = state._board, state._closed, state.links
    mode2 = state.variant.mode == 2
    place = state.cars[seat]
    tile = board[place >> 2]
    note = Message.of(f"why.falconi.{kind}", who=f"@seat.falconi.{seat}")
    if tile == EMPTY or closed[place] or not EXITS[tile][place & 3]:  # F-5.3: a tile with no road filled its end
        return Explanation(kind, cells=(place >> 2,), note=note)
    seen, stack = {place}, [place]
    cells: set[int] = set()
    slots: set[int] = set()
    while stack:
        here = stack.pop()
        entry, base = here & 3, here & ~3
        for edge in EXITS[board[here >> 2]][entry]:
            if mode2 and base + edge not in seen:  # a three-point turn: the same tile, facing back out
                seen.add(base + edge)
                stack.append(base + edge)
            ahead = links[base + edge]
            if ahead < 0:
                slots.add(-ahead - 1)
                continue
            ahead_tile = board[ahead >> 2]
            if ahead_tile != EMPTY and (closed[ahead] or not EXITS[ahead_tile][ahead & 3]):
                cells.add(ahead >> 2)
            elif ahead not in seen:
                seen.add(ahead)
                stack.append(ahead)
    return Explanation(kind, reach=tuple(sorted(seen)), cells=tuple(sorted(cells)), slots=tuple(sorted(slots)),
                       note=note)
