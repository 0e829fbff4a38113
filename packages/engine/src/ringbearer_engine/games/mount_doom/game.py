"""Adventure to Mount Doom as a :class:`ringbearer_engine.Game`: the protocol, nothing more.

The rules live in ``rules/``; this class lists the legal actions for the pending decision,
hands an action to the rule that carries it out, and answers the engine's questions.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING

from ringbearer_engine import Action, Chance, Event, Game, Outcome
from ringbearer_engine.catalogue import ActionCatalogue
from ringbearer_engine.events import DISCARDED
from ringbearer_engine.info import LENGTH_CAP

from . import catalogue as numbering
from . import rules
from .actions import (
    ACTION_TYPES,
    ADDS,
    CHOOSE_COLOUR,
    KEEPS,
    LEFT,
    PASS,
    RIGHT,
    ROLL_BLACK,
    ROLL_PAIRS,
    STEPS,
    Add,
    Choose,
    Keep,
    Pass,
    Roll,
    Spend,
    Use,
)
from .content import (
    BATTLE_DIE,
    BATTLE_FACES,
    BLACK_DIE,
    COLOURS,
    DECKS,
    FIGURE_BY_COLOUR,
    GANDALF_DECK,
    GANDALF_IDS,
    RALLY,
    RING_BEARER,
    deck_name,
)
from .events import SUMMARIES
from .explain import why_illegal
from .rules.cards import choose, pass_window, spend, use
from .rules.core import run
from .rules.encounters import wormtongue_targets
from .rules.stages import setup
from .rules.turn import add, keep, roll_final, roll_first
from .rules.windows import PURE_WINDOWS, WINDOW_CARDS, card_uses, spends
from .state import WON, Ask, MountDoomOptions, MountDoomState
from .value import estimated_win_chance
from .view import MountDoomView, prompt, view

if TYPE_CHECKING:
    from ringbearer_engine.game import BotFactory

_ = rules  # importing the package registers the task handlers
ROLLS = tuple(action for _, _, action in ROLL_PAIRS)
PURE = PURE_WINDOWS - {Ask.FACE}  # the Gandalf face offers spends, not card uses
VISION_CHOICES = [Choose("keep"), Choose("remove")]
# The dice decisions as module globals: Python 3.11 caches a global's lookup, not a class's.
_START, _KEEP1, _ADD, _KEEP2 = Ask.START, Ask.KEEP1, Ask.ADD, Ask.KEEP2


_SIX_FACES = frozenset(str(face) for face in range(1, 7))
_CHANCE_FACES: Mapping[str, frozenset[str]] = {
    BLACK_DIE: _SIX_FACES,
    **dict.fromkeys(COLOURS, _SIX_FACES),
    BATTLE_DIE: frozenset(BATTLE_FACES),
    GANDALF_DECK: frozenset(GANDALF_IDS),
    **{deck_name(stage): frozenset(deck) for stage, deck in enumerate(DECKS)},
}


@functools.cache
def _keep1_options(black1: int, black2: int, die1: str, die2: str) -> tuple[Action, ...]:
    """Keep either black die (once if both show the same) with either companion die."""
    blacks = (black1,) if black1 == black2 else (black1, black2)
    figures = (FIGURE_BY_COLOUR[die1], FIGURE_BY_COLOUR[die2])
    return tuple(KEEPS[v, f] for v in blacks for f in figures)


@functools.cache
def _keep2_options(black: int, die1: str, die2: str) -> tuple[Action, ...]:
    """Keep the black die with either companion die of the second roll."""
    return (KEEPS[black, FIGURE_BY_COLOUR[die1]], KEEPS[black, FIGURE_BY_COLOUR[die2]])


@functools.cache
def _add_options(kept: int, spare: int) -> tuple[Action, ...]:
    """The companion dice neither kept on side 1 nor waiting to be rolled again."""
    return tuple(ADDS[f] for f in range(5) if f not in (kept, spare))


class MountDoomGame(Game[MountDoomState]):
    id = "mount-doom"
    title = "Adventure to Mount Doom"
    min_players = 1
    max_players = 4
    default_players = 2
    cooperative = True
    private_information = False
    max_game_length = LENGTH_CAP  # no proven bound: the adapters' cap (rb.info)
    state_type = MountDoomState
    options_type = MountDoomOptions
    action_types = ACTION_TYPES
    state_version = 1

    def setup(
        self, players: tuple[str, ...], options: MountDoomOptions, chance: Chance
    ) -> MountDoomState:
        return setup(players, options, chance)

    def actions(self, state: MountDoomState) -> list[Action]:
        if state.result:
            return []
        ask = state.pending
        # The dice decisions come four times a turn: their options are looked up, not built.
        if ask == _START:
            found: list[Action] = list(ROLLS)
        elif ask == _KEEP1:
            rolled, dice = state.rolled, state.rolled_dice
            found = list(_keep1_options(rolled[0], rolled[1], dice[2], dice[3]))
        elif ask == _ADD:
            return list(_add_options(state.tray_figure[0], state.spare))
        elif ask == _KEEP2:
            dice = state.rolled_dice
            found = list(_keep2_options(state.rolled[0], dice[1], dice[2]))
        else:
            return self._other_actions(state, ask)
        if not WINDOW_CARDS[ask].isdisjoint(state.held):
            found += card_uses(state, ask)
        return found

    def _other_actions(self, state: MountDoomState, ask: int) -> list[Action]:
        if ask in PURE:
            return [PASS, *card_uses(state, ask)]
        if ask == Ask.FINAL_START:
            return [ROLL_BLACK, *card_uses(state, ask)]
        if ask == Ask.FACE:
            return [PASS, *spends(state)]
        if ask == Ask.SYMBOL:
            return list(STEPS)
        if ask == Ask.ARMY:
            return [LEFT, RIGHT]
        if ask == Ask.DENETHOR:
            return [CHOOSE_COLOUR[f] for f in state.tray_figure]
        if ask == Ask.WORMTONGUE:
            return [Choose(card) for card in dict.fromkeys(wormtongue_targets(state))]
        if ask == Ask.SUPPORT:
            movable = [
                CHOOSE_COLOUR[f]
                for f in range(5)
                if state.pos[f] != RALLY and (f != RING_BEARER or not state.stage_done)
            ]
            return movable + card_uses(state, ask)
        if ask == Ask.VISION:
            return list(VISION_CHOICES)
        return []  # pragma: no cover - every pending decision is listed above

    def apply(self, state: MountDoomState, action: Action) -> list[Event]:
        events: list[Event] = []
        self.advance(state, action, events)
        return events

    def advance(
        self, state: MountDoomState, action: Action, events: list[Event] = DISCARDED
    ) -> None:
        """Carry out ``action``; its events go to ``events`` (``apply`` passes a list to
        return), by default nowhere. One method for both, so that simulations, which call
        this once a step, pay for no second call."""
        kind = type(action)
        if kind is Keep:
            keep(state, action, events)  # type: ignore[arg-type]
        elif kind is Roll:
            if state.pending == Ask.FINAL_START:
                roll_final(state, events)
            else:
                dice = action.dice  # type: ignore[attr-defined]
                roll_first(state, FIGURE_BY_COLOUR[dice[0]], FIGURE_BY_COLOUR[dice[1]], events)
        elif kind is Add:
            add(state, action, events)  # type: ignore[arg-type]
        elif kind is Pass:
            pass_window(state, events)
        elif kind is Use:
            use(state, action, events)  # type: ignore[arg-type]
        elif kind is Choose:
            choose(state, action, events)  # type: ignore[arg-type]
        elif kind is Spend:
            spend(state, action, events)  # type: ignore[arg-type]
        run(state, events)

    def to_move(self, state: MountDoomState) -> int | None:
        return None if state.result else state.seat

    def outcome(self, state: MountDoomState) -> Outcome | None:
        if not state.result:
            return None
        winners = tuple(range(len(state.players))) if state.result == WON else ()
        return Outcome(winners, state.result, SUMMARIES[state.result])

    def view(self, state: MountDoomState, seat: int | None) -> MountDoomView:
        return view(state, seat)

    def prompt(self, state: MountDoomState) -> str:
        return prompt(state)

    def why_illegal(self, state: MountDoomState, action: Action) -> str | None:
        return why_illegal(self, state, action)

    def determinize(
        self, state: MountDoomState, seat: int | None, chance: Chance
    ) -> MountDoomState:
        """Re-deal what nobody has seen: face-down row cards with this stage's boxed seventh
        card, the Gandalf stack with the Gandalf cards boxed unseen, and a Vision deck's rest.
        Later stages' decks are shuffled only when laid out, so fresh chance covers them."""
        copy = self.clone(state)
        copy.chance = chance
        slots = [s for s in range(6) if copy.row[s] and not copy.up[s] and s != copy.known_slot]
        pool = [copy.row[s] for s in slots]
        under = bool(copy.army_under) and not copy.army_under_up
        if under:
            pool.append(copy.army_under)
        if copy.seventh:
            pool.append(copy.seventh)
        if len(pool) > 1:
            dealt = chance.shuffle("redeal", pool)
            for s in slots:
                copy.row[s] = dealt.pop(0)
            if under:
                copy.army_under = dealt.pop(0)
            if copy.seventh:
                copy.unseen[copy.unseen.index(copy.seventh)] = dealt[0]
                copy.seventh = dealt[0]
        lost = [c for c in copy.unseen if c in GANDALF_IDS]
        if lost and copy.gandalf_stack:
            mixed = chance.shuffle("redeal-gandalf", copy.gandalf_stack + lost)
            size = len(copy.gandalf_stack)
            copy.gandalf_stack = sorted(mixed[:size])
            others = [c for c in copy.unseen if c not in GANDALF_IDS]
            copy.unseen = others + mixed[size:]
        if len(copy.next_deck) > 2:
            copy.next_deck = copy.next_deck[:1] + chance.shuffle("redeal", copy.next_deck[1:])
        return copy

    def turn_number(self, state: MountDoomState) -> int:
        return state.turn

    def evaluate(self, state: MountDoomState, seat: int) -> float:
        """A fitted model's estimate; the game is cooperative, so every seat shares it."""
        return estimated_win_chance(state)

    def chance_faces(self) -> Mapping[str, Collection[str]]:
        return _CHANCE_FACES

    def action_catalogue(self) -> ActionCatalogue:
        return numbering.action_catalogue()

    def bots(self) -> dict[str, BotFactory]:
        from .bots import HeuristicBot

        return {"heuristic": HeuristicBot}
